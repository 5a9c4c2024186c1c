"""``suit_led``: which suit a lead calls."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from content.checks.base import JSON, Features, Feedback, Task, register
from content.checks.words import lead_words
from content.errors import AnswerError, FieldError
from content.model import parse_suit
from engine.tiles import suit_name
from engine.trump import TRUMP, Suit, describe_suit


@register
class SuitLed(Task[Suit]):
    kind = "suit_led"
    title = "Which suit was led"
    short_title = "Suit led"
    mode = "one"
    asks_trump = True
    hint = "Is the led tile a trump? If it is, trumps were led; if not, its higher end names the suit."
    default_question = "Which suit was led?"
    answer_format = '"0".."6" for a number suit, or "trump"'
    wrong_said: ClassVar[dict[str, str]] = {
        "low-end": "You named the tile's lower end.",
        "not-on-tile": "The tile led does not bear the number you named.",
    }
    codes: ClassVar[dict[str, str]] = {
        "lead-is-trump": "named a number, but the lead is a trump, so trumps were led",
        "not-a-trump": "said trumps, but the lead is not a trump",
        "low-end": "named the lower end; the higher end names the suit",
        "not-on-tile": "named a number the tile does not bear",
    }

    @classmethod
    def choice_label(cls, choice: str, players: int = 3) -> str:
        """``"5"`` -> ``"Fives"``, ``"trump"`` -> ``"Trumps"``."""
        return "Trumps" if choice == "trump" else suit_name(int(choice)).capitalize()

    def setup(self) -> None:
        self.trump()
        pos = self.position
        if pos.trick:
            self.tile = pos.trick[0]
        elif len(pos.tiles) == 1:
            self.tile = pos.tiles[0]
        else:
            raise FieldError("position.trick", "kind 'suit_led' needs a trick so far (or exactly one tile in 'tiles')")
        self.tiles_in_set([self.tile])

    def compute(self) -> Suit:
        return self.trump().suit_led(self.tile)

    def read(self, raw: object) -> Suit:
        try:
            return parse_suit(raw, "answer")
        except FieldError as e:
            raise AnswerError(e.message) from None

    def to_json(self, value: Suit) -> JSON:
        return str(value)

    def choices(self) -> list[str]:
        out = [str(n) for n in range(7)]
        return [*out, "trump"] if self.trump().kind != "none" else out

    def judge(self, value: Suit) -> Feedback:
        tr, t, right = self.trump(), self.tile, self.answer()
        if right == TRUMP:
            return Feedback(False, "lead-is-trump", f"Not {describe_suit(value)}: {lead_words(tr, t)}. A trump belongs to the trump suit only.")
        if value == TRUMP:
            if tr.kind == "none":
                return Feedback(False, "not-a-trump", f"There are no trumps in this hand (no trump). {lead_words(tr, t)}.")
            return Feedback(False, "not-a-trump", f"{t} is not a trump {tr.while_clause()}. {lead_words(tr, t)}.")
        assert isinstance(value, int)  # a number suit: read() reads nothing else
        if t.has(value):
            return Feedback(False, "low-end", f"{t} bears a {describe_suit(value, plural=False)} too, but a lead names the suit of its higher end: {describe_suit(right)}.")
        return Feedback(False, "not-on-tile", f"{t} bears no {describe_suit(value, plural=False)}. {lead_words(tr, t)}.")

    def general_hint(self) -> str:
        """Where to look, for the trump in force only."""
        if self.trump().kind == "none":
            return "No trump: which number does the led tile call? A double calls its own number."
        return self.hint

    def explain(self) -> str:
        return lead_words(self.trump(), self.tile) + "."

    def wrong_answers(self) -> Sequence[object]:
        return [c for c in self.choices() if c != str(self.answer())]

    def features(self) -> Features:
        tr, t = self.trump(), self.tile
        traps = []
        if tr.is_trump(t):
            traps.append("trump-lead")
            if tr.kind == "number" and t.low == tr.value and not t.is_double:
                traps.append("trump-low-end")
        elif not t.is_double:
            traps.append("low-end")
        if tr.kind == "doubles" and t.is_double:
            traps.append("double-leaves-suit")
        return {"options": len(self.choices()), "traps": traps, "depth": 0}
