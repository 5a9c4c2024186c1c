"""Choosing what to practise: reviews that are due first, then a puzzle near the learner's
rating from the themes they miss most; and the daily puzzle (the same for everyone that day).

>>> pool = [PuzzleCard("a", 1000, ("x",)), PuzzleCard("b", 1500, ("y",)), PuzzleCard("c", 2100, ("x",))]
>>> next_puzzle(pool, rating=1480, theme_misses={}, recent=set()).id
'b'
>>> next_puzzle(pool, rating=1480, theme_misses={}, recent=set(), due=["c"]).id
'c'
>>> from datetime import date
>>> daily_puzzle(pool, date(2026, 12, 1)) == daily_puzzle(list(reversed(pool)), date(2026, 12, 1))
True
"""

from __future__ import annotations

import hashlib
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from datetime import date

__all__ = ["PuzzleCard", "daily_puzzle", "due_reviews", "last_answered", "next_puzzle", "theme_misses"]

#: How much one point of "miss rate" of a theme is worth, in rating points of distance.
THEME_WEIGHT = 300.0


@dataclass(frozen=True)
class PuzzleCard:
    """What Practice needs to know of a puzzle: its id, rating (the learned Glicko rating when
    there is one) and themes."""

    id: str
    rating: float
    themes: tuple[str, ...] = ()


def theme_misses(accuracy: Mapping[str, tuple[int, int]]) -> dict[str, float]:
    """Miss rate per theme (0-1) from ``theme -> (right, tried)``, shrunk towards 0 for themes
    tried only a few times.

    >>> theme_misses({"a": (0, 4), "b": (4, 4)})
    {'a': 0.6666666666666666, 'b': 0.0}
    """
    return {t: (tried - right) / (tried + 2) for t, (right, tried) in accuracy.items() if tried}


def next_puzzle(pool: Sequence[PuzzleCard], rating: float, theme_misses: Mapping[str, float],
                recent: Collection[str], due: Sequence[str] = ()) -> PuzzleCard | None:
    """The next puzzle: the first due review in ``pool``, else the one that minimises
    ``|rating gap| - THEME_WEIGHT × (its worst theme's miss rate)`` among those not in
    ``recent`` (if every puzzle is recent, among all)."""
    by_id = {p.id: p for p in pool}
    for pid in due_reviews(pool, due, recent):
        return by_id[pid]
    candidates = [p for p in pool if p.id not in recent] or list(pool)
    if not candidates:
        return None

    def score(p: PuzzleCard) -> tuple[float, str]:
        miss = max((theme_misses.get(t, 0.0) for t in p.themes), default=0.0)
        return abs(p.rating - rating) - THEME_WEIGHT * miss, p.id

    return min(candidates, key=score)


def due_reviews(pool: Sequence[PuzzleCard], due: Sequence[str], recent: Collection[str] = ()) -> list[str]:
    """The reviews :func:`next_puzzle` serves first, in order: the puzzles of ``due`` that are in
    ``pool`` (a generated puzzle missed on Puzzles is not) and not in ``recent`` (just shown).
    What Practice counts as due is this list, so the next puzzles are the ones it counts.

    >>> due_reviews([PuzzleCard("a", 1000), PuzzleCard("b", 1500)], ["gen-1", "b", "a"], {"a"})
    ['b']
    """
    ids = {p.id for p in pool}
    return [pid for pid in dict.fromkeys(due) if pid in ids and pid not in recent]


def daily_puzzle(pool: Sequence[PuzzleCard], day: date) -> PuzzleCard | None:
    """The puzzle of the day: the same for everyone on ``day`` (a hash of the date picks it
    among the puzzles sorted by id)."""
    if not pool:
        return None
    ids = sorted(p.id for p in pool)
    n = int.from_bytes(hashlib.sha256(day.isoformat().encode()).digest()[:8], "big")
    pick = ids[n % len(ids)]
    return next(p for p in pool if p.id == pick)


def learned_ratings(store: object, ids: Collection[str]) -> dict[str, float]:
    """The learned Glicko rating of each puzzle in ``ids`` that has one (a stored rating that
    is not a finite number is skipped, and logged)."""
    from sqlalchemy import select

    from store.db import Store
    from store.limits import real, skip_row
    from store.models import PuzzleRating

    assert isinstance(store, Store)
    wanted = set(ids)
    rows = store.run(lambda s: s.execute(select(PuzzleRating.puzzle_id, PuzzleRating.rating)).all())
    out = {}
    for pid, r in rows:
        if pid not in wanted:
            continue
        if not real(r, -1e6, 1e6):
            skip_row("puzzle_ratings", pid, "rating")
            continue
        out[pid] = float(r)
    return out


def last_answered(store: object, learner_id: int) -> str | None:
    """The id of the puzzle the learner answered (or gave up on) last, wherever: Practice,
    the puzzle of the day, Puzzles, another browser. ``None`` before their first puzzle."""
    from sqlalchemy import select

    from store.db import Store
    from store.models import PuzzleAttempt

    assert isinstance(store, Store)
    pid = store.run(lambda s: s.scalar(select(PuzzleAttempt.puzzle_id).where(PuzzleAttempt.learner_id == learner_id)
                                       .order_by(PuzzleAttempt.id.desc()).limit(1)))
    return None if pid is None else str(pid)
