"""``auction_winner``: who wins the auction."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from content.checks.base import JSON, Feedback, Task, read_seat, register
from content.errors import FieldError


@register
class AuctionWinner(Task[int | None]):
    kind = "auction_winner"
    title = "Who wins the auction"
    short_title = "Auction winner"
    mode = "one"
    hint = "The highest bid wins the auction; if nobody bid, the hand is thrown in."
    #: The first hint where the house rule "moon overcall" is in force, saying what it does.
    overcall_hint = (
        "The highest bid wins the auction. Here the house rule 'moon overcall' is on: after a 21, "
        "a later player may bid 21 too and take the contract over, so the last 21 wins. If nobody "
        "bid, the hand is thrown in."
    )
    default_question = "Who wins the auction?"
    answer_format = "the bidder's seat, or null when everyone passed (the hand is thrown in)"
    wrong_said: ClassVar[dict[str, str]] = {
        "not-highest": "The seat you named did not make the highest bid.",
        "someone-bid": "Someone did bid in this auction.",
    }
    codes: ClassVar[dict[str, str]] = {
        "not-highest": "named a seat that did not make the highest bid",
        "all-passed": "named a seat, but everyone passed",
        "someone-bid": "said nobody, but someone bid",
        "last-moon": "under 'moon overcall', the last 21 takes the contract",
    }

    @classmethod
    def choice_label(cls, choice: str, players: int = 3) -> str:
        """``"1"`` -> ``"Seat 1"``; ``"nobody"`` -> ``"Nobody (thrown in)"``."""
        return "Nobody (thrown in)" if choice == "nobody" else f"Seat {choice}"

    def setup(self) -> None:
        if not self.position.auction_done():
            raise FieldError("position.bids", "kind 'auction_winner' needs a finished auction")
        self.game = self.position.game_after_bids()

    def general_hint(self) -> str:
        """The plain rule; the house rule "moon overcall" only where it is in force, with what
        it does."""
        return self.overcall_hint if self.position.rules.moon_overcall else self.hint

    def hides_contract(self) -> bool:
        """The contract is the auction's outcome, the answer."""
        return True

    def compute(self) -> int | None:
        return self.game.bidder

    def read(self, raw: object) -> int | None:
        return read_seat(raw, self.position, allow_none=True)

    def to_json(self, value: int | None) -> JSON:
        return value

    def choices(self) -> list[str]:
        return [str(s) for s in range(self.position.players)] + ["nobody"]

    def judge(self, value: int | None) -> Feedback:
        right = self.answer()
        if right is None:
            return Feedback(False, "all-passed", self.explain())
        if value is None:
            return Feedback(False, "someone-bid", self.explain())
        if 21 in (b for _, b in self.position.bids) and self.position.rules.moon_overcall:
            return Feedback(False, "last-moon", self.explain())
        return Feedback(False, "not-highest", self.explain())

    def explain(self) -> str:
        g = self.game
        said = ", ".join(f"Seat {s} {'passed' if b == 0 else 'bid ' + str(b)}" for s, b in self.position.bids)
        if g.bidder is None:
            return f"The auction: {said}. Everyone passed, so the hand is thrown in and dealt again."
        if g.bid == 21 and [b for _, b in g.bids].count(21) > 1:
            return f"The auction: {said}. Under 'moon overcall' the last player to bid 21 takes the contract: Seat {g.bidder}."
        return f"The auction: {said}. The highest bid, {g.bid}, was Seat {g.bidder}'s, so Seat {g.bidder} wins the auction."

    def wrong_answers(self) -> Sequence[object]:
        return [c for c in [*range(self.position.players), None] if c != self.answer()]
