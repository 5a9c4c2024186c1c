"""The shared base of the scoring kinds: a finished hand."""

from __future__ import annotations

from content.checks.base import A, Task, side_name
from content.errors import FieldError
from content.scoring import HandScore, score_hand
from engine import tricks_needed
from engine.words import count_words

__all__ = ["HandTask"]


class HandTask(Task[A]):
    """Shared by the scoring kinds: a finished hand."""

    def setup(self) -> None:
        pos = self.position
        for f in ("bidder", "bid", "tricks_won"):
            if getattr(pos, f) is None:
                raise FieldError(f"position.{f}", f"kind '{self.kind}' needs this field")
        assert pos.tricks_won is not None
        if sum(pos.tricks_won) != 7:
            raise FieldError("position.tricks_won", f"a finished hand has 7 tricks, not {sum(pos.tricks_won)}")

    def scored(self) -> HandScore:
        pos = self.position
        assert pos.bidder is not None and pos.bid is not None and pos.tricks_won is not None
        return score_hand(pos.rules, pos.bidder, pos.bid, pos.tricks_won, pos.scores)

    def bidder_side(self) -> int:
        assert self.position.bidder is not None
        return self.position.rules.side_of(self.position.bidder)

    def story(self) -> str:
        """"Seat 1 bid 5 and took 6 tricks: made." in words."""
        pos, s = self.position, self.scored()
        bs = self.bidder_side()
        assert pos.bid is not None
        need = tricks_needed(pos.bid)
        took = s.side_tricks[bs]
        who = side_name(pos, bs)
        bid = "21 (shooting the moon: all 7 tricks)" if pos.bid == 21 else str(pos.bid)
        if pos.players == 4:
            a, b = pos.rules.teams()[bs]
            tw = pos.tricks_won or ()
            took_words = f"took {tw[a]} + {tw[b]} = {count_words(took, 'trick')} together"
        else:
            took_words = f"took {count_words(took, 'trick')}"
        verdict = "made" if s.made else f"set (it needed {need})"
        return f"{who[0].upper() + who[1:]} bid {bid} and {took_words}: the bid is {verdict}."
