"""The computer players as the app uses them: made by ``engine.ai``, thinking in a pool of
worker processes.

The import of ``engine.ai`` happens when a bot is first needed, so the rest of the app (and
its tests) load without it. Every bot of a game is seeded from the deal number and its seat;
a bot's decision depends only on its seed and the view it is shown, so the same position gets
the same answer in any process and after a page refresh.

The thinking runs in worker processes (:func:`think`): the Streamlit server is one Python
process, and a strong player's search would otherwise hold it, so one session's search
would make every other session (and the page itself) wait. ``MOON_WORKERS`` sets the number
of workers (default: one per CPU core; ``0`` thinks in the calling process).
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
    "BotFactory",
    "Decider",
    "bot_seed",
    "decision_action",
    "default_factory",
    "level_label",
    "offload",
    "shutdown_pool",
    "think",
    "warm_pool",
    "workers",
]

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


_POOL: ProcessPoolExecutor | None = None
_POOL_LOCK = threading.Lock()


def _pool() -> ProcessPoolExecutor | None:
    global _POOL
    n = workers()
    if n == 0:
        return None
    with _POOL_LOCK:
        if _POOL is None:
            # "spawn": the server has threads, and a forked copy of a threaded process is unsafe.
            _POOL = ProcessPoolExecutor(max_workers=n, mp_context=multiprocessing.get_context("spawn"))
        return _POOL


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
    except (BrokenProcessPool, RuntimeError):
        shutdown_pool()


def shutdown_pool() -> None:
    """Stop the workers (a new pool starts on the next decision)."""
    global _POOL
    with _POOL_LOCK:
        pool, _POOL = _POOL, None
    if pool is not None:
        pool.shutdown(wait=False, cancel_futures=True)


def think(level: str, seed: int, view: PlayerView, factory: BotFactory | None = None) -> Any:
    """The decision of the ``level`` bot seeded ``seed`` for ``view``. With the default
    players it is made in a worker process (so this thread only waits); a given ``factory``
    (tests, examples) decides here. A broken pool is replaced, and the decision made here."""
    if factory is not None:
        return factory(level, seed=seed).decide(view)
    pool = _pool()
    if pool is None:
        return _decide_here(level, seed, view)
    try:
        future: Future[Any] = pool.submit(_decide_here, level, seed, view)
        return future.result()
    except (BrokenProcessPool, RuntimeError):
        shutdown_pool()
        return _decide_here(level, seed, view)


def offload(fn: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
    """``fn(*args, **kwargs)`` in a worker process (``fn`` a module-level function, its
    arguments and result picklable), or here when there is no pool; for the other heavy
    thinking of the page (the review of a finished hand)."""
    pool = _pool()
    if pool is None:
        return fn(*args, **kwargs)
    try:
        return pool.submit(fn, *args, **kwargs).result()
    except (BrokenProcessPool, RuntimeError):
        shutdown_pool()
        return fn(*args, **kwargs)
