"""The computer players as the app uses them: made by ``engine.ai``, thinking in a pool of
worker processes.

The import of ``engine.ai`` happens when a bot is first needed, so the rest of the app (and
its tests) load without it. Every bot of a game is seeded from the deal number and its seat;
a bot's decision depends only on its seed and the view it is shown, so the same position gets
the same answer in any process and after a page refresh.

Where the thinking happens (the Streamlit server is one Python process: CPU-bound work in it
holds every session, so the slow work goes to other processes):

- :func:`think` — a **strong** player's decision is made in the *decision pool* (worker
  processes, ``MOON_WORKERS`` of them: default one per CPU core; ``0`` thinks in the calling
  process, as the AppTests do). A **basic** or **random** player's decision costs a few
  milliseconds, less than a trip to a worker, so it is made here and never queues behind a
  strong player's search.
- :func:`background` / :func:`offload` — slow work no computer player's move waits for (a
  hand review, the Bidding lab's simulations) runs in the *background pool*:
  ``MOON_BACKGROUND_WORKERS`` processes (default 1; ``0``: in the calling process) at a
  lower CPU priority (``nice`` +10), so it never sits in front of a decision.
- :func:`submit` — other work a page waits for (loading the course and the puzzles at
  start-up) goes to the decision pool, at normal priority.
"""

from __future__ import annotations

import multiprocessing
import os
import threading
from collections import OrderedDict
from collections.abc import Callable
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, Protocol

from engine import Action, PlayerView

__all__ = [
    "QUICK_LEVELS",
    "BotFactory",
    "Decider",
    "background",
    "background_workers",
    "bot_seed",
    "decision_action",
    "default_factory",
    "level_label",
    "offload",
    "shutdown_pool",
    "submit",
    "think",
    "warm_pool",
    "workers",
]

#: Levels whose decisions are cheap enough to make in the calling process (see :func:`think`).
QUICK_LEVELS = frozenset({"basic", "random"})

#: What the app calls each computer level.
LEVEL_LABELS = {"random": "random", "basic": "basic", "strong": "strong"}


class Decider(Protocol):
    """The part of ``engine.ai``'s bot the app uses."""

    def decide(self, view: PlayerView) -> Any: ...


BotFactory = Callable[..., Decider]


def default_factory() -> BotFactory:
    """``engine.ai.make_bot`` (imported on first use)."""
    from engine.ai import make_bot

    return make_bot


def bot_seed(deal: int, seat: int, salt: int = 0) -> int:
    """A stable seed for the bot of ``seat`` in the game of deal number ``deal``."""
    return (deal * 1_000_003 + seat * 7919 + salt * 104_729) % (2**63)


def level_label(level: str) -> str:
    """The word shown for a level."""
    return LEVEL_LABELS.get(level, level)


def decision_action(decision: Any) -> Action:
    """The action a decision chose (an :class:`Action` or its text)."""
    action = getattr(decision, "action", decision)
    return Action.parse(action)


# -- the worker pool ------------------------------------------------------------------------
#: Bots kept by each process (a strong bot keeps its solvers' tables between decisions).
_BOTS: OrderedDict[tuple[str, int], Decider] = OrderedDict()
_BOTS_KEPT = 48
_BOTS_LOCK = threading.Lock()


def _bot(level: str, seed: int) -> Decider:
    key = (level, seed)
    with _BOTS_LOCK:
        bot = _BOTS.get(key)
        if bot is None:
            bot = default_factory()(level, seed=seed)
            _BOTS[key] = bot
            while len(_BOTS) > _BOTS_KEPT:
                _BOTS.popitem(last=False)
        else:
            _BOTS.move_to_end(key)
    return bot


def _decide_here(level: str, seed: int, view: PlayerView) -> Any:
    """One decision, in this process (what each worker runs)."""
    return _bot(level, seed).decide(view)


def _ready() -> bool:
    """A worker's warm-up task: import the players."""
    default_factory()
    return True


def workers() -> int:
    """How many worker processes think for the computer players (``MOON_WORKERS``; default
    one per CPU core; 0: think in the calling process)."""
    raw = os.environ.get("MOON_WORKERS", "").strip()
    if raw.isascii() and raw.isdigit():
        return min(int(raw), 16)
    return max(1, min(os.cpu_count() or 1, 8))


def background_workers() -> int:
    """How many background processes run the slow work (``MOON_BACKGROUND_WORKERS``; default
    1; 0: in the calling process). With ``MOON_WORKERS=0`` there is no background pool either."""
    if workers() == 0:
        return 0
    raw = os.environ.get("MOON_BACKGROUND_WORKERS", "").strip()
    if raw.isascii() and raw.isdigit():
        return min(int(raw), 8)
    return 1


def _lower_priority() -> None:
    """A background worker's start: let the decision workers and the server go first."""
    try:
        os.nice(10)
    except (AttributeError, OSError):  # pragma: no cover - not on this platform
        pass


_POOL: ProcessPoolExecutor | None = None
_SLOW: ProcessPoolExecutor | None = None
_POOL_LOCK = threading.Lock()


def _spawn(n: int, initializer: Callable[[], None] | None = None) -> ProcessPoolExecutor:
    # "spawn": the server has threads, and a forked copy of a threaded process is unsafe.
    return ProcessPoolExecutor(max_workers=n, mp_context=multiprocessing.get_context("spawn"),
                               initializer=initializer)


def _pool() -> ProcessPoolExecutor | None:
    global _POOL
    n = workers()
    if n == 0:
        return None
    with _POOL_LOCK:
        if _POOL is None:
            _POOL = _spawn(n)
        return _POOL


def _slow_pool() -> ProcessPoolExecutor | None:
    global _SLOW
    n = background_workers()
    if n == 0:
        return None
    with _POOL_LOCK:
        if _SLOW is None:
            _SLOW = _spawn(n, _lower_priority)
        return _SLOW


def warm_pool() -> None:
    """Start the workers (and import the players in each) ahead of the first decision; once
    the pool runs, nothing more to do."""
    if _POOL is not None:
        return
    pool = _pool()
    if pool is None:
        return
    try:
        for _ in range(workers()):
            pool.submit(_ready)
        slow = _slow_pool()
        if slow is not None:
            slow.submit(_ready)
    except (BrokenProcessPool, RuntimeError):
        shutdown_pool()


def shutdown_pool() -> None:
    """Stop the workers of both pools (new pools start on the next use)."""
    global _POOL, _SLOW
    with _POOL_LOCK:
        pools, _POOL, _SLOW = (_POOL, _SLOW), None, None
    for pool in pools:
        if pool is not None:
            pool.shutdown(wait=False, cancel_futures=True)


def think(level: str, seed: int, view: PlayerView, factory: BotFactory | None = None) -> Any:
    """The decision of the ``level`` bot seeded ``seed`` for ``view``. A strong player's is
    made in a worker process (so this thread only waits); a basic or random player's
    (:data:`QUICK_LEVELS`) here, as is any decision of a given ``factory`` (tests,
    examples). A broken pool is replaced, and the decision made here."""
    if factory is not None:
        return factory(level, seed=seed).decide(view)
    pool = None if level in QUICK_LEVELS else _pool()
    if pool is None:
        return _decide_here(level, seed, view)
    try:
        future: Future[Any] = pool.submit(_decide_here, level, seed, view)
        return future.result()
    except (BrokenProcessPool, RuntimeError):
        shutdown_pool()
        return _decide_here(level, seed, view)


def _done(fn: Callable[..., Any], *args: Any, **kwargs: Any) -> Future[Any]:
    """``fn(*args, **kwargs)`` run here, as a finished future."""
    out: Future[Any] = Future()
    try:
        out.set_result(fn(*args, **kwargs))
    except Exception as e:  # the caller's .result() raises it, as a worker's would
        out.set_exception(e)
    return out


def submit(fn: Callable[..., Any], *args: Any, **kwargs: Any) -> Future[Any]:
    """Start ``fn(*args, **kwargs)`` in the decision pool (at normal priority: for work a
    page waits for, such as loading the content at start-up) and return its future; without
    a pool it runs here and the future is already done."""
    pool = _pool()
    if pool is None:
        return _done(fn, *args, **kwargs)
    try:
        return pool.submit(fn, *args, **kwargs)
    except (BrokenProcessPool, RuntimeError):
        shutdown_pool()
        return _done(fn, *args, **kwargs)


def background(fn: Callable[..., Any], *args: Any, **kwargs: Any) -> Future[Any]:
    """Start ``fn(*args, **kwargs)`` in the background pool (``fn`` a module-level function,
    its arguments and result picklable) and return its future at once; without a
    background pool it runs here and the future is already done. Nothing waits for it
    unless the caller asks for ``.result()``."""
    pool = _slow_pool()
    if pool is None:
        return _done(fn, *args, **kwargs)
    try:
        return pool.submit(fn, *args, **kwargs)
    except (BrokenProcessPool, RuntimeError):
        shutdown_pool()
        return _done(fn, *args, **kwargs)


def offload(fn: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
    """``fn(*args, **kwargs)`` in the background pool, waited for (this thread only waits,
    so other sessions go on); here when there is no pool. A broken pool is replaced and the
    work done here."""
    try:
        return background(fn, *args, **kwargs).result()
    except BrokenProcessPool:
        shutdown_pool()
        return fn(*args, **kwargs)
