"""Where the app's work runs: basic decisions in the
server process, strong ones in the decision pool, slow work (reviews, loading the content,
the Bidding lab) in the low-priority background pool; the content loaded once per process;
a hand review made only when asked for."""

from __future__ import annotations

import os
import threading
import time
from concurrent.futures import Future
from pathlib import Path
from typing import Any

import pytest

from engine import Game, RuleSet
from engine.players import make_bot
from tutorial.services import items, players
from tutorial.services.session import FirstLegal, PlaySession
from tutorial.services.urlstate import PlaySetup


def _pid() -> int:
    return os.getpid()


def _priority() -> int:
    return os.getpriority(os.PRIO_PROCESS, 0)


def _has_player(level: str, seed: int) -> bool:
    """Whether this process kept the player ``(level, seed)`` (run in a worker; asking makes
    it here if it was not, which the test no longer minds: it asks each worker once, last)."""
    hits = players._bot.cache_info().hits
    players._bot(level, seed)
    return players._bot.cache_info().hits > hits


def _wait_for_then_pid(path: str) -> int:
    """Hold a worker until the test makes ``path`` (two minutes at most), then its pid."""
    end = time.monotonic() + 120
    while not os.path.exists(path) and time.monotonic() < end:
        time.sleep(0.01)
    return os.getpid()


def test_a_players_decisions_go_to_the_worker_that_keeps_it(monkeypatch: pytest.MonkeyPatch) -> None:
    """A strong player keeps what it worked out earlier in the hand (a player made again in
    another worker searches again: about twice the time), so its decisions go to the worker
    that made its last one: with two workers, only one of them ever makes this player."""
    monkeypatch.setenv("MOON_WORKERS", "2")
    players.shutdown_pool()
    try:
        g = Game.new(RuleSet(), 12)
        seat = g.to_act
        seed = players.bot_seed(12, seat)
        pool = players._pool()
        assert pool is not None and len(pool) == 2
        here = make_bot("strong", seed=seed)
        made = []
        while not g.hand_finished and len(made) < 2:
            view = g.view(g.to_act)
            if view.seat == seat:
                decision = players.think("strong", seed, view)
                assert decision.action is here.decide(view).action
                made.append(decision)
                g.apply(decision.action)
            else:
                g.apply(make_bot("basic", seed=1).decide(view).action)
        assert len(made) == 2
        holders = [f.result(timeout=120) for f in pool.submit_each(_has_player, "strong", seed)]
        assert sorted(holders) == [False, True]
    finally:
        players.shutdown_pool()


def test_a_busy_workers_player_moves_to_a_free_one(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """A player's worker is kept only while it is not busier than another: a decision never
    queues behind another game's search when a worker is free (the player then lives there)."""
    monkeypatch.setenv("MOON_WORKERS", "2")
    players.shutdown_pool()
    try:
        pool = players._pool()
        assert pool is not None
        home = pool.submit_to("a game", _pid).result(timeout=120)
        assert pool.submit_to("a game", _pid).result(timeout=120) == home
        release = tmp_path / "release"
        busy = pool.submit_to("a game", _wait_for_then_pid, str(release))  # its worker is free: it goes there
        moved = pool.submit_to("a game", _pid).result(timeout=120)  # that worker is busy until released
        release.touch()
        assert busy.result(timeout=120) == home and moved != home
        assert pool.submit_to("a game", _pid).result(timeout=120) == moved  # its worker from now on
        assert {f.result(timeout=120) for f in pool.submit_each(_pid)} == {home, moved}
    finally:
        players.shutdown_pool()


def test_basic_decisions_are_made_here_and_never_wait_for_the_pool(monkeypatch: pytest.MonkeyPatch) -> None:
    """A basic player's decision costs milliseconds: it is made in this process even when
    there is a decision pool, so it never queues behind a strong player's search."""
    monkeypatch.setenv("MOON_WORKERS", "2")

    def no_pool() -> None:
        raise AssertionError("a basic decision asked for the decision pool")

    monkeypatch.setattr(players, "_pool", no_pool)
    g = Game.new(RuleSet(), 12)
    view = g.view(g.to_act)
    seed = players.bot_seed(12, view.seat)
    got = players.think("basic", seed, view)
    assert got.action is make_bot("basic", seed=seed).decide(view).action
    with pytest.raises(AssertionError, match="asked for the decision pool"):
        players.think("strong", seed, view)  # (the check above can fail)


def test_background_work_runs_in_a_lower_priority_process(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MOON_WORKERS", "1")
    monkeypatch.delenv("MOON_BACKGROUND_WORKERS", raising=False)
    players.shutdown_pool()
    try:
        assert players.background_workers() == 1
        fut = players.background(_pid)
        assert isinstance(fut, Future)
        assert fut.result(timeout=120) != os.getpid()
        assert players.offload(_priority) >= min(19, _priority() + players.BACKGROUND_NICE)
    finally:
        players.shutdown_pool()


def test_decision_workers_give_way_to_the_server(monkeypatch: pytest.MonkeyPatch) -> None:
    """While strong players search, the server (every session's page) goes first."""
    monkeypatch.setenv("MOON_WORKERS", "1")
    players.shutdown_pool()
    try:
        assert players.submit(_priority).result(timeout=120) >= min(19, _priority() + players.DECISION_NICE)
        assert players.submit(_pid).result(timeout=120) != os.getpid()
    finally:
        players.shutdown_pool()


def test_without_workers_background_work_is_done_here(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MOON_WORKERS", "0")
    assert players.background_workers() == 0
    fut = players.background(_pid)
    assert fut.done() and fut.result() == os.getpid()
    failed = players.background(int, "not a number")
    assert failed.done() and isinstance(failed.exception(), ValueError)
    monkeypatch.setenv("MOON_WORKERS", "2")
    monkeypatch.setenv("MOON_BACKGROUND_WORKERS", "0")
    assert players.background_workers() == 0
    monkeypatch.setenv("MOON_BACKGROUND_WORKERS", "٣")  # not an ASCII number: the default
    assert players.background_workers() == 1


class _Bidder(FirstLegal):
    """Bids when it may (so the hand is played, not thrown in), else the first legal action."""

    def decide(self, view: Any) -> Any:
        legal = view.legal_actions()
        return next((a for a in legal if a.kind == "bid"), legal[0])


def _finished_hand() -> PlaySession:
    s = PlaySession(PlaySetup(deal=7), factory=lambda level, seed=None: _Bidder())
    while not s.game.hand_finished:
        if s.is_computer_turn():
            s.computer_step()
        else:
            s.act(_Bidder().decide(s.view()))
    assert s.reviewable()
    return s


def test_a_hand_review_is_made_on_demand_in_the_background(monkeypatch: pytest.MonkeyPatch) -> None:
    """Finishing a hand reviews nothing; asking for the review starts it in the background
    and says "not yet" (None) until it is done."""
    s = _finished_hand()
    assert s.reviews == {}
    started: list[tuple[Any, ...]] = []
    job: Future[Any] = Future()

    def fake_background(fn: Any, *args: Any, **kwargs: Any) -> Future[Any]:
        started.append((fn.__name__, args[1], kwargs))
        return job

    monkeypatch.setattr(players, "background", fake_background)
    number = s.reviewable()[-1]
    assert s.review(number) is None
    assert s.review(number) is None
    assert started == [("run_review", number, {"you": s.seat, "seed": players.bot_seed(s.setup.deal, s.seat)})]  # started once
    job.set_result("the review")
    assert s.review(number) == "the review"
    assert s.reviews[number] == "the review"
    with pytest.raises(ValueError):
        s.review(number + 1)  # not over yet


def test_a_failed_review_is_tried_again(monkeypatch: pytest.MonkeyPatch) -> None:
    s = _finished_hand()
    jobs: list[Future[Any]] = []

    def fake_background(fn: Any, *args: Any, **kwargs: Any) -> Future[Any]:
        jobs.append(Future())
        return jobs[-1]

    monkeypatch.setattr(players, "background", fake_background)
    number = s.reviewable()[-1]
    assert s.review(number) is None
    jobs[0].set_exception(RuntimeError("worker lost"))
    with pytest.raises(RuntimeError):
        s.review(number)
    assert s.review(number) is None and len(jobs) == 2


def test_a_review_whose_worker_died_is_made_here(monkeypatch: pytest.MonkeyPatch) -> None:
    """The background worker dies while the review waits for it (as a worker that cannot
    start does: an AppTest script as ``__main__``): the review is made here, the same review,
    and the broken pool is replaced, as ``think`` and ``offload`` do."""
    import signal

    from tutorial.services.reviewing import run_review

    monkeypatch.setenv("MOON_WORKERS", "1")
    monkeypatch.setenv("MOON_BACKGROUND_WORKERS", "1")
    players.shutdown_pool()
    try:
        s = _finished_hand()
        number = s.reviewable()[-1]
        worker = players.background(os.getpid).result(timeout=120)
        assert worker != os.getpid()
        os.kill(worker, signal.SIGSTOP)  # the review is sent to it and waits there
        assert s.review(number) is None
        os.kill(worker, signal.SIGKILL)
        end = time.monotonic() + 120
        review = s.review(number)
        while review is None and time.monotonic() < end:
            time.sleep(0.05)
            review = s.review(number)
        assert review == run_review(s.game.record(), number, you=s.seat, seed=players.bot_seed(s.setup.deal, s.seat))
        assert s.review(number) is review
        # A new worker does the next background work.
        assert players.background(os.getpid).result(timeout=120) not in (worker, os.getpid())
    finally:
        players.shutdown_pool()


def test_content_is_loaded_once_for_every_thread_that_asks(monkeypatch: pytest.MonkeyPatch) -> None:
    """Pages opened at the same time wait for one load, not one load each."""
    monkeypatch.setenv("MOON_WORKERS", "0")
    calls: list[int] = []
    asking = threading.Semaphore(0)

    def slow_load() -> str:
        """The load lasts until all four threads have asked (and a moment more)."""
        calls.append(1)
        for _ in range(4):
            assert asking.acquire(timeout=60), "the four threads did not all ask"
        time.sleep(0.1)
        return "the course"

    def ask() -> None:
        asking.release()
        got.append(items.course())

    monkeypatch.setitem(items._LOADERS, "course", slow_load)
    items.forget_content()
    try:
        got: list[Any] = []
        threads = [threading.Thread(target=ask) for _ in range(4)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert got == ["the course"] * 4 and len(calls) == 1
        assert items.course() == "the course" and len(calls) == 1
    finally:
        items.forget_content()


def test_broken_content_still_says_what_is_wrong(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MOON_WORKERS", "0")

    def broken() -> Any:
        raise ValueError("1 problem in the content: lessons/data/x.toml: bad")

    monkeypatch.setitem(items._LOADERS, "course", broken)
    items.forget_content()
    try:
        with pytest.raises(ValueError, match=r"x\.toml"):
            items.course()
    finally:
        items.forget_content()


@pytest.mark.slow
def test_the_content_loaded_in_a_worker_keeps_its_answers(monkeypatch: pytest.MonkeyPatch) -> None:
    """The course comes back from a worker process with every answer already made:
    the strong player's answers are not worked out again in this process."""
    from content.checks import bot_tasks

    monkeypatch.setenv("MOON_WORKERS", "1")
    players.shutdown_pool()
    items.forget_content()
    monkeypatch.setattr(bot_tasks, "_DECISIONS", {})
    try:
        course = items.course()
        bot_levels = [lv for lv in course.levels() if getattr(lv.task, "needs", None) == "ai"]
        assert bot_levels
        for lv in bot_levels:
            assert lv.task.answer() is not None
            lv.task.explain()
        assert bot_tasks._DECISIONS == {}  # nothing searched here
    finally:
        items.forget_content()
        players.shutdown_pool()


def test_the_bidding_lab_solves_in_the_background_worker(monkeypatch: pytest.MonkeyPatch) -> None:
    """The lab's deals are solved in the background worker, chunk by chunk,
    with the same numbers as in this process, the progress after each chunk and the time
    limit's partial result kept."""
    from engine import parse_tiles
    from tutorial.services import bidding

    monkeypatch.setenv("MOON_WORKERS", "1")
    players.shutdown_pool()
    hand = parse_tiles("6-6 6-5 6-4 6-3 5-5 4-4 2-1")
    calls: list[int] = []

    def counting(fn: Any, args: tuple[Any, ...]) -> Any:
        calls.append(len(args[3]))
        return bidding.in_worker(fn, args)

    try:
        ticks: list[float] = []
        # (no time limit here: a busy machine must not cut these runs short; the limit is below)
        far = bidding.simulate(RuleSet(), hand, samples=12, seed=3, runner=counting, progress=ticks.append, chunk=5,
                               time_limit=None)
        assert players._SLOW is not None  # the background pool was started for it
        here = bidding.simulate(RuleSet(), hand, samples=12, seed=3, chunk=5, time_limit=None)
        assert far.tricks == here.tricks and far.complete
        assert calls == [5, 5, 2] and ticks == pytest.approx([5 / 12, 10 / 12, 1.0])
        now = iter(range(0, 1000, 15))  # each chunk "takes" 15 s: the 20 s limit stops after two
        part = bidding.simulate(RuleSet(), hand, samples=12, seed=3, runner=bidding.in_worker, chunk=5,
                                clock=lambda: next(now))
        assert not part.complete and part.samples == 10
        assert all(t[:10] == part.tricks[tr] for tr, t in here.tricks.items())
    finally:
        players.shutdown_pool()


def test_a_worker_process_reading_the_app_draws_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    """A spawned worker starts by reading the running script again (Streamlit makes the app
    its ``__main__``), as ``__mp_main__``: the app must then neither load the content nor
    start pools of its own (each worker used to load the whole course at its start)."""
    import runpy
    from pathlib import Path

    calls: list[str] = []
    monkeypatch.setattr(items, "warm_up", lambda: calls.append("warm_up"))
    monkeypatch.setattr(players, "warm_pool", lambda: calls.append("warm_pool"))
    app = Path(__file__).resolve().parents[1] / "tutorial" / "app.py"
    runpy.run_path(str(app), run_name="__mp_main__")
    assert calls == []


def test_home_and_the_play_table_do_not_load_pandas() -> None:
    """pandas (1-10 s to import on a busy server) is loaded only by what draws a table (the
    hand summary, the scores tab, a decision's details, a review, the lab): Home and the
    sidebar import the Play components for the quick-start button, the Play page imports the
    review's components for the end of a hand, and the server's first visitor on Home or Play
    must not wait for it."""
    import subprocess
    import sys

    code = ("import sys\n"
            "import tutorial.components.play, tutorial.components.profile, tutorial.components.frame\n"
            "import tutorial.components.explain, tutorial.components.tiles, tutorial.services.describe\n"
            "import tutorial.components.review, tutorial.services.reviewing\n"
            "print('pandas' in sys.modules)\n"
            "from tutorial.services.describe import decision_frame\n"
            "decision_frame(None)\n"
            "print('pandas' in sys.modules)\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120,
                          cwd=str(Path(__file__).resolve().parents[1]))
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["False", "True"]  # not on import; loaded by the first table
