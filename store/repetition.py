"""Spaced repetition with Leitner boxes: a missed level or puzzle goes into box 1 and comes
back ten minutes later; each right answer moves it up a box and waits longer (1, 3, 7, 21 days);
a miss sends it back to box 1; right in the last box and it leaves the schedule.

Why Leitner and not FSRS: our items are few (a few hundred) and answered rarely, so FSRS's
fitted memory model has too little data to beat a fixed schedule; Leitner is easy to explain
to a learner ("missed ones come back, sooner if you miss them again") and to a teacher.

>>> from datetime import datetime, UTC
>>> t = datetime(2026, 1, 1, tzinfo=UTC)
>>> after_miss(t)
(1, datetime.datetime(2026, 1, 1, 0, 10, tzinfo=datetime.timezone.utc))
>>> after_right(1, t)
(2, datetime.datetime(2026, 1, 2, 0, 0, tzinfo=datetime.timezone.utc))
>>> after_right(5, t) is None
True
"""

from __future__ import annotations

from datetime import datetime, timedelta

__all__ = ["BOXES", "FIRST_WAIT", "WAITS", "after_miss", "after_right"]

#: How long an item waits after a right answer in each box (box 1 -> 1 day, ...).
WAITS = {1: timedelta(days=1), 2: timedelta(days=3), 3: timedelta(days=7), 4: timedelta(days=21)}
BOXES = 5
#: How soon a missed item comes back.
FIRST_WAIT = timedelta(minutes=10)


def after_miss(at: datetime) -> tuple[int, datetime]:
    """The box and due time of an item missed at ``at``."""
    return 1, at + FIRST_WAIT


def after_right(box: int, at: datetime) -> tuple[int, datetime] | None:
    """The next box and due time of an item in ``box`` answered right at ``at``; ``None``
    once it leaves the schedule (right in the last box)."""
    if box >= BOXES:
        return None
    return box + 1, at + WAITS[max(1, box)]
