"""What a stored answer, hand or game may hold, and what a progress file may claim.

The progress file's import (:mod:`store.transfer`) checks every field against these ranges
and caps before it writes a row; the readers (:mod:`store.stats`, :mod:`store.classes`,
:mod:`store.practice`) check the fields they use again on every row they read, and skip (and
log, once per row) a row outside them, so one bad row in a database never breaks a page.

>>> whole(3, 0, 3), whole(True, 0, 3), whole(-3, 0, MAX_HINTS)
(True, False, False)
>>> real(float("nan"), 0, 1), real(0.5, 0, 1)
(False, True)
>>> text_fault("tiles\\x00", MAX_ID)
'holds a control character'
>>> json_fault({"a": [1, 2.5, "x"]}, MAX_ANSWER_CHARS) is None
True
>>> json_fault([float("inf")], MAX_ANSWER_CHARS)
'holds a number that is not finite'
>>> lesson_fault(1, -3, None)
'hints'
>>> principle_miss_fault("draw-trumps", "7-ab12", 1, 3, "6-4", "6-6", 3) is None
True
>>> principle_miss_fault("draw-trumps", "7-ab12", 1, 8, "6-4", "6-6", 3)
'trick'
"""

from __future__ import annotations

import json
import logging
import math
import re
from datetime import UTC, datetime, timedelta
from typing import TypeGuard

from content.stars import MAX_STARS
from engine.limits import MAX_HANDS as MAX_HANDS_PER_GAME

__all__ = [
    "EARLIEST",
    "FUTURE",
    "MAX_ANSWERS",
    "MAX_ANSWER_CHARS",
    "MAX_GAMES",
    "MAX_HANDS_PER_GAME",
    "MAX_HANDS_PLAYED",
    "MAX_HINTS",
    "MAX_ID",
    "MAX_KIND",
    "MAX_NAME",
    "MAX_PAR",
    "MAX_PRINCIPLE_MISSES",
    "MAX_RATING",
    "MAX_RECORD_CHARS",
    "MAX_SECONDS",
    "MAX_STARS",
    "MAX_STREAK",
    "MAX_THEME",
    "MAX_THEMES",
    "MAX_TRICK",
    "MAX_TRIES",
    "MIN_RATING",
    "PRINCIPLE_ID",
    "TILE",
    "json_fault",
    "lesson_fault",
    "principle_miss_fault",
    "puzzle_fault",
    "real",
    "skip_row",
    "text_fault",
    "whole",
]

#: Tries at one question (the try number of an answer), 1 to this.
MAX_TRIES = 1_000
#: Hints asked for at one question, 0 to this (a question has two hint steps).
MAX_HINTS = 100
#: A level's par, 1 to this (old rows only: stars no longer read it).
MAX_PAR = 100
#: Seconds spent on one answer, 0 to this (a year: a tab left open counts its days).
MAX_SECONDS = 366 * 24 * 3600
#: A learner's rating after a puzzle (Glicko-2 starts at 1500; the puzzles span 600-2500).
MIN_RATING, MAX_RATING = 0.0, 5_000.0
#: Level, puzzle, stage and game ids (the width of their columns), a puzzle's kind.
MAX_ID, MAX_KIND = 200, 40
#: The themes of a puzzle answer: at most this many, each at most ``MAX_THEME`` characters.
MAX_THEMES, MAX_THEME = 20, 60
#: A learner's name in a file (the app keeps 60 characters).
MAX_NAME = 200
#: An answer as JSON text (a list of tiles is about 100 characters), a hand record (about 1 kB).
MAX_ANSWER_CHARS, MAX_RECORD_CHARS = 2_000, 20_000
#: Answers to levels, and answers to puzzles, one learner may have from files (each): 20,000
#: answers is some 50 hours of answering without a pause, for a course of about 100 levels
#: and 200 puzzles.
MAX_ANSWERS = 20_000
#: Hands one learner may have played (a hand takes a minute at the very least: 160 hours).
MAX_HANDS_PLAYED = 10_000
#: Games one learner may have played to the end (a game is several hands).
MAX_GAMES = 2_000
#: A puzzle streak (each step is an answer).
MAX_STREAK = MAX_ANSWERS
#: Dates in a file: not before the app existed, not more than a day ahead of the server.
EARLIEST = datetime(2020, 1, 1, tzinfo=UTC)
FUTURE = timedelta(days=1)
#: JSON values (answers, records) nest at most this deep and hold whole numbers of at most
#: this size.
_MAX_DEPTH = 8
_MAX_NUMBER = 10**15

_CONTROL = re.compile(r"[\x00-\x1f\x7f\ud800-\udfff]")
_NUL_OR_SURROGATE = re.compile(r"[\x00\ud800-\udfff]")

log = logging.getLogger("store")


def whole(v: object, lo: int, hi: int) -> TypeGuard[int]:
    """``v`` is a whole number (not a bool) from ``lo`` to ``hi``."""
    return type(v) is int and lo <= v <= hi


def real(v: object, lo: float, hi: float) -> TypeGuard[float]:
    """``v`` is a finite number (not a bool) from ``lo`` to ``hi``."""
    if type(v) is int:
        return lo <= v <= hi
    return type(v) is float and math.isfinite(v) and lo <= v <= hi


def text_fault(v: object, max_len: int) -> str | None:
    """What is wrong with ``v`` as an id or a name (``None`` when nothing): text of at most
    ``max_len`` characters, without control characters (NUL among them) or lone surrogates."""
    if not isinstance(v, str):
        return "is not text"
    if len(v) > max_len:
        return f"is longer than {max_len} characters"
    if _CONTROL.search(v):
        return "holds a control character"
    return None


def json_fault(v: object, max_chars: int) -> str | None:
    """What is wrong with ``v`` as a stored JSON value (an answer, a hand record), or ``None``:
    at most ``max_chars`` characters of JSON, nested at most 8 deep, finite numbers of at
    most 15 digits, text without NUL or lone surrogates."""
    budget = [max_chars]

    def walk(x: object, depth: int) -> str | None:
        budget[0] -= 1
        if budget[0] < 0:
            return f"is longer than {max_chars} characters of JSON"
        if x is None or isinstance(x, bool):
            return None
        if isinstance(x, int):
            return None if -_MAX_NUMBER <= x <= _MAX_NUMBER else "holds a number of more than 15 digits"
        if isinstance(x, float):
            return None if math.isfinite(x) and abs(x) <= _MAX_NUMBER else "holds a number that is not finite"
        if isinstance(x, str):
            budget[0] -= len(x)
            if budget[0] < 0:
                return f"is longer than {max_chars} characters of JSON"
            return "holds a NUL or an unpaired surrogate character" if _NUL_OR_SURROGATE.search(x) else None
        if depth >= _MAX_DEPTH:
            return f"is nested more than {_MAX_DEPTH} deep"
        if isinstance(x, list):
            for y in x:
                fault = walk(y, depth + 1)
                if fault:
                    return fault
            return None
        if isinstance(x, dict):
            for k, y in x.items():
                fault = walk(k, depth + 1) if isinstance(k, str) else "has a key that is not text"
                fault = fault or walk(y, depth + 1)
                if fault:
                    return fault
            return None
        return "is not JSON"

    fault = walk(v, 0)
    if fault is None and len(json.dumps(v, allow_nan=False)) > max_chars:
        fault = f"is longer than {max_chars} characters of JSON"
    return fault


def lesson_fault(try_number: object, hints: object, imported_stars: object) -> str | None:
    """The field of a stored lesson answer that the readers cannot use, or ``None``."""
    if not whole(try_number, 1, MAX_TRIES):
        return "try_number"
    if not whole(hints, 0, MAX_HINTS):
        return "hints"
    if imported_stars is not None and not whole(imported_stars, 0, MAX_STARS):
        return "imported_stars"
    return None


#: A principle's id (``"draw-trumps"``): lower-case words joined by hyphens, at most 60 characters.
PRINCIPLE_ID = re.compile(r"(?=.{1,60}$)[a-z0-9]+(-[a-z0-9]+)*")
#: A tile as stored (``"6-4"``).
TILE = re.compile(r"[0-6]-[0-6]")
#: Tricks in a hand: seven, with 3 or 4 players.
MAX_TRICK = 7
#: Principles missed in games one learner may have (a miss per trick of every hand played).
MAX_PRINCIPLE_MISSES = MAX_HANDS_PLAYED * MAX_TRICK


def principle_miss_fault(principle: object, game_key: object, hand_number: object, trick: object,
                         tile: object, better: object, players: object) -> str | None:
    """The field of a principle missed in a game (:class:`store.models.PrincipleMiss`) that
    is out of shape, or ``None``: a principle id of at most 60 characters, a game id, a hand
    number 1 to ``MAX_HANDS_PER_GAME``, a trick 1 to 7, two tiles (``"6-4"``), 3 or 4 players."""
    if not isinstance(principle, str) or not PRINCIPLE_ID.fullmatch(principle):
        return "principle"
    if text_fault(game_key, MAX_ID) is not None or not game_key:
        return "game_key"
    if not whole(hand_number, 1, MAX_HANDS_PER_GAME):
        return "hand_number"
    if not whole(trick, 1, MAX_TRICK):
        return "trick"
    for name, t in (("tile", tile), ("better", better)):
        if not isinstance(t, str) or not TILE.fullmatch(t):
            return name
    if not whole(players, 3, 4):
        return "players"
    return None


def puzzle_fault(try_number: object, hints: object, themes: object = (), rating_after: object = None) -> str | None:
    """The field of a stored puzzle answer that the readers cannot use, or ``None``."""
    if not whole(try_number, 1, MAX_TRIES):
        return "try_number"
    if not whole(hints, 0, MAX_HINTS):
        return "hints"
    if themes is not None and (not isinstance(themes, list | tuple) or len(themes) > MAX_THEMES
                               or any(text_fault(t, MAX_THEME) for t in themes)):
        return "themes"
    if rating_after is not None and not real(rating_after, MIN_RATING, MAX_RATING):
        return "rating_after"
    return None


_logged: set[tuple[str, object]] = set()


def skip_row(table: str, row_id: object, field: str) -> None:
    """Log (once per row and process) that a reader skipped a stored row it cannot use."""
    key = (table, row_id)
    if key in _logged:
        return
    if len(_logged) < 10_000:
        _logged.add(key)
    log.warning("skipped %s row %s: its %r is out of range", table, row_id, field)
