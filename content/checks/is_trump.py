"""``is_trump``: is this tile a trump?"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from content.checks.base import JSON, Features, Feedback, Task, register
from content.checks.words import is_trump_reason
from content.errors import AnswerError, FieldError
from engine.trump import describe_suit


@register
class IsTrump(Task[bool]):
    kind = "is_trump"
    title = "Is it a trump"
    short_title = "Is it a trump?"
    mode = "one"
    asks_trump = True
    hint = (
        "Does the tile bear the trump number? With doubles trump: is it a double? With no trump, "
        "nothing is a trump."
    )
    default_question = "Is this tile a trump?"
    answer_format = "true or false"
    codes: ClassVar[dict[str, str]] = {
        "is-trump": "said no, but the tile is a trump",
        "not-trump": "said yes, but the tile is not a trump",
    }

    @classmethod
    def choice_label(cls, choice: str, players: int = 3) -> str:
        """``"yes"`` -> ``"Yes"``."""
        return choice.capitalize()

    def setup(self) -> None:
        self.trump()
        if len(self.position.tiles) != 1:
            raise FieldError("position.tiles", "kind 'is_trump' asks about exactly one tile")
        self.tile = self.position.tiles[0]
        self.tiles_in_set([self.tile])

    def compute(self) -> bool:
        return self.trump().is_trump(self.tile)

    def read(self, raw: object) -> bool:
        if isinstance(raw, bool):
            return raw
        if isinstance(raw, str) and raw.strip().lower() in ("yes", "true", "y", "trump"):
            return True
        if isinstance(raw, str) and raw.strip().lower() in ("no", "false", "n", "not a trump"):
            return False
        raise AnswerError(f"answer yes or no, not {raw!r}")

    def to_json(self, value: bool) -> JSON:
        return bool(value)

    def choices(self) -> list[str]:
        return ["yes", "no"]

    def judge(self, value: bool) -> Feedback:
        code = "is-trump" if self.answer() else "not-trump"
        return Feedback(False, code, self.explain())

    def general_hint(self) -> str:
        """Where to look, for the trump in force only."""
        tr = self.trump()
        if tr.kind == "doubles":
            return "Doubles are trump: is it a double?"
        if tr.kind == "none":
            return "No trump was named: can any tile be a trump?"
        return f"Does the tile bear a {describe_suit(tr.value or 0, plural=False)}, on either end?"

    def explain(self) -> str:
        return is_trump_reason(self.trump(), self.tile)

    def wrong_answers(self) -> Sequence[object]:
        return [not self.answer()]

    def features(self) -> Features:
        tr, t = self.trump(), self.tile
        traps = []
        if tr.kind == "number" and t.has(tr.value or 0) and t.high != tr.value:
            traps.append("trump-low-end")
        if tr.kind == "number" and t.is_double and t.high == tr.value:
            traps.append("trump-double")
        if tr.kind == "number" and t.is_double and t.high != tr.value:
            traps.append("double-not-trump")
        if tr.kind == "doubles" and t.is_double:
            traps.append("double-leaves-suit")
        if tr.kind == "none" and t.is_double:
            traps.append("no-trump-double")
        return {"options": 2, "traps": traps, "depth": 0}
