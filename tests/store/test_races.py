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

from store import learners, record, stats
from store.db import Store
from store.glicko2 import Rating, update_pair
from store.models import Learner, PuzzleAttempt, PuzzleRating
from store.record import PuzzleAnswer


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
            record.write(store, me.id, answer)
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
    one, _ = update_pair(Rating(), Rating(1600.0, record.PUZZLE_START_RD), True)
    assert tries == threads  # every try is a row …
    assert len(rated) == 1 and plays == 1  # … and one of them, the first, is rated
    assert rating == pytest.approx(one.rating) == pytest.approx(rated[0])
    assert stats.learner_stats(store, me.id).rating == pytest.approx(one.rating)
