"""Plain sampling ("perfect-information Monte Carlo"), the reference a fair player is held to.

``PimcBot(layouts=100)`` bids, discards and names trump as the basic player does; to play, it
draws ``layouts`` layouts of the tiles it has not seen, uniformly among those that agree with
what it saw (voids shown by play, the widow's count; no reading of the auction), solves every
legal play on each with every hand open, and plays the one with the most tricks for its side
on average (the cheaper tile on a tie). All the layouts when there are no more than
``layouts``. That is the plain sampler of the literature on trick-taking games; the strong
player is held to it in ``python -m bench.ai --dd-loss --paired --levels strong,pimc:layouts=100``.
"""

from __future__ import annotations

import random

from engine.actions import Action
from engine.game import PlayerView
from engine.players.analysis import analyse_play
from engine.players.decision import Decision, Explanation
from engine.players.facts import keep_value
from engine.players.simple import BasicBot
from engine.sampling import Constraints
from engine.solver import Solver
from engine.tiles import Tile

__all__ = ["PimcBot"]


class PimcBot(BasicBot):
    """The basic player's contracts, and play by plain sampling of ``layouts`` layouts."""

    level = "pimc"

    def __init__(self, seed: int | None = None, *, layouts: int = 100) -> None:
        super().__init__(seed)
        if layouts < 1:
            raise ValueError(f"pimc: layouts must be at least 1, not {layouts}")
        self.layouts = layouts
        self._rng = random.Random(seed)
        self._solvers: dict[tuple[object, int], Solver] = {}

    def __repr__(self) -> str:
        return f"PimcBot(layouts={self.layouts})"

    def _play(self, view: PlayerView, legal: list[Action]) -> Decision:
        trump = view.trump
        assert trump is not None
        if len(legal) == 1:
            return Decision(legal[0], Explanation("my only legal play", (), reason="My only legal play."))
        c = Constraints.from_view(view)
        possible = c.count()
        exhaustive = possible <= self.layouts
        lays = list(c.enumerate()) if exhaustive else c.samples(self._rng, self.layouts)
        key = (trump, view.rules.players)
        solver = self._solvers.get(key)
        if solver is None:
            solver = self._solvers[key] = Solver(trump, view.rules.players)
        an = analyse_play(view, lays, solver, possible, exhaustive)
        best = max(an.tiles, key=lambda t: (round(an.tricks[t], 9), -keep_value(t, trump), -t.index))
        action = next(a for a in legal if isinstance(a.value, Tile) and a.value == best)
        said = f"most tricks on average over {len(lays)} layouts"
        return Decision(action, Explanation(said, (), reason=said[0].upper() + said[1:] + "."))
