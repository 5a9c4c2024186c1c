"""Scoring a finished hand and deciding the game (docs/rules.md §7 and §8).

:class:`~engine.Game` scores every hand with these functions; lessons and puzzles call them
directly to score a given result.

>>> from engine import RuleSet
>>> r = score_hand(RuleSet(), bidder=1, bid=5, tricks_won=(1, 4, 2), scores=(3, 10, 6))
>>> r.made, r.change, r.scores, r.winner
(False, (1, -5, 2), (4, 5, 8), None)
>>> score_hand(RuleSet(), bidder=0, bid=21, tricks_won=(7, 0, 0)).winner
0
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.contract import MOON, bid_made
from engine.rules import RuleSet

__all__ = ["HandScore", "game_winner", "score_hand"]


@dataclass(frozen=True)
class HandScore:
    """A scored hand. ``change`` and ``scores`` (after the hand) are by side: by seat with
    3 players, by team with 4. ``winner`` is the side that won the game, or ``None`` to
    play on."""

    made: bool
    change: tuple[int, ...]
    scores: tuple[int, ...]
    side_tricks: tuple[int, ...]
    winner: int | None
    moon_won_game: bool


def score_hand(
    rules: RuleSet,
    bidder: int,
    bid: int,
    tricks_won: Sequence[int],
    scores: Sequence[int] | None = None,
) -> HandScore:
    """Score a finished hand: ``tricks_won`` by seat (seven in all), ``scores`` before the
    hand by side (zeros when omitted).

    The bidder's side makes the bid with at least ``bid`` tricks (all seven for 21) and
    scores +bid, else -bid; every other side scores +1 per trick. With marks, a made bid
    earns the bidder's side a mark and a set earns every other side one. A made 21 wins
    the game at once unless ``rules.moon_wins_game`` is off.
    """
    n = rules.players
    sides = rules.teams()
    if len(tricks_won) != n or sum(tricks_won) != 7 or min(tricks_won) < 0:
        raise ValueError(f"a finished hand has 7 tricks shared by {n} seats, not {list(tricks_won)}")
    if type(bidder) is not int or not 0 <= bidder < n:
        raise ValueError(f"the bidder is a seat 0-{n - 1}, not {bidder!r}")
    if bid not in rules.bid_values:
        raise ValueError(f"{bid!r} is not a bid under these rules ({', '.join(map(str, rules.bid_values))})")
    before = list(scores) if scores is not None else [0] * len(sides)
    if len(before) != len(sides):
        raise ValueError(f"scores are kept for {len(sides)} sides, not {len(before)}")
    side_tricks = tuple(sum(tricks_won[s] for s in team) for team in sides)
    bs = rules.side_of(bidder)
    made = bid_made(bid, side_tricks[bs])
    change = [0] * len(sides)
    if rules.scoring == "points":
        for i in range(len(sides)):
            change[i] = (bid if made else -bid) if i == bs else side_tricks[i]
    elif made:
        change[bs] = 1
    else:
        for i in range(len(sides)):
            if i != bs:
                change[i] = 1
    after = tuple(b + c for b, c in zip(before, change, strict=True))
    moon = made and bid == MOON and rules.moon_wins_game
    return HandScore(
        made=made,
        change=tuple(change),
        scores=after,
        side_tricks=side_tricks,
        winner=game_winner(rules, after, bs, made, moon),
        moon_won_game=moon,
    )


def game_winner(
    rules: RuleSet, scores: Sequence[int], bidder_side: int, made: bool, moon_won_game: bool = False
) -> int | None:
    """The side that has won the game after a scored hand, or ``None`` to play on.

    A made 21 (with ``moon_wins_game``) wins at once. Under ``tie_break="bidder-out"`` a
    bidder who made the bid and reached the target wins. Otherwise the game is won by the
    one side strictly ahead of all others at or above the target; a tie at the top plays on.
    """
    if moon_won_game:
        return bidder_side
    target = rules.target
    if rules.tie_break == "bidder-out" and made and scores[bidder_side] >= target:
        return bidder_side
    top = max(scores)
    if top >= target and list(scores).count(top) == 1:
        return list(scores).index(top)
    return None
