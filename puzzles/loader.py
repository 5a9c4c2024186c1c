"""Load and validate the puzzles: TOML files of ``[[puzzle]]`` entries in ``puzzles/data/``.

A puzzle entry (compare a Lichess puzzle row: position, moves, rating, themes)::

    [[puzzle]]
    id = "legal-tiles-1017"
    kind = "legal_tiles"                  # a check kind (content.checks.KINDS)
    rules = { players = 4 }               # a RuleSet dict ({} = the classic game)
    to_play = 2                           # the seat to play (checked; omit when none)
    question = "Seat 1 led 5-3. Pick every tile seat 2 may play."
    solution = ["5-1", "5-3"]             # cross-checked with the engine's answer
    themes = ["legal-tiles", "two-suit-tile"]
    rating = 1150
    hints = ["Where to look.", "Optional words before the answer."]
    source = { kind = "generated", seed = 1017 }   # or { kind = "hand-written" }
    [puzzle.position]                    # see content.model.POSITION_FIELDS (no rules here)
    ...

Kind fields (``goal``, ``need``, ``suit``...) sit at the top of the entry, as in lessons.
Every problem is reported with file, entry and field; one bad puzzle never hides another.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from content.checks import KINDS
from content.errors import ContentError, ContentErrors, FieldError
from content.files import display_path, entry_name, read_toml
from content.items import Item, build_common, text_field
from engine import RuleSet
from puzzles.themes import THEMES

__all__ = ["BANDS", "DATA_DIR", "Puzzle", "band_of", "check_puzzles", "load_puzzles"]

DATA_DIR = Path(__file__).resolve().parent / "data"

#: Difficulty bands by rating: (name, lowest rating).
BANDS: tuple[tuple[str, int], ...] = (("beginner", 0), ("intermediate", 1000), ("advanced", 1500))

_FIELDS = {"id", "kind", "rules", "to_play", "question", "solution", "themes", "rating", "hints",
           "source", "position", "feedback"}


def band_of(rating: int) -> str:
    """The difficulty band of a rating."""
    name = BANDS[0][0]
    for band, low in BANDS:
        if rating >= low:
            name = band
    return name


@dataclass
class Puzzle(Item):
    """A puzzle (see :class:`~content.items.Item` for the API: answer, grade, hint...)."""

    themes: tuple[str, ...] = ()
    rating: int = 0
    source: dict[str, Any] = field(default_factory=dict)  # Any: TOML fields of differing types
    raw: dict[str, Any] = field(default_factory=dict)  # Any: TOML fields of differing types

    @property
    def band(self) -> str:
        return band_of(self.rating)

    @property
    def seed(self) -> int | None:
        s = self.source.get("seed")
        return s if isinstance(s, int) else None

    def export(self, source: str = "puzzle") -> dict[str, Any]:  # Any: a JSON row of mixed value types
        row = super().export(source)
        row.update(themes=list(self.themes), rating=self.rating, band=self.band, origin=dict(self.source))
        return row


def build_puzzle(raw: Mapping[str, Any], file: str) -> Puzzle:  # Any: TOML fields, each checked as read
    """One puzzle from its table (FieldError on the first problem)."""
    if not isinstance(raw, Mapping):
        raise FieldError("", "a puzzle is a table of fields")
    kind = raw.get("kind")
    own = set(KINDS[kind].params) if isinstance(kind, str) and kind in KINDS else set()
    unknown = sorted(set(raw) - _FIELDS - own)
    if unknown:
        raise FieldError(unknown[0], "unknown field")
    pid = text_field(raw, "id")
    assert pid is not None
    if "rules" not in raw:
        raise FieldError("rules", "this field is missing (write rules = {} for the classic game)")
    try:
        rules = RuleSet.from_dict(raw["rules"])
    except (ValueError, TypeError) as e:
        raise FieldError("rules", str(e)) from None
    source = raw.get("source")
    if not isinstance(source, Mapping) or source.get("kind") not in ("hand-written", "generated"):
        raise FieldError("source", "source is { kind = 'hand-written' } or { kind = 'generated', seed = N }")
    if source["kind"] == "generated" and (type(source.get("seed")) is not int or source["seed"] < 0):
        raise FieldError("source.seed", "a generated puzzle records the whole-number seed it came from")
    themes = raw.get("themes")
    if not isinstance(themes, list) or not themes or not all(isinstance(t, str) and t for t in themes):
        raise FieldError("themes", "give a list of one or more themes")
    unknown_themes = [t for t in themes if t not in THEMES]
    if unknown_themes:
        raise FieldError(
            "themes",
            f"unknown theme {unknown_themes[0]!r}: a theme is one of the list in puzzles/themes.py "
            "(add a new one there, with a title and a description)",
        )
    rating = raw.get("rating")
    if type(rating) is not int or not 400 <= rating <= 3000:
        raise FieldError("rating", f"a rating is a whole number 400 to 3000, not {rating!r}")
    if "solution" not in raw:
        raise FieldError("solution", "this field is missing")
    kind_name, question, task, hints, feedback = build_common(raw, rules)
    if "to_play" in raw:
        if raw["to_play"] != task.position.to_play:
            raise FieldError("to_play", f"the position has seat {task.position.to_play} to play, not {raw['to_play']!r}")
    task.check_expected(raw["solution"])
    return Puzzle(
        id=pid, file=file, kind=kind_name, question=question, task=task, hints=hints,
        feedback=feedback, themes=tuple(themes), rating=rating, source=dict(source), raw=dict(raw),
    )


def check_puzzles(data_dir: Path | None = None) -> tuple[list[Puzzle], list[ContentError]]:
    """Load every puzzle file; return the good puzzles and every problem found."""
    data_dir = data_dir or DATA_DIR
    errors: list[ContentError] = []
    puzzles: list[Puzzle] = []
    for path in sorted(data_dir.glob("*.toml")):
        file = display_path(path)
        data, err = read_toml(path, file)
        if err is not None or data is None:
            errors.append(err or ContentError(file, None, None, "empty"))
            continue
        for name in sorted(set(data) - {"puzzle"}):
            errors.append(ContentError(file, None, name, "unknown field of a puzzle file (write [[puzzle]] entries)"))
        entries = data.get("puzzle", [])
        if not isinstance(entries, list):
            errors.append(ContentError(file, None, "puzzle", "write the puzzles as [[puzzle]] entries"))
            continue
        for i, raw in enumerate(entries):
            name = entry_name(raw, i, "puzzle")
            try:
                puzzles.append(build_puzzle(raw, file))
            except FieldError as e:
                errors.append(ContentError(file, name, e.field or None, e.message))
    seen: dict[str, str] = {}
    for p in puzzles:
        if p.id in seen:
            errors.append(ContentError(p.file, p.id, "id", f"the id is also used in {seen[p.id]}"))
        seen[p.id] = p.file
    return puzzles, errors


def load_puzzles(data_dir: Path | None = None) -> list[Puzzle]:
    """Every puzzle, or :class:`ContentErrors` listing every problem."""
    puzzles, errors = check_puzzles(data_dir)
    if errors:
        raise ContentErrors(errors)
    return puzzles
