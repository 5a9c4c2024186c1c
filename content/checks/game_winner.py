"""``game_winner``: who wins the game after this hand (ties play on)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from content.checks.base import JSON, Features, Feedback, names, read_side, register, side_name
from content.checks.hand import HandTask
from content.errors import FieldError


@register
class GameWinner(HandTask[int | None]):
    kind = "game_winner"
    title = "Who wins the game"
    short_title = "Game winner"
    mode = "one"
    hint = (
        "Work out the scores after this hand. Who is at or above the target, and alone at the top? "
        "Mind the house rules, and remember that a made 21 wins at once by the standard rules."
    )
    default_question = "After this hand, who has won the game, if anyone?"
    answer_format = "the winning side (seat with 3 players, team with 4), or null when play goes on"
    wrong_said: ClassVar[dict[str, str]] = {
        "not-the-highest": "The side you named is not strictly ahead after this hand.",
    }
    codes: ClassVar[dict[str, str]] = {
        "tie-plays-on": "named one of the players tied for the lead: a tie plays on",
        "below-target": "named a winner, but nobody has reached the target",
        "not-the-highest": "named a side that is not strictly ahead",
        "moon-wins-game": "missed that a made 21 wins the game at once",
        "bidder-goes-out": "missed the 'bidder goes out first' house rule",
        "game-over": "said play goes on, but one side is at or over the target and alone in the lead",
    }

    @classmethod
    def choice_label(cls, choice: str, players: int = 3) -> str:
        """``"1"`` -> ``"Seat 1"`` (``"Team 1 (seats 1 & 3)"`` with four players);
        ``"nobody"`` -> ``"Nobody (play goes on)"``."""
        if choice == "nobody":
            return "Nobody (play goes on)"
        if players == 4:
            return f"Team {choice} (Seats {choice} & {int(choice) + 2})"
        return f"Seat {choice}"

    def setup(self) -> None:
        super().setup()
        if self.position.scores is None:
            raise FieldError("position.scores", "kind 'game_winner' needs the scores before this hand")

    def compute(self) -> int | None:
        return self.scored().winner

    def read(self, raw: object) -> int | None:
        return read_side(raw, self.position, allow_none=True)

    def to_json(self, value: int | None) -> JSON:
        return value

    def choices(self) -> list[str]:
        return [str(i) for i in range(len(self.position.rules.teams()))] + ["nobody"]

    def _reason(self) -> str:
        pos, s = self.position, self.scored()
        target = pos.rules.target
        unit = "marks" if pos.rules.scoring == "marks" else "points"
        scores = ", ".join(f"{side_name(pos, i)} {v}" for i, v in enumerate(s.scores))
        head = f"{self.story()} Scores after the hand: {scores}."
        if s.moon_won_game:
            return f"{head} A made 21 wins the game at once, whatever the scores."
        w = s.winner
        if w is not None:
            if pos.rules.tie_break == "bidder-out" and w == self.bidder_side() and s.scores.count(max(s.scores)) > 1:
                return f"{head} Under 'bidder goes out first', the bidder who reaches {target} wins even when tied."
            return f"{head} {side_name(pos, w)} has {s.scores[w]} {unit}, at least {target} and strictly ahead of everyone: the game is won."
        top = max(s.scores)
        if top < target:
            return f"{head} Nobody has {target} {unit} yet, so the game goes on."
        tied = [side_name(pos, i) for i, v in enumerate(s.scores) if v == top]
        return f"{head} {names(tied)} are tied for the lead at {top}: the game goes on, hand by hand, until one is strictly ahead."

    def judge(self, value: int | None) -> Feedback:
        pos, s = self.position, self.scored()
        right = self.answer()
        top = max(s.scores)
        if s.moon_won_game:
            code = "moon-wins-game"
        elif right is None:
            if value is not None and s.scores[value] == top and top >= pos.rules.target:
                code = "tie-plays-on"
            elif top < pos.rules.target:
                code = "below-target"
            else:
                code = "not-the-highest"
        elif pos.rules.tie_break == "bidder-out" and right == self.bidder_side() and s.scores.count(top) > 1:
            code = "bidder-goes-out"
        elif value is None:
            code = "game-over"
        else:
            code = "not-the-highest"
        return Feedback(False, code, self._reason())

    def explain(self) -> str:
        return self._reason()

    def wrong_answers(self) -> Sequence[object]:
        return [c for c in [*range(len(self.position.rules.teams())), None] if c != self.answer()]

    def features(self) -> Features:
        s = self.scored()
        traps = []
        top = max(s.scores)
        if s.scores.count(top) > 1 and top >= self.position.rules.target:
            traps.append("tie")
        if any(v < 0 for v in s.scores):
            traps.append("negative")
        if s.moon_won_game:
            traps.append("moon")
        if self.position.rules.tie_break == "bidder-out":
            traps.append("bidder-out")
        return {"options": len(s.scores) + 1, "traps": traps, "depth": 0}
