"""``legal_actions``: which of these actions are allowed now."""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import ClassVar

from content.checks.base import JSON, Features, Feedback, Task, action_label, names, register, tile_lines
from content.errors import AnswerError, FieldError
from engine import Action, IllegalAction, ParseError


@register
class LegalActions(Task[tuple[str, ...]]):
    kind = "legal_actions"
    title = "Which of these may you do now"
    short_title = "Legal actions"
    mode = "many"
    hint = "What phase is the hand in, and what is the highest bid so far?"
    default_question = "Which of these may you do now? Pick every one that is allowed."
    answer_format = 'the allowed actions among `choices`, in their order: ["pass", "bid 6", "bid 21"]'
    params: ClassVar[dict[str, str]] = {
        "choices": "the actions offered, in engine notation ('pass', 'bid 5', 'discard 3-1', "
        "'trump doubles'); default: pass and every bid",
    }
    codes: ClassVar[dict[str, str]] = {
        "bid-too-low": "picked a bid that is not higher than the highest so far (engine code)",
        "bid-value": "picked a number that is not a bid under these rules (engine code)",
        "must-bid": "picked pass when the house rule forces a bid (engine code)",
        "wrong-phase": "picked an action of another phase of the hand (engine code)",
        "trump-not-allowed": "picked a trump these rules do not allow (engine code)",
        "not-in-hand": "picked a discard of a tile not held (engine code)",
        "hand-over": "picked an action after the auction ended the hand (engine code)",
        "missed-action": "left out an action that is allowed",
    }

    @classmethod
    def choice_label(cls, choice: str, players: int = 3) -> str:
        """``"pass"`` -> ``"Pass"``, ``"bid 21"`` -> ``"Bid 21 (moon)"``."""
        return action_label(choice)

    def setup(self) -> None:
        raw = self.param("choices")
        if raw is None:
            raw = ["pass", *(f"bid {b}" for b in self.position.rules.bid_values)]
        if not isinstance(raw, list) or len(raw) < 2:
            raise FieldError("choices", "give at least two actions to choose from")
        try:
            self.actions = [Action.parse(c) for c in raw]
        except ParseError as e:
            raise FieldError("choices", str(e)) from None
        if not self.position.bids and self.position.first_bidder is None:
            raise FieldError("position.first_bidder", "kind 'legal_actions' needs the auction (first_bidder and bids)")
        self.game = self.position.game_after_bids()
        if not self.compute():
            raise FieldError("choices", "none of these actions is allowed: offer at least one that is")

    def compute(self) -> tuple[str, ...]:
        legal = set(self.game.legal_actions())
        return tuple(str(a) for a in self.actions if a in legal)

    def read(self, raw: object) -> tuple[str, ...]:
        if isinstance(raw, str):
            raw = [raw]
        if not isinstance(raw, list | tuple | set | frozenset):
            raise AnswerError("answer with a list of actions")
        try:
            picked = {Action.parse(x) for x in raw}
        except ParseError as e:
            raise AnswerError(str(e)) from None
        for a in picked:
            if a not in self.actions:
                raise AnswerError(f"{a} is not one of the actions on offer")
        return tuple(str(a) for a in self.actions if a in picked)

    def to_json(self, value: tuple[str, ...]) -> JSON:
        return list(value)

    def choices(self) -> list[str]:
        return [str(a) for a in self.actions]

    def _refusal(self, action: str) -> IllegalAction:
        try:
            self.game.clone().apply(action)
        except IllegalAction as e:
            return e
        raise AssertionError(f"{action} is legal")

    def _why_allowed(self, action: str) -> str:
        a = Action.parse(action)
        g = self.game
        high = max((b for _, b in g.bids), default=0)
        if a.kind == "pass":
            return "pass is allowed: a player may always pass unless a house rule forces a bid."
        if a.kind == "bid":
            if high == 21 and a.value == 21:
                return "bid 21 is allowed: under the 'moon overcall' house rule a later player may shoot the moon too."
            return f"{a} is allowed: it is higher than the highest bid so far ({high or 'none yet'})."
        if a.kind == "discard":
            return f"{a} is allowed: the bidder, holding the widow, discards any one tile of the hand."
        if a.kind == "trump":
            return f"{a} is allowed: the bidder names trump now, and these rules allow it."
        return f"{a} is allowed."

    def judge(self, value: tuple[str, ...]) -> Feedback:
        right, picked = set(self.answer()), set(value)
        extra = [c for c in self.choices() if c in picked and c not in right]
        missed = [c for c in self.choices() if c in right and c not in picked]
        refusals = [(c, self._refusal(c)) for c in extra]
        lines = [f"{c} is not allowed: {e.message}." for c, e in refusals]
        lines += ["You left out an action: " + self._why_allowed(c) for c in missed]
        if refusals:
            e = refusals[0][1]
            return Feedback(False, e.code if e.code in self.codes else "wrong-phase", tile_lines(lines),
                            tuple(dict.fromkeys(r.code for _, r in refusals)))
        return Feedback(False, "missed-action", tile_lines(lines))

    def explain(self) -> str:
        right = self.answer()
        parts = [f"Allowed: {names(right)}."]
        parts += [self._why_allowed(c) for c in right]
        for c in self.choices():
            if c not in right:
                parts.append(f"{c} is not: {self._refusal(c).message}.")
        return " ".join(parts)

    def wrong_answers(self) -> Sequence[object]:
        right = set(self.answer())
        ch = self.choices()
        out = []
        for r in range(len(ch) + 1):
            for combo in itertools.combinations(ch, r):
                if set(combo) != right:
                    out.append(list(combo))
        return out[:300]

    def features(self) -> Features:
        traps = sorted({self._refusal(c).code for c in self.choices() if c not in self.answer()})
        return {"options": len(self.actions), "traps": traps, "depth": 0}
