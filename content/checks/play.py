"""``play``: the one tile that wins (or ducks) the trick."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import ClassVar

from content.checks.base import ILLEGAL_PLAY_CODES, Features, Feedback, PlayTask, names, register
from content.checks.words import rank_reason
from content.errors import FieldError
from engine import Tile, explain_play, explain_winner, legal_plays, trick_winner
from engine.trump import TRUMP, describe_suit


@register
class Play(PlayTask):
    kind = "play"
    title = "Play the tile that wins (or ducks) the trick"
    short_title = "Best play"
    asks_trump = True
    mode = "one"
    tile_choices = True
    hint = "What is winning the trick now? Which of your legal tiles beats it, and which cannot?"
    default_question = "Play the one tile that wins this trick."
    answer_format = 'the tile to play: "6-4"'
    params: ClassVar[dict[str, str]] = {"goal": "'win' (take the trick) or 'duck' (let it go)"}
    codes: ClassVar[dict[str, str]] = {
        **ILLEGAL_PLAY_CODES,
        "throw-off-cannot-win": "threw off a tile, which can never win",
        "too-low": "followed, but a higher tile (or a trump) still wins",
        "under-trump": "trumped in, but a higher trump still wins",
        "wins-the-trick": "was asked to duck, but the tile takes the trick",
    }

    def setup(self) -> None:
        self.goal = self.param("goal", "win")
        if self.goal not in ("win", "duck"):
            raise FieldError("goal", f"goal is 'win' or 'duck', not {self.goal!r}")
        self.trump()
        self.seat, self.hand = self.own_hand()
        pos = self.position
        if len(pos.trick) != pos.players - 1:
            raise FieldError("position.trick", f"kind 'play' asks the last player of the trick: give {pos.players - 1} tiles played")
        legal = legal_plays(self.hand, pos.trick, self.trump())
        good = [t for t in legal if self._wins(t) == (self.goal == "win")]
        if len(legal) < 2:
            raise FieldError("position.hands", "only one tile is legal: there is nothing to choose")
        if len(good) != 1:
            what = ("win" if self.goal == "win" else "duck") if len(good) != 1 else ("wins" if self.goal == "win" else "ducks")
            raise FieldError("goal", f"{len(good)} legal tiles {what} the trick ({names(sorted(good))}); a puzzle needs exactly one")
        self._good = good[0]

    def _wins(self, t: Tile) -> bool:
        trick = (*self.position.trick, t)
        return trick_winner(trick, self.trump()) == len(trick) - 1

    def compute(self) -> Tile:
        return self._good

    def judge(self, value: Tile) -> Feedback:
        tr, trick = self.trump(), self.position.trick
        r = explain_play(self.hand, trick, tr, value)
        if not r.legal:
            return Feedback(False, r.code, r.text, (r.code,))
        after = (*trick, value)
        win = explain_winner(after, tr)
        w = after[trick_winner(after, tr)]
        suit = tr.suit_led(trick[0])
        if self.goal == "duck":
            return Feedback(False, "wins-the-trick", f"{value} would take the trick: {win.text}", (r.code, win.code))
        if r.code == "throw-off":
            code, text = "throw-off-cannot-win", f"{value} neither follows {describe_suit(suit)} nor trumps, so it cannot win."
        elif tr.is_trump(value) and suit != TRUMP:
            code, text = "under-trump", f"{value} trumps in, but {w} is a higher trump."
        elif tr.is_trump(w) and suit != TRUMP:
            code, text = "too-low", f"{value} follows {describe_suit(suit)}, but {w} is a trump and beats it."
        else:
            code, text = "too-low", f"{value} follows, but {w} ranks higher: {rank_reason(tr, suit, w, value)[1]}."
        return Feedback(False, code, f"{text} {win.text}", (r.code, win.code))

    def what_was_wrong(self, feedback: Feedback) -> str | None:
        """Why a legal wrong tile fails, said before the first hint: what beats it or why it
        cannot win ("4-4 neither follows blanks nor trumps, so it cannot win."), or that it
        takes a trick to be ducked. It names the tile tried and the trick's tiles only, never
        the answer (a tile of the hand)."""
        if feedback.code not in ("throw-off-cannot-win", "too-low", "under-trump", "wins-the-trick"):
            return None
        if self.goal == "duck":
            return feedback.text.split(":")[0] + "."
        return re.split(r"(?<=\.)\s+", feedback.text, maxsplit=1)[0]

    def explain(self) -> str:
        t = self.answer()
        after = (*self.position.trick, t)
        win = explain_winner(after, self.trump()).text
        if self.goal == "win":
            return f"{t} is the only tile that takes the trick. {win}"
        return f"{t} is the only legal tile that lets the trick go. {win}"

    def wrong_answers(self) -> Sequence[object]:
        return [str(t) for t in self.hand if t is not self.answer()]

    def features(self) -> Features:
        tr, trick = self.trump(), self.position.trick
        suit = tr.suit_led(trick[0])
        legal = legal_plays(self.hand, trick, tr)
        ans = self.answer()
        traps = []
        if any(tr.is_trump(t) and isinstance(suit, int) and t.has(suit) for t in self.hand):
            traps.append("trump-cannot-follow")
        if isinstance(suit, int) and tr.follows(ans, suit) and ans.high != suit:
            traps.append("two-suit-tile")
        if suit != TRUMP and tr.is_trump(ans):
            traps.append("trump-in")
        if self.goal == "duck":
            traps.append("duck")
        return {"options": len(legal), "traps": traps, "depth": 0}
