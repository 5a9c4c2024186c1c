"""The chance to win the game from a score: a model of the rest of the game, for bidding
to win.

A hand's points matter only as far as they bring the game closer: 4 points that take a
player from 17 to 21 win the game, the same 4 points at 0 are a fifth of the way; a 21
made (under the default rules) wins at once, which is worth everything to a player far
behind and little more than a good bid to one about to win anyway. The strong player
bids to raise its chance of winning the game (:class:`GameOdds`), worked out here.

The hand being bid is not left to a model: it is scored exactly, with
:func:`engine.scoring.game_winner`, so a bid that ends the game is counted as the win or
loss it is. From the end of this hand on, two models:

- **The joint model** (:func:`joint_chance`), used whenever the game is short enough (every
  game with four players; up to 32 points, or any marks game, with three): every hand one
  side bids, as likely one as another, and the whole hand's outcome (the bid, every side's
  tricks) comes from one table (:data:`HAND_OUTCOMES`, measured on games of basic players,
  with a small share of made 21s). One side's good hand is the others' poor one, as at the
  table. It is a Markov chain over every side's score, solved once per rule set (well under
  a second; numpy). A score below the lowest it follows (:data:`JOINT_FLOOR` below zero
  with three players, say after a 21 is set) counts as that lowest score, its side's chance
  then scaled down by the race model, so the chances run on smoothly below it. With four
  players it can also let either team shoot the moon in any hand (``moons``,
  :data:`MOON_HANDS`): a made 21 wins the game at once, so a team far behind is not out of
  it, which a table of basic players (who never bid 21) cannot show; or only the side's
  own team, when the other team's players are known never to bid 21 (``their_moons``).
- **The race model** (:func:`race_chance`), for the rest (longer games with three
  players): every side scores hand after hand by one table of points per
  hand (:data:`HAND_POINTS`), independently of the others. The chance that a side has not
  reached the target after ``n`` more hands is a short dynamic programme over its score
  (:func:`not_reached`); a side wins when it reaches the target first, and sides that reach
  it in the same hand share that win. Letting the sides score independently makes the gap
  between them swing less than it does, so it is a little gloomier than the joint model for
  a side behind (4 players at 0 against 10: 10.8% against 13.4%).

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
from typing import TYPE_CHECKING, TypeAlias

from engine.contract import MOON
from engine.rules import RuleSet
from engine.scoring import game_winner

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

#: A grid of chances by score (numpy, loaded only when the joint model is first asked for).
Grid: TypeAlias = "npt.NDArray[np.float64]"

__all__ = ["HAND_OUTCOMES", "HAND_POINTS", "GameOdds", "joint_chance", "not_reached", "race_chance"]

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


#: Whole hands, by number of players: ``(bid, tricks of the bidder's side, tricks of each
#: other side in seat order after it)`` with its share of hands (``None``: thrown in),
#: measured on 3,000 hands of basic players (``python -m bench.handpoints --players 3
#: --hands 3000 --outcomes``). :data:`MOON_SHARE` of hands are added as made 21s. This is
#: the joint model's table (:func:`joint_chance`): one hand moves every side's score at once.
HAND_OUTCOMES: dict[int, tuple[tuple[tuple[int, ...] | None, float], ...]] = {
    3: (
        ((4, 0, 4, 3), 0.0003), ((4, 0, 5, 2), 0.0003), ((4, 1, 2, 4), 0.0007),
        ((4, 1, 3, 3), 0.0007), ((4, 1, 4, 2), 0.0010), ((4, 1, 5, 1), 0.0003),
        ((4, 2, 0, 5), 0.0007), ((4, 2, 1, 4), 0.0020), ((4, 2, 2, 3), 0.0023),
        ((4, 2, 3, 2), 0.0027), ((4, 2, 4, 1), 0.0020), ((4, 2, 5, 0), 0.0007),
        ((4, 3, 0, 4), 0.0037), ((4, 3, 1, 3), 0.0120), ((4, 3, 2, 2), 0.0126),
        ((4, 3, 3, 1), 0.0083), ((4, 3, 4, 0), 0.0080), ((4, 4, 0, 3), 0.0253),
        ((4, 4, 1, 2), 0.0299), ((4, 4, 2, 1), 0.0236), ((4, 4, 3, 0), 0.0209),
        ((4, 5, 0, 2), 0.0602), ((4, 5, 1, 1), 0.0322), ((4, 5, 2, 0), 0.0515),
        ((4, 6, 0, 1), 0.0339), ((4, 6, 1, 0), 0.0366), ((4, 7, 0, 0), 0.0392),
        ((5, 0, 5, 2), 0.0003), ((5, 1, 1, 5), 0.0003), ((5, 1, 2, 4), 0.0010),
        ((5, 1, 3, 3), 0.0003), ((5, 1, 5, 1), 0.0003), ((5, 2, 0, 5), 0.0023),
        ((5, 2, 1, 4), 0.0013), ((5, 2, 2, 3), 0.0020), ((5, 2, 3, 2), 0.0020),
        ((5, 2, 4, 1), 0.0010), ((5, 2, 5, 0), 0.0007), ((5, 3, 0, 4), 0.0023),
        ((5, 3, 1, 3), 0.0027), ((5, 3, 2, 2), 0.0033), ((5, 3, 3, 1), 0.0030),
        ((5, 3, 4, 0), 0.0030), ((5, 4, 0, 3), 0.0113), ((5, 4, 1, 2), 0.0090),
        ((5, 4, 2, 1), 0.0103), ((5, 4, 3, 0), 0.0080), ((5, 5, 0, 2), 0.0535),
        ((5, 5, 1, 1), 0.0249), ((5, 5, 2, 0), 0.0578), ((5, 6, 0, 1), 0.0795),
        ((5, 6, 1, 0), 0.0844), ((5, 7, 0, 0), 0.1373), ((6, 2, 2, 3), 0.0003),
        ((6, 3, 3, 1), 0.0003), ((6, 4, 2, 1), 0.0010), ((6, 4, 3, 0), 0.0003),
        ((6, 5, 0, 2), 0.0037), ((6, 5, 1, 1), 0.0003), ((6, 5, 2, 0), 0.0010),
        ((6, 6, 0, 1), 0.0123), ((6, 6, 1, 0), 0.0120), ((6, 7, 0, 0), 0.0512),
        ((7, 6, 0, 1), 0.0007), ((7, 7, 0, 0), 0.0033),
    ),
    4: (
        (None, 0.1500), ((4, 0, 7), 0.0003), ((4, 1, 6), 0.0013), ((4, 2, 5), 0.0057),
        ((4, 3, 4), 0.0246), ((4, 4, 3), 0.1091), ((4, 5, 2), 0.2252), ((4, 6, 1), 0.1700),
        ((4, 7, 0), 0.1490), ((5, 2, 5), 0.0007), ((5, 3, 4), 0.0017), ((5, 4, 3), 0.0027),
        ((5, 5, 2), 0.0193), ((5, 6, 1), 0.0529), ((5, 7, 0), 0.0778), ((6, 6, 1), 0.0020),
        ((6, 7, 0), 0.0077),
    ),
}
#: The share of hands the joint model takes to be a made 21 by one side or another (basic
#: players never bid it; good players sometimes do): half a percent for each side, as in
#: :data:`HAND_POINTS`.
MOON_SHARE = 0.005
#: Scores followed below zero by the joint model with three players (a score lower still,
#: say after a 21 is set, is scaled down from this one: :func:`joint_chance`), and the most
#: score combinations it follows: a game too long for that (more than 32 points with three
#: players) is left to the race model.
JOINT_FLOOR = 15
JOINT_STATES = 110_000

#: Four players, the joint model with ``moons``: the hands a team may shoot the moon with,
#: as ``(share of hands, chance of taking all seven)``. A made 21 wins the game whatever
#: the score, and either partner may bid it (no bid outbids it), so a team far behind is not
#: out of the game while it can shoot. The spread is chosen to fit how the strong player's
#: games against basic players went (the 1,251 hand starts of 200 four-player arena games,
#: deals 1-100, replayed hand by hand): without 21s the model said 4% where the strong team
#: went on to win 42%, and its Brier score was 0.1826; with this spread 0.1772. The strong
#: player's own estimates are bolder (a first bidder's 21 at 15% on average over 150 deals,
#: a third of them 20-35%); with a spread like that every score is worth nearly half a
#: game (a lottery of 21s), which fits those games worse (0.2183).
MOON_HANDS: tuple[tuple[float, float], ...] = ((0.6, 0.0), (0.25, 0.05), (0.1, 0.15), (0.05, 0.30))
#: When a team's 21 is set, the other team's tricks (the bidder's team takes the rest):
#: from the same games' set 21s, mostly one or two.
MOON_SET_TRICKS: tuple[tuple[int, float], ...] = ((1, 0.3), (2, 0.5), (3, 0.1), (4, 0.1))


def _moves(rules: RuleSet, share: float | None = None) -> list[tuple[float, tuple[int, ...], int, bool, bool]]:
    """The joint model's hands as ``(chance, change by side, bidder side, made, moon)``,
    every side as likely to be the bidder, or side 0 the bidder in ``share`` of the hands
    and the others alike in the rest; thrown-in hands are left out (they change
    nothing), and with three players the two others' tricks count either way round."""
    n = len(rules.teams())
    bidders = [1 / n] * n if share is None else [share, *[(1 - share) / (n - 1)] * (n - 1)]
    rows = [(key, c) for key, c in HAND_OUTCOMES[4 if n == 2 else 3] if key is not None]
    total = sum(c for _, c in rows)
    shares: dict[tuple[int, ...], float] = {}
    for key, c in rows:
        part = (1 - n * MOON_SHARE) * c / total
        flip = (key[0], key[1], *reversed(key[2:]))
        for way in {key, flip}:
            shares[way] = shares.get(way, 0.0) + part / len({key, flip})
    shares[(MOON, 7, *([0] * (n - 1)))] = n * MOON_SHARE
    merged: dict[tuple[tuple[int, ...], int, bool, bool], float] = {}
    for (bid, mine, *theirs), part in shares.items():
        made = mine >= bid if bid != MOON else mine == 7
        moon = made and bid == MOON and rules.moon_wins_game
        for bs in range(n):
            change = [0] * n
            if rules.scoring == "marks":
                for k in range(n):
                    change[(bs + k) % n] = int(k == 0) if made else int(k != 0)
            else:
                change[bs] = bid if made else -bid
                for k, t in enumerate(theirs, 1):
                    change[(bs + k) % n] = t
            slot = (tuple(change), bs, made, moon)
            merged[slot] = merged.get(slot, 0.0) + part * bidders[bs]
    return [(c, ch, bs, made, moon) for (ch, bs, made, moon), c in merged.items()]


@lru_cache(maxsize=8)
def _joint(
    rules: RuleSet, share: float | None = None, moons: bool = False, their_moons: bool = True
) -> tuple[int, tuple[Grid, ...]] | None:
    """``(lowest score followed, chances)`` of the joint model for ``rules``, or ``None``
    when the game is too long for it: ``chances[k][i, j, ...]`` is side ``k``'s chance to
    win the game from scores ``(low + i, low + j, ...)``, every side below the target.
    With every side alike (``share`` None) only side 0's grid is worked out (the others'
    are the same grid turned round); with side 0 the bidder in ``share`` of the hands
    (:func:`_moves`), every side's but the last, whose chance is what the others leave.
    With ``moons`` (four players only), every hand either team may shoot the moon instead
    (:data:`MOON_HANDS`, :data:`MOON_SET_TRICKS`), and does when that is better for it;
    without ``their_moons`` only side 0 may (``share`` must then be given)."""
    import numpy as np

    n = len(rules.teams())
    target = rules.target
    marks = rules.scoring == "marks"
    low = 0 if marks else (target - _reach(rules)[1] if n == 2 else -JOINT_FLOOR)
    size = target - low
    if size**n > JOINT_STATES:
        return None
    moves = _moves(rules, share)
    moons = moons and n == 2 and not marks and rules.moon_wins_game
    up = max(max(ch) for _, ch, *_ in moves)
    down = max(0, -min(min(ch) for _, ch, *_ in moves), MOON if moons else 0)
    width = down + size + up
    # Where the game ends, by position in the padded grid: who is at the top, at or above
    # the target (a tie at the top plays on; those tied are taken as even, as in
    # GameOdds.after). Under "bidder-out" a made bid reaching the target wins outright.
    axes = np.indices((width,) * n) + (low - down)
    top = axes.max(axis=0)
    ended = top >= target
    tied = (axes == top).sum(axis=0)
    inner = (slice(down, down + size),) * n
    grids_out = []
    for side in range(1 if share is None else n - 1):
        base = np.where(ended & (axes[side] == top), 1.0 / tied, 0.0)
        grids: dict[tuple[int, bool], Grid] = {}
        steps: list[tuple[float, tuple[slice, ...], tuple[int, bool]]] = []
        constant = 0.0
        for chance, change, bs, made, moon in moves:
            if moon:
                constant += chance * (bs == side)
                continue
            kind = (bs, made) if rules.tie_break == "bidder-out" and made else (-1, False)
            if kind not in grids:
                grid = base.copy()
                if kind[0] >= 0:
                    outright = axes[kind[0]] >= target
                    grid[outright] = 1.0 if kind[0] == side else 0.0
                grids[kind] = grid
            steps.append((chance, tuple(slice(down + c, down + c + size) for c in change), kind))
        value = np.full((size,) * n, 1.0 / n)
        for _ in range(400):
            for grid in grids.values():
                grid[inner] = value
                for axis in range(n):  # a score below the lowest followed counts as the lowest
                    edge = [slice(None)] * n
                    edge[axis] = slice(down, down + 1)
                    pad = [slice(None)] * n
                    pad[axis] = slice(0, down)
                    grid[tuple(pad)] = grid[tuple(edge)]
            new = np.full_like(value, constant)
            for chance, where, kind in steps:
                new += chance * grids[kind][where]
            if moons:
                shooters = (True, their_moons) if side == 0 else (their_moons, True)
                new = _with_moons(new, grids[(-1, False)], down, size, side, shooters)
            done = float(np.abs(new - value).max()) < 1e-7
            value = new
            if done:
                break
        grids_out.append(value)
    if share is not None:
        grids_out.append(1.0 - np.sum(grids_out, axis=0))
    return low, tuple(grids_out)


def _with_moons(
    normal: Grid, grid: Grid, down: int, size: int, side: int, shooters: tuple[bool, bool] = (True, True)
) -> Grid:
    """One step of the two-team chain with the moon option: ``normal`` is ``side``'s chance
    after a hand played for an ordinary bid, ``grid`` the padded chances after any hand. In
    each kind of hand (:data:`MOON_HANDS`) a team that may shoot (``shooters``, by team)
    shoots when that is better for it than the ordinary hand: ``side`` to raise its chance,
    the other team to lower it (when both would, each is as likely to speak first)."""

    import numpy as np

    def after(change: tuple[int, int]) -> Grid:
        return grid[tuple(slice(down + c, down + c + size) for c in change)]

    mine: Grid | float = 0.0
    other: Grid | float = 0.0
    for tricks, chance in MOON_SET_TRICKS:
        theirs = (-MOON, tricks)
        mine = mine + chance * after(theirs if side == 0 else theirs[::-1])
        other = other + chance * after(theirs[::-1] if side == 0 else theirs)
    out = np.zeros_like(normal)
    for part, q in MOON_HANDS:
        shoot = q + (1 - q) * mine  # made: the game is won
        against = (1 - q) * other  # the other team's 21, made: the game is lost
        mine_better = (shoot > normal) & shooters[side]
        theirs_better = (against < normal) & shooters[1 - side]
        value = np.where(mine_better, shoot, np.where(theirs_better, against, normal))
        value = np.where(mine_better & theirs_better, (shoot + against) / 2, value)
        out += part * value
    return out


def joint_chance(rules: RuleSet, scores: Sequence[int], side: int, share: float | None = None,
                 moons: bool = False, their_moons: bool = True) -> float | None:
    """The chance that ``side`` wins the game from ``scores`` (by side, all below the
    target) by the joint model, or ``None`` when the game is too long for it.

    The model: every hand one side bids, as likely one as another, and the hand's outcome
    (its bid and every side's tricks) comes from one table (:data:`HAND_OUTCOMES`), so a
    good hand for one side is a poor one for the others, as at the table. Every side is
    taken to play like the basic players the table was measured on, and with ``share``
    ``side`` is taken to be the bidder in that share of the hands (the others alike in
    the rest), as a player who bids more boldly than they do. With ``moons`` (four
    players, points, a made 21 winning the game) either team may also shoot the moon in
    any hand (:data:`MOON_HANDS`), and does when that raises its chance; without
    ``their_moons`` only ``side``'s team may (its opponents are known never to bid 21). A
    side below the
    lowest score the chain follows (:data:`JOINT_FLOOR` below zero with three players) is
    taken at that score, its chance scaled down by the race model (:func:`_below`), and the
    sides' chances shared out again to add up to one.

    >>> from engine.rules import RuleSet
    >>> round(joint_chance(RuleSet(players=4), (0, 0), 1), 2)
    0.5
    >>> four = RuleSet(players=4)
    >>> round(joint_chance(four, (-20, 12), 0), 2), round(joint_chance(four, (-20, 12), 0, moons=True), 2)
    (0.02, 0.2)
    >>> joint_chance(RuleSet(players=4), (0, 10), 0) > race_chance(RuleSet(players=4), (0, 10), 0)
    True
    """
    if max(scores) >= rules.target:
        raise ValueError(f"the joint model starts from scores below the target ({rules.target}), not {tuple(scores)}")
    their_moons = their_moons or not moons
    if not their_moons and share is None:  # the sides differ: one's moons, not the other's
        share = 1 / len(scores)
    built = _joint(rules, share, moons, their_moons)
    if built is None:
        return None
    low, grids = built
    n = len(scores)

    def chance(k: int, at: Sequence[int]) -> float:
        """Side ``k``'s chance from ``at`` (by side, none below ``low``)."""
        if share is None:  # every side alike: side 0's grid, turned round to start at k
            return float(grids[0][tuple(at[(k + j) % n] - low for j in range(n))])
        return float(grids[(k - side) % n][tuple(at[(side + j) % n] - low for j in range(n))])

    if min(scores) >= low:
        return chance(side, scores)
    # A side below the lowest score followed: every side's chance at the scores clamped to
    # it, a side below it weighed down by how far below it is (:func:`_below`), and the
    # chances shared out again so they add up to one. At the lowest score the weight is 1,
    # so the chances run on without a step where the chain stops.
    clamped = [max(s, low) for s in scores]
    weights = [chance(k, clamped) * _below(rules, low, scores[k]) for k in range(n)]
    return weights[side] / sum(weights)


def _below(rules: RuleSet, low: int, score: int) -> float:
    """How much less a side at ``score``, below ``low`` (the lowest score the joint model
    follows), is worth than a side at ``low``: by the race model, its chance against others
    all at ``low`` over the chance of a side at ``low`` itself (1 at ``low`` and above)."""
    if score >= low:
        return 1.0
    n = len(rules.teams())
    return race_chance(rules, (score, *[low] * (n - 1)), 0) / race_chance(rules, (low,) * n, 0)


@dataclass(frozen=True)
class GameOdds:
    """One side's chance to win the game, now and after a hand (see the module text).

    ``scores``: the sides' scores before this hand (by side, as :attr:`engine.Game.scores`);
    ``side``: the side whose chance is wanted; ``share``: the share of hands that side is
    taken to bid in the joint model (:func:`joint_chance`; ``None``: every side alike);
    ``moons``: with four players, either team may shoot the moon in any hand (see
    :data:`MOON_HANDS`); ``their_moons`` off: only ``side``'s team may (the other team's
    players are known never to bid 21)."""

    rules: RuleSet
    scores: tuple[int, ...]
    side: int
    share: float | None = None
    moons: bool = False
    their_moons: bool = True
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
            joint = joint_chance(self.rules, scores, self.side, self.share, self.moons, self.their_moons)
            value = race_chance(self.rules, scores, self.side) if joint is None else joint
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
