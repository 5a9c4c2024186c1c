"""Writing what a learner does, when they do it: an answer to a lesson level or a puzzle, a
give-up, a hand played, a game finished, a Play better principle a hand's review found missed,
the unfinished game saved or cleared (:mod:`store.saved_games`). Each write also moves the review schedule and, for a
learner's first try at a puzzle, both Glicko-2 ratings.

While the database is away, :class:`Outbox` keeps the events and sends them when it is back:
no answer already given is lost.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, datetime

from sqlalchemy import exists, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from store import glicko2, repetition, saved_games
from store.db import Store, StoreUnavailable
from store.limits import principle_miss_fault, skip_row
from store.models import (
    Game,
    Hand,
    Learner,
    LessonAttempt,
    PrincipleMiss,
    PuzzleAttempt,
    PuzzleRating,
    Review,
    now,
)
from store.saved_games import GameCleared, GameSaved

__all__ = ["Event", "GameCleared", "GameFinished", "GameSaved", "HandPlayed", "LessonAnswer", "Outbox",
           "PrincipleMissed", "PuzzleAnswer", "write"]

PUZZLE_START_RD = 200.0


@dataclass(frozen=True)
class LessonAnswer:
    """One graded answer to a lesson level (``try_number`` counts this one; ``practice``: given
    in Practice, which serves Play better positions, rather than on the Learn page)."""

    level_id: str
    correct: bool
    answer: object = None
    stage_id: str = ""
    try_number: int = 1
    hints: int = 0
    seconds: float | None = None
    practice: bool = False


@dataclass(frozen=True)
class PuzzleAnswer:
    """One graded answer to a puzzle, or a give-up (``gave_up``, not correct, no answer).
    ``rating`` is the puzzle's own rating from its file (its starting Glicko rating)."""

    puzzle_id: str
    correct: bool
    answer: object = None
    kind: str = ""
    themes: tuple[str, ...] = ()
    gave_up: bool = False
    try_number: int = 1
    hints: int = 0
    seconds: float | None = None
    rating: float = 1500.0


@dataclass(frozen=True)
class HandPlayed:
    """A hand played to its end: its record (JSON-ready)."""

    game_key: str
    hand_number: int
    record: object = None


@dataclass(frozen=True)
class GameFinished:
    """A game played to its end."""

    game_key: str
    won: bool
    hands: int = 0


@dataclass(frozen=True)
class PrincipleMissed:
    """A play of the learner's in hand ``hand_number`` of the Play game ``game_key`` that the
    hand review found leaving ``principle`` (:func:`lessons.strategy.review.principle_notes`):
    ``tile`` was played, the principle picks ``better``. Written once per play (the same play
    sent again changes nothing); an event out of shape (:func:`store.limits.principle_miss_fault`)
    is not written."""

    game_key: str
    hand_number: int
    trick: int
    principle: str
    tile: str
    better: str
    players: int


Event = LessonAnswer | PuzzleAnswer | HandPlayed | GameFinished | PrincipleMissed | GameSaved | GameCleared


def _review(s: Session, learner_id: int, kind: str, item_id: str, missed: bool, clean: bool) -> None:
    at = now()
    row = s.get(Review, (learner_id, kind, item_id))
    if missed:
        box, due = repetition.after_miss(at)
        if row is None:
            s.add(Review(learner_id=learner_id, item_kind=kind, item_id=item_id, box=box, due_at=due))
        else:
            row.box, row.due_at = box, due
    elif clean and row is not None and _aware(row.due_at) <= at:
        nxt = repetition.after_right(row.box, at)
        if nxt is None:
            s.delete(row)
        else:
            row.box, row.due_at = nxt


def _aware(t: datetime) -> datetime:
    return t if t.tzinfo is not None else t.replace(tzinfo=UTC)


def _puzzle_rating(s: Session, puzzle_id: str, start: float) -> PuzzleRating:
    row = s.get(PuzzleRating, puzzle_id, with_for_update=True)
    if row is not None:
        return row
    try:
        with s.begin_nested():
            row = PuzzleRating(puzzle_id=puzzle_id, rating=float(start), rd=PUZZLE_START_RD,
                               vol=glicko2.Rating().vol, plays=0)
            s.add(row)
    except IntegrityError:  # another process made it first
        row = s.get(PuzzleRating, puzzle_id, with_for_update=True, populate_existing=True)
        assert row is not None
    return row


def _write(s: Session, learner_id: int, ev: Event) -> None:
    if isinstance(ev, LessonAnswer):
        s.add(LessonAttempt(learner_id=learner_id, level_id=ev.level_id, stage_id=ev.stage_id, answer=ev.answer,
                            correct=ev.correct, try_number=ev.try_number, hints=ev.hints, seconds=ev.seconds,
                            practice=ev.practice))
        clean = ev.correct and ev.try_number == 1 and ev.hints == 0
        _review(s, learner_id, "level", ev.level_id, missed=not ev.correct, clean=clean)
    elif isinstance(ev, PuzzleAnswer):
        # The learner's row is locked before the look for an earlier try: a second first try
        # sent at the same instant waits here, then finds this one and is not rated.
        learner = s.get(Learner, learner_id, with_for_update=True)
        first = not s.scalar(select(exists().where(PuzzleAttempt.learner_id == learner_id,
                                                   PuzzleAttempt.puzzle_id == ev.puzzle_id)))
        rating_after = None
        if first:  # rated like Lichess: only the first try at a puzzle counts
            assert learner is not None
            pz = _puzzle_rating(s, ev.puzzle_id, ev.rating)
            won = ev.correct and ev.hints == 0 and not ev.gave_up
            new_l, new_p = glicko2.update_pair(glicko2.Rating(learner.rating, learner.rd, learner.vol),
                                               glicko2.Rating(pz.rating, pz.rd, pz.vol), won)
            learner.rating, learner.rd, learner.vol = new_l.rating, new_l.rd, new_l.vol
            pz.rating, pz.rd, pz.vol, pz.plays = new_p.rating, new_p.rd, new_p.vol, pz.plays + 1
            rating_after = new_l.rating
        s.add(PuzzleAttempt(learner_id=learner_id, puzzle_id=ev.puzzle_id, kind=ev.kind, themes=list(ev.themes),
                            answer=ev.answer, correct=ev.correct, gave_up=ev.gave_up, try_number=ev.try_number,
                            hints=ev.hints, seconds=ev.seconds, rating_after=rating_after))
        clean = ev.correct and ev.try_number == 1 and ev.hints == 0
        _review(s, learner_id, "puzzle", ev.puzzle_id, missed=ev.gave_up or not ev.correct, clean=clean)
    elif isinstance(ev, HandPlayed):
        dup = s.scalar(select(exists().where(Hand.learner_id == learner_id, Hand.game_key == ev.game_key,
                                             Hand.hand_number == ev.hand_number)))
        if not dup:
            s.add(Hand(learner_id=learner_id, game_key=ev.game_key, hand_number=ev.hand_number, record=ev.record))
    elif isinstance(ev, GameFinished):
        dup = s.scalar(select(exists().where(Game.learner_id == learner_id, Game.game_key == ev.game_key)))
        if not dup:
            s.add(Game(learner_id=learner_id, game_key=ev.game_key, won=ev.won, hands=ev.hands))
    elif isinstance(ev, PrincipleMissed):
        fault = principle_miss_fault(ev.principle, ev.game_key, ev.hand_number, ev.trick, ev.tile, ev.better,
                                     ev.players)
        if fault is not None:  # never a bad row; nor an outbox stuck on it
            skip_row("principle_misses", f"{ev.game_key!r} hand {ev.hand_number!r}", fault)
            return
        dup = s.scalar(select(exists().where(PrincipleMiss.learner_id == learner_id,
                                             PrincipleMiss.game_key == ev.game_key,
                                             PrincipleMiss.hand_number == ev.hand_number,
                                             PrincipleMiss.trick == ev.trick)))
        if not dup:
            s.add(PrincipleMiss(learner_id=learner_id, principle=ev.principle, game_key=ev.game_key,
                                hand_number=ev.hand_number, trick=ev.trick, tile=ev.tile, better=ev.better,
                                players=ev.players))
    elif isinstance(ev, GameSaved):
        if saved_games.query_fault(ev.query) is None:  # never a bad row; nor an outbox stuck on it
            saved_games.put(s, learner_id, ev.query)
    elif isinstance(ev, GameCleared):
        saved_games.clear(s, learner_id, ev.query)
    else:  # pragma: no cover
        raise TypeError(f"not a store event: {type(ev).__name__}")


def write(store: Store, learner_id: int, *events: Event) -> None:
    """Write ``events`` for the learner in one transaction (retried through short outages;
    :class:`~store.db.StoreUnavailable` if the database stays away).

    Writes for one learner run one at a time, each seeing those before it (whether a try is
    the first at its puzzle, whether a hand is already kept): the learner's row is locked
    first on PostgreSQL, and the transaction is immediate on SQLite."""

    def work(s: Session) -> None:
        s.get(Learner, learner_id, with_for_update=True)
        for ev in events:
            _write(s, learner_id, ev)

    store.run(work, immediate=True)


@dataclass
class Outbox:
    """Events not written yet because the database was away (kept in the learner's session).

    An event of a learner whose profile is not made yet is kept with ``None`` for the
    learner: once the database is back the app makes the profile and gives those events to
    it (:meth:`assign`); until then :meth:`flush` writes nothing past the first of them, so
    the events still go out in the order they happened."""

    pending: list[tuple[int | None, Event]] = field(default_factory=list)

    def send(self, store: Store, learner_id: int | None, event: Event) -> bool:
        """Write what is pending and then ``event``; ``False`` (all kept here) if the database
        is still away or the learner (``None``) has no profile yet."""
        self.add(learner_id, event)
        return self.flush(store)

    def add(self, learner_id: int | None, event: Event) -> None:
        """Keep ``event`` to be written. A saved game (:class:`GameSaved`, :class:`GameCleared`)
        replaces the learner's saved game still waiting here: only the newest is written."""
        if isinstance(event, GameSaved | GameCleared):
            self.pending = [(lid, ev) for lid, ev in self.pending
                            if not (lid == learner_id and isinstance(ev, GameSaved | GameCleared))]
        self.pending.append((learner_id, event))

    def waiting_for_profile(self) -> bool:
        """True when some event waits for its learner's profile to be made."""
        return any(lid is None for lid, _ in self.pending)

    def assign(self, learner_id: int) -> None:
        """Give the events kept before the learner had a profile to ``learner_id``."""
        self.pending = [(learner_id if lid is None else lid, ev) for lid, ev in self.pending]

    def flush(self, store: Store) -> bool:
        """Write every pending event, oldest first; ``True`` when none is left."""
        while self.pending:
            learner_id, ev = self.pending[0]
            if learner_id is None:
                return False
            try:
                write(store, learner_id, ev)
            except StoreUnavailable:
                return False
            self.pending.pop(0)
        return True
