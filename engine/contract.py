"""Contract facts: what a bid asks for, who plays for it and who plays against it
(``docs/rules.md`` §4 and §7).

Everything that needs "how many tricks does this bid need" or "which seats score together"
asks here, so the rule is written once.

>>> from engine import RuleSet
>>> tricks_needed(5), tricks_needed(MOON)
(5, 7)
>>> side_seats(RuleSet(players=4), 1), side_seats(RuleSet(), 1)
((1, 3), (1,))
>>> goal_of(RuleSet(), seat=2, bidder=0, bid=5)
Goal(kind='set', seats=(1, 2), target=3)
"""

from __future__ import annotations

from typing import Literal, NamedTuple

from engine.rules import RuleSet

__all__ = ["MOON", "Goal", "bid_made", "goal_of", "other_seats", "side_seats", "tricks_needed"]

#: The bid that asks for all seven tricks ("shooting the moon").
MOON = 21
#: Tricks in a hand.
TRICKS_PER_HAND = 7


def tricks_needed(bid: int) -> int:
    """The tricks the bidder's side must take to make ``bid``: the bid itself, or all seven
    for a bid of 21."""
    return TRICKS_PER_HAND if bid == MOON else bid


def bid_made(bid: int, side_tricks: int) -> bool:
    """True when a side that took ``side_tricks`` tricks made ``bid``.

    >>> bid_made(5, 5), bid_made(21, 6)
    (True, False)
    """
    return side_tricks >= tricks_needed(bid)


def side_seats(rules: RuleSet, seat: int) -> tuple[int, ...]:
    """The seats whose tricks count together with ``seat``'s: the seat alone with three
    players, the seat and its partner across the table with four."""
    return tuple(rules.teams()[rules.side_of(seat)])


def other_seats(rules: RuleSet, seat: int) -> tuple[int, ...]:
    """Every seat not on ``seat``'s side, in seat order."""
    mine = side_seats(rules, seat)
    return tuple(s for s in range(rules.players) if s not in mine)


class Goal(NamedTuple):
    """What a seat plays for once the contract is set: ``kind`` is ``"make"`` (its side
    holds the bid) or ``"set"`` (it defends); ``seats`` are the seats whose tricks count for
    that goal (with three players the two defenders set the bid together); ``target`` is
    the tricks those seats need between them."""

    kind: Literal["make", "set"]
    seats: tuple[int, ...]
    target: int


def goal_of(rules: RuleSet, seat: int, bidder: int, bid: int) -> Goal:
    """The goal of ``seat`` when ``bidder`` holds the contract at ``bid``.

    The bidder's side needs :func:`tricks_needed` tricks; the defenders together need one
    trick more than the bidder's side can spare (8 minus that).
    """
    need = tricks_needed(bid)
    makers = side_seats(rules, bidder)
    if seat in makers:
        return Goal("make", makers, need)
    return Goal("set", other_seats(rules, bidder), TRICKS_PER_HAND + 1 - need)
