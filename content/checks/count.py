"""``count``: count the tiles of the set, of a suit or the trumps."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import ClassVar

from content.checks.base import JSON, Feedback, Task, names, read_int, register, set_name
from content.checks.selection import PARAMS, Selection
from engine import Tile
from engine.tiles import ALL_TILES
from engine.trump import TRUMP, Trump, describe_suit
from engine.words import join_words


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

    def what_was_wrong(self, feedback: Feedback) -> str | None:
        """ "You counted 5: too few." (the count itself is not said)."""
        given = self._given(feedback)
        if given is None:
            return None
        return f"You counted {given}: too {'few' if given < self.answer() else 'many'}."

    @staticmethod
    def _given(feedback: Feedback) -> int | None:
        said = re.match(r"Not (\d+)\.", feedback.text)
        return int(said.group(1)) if said and feedback.code in ("too-many", "too-few") else None

    def mistake_hint(self, feedback: Feedback) -> str | None:
        """Which part of the count to look at again: the part whose size is the difference
        ("Did you count the tiles that bear a three at their lower end?"), the trump that is
        no longer of its suit, the tiles the set leaves out; ``None`` (the question's own
        hint) when no part stands out."""
        given = self._given(feedback)
        if given is None:
            return None
        n = self.answer()
        of, suit = self.selection.of, self.selection.suit
        tr = self.position.trump or Trump.parse("none")
        members = set(self.members())
        in_set = self.position.rules.tiles
        if of == "set":
            if given > n and len(in_set) < len(ALL_TILES):
                where = set_name(self.position)
                return f"{where[0].upper()}{where[1:]} leaves some tiles out: count only the tiles it keeps."
            return None
        if of == "trumps" and tr.kind == "doubles":
            return f"With doubles trump, the trumps are the doubles: count each double in {set_name(self.position)}."
        number = suit if of == "suit" and suit != TRUMP else tr.value if of == "trumps" and tr.kind == "number" else None
        if not isinstance(number, int):
            return None
        word = describe_suit(number, plural=False)
        if given < n:
            parts = [
                ([t for t in members if t.low == number and not t.is_double],
                 f"the tiles that bear a {word} at their lower end"),
                ([t for t in members if t.is_double], f"the double {word}"),
                ([t for t in members if t.high == number and not t.is_double],
                 f"the tiles whose higher end is a {word}"),
            ]
            missed = [what for tiles, what in parts if len(tiles) == n - given]
            if missed:
                return f"Did you count {missed[0]}?"
            return f"Check each part: {join_words(what for tiles, what in parts if tiles)}."
        others = [t for t in in_set if number in (t.high, t.low) and t not in members]  # trumps, not the suit
        if others and len(others) == given - n:
            return f"Did you count {names(others)}? A tile that bears the trump number is a trump, not a {word}."
        if any(number in (t.high, t.low) for t in ALL_TILES if t not in in_set):
            return f"Did you count tiles that {set_name(self.position)} leaves out?"
        return "A tile bears two numbers but is one tile: count each tile once."

    def wrong_answers(self) -> Sequence[object]:
        """The counts nearest the answer first (one off, two off, … within 0 and the size of
        the set: the tempting miscounts), then the far ones (0, 7, 21, 22, 28)."""
        n, top = self.answer(), len(self.position.rules.tiles)
        near = sorted((v for v in range(max(0, n - 4), min(top, n + 4) + 1) if v != n), key=lambda v: (abs(v - n), v))
        return near + sorted({0, 7, 21, 22, 28} - {n, *near})
