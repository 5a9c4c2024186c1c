"""The learner's progress: stars per lesson level, puzzles solved, streaks, hands played.

Computed from the learner's rows in the store (see :mod:`store.stats`) and shown in the sidebar
and on Home; the progress file (download and upload) is built by :mod:`store.transfer`.

>>> p = Progress()
>>> p.award("tiles-1", 2); p.award("tiles-1", 1); p.stars["tiles-1"]
2
>>> Progress.from_json(p.to_json()) == p
True
>>> Progress.from_json('{"format": "something else"}')
Traceback (most recent call last):
...
tutorial.services.progress.ProgressError: This is not a Moon Tutor progress file (its 'format' is 'something else').
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from engine.limits import quote

if TYPE_CHECKING:
    from store.transfer import Known

__all__ = ["FORMAT", "MAX_STARS", "Progress", "ProgressError", "check_file", "known_content"]

FORMAT = "moon-tutor-progress"
MAX_STARS = 3
_MAX_BYTES = 100_000
_MAX_ITEMS = 2000


class ProgressError(ValueError):
    """A progress file that cannot be read; the message says why."""


@dataclass
class Progress:
    """What the learner has done so far."""

    stars: dict[str, int] = field(default_factory=dict)
    puzzles_solved: list[str] = field(default_factory=list)
    best_streak: int = 0
    streak: int = 0
    hands_played: int = 0
    games_won: int = 0

    # -- updates ------------------------------------------------------------------------
    def award(self, level_id: str, stars: int) -> None:
        """Record ``stars`` (0-3) for a level; the best result is kept."""
        stars = max(0, min(MAX_STARS, int(stars)))
        if stars > self.stars.get(level_id, -1):
            self.stars[level_id] = stars

    def puzzle_result(self, puzzle_id: str, solved: bool, clean: bool = True) -> None:
        """A puzzle was solved (``clean``: first try, no hint) or given up. A clean solve
        extends the streak; anything else ends it."""
        if solved and puzzle_id not in self.puzzles_solved:
            self.puzzles_solved.append(puzzle_id)
        if solved and clean:
            self.streak += 1
            self.best_streak = max(self.best_streak, self.streak)
        else:
            self.streak = 0

    def total_stars(self) -> int:
        return sum(self.stars.values())

    def levels_done(self) -> int:
        return sum(1 for s in self.stars.values() if s > 0)

    def is_empty(self) -> bool:
        return self == Progress()

    # -- files ----------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "version": 1,
            "stars": dict(sorted(self.stars.items())),
            "puzzles_solved": list(self.puzzles_solved),
            "best_streak": self.best_streak,
            "streak": self.streak,
            "hands_played": self.hands_played,
            "games_won": self.games_won,
        }

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), indent=1)

    @classmethod
    def from_json(cls, data: str | bytes) -> Progress:
        """Read a progress file; anything wrong raises :class:`ProgressError`."""
        if isinstance(data, bytes | bytearray):
            if len(data) > _MAX_BYTES:
                raise ProgressError("This file is too large to be a progress file.")
            try:
                data = data.decode("utf-8")
            except UnicodeDecodeError:
                raise ProgressError("This file is not text: a progress file is JSON.") from None
        if len(data) > _MAX_BYTES:
            raise ProgressError("This text is too large to be a progress file.")
        from tutorial.services.uploads import read_json

        return cls.from_dict(read_json(data, "progress file", ProgressError))

    @classmethod
    def from_dict(cls, obj: Any) -> Progress:
        if not isinstance(obj, dict):
            raise ProgressError("A progress file holds a JSON object.")
        if obj.get("format") != FORMAT:
            raise ProgressError(
                f"This is not a Moon Tutor progress file (its 'format' is {quote(obj.get('format'))})."
            )
        stars = obj.get("stars", {})
        if not isinstance(stars, dict) or len(stars) > _MAX_ITEMS:
            raise ProgressError("The 'stars' of a progress file map level names to 0-3 stars.")
        clean: dict[str, int] = {}
        for k, v in stars.items():
            if not isinstance(k, str) or len(k) > 200 or type(v) is not int or not 0 <= v <= MAX_STARS:
                raise ProgressError(f"The stars for level {str(k)[:50]!r} must be a whole number from 0 to 3.")
            clean[k] = v
        solved = obj.get("puzzles_solved", [])
        if (
            not isinstance(solved, list)
            or len(solved) > _MAX_ITEMS
            or not all(isinstance(x, str) and len(x) <= 200 for x in solved)
        ):
            raise ProgressError("'puzzles_solved' must be a list of puzzle names.")
        from store.limits import MAX_GAMES, MAX_HANDS_PLAYED, MAX_STREAK

        numbers = {}
        caps = {"best_streak": MAX_STREAK, "streak": MAX_STREAK, "hands_played": MAX_HANDS_PLAYED,
                "games_won": MAX_GAMES}
        for key, cap in caps.items():
            v = obj.get(key, 0)
            if type(v) is not int or not 0 <= v <= cap:
                raise ProgressError(f"{key!r} must be a whole number from 0 to {cap}.")
            numbers[key] = v
        return cls(stars=clean, puzzles_solved=list(dict.fromkeys(solved)), **numbers)


def known_content() -> Known:
    """The course's level ids and the app's puzzle ids (a :class:`store.transfer.Known`): the
    only ids a progress file may name."""
    from store import transfer
    from tutorial.services.items import course, puzzles

    levels = {lv.id: str(lv.stage) for lv in course().levels()}
    return transfer.Known(frozenset(levels), frozenset(p.id for p in puzzles()), levels)


def check_file(raw: str | bytes, known: Known | None = None) -> dict[str, Any]:
    """A progress file read and every field of it checked (either version, see
    :func:`store.transfer.check`; ``known`` defaults to :func:`known_content`); raises
    :class:`ProgressError` saying what is wrong."""
    from store import transfer

    try:
        obj = transfer.parse(raw)
        transfer.check(obj, known if known is not None else known_content())
    except transfer.TransferError as e:
        raise ProgressError(str(e)) from None
    return obj
