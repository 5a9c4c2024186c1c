"""The computer players as the app uses them: made by ``engine.players``, thinking in a pool of
worker processes.

The module imports ``engine.players`` (for the settings and the odds model); numpy, which the
strong player and the odds model use, is imported only when one of them first needs it. Every bot of a game is seeded from the deal number and its seat;
a bot's decision depends only on its seed and the view it is shown, so the same position gets
the same answer in any process and after a page refresh.

Where the thinking happens (the Streamlit server is one Python process: CPU-bound work in it
holds every session, so the slow work goes to other processes):

- :func:`think` — a **strong** player's decision is made in the *decision pool* (worker
  processes, ``MOON_WORKERS`` of them: default one per CPU core; ``0`` thinks in the calling
  process, as the AppTests do), at a slightly lower CPU priority (``nice`` +5) than the
  server, so that while strong players search, the server still draws every session's page.
  Each player's decisions go to the worker that made its last one while that worker is free
  (:class:`Workers`), where the player is still in memory with what it worked out earlier
  in the hand. A **basic** or **random** player's decision costs a few
  milliseconds, less than a trip to a worker, so it is made here and never queues behind a
  strong player's search.
- :func:`background` / :func:`offload` — slow work no computer player's move waits for (a
  hand review, the Bidding lab's simulations) runs in the *background pool*:
  ``MOON_BACKGROUND_WORKERS`` processes (default 1; ``0``: in the calling process) at a
  lower CPU priority (``nice`` +10), so it never sits in front of a decision.
- :func:`submit` — other work a page waits for (loading the course and the puzzles at
  start-up) goes to the decision pool, at normal priority.
- :func:`think_ahead` — while the learner looks at the page, the computer's moves that
  would follow the learner's likeliest action (a pass in the auction: the others' bids,
  the winner's discard, trump and opening lead; Next hand at the end of a hand: the
  computer's first bids) are worked out in the background pool; when
  the learner does it, :func:`think` finds those decisions made (a decision depends only
  on the player's level, seed and view, so one made ahead is the one it would make now).
  A line not finished by then is not waited for.
"""

from __future__ import annotations

import functools
import multiprocessing
import os
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Hashable
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import TYPE_CHECKING, ParamSpec, Protocol, TypeAlias, TypeVar

from engine import Action, PlayerView, RuleSet
from engine.players.odds import joint_chance
from engine.players.strong import StrongSettings

if TYPE_CHECKING:
    from engine import Game
    from engine.players import Decision

__all__ = [
    "QUICK_LEVELS",
    "BotFactory",
    "Choice",
    "Decider",
    "Workers",
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
    "think_ahead",
    "warm_pool",
    "workers",
]

#: Levels whose decisions are cheap enough to make in the calling process (see :func:`think`).
QUICK_LEVELS = frozenset({"basic", "random"})

#: What the app calls each computer level.
LEVEL_LABELS = {"random": "random", "basic": "basic", "strong": "strong"}


#: What a computer player decides: the engine's :class:`~engine.players.Decision` (the action
#: and why), or a bare :class:`Action` (a player made for tests and examples).
Choice: TypeAlias = "Decision | Action"

_P = ParamSpec("_P")
_T = TypeVar("_T")


class _Running(Protocol):
    """A piece of work sent to a worker, as :class:`Workers` counts it."""

    def done(self) -> bool: ...


class Decider(Protocol):
    """The part of ``engine.players``' bots the app uses."""

    def decide(self, view: PlayerView) -> Choice: ...


BotFactory = Callable[..., Decider]


def default_factory() -> BotFactory:
    """``engine.players.make_bot`` (imported on first use)."""
    from engine.players import make_bot

    return make_bot


def bot_seed(deal: int, seat: int, salt: int = 0) -> int:
    """A stable seed for the bot of ``seat`` in the game of deal number ``deal``."""
    return (deal * 1_000_003 + seat * 7919 + salt * 104_729) % (2**63)


def level_label(level: str) -> str:
    """The word shown for a level."""
    return LEVEL_LABELS.get(level, level)


def decision_action(decision: Choice | str) -> Action:
    """The action a decision chose (an :class:`Action` or its text)."""
    action = getattr(decision, "action", decision)
    return Action.parse(action)


# -- the worker pool ------------------------------------------------------------------------
#: Bots kept by each process (a strong bot keeps its solvers' tables between decisions). The
#: workers have no Streamlit (and this module is Streamlit-free), so this is a plain cache.
_BOTS_KEPT = 48


@functools.lru_cache(maxsize=_BOTS_KEPT)
def _bot(level: str, seed: int) -> Decider:
    return default_factory()(level, seed=seed)


def _decide_here(level: str, seed: int, view: PlayerView) -> Choice:
    """One decision, in this process (what each worker runs)."""
    return _bot(level, seed).decide(view)


def _ready() -> bool:
    """A worker's warm-up task: import the players, and solve the strong player's model of
    the game for the usual rules (about half a second, once per process)."""
    default_factory()
    settings = StrongSettings()
    for players in (3, 4):
        rules = RuleSet(players=players)
        joint_chance(rules, (0,) * len(rules.teams()), 0, settings.odds_share_for(rules, 0))
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


#: How much lower the workers' CPU priority is than the server's (``nice``): the server
#: draws every session's page, so it goes first; the background work goes last.
DECISION_NICE = 5
BACKGROUND_NICE = 10


def _nice(step: int) -> None:
    try:
        os.nice(step)
    except (AttributeError, OSError):  # pragma: no cover - not on this platform
        pass


#: How often a worker looks whether the server that started it is still there (seconds).
PARENT_CHECK_SECONDS = 1.0


def _exit_with_parent() -> None:
    """Leave when the server that started this worker is gone: a server stopped without
    shutting its pools down (killed, or stopped by a signal it does not catch) would otherwise
    leave its workers waiting for work that never comes."""
    parent = os.getppid()

    def watch() -> None:
        while True:
            time.sleep(PARENT_CHECK_SECONDS)
            if os.getppid() != parent:
                os._exit(0)

    threading.Thread(target=watch, name="moon-parent-watch", daemon=True).start()


def _decision_worker() -> None:
    """A decision worker's start: let the server (every session's page) go first."""
    _nice(DECISION_NICE)
    _exit_with_parent()


def _lower_priority() -> None:
    """A background worker's start: let the server and the decision workers go first."""
    _nice(BACKGROUND_NICE)
    _exit_with_parent()


class Workers:
    """Worker processes (``spawn``ed), each with an executor of its own, so that work can be
    sent to a chosen one: :meth:`submit_to` sends the work of one key (a computer player)
    to the worker that did its last work, where the player, with the deals and tables it
    keeps between the decisions of a hand, is still in memory (a player made again in
    another worker searches its hand again: about twice the time). Only when that worker is
    busier than another does the key move to the least busy one. :meth:`submit` sends work
    to the least busy worker."""

    #: Keys whose worker is remembered (the oldest forgotten first).
    HOMES_KEPT = 256

    def __init__(self, n: int, initializer: Callable[[], None] | None = None) -> None:
        self._executors = [_spawn(1, initializer) for _ in range(n)]
        self._running: list[set[_Running]] = [set() for _ in range(n)]
        self._homes: OrderedDict[Hashable, int] = OrderedDict()
        self._lock = threading.Lock()

    def __len__(self) -> int:
        return len(self._executors)

    def _pick(self, key: Hashable | None) -> int:
        """The worker for ``key`` (call with the lock held)."""
        for running in self._running:
            running.difference_update([f for f in running if f.done()])
        busy = [len(r) for r in self._running]
        least = min(range(len(busy)), key=busy.__getitem__)
        if key is None:
            return least
        home = self._homes.get(key)
        chosen = home if home is not None and busy[home] <= busy[least] else least
        self._homes[key] = chosen
        self._homes.move_to_end(key)
        while len(self._homes) > self.HOMES_KEPT:
            self._homes.popitem(last=False)
        return chosen

    def _send(self, key: Hashable | None, fn: Callable[_P, _T], /, *args: _P.args,
              **kwargs: _P.kwargs) -> Future[_T]:
        with self._lock:
            i = self._pick(key)
            future = self._executors[i].submit(fn, *args, **kwargs)
            self._running[i].add(future)
        return future

    def submit(self, fn: Callable[_P, _T], /, *args: _P.args, **kwargs: _P.kwargs) -> Future[_T]:
        """Run ``fn(*args, **kwargs)`` in the least busy worker."""
        return self._send(None, fn, *args, **kwargs)

    def submit_to(self, key: Hashable, fn: Callable[_P, _T], /, *args: _P.args,
                  **kwargs: _P.kwargs) -> Future[_T]:
        """Run ``fn(*args, **kwargs)`` in the worker of ``key`` (see the class)."""
        return self._send(key, fn, *args, **kwargs)

    def submit_each(self, fn: Callable[_P, _T], /, *args: _P.args, **kwargs: _P.kwargs) -> list[Future[_T]]:
        """Run ``fn(*args)`` once in every worker."""
        with self._lock:
            futures = [ex.submit(fn, *args, **kwargs) for ex in self._executors]
            for running, future in zip(self._running, futures, strict=True):
                running.add(future)
        return futures

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        """Stop every worker."""
        for ex in self._executors:
            ex.shutdown(wait=wait, cancel_futures=cancel_futures)


#: The decision pool and the background pool (started on first use).
_POOL: Workers | None = None
_SLOW: Workers | None = None
_POOL_LOCK = threading.Lock()


def _spawn(n: int, initializer: Callable[[], None] | None = None) -> ProcessPoolExecutor:
    # "spawn": the server has threads, and a forked copy of a threaded process is unsafe.
    return ProcessPoolExecutor(max_workers=n, mp_context=multiprocessing.get_context("spawn"),
                               initializer=initializer)


def _started(which: str) -> Workers | None:
    """The decision pool (``which="decide"``) or the background pool (``"slow"``), started
    if need be; ``None`` when its number of workers is 0."""
    global _POOL, _SLOW
    decide = which == "decide"
    n = workers() if decide else background_workers()
    if n == 0:
        return None
    with _POOL_LOCK:
        if decide:
            if _POOL is None:
                _POOL = Workers(n, _decision_worker)
            return _POOL
        if _SLOW is None:
            _SLOW = Workers(n, _lower_priority)
        return _SLOW


def _pool() -> Workers | None:
    """The decision pool (``None``: think in this process)."""
    return _started("decide")


def _slow_pool() -> Workers | None:
    """The background pool (``None``: run slow work in this process)."""
    return _started("slow")


def warm_pool() -> None:
    """Start the workers (and import the players in each) ahead of the first decision; once
    the pool runs, nothing more to do."""
    if _POOL is not None:
        return
    pool = _pool()
    if pool is None:
        return
    try:
        pool.submit_each(_ready)
        slow = _slow_pool()
        if slow is not None:
            slow.submit_each(_ready)
    except (BrokenProcessPool, RuntimeError):
        shutdown_pool()


def shutdown_pool() -> None:
    """Stop the workers of both pools (new pools start on the next use)."""
    global _POOL, _SLOW
    with _AHEAD_LOCK:
        _LINES.clear()
        _KNOWN.clear()
    with _POOL_LOCK:
        pools, _POOL, _SLOW = (_POOL, _SLOW), None, None
    for pool in pools:
        if pool is not None:
            pool.shutdown(wait=False, cancel_futures=True)


def think(level: str, seed: int, view: PlayerView, factory: BotFactory | None = None) -> Choice:
    """The decision of the ``level`` bot seeded ``seed`` for ``view``. A strong player's is
    made in a worker process (so this thread only waits), the worker that made this bot's
    last decision if it is free (:meth:`Workers.submit_to`), unless :func:`think_ahead`
    has already made it; a basic or random player's (:data:`QUICK_LEVELS`) here, as is any
    decision of a given ``factory`` (tests, examples). A broken pool is replaced, and the
    decision made here."""
    if factory is not None:
        return factory(level, seed=seed).decide(view)
    pool = None if level in QUICK_LEVELS else _pool()
    if pool is None:
        return _decide_here(level, seed, view)
    ahead = _made_ahead(level, seed, view)
    if ahead is not None:
        return ahead
    try:
        future = pool.submit_to((level, seed), _decide_here, level, seed, view)
        return future.result()
    except (BrokenProcessPool, RuntimeError):
        shutdown_pool()
        return _decide_here(level, seed, view)


# -- thinking ahead ---------------------------------------------------------------------------
#: Decisions made ahead (:func:`think_ahead`), by (level, seed, view), and the lines of play
#: still being worked out, by the (level, seed, view) they start from.
_KNOWN: OrderedDict[tuple[str, int, PlayerView], Choice] = OrderedDict()
_KNOWN_KEPT = 256
_LINES: OrderedDict[tuple[str, int, PlayerView], Future[Line]] = OrderedDict()
_LINES_KEPT = 32
_AHEAD_LOCK = threading.Lock()
#: The most computer moves one line works out (a pass that ends the auction, then the
#: widow's discard, the trump and the first tricks' moves up to the learner's turn).
LINE_MOVES = 12
#: A line of play worked out ahead: (seed, view, decision) for each computer move.
Line: TypeAlias = "list[tuple[int, PlayerView, Choice]]"


def _line_here(level: str, seeds: dict[int, int], game: Game, human: int) -> Line:
    """The computer's moves from ``game`` until it is ``human``'s turn or the hand is over
    (what the background worker runs): (seed, view, decision) for each."""
    from engine import IllegalAction

    out: Line = []
    for _ in range(LINE_MOVES):
        seat = game.to_act
        if seat is None or seat == human or game.hand_finished:
            break
        view = game.view(seat)
        decision = _decide_here(level, seeds[seat], view)
        out.append((seeds[seat], view, decision))
        try:
            game.apply(decision_action(decision))
        except IllegalAction:
            break
    return out


def _harvest() -> None:
    """Move the finished lines' decisions into :data:`_KNOWN` (call with the lock held)."""
    for start, future in list(_LINES.items()):
        if not future.done():
            continue
        del _LINES[start]
        if future.cancelled() or future.exception() is not None:
            continue
        for seed, view, decision in future.result():
            _KNOWN[(start[0], seed, view)] = decision
            _KNOWN.move_to_end((start[0], seed, view))
    while len(_KNOWN) > _KNOWN_KEPT:
        _KNOWN.popitem(last=False)


def _made_ahead(level: str, seed: int, view: PlayerView) -> Choice | None:
    """The decision :func:`think_ahead` made for this position, if one is ready."""
    with _AHEAD_LOCK:
        if not _LINES and not _KNOWN:
            return None
        _harvest()
        return _KNOWN.pop((level, seed, view), None)


def think_ahead(level: str, seeds: dict[int, int], game: Game, human: int) -> bool:
    """Start working out, in the background pool (at the lowest priority: it never holds
    up a decision someone waits for), the ``level`` computer players' moves from ``game``
    (a copy the caller gives away) until it is ``human``'s turn again; ``seeds`` by seat.
    :func:`think` then finds them made. Nothing is started for the quick levels, without a
    background pool, or when this line is already known or under way. Returns whether a
    line was started."""
    if level in QUICK_LEVELS or game.to_act is None or game.to_act == human or game.hand_finished:
        return False
    pool = _slow_pool()
    if pool is None:
        return False
    seat = game.to_act
    start = (level, seeds[seat], game.view(seat))
    with _AHEAD_LOCK:
        _harvest()
        if start in _LINES or start in _KNOWN:
            return False
        try:
            _LINES[start] = pool.submit(_line_here, level, seeds, game, human)
        except (BrokenProcessPool, RuntimeError):
            return False
        while len(_LINES) > _LINES_KEPT:
            _LINES.popitem(last=False)[1].cancel()
    return True


def _done(fn: Callable[_P, _T], /, *args: _P.args, **kwargs: _P.kwargs) -> Future[_T]:
    """``fn(*args, **kwargs)`` run here, as a finished future."""
    out: Future[_T] = Future()
    try:
        out.set_result(fn(*args, **kwargs))
    except Exception as e:  # the caller's .result() raises it, as a worker's would
        out.set_exception(e)
    return out


def _start(pool: Workers | None, fn: Callable[_P, _T], /, *args: _P.args, **kwargs: _P.kwargs) -> Future[_T]:
    """``fn(*args, **kwargs)`` started in ``pool``; run here (a finished future) without a
    pool, or when the pool is broken or shut down (the pools are then shut down, so the next
    use starts new ones)."""
    if pool is None:
        return _done(fn, *args, **kwargs)
    try:
        return pool.submit(fn, *args, **kwargs)
    except (BrokenProcessPool, RuntimeError):
        shutdown_pool()
        return _done(fn, *args, **kwargs)


def submit(fn: Callable[_P, _T], /, *args: _P.args, **kwargs: _P.kwargs) -> Future[_T]:
    """Start ``fn(*args, **kwargs)`` in the decision pool (at normal priority: for work a
    page waits for, such as loading the content at start-up) and return its future; without
    a pool it runs here and the future is already done."""
    return _start(_pool(), fn, *args, **kwargs)


def background(fn: Callable[_P, _T], /, *args: _P.args, **kwargs: _P.kwargs) -> Future[_T]:
    """Start ``fn(*args, **kwargs)`` in the background pool (``fn`` a module-level function,
    its arguments and result picklable) and return its future at once; without a
    background pool it runs here and the future is already done. Nothing waits for it
    unless the caller asks for ``.result()``."""
    return _start(_slow_pool(), fn, *args, **kwargs)


def offload(fn: Callable[_P, _T], /, *args: _P.args, **kwargs: _P.kwargs) -> _T:
    """``fn(*args, **kwargs)`` in the background pool, waited for (this thread only waits,
    so other sessions go on); here when there is no pool. A broken pool is replaced and the
    work done here."""
    try:
        return background(fn, *args, **kwargs).result()
    except BrokenProcessPool:
        shutdown_pool()
        return fn(*args, **kwargs)
