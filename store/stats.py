"""Stars, streaks and statistics, computed from the stored rows (nothing derived is stored, so
a new rule for stars applies to everything already answered). A stored row outside the
ranges of :mod:`store.limits` is skipped and logged (:func:`good_lesson`, :func:`good_puzzle`),
never a failed page.

>>> star_rule(1, 0), star_rule(2, 0), star_rule(1, 1), star_rule(2, 1), star_rule(4, 2)
(3, 2, 2, 1, 1)
>>> star_rule(2, 0, options=2)
1
>>> puzzle_streaks([(True, 1, 0, False), (True, 1, 0, False), (False, 1, 0, False), (True, 1, 0, False)])
(1, 2)
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping
from copy import deepcopy
from dataclasses import dataclass, field
from datetime import datetime
from typing import Protocol, TypeVar

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from content.stars import stars_for
from lessons.renamed import current_level_id
from store.db import Store
from store.events import Event, GameFinished, HandPlayed, LessonAnswer, PuzzleAnswer
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

__all__ = ["LearnerStats", "Summary", "given_answer", "good_lesson", "good_puzzle", "learner_stats", "level_stars", "puzzle_streaks",
           "star_rule", "summary"]

def star_rule(tries: int, hints: int, options: int | None = None) -> int:
    """Stars for a level solved on try ``tries`` (the right one included) after ``hints``
    hints, on a question of ``options`` answers to pick from (``None``: typed, or many):
    the course's one rule, :func:`content.stars.stars_for` (the wrong tries before the
    right one and the hints both cost a star). A stored row's ``par`` is not read: every
    level is judged from the first try."""
    return stars_for(max(0, tries - 1), hints, options)


@dataclass
class Summary:
    """The one read model of a learner's progress: what the sidebar, Home, Learn and Puzzles
    show (the fields of the progress file, and where the learner stopped), folded from the
    stored rows oldest first by :meth:`lesson`, :meth:`puzzle`, :meth:`hand` and :meth:`game`;
    :meth:`with_events` folds in the events still waiting to be written, by the same methods.

    >>> s = Summary()
    >>> s.lesson("a", False, 1, 0); s.lesson("a", True, 1, 0)  # a reload between the two
    >>> s.stars, s.last_stars, s.last_level
    ({'a': 2}, {'a': 2}, 'a')
    >>> s.lesson("a", True, 1, 0); s.stars, s.total_stars(), s.levels_done()
    ({'a': 3}, 3, 1)
    """

    stars: dict[str, int] = field(default_factory=dict)
    puzzles_solved: list[str] = field(default_factory=list)
    best_streak: int = 0
    streak: int = 0
    hands_played: int = 0
    games_won: int = 0
    #: The stars of the latest right answer to each level (what its feedback says).
    last_stars: dict[str, int] = field(default_factory=dict)
    #: Wrong answers to each level since it was last answered right: the next right answer
    #: counts them, so reloading the page forgives no wrong try.
    open_misses: dict[str, int] = field(default_factory=dict)
    #: Those wrong answers themselves, each with the hints asked by then, first first (an
    #: answer not stored is ``None``): a reload shows the last one's feedback again.
    open_wrong: dict[str, list[tuple[object, int]]] = field(default_factory=dict)
    #: The level answered last on the Learn page (where the learner stopped), if any.
    last_level: str | None = None
    #: How many answers each level's question offers to pick one from (levels not named:
    #: typed or many), for the star rule: the app passes the course's (``Item.options``).
    options: Mapping[str, int] = field(default_factory=dict, compare=False, repr=False)

    # -- the fold ---------------------------------------------------------------------------
    def lesson(self, level_id: str, correct: bool, try_number: int, hints: int,
               imported_stars: int | None = None, answer: object = None, practice: bool = False) -> None:
        """One answer to a level (``imported_stars``: a level's stars from a version-1 file;
        ``answer``: the answer given, as stored; ``practice``: given in Practice, so it counts
        for the level's stars but does not move :attr:`last_level`, where Learn resumes).

        >>> s = Summary()
        >>> s.lesson("a", True, 1, 0); s.lesson("pb-8", False, 1, 0, practice=True)
        >>> s.last_level, s.open_misses
        ('a', {'pb-8': 1})

        A right answer in Practice is graded by the tries made there (its ``try_number``, as
        the page counts and shows them), not by wrong tries left open on Learn, which the
        Practice page does not show; it closes them, as any right answer does:

        >>> s.lesson("pb-9", False, 1, 0); s.lesson("pb-9", False, 1, 0, practice=True)
        >>> s.lesson("pb-9", True, 2, 0, practice=True); s.stars["pb-9"], s.open_misses
        (2, {'pb-8': 1})

        A level renamed since (:mod:`lessons.renamed`) counts under its id now:

        >>> s.lesson("trump-not", True, 1, 0); s.stars["trump-big-small"], s.last_level
        (3, 'trump-big-small')
        """
        level_id = current_level_id(level_id)
        if not practice:
            self.last_level = level_id
        if imported_stars is not None:
            stars = imported_stars
        elif correct:
            open_before = self.open_misses.pop(level_id, 0)
            tries = try_number if practice else max(try_number, open_before + 1)
            # The options matter after a miss only (read no more of the course than needed).
            stars = star_rule(tries, hints, self.options.get(level_id) if tries > 1 else None)
            self.open_wrong.pop(level_id, None)
            self.last_stars[level_id] = stars
        else:
            self.open_misses[level_id] = self.open_misses.get(level_id, 0) + 1
            self.open_wrong.setdefault(level_id, []).append((answer, hints))
            return
        if stars > self.stars.get(level_id, -1):
            self.stars[level_id] = stars

    def puzzle(self, puzzle_id: str, correct: bool, try_number: int, hints: int, gave_up: bool) -> None:
        """One answer to a puzzle (or a give-up): a puzzle right on the first try without a
        hint adds one to the streak; any other answer or a give-up ends it."""
        if correct and puzzle_id not in self.puzzles_solved:
            self.puzzles_solved.append(puzzle_id)
        if correct and try_number == 1 and hints == 0 and not gave_up:
            self.streak += 1
            self.best_streak = max(self.best_streak, self.streak)
        else:
            self.streak = 0

    def hand(self) -> None:
        """A hand played to its end."""
        self.hands_played += 1

    def game(self, won: bool) -> None:
        """A game played to its end."""
        self.games_won += int(won)

    def with_events(self, events: Iterable[Event]) -> Summary:
        """A copy with ``events`` (not written yet) folded in, oldest first."""
        out = deepcopy(self)
        for ev in events:
            if isinstance(ev, LessonAnswer):
                out.lesson(ev.level_id, ev.correct, ev.try_number, ev.hints, answer=ev.answer, practice=ev.practice)
            elif isinstance(ev, PuzzleAnswer):
                out.puzzle(ev.puzzle_id, ev.correct, ev.try_number, ev.hints, ev.gave_up)
            elif isinstance(ev, HandPlayed):
                out.hand()
            elif isinstance(ev, GameFinished):
                out.game(ev.won)
        return out

    # -- reading ----------------------------------------------------------------------------
    def total_stars(self) -> int:
        return sum(self.stars.values())

    def levels_done(self) -> int:
        return sum(1 for s in self.stars.values() if s > 0)

    def is_empty(self) -> bool:
        return self == Summary()


def level_stars(rows: Iterable[tuple[str, bool, int, int, int | None]],
                options: Mapping[str, int] | None = None) -> dict[str, int]:
    """Best stars per level from ``(level_id, correct, try_number, hints, imported_stars)``
    rows, oldest first (a level never answered right has no entry), by :meth:`Summary.lesson`
    (``options``: as :attr:`Summary.options`).

    >>> level_stars([("a", False, 1, 0, None), ("a", True, 1, 0, None)])
    {'a': 2}
    >>> level_stars([("a", False, 1, 0, None), ("a", True, 1, 0, None)], {"a": 2})
    {'a': 1}
    """
    s = Summary(options=options or {})
    for level_id, correct, tries, hints, imported in rows:
        s.lesson(level_id, correct, tries, hints, imported)
    return s.stars


def puzzle_streaks(rows: Iterable[tuple[bool, int, int, bool]]) -> tuple[int, int]:
    """``(current, best)`` streak from ``(correct, try_number, hints, gave_up)`` rows in the
    order given, by :meth:`Summary.puzzle`."""
    s = Summary()
    for correct, tries, hints, gave_up in rows:
        s.puzzle("", correct, tries, hints, gave_up)
    return s.streak, s.best_streak


def given_answer(correct: object, try_number: object, hints: object, gave_up: object = False) -> bool:
    """Whether a stored answer is one the learner gave: a wrong one, or a right one given before
    the answer was shown. Not the answer shown taken as the next try (Learn and Puzzles show it
    after two wrong tries, or at the second hint, and store it as a right try: try 3 or more, or
    hints 2), nor a puzzle given up.

    >>> [given_answer(False, 2, 0), given_answer(True, 2, 1), given_answer(True, 3, 0), given_answer(True, 2, 2)]
    [True, True, False, False]
    >>> given_answer(False, 1, 0, gave_up=True)
    False
    """
    if gave_up:
        return False
    if not correct:
        return True
    return isinstance(try_number, int) and isinstance(hints, int) and try_number <= 2 and hints < 2


def good_lesson(row_id: object, level_id: object, try_number: object, hints: object, imported_stars: object) -> bool:
    """Whether a stored lesson answer can be read (a row outside :mod:`store.limits` is
    skipped by every reader, and logged once)."""
    fault = "level_id" if not isinstance(level_id, str) else lesson_fault(try_number, hints, imported_stars)
    if fault:
        skip_row("lesson_attempts", row_id, fault)
    return fault is None


def good_puzzle(row_id: object, puzzle_id: object, try_number: object, hints: object, themes: object = (),
                rating_after: object = None) -> bool:
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


def _summary(s: Session, learner_id: int, options: Mapping[str, int] | None = None) -> Summary:
    lrows = [r for r in s.execute(
        select(LessonAttempt.id, LessonAttempt.level_id, LessonAttempt.correct, LessonAttempt.try_number,
               LessonAttempt.hints, LessonAttempt.imported_stars, LessonAttempt.answer, LessonAttempt.practice)
        .where(LessonAttempt.learner_id == learner_id).order_by(LessonAttempt.id)).all()
        if good_lesson(r[0], r[1], r[3], r[4], r[5])]
    prows = [r for r in s.execute(
        select(PuzzleAttempt.id, PuzzleAttempt.puzzle_id, PuzzleAttempt.correct, PuzzleAttempt.try_number,
               PuzzleAttempt.hints, PuzzleAttempt.gave_up, PuzzleAttempt.themes, PuzzleAttempt.rating_after)
        .where(PuzzleAttempt.learner_id == learner_id).order_by(PuzzleAttempt.id)).all()
        if good_puzzle(r[0], r[1], r[3], r[4], r[6], r[7])]
    out = Summary(options=options or {})
    for r in lrows:
        out.lesson(r[1], bool(r[2]), r[3], r[4], r[5], r[6], practice=bool(r[7]))
    for r in prows:
        out.puzzle(r[1], bool(r[2]), r[3], r[4], bool(r[5]))
    learner = s.get(Learner, learner_id)
    hands = s.scalar(select(func.count()).select_from(Hand).where(Hand.learner_id == learner_id)) or 0
    won = s.scalar(select(func.count()).select_from(Game).where(Game.learner_id == learner_id,
                                                                   Game.won.is_(True))) or 0
    out.best_streak = max(out.best_streak, _count(learner, "imported_best_streak", MAX_STREAK))
    out.hands_played = int(hands) + _count(learner, "imported_hands", MAX_HANDS_PLAYED)
    out.games_won = int(won) + _count(learner, "imported_games_won", MAX_GAMES)
    return out


def summary(store: Store, learner_id: int, options: Mapping[str, int] | None = None) -> Summary:
    """The learner's stars, puzzles solved, streaks, hands and games, from their rows
    (``options``: as :attr:`Summary.options`)."""
    return store.run(lambda s: _summary(s, learner_id, options or {}))


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


class _Row(Protocol):
    def __getitem__(self, index: int, /) -> object: ...


_R = TypeVar("_R", bound=_Row)


def first_tries(rows: Iterable[_R], key: int = 0) -> dict[object, _R]:
    """The first row per ``row[key]`` (rows ordered oldest first)."""
    out: dict[object, _R] = {}
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
