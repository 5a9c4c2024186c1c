"""Races and outages of the store, on SQLite and PostgreSQL: first tries at one puzzle sent at
the same instant are rated once; answers of a learner whose profile is not made yet wait in
the outbox and are written, in order, once the database is back."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from sqlalchemy import event, func, select

from store import events, learners, stats
from store.db import Store
from store.events import PuzzleAnswer
from store.glicko2 import Rating, update_pair
from store.models import Learner, PuzzleAttempt, PuzzleRating


@contextmanager
def _slow_reads_of_attempts(store: Store, seconds: float = 0.15) -> Iterator[None]:
    """Each query that reads ``puzzle_attempts`` takes ``seconds`` longer: every thread reads
    before any of them writes, unless the write holds a lock across its read."""

    def after(_conn: Any, _cursor: Any, statement: str, *_: Any) -> None:
        if statement.lstrip().upper().startswith("SELECT") and "puzzle_attempts" in statement:
            time.sleep(seconds)

    event.listen(store.engine, "after_cursor_execute", after)
    try:
        yield
    finally:
        event.remove(store.engine, "after_cursor_execute", after)


@pytest.mark.parametrize("threads", [2, 8])
def test_first_tries_at_one_puzzle_at_the_same_instant_are_rated_once(store: Store, threads: int) -> None:
    me, _ = learners.create(store)
    answer = PuzzleAnswer("race-1", True, try_number=1, rating=1600)
    start = threading.Barrier(threads)
    failures: list[BaseException] = []

    def one_try() -> None:
        try:
            start.wait()
            events.write(store, me.id, answer)
        except BaseException as e:  # reported below, with the thread's error
            failures.append(e)

    with _slow_reads_of_attempts(store):
        workers = [threading.Thread(target=one_try) for _ in range(threads)]
        for w in workers:
            w.start()
        for w in workers:
            w.join(60)
    assert not failures, failures
    with store.session() as s:
        tries = s.scalar(select(func.count()).select_from(PuzzleAttempt).where(PuzzleAttempt.learner_id == me.id))
        rated = s.scalars(select(PuzzleAttempt.rating_after).where(PuzzleAttempt.learner_id == me.id,
                                                                   PuzzleAttempt.rating_after.is_not(None))).all()
        puzzle = s.get(PuzzleRating, "race-1")
        learner = s.get(Learner, me.id)
        assert puzzle is not None and learner is not None
        plays, rating = puzzle.plays, learner.rating
    one, _ = update_pair(Rating(), Rating(1600.0, events.PUZZLE_START_RD), True)
    assert tries == threads  # every try is a row …
    assert len(rated) == 1 and plays == 1  # … and one of them, the first, is rated
    assert rating == pytest.approx(one.rating) == pytest.approx(rated[0])
    assert stats.learner_stats(store, me.id).rating == pytest.approx(one.rating)


@contextmanager
def _down(store: Store) -> Iterator[None]:
    """The database refuses every new connection inside the block (pooled ones are closed)."""
    from sqlalchemy.exc import OperationalError

    def refuse(*_: object) -> None:
        raise OperationalError("connect", {}, Exception("the database is restarting"))

    store.engine.dispose()
    event.listen(store.engine, "do_connect", refuse)
    try:
        yield
    finally:
        event.remove(store.engine, "do_connect", refuse)
        store._down_until = 0.0  # the pause after a failure is over


def test_answers_before_the_profile_is_made_wait_and_go_out_in_order(store: Store) -> None:
    from store.models import LessonAttempt

    box = events.Outbox()
    with _down(store):
        assert box.send(store, None, events.LessonAnswer("tiles-1", False, answer=4, try_number=1)) is False
        assert box.send(store, None, events.LessonAnswer("tiles-1", True, answer=5, try_number=2)) is False
        assert box.send(store, None, PuzzleAnswer("race-2", True, rating=1500)) is False
    assert box.waiting_for_profile() and len(box.pending) == 3
    assert box.flush(store) is False and len(box.pending) == 3  # the database is back, the profile not made yet
    with store.session() as s:
        assert s.scalar(select(func.count()).select_from(LessonAttempt)) == 0
    me, _ = learners.create(store)
    box.assign(me.id)
    assert not box.waiting_for_profile()
    assert box.flush(store) is True and box.pending == []
    with store.session() as s:
        rows = s.execute(select(LessonAttempt.answer, LessonAttempt.correct, LessonAttempt.try_number)
                         .where(LessonAttempt.learner_id == me.id).order_by(LessonAttempt.id)).all()
    assert [tuple(r) for r in rows] == [(4, False, 1), (5, True, 2)]
    assert stats.summary(store, me.id).stars == {"tiles-1": 2}
    assert stats.learner_stats(store, me.id).rating > 1500  # the puzzle too, rated as a first try


def test_a_store_that_cannot_be_opened_is_opened_once_the_database_is_back(
        tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    from sqlalchemy.exc import OperationalError

    import store.db as db

    url = f"sqlite:///{tmp_path / 'later.sqlite3'}"
    calls = {"n": 0}
    real = db.migrate

    def migrate(s: Store, revision: str = "head") -> None:
        calls["n"] += 1
        if calls["n"] == 1:
            raise OperationalError("connect", {}, Exception("the database is starting"))
        real(s, revision)

    monkeypatch.setattr(db, "migrate", migrate)
    with pytest.raises(db.StoreUnavailable):
        db.open_store(url)
    with pytest.raises(db.StoreUnavailable):  # just failed: at once, without trying again
        db.open_store(url)
    assert calls["n"] == 1
    db._open_failed[url] = 0.0  # the pause is over
    opened = db.open_store(url)
    assert calls["n"] == 2 and db.open_store(url) is opened
    me, _ = learners.create(opened)
    assert learners.get(opened, me.id) is not None
    opened.dispose()
    db._open.pop(url, None)
