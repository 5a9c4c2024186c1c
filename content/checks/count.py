"""``count``: count the tiles of the set, of a suit or the trumps."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from content.checks.base import JSON, Feedback, Task, names, read_int, register, set_name
from content.checks.selection import PARAMS, Selection
from engine import Tile
from engine.trump import describe_suit


@register
class Count(Task[int]):
    kind = "count"
    title = "Count the tiles"
    short_title = "Counting"
    mode = "number"
    asks_trump = True
    hint = "List the tiles one by one, highest first."
    default_question = "How many?"
    answer_format = "a whole number"
    params: ClassVar[dict[str, str]] = PARAMS
    codes: ClassVar[dict[str, str]] = {
        "too-many": "counted more tiles than there are",
        "too-few": "counted fewer tiles than there are",
    }

    def setup(self) -> None:
        self.selection = Selection.read(self)

    def members(self) -> list[Tile]:
        return self.selection.of_set(self.position)

    def what(self, one: bool = False) -> str:
        """What is counted and where: ``"sixes in the double-six set"``, the singular with
        ``one`` (``"blank in the three-player Moon set"``)."""
        where = set_name(self.position)
        of, suit = self.selection.of, self.selection.suit
        if of == "set":
            return f"{'tile' if one else 'tiles'} in {where}"
        if of == "trumps":
            return f"{'trump' if one else 'trumps'} in {where} {self.trump().while_clause()}"
        assert suit is not None
        tr = self.position.trump
        return f"{describe_suit(suit, plural=not one)} in {where}" + (f" {tr.while_clause()}" if tr else "")

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
        if self.selection.of == "set" or not m:
            return head + "."
        return f"{head}: {names(sorted(m, reverse=True))}."

    def wrong_answers(self) -> Sequence[object]:
        n = self.answer()
        return sorted({max(0, n - 2), max(0, n - 1), n + 1, n + 2, 0, 7, 21, 22, 28} - {n})
