"""``trump_choice``: which trump to name, checked against the strong player."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from content.checks.base import Features, Feedback, names, register
from content.checks.bot_tasks import TRUMP_TOLERANCE, BotTask, trump_label
from content.errors import AnswerError, FieldError
from content.model import parse_trump
from engine import Action, Game, IllegalAction, Tile, Trump
from engine.tiles import suit_name
from engine.words import as_trump, chance_clause, percent


@register
class TrumpChoice(BotTask):
    kind = "trump_choice"
    title = "Which trump"
    short_title = "Naming trump"
    mode = "one"
    hint = "Which suit gives you the most sure tricks: long trumps with the top ones, or your doubles?"
    default_question = "You won the auction. Which trump do you name?"
    answer_format = ('the strong player\'s trump: "0".."6", "doubles" or "none"; a trump whose chance '
                     "to make the bid is within the tolerance of the best is also accepted")
    params: ClassVar[dict[str, str]] = {
        "discard": "the tile the bidder discarded after taking the widow (default order); "
        "position.hands holds the 7 tiles kept, position.widow the widow",
    }
    codes: ClassVar[dict[str, str]] = {
        "trump-not-allowed": "a trump these rules do not allow (engine code)",
        "weaker-trump": "a trump that makes the bid less often than the best",
    }

    @classmethod
    def choice_label(cls, choice: str, players: int = 3) -> str:
        """``"5"`` -> ``"Fives"``, ``"doubles"`` -> ``"Doubles"``, ``"none"`` -> ``"No trump"``."""
        if choice == "doubles":
            return "Doubles"
        if choice == "none":
            return "No trump"
        return suit_name(int(choice)).capitalize()

    def setup(self) -> None:
        pos = self.position
        if not pos.auction_done() or pos.bidder is None:
            raise FieldError("position.bids", "kind 'trump_choice' needs a finished auction with a bidder")
        self.seat = pos.bidder
        if not pos.has_hand(self.seat) or len(pos.hand(self.seat)) != 7:
            raise FieldError(f"position.hands.{self.seat}", f"kind 'trump_choice' needs the 7 tiles of the bidder, seat {self.seat}")
        held = list(pos.hand(self.seat))
        rules = pos.rules
        self.discarded: Tile | None = None
        if rules.has_widow and not rules.trump_before_widow:
            if "discard" not in self.p:
                raise FieldError("discard", "the bidder took the widow and discarded: name the discard")
            from content.model import parse_tile

            d = parse_tile(self.p["discard"], "discard")
            if not pos.widow:
                raise FieldError("position.widow", "name the widow the bidder took")
            w = pos.widow[0]
            if d in held:
                raise FieldError("discard", f"{d} is still in the hand; the discard left it")
            if w not in held and w is not d:
                raise FieldError("position.widow", f"the widow {w} must be in the hand now, or be the discard")
            dealt = [t for t in held if t is not w] + ([d] if d is not w else [])
            self.discarded = d
        else:
            if "discard" in self.p:
                raise FieldError("discard", "under these rules trump is named before any discard")
            dealt = held
        from content.model import auction_game

        try:
            g = auction_game(rules, pos.first_bidder or 0, [b for _, b in pos.bids], {self.seat: dealt}, pos.widow)
            if self.discarded is not None:
                g.apply(f"discard {self.discarded}")
        except (IllegalAction, ValueError) as e:
            raise FieldError("position", f"the engine refuses this hand: {e}") from None
        self.g = g

    def game(self) -> Game:
        return self.g

    def read(self, raw: object) -> str:
        if isinstance(raw, str) and raw.strip().lower().startswith("trump "):
            raw = raw.strip()[6:]
        try:
            tr = parse_trump(raw, "answer")
        except FieldError as e:
            raise AnswerError(e.message) from None
        return str(tr)

    def choices(self) -> list[str]:
        return [str(t) for t in self.position.rules.trumps]

    def chance(self, trump: str) -> float | None:
        try:
            c = self.candidate(Action("trump", Trump.parse(trump)))
        except KeyError:
            return None
        return None if c.goal_chance is None else float(c.goal_chance)

    def compute(self) -> str:
        return str(self.decision().action.value)

    def layouts(self, trump: str) -> int:
        try:
            return int(self.candidate(Action("trump", Trump.parse(trump))).layouts)
        except KeyError:
            return 0

    def accepted(self) -> list[str]:
        """The strong player's trump, and any other allowed trump measured on as many
        simulated deals whose chance is within :data:`TRUMP_TOLERANCE` of it."""
        best = self.chance(self.answer()) or 0.0
        full = self.layouts(self.answer())
        return [
            t for t in self.choices()
            if t == self.answer()
            or (self.layouts(t) == full and (self.chance(t) or -1.0) >= best - TRUMP_TOLERANCE)
        ]

    def judge(self, value: str) -> Feedback:
        if value not in self.choices():
            try:
                self.g.clone().apply(f"trump {value}")
            except IllegalAction as e:
                return Feedback(False, "trump-not-allowed", f"{e.message}.", (e.code,))
        p, best = self.chance(value), self.chance(self.answer())
        return Feedback(False, "weaker-trump",
                        f"With {trump_label(Trump.parse(value))} the strong player makes the bid in {percent(p)} of its "
                        f"simulated deals, against {percent(best)} with {trump_label(Trump.parse(self.answer()))}. {self.summary()}")

    def plain(self, value: str) -> str:
        """The right trump and why in the words of the chance bands (the plain share of the
        simulated deals where the bid is made); then, for another trump, how it fares."""
        who = "this hand" if self.position.rules.players == 3 else "your side"
        ans = self.answer()
        best = self.chance(ans)
        out = f"The strong player names {as_trump(Trump.parse(ans))}"
        if best is not None:
            out += f": with it, {chance_clause(best, who, 'make the bid')}"
        out += "."
        p = self.chance(value) if value != ans else None
        if p is not None:
            out += f" With {as_trump(Trump.parse(value))}, {chance_clause(p, who, 'make it')}."
        return out

    def explain(self) -> str:
        ok = self.accepted()
        extra = f" Also accepted (about as good): {names(a for a in ok if a != self.answer())}." if len(ok) > 1 else ""
        return f"The strong player names {trump_label(Trump.parse(self.answer()))}. {self.summary()}{extra}"

    def wrong_answers(self) -> Sequence[object]:
        out = list(super().wrong_answers())
        allowed = {str(t) for t in self.position.rules.trumps}
        out += [t for t in ("doubles", "none", "0") if t not in allowed]
        return out

    def features(self) -> Features:
        return {"options": len(self.choices()), "traps": ["naming-trump"], "depth": 0}
