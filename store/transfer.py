"""The progress file, built from the store: everything a learner did (every answer, hand and
game) plus the summary the version-1 file had. Importing adds the rows to the learner's own
(rows already there are not added twice); a version-1 file (summary only) still loads.

>>> check_rows([{"level": "a", "correct": True}], "lesson_attempts")[0]["level"]
'a'
>>> check_rows("x", "lesson_attempts")
Traceback (most recent call last):
...
store.transfer.TransferError: 'lesson_attempts' must be a list of answers.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from store import stats
from store.db import Store
from store.models import Game, Hand, Learner, LessonAttempt, PuzzleAttempt

__all__ = ["FORMAT", "MAX_BYTES", "TransferError", "check_rows", "export_dict", "import_dict", "parse"]

FORMAT = "moon-tutor-progress"
VERSION = 2
MAX_BYTES = 10_000_000
MAX_ROWS = 100_000


class TransferError(ValueError):
    """A progress file that cannot be loaded; the message says why."""


def _t(d: datetime) -> str:
    return (d if d.tzinfo else d.replace(tzinfo=UTC)).isoformat()


def export_dict(store: Store, learner_id: int) -> dict[str, Any]:
    """The learner's progress file as a JSON-ready dict (format ``moon-tutor-progress``, version 2)."""

    def work(s: Session) -> dict[str, Any]:
        learner = s.get(Learner, learner_id)
        if learner is None:
            raise LookupError("no such learner")
        summ = stats._summary(s, learner_id)
        les = s.scalars(select(LessonAttempt).where(LessonAttempt.learner_id == learner_id)
                        .order_by(LessonAttempt.id)).all()
        puz = s.scalars(select(PuzzleAttempt).where(PuzzleAttempt.learner_id == learner_id)
                        .order_by(PuzzleAttempt.id)).all()
        hands = s.scalars(select(Hand).where(Hand.learner_id == learner_id).order_by(Hand.id)).all()
        games = s.scalars(select(Game).where(Game.learner_id == learner_id).order_by(Game.id)).all()
        return {
            "format": FORMAT, "version": VERSION, "name": learner.name,
            "stars": dict(sorted(summ.stars.items())), "puzzles_solved": summ.puzzles_solved,
            "best_streak": summ.best_streak, "streak": summ.streak,
            "hands_played": summ.hands_played, "games_won": summ.games_won,
            "lesson_attempts": [
                {"level": r.level_id, "stage": r.stage_id, "answer": r.answer, "correct": r.correct,
                 "try": r.try_number, "hints": r.hints, "seconds": r.seconds, "par": r.par,
                 "imported_stars": r.imported_stars, "at": _t(r.created_at)} for r in les],
            "puzzle_attempts": [
                {"puzzle": r.puzzle_id, "kind": r.kind, "themes": r.themes, "answer": r.answer,
                 "correct": r.correct, "gave_up": r.gave_up, "try": r.try_number, "hints": r.hints,
                 "seconds": r.seconds, "rating_after": r.rating_after, "at": _t(r.created_at)} for r in puz],
            "hands": [{"game": r.game_key, "hand": r.hand_number, "record": r.record, "at": _t(r.created_at)}
                      for r in hands],
            "games": [{"game": r.game_key, "won": r.won, "hands": r.hands, "at": _t(r.created_at)} for r in games],
        }

    return store.run(work)


def parse(data: str | bytes) -> dict[str, Any]:
    """Read a progress file's JSON (any version); :class:`TransferError` says what is wrong."""
    if isinstance(data, bytes | bytearray):
        if len(data) > MAX_BYTES:
            raise TransferError("This file is too large to be a progress file.")
        try:
            data = bytes(data).decode("utf-8")
        except UnicodeDecodeError:
            raise TransferError("This file is not text: a progress file is JSON.") from None
    try:
        obj = json.loads(data)
    except json.JSONDecodeError as e:
        raise TransferError(f"This is not valid JSON (line {e.lineno}: {e.msg}).") from None
    except RecursionError:
        raise TransferError("This file is nested too deeply to be a progress file.") from None
    except ValueError:
        # Python refuses to read integers of more than 4,300 digits (issue 15).
        raise TransferError("This file holds a number with thousands of digits; no number in it is that long.") from None
    if not isinstance(obj, dict):
        raise TransferError("A progress file holds a JSON object.")
    if obj.get("format") != FORMAT:
        raise TransferError(f"This is not a Moon Tutor progress file (its 'format' is {str(obj.get('format'))[:40]!r}).")
    if obj.get("version", 1) not in (1, 2):
        raise TransferError(f"This progress file is version {str(obj.get('version'))[:10]}, newer than this app reads.")
    return obj


_FIELDS: dict[str, dict[str, tuple[type | tuple[type, ...], bool]]] = {
    "lesson_attempts": {"level": (str, True), "stage": (str, False), "correct": (bool, True), "try": (int, False),
                        "hints": (int, False), "seconds": ((int, float), False), "par": (int, False),
                        "imported_stars": (int, False), "at": (str, False)},
    "puzzle_attempts": {"puzzle": (str, True), "kind": (str, False), "themes": (list, False), "correct": (bool, True),
                        "gave_up": (bool, False), "try": (int, False), "hints": (int, False),
                        "seconds": ((int, float), False), "rating_after": ((int, float), False), "at": (str, False)},
    "hands": {"game": (str, True), "hand": (int, True), "at": (str, False)},
    "games": {"game": (str, True), "won": (bool, True), "hands": (int, False), "at": (str, False)},
}


def check_rows(rows: Any, key: str) -> list[dict[str, Any]]:
    """The rows of one table of a version-2 file, checked field by field."""
    if not isinstance(rows, list) or len(rows) > MAX_ROWS:
        raise TransferError(f"{key!r} must be a list of answers.")
    for i, row in enumerate(rows):
        if not isinstance(row, dict):
            raise TransferError(f"{key!r} entry {i + 1} is not an object.")
        for name, (typ, required) in _FIELDS[key].items():
            v = row.get(name)
            if v is None:
                if required:
                    raise TransferError(f"{key!r} entry {i + 1} has no {name!r}.")
                continue
            if not isinstance(v, typ) or (typ is int and isinstance(v, bool)):
                raise TransferError(f"{key!r} entry {i + 1}: {name!r} has the wrong type.")
            if isinstance(v, str) and len(v) > 200:
                raise TransferError(f"{key!r} entry {i + 1}: {name!r} is too long.")
            if name == "at":
                try:
                    datetime.fromisoformat(str(v))
                except ValueError:
                    raise TransferError(f"{key!r} entry {i + 1}: 'at' is not a date and time.") from None
    return rows


def _when(row: dict[str, Any]) -> datetime:
    at = row.get("at")
    if not at:
        return datetime.now(UTC)
    d = datetime.fromisoformat(at)
    return d if d.tzinfo else d.replace(tzinfo=UTC)


def _key(d: datetime) -> str:
    return (d if d.tzinfo else d.replace(tzinfo=UTC)).astimezone(UTC).isoformat(timespec="microseconds")


def import_dict(store: Store, learner_id: int, obj: dict[str, Any]) -> dict[str, int]:
    """Add a parsed progress file's rows to the learner (skipping rows already there);
    returns how many rows of each table were added. A version-1 file becomes one row per
    level (with its stars), per puzzle solved and per hand played."""
    version = obj.get("version", 1)
    if version == 1:
        return _import_v1(store, learner_id, obj)
    tables = {k: check_rows(obj.get(k, []), k) for k in _FIELDS}

    def work(s: Session) -> dict[str, int]:
        added = dict.fromkeys(tables, 0)
        have_l = {(r.level_id, _key(r.created_at), r.try_number, r.correct) for r in s.scalars(
            select(LessonAttempt).where(LessonAttempt.learner_id == learner_id))}
        for r in tables["lesson_attempts"]:
            when = _when(r)
            k = (r["level"], _key(when), r.get("try") or 1, r["correct"])
            if k in have_l:
                continue
            have_l.add(k)
            s.add(LessonAttempt(learner_id=learner_id, level_id=r["level"], stage_id=r.get("stage") or "",
                                answer=r.get("answer"), correct=r["correct"], try_number=r.get("try") or 1,
                                hints=r.get("hints") or 0, seconds=r.get("seconds"), par=r.get("par") or 1,
                                imported_stars=r.get("imported_stars"), created_at=when))
            added["lesson_attempts"] += 1
        have_p = {(r.puzzle_id, _key(r.created_at), r.try_number, r.correct) for r in s.scalars(
            select(PuzzleAttempt).where(PuzzleAttempt.learner_id == learner_id))}
        for r in tables["puzzle_attempts"]:
            when = _when(r)
            k = (r["puzzle"], _key(when), r.get("try") or 1, r["correct"])
            if k in have_p:
                continue
            have_p.add(k)
            s.add(PuzzleAttempt(learner_id=learner_id, puzzle_id=r["puzzle"], kind=r.get("kind") or "",
                                themes=[str(t)[:60] for t in r.get("themes") or []][:20], answer=r.get("answer"),
                                correct=r["correct"], gave_up=bool(r.get("gave_up")), try_number=r.get("try") or 1,
                                hints=r.get("hints") or 0, seconds=r.get("seconds"),
                                rating_after=r.get("rating_after"), created_at=when))
            added["puzzle_attempts"] += 1
        have_h = {(r.game_key, r.hand_number) for r in s.scalars(select(Hand).where(Hand.learner_id == learner_id))}
        for r in tables["hands"]:
            if (r["game"], r["hand"]) in have_h:
                continue
            have_h.add((r["game"], r["hand"]))
            s.add(Hand(learner_id=learner_id, game_key=r["game"], hand_number=r["hand"], record=r.get("record"),
                       created_at=_when(r)))
            added["hands"] += 1
        have_g = {r.game_key for r in s.scalars(select(Game).where(Game.learner_id == learner_id))}
        for r in tables["games"]:
            if r["game"] in have_g:
                continue
            have_g.add(r["game"])
            s.add(Game(learner_id=learner_id, game_key=r["game"], won=r["won"], hands=r.get("hands") or 0,
                       created_at=_when(r)))
            added["games"] += 1
        return added

    return store.run(work)


def _import_v1(store: Store, learner_id: int, obj: dict[str, Any]) -> dict[str, int]:
    """A version-1 file (already checked by the app's ``Progress.from_dict``)."""
    stars: dict[str, int] = obj.get("stars", {})
    solved: list[str] = obj.get("puzzles_solved", [])

    def work(s: Session) -> dict[str, int]:
        have = stats._summary(s, learner_id)
        added = {"lesson_attempts": 0, "puzzle_attempts": 0, "hands": 0, "games": 0}
        for level, n in stars.items():
            if n > have.stars.get(level, -1):
                s.add(LessonAttempt(learner_id=learner_id, level_id=level, correct=n > 0, imported_stars=n))
                added["lesson_attempts"] += 1
        for pid in solved:
            if pid not in have.puzzles_solved:
                s.add(PuzzleAttempt(learner_id=learner_id, puzzle_id=pid, correct=True, try_number=2))
                added["puzzle_attempts"] += 1
        for i in range(max(0, int(obj.get("hands_played", 0)) - have.hands_played)):
            s.add(Hand(learner_id=learner_id, game_key=f"imported-{datetime.now(UTC).isoformat()}", hand_number=i))
            added["hands"] += 1
        for i in range(max(0, int(obj.get("games_won", 0)) - have.games_won)):
            s.add(Game(learner_id=learner_id, game_key=f"imported-{datetime.now(UTC).isoformat()}-{i}", won=True))
            added["games"] += 1
        learner = s.get(Learner, learner_id)
        if learner is not None:
            learner.imported_best_streak = max(learner.imported_best_streak, int(obj.get("best_streak", 0)))
        return added

    return store.run(work)
