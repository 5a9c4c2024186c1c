"""The tables. Every answer is a row; stars, streaks, ratings shown and statistics are
computed from the rows (see :mod:`store.stats`), so a new star rule changes nothing stored.

Change a table here **and** add an Alembic migration under ``store/migrations/versions``.

A JSON column (an answer, a hand's record, a live question's choices) is ``Mapped[Any]``: it
holds whatever JSON its writer stored, and every reader checks what it reads
(:mod:`store.limits`).
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any  # the JSON columns (see above)

from sqlalchemy import (
    JSON,
    Boolean,
    DateTime,
    Float,
    ForeignKey,
    Index,
    Integer,
    String,
    Text,
    UniqueConstraint,
    false,
)
from sqlalchemy.engine import Dialect
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column
from sqlalchemy.types import TypeDecorator

from store.names import name_key

__all__ = [
    "Base",
    "ClassMember",
    "Classroom",
    "Game",
    "Hand",
    "Learner",
    "LearnerDevice",
    "LessonAttempt",
    "LiveAnswer",
    "LivePlayer",
    "LiveQuestion",
    "LiveSession",
    "PinFailure",
    "PrincipleMiss",
    "PuzzleAttempt",
    "PuzzleRating",
    "Review",
    "SavedGame",
    "now",
]

#: Glicko-2 starting values (as on Lichess).
START_RATING, START_RD, START_VOL = 1500.0, 350.0, 0.06


def now() -> datetime:
    """The current time in UTC (every stored time is UTC)."""
    return datetime.now(UTC)


class UtcDateTime(TypeDecorator[datetime]):
    """A time stored in UTC and read back as an aware UTC time (SQLite keeps no time zone)."""

    impl = DateTime(timezone=True)
    cache_ok = True

    def process_bind_param(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        if value is not None and value.tzinfo is not None:
            value = value.astimezone(UTC)
        return value

    def process_result_value(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        if value is not None and value.tzinfo is None:
            value = value.replace(tzinfo=UTC)
        return value.astimezone(UTC) if value is not None else None


class Base(DeclarativeBase):
    """The declarative base of every table."""


class Learner(Base):
    """A learner: made on the first answer, found again by the hash of their token."""

    __tablename__ = "learners"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    token_hash: Mapped[str] = mapped_column(String(64), unique=True, index=True)
    name: Mapped[str] = mapped_column(String(60), default="")
    created_at: Mapped[datetime] = mapped_column(UtcDateTime(), default=now)
    rating: Mapped[float] = mapped_column(Float, default=START_RATING)
    rd: Mapped[float] = mapped_column(Float, default=START_RD)
    vol: Mapped[float] = mapped_column(Float, default=START_VOL)
    #: The best puzzle streak from an imported version-1 file (which had no rows to count).
    imported_best_streak: Mapped[int] = mapped_column(Integer, default=0)
    #: Hands played and games won that a progress file claimed beyond the learner's rows
    #: (summary counts: a file never adds a row per hand).
    imported_hands: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    imported_games_won: Mapped[int] = mapped_column(Integer, default=0, server_default="0")

    def __repr__(self) -> str:  # never the token hash
        return f"Learner(id={self.id}, name={self.name!r})"


class LearnerDevice(Base):
    """A device's own token for a learner (only its hash is kept): given to a device that proved
    it is the learner with their class PIN, so its cookie opens that learner from then on. The
    learner's New link revokes every device's token with the link (see :mod:`store.learners`)."""

    __tablename__ = "learner_devices"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    learner_id: Mapped[int] = mapped_column(ForeignKey("learners.id", ondelete="CASCADE"), index=True)
    token_hash: Mapped[str] = mapped_column(String(64), unique=True, index=True)
    created_at: Mapped[datetime] = mapped_column(UtcDateTime(), default=now)

    def __repr__(self) -> str:  # never the token hash
        return f"LearnerDevice(id={self.id}, learner_id={self.learner_id})"


class LessonAttempt(Base):
    """One answer to a lesson level."""

    __tablename__ = "lesson_attempts"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    learner_id: Mapped[int] = mapped_column(ForeignKey("learners.id", ondelete="CASCADE"))
    level_id: Mapped[str] = mapped_column(String(200))
    stage_id: Mapped[str] = mapped_column(String(200), default="")
    answer: Mapped[Any] = mapped_column(JSON, nullable=True)  # Any: JSON; readers check it
    correct: Mapped[bool] = mapped_column(Boolean)
    try_number: Mapped[int] = mapped_column(Integer, default=1)
    hints: Mapped[int] = mapped_column(Integer, default=0)
    seconds: Mapped[float | None] = mapped_column(Float, nullable=True)
    par: Mapped[int] = mapped_column(Integer, default=1)
    #: Set only for rows imported from a version-1 progress file (stars without the tries).
    imported_stars: Mapped[int | None] = mapped_column(Integer, nullable=True)
    #: Loaded from a progress file rather than answered in the app.
    imported: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    #: Answered in Practice (a Play better position it served), not on the Learn page: it
    #: counts for the level's stars but is not where Learn resumes.
    practice: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    created_at: Mapped[datetime] = mapped_column(UtcDateTime(), default=now)
    __table_args__ = (Index("ix_lesson_attempts_learner", "learner_id", "id"),)


class PuzzleAttempt(Base):
    """One answer to a puzzle (or a give-up: ``gave_up`` and no answer)."""

    __tablename__ = "puzzle_attempts"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    learner_id: Mapped[int] = mapped_column(ForeignKey("learners.id", ondelete="CASCADE"))
    puzzle_id: Mapped[str] = mapped_column(String(200))
    kind: Mapped[str] = mapped_column(String(40), default="")
    themes: Mapped[Any] = mapped_column(JSON, default=list)  # Any: JSON; readers check it
    answer: Mapped[Any] = mapped_column(JSON, nullable=True)  # Any: JSON; readers check it
    correct: Mapped[bool] = mapped_column(Boolean)
    gave_up: Mapped[bool] = mapped_column(Boolean, default=False)
    try_number: Mapped[int] = mapped_column(Integer, default=1)
    hints: Mapped[int] = mapped_column(Integer, default=0)
    seconds: Mapped[float | None] = mapped_column(Float, nullable=True)
    #: The learner's rating after this attempt (set on rated attempts: the first of a puzzle).
    rating_after: Mapped[float | None] = mapped_column(Float, nullable=True)
    #: Loaded from a progress file rather than answered in the app.
    imported: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    created_at: Mapped[datetime] = mapped_column(UtcDateTime(), default=now)
    __table_args__ = (Index("ix_puzzle_attempts_learner", "learner_id", "id"),)


class PuzzleRating(Base):
    """A puzzle's Glicko-2 rating, learned from every learner's first try."""

    __tablename__ = "puzzle_ratings"
    puzzle_id: Mapped[str] = mapped_column(String(200), primary_key=True)
    rating: Mapped[float] = mapped_column(Float)
    rd: Mapped[float] = mapped_column(Float, default=200.0)
    vol: Mapped[float] = mapped_column(Float, default=START_VOL)
    plays: Mapped[int] = mapped_column(Integer, default=0)


class Hand(Base):
    """A hand played to its end on the Play page (its whole record)."""

    __tablename__ = "hands"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    learner_id: Mapped[int] = mapped_column(ForeignKey("learners.id", ondelete="CASCADE"), index=True)
    game_key: Mapped[str] = mapped_column(String(200))
    hand_number: Mapped[int] = mapped_column(Integer)
    record: Mapped[Any] = mapped_column(JSON, nullable=True)  # Any: JSON; readers check it
    created_at: Mapped[datetime] = mapped_column(UtcDateTime(), default=now)
    __table_args__ = (UniqueConstraint("learner_id", "game_key", "hand_number"),)


class Game(Base):
    """A game played to its end: who won."""

    __tablename__ = "games"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    learner_id: Mapped[int] = mapped_column(ForeignKey("learners.id", ondelete="CASCADE"), index=True)
    game_key: Mapped[str] = mapped_column(String(200))
    won: Mapped[bool] = mapped_column(Boolean)
    hands: Mapped[int] = mapped_column(Integer, default=0)
    created_at: Mapped[datetime] = mapped_column(UtcDateTime(), default=now)
    __table_args__ = (UniqueConstraint("learner_id", "game_key"),)


class PrincipleMiss(Base):
    """A play of the learner's own Play game that left a Play better principle, as the hand
    review found it (:func:`lessons.strategy.review.principle_notes`): Practice serves
    positions of that principle (see :mod:`store.practice`). One row per play."""

    __tablename__ = "principle_misses"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    learner_id: Mapped[int] = mapped_column(ForeignKey("learners.id", ondelete="CASCADE"))
    principle: Mapped[str] = mapped_column(String(60))
    game_key: Mapped[str] = mapped_column(String(200))
    hand_number: Mapped[int] = mapped_column(Integer)
    trick: Mapped[int] = mapped_column(Integer)
    #: The tile played and the better tile the principle picks (``"6-4"``).
    tile: Mapped[str] = mapped_column(String(5))
    better: Mapped[str] = mapped_column(String(5))
    players: Mapped[int] = mapped_column(Integer)
    created_at: Mapped[datetime] = mapped_column(UtcDateTime(), default=now)
    __table_args__ = (UniqueConstraint("learner_id", "game_key", "hand_number", "trick"),
                      Index("ix_principle_misses_learner", "learner_id", "id"))


class Review(Base):
    """A missed level or puzzle on the learner's review schedule (Leitner boxes)."""

    __tablename__ = "reviews"
    learner_id: Mapped[int] = mapped_column(ForeignKey("learners.id", ondelete="CASCADE"), primary_key=True)
    item_kind: Mapped[str] = mapped_column(String(10), primary_key=True)  # "level" or "puzzle"
    item_id: Mapped[str] = mapped_column(String(200), primary_key=True)
    box: Mapped[int] = mapped_column(Integer, default=1)
    due_at: Mapped[datetime] = mapped_column(UtcDateTime())


class SavedGame(Base):
    """A learner's unfinished Play game (one per learner): the Play page's query that rebuilds
    it (deal, players, rules, seat, level, moves), replaced on every save (see
    :mod:`store.saved_games`)."""

    __tablename__ = "saved_games"
    learner_id: Mapped[int] = mapped_column(ForeignKey("learners.id", ondelete="CASCADE"), primary_key=True)
    query: Mapped[Any] = mapped_column(JSON)  # Any: JSON; readers check it
    updated_at: Mapped[datetime] = mapped_column(UtcDateTime(), default=now)


def _name_key_of(column: str) -> Callable[[Any], str]:  # Any: as default's context
    """A column default: the row's name folded (:func:`store.names.name_key`), for rows
    written without one."""

    def default(context: Any) -> str:  # Any: SQLAlchemy's execution context is untyped
        return name_key(str(context.get_current_parameters().get(column) or ""))

    return default


class Classroom(Base):
    """A teacher's class: a short join code for students, a secret link (hashed) for the teacher."""

    __tablename__ = "classes"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(80))
    join_code: Mapped[str] = mapped_column(String(12), unique=True, index=True)
    teacher_token_hash: Mapped[str] = mapped_column(String(64), unique=True, index=True)
    pin_required: Mapped[bool] = mapped_column(Boolean, default=False)
    created_at: Mapped[datetime] = mapped_column(UtcDateTime(), default=now)
    #: The learner profile that made the class (its teacher finds it again on the Classes page).
    #: (A learner id; learners are never deleted.)
    owner_id: Mapped[int | None] = mapped_column(Integer, nullable=True, index=True)


class ClassMember(Base):
    """A student in a class, under a display name unique in the class whatever its case and
    spacing (``name_key``: :func:`store.names.name_key`)."""

    __tablename__ = "class_members"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    class_id: Mapped[int] = mapped_column(ForeignKey("classes.id", ondelete="CASCADE"), index=True)
    learner_id: Mapped[int] = mapped_column(ForeignKey("learners.id", ondelete="CASCADE"), index=True)
    display_name: Mapped[str] = mapped_column(String(40))
    name_key: Mapped[str] = mapped_column(String(160), default=_name_key_of("display_name"), server_default="")
    pin_hash: Mapped[str | None] = mapped_column(Text, nullable=True)
    joined_at: Mapped[datetime] = mapped_column(UtcDateTime(), default=now)
    __table_args__ = (UniqueConstraint("class_id", "display_name"),
                      Index("ix_class_members_name_key", "class_id", "name_key", unique=True))


class PinFailure(Base):
    """A PIN checked for a class member's name, counted as wrong until it proves right (kept a
    short while, to limit wrong PINs a minute per name, per class and per client: see
    :mod:`store.classes`)."""

    __tablename__ = "pin_failures"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    class_id: Mapped[int] = mapped_column(ForeignKey("classes.id", ondelete="CASCADE"))
    display_name: Mapped[str] = mapped_column(String(40))
    at: Mapped[datetime] = mapped_column(UtcDateTime(), default=now)
    #: A hash of who sent the PIN (their address, else their browser session), or ``None``.
    client_key: Mapped[str | None] = mapped_column(String(64), nullable=True)
    __table_args__ = (Index("ix_pin_failures_name", "class_id", "display_name", "at"),
                      Index("ix_pin_failures_client", "client_key", "at"),
                      Index("ix_pin_failures_class", "class_id", "at"))


class LiveSession(Base):
    """A live class: students join with a short code; the teacher's controls open
    with a secret link (only its hash is kept). The question on the students' phones is
    ``current_question_id``; the session ends when the teacher ends it or at ``expires_at``."""

    __tablename__ = "live_sessions"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    join_code: Mapped[str] = mapped_column(String(12), unique=True, index=True)
    host_token_hash: Mapped[str] = mapped_column(String(64), unique=True, index=True)
    title: Mapped[str] = mapped_column(String(120), default="")
    created_at: Mapped[datetime] = mapped_column(UtcDateTime(), default=now)
    expires_at: Mapped[datetime] = mapped_column(UtcDateTime())
    ended_at: Mapped[datetime | None] = mapped_column(UtcDateTime(), nullable=True)
    #: The question on the phones (a row of ``live_questions``), or none between questions.
    current_question_id: Mapped[int | None] = mapped_column(Integer, nullable=True)


class LiveQuestion(Base):
    """One question put to the room: what the phones draw (``view``), the choices, which of
    them the engine counts right, its answer and reason (shown at the reveal).
    ``answers_n`` counts the answers (the row every answer updates, so an answer and the
    reveal cannot cross)."""

    __tablename__ = "live_questions"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    session_id: Mapped[int] = mapped_column(ForeignKey("live_sessions.id", ondelete="CASCADE"), index=True)
    seq: Mapped[int] = mapped_column(Integer)
    ref: Mapped[str] = mapped_column(String(120))
    kind: Mapped[str] = mapped_column(String(20))
    prompt: Mapped[str] = mapped_column(Text)
    #: ``[[value, label], ...]`` in the order the phones show them.
    choices: Mapped[Any] = mapped_column(JSON)  # Any: JSON; readers check it
    #: The values the engine counts right.
    right: Mapped[Any] = mapped_column(JSON)  # Any: JSON; readers check it
    answer_label: Mapped[str] = mapped_column(Text, default="")
    reason: Mapped[str] = mapped_column(Text, default="")
    view: Mapped[Any] = mapped_column(JSON, nullable=True)  # Any: JSON; readers check it
    answers_n: Mapped[int] = mapped_column(Integer, default=0)
    opened_at: Mapped[datetime] = mapped_column(UtcDateTime(), default=now)
    closed_at: Mapped[datetime | None] = mapped_column(UtcDateTime(), nullable=True)
    revealed_at: Mapped[datetime | None] = mapped_column(UtcDateTime(), nullable=True)
    __table_args__ = (UniqueConstraint("session_id", "seq"), UniqueConstraint("session_id", "ref"))


class LivePlayer(Base):
    """A student in a live class, under a name unique in it whatever its case and spacing
    (``name_key``); their phone holds a token (only its hash is kept). ``learner_id`` links a
    learner profile when the browser has one. ``left_at``: when they left ("Leave this class"),
    empty while they are in it (a student who comes back takes the row back)."""

    __tablename__ = "live_players"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    session_id: Mapped[int] = mapped_column(ForeignKey("live_sessions.id", ondelete="CASCADE"), index=True)
    name: Mapped[str] = mapped_column(String(40))
    name_key: Mapped[str] = mapped_column(String(160), default=_name_key_of("name"), server_default="")
    token_hash: Mapped[str] = mapped_column(String(64), unique=True, index=True)
    learner_id: Mapped[int | None] = mapped_column(ForeignKey("learners.id", ondelete="SET NULL"), nullable=True)
    joined_at: Mapped[datetime] = mapped_column(UtcDateTime(), default=now)
    left_at: Mapped[datetime | None] = mapped_column(UtcDateTime(), nullable=True)
    __table_args__ = (UniqueConstraint("session_id", "name"),
                      Index("ix_live_players_name_key", "session_id", "name_key", unique=True))


class LiveAnswer(Base):
    """A student's answer to a live question: one per student and question (the first tap
    counts)."""

    __tablename__ = "live_answers"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    question_id: Mapped[int] = mapped_column(ForeignKey("live_questions.id", ondelete="CASCADE"), index=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("live_players.id", ondelete="CASCADE"), index=True)
    choice: Mapped[str] = mapped_column(String(200))
    correct: Mapped[bool] = mapped_column(Boolean)
    answered_at: Mapped[datetime] = mapped_column(UtcDateTime(), default=now)
    __table_args__ = (UniqueConstraint("question_id", "player_id"),)
