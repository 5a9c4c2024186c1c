"""The shared base of the check kinds whose answer is the strong computer player's decision
(``bid``, ``trump_choice``): :class:`BotTask` asks the player once and keeps its decision."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from content.checks.base import JSON, Task
from engine import Action, Game, Trump
from engine.words import trump_phrase

__all__ = ["BID_TOLERANCE", "BOT_SEED", "TRUMP_TOLERANCE", "BotTask", "trump_label"]

if TYPE_CHECKING:  # the players load numpy: imported only when a check asks (below)
    from engine.players import Candidate, Decision

# -- the strong player's kinds ---------------------------------------------------------------
#: How far (as a chance, 0..1) a learner's bid may be from the strong player's bidding
#: threshold and still count as sensible.
BID_TOLERANCE = 0.10
#: How far a learner's trump's chance to make the bid may be below the best trump's.
TRUMP_TOLERANCE = 0.05
#: The seed of the strong player used to check answers (fixed: answers must be stable).
BOT_SEED = 42


def trump_label(tr: Trump | None) -> str:
    """The trump in words for a decision's feedback: ``"sixes trump"``; the player's own
    choice when ``tr`` is None (``"its best trump"``)."""
    if tr is None:
        return "its best trump"
    return trump_phrase(tr)


#: The strong player's decisions, by the question they answer (it is deterministic for a
#: given view and seed, so a decision is computed once per process).
_DECISIONS: dict[str, Decision] = {}


class BotTask(Task[str]):
    """A decision checked against the strong player (``engine.players``)."""

    needs = "ai"
    seat: int

    def decision(self) -> Decision:
        """The strong player's decision for this question (kept on the task too, so a task
        loaded in another process and sent here keeps it)."""
        mine: Decision | None = self.__dict__.get("_decision")
        if mine is not None:
            return mine
        key = repr((self.kind, sorted(self.position.rules.to_dict().items()),
                    sorted(self.position.to_dict().items()), sorted(self.p.items())))
        cached = _DECISIONS.get(key)
        if cached is None:
            from engine.players import make_bot  # the players load numpy: only when a check asks

            bot = make_bot("strong", seed=BOT_SEED)
            game = self.game()
            cached = bot.decide(game.view(self.seat))
            _DECISIONS[key] = cached
        self._decision = cached
        return cached

    def game(self) -> Game:
        """The game at the decision asked about."""
        raise NotImplementedError

    def accepted(self) -> list[str]:
        """The answers that count as right: the player's own and those close to it by its
        numbers (within the kind's tolerance)."""
        raise NotImplementedError

    def accepts(self, value: str) -> bool:
        return value in self.accepted()

    def wrong_answers(self) -> Sequence[object]:
        """Every choice the player's numbers do not accept."""
        ok = self.accepted()
        return [c for c in self.choices() or () if c not in ok]

    def candidate(self, action: Action) -> Candidate:
        return self.decision().explanation.candidate(action)

    def compute(self) -> str:
        return str(self.decision().action)

    def to_json(self, value: str) -> JSON:
        return str(value)

    def summary(self) -> str:
        return str(self.decision().explanation.summary)
