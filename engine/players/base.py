"""The computer player's base classes: :class:`Bot` (seeded, sees only a view) and
:class:`PhaseBot` (one method per phase)."""

from __future__ import annotations

import random

from engine.actions import Action
from engine.game import PlayerView
from engine.players.decision import Decision
from engine.sampling import view_digest

__all__ = ["Bot", "PhaseBot"]


class Bot:
    """A computer player. Call :meth:`decide` with the view of the seat to act."""

    level = "bot"

    def __init__(self, seed: int | None = None) -> None:
        self.seed: int = 0 if seed is None else int(seed)

    def rng(self, view: PlayerView, salt: str = "") -> random.Random:
        """The random stream for a decision: seeded by the bot's seed and the view's digest."""
        return random.Random(view_digest(view, f"{self.level}/{self.seed}/{salt}"))

    def decide(self, view: PlayerView) -> Decision:
        """The action this bot takes for ``view``, with its explanation."""
        legal = view.legal_actions()
        if not legal:
            raise ValueError(f"seat {view.seat} has nothing to do now (phase {view.phase})")
        return self._decide(view, legal)

    def _decide(self, view: PlayerView, legal: list[Action]) -> Decision:
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"make_bot({self.level!r}, seed={self.seed})"


class PhaseBot(Bot):
    """A bot with one method per phase: ``_bid``, ``_discard``, ``_trump`` and ``_play``."""

    def _decide(self, view: PlayerView, legal: list[Action]) -> Decision:
        if view.phase == "playing":
            return self._play(view, legal)
        if view.phase == "bidding":
            return self._bid(view, legal)
        if view.phase == "discard":
            return self._discard(view, legal)
        return self._trump(view, legal)

    def _bid(self, view: PlayerView, legal: list[Action]) -> Decision:
        raise NotImplementedError

    def _discard(self, view: PlayerView, legal: list[Action]) -> Decision:
        raise NotImplementedError

    def _trump(self, view: PlayerView, legal: list[Action]) -> Decision:
        raise NotImplementedError

    def _play(self, view: PlayerView, legal: list[Action]) -> Decision:
        raise NotImplementedError
