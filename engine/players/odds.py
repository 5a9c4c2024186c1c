"""The chance to win the game from a score: a simple race model, for bidding to win.

A hand's points matter only as far as they bring the game closer: 4 points that take a
player from 17 to 21 win the game, the same 4 points at 0 are a fifth of the way; a 21
made (under the default rules) wins at once, which is worth everything to a player far
behind and little more than a good bid to one about to win anyway. The strong player
bids to raise its chance of winning the game (:class:`GameOdds`), worked out here.

The model: from the end of this hand on, every side scores hand after hand by one fixed
table of points per hand (:data:`HAND_POINTS`, measured on games of basic players, with a
small chance of a made 21), independently of the others. The chance that a side has not
reached the target after ``n`` more hands is a short dynamic programme over its score
(:func:`not_reached`); a side wins when it reaches the target first, and sides that reach
it in the same hand share that win evenly. The hand being bid is not
left to the model: it is scored exactly, with :func:`engine.scoring.game_winner`, so a
bid that ends the game is counted as the win or loss it is.

>>> from engine.rules import RuleSet
>>> odds = GameOdds(RuleSet(), scores=(0, 0, 0), side=0)
>>> round(odds.now, 2)                        # three equal players: a third each
0.33
>>> odds.after((21, 0, 0)) == 1.0             # 21 points at the end of a hand: the game is won
True
>>> GameOdds(RuleSet(), (17, 10, 10), 0).now > GameOdds(RuleSet(), (10, 17, 10), 0).now
True
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from math import comb

from engine.rules import RuleSet
from engine.scoring import game_winner

__all__ = ["HAND_POINTS", "GameOdds", "not_reached", "race_chance"]

#: What a made 21 that wins the game is entered as in the tables below.
WIN = 1000

#: Points one side scores in a hand, with their chances, by number of players: measured on
#: 3,000 hands of basic players (``python -m bench.handpoints --players 3 --hands 3000``:
#: every side's change of score in every hand, the hands thrown in counting 0), with half
#: a percent moved from 0 to a made 21 (basic players never bid it; good players sometimes do).
HAND_POINTS: dict[int, tuple[tuple[int, float], ...]] = {
    3: (
        (-7, 0.0002), (-6, 0.0023), (-5, 0.0215), (-4, 0.0194), (0, 0.3404), (1, 0.1606),
        (2, 0.1154), (3, 0.0346), (4, 0.1266), (5, 0.1478), (6, 0.0252), (7, 0.0011),
        (WIN, 0.005),
    ),
    4: (
        (-5, 0.0025), (-4, 0.0160), (0, 0.2623), (1, 0.1124), (2, 0.1223), (3, 0.0559),
        (4, 0.3398), (5, 0.0782), (6, 0.0055), (7, 0.0002), (WIN, 0.005),
    ),
}

#: Marks per hand (the "marks" scoring): a made bid earns the bidder's side one, a set
#: earns every other side one. Worked out from :data:`HAND_POINTS`: a side earns a mark
#: when it makes a bid (a gain of 4 or more: 30% with three players, 42% with four) or when
#: another side is set (a loss: 4.3% for each of the two others with three players, 1.9%
#: for the other team with four).
HAND_MARKS: dict[int, tuple[tuple[int, float], ...]] = {
    3: ((0, 0.608), (1, 0.387), (WIN, 0.005)),
    4: ((0, 0.553), (1, 0.442), (WIN, 0.005)),
}

#: Hands looked ahead in a game to 21: a side still short of the target after this many is
#: counted as never reaching it (scores this far behind almost never win). A game to more
#: points looks further ahead (:func:`_reach`).
HORIZON = 60
#: How far below the target a score is followed in a game to 21 (a game to more points
#: follows scores as far below zero); a lower score counts as the lowest followed.
DEPTH = 80


def _reach(rules: RuleSet) -> tuple[int, int]:
    """(hands looked ahead, scores followed below the target) for ``rules``: at least
    :data:`HORIZON` and :data:`DEPTH`, and for a longer game enough hands for a side at 0
    to reach the target twice over at the table's mean points per hand, and scores down to
    60 below zero."""
    table = [(p, c) for p, c in _table(rules) if p != WIN]
    mean = max(0.5, sum(p * c for p, c in table))
    return max(HORIZON, 2 * math.ceil(rules.target / mean) + 40), max(DEPTH, rules.target + 60)


def _table(rules: RuleSet) -> tuple[tuple[int, float], ...]:
    players = 4 if rules.players == 4 else 3
    table = HAND_MARKS[players] if rules.scoring == "marks" else HAND_POINTS[players]
    if rules.moon_wins_game:
        return table
    # A made 21 scores like any bid: 21 points (or one mark).
    gain = 1 if rules.scoring == "marks" else 21
    return tuple((gain if p == WIN else p, c) for p, c in table)


@lru_cache(maxsize=16)
def _not_reached(rules: RuleSet) -> tuple[tuple[float, ...], ...]:
    """``q[n][i]``: the chance a side at score ``target - depth + i`` has not reached the
    target after ``n`` hands (``depth``: :func:`_reach`)."""
    target = rules.target
    horizon, depth = _reach(rules)
    low = target - depth
    table = _table(rules)
    q: list[tuple[float, ...]] = [tuple(1.0 for _ in range(depth))]
    for _ in range(horizon):
        prev = q[-1]
        row = []
        for i in range(depth):
            s = low + i
            total = 0.0
            for pts, chance in table:
                t = s + pts
                if t >= target:
                    continue
                total += chance * prev[max(0, t - low)]
            row.append(total)
        q.append(tuple(row))
    return tuple(q)


def not_reached(rules: RuleSet, score: int, hands: int) -> float:
    """The chance that a side at ``score`` has not reached the target after ``hands`` more
    hands, by the race model (0 at or above the target).

    >>> from engine.rules import RuleSet
    >>> not_reached(RuleSet(), 20, 0), not_reached(RuleSet(), 21, 0)
    (1.0, 0.0)
    >>> 0 < not_reached(RuleSet(), 20, 1) < 0.5       # one trick or a made bid gets there
    True
    """
    target = rules.target
    if score >= target:
        return 0.0
    q = _not_reached(rules)
    return q[min(hands, len(q) - 1)][max(0, score - (target - len(q[0])))]


@lru_cache(maxsize=1 << 14)
def race_chance(rules: RuleSet, scores: tuple[int, ...], side: int) -> float:
    """The chance that ``side`` wins a race to the target from ``scores`` (all below it, by
    side), every side scoring by the model's table each hand; sides that reach the target
    in the same hand share that win evenly."""
    mine = scores[side]
    others = [s for i, s in enumerate(scores) if i != side]
    win = 0.0
    for n in range(1, _reach(rules)[0] + 1):
        first = not_reached(rules, mine, n - 1) - not_reached(rules, mine, n)
        if first <= 0.0:
            continue
        # ways[k]: the chance that k of the others reach the target in this same hand and
        # none of them before it.
        ways = [1.0]
        for o in others:
            still = not_reached(rules, o, n)
            same = not_reached(rules, o, n - 1) - still
            ways = [still * a + same * b for a, b in zip([*ways, 0.0], [0.0, *ways], strict=True)]
        win += first * sum(w / (1 + k) for k, w in enumerate(ways))
    return win


@dataclass(frozen=True)
class GameOdds:
    """One side's chance to win the game, now and after a hand (see the module text).

    ``scores``: the sides' scores before this hand (by side, as :attr:`engine.Game.scores`);
    ``side``: the side whose chance is wanted."""

    rules: RuleSet
    scores: tuple[int, ...]
    side: int
    _memo: dict[tuple[tuple[int, ...], int | None, bool, bool], float] = field(
        default_factory=dict, compare=False, repr=False
    )
    _hands: dict[tuple[int, int, int, bool], float] = field(default_factory=dict, compare=False, repr=False)

    @property
    def now(self) -> float:
        """The chance to win the game from the scores before this hand."""
        return self.after((0,) * len(self.scores))

    def after(
        self, change: Sequence[int], bidder_side: int | None = None, made: bool = False, moon: bool = False
    ) -> float:
        """The chance to win the game once this hand has changed the scores by ``change``
        (by side): 1 or 0 when the hand ends the game (:func:`engine.scoring.game_winner`;
        ``moon``: a made 21 that wins at once), else :func:`race_chance` from there."""
        key = (tuple(change), bidder_side, made, moon)
        hit = self._memo.get(key)
        if hit is not None:
            return hit
        scores = tuple(s + c for s, c in zip(self.scores, change, strict=True))
        winner = game_winner(self.rules, scores, -1 if bidder_side is None else bidder_side, made, moon)
        if winner is not None:
            value = 1.0 if winner == self.side else 0.0
        elif max(scores) >= self.rules.target:
            # Tied at the top: play on. Those tied are about even; the rest have little hope.
            top = max(scores)
            tied = [i for i, s in enumerate(scores) if s == top]
            value = 1.0 / len(tied) if self.side in tied else 0.0
        else:
            value = race_chance(self.rules, scores, self.side)
        self._memo[key] = value
        return value

    def hand(self, bidder_side: int, bid: int, side_tricks: int, made: bool) -> float:
        """The chance to win the game after a hand where ``bidder_side`` bid ``bid`` and took
        ``side_tricks`` tricks (``made``: whether that made the bid): each other side's
        tricks come from the rest, shared evenly at random between the two other players
        with three players."""
        key = (bidder_side, bid, side_tricks, made)
        hit = self._hands.get(key)
        if hit is None:
            hit = self._hands[key] = self._hand(bidder_side, bid, side_tricks, made)
        return hit

    def _hand(self, bidder_side: int, bid: int, side_tricks: int, made: bool) -> float:
        rules = self.rules
        n = len(self.scores)
        moon = made and bid == 21 and rules.moon_wins_game
        marks = rules.scoring == "marks"
        rest = 7 - side_tricks
        others = [i for i in range(n) if i != bidder_side]
        splits: list[tuple[float, tuple[int, ...]]]
        if n == 2 or len(others) == 1:
            splits = [(1.0, (rest,))]
        else:
            splits = [(comb(rest, a) / 2**rest, (a, rest - a)) for a in range(rest + 1)]
        total = 0.0
        for chance, shares in splits:
            change = [0] * n
            if marks:
                if made:
                    change[bidder_side] = 1
                else:
                    for o in others:
                        change[o] = 1
            else:
                change[bidder_side] = bid if made else -bid
                for o, t in zip(others, shares, strict=True):
                    change[o] = t
            total += chance * self.after(change, bidder_side, made, moon)
        return total
