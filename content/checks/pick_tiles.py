"""``pick_tiles``: pick the tiles that fit (in the set, trumps, a suit)."""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import ClassVar

from content.checks.base import (
    JSON,
    Features,
    Feedback,
    Task,
    names,
    read_tiles,
    register,
    set_name,
    tile_lines,
)
from content.checks.selection import PARAMS, Selection
from content.checks.words import is_trump_reason
from content.errors import AnswerError, FieldError
from engine import Tile, Trump
from engine.trump import TRUMP, describe_suit


@register
class PickTiles(Task[tuple[Tile, ...]]):
    kind = "pick_tiles"
    title = "Pick the tiles that..."
    short_title = "Pick the tiles"
    mode = "many"
    tile_choices = True
    hint = "Check each tile on its own: which suit does it belong to once trump is named?"
    default_question = "Pick every tile that fits."
    answer_format = 'the matching tiles among position.tiles, sorted low to high: ["0-0", "6-5"]'
    params: ClassVar[dict[str, str]] = PARAMS
    codes: ClassVar[dict[str, str]] = {
        "extra-tile": "picked a tile that does not fit",
        "missed-tile": "left out a tile that fits",
        "missed-double": "left out a double that fits (and picked nothing that does not)",
    }

    def setup(self) -> None:
        self.selection = Selection.read(self)
        if len(self.position.tiles) < 2:
            raise FieldError("position.tiles", "kind 'pick_tiles' needs at least two tiles to pick from")
        if self.selection.of != "set":
            self.tiles_in_set(self.position.tiles)

    def hides_trumps(self) -> bool:
        """Picking the trumps, or the tiles of a suit once trump is named, is the question
        itself: the picture must not mark the trumps."""
        return self.selection.of != "set"

    def _tr(self) -> Trump:
        return self.position.trump or Trump.parse("none")

    def _named(self) -> bool:
        """Whether a trump (other than no trump) is named: only then can a tile be a trump."""
        return self._tr().kind != "none"

    def fits(self, t: Tile) -> bool:
        return self.selection.fits(self.position, t)

    def why(self, t: Tile) -> str:
        if self.selection.of == "set":
            rules = self.position.rules
            if t in rules.tiles:
                return f"{t} is in {set_name(self.position)}."
            if t == Tile(0, 0):
                return "0-0 is taken out too under the 'no double blank' rule."
            return f"{t} has a blank end and is not the double blank: three-player Moon takes 1-0 to 6-0 out of the set."
        if self.selection.of == "trumps":
            return is_trump_reason(self._tr(), t)
        tr, s = self._tr(), self.selection.suit
        if s == TRUMP:
            return is_trump_reason(tr, t)
        assert isinstance(s, int)
        if tr.follows(t, s):
            extra = f" (it is also a {describe_suit(t.other_end(s), plural=False)})" if not t.is_double else " (its double, the top of the suit)"
            if not self._named():  # before a trump is named, a tile is never "not a trump"
                return f"{t} bears a {describe_suit(s, plural=False)}, so it is one of the {describe_suit(s)}{extra}."
            return f"{t} bears a {describe_suit(s, plural=False)} and is not a trump, so it is one of the {describe_suit(s)}{extra}."
        if tr.is_trump(t) and t.has(s):
            return f"{t} bears a {describe_suit(s, plural=False)}, but it is a trump {tr.while_clause()}, so it belongs to the trump suit only."
        return f"{t} bears no {describe_suit(s, plural=False)}."

    def general_hint(self) -> str:
        """Where to look, for the question asked."""
        if self.selection.of == "set":
            return "Check each tile on its own: has it a blank end, and does this set keep it?"
        if self.position.trump is None or self.position.trump.kind == "none":
            return "Check each tile on its own: which suits does it belong to?"
        return self.hint

    def mistake_hint(self, feedback: Feedback) -> str | None:
        """A missed double gets a hint about doubles; a tile of the Moon set left out (and
        nothing picked that leaves it), a hint that a tile without a blank end always stays."""
        if feedback.code == "missed-tile" and self.selection.of == "set":
            return "Look at the tiles you left out: a tile with no blank end is never taken out of the set."
        if feedback.code != "missed-double":
            return None
        if self.selection.of == "set":
            return "Look at the doubles again: which doubles does this set keep?"
        if self.selection.of == "trumps":
            if self._tr().kind == "doubles":
                return "Look at the doubles again: with doubles trump, every double is a trump."
            return "Look at the doubles again: the double of the trump number is a trump too."
        unless = " (unless it is a trump)" if self._named() else ""
        return ("Look at the doubles again: a double shows its number on both ends, so it belongs to "
                f"that number's suit{unless}.")

    def compute(self) -> tuple[Tile, ...]:
        return tuple(sorted(t for t in self.position.tiles if self.fits(t)))

    def read(self, raw: object) -> tuple[Tile, ...]:
        tiles = set(read_tiles(raw))
        for t in tiles:
            if t not in self.position.tiles:
                raise AnswerError(f"{t} is not one of the tiles on offer")
        return tuple(sorted(tiles))

    def to_json(self, value: tuple[Tile, ...]) -> JSON:
        return [str(t) for t in value]

    def choices(self) -> list[str]:
        return [str(t) for t in self.position.tiles]

    def judge(self, value: tuple[Tile, ...]) -> Feedback:
        right, picked = set(self.answer()), set(value)
        extra, missed = sorted(picked - right), sorted(right - picked)
        lines = [f"{t} does not fit: {self.why(t)}" for t in extra]
        lines += [f"You left out {t}: {self.why(t)}" for t in missed]
        code = "extra-tile" if extra else "missed-double" if any(t.is_double for t in missed) else "missed-tile"
        return Feedback(False, code, tile_lines(lines))

    def explain(self) -> str:
        # In the order the tiles are offered, as the answer is said everywhere else.
        right = [t for t in self.position.tiles if t in set(self.answer())]
        lead = f"The tiles that fit: {names(right)}." if right else "None of these tiles fits."
        return lead + "\n" + tile_lines([self.why(t) for t in self.position.tiles])

    def wrong_answers(self) -> Sequence[object]:
        right = set(self.answer())
        tiles = self.position.tiles
        out = []
        for r in range(len(tiles) + 1):
            for combo in itertools.combinations(tiles, r):
                if set(combo) != right:
                    out.append([str(t) for t in combo])
                if len(out) > 300:
                    return out
        return out

    def features(self) -> Features:
        traps = []
        tr, suit = self._tr(), self.selection.suit
        for t in self.position.tiles:
            if isinstance(suit, int) and tr.is_trump(t) and t.has(suit):
                traps.append("trump-cannot-follow")
            if isinstance(suit, int) and self.fits(t) and t.high != suit:
                traps.append("two-suit-tile")
        return {"options": len(self.position.tiles), "traps": sorted(set(traps)), "depth": 0}
