"""The fair answer to a play decision: the best tile *in expectation* over every layout of the
unseen tiles that the player cannot rule out.

A strategy position is one seat's view of a real deal at a play decision (:class:`PlayerView`):
its hand, the bidding, trump, every trick so far with who played what, the trick in progress.
:func:`fair_answer` values each legal tile by the exact solver (:mod:`engine.solver`) on every
layout of the unseen tiles that agrees with that view (:class:`engine.sampling.Constraints`:
hand sizes, the face-down widow or discard, voids shown by play), every layout equally likely
(the bidding is not used to weigh layouts). When there are at most :data:`ENUMERATE_UP_TO`
layouts it uses all of them (the values are exact); otherwise it draws ``samples`` layouts
with a seeded ``random.Random``, and the margin of the best tile over each other tile is only
trusted down to its lower 95% confidence bound (paired over the same layouts).

Two values per tile, for the seat's side in the contract fight (the bidder's side, or the
defenders together): the tricks it takes from here on average, and the share of layouts in
which the contract ends the way the side wants (made for the bidder's side, set for the
defenders). :meth:`FairAnswer.clear_best` is the margin filter of the strategy course: the
best tile beats every other legal tile by at least :data:`TRICK_MARGIN` tricks or
:data:`CHANCE_MARGIN` percentage points of that chance.

>>> from engine import Game
>>> g = Game.new(seed=120)
>>> for a in ["bid 4", "pass", "pass", "discard 6-1", "trump 3", "play 6-6", "play 3-1", "play 6-2",
...           "play 3-3", "play 4-3", "play 3-2", "play 6-3", "play 4-1", "play 5-3"]:
...     g.apply(a)
>>> fa = fair_answer(g.view(0))
>>> fa.exhaustive, fa.layouts, str(fa.best), fa.clear_best()
(True, 630, '0-0', True)
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping
from dataclasses import dataclass

from engine.game import PlayerView
from engine.players.facts import seat_goal
from engine.sampling import Constraints
from engine.solver import _solver_for, mask_of
from engine.tiles import Tile

__all__ = ["CHANCE_MARGIN", "ENUMERATE_UP_TO", "TRICK_MARGIN", "Z95", "FairAnswer", "fair_answer", "side_of"]

#: The least margin in tricks (expected) that makes a tile clearly best.
TRICK_MARGIN = 0.25
#: The least margin in percentage points of the chance to make (or set) the contract.
CHANCE_MARGIN = 10.0
#: Up to this many layouts, every layout is solved (exact values); above, a sample.
ENUMERATE_UP_TO = 3000
#: One-sided 95% normal quantile for the lower bound of a sampled margin.
Z95 = 1.645


def side_of(view: PlayerView) -> tuple[int, ...]:
    """The seats on the side of ``view.seat`` in the contract fight: the bidder's side (the
    bidder, and the partner with four players), or every defender."""
    return tuple(seat_goal(view).seats)


@dataclass(frozen=True)
class FairAnswer:
    """Each legal tile's value over the layouts: ``tricks[t]`` the side's average tricks from
    here (the trick in progress counts), ``chance[t]`` the percentage of layouts in which the
    side gets what it wants from the contract. ``exhaustive`` says whether every layout was
    solved (``layouts`` of them) or a seeded sample of ``layouts``; ``per_layout`` keeps every
    layout's tricks by tile (for the confidence bounds); ``need`` is the tricks the side still
    needs and ``goal`` ``"make"`` (the bidder's side) or ``"set"`` (the defenders)."""

    seat: int
    side: tuple[int, ...]
    layouts: int
    total_layouts: int
    exhaustive: bool
    tricks: Mapping[Tile, float]
    chance: Mapping[Tile, float]
    per_layout: tuple[Mapping[Tile, int], ...]
    need: int
    goal: str = "make"

    @property
    def best(self) -> Tile:
        """The tile with the most expected tricks (then the best chance, then the lower tile:
        a fixed order, so ties break the same way every time)."""
        return max(self.tricks, key=lambda t: (round(self.tricks[t], 9), round(self.chance[t], 9), -t.index))

    def margin(self, other: Tile) -> tuple[float, float]:
        """How much the best tile beats ``other``: (tricks, chance points), each the lower 95%
        bound when the layouts are a sample, the exact difference when they are all."""
        b = self.best
        dt = [lay[b] - lay[other] for lay in self.per_layout]
        dc = [self._made(lay[b]) - self._made(lay[other]) for lay in self.per_layout]
        return self._low(dt), 100.0 * self._low(dc)

    def _made(self, tricks: int) -> int:
        return int(tricks >= self.need)

    def _low(self, diffs: list[int]) -> float:
        n = len(diffs)
        mean = sum(diffs) / n
        if self.exhaustive or n < 2:
            return mean
        var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
        return mean - Z95 * math.sqrt(var / n)

    def margins(self) -> dict[Tile, tuple[float, float]]:
        """:meth:`margin` for every other legal tile."""
        return {t: self.margin(t) for t in self.tricks if t != self.best}

    def clear_best(self) -> bool:
        """True when the best tile beats every other legal tile by :data:`TRICK_MARGIN`
        tricks or :data:`CHANCE_MARGIN` chance points (lower bounds when sampled). A position
        with one legal tile has nothing to choose: ``False``."""
        if len(self.tricks) < 2:
            return False
        return all(mt >= TRICK_MARGIN - 1e-9 or mc >= CHANCE_MARGIN - 1e-9 for mt, mc in self.margins().values())

    def least_margin(self) -> float:
        """The smallest trick margin of the best tile over another tile (lower bound when
        sampled)."""
        return min(mt for mt, _ in self.margins().values())


def fair_answer(view: PlayerView, samples: int = 400, seed: int = 0,
                enumerate_up_to: int = ENUMERATE_UP_TO) -> FairAnswer:
    """The fair answer for the seat to play in ``view`` (which must be its turn to play a
    tile). Every agreeing layout when there are at most ``enumerate_up_to``, else ``samples``
    layouts drawn with ``random.Random(seed)``; the same arguments give the same answer."""
    if view.to_act != view.seat or view.trump is None or view.leader is None:
        raise ValueError("the fair answer is for the seat to play, once trump is named")
    legal = sorted(a.value for a in view.legal_actions() if isinstance(a.value, Tile))
    if not legal:
        raise ValueError("the seat has no tile to play")
    goal = seat_goal(view)
    side = tuple(goal.seats)
    n = view.rules.players
    cons = Constraints.from_view(view)
    total = cons.count()
    rng = random.Random(seed)
    layouts, exhaustive = cons.layouts(rng, samples, enumerate_up_to)
    solver = _solver_for(view.trump, n)
    side_mask = sum(1 << s for s in side)
    trick = [t.index for t in view.current_trick]
    need = goal.target - goal.won
    per: list[dict[Tile, int]] = []
    for lay in layouts:
        # The face-down pile (widow or discard) is out of play: the solver never sees it.
        hands = [mask_of(lay[s]) if s != view.seat else mask_of(view.hand) for s in range(n)]
        values = solver.move_values_masks(hands, view.leader, side_mask, trick)
        per.append({t: values[t.index] for t in legal})
    k = len(per)
    tricks = {t: sum(p[t] for p in per) / k for t in legal}
    chance = {t: 100.0 * sum(p[t] >= need for p in per) / k for t in legal}
    return FairAnswer(view.seat, side, k, total, exhaustive, tricks, chance, tuple(per), need, goal.goal)
