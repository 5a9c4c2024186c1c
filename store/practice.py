"""Choosing what to practise: reviews that are due first, then a Play better position of a
principle the learner was shown missing (:func:`open_misses`, :func:`next_position`), then a
puzzle near the learner's rating from the themes they miss most; and the daily puzzle (the same
for everyone that day).

>>> pool = [PuzzleCard("a", 1000, ("x",)), PuzzleCard("b", 1500, ("y",)), PuzzleCard("c", 2100, ("x",))]
>>> next_puzzle(pool, rating=1480, theme_misses={}, recent=set()).id
'b'
>>> next_puzzle(pool, rating=1480, theme_misses={}, recent=set(), due=["c"]).id
'c'
>>> next_puzzle(pool, rating=1480, theme_misses={}, recent=set(), seen={"b"}).id
'a'
>>> from datetime import date
>>> daily_puzzle(pool, date(2026, 12, 1)) == daily_puzzle(list(reversed(pool)), date(2026, 12, 1))
True
"""

from __future__ import annotations

import hashlib
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from datetime import date, datetime

__all__ = ["DayAnswer", "Miss", "PositionAnswer", "PositionCard", "PuzzleCard", "answered_puzzles", "daily_puzzle",
           "day_answers", "due_reviews", "game_misses", "last_answered", "next_position", "next_puzzle", "open_misses",
           "position_answers", "reached", "theme_misses"]

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
                recent: Collection[str], due: Sequence[str] = (), seen: Collection[str] = ()) -> PuzzleCard | None:
    """The next puzzle: the first due review in ``pool``, else the one that minimises
    ``|rating gap| - THEME_WEIGHT × (its worst theme's miss rate)`` among the new ones (not in
    ``seen``, the puzzles the learner has answered before: a missed one comes back as a due
    review, a solved one not at all while new ones are left) that are not in ``recent``; when
    no new one is left, among those not in ``recent`` (if every puzzle is recent, among all).

    >>> pool = [PuzzleCard("a", 1500), PuzzleCard("b", 1510), PuzzleCard("c", 2000)]
    >>> next_puzzle(pool, 1500, {}, recent=set(), seen={"a"}).id
    'b'
    >>> next_puzzle(pool, 1500, {}, recent={"b"}, seen={"a"}).id
    'c'
    >>> next_puzzle(pool, 1500, {}, recent={"c"}, seen={"a", "b", "c"}).id
    'a'
    """
    by_id = {p.id: p for p in pool}
    for pid in due_reviews(pool, due, recent):
        return by_id[pid]
    candidates = ([p for p in pool if p.id not in recent and p.id not in seen]
                  or [p for p in pool if p.id not in recent] or list(pool))
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


def answered_puzzles(store: object, learner_id: int) -> set[str]:
    """The ids of every puzzle the learner has answered (or given up on), wherever: Practice,
    the puzzle of the day, Puzzles, another browser, a progress file loaded."""
    from sqlalchemy import select

    from store.db import Store
    from store.models import PuzzleAttempt

    assert isinstance(store, Store)
    rows = store.run(lambda s: s.scalars(select(PuzzleAttempt.puzzle_id).where(PuzzleAttempt.learner_id == learner_id)
                                         .distinct()).all())
    return {str(pid) for pid in rows}


@dataclass(frozen=True)
class DayAnswer:
    """One stored answer to a puzzle (``answer`` ``None`` for a give-up), as
    :func:`day_answers` gives them."""

    answer: object
    correct: bool
    gave_up: bool
    hints: int


def day_answers(store: object, learner_id: int, puzzle_id: str, day: date) -> list[DayAnswer]:
    """The learner's answers to ``puzzle_id`` on ``day`` (a UTC day, as the puzzle of the day's),
    first first, wherever given: the puzzle of the day is done for the day once one of them
    is right or a give-up, in every session and browser of the learner."""
    from datetime import UTC, time, timedelta

    from sqlalchemy import select

    from store.db import Store
    from store.models import PuzzleAttempt

    assert isinstance(store, Store)
    start = datetime.combine(day, time(), UTC)
    q = (select(PuzzleAttempt.answer, PuzzleAttempt.correct, PuzzleAttempt.gave_up, PuzzleAttempt.hints)
         .where(PuzzleAttempt.learner_id == learner_id, PuzzleAttempt.puzzle_id == puzzle_id,
                PuzzleAttempt.created_at >= start, PuzzleAttempt.created_at < start + timedelta(days=1),
                PuzzleAttempt.imported.is_(False))
         .order_by(PuzzleAttempt.id))
    rows = store.run(lambda s: s.execute(q).all())
    return [DayAnswer(a, bool(c), bool(g), int(h or 0)) for a, c, g, h in rows]


@dataclass(frozen=True)
class PositionCard:
    """A Play better position Practice can serve: its level id, the principle it teaches and
    its number of players."""

    id: str
    principle: str
    players: int


@dataclass(frozen=True)
class PositionAnswer:
    """An answer to a Play better position (in Learn or Practice): ``clean`` is a right answer
    at the first try without a hint."""

    level_id: str
    correct: bool
    clean: bool
    at: datetime
    #: the try this answer was (1: the first)
    try_number: int = 1


@dataclass(frozen=True)
class Miss:
    """A principle the learner was shown missing at ``at``: in a play of their own Play game
    (``game_key``, ``hand_number``, ``trick``: ``tile`` played where the principle picks
    ``better``), or in a Play better position answered wrong (``level_id``)."""

    principle: str
    at: datetime
    players: int
    level_id: str = ""
    game_key: str = ""
    hand_number: int = 0
    trick: int = 0
    tile: str = ""
    better: str = ""
    #: for a position answered wrong: the try at which the learner then got that same
    #: position right (2: at the second try); 0 when they have not got it right since
    right_at: int = 0

    @property
    def in_game(self) -> bool:
        """Whether the miss was in the learner's own game (else in a position answered wrong)."""
        return bool(self.game_key)


def open_misses(cards: Sequence[PositionCard], games: Sequence[Miss], answers: Sequence[PositionAnswer]) -> list[Miss]:
    """The principles the learner is shown missing and has not answered right since, newest
    first, one :class:`Miss` (the newest) per principle.

    A miss is a play of their own game that left the principle (``games``) or a wrong answer to
    a position of it (``answers``); it stays open until a right answer at the first try
    without a hint to a position of the same principle, given after it. Principles with no
    position in ``cards`` are left out.

    >>> from datetime import UTC
    >>> t = [datetime(2026, 12, 5, h, tzinfo=UTC) for h in range(24)]
    >>> cards = [PositionCard("dt-1", "draw-trumps", 3), PositionCard("dt-2", "draw-trumps", 4),
    ...          PositionCard("cw-1", "cash-walkers", 3)]
    >>> game = Miss("cash-walkers", t[1], 3, game_key="7-abc", hand_number=1, trick=2, tile="6-4", better="5-5")
    >>> wrong = PositionAnswer("dt-1", False, False, t[2])
    >>> [m.principle for m in open_misses(cards, [game], [wrong])]
    ['draw-trumps', 'cash-walkers']
    >>> [m.principle for m in open_misses(cards, [game], [wrong, PositionAnswer("dt-2", True, True, t[3])])]
    ['cash-walkers']
    >>> [m.principle for m in open_misses(cards, [game], [wrong, PositionAnswer("dt-1", True, False, t[3])])]
    ['draw-trumps', 'cash-walkers']

    A position answered wrong and then right at a later try stays a miss, which says so:

    >>> open_misses(cards, [], [wrong, PositionAnswer("dt-1", True, False, t[3], try_number=2)])[0].right_at
    2
    """
    by_id = {c.id: c for c in cards}
    principles = {c.principle for c in cards}
    misses = [m for m in games if m.principle in principles]
    misses += [Miss(by_id[a.level_id].principle, a.at, by_id[a.level_id].players, level_id=a.level_id,
                    right_at=next((b.try_number for b in answers
                                   if b.level_id == a.level_id and b.correct and b.at >= a.at), 0))
               for a in answers if not a.correct and a.level_id in by_id]
    cleared: dict[str, datetime] = {}
    for a in answers:
        if a.clean and a.level_id in by_id:
            p = by_id[a.level_id].principle
            cleared[p] = max(cleared.get(p, a.at), a.at)
    newest: dict[str, Miss] = {}
    for m in misses:
        if m.principle not in newest or m.at > newest[m.principle].at:
            newest[m.principle] = m
    still = [m for p, m in newest.items() if p not in cleared or cleared[p] <= m.at]
    return sorted(still, key=lambda m: (m.at, m.principle), reverse=True)


def reached(cards: Sequence[PositionCard], answers: Sequence[PositionAnswer]) -> set[str]:
    """The positions of ``cards`` (the course's order) the learner has reached on Learn: of each
    principle, its first position and every one up to the furthest they have answered (right or
    wrong). Practice serves no position past these, so it never fills a level Learn has not
    opened yet.

    >>> from datetime import UTC
    >>> at = datetime(2026, 12, 5, 9, tzinfo=UTC)
    >>> cards = [PositionCard(f"dt-{i}", "draw-trumps", 3) for i in (1, 2, 3)] + [PositionCard("cw-1", "cash-walkers", 3),
    ...          PositionCard("cw-2", "cash-walkers", 3)]
    >>> sorted(reached(cards, [PositionAnswer("dt-2", False, False, at)]))
    ['cw-1', 'dt-1', 'dt-2']
    """
    furthest: dict[str, int] = {}
    place: dict[str, int] = {}
    for c in cards:
        place[c.id] = furthest[c.principle] = furthest.get(c.principle, -1) + 1
    top = {p: 0 for p in furthest}
    for a in answers:
        card = next((c for c in cards if c.id == a.level_id), None)
        if card is not None:
            top[card.principle] = max(top[card.principle], place[card.id])
    return {c.id for c in cards if place[c.id] <= top[c.principle]}


def next_position(cards: Sequence[PositionCard], misses: Sequence[Miss], recent: Collection[str],
                  solved: Collection[str] = (), seen: Collection[str] = (),
                  reach: Collection[str] | None = None) -> tuple[PositionCard, Miss] | None:
    """The position Practice serves for the open misses (:func:`open_misses`, newest first),
    with the miss it answers: of the newest miss's principle a position not in ``recent``
    (just shown) and not the position answered wrong; of those, one not in ``seen`` (answered
    before, right or wrong, in Learn or here) first, then one not in ``solved`` (answered
    right before, or its answer shown: its answer is known), then one with the
    miss's number of players, then the first in ``cards`` (the course's order). Only positions
    in ``reach`` (:func:`reached`; every one when ``None``) are served. A principle whose
    positions are all recent gives way to the next miss; ``None`` when none is left.

    >>> from datetime import UTC
    >>> at = datetime(2026, 12, 5, 9, tzinfo=UTC)
    >>> cards = [PositionCard("dt-1", "draw-trumps", 3), PositionCard("dt-2", "draw-trumps", 4),
    ...          PositionCard("dt-3", "draw-trumps", 4)]
    >>> miss = Miss("draw-trumps", at, 4, game_key="7-abc", hand_number=1, trick=1, tile="6-4", better="6-6")
    >>> next_position(cards, [miss], recent=set())[0].id
    'dt-2'
    >>> next_position(cards, [miss], recent=set(), solved={"dt-2"})[0].id
    'dt-3'
    >>> next_position(cards, [miss], recent=set(), solved={"dt-2", "dt-3"})[0].id
    'dt-1'
    >>> next_position(cards, [miss], recent=set(), seen={"dt-2"})[0].id
    'dt-3'
    >>> next_position(cards, [miss], recent=set(), solved={"dt-3"}, seen={"dt-1", "dt-2", "dt-3"})[0].id
    'dt-2'
    >>> next_position(cards, [miss], recent={"dt-2", "dt-3"})[0].id
    'dt-1'
    >>> next_position(cards, [miss], recent={"dt-1", "dt-2", "dt-3"}) is None
    True
    >>> next_position(cards, [miss], recent=set(), reach={"dt-1"})[0].id
    'dt-1'
    """
    for m in misses:
        candidates = [c for c in cards if c.principle == m.principle and c.id not in recent and c.id != m.level_id
                      and (reach is None or c.id in reach)]
        if not candidates:
            continue
        order = {c.id: i for i, c in enumerate(cards)}
        best = min(candidates, key=lambda c: (c.id in seen, c.id in solved, c.players != m.players, order[c.id]))
        return best, m
    return None


def game_misses(store: object, learner_id: int) -> list[Miss]:
    """The principles the learner's own Play games showed them missing (the rows the hand
    review wrote: :class:`store.events.PrincipleMissed`), oldest first; a row out of shape is
    skipped, and logged."""
    from sqlalchemy import select

    from store.db import Store
    from store.limits import principle_miss_fault, skip_row
    from store.models import PrincipleMiss as Row

    assert isinstance(store, Store)
    rows = store.run(lambda s: s.execute(
        select(Row.id, Row.principle, Row.game_key, Row.hand_number, Row.trick, Row.tile, Row.better, Row.players,
               Row.created_at).where(Row.learner_id == learner_id).order_by(Row.id)).all())
    out = []
    for rid, principle, key, hand, trick, tile, better, players, at in rows:
        fault = principle_miss_fault(principle, key, hand, trick, tile, better, players)
        if fault is not None or not isinstance(at, datetime):
            skip_row("principle_misses", rid, fault or "created_at")
            continue
        out.append(Miss(principle, at, players, game_key=key, hand_number=hand, trick=trick, tile=tile,
                        better=better))
    return out


def position_answers(store: object, learner_id: int, ids: Collection[str]) -> list[PositionAnswer]:
    """The learner's answers to the Play better positions ``ids`` (level ids), oldest first
    (answers loaded from a version-1 progress file, which hold only stars, are left out; a row
    out of range is skipped, and logged)."""
    from sqlalchemy import select

    from store.db import Store
    from store.limits import lesson_fault, skip_row
    from store.models import LessonAttempt as Row

    assert isinstance(store, Store)
    wanted = sorted(set(ids))
    if not wanted:
        return []
    rows = store.run(lambda s: s.execute(
        select(Row.id, Row.level_id, Row.correct, Row.try_number, Row.hints, Row.created_at)
        .where(Row.learner_id == learner_id, Row.level_id.in_(wanted), Row.imported_stars.is_(None))
        .order_by(Row.id)).all())
    out = []
    for rid, level_id, correct, tries, hints, at in rows:
        fault = lesson_fault(tries, hints, None)
        if fault is not None or not isinstance(at, datetime):
            skip_row("lesson_attempts", rid, fault or "created_at")
            continue
        out.append(PositionAnswer(level_id, bool(correct), bool(correct) and tries == 1 and hints == 0, at, tries))
    return out
