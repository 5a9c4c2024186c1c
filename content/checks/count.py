"""``count``: count the tiles of the set, of a suit or the trumps."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from content.checks.base import (
    JSON,
    Feedback,
    Task,
    names,
    read_int,
    register,
    set_name,
)
from content.errors import FieldError
from content.model import parse_suit
from engine import (
    Tile,
    Trump,
)
from engine.trump import describe_suit


@register
class Count(Task[int]):
    kind = "count"
    title = "Count the tiles"
    short_title = "Counting"
    mode = "number"
    asks_trump = True
    hint = (
        "List the tiles one by one, highest first."
    )
    default_question = "How many?"
    answer_format = "a whole number"
    params: ClassVar[dict[str, str]] = {
        "of": "'set' (tiles in play under these rules), 'suit' (tiles of the set that follow "
        "'suit', under the trump if one is named) or 'trumps' (trumps in the set)",
        "suit": "for of = 'suit': a number 0-6",
    }
    codes: ClassVar[dict[str, str]] = {
        "too-many": "counted more tiles than there are",
        "too-few": "counted fewer tiles than there are",
    }

    def setup(self) -> None:
        self.of = self.param("of", required=True)
        if self.of not in ("set", "suit", "trumps"):
            raise FieldError("of", f"of is 'set', 'suit' or 'trumps', not {self.of!r}")
        if self.of == "suit":
            self.suit = parse_suit(self.param("suit", required=True), "suit")
        if self.of == "trumps":
            self.trump()

    def members(self) -> list[Tile]:
        tiles = self.position.rules.tiles
        tr = self.position.trump or Trump.parse("none")
        if self.of == "set":
            return list(tiles)
        if self.of == "trumps":
            return [t for t in tiles if tr.is_trump(t)]
        return [t for t in tiles if tr.follows(t, self.suit)]

    def what(self, one: bool = False) -> str:
        """What is counted and where: ``"sixes in the double-six set"``, the singular with
        ``one`` (``"blank in the three-player Moon set"``)."""
        where = set_name(self.position)
        if self.of == "set":
            return f"{'tile' if one else 'tiles'} in {where}"
        if self.of == "trumps":
            return f"{'trump' if one else 'trumps'} in {where} {self.trump().while_clause()}"
        tr = self.position.trump
        return f"{describe_suit(self.suit, plural=not one)} in {where}" + (f" {tr.while_clause()}" if tr else "")

    def compute(self) -> int:
        return len(self.members())

    def read(self, raw: object) -> int:
        return read_int(raw)

    def to_json(self, value: int) -> JSON:
        return int(value)

    def judge(self, value: int) -> Feedback:
        code = "too-many" if value > self.answer() else "too-few"
        return Feedback(False, code, f"Not {value}. " + self.explain())

    def explain(self) -> str:
        m = self.members()
        what = self.what()
        if len(m) == 1:
            head = f"There is only one {self.what(one=True)}"
        else:
            head = f"There are {len(m) or 'no'} {what}"
        if self.of == "set" or not m:
            return head + "."
        return f"{head}: {names(sorted(m, reverse=True))}."

    def wrong_answers(self) -> Sequence[object]:
        n = self.answer()
        return sorted({max(0, n - 2), max(0, n - 1), n + 1, n + 2, 0, 7, 21, 22, 28} - {n})
