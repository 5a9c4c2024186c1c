"""The puzzle of the day's answers, read back by day for the learner: what keeps it done in
every session of that day (Practice's ``_restore_daily``)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from store import learners, practice
from store.db import Store
from store.events import PuzzleAnswer, write
from store.models import PuzzleAttempt


def test_day_answers_are_the_learners_answers_to_the_puzzle_on_that_day(store: Store) -> None:
    me, _ = learners.create(store)
    other, _ = learners.create(store)
    write(store, me.id, PuzzleAnswer("p1", False, answer="6-6", hints=1),
          PuzzleAnswer("p2", True, answer="4-1"),
          PuzzleAnswer("p1", True, answer=["4-1", "5-1"], try_number=2, hints=1))
    write(store, other.id, PuzzleAnswer("p1", False, gave_up=True))
    today = datetime.now(UTC).date()
    got = practice.day_answers(store, me.id, "p1", today)
    assert got == [practice.DayAnswer("6-6", False, False, 1), practice.DayAnswer(["4-1", "5-1"], True, False, 1)]
    assert practice.day_answers(store, other.id, "p1", today) == [practice.DayAnswer(None, False, True, 0)]
    assert practice.day_answers(store, me.id, "p1", today - timedelta(days=1)) == []
    # An answer of yesterday is not today's.
    with store.session() as s:
        for r in s.query(PuzzleAttempt).filter_by(learner_id=me.id, puzzle_id="p1").all():
            r.created_at = datetime.now(UTC) - timedelta(days=1)
    assert practice.day_answers(store, me.id, "p1", today) == []
    assert len(practice.day_answers(store, me.id, "p1", today - timedelta(days=1))) == 2
