"""The progress file, built from the store: everything a learner did (every answer, hand and
game, every Play better principle their reviewed hands showed missed) plus the summary the version-1 file had. Importing adds the rows to the learner's own
(rows already there are not added twice); a version-1 file (summary only) still loads.

Every field of every version is checked (:func:`check`) before any row is written: types,
ranges, the course's level and puzzle ids (:class:`Known`, given by the caller), dates, text
and the caps of :mod:`store.limits`. One bad field refuses the whole file, with a message
naming the table, the entry and the field. Rows loaded from a file are marked ``imported``
(the teacher's dashboard tells them apart); a file's summary counts (hands played, games
won, best streak) become the learner's ``imported_*`` counts, not one row per hand.

>>> known = Known(frozenset({"tiles-sixes"}), frozenset({"p1"}))
>>> check_rows([{"level": "tiles-sixes", "correct": True}], "lesson_attempts", known)[0]["level"]
'tiles-sixes'
>>> check_rows([{"level": "tiles-sixes", "correct": True, "hints": -3}], "lesson_attempts", known)
Traceback (most recent call last):
...
store.transfer.TransferError: Lesson answer 1 ('lesson_attempts' entry 1): the number of hints ('hints') is out of range (a whole number from 0 to 100, not -3).
>>> check_rows("x", "lesson_attempts", known)
Traceback (most recent call last):
...
store.transfer.TransferError: 'lesson_attempts' must be a list of entries.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, TypeAlias, TypeVar

from sqlalchemy import ColumnElement, func, select
from sqlalchemy.orm import Session

from engine.limits import json_trouble, quote
from store import limits, stats
from store.db import Store
from store.limits import (
    EARLIEST,
    FUTURE,
    MAX_ANSWER_CHARS,
    MAX_ANSWERS,
    MAX_GAMES,
    MAX_HANDS_PER_GAME,
    MAX_HANDS_PLAYED,
    MAX_HINTS,
    MAX_ID,
    MAX_KIND,
    MAX_NAME,
    MAX_PAR,
    MAX_PRINCIPLE_MISSES,
    MAX_RATING,
    MAX_RECORD_CHARS,
    MAX_SECONDS,
    MAX_STARS,
    MAX_STREAK,
    MAX_THEME,
    MAX_THEMES,
    MAX_TRICK,
    MAX_TRIES,
    MIN_RATING,
    PRINCIPLE_ID,
    TILE,
)
from store.models import Game, Hand, Learner, LessonAttempt, PrincipleMiss, PuzzleAttempt

__all__ = ["FORMAT", "MAX_BYTES", "Checked", "Known", "TransferError", "check", "check_rows", "export_dict",
           "import_dict", "parse", "summary_dict"]

FORMAT = "moon-tutor-progress"
VERSION = 2
MAX_BYTES = 10_000_000
#: The most entries of each table a file may hold (and a learner may reach by loading files).
CAPS = {"lesson_attempts": MAX_ANSWERS, "puzzle_attempts": MAX_ANSWERS, "hands": MAX_HANDS_PLAYED,
        "games": MAX_GAMES, "principle_misses": MAX_PRINCIPLE_MISSES}
_WHAT = {"lesson_attempts": "answers to levels", "puzzle_attempts": "answers to puzzles",
         "hands": "hands played", "games": "games played", "principle_misses": "principles missed in games"}


class TransferError(ValueError):
    """A progress file that cannot be loaded; the message says why."""


@dataclass(frozen=True)
class Known:
    """What the course holds: the only level and puzzle ids a progress file may name, and
    (when given) each level's stage, which is stored in place of the stage a file names."""

    level_ids: frozenset[str]
    puzzle_ids: frozenset[str]
    stages: Mapping[str, str] = field(default_factory=dict, compare=False)


#: One checked entry of a progress file: field name -> value, each value checked by its
#: field's check in ``_FIELDS`` (so it has the type of the model column it is written to).
#: ``Any`` on purpose: the fields' types differ, and :func:`_add_rows` writes each to its column.
CheckedRow: TypeAlias = dict[str, Any]  # Any: checked fields of differing column types

_T = TypeVar("_T")


@dataclass
class Checked:
    """A progress file, every field checked: the rows of each table (defaults filled in,
    ``at`` an aware time) and the summary."""

    version: int
    tables: dict[str, list[CheckedRow]] = field(default_factory=dict)
    stars: dict[str, int] = field(default_factory=dict)
    puzzles_solved: list[str] = field(default_factory=list)
    best_streak: int = 0
    hands_played: int = 0
    games_won: int = 0


def _t(d: datetime) -> str:
    return (d if d.tzinfo else d.replace(tzinfo=UTC)).isoformat()


# -- checking ---------------------------------------------------------------------------------------


class _Fault(Exception):
    """A field's fault: the words after the field's name."""


def _show(v: object) -> str:
    return quote(v, 40)


def _number(x: float) -> str:
    """A bound as a person writes it: ``31622400``, ``0.5`` (never ``3.16224e+07``)."""
    return str(int(x)) if float(x).is_integer() else f"{x:,.6f}".rstrip("0").replace(",", "")


def _whole(lo: int, hi: int) -> Callable[[object], int]:
    def check(v: object) -> int:
        if type(v) is not int:
            raise _Fault(f"has the wrong type (a whole number, not {_show(v)})")
        if not lo <= v <= hi:
            raise _Fault(f"is out of range (a whole number from {lo} to {hi}, not {_show(v)})")
        return v
    return check


def _real(lo: float, hi: float) -> Callable[[object], float]:
    def check(v: object) -> float:
        if type(v) is not int and type(v) is not float:
            raise _Fault(f"has the wrong type (a number, not {_show(v)})")
        if not limits.real(v, lo, hi):
            raise _Fault(f"is out of range (a number from {_number(lo)} to {_number(hi)}, not {_show(v)})")
        return v
    return check


def _bool(v: object) -> bool:
    if not isinstance(v, bool):
        raise _Fault(f"has the wrong type (true or false, not {_show(v)})")
    return v


def _text(max_len: int) -> Callable[[object], str]:
    def check(v: object) -> str:
        if not isinstance(v, str):
            raise _Fault(f"has the wrong type (text, not {_show(v)})")
        fault = limits.text_fault(v, max_len)
        if fault:
            raise _Fault(fault)
        return v
    return check


def _json(max_chars: int) -> Callable[[object], object]:
    def check(v: object) -> object:
        fault = limits.json_fault(v, max_chars)
        if fault:
            raise _Fault(fault)
        return v
    return check


def _principle(v: object) -> str:
    if not isinstance(v, str) or not PRINCIPLE_ID.fullmatch(v):
        raise _Fault(f"is not a principle's id (lower-case words joined by hyphens, not {_show(v)})")
    return v


def _tile(v: object) -> str:
    if not isinstance(v, str) or not TILE.fullmatch(v):
        raise _Fault(f"is not a tile (such as \"6-4\", not {_show(v)})")
    return v


def _themes(v: object) -> list[object]:
    if not isinstance(v, list):
        raise _Fault(f"has the wrong type (a list of theme names, not {_show(v)})")
    if len(v) > MAX_THEMES:
        raise _Fault(f"lists more than {MAX_THEMES} themes")
    for t in v:
        _text(MAX_THEME)(t)
    return list(v)


def _when(v: object) -> datetime:
    if not isinstance(v, str):
        raise _Fault(f"has the wrong type (a date and time as text, not {_show(v)})")
    if len(v) > 40:
        raise _Fault("is not a date and time")
    window = f"is out of range (a date from {EARLIEST.date()} to today, not {_show(v)})"
    try:
        d = datetime.fromisoformat(v)
    except ValueError:
        raise _Fault(f"is not a date and time ({_show(v)})") from None
    try:
        d = (d if d.tzinfo else d.replace(tzinfo=UTC)).astimezone(UTC)
    except OverflowError:  # a time zone that takes it past year 1 or 9999
        raise _Fault(window) from None
    if not EARLIEST <= d <= datetime.now(UTC) + FUTURE:
        raise _Fault(window)
    return d


#: Per table: field -> (check, required, default). An id field is checked against the course
#: separately (``_IDS``).
_Spec = dict[str, tuple[Callable[[object], object], bool, object]]
_FIELDS: dict[str, _Spec] = {
    "lesson_attempts": {
        "level": (_text(MAX_ID), True, None), "stage": (_text(MAX_ID), False, ""),
        "answer": (_json(MAX_ANSWER_CHARS), False, None), "correct": (_bool, True, None),
        "try": (_whole(1, MAX_TRIES), False, 1), "hints": (_whole(0, MAX_HINTS), False, 0),
        "seconds": (_real(0, MAX_SECONDS), False, None), "par": (_whole(1, MAX_PAR), False, 1),
        "imported_stars": (_whole(0, MAX_STARS), False, None), "at": (_when, False, None),
        "practice": (_bool, False, False),
    },
    "puzzle_attempts": {
        "puzzle": (_text(MAX_ID), True, None), "kind": (_text(MAX_KIND), False, ""),
        "themes": (_themes, False, []), "answer": (_json(MAX_ANSWER_CHARS), False, None),
        "correct": (_bool, True, None), "gave_up": (_bool, False, False),
        "try": (_whole(1, MAX_TRIES), False, 1), "hints": (_whole(0, MAX_HINTS), False, 0),
        "seconds": (_real(0, MAX_SECONDS), False, None),
        "rating_after": (_real(MIN_RATING, MAX_RATING), False, None), "at": (_when, False, None),
    },
    "hands": {
        "game": (_text(MAX_ID), True, None), "hand": (_whole(0, MAX_HANDS_PER_GAME), True, None),
        "record": (_json(MAX_RECORD_CHARS), False, None), "at": (_when, False, None),
    },
    "games": {
        "game": (_text(MAX_ID), True, None), "won": (_bool, True, None),
        "hands": (_whole(0, MAX_HANDS_PER_GAME), False, 0), "at": (_when, False, None),
    },
    "principle_misses": {
        "principle": (_principle, True, None), "game": (_text(MAX_ID), True, None),
        "hand": (_whole(1, MAX_HANDS_PER_GAME), True, None), "trick": (_whole(1, MAX_TRICK), True, None),
        "tile": (_tile, True, None), "better": (_tile, True, None), "players": (_whole(3, 4), True, None),
        "at": (_when, False, None),
    },
}
_IDS = {"lesson_attempts": ("level", "level_ids", "level of the course"),
        "puzzle_attempts": ("puzzle", "puzzle_ids", "puzzle of the app")}


#: What an entry of each table is, and what each field holds, in a learner's words (the file's
#: own names follow in brackets, so a message can be found in the file).
_ENTRY = {"lesson_attempts": "lesson answer", "puzzle_attempts": "puzzle answer",
          "hands": "hand", "games": "game", "principle_misses": "principle missed in a game"}
_FIELD = {"level": "the level", "stage": "the stage", "answer": "the answer", "correct": "right or wrong",
          "try": "the try number", "hints": "the number of hints", "seconds": "the time taken",
          "par": "the par", "imported_stars": "the stars", "at": "the date", "puzzle": "the puzzle",
          "kind": "the kind", "themes": "the themes", "gave_up": "gave up or not",
          "rating_after": "the rating", "game": "the game", "hand": "the hand number",
          "record": "the hand's record", "won": "won or not", "hands": "the number of hands",
          "principle": "the principle", "trick": "the trick", "tile": "the tile played",
          "better": "the better tile", "players": "the number of players"}


def _field(name: str) -> str:
    return f"{_FIELD[name]} ({name!r})" if name in _FIELD else repr(name)


def _row(row: object, key: str, known: Known | None, where: str) -> CheckedRow:
    """One entry checked field by field (``known`` ``None``: ids and dates are not checked
    against the course and the calendar, as for rows already stored)."""
    if not isinstance(row, dict):
        raise TransferError(f"{where} is not an object.")
    out: CheckedRow = {}
    for name, (check_field, required, default) in _FIELDS[key].items():
        v = row.get(name)
        if v is None:
            if required:
                raise TransferError(f"{where} has no {_field(name)}.")
            out[name] = default
            continue
        if name == "at" and known is None:
            out[name] = v
            continue
        try:
            out[name] = check_field(v)
        except _Fault as e:
            raise TransferError(f"{where}: {_field(name)} {e}.") from None
    ids = _IDS.get(key)
    if ids is not None and known is not None:
        name, attr, what = ids
        if out[name] not in getattr(known, attr):
            raise TransferError(f"{where}: {_field(name)} names no {what} ({_show(out[name])}).")
        if key == "lesson_attempts":
            out["stage"] = known.stages.get(out["level"], out["stage"])
    return out


def check_rows(rows: object, key: str, known: Known) -> list[CheckedRow]:
    """The entries of one table of a version-2 file, every field checked (see the module
    doc); raises :class:`TransferError` naming the table, the entry and the field."""
    if not isinstance(rows, list):
        raise TransferError(f"{key!r} must be a list of entries.")
    if len(rows) > CAPS[key]:
        raise TransferError(f"{key!r} holds {len(rows)} entries: a progress file holds at most {CAPS[key]} "
                            f"{_WHAT[key]}, more than anyone could have played.")
    return [_row(row, key, known, f"{_ENTRY[key].capitalize()} {i + 1} ({key!r} entry {i + 1})")
            for i, row in enumerate(rows)]


def _summary_field(obj: Mapping[str, object], name: str, check_field: Callable[[object], _T], default: _T) -> _T:
    v = obj.get(name)
    if v is None:
        return default
    try:
        return check_field(v)
    except _Fault as e:
        raise TransferError(f"{name!r} {e}.") from None


def check(obj: object, known: Known) -> Checked:
    """A parsed progress file (any version) with every field checked; raises
    :class:`TransferError` naming what is wrong. Nothing is written."""
    if not isinstance(obj, dict):
        raise TransferError("A progress file holds a JSON object.")
    if obj.get("format") != FORMAT:
        raise TransferError(f"This is not a Moon Tutor progress file (its 'format' is {_show(obj.get('format'))}).")
    version = obj.get("version", 1)
    if type(version) is not int or version not in (1, 2):
        raise TransferError(f"This progress file is version {_show(version)}, newer than this app reads.")
    out = Checked(version)
    _summary_field(obj, "name", _text(MAX_NAME), "")
    stars = obj.get("stars", {})
    if not isinstance(stars, dict):
        raise TransferError("'stars' has the wrong type (an object of level ids and 0-3 stars).")
    if len(stars) > len(known.level_ids):
        raise TransferError(f"'stars' names {len(stars)} levels; the course has {len(known.level_ids)}.")
    for level, n in stars.items():
        if type(n) is not int or not 0 <= n <= MAX_STARS:
            raise TransferError(f"'stars' entry {_show(level)}: the stars for a level are a whole number "
                                f"from 0 to {MAX_STARS}, not {_show(n)}.")
        if level not in known.level_ids:
            raise TransferError(f"'stars' entry {_show(level)} names no level of the course.")
        out.stars[level] = n
    solved = obj.get("puzzles_solved", [])
    if not isinstance(solved, list):
        raise TransferError("'puzzles_solved' has the wrong type (a list of puzzle ids).")
    if len(solved) > MAX_ANSWERS:
        raise TransferError(f"'puzzles_solved' lists more than {MAX_ANSWERS} puzzles.")
    for i, pid in enumerate(solved):
        if not isinstance(pid, str) or pid not in known.puzzle_ids:
            raise TransferError(f"'puzzles_solved' entry {i + 1} names no puzzle of the app ({_show(pid)}).")
    out.puzzles_solved = list(dict.fromkeys(solved))
    out.best_streak = _summary_field(obj, "best_streak", _whole(0, MAX_STREAK), 0)
    _summary_field(obj, "streak", _whole(0, MAX_STREAK), 0)
    out.hands_played = _summary_field(obj, "hands_played", _whole(0, MAX_HANDS_PLAYED), 0)
    out.games_won = _summary_field(obj, "games_won", _whole(0, MAX_GAMES), 0)
    if version == 2:
        out.tables = {k: check_rows(obj.get(k, []), k, known) for k in _FIELDS}
    return out


# -- export ---------------------------------------------------------------------------------------------


def _exportable(rows: list[dict[str, object]], key: str, ids: list[int]) -> list[dict[str, object]]:
    """The rows a progress file can hold (a bad stored row is left out and logged)."""
    out = []
    for row, row_id in zip(rows, ids, strict=True):
        try:
            _row(row, key, None, key)
        except TransferError as e:
            limits.skip_row(key, row_id, str(e))
            continue
        out.append(row)
    return out


def export_dict(store: Store, learner_id: int, options: Mapping[str, int] | None = None) -> dict[str, object]:
    """The learner's progress file as a JSON-ready dict (format ``moon-tutor-progress``, version 2;
    ``options``: as :attr:`store.stats.Summary.options`, for the stars it writes)."""

    def work(s: Session) -> dict[str, object]:
        learner = s.get(Learner, learner_id)
        if learner is None:
            raise LookupError("no such learner")
        summ = stats._summary(s, learner_id, options)
        les = s.scalars(select(LessonAttempt).where(LessonAttempt.learner_id == learner_id)
                        .order_by(LessonAttempt.id)).all()
        puz = s.scalars(select(PuzzleAttempt).where(PuzzleAttempt.learner_id == learner_id)
                        .order_by(PuzzleAttempt.id)).all()
        hands = s.scalars(select(Hand).where(Hand.learner_id == learner_id).order_by(Hand.id)).all()
        games = s.scalars(select(Game).where(Game.learner_id == learner_id).order_by(Game.id)).all()
        misses = s.scalars(select(PrincipleMiss).where(PrincipleMiss.learner_id == learner_id)
                           .order_by(PrincipleMiss.id)).all()
        return {
            "format": FORMAT, "version": VERSION, "name": learner.name,
            "stars": dict(sorted(summ.stars.items())), "puzzles_solved": summ.puzzles_solved,
            "best_streak": summ.best_streak, "streak": summ.streak,
            "hands_played": summ.hands_played, "games_won": summ.games_won,
            "lesson_attempts": _exportable([
                {"level": r.level_id, "stage": r.stage_id, "answer": r.answer, "correct": r.correct,
                 "try": r.try_number, "hints": r.hints, "seconds": r.seconds, "par": r.par,
                 "imported_stars": r.imported_stars, "at": _t(r.created_at), "practice": r.practice} for r in les],
                "lesson_attempts", [r.id for r in les]),
            "puzzle_attempts": _exportable([
                {"puzzle": r.puzzle_id, "kind": r.kind, "themes": r.themes, "answer": r.answer,
                 "correct": r.correct, "gave_up": r.gave_up, "try": r.try_number, "hints": r.hints,
                 "seconds": r.seconds, "rating_after": r.rating_after, "at": _t(r.created_at)} for r in puz],
                "puzzle_attempts", [r.id for r in puz]),
            "hands": _exportable([{"game": r.game_key, "hand": r.hand_number, "record": r.record,
                                   "at": _t(r.created_at)} for r in hands], "hands", [r.id for r in hands]),
            "games": _exportable([{"game": r.game_key, "won": r.won, "hands": r.hands, "at": _t(r.created_at)}
                                  for r in games], "games", [r.id for r in games]),
            "principle_misses": _exportable([
                {"principle": r.principle, "game": r.game_key, "hand": r.hand_number, "trick": r.trick,
                 "tile": r.tile, "better": r.better, "players": r.players, "at": _t(r.created_at)} for r in misses],
                "principle_misses", [r.id for r in misses]),
        }

    return store.run(work)


def summary_dict(summ: stats.Summary) -> dict[str, object]:
    """A progress file of the summary alone (version 1, what :func:`import_dict` still reads):
    the download while the database is away, when there are no rows to export."""
    return {
        "format": FORMAT, "version": 1, "stars": dict(sorted(summ.stars.items())),
        "puzzles_solved": list(summ.puzzles_solved), "best_streak": summ.best_streak, "streak": summ.streak,
        "hands_played": summ.hands_played, "games_won": summ.games_won,
    }


# -- import ---------------------------------------------------------------------------------------------


def parse(data: str | bytes) -> dict[str, object]:
    """Read a progress file's JSON (any version); :class:`TransferError` says what is wrong."""
    if isinstance(data, bytes | bytearray):
        if len(data) > MAX_BYTES:
            raise TransferError("This file is too large to be a progress file.")
        try:
            data = bytes(data).decode("utf-8")
        except UnicodeDecodeError:
            raise TransferError("This file is not text: a progress file is JSON.") from None
        if not data.strip():
            raise TransferError("This file is empty: it holds no progress.")
    if len(data) > MAX_BYTES:
        raise TransferError("This text is too large to be a progress file.")
    try:
        obj = json.loads(data)
    except json.JSONDecodeError as e:
        raise TransferError(f"This file is not valid JSON: {json_trouble(e, data)}.") from None
    except RecursionError:
        raise TransferError("This file is nested too deeply to be a progress file.") from None
    except ValueError:
        # Python refuses to read integers of more than 4,300 digits.
        raise TransferError("This file holds a number with thousands of digits; no number in it is that long.") from None
    if not isinstance(obj, dict):
        raise TransferError("A progress file holds a JSON object.")
    if obj.get("format") != FORMAT:
        raise TransferError(f"This is not a Moon Tutor progress file (its 'format' is {_show(obj.get('format'))}).")
    version = obj.get("version", 1)
    if type(version) is not int or version not in (1, 2):
        raise TransferError(f"This progress file is version {_show(version)}, newer than this app reads.")
    return obj


def _key(d: datetime) -> str:
    return (d if d.tzinfo else d.replace(tzinfo=UTC)).astimezone(UTC).isoformat(timespec="microseconds")


def _count(s: Session, model: type[LessonAttempt | PuzzleAttempt | Hand | Game | PrincipleMiss], learner_id: int,
           *where: ColumnElement[bool]) -> int:
    return int(s.scalar(select(func.count()).select_from(model).where(model.learner_id == learner_id, *where)) or 0)


def import_dict(store: Store, learner_id: int, obj: Mapping[str, object], known: Known) -> dict[str, int]:
    """Add a parsed progress file's rows to the learner (skipping rows already there);
    returns how many rows of each table were added. ``known`` holds the course's level and
    puzzle ids: a file naming any other is refused. Every field is checked first
    (:func:`check`): a bad file raises :class:`TransferError` and writes nothing. A version-1
    file becomes one row per level (with its stars) and per puzzle solved; the summary counts
    of either version (hands played, games won, best streak) raise the learner's
    ``imported_*`` counts, so that the totals shown are at least the file's."""
    c = check(obj, known)
    now = datetime.now(UTC)

    def work(s: Session) -> dict[str, int]:
        learner = s.get(Learner, learner_id)
        if learner is None:
            raise LookupError("no such learner")
        added = _add_v1(s, learner_id, c) if c.version == 1 else _add_rows(s, learner_id, c, now)
        s.flush()
        for key, model in (("lesson_attempts", LessonAttempt), ("puzzle_attempts", PuzzleAttempt), ("hands", Hand),
                           ("games", Game), ("principle_misses", PrincipleMiss)):
            if added[key] and _count(s, model, learner_id) > CAPS[key]:
                raise TransferError(f"With this file you would have more than {CAPS[key]} {_WHAT[key]}, more "
                                    "than anyone could have played: it is refused.")
        hands = _count(s, Hand, learner_id)
        won = _count(s, Game, learner_id, Game.won.is_(True))
        learner.imported_hands = max(learner.imported_hands or 0, c.hands_played - hands)
        learner.imported_games_won = max(learner.imported_games_won or 0, c.games_won - won)
        learner.imported_best_streak = max(learner.imported_best_streak or 0, c.best_streak)
        return added

    return store.run(work)


def _add_rows(s: Session, learner_id: int, c: Checked, now: datetime) -> dict[str, int]:
    added = dict.fromkeys(c.tables, 0)
    have_l = {(r.level_id, _key(r.created_at), r.try_number, r.correct) for r in s.scalars(
        select(LessonAttempt).where(LessonAttempt.learner_id == learner_id))}
    for r in c.tables["lesson_attempts"]:
        when = r["at"] or now
        k = (r["level"], _key(when), r["try"], r["correct"])
        if k in have_l:
            continue
        have_l.add(k)
        s.add(LessonAttempt(learner_id=learner_id, level_id=r["level"], stage_id=r["stage"], answer=r["answer"],
                            correct=r["correct"], try_number=r["try"], hints=r["hints"], seconds=r["seconds"],
                            par=r["par"], imported_stars=r["imported_stars"], imported=True, created_at=when,
                            practice=r["practice"]))
        added["lesson_attempts"] += 1
    have_p = {(r.puzzle_id, _key(r.created_at), r.try_number, r.correct) for r in s.scalars(
        select(PuzzleAttempt).where(PuzzleAttempt.learner_id == learner_id))}
    for r in c.tables["puzzle_attempts"]:
        when = r["at"] or now
        k = (r["puzzle"], _key(when), r["try"], r["correct"])
        if k in have_p:
            continue
        have_p.add(k)
        s.add(PuzzleAttempt(learner_id=learner_id, puzzle_id=r["puzzle"], kind=r["kind"], themes=r["themes"],
                            answer=r["answer"], correct=r["correct"], gave_up=r["gave_up"], try_number=r["try"],
                            hints=r["hints"], seconds=r["seconds"], rating_after=r["rating_after"], imported=True,
                            created_at=when))
        added["puzzle_attempts"] += 1
    have_h = {(r.game_key, r.hand_number) for r in s.scalars(select(Hand).where(Hand.learner_id == learner_id))}
    for r in c.tables["hands"]:
        if (r["game"], r["hand"]) in have_h:
            continue
        have_h.add((r["game"], r["hand"]))
        s.add(Hand(learner_id=learner_id, game_key=r["game"], hand_number=r["hand"], record=r["record"],
                   created_at=r["at"] or now))
        added["hands"] += 1
    have_g = {r.game_key for r in s.scalars(select(Game).where(Game.learner_id == learner_id))}
    for r in c.tables["games"]:
        if r["game"] in have_g:
            continue
        have_g.add(r["game"])
        s.add(Game(learner_id=learner_id, game_key=r["game"], won=r["won"], hands=r["hands"],
                   created_at=r["at"] or now))
        added["games"] += 1
    have_m = {(r.game_key, r.hand_number, r.trick) for r in s.scalars(
        select(PrincipleMiss).where(PrincipleMiss.learner_id == learner_id))}
    for r in c.tables["principle_misses"]:
        if (r["game"], r["hand"], r["trick"]) in have_m:
            continue
        have_m.add((r["game"], r["hand"], r["trick"]))
        s.add(PrincipleMiss(learner_id=learner_id, principle=r["principle"], game_key=r["game"], hand_number=r["hand"],
                            trick=r["trick"], tile=r["tile"], better=r["better"], players=r["players"],
                            created_at=r["at"] or now))
        added["principle_misses"] += 1
    return added


def _add_v1(s: Session, learner_id: int, c: Checked) -> dict[str, int]:
    """A version-1 file: a row per level with its stars, a row per puzzle solved (hands and
    games are summary counts, never rows)."""
    have = stats._summary(s, learner_id)
    added = {"lesson_attempts": 0, "puzzle_attempts": 0, "hands": 0, "games": 0, "principle_misses": 0}
    for level, n in c.stars.items():
        if n > have.stars.get(level, -1):
            s.add(LessonAttempt(learner_id=learner_id, level_id=level, correct=n > 0, imported_stars=n,
                                imported=True))
            added["lesson_attempts"] += 1
    solved = set(have.puzzles_solved)
    for pid in c.puzzles_solved:
        if pid not in solved:
            s.add(PuzzleAttempt(learner_id=learner_id, puzzle_id=pid, correct=True, try_number=2, imported=True))
            added["puzzle_attempts"] += 1
    return added
