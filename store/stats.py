"""Stars, streaks and statistics, computed from the stored rows (nothing derived is stored, so
a new rule for stars applies to everything already answered). A stored row outside the
ranges of :mod:`store.limits` is skipped and logged (:func:`good_lesson`, :func:`good_puzzle`),
never a failed page.

>>> star_rule(1, 0), star_rule(2, 0), star_rule(1, 1), star_rule(2, 1), star_rule(4, 2)
(3, 2, 2, 1, 1)
>>> puzzle_streaks([(True, 1, 0, False), (True, 1, 0, False), (False, 1, 0, False), (True, 1, 0, False)])
(1, 2)
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from lessons.stars import stars_for
from store.db import Store
from store.limits import (
    MAX_GAMES,
    MAX_HANDS_PLAYED,
    MAX_STREAK,
    lesson_fault,
    puzzle_fault,
    real,
    skip_row,
    whole,
)
from store.models import (
    START_RATING,
    START_RD,
    Game,
    Hand,
    Learner,
    LessonAttempt,
    PuzzleAttempt,
    Review,
    now,
)

__all__ = ["LearnerStats", "Summary", "good_lesson", "good_puzzle", "learner_stats", "level_stars", "puzzle_streaks",
           "star_rule", "summary"]

MAX_STARS = 3


def star_rule(tries: int, hints: int, par: int = 1) -> int:
    """Stars for a level solved on try ``tries`` after ``hints`` hints, by the course's one
    visible rule (:func:`lessons.stars.stars_for`: the wrong tries before the right one and the
    hints both cost a star). ``par`` is read from rows written before levels lost their par and
    is ignored: every level is now judged from the first try."""
    del par
    return stars_for(max(0, tries - 1), hints)


def level_stars(rows: Iterable[tuple[str, bool, int, int, int, int | None]]) -> dict[str, int]:
    """Best stars per level from ``(level_id, correct, try_number, hints, par, imported_stars)``
    rows, oldest first (a level never answered right has no entry). The tries of a right
    answer count every wrong answer since the level was last answered right, so reloading
    the page forgives no wrong try.

    >>> level_stars([("a", False, 1, 0, 1, None), ("a", True, 1, 0, 1, None)])
    {'a': 2}
    """
    best: dict[str, int] = {}
    wrong_since: dict[str, int] = {}
    for level_id, correct, tries, hints, par, imported in rows:
        if imported is not None:
            stars = imported
        elif correct:
            stars = star_rule(max(tries, wrong_since.pop(level_id, 0) + 1), hints, par)
        else:
            wrong_since[level_id] = wrong_since.get(level_id, 0) + 1
            continue
        if stars > best.get(level_id, -1):
            best[level_id] = stars
    return best


def puzzle_streaks(rows: Iterable[tuple[bool, int, int, bool]]) -> tuple[int, int]:
    """``(current, best)`` streak from ``(correct, try_number, hints, gave_up)`` rows in the
    order given: a puzzle right on the first try without a hint adds one; any other answer or
    a give-up ends the streak."""
    cur = best = 0
    for correct, tries, hints, gave_up in rows:
        if correct and tries == 1 and hints == 0 and not gave_up:
            cur += 1
            best = max(best, cur)
        else:
            cur = 0
    return cur, best


@dataclass
class Summary:
    """What the sidebar and Home show: the fields of the progress file."""

    stars: dict[str, int] = field(default_factory=dict)
    puzzles_solved: list[str] = field(default_factory=list)
    best_streak: int = 0
    streak: int = 0
    hands_played: int = 0
    games_won: int = 0


def good_lesson(row_id: Any, level_id: Any, try_number: Any, hints: Any, imported_stars: Any) -> bool:
    """Whether a stored lesson answer can be read (a row outside :mod:`store.limits` is
    skipped by every reader, and logged once)."""
    fault = "level_id" if not isinstance(level_id, str) else lesson_fault(try_number, hints, imported_stars)
    if fault:
        skip_row("lesson_attempts", row_id, fault)
    return fault is None


def good_puzzle(row_id: Any, puzzle_id: Any, try_number: Any, hints: Any, themes: Any = (),
                rating_after: Any = None) -> bool:
    """Whether a stored puzzle answer can be read (as :func:`good_lesson`)."""
    fault = "puzzle_id" if not isinstance(puzzle_id, str) else puzzle_fault(try_number, hints, themes, rating_after)
    if fault:
        skip_row("puzzle_attempts", row_id, fault)
    return fault is None


def _count(learner: Learner | None, name: str, cap: int) -> int:
    """One of the learner's ``imported_*`` counts (0 when it is out of range, logged)."""
    v = getattr(learner, name, 0) if learner is not None else 0
    if v in (None, 0):
        return 0
    if not whole(v, 0, cap):
        skip_row("learners", getattr(learner, "id", None), name)
        return 0
    return int(v)


def _summary(s: Session, learner_id: int) -> Summary:
    lrows = [r for r in s.execute(
        select(LessonAttempt.id, LessonAttempt.level_id, LessonAttempt.correct, LessonAttempt.try_number,
               LessonAttempt.hints, LessonAttempt.par, LessonAttempt.imported_stars)
        .where(LessonAttempt.learner_id == learner_id).order_by(LessonAttempt.id)).all()
        if good_lesson(r[0], r[1], r[3], r[4], r[6])]
    prows = [r for r in s.execute(
        select(PuzzleAttempt.id, PuzzleAttempt.puzzle_id, PuzzleAttempt.correct, PuzzleAttempt.try_number,
               PuzzleAttempt.hints, PuzzleAttempt.gave_up, PuzzleAttempt.themes, PuzzleAttempt.rating_after)
        .where(PuzzleAttempt.learner_id == learner_id).order_by(PuzzleAttempt.id)).all()
        if good_puzzle(r[0], r[1], r[3], r[4], r[6], r[7])]
    solved = list(dict.fromkeys(r[1] for r in prows if r[2]))
    cur, best = puzzle_streaks((bool(r[2]), r[3], r[4], bool(r[5])) for r in prows)
    learner = s.get(Learner, learner_id)
    hands = s.scalar(select(func.count()).select_from(Hand).where(Hand.learner_id == learner_id)) or 0
    won = s.scalar(select(func.count()).select_from(Game).where(Game.learner_id == learner_id,
                                                                   Game.won.is_(True))) or 0
    return Summary(stars=level_stars((r[1], bool(r[2]), r[3], r[4], r[5], r[6]) for r in lrows),
                   puzzles_solved=solved, best_streak=max(best, _count(learner, "imported_best_streak", MAX_STREAK)),
                   streak=cur, hands_played=int(hands) + _count(learner, "imported_hands", MAX_HANDS_PLAYED),
                   games_won=int(won) + _count(learner, "imported_games_won", MAX_GAMES))


def summary(store: Store, learner_id: int) -> Summary:
    """The learner's stars, puzzles solved, streaks, hands and games, from their rows."""
    return store.run(lambda s: _summary(s, learner_id))


@dataclass
class LearnerStats:
    """What the Progress page draws."""

    rating: float
    rd: float
    #: ``(time, rating after)`` of every rated puzzle attempt, oldest first.
    rating_history: list[tuple[datetime, float]]
    #: theme -> (first tries right, puzzles tried).
    theme_accuracy: dict[str, tuple[int, int]]
    #: stage id -> (levels right first time, levels tried).
    stage_accuracy: dict[str, tuple[int, int]]
    #: ``(kind, id, due_at, box)`` of everything on the review schedule, soonest first.
    reviews: list[tuple[str, str, datetime, int]]
    #: The most common wrong answers per level (for "levels to revisit").
    missed_levels: dict[str, int]


def first_tries(rows: Sequence[Any], key: int = 0) -> dict[Any, Any]:
    """The first row per ``row[key]`` (rows ordered oldest first)."""
    out: dict[Any, Any] = {}
    for r in rows:
        out.setdefault(r[key], r)
    return out


def _learner_stats(s: Session, learner_id: int) -> LearnerStats:
    learner = s.get(Learner, learner_id)
    if learner is None:
        raise LookupError("no such learner")
    prows = [r[1:] for r in s.execute(
        select(PuzzleAttempt.id, PuzzleAttempt.puzzle_id, PuzzleAttempt.correct, PuzzleAttempt.hints,
               PuzzleAttempt.themes, PuzzleAttempt.rating_after, PuzzleAttempt.created_at, PuzzleAttempt.try_number)
        .where(PuzzleAttempt.learner_id == learner_id).order_by(PuzzleAttempt.id)).all()
        if good_puzzle(r[0], r[1], r[7], r[3], r[4], r[5])]
    history = [(r[5], float(r[4])) for r in prows if r[4] is not None]
    themes: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    for r in first_tries(prows).values():
        for t in r[3] or ():
            themes[str(t)][0] += int(bool(r[1]) and r[2] == 0)
            themes[str(t)][1] += 1
    lrows = [r[1:] for r in s.execute(
        select(LessonAttempt.id, LessonAttempt.level_id, LessonAttempt.correct, LessonAttempt.hints,
               LessonAttempt.stage_id, LessonAttempt.try_number)
        .where(LessonAttempt.learner_id == learner_id, LessonAttempt.imported_stars.is_(None))
        .order_by(LessonAttempt.id)).all()
        if good_lesson(r[0], r[1], r[5], r[3], None)]
    stages: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    for r in first_tries(lrows).values():
        stages[str(r[3] or "?")][0] += int(bool(r[1]) and r[2] == 0)
        stages[str(r[3] or "?")][1] += 1
    missed = Counter(r[0] for r in lrows if not r[1])
    revs = s.execute(select(Review.item_kind, Review.item_id, Review.due_at, Review.box)
                     .where(Review.learner_id == learner_id).order_by(Review.due_at)).all()
    rating, rd = learner.rating, learner.rd
    if not (real(rating, -1e6, 1e6) and real(rd, 0, 1e6)):
        skip_row("learners", learner_id, "rating")
        rating, rd = START_RATING, START_RD
    return LearnerStats(
        rating=float(rating), rd=float(rd), rating_history=history,
        theme_accuracy={k: (v[0], v[1]) for k, v in sorted(themes.items())},
        stage_accuracy={k: (v[0], v[1]) for k, v in stages.items()},
        reviews=[(r[0], r[1], r[2], r[3]) for r in revs], missed_levels=dict(missed),
    )


def learner_stats(store: Store, learner_id: int) -> LearnerStats:
    """Rating history, accuracy per theme and per stage, and the review schedule."""
    return store.run(lambda s: _learner_stats(s, learner_id))


def due_now(stats: LearnerStats, kind: str | None = None) -> list[str]:
    """Ids of the reviews due now (of ``kind`` if given), soonest first."""
    t = now()
    out = []
    for k, item_id, due, _box in stats.reviews:
        aware = due if due.tzinfo is not None else due.replace(tzinfo=t.tzinfo)
        if aware <= t and (kind is None or k == kind):
            out.append(item_id)
    return out
