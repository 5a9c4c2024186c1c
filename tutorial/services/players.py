"""The computer players as the app uses them: one bot per seat, made by ``engine.ai``.

The import of ``engine.ai`` happens when a bot is first needed, so the rest of the app (and
its tests) load without it. Every bot of a game is seeded from the deal number and its seat,
so the same position gets the same answer after a page refresh.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from engine import Action, PlayerView

__all__ = ["BotFactory", "Decider", "bot_seed", "default_factory", "level_label"]

#: What the app calls each computer level.
LEVEL_LABELS = {"random": "random", "basic": "basic", "strong": "strong"}


class Decider(Protocol):
    """The part of ``engine.ai``'s bot the app uses."""

    def decide(self, view: PlayerView) -> Any: ...


BotFactory = Callable[..., Decider]


def default_factory() -> BotFactory:
    """``engine.ai.make_bot`` (imported on first use)."""
    from engine.ai import make_bot

    return make_bot


def bot_seed(deal: int, seat: int, salt: int = 0) -> int:
    """A stable seed for the bot of ``seat`` in the game of deal number ``deal``."""
    return (deal * 1_000_003 + seat * 7919 + salt * 104_729) % (2**63)


def level_label(level: str) -> str:
    """The word shown for a level."""
    return LEVEL_LABELS.get(level, level)


def decision_action(decision: Any) -> Action:
    """The action a decision chose (an :class:`Action` or its text)."""
    action = getattr(decision, "action", decision)
    return Action.parse(action)
