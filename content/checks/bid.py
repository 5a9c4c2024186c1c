"""``bid``: bid or pass, checked against the strong player."""

from __future__ import annotations

from typing import ClassVar

from content.checks.base import Features, Feedback, action_label, names, register
from content.checks.bot_tasks import BID_TOLERANCE, BOT_SEED, BotTask
from content.errors import AnswerError, FieldError
from engine import Action, Game, IllegalAction, ParseError
from engine.words import as_trump, chance_adverb, chance_clause, number_word, percent

RATED = " (a rating, in which some deals count in part)"
"""Said after a figure the strong player rated on more than the plain share of its simulated
deals made (:attr:`~engine.players.Candidate.rated_chance`), so the lessons do not call a
rating a chance; the plain chance is in the strong player's own words after it."""


@register
class Bid(BotTask):
    kind = "bid"
    title = "Bid or pass"
    short_title = "Bidding"
    mode = "one"
    hint = "Count your trumps in your best suit and your doubles: each is a likely trick."
    default_question = "Your turn to bid. Pass, or bid how many tricks?"
    answer_format = ('the strong player\'s action: "pass" or "bid 5"; any action within the '
                     "tolerance of its numbers is also accepted (see `accepted` in the export)")
    codes: ClassVar[dict[str, str]] = {
        "bid-too-low": "a bid not higher than the highest so far (engine code)",
        "bid-value": "a number that is not a bid (engine code)",
        "must-bid": "passed when the house rule forces a bid (engine code)",
        "overbid": "bid more tricks than the hand is likely to make",
        "underbid": "bid fewer tricks than the hand makes with good odds",
        "should-bid": "passed with a hand that makes a bid with good odds",
        "moon-too-risky": "shot the moon with a hand that rarely takes all seven",
    }

    @classmethod
    def choice_label(cls, choice: str, players: int = 3) -> str:
        """``"pass"`` -> ``"Pass"``, ``"bid 21"`` -> ``"Bid 21 (moon)"``."""
        return action_label(choice)

    def setup(self) -> None:
        pos = self.position
        if pos.to_play is None or pos.auction_done():
            raise FieldError("position.bids", "kind 'bid' needs an auction still going (first_bidder, bids so far)")
        self.seat = pos.to_play
        if not pos.has_hand(self.seat) or len(pos.hand(self.seat)) != 7:
            raise FieldError(f"position.hands.{self.seat}", f"kind 'bid' needs the 7 tiles of seat {self.seat}, to bid")
        self.g = pos.game_after_bids()
        self.legal = [str(a) for a in self.g.legal_actions()]

    def game(self) -> Game:
        return self.g

    def read(self, raw: object) -> str:
        if isinstance(raw, int) and not isinstance(raw, bool):
            raw = f"bid {raw}"
        if isinstance(raw, str) and raw.strip().isdigit():
            raw = f"bid {raw.strip()}"
        try:
            a = Action.parse(raw)
        except ParseError as e:
            raise AnswerError(str(e)) from None
        if a.kind not in ("pass", "bid"):
            raise AnswerError("answer 'pass' or a bid like 'bid 5'")
        return str(a)

    def choices(self) -> list[str]:
        return ["pass", *(f"bid {b}" for b in self.position.rules.bid_values)]

    def chance(self, bid: int) -> float | None:
        """The strong player's chance of making ``bid`` with its best trump, as it rated the
        bid (:attr:`~engine.players.Candidate.rated_chance` where that is not the plain share)."""
        try:
            c = self.candidate(Action("bid", bid))
            if c.rated_chance is not None:
                return float(c.rated_chance)
            if c.goal_chance is not None:
                return float(c.goal_chance)
        except KeyError:
            pass
        for k, p in self.decision().explanation.chosen.bid_chances:
            if k == bid:
                return float(p)
        return None

    def rated(self, bid: int) -> str:
        """:data:`RATED` when :meth:`chance` of ``bid`` is the strong player's rating, else ""."""
        try:
            return RATED if self.candidate(Action("bid", bid)).rated_chance is not None else ""
        except KeyError:
            return ""

    def threshold(self) -> float:
        """The chance of making a bid from which the lessons call it worth making, for this
        position's rules: the strong player's
        :meth:`~engine.players.strong.StrongSettings.threshold` (50% with three players, 65%
        with four, whose chances run high: each simulated partner plays as if it saw every
        hand)."""
        from engine.players import StrongBot  # the players load numpy: only when a check asks

        return float(StrongBot(BOT_SEED).threshold(self.position.rules))

    def accepted(self) -> list[str]:
        """Every legal action that counts as sensible: the strong player's own, and bids whose
        chance is within :data:`BID_TOLERANCE` of its threshold without a clearly safe
        higher bid left (pass when no bid clearly makes)."""
        want = self.threshold()
        out = {self.answer()}
        bids = [int(a.split()[1]) for a in self.legal if a.startswith("bid")]
        chances = {b: self.chance(b) for b in bids}
        for b in bids:
            p = chances[b]
            if p is None or b == 21:
                continue
            higher_safe = any((chances.get(h) or 0.0) >= want + BID_TOLERANCE for h in bids if h > b and h != 21)
            if p >= want - BID_TOLERANCE and not higher_safe:
                out.add(f"bid {b}")
        if "pass" in self.legal and not any((p or 0.0) >= want + BID_TOLERANCE for b, p in chances.items() if b != 21):
            out.add("pass")
        return [c for c in self.choices() if c in out]

    def judge(self, value: str) -> Feedback:
        if value not in self.legal:
            try:
                self.g.clone().apply(value)
            except IllegalAction as e:
                code = e.code if e.code in self.codes else "bid-too-low"
                return Feedback(False, code, f"{value} is not allowed: {e.message}.", (e.code,))
        want = self.threshold()
        bot = self.answer()
        if value == "pass":
            best = max((b for b in (int(a.split()[1]) for a in self.legal if a.startswith("bid")) if b != 21
                        and (self.chance(b) or 0) >= want), default=None)
            return Feedback(False, "should-bid",
                            f"This hand is worth a bid: the strong player rates a bid of {best} at "
                            f"{percent(self.chance(best or 0))} over its simulated deals{self.rated(best or 0)}. {self.summary()}")
        b = int(value.split()[1])
        p = self.chance(b)
        if b == 21:
            return Feedback(False, "moon-too-risky", f"Shooting the moon needs all seven tricks: the strong player rates "
                            f"taking all seven at only {percent(p)} over its simulated deals{self.rated(b)}. {self.summary()}")
        if p is not None and p < want - BID_TOLERANCE:
            return Feedback(False, "overbid", f"Bidding {b} is too risky: the strong player rates a bid of {b} "
                            f"at only {percent(p)} over its simulated deals{self.rated(b)}, and a bid is worth making from about {percent(want)}"
                            f"{' with four players' if self.position.rules.players == 4 else ''}. {self.summary()}")
        return Feedback(False, "underbid", f"The hand is worth more than {b}: the strong player chose {bot}. {self.summary()}")

    def _plain_chance(self, bid: int) -> tuple[float, str] | None:
        """The plain chance (the share of simulated deals made, never the rating) of making
        ``bid``, and the trump it is for in words ("sixes as trump"); None when unknown."""
        try:
            c = self.candidate(Action("bid", bid))
        except KeyError:
            return None
        if c.goal_chance is None:
            return None
        return float(c.goal_chance), ("its best trump" if c.trump is None else as_trump(c.trump))

    def plain(self, value: str) -> str:
        """The right call in one sentence, with why in the words of the chance bands
        (:func:`engine.words.chance_clause`, from the plain chance, never the rating); then,
        for a different answer, why it falls short.
"""
        who = "this hand" if self.position.rules.players == 3 else "your side"
        ans = self.answer()
        bids = sorted(int(a.split()[1]) for a in self.legal if a.startswith("bid") and a != "bid 21")
        if ans == "pass":
            lowest = bids[0] if bids else None
            known = self._plain_chance(lowest) if lowest is not None else None
            first = "The right call is to pass"
            if known is not None and lowest is not None:
                p, trump = known
                first += f": with {trump}, {chance_clause(p, who, f'make even the lowest bid, {lowest}')}"
            out = [first + "."]
        else:
            b = int(ans.split()[1])
            known = self._plain_chance(b)
            first = f"The strong player bids {b}" if b != 21 else "The strong player shoots the moon"
            if known is not None:
                p, trump = known
                need = f"take {'all seven' if b == 21 else number_word(b)} tricks"
                first += f": with {trump}, {chance_clause(p, who, need)}"
            out = [first + "."]
        if value != ans and value.startswith("bid"):
            v = int(value.split()[1])
            known = self._plain_chance(v)
            if known is not None:
                p, trump = known
                if v == 21:
                    out.append(f"Shooting the moon needs all seven tricks: {chance_clause(p, who, 'take them all')}.")
                elif ans == "pass":
                    if v != bids[0]:
                        out.append(f"A bid of {v} asks for even more: with {trump}, {chance_clause(p, who, 'make it')}.")
                elif v > int(ans.split()[1]):
                    out.append(f"A bid of {v} asks for more: with {trump}, {chance_clause(p, who, 'make it')}.")
                else:
                    out.append(f"A bid of {v} would {chance_adverb(p)} make too, but the hand is worth more.")
        elif value == "pass" and ans != "pass":
            out.append("Passing gives up that chance to score.")
        return " ".join(out)

    def explain(self) -> str:
        ok = self.accepted()
        extra = f" Also accepted (close to its numbers): {names(a for a in ok if a != self.answer())}." if len(ok) > 1 else ""
        return f"The strong player says {self.answer()}. {self.summary()}{extra}"

    def features(self) -> Features:
        return {"options": len(self.legal), "traps": ["bidding"], "depth": 0}
