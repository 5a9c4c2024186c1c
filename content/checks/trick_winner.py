"""``trick_winner``: which tile wins the trick."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from content.checks.base import JSON, Features, Feedback, Task, read_tile, register
from content.checks.words import rank_reason
from content.errors import AnswerError, FieldError
from engine import explain_winner, trick_winner
from engine.trump import TRUMP, describe_suit


@register
class TrickWinner(Task[int]):
    kind = "trick_winner"
    title = "Who wins the trick"
    short_title = "Trick winner"
    asks_trump = True
    mode = "one"
    tile_choices = True
    hint = (
        "Was a trump played? Then the highest trump wins. If not, only tiles of the suit led can "
        "win."
    )
    default_question = "Which tile wins this trick?"
    answer_format = "the index in `trick` (0 = the lead) of the winning tile"
    wrong_said: ClassVar[dict[str, str]] = {
        "cannot-win": "The tile you picked neither follows the suit led nor is a trump.",
        "trumped": "The tile you picked follows the suit led, but a trump was played.",
        "lower-in-suit": "The tile you picked follows the suit led, but another tile of that suit ranks above it.",
        "lower-trump": "The tile you picked is a trump, but a higher trump was played.",
    }
    codes: ClassVar[dict[str, str]] = {
        "cannot-win": "picked a tile that neither followed nor trumped",
        "trumped": "picked a tile of the suit led, but a trump was played",
        "lower-in-suit": "picked a tile of the suit led that ranks below another",
        "lower-trump": "picked a trump, but a higher trump was played",
    }

    def setup(self) -> None:
        self.trump()
        if len(self.position.trick) < 2:
            raise FieldError("position.trick", "kind 'trick_winner' needs a trick of at least two tiles")

    def compute(self) -> int:
        return trick_winner(self.position.trick, self.trump())

    def read(self, raw: object) -> int:
        trick = self.position.trick
        if isinstance(raw, int) and not isinstance(raw, bool):
            if not 0 <= raw < len(trick):
                raise AnswerError(f"pick one of the {len(trick)} tiles of the trick")
            return raw
        t = read_tile(raw)
        if t not in trick:
            raise AnswerError(f"{t} is not in this trick")
        return trick.index(t)

    def to_json(self, value: int) -> JSON:
        return int(value)

    def choices(self) -> list[str]:
        return [str(t) for t in self.position.trick]

    def judge(self, value: int) -> Feedback:
        tr, trick = self.trump(), self.position.trick
        suit = tr.suit_led(trick[0])
        w, t = trick[self.answer()], trick[value]
        win = explain_winner(trick, tr)
        if tr.power(t, suit) < 0:
            pips = " Pips do not count for a tile off the suit." if t.pips > w.pips else ""
            code, text = "cannot-win", f"{t} neither followed {describe_suit(suit)} nor is a trump, so it cannot win.{pips}"
        elif tr.is_trump(w) and not tr.is_trump(t):
            code, text = "trumped", f"{t} followed {describe_suit(suit)}, but {w} is a trump, and a trump beats any tile of the suit led."
        elif tr.is_trump(t):
            code, text = "lower-trump", f"{t} is a trump, but {w} is higher: {rank_reason(tr, suit, w, t)[1]}."
        else:
            code, text = "lower-in-suit", f"{t} followed, but {w} ranks higher: {rank_reason(tr, suit, w, t)[1]}."
        return Feedback(False, code, f"{text} {win.text}", (win.code,))

    def general_hint(self) -> str:
        """Where to look, for the trump in force only."""
        if self.trump().kind == "none":
            return "No trump: only tiles of the suit led can win, the highest of them."
        return self.hint

    def explain(self) -> str:
        return explain_winner(self.position.trick, self.trump()).text

    def wrong_answers(self) -> Sequence[object]:
        return [i for i in range(len(self.position.trick)) if i != self.answer()]

    def features(self) -> Features:
        tr, trick = self.trump(), self.position.trick
        suit = tr.suit_led(trick[0])
        w = trick[self.answer()]
        traps = []
        if any(tr.power(t, suit) < 0 and t.pips > w.pips for t in trick):
            traps.append("pips-lie")
        if suit != TRUMP and tr.is_trump(w):
            traps.append("trumped")
        if any(tr.is_trump(t) and t is not w for t in trick) and tr.is_trump(w):
            traps.append("over-trump")
        if isinstance(suit, int) and not tr.is_trump(w) and w.high != suit:
            traps.append("two-suit-tile")
        return {"options": len(trick), "traps": traps, "depth": 0}
