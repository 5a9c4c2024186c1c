"""Facts about a seat's view that every computer player uses: whose tricks count, the goal of
each side, what a tile is worth keeping, rule-of-thumb trick counts, the tags of an action, and the unseen tiles that beat a lead
(:func:`beaters`, :func:`walkers`, :func:`unseen_trumps`)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from functools import lru_cache
from typing import NamedTuple

from engine.actions import Action
from engine.contract import goal_of, side_seats
from engine.game import PlayerView
from engine.play import trick_winner
from engine.players.decision import Candidate
from engine.rules import RuleSet
from engine.tiles import Tile
from engine.trump import ALL_TRUMPS, TRUMP, Suit, Trump

__all__ = [
    "SeatGoal",
    "beaters",
    "estimate_tricks",
    "keep_value",
    "play_tags",
    "scoring_side",
    "seat_goal",
    "unseen_trumps",
    "walkers",
]

#: The seats whose tricks count for a seat (the seat alone, or its team): the contract's rule.
scoring_side = side_seats


def seats_mask(seats: Sequence[int]) -> int:
    """The solver's bitmask of ``seats``."""
    m = 0
    for s in seats:
        m |= 1 << s
    return m


class SeatGoal(NamedTuple):
    """The contract fight from one seat's view: ``goal`` (``"make"`` for the bidder's side,
    ``"set"`` for the defenders), the ``seats`` fighting for it, the tricks ``won`` by them so
    far and the ``target`` they must reach (see :func:`engine.contract.goal_of`)."""

    goal: str
    seats: tuple[int, ...]
    won: int
    target: int


def seat_goal(view: PlayerView) -> SeatGoal:
    """The goal of the view's seat once the contract is known (bidder and bid set), with the
    tricks its side has won so far. With three players the two defenders together set the
    bid (though each scores alone)."""
    if view.bidder is None or view.bid is None:
        raise ValueError("the goal is known only once the auction is over")
    g = goal_of(view.rules, view.seat, view.bidder, view.bid)
    return SeatGoal(g.kind, g.seats, sum(view.tricks_won[s] for s in g.seats), g.target)


def keep_value(tile: Tile, trump: Trump) -> float:
    """How much a tile is worth keeping: trumps most, then by rank in the suit it leads."""
    suit = trump.suit_led(tile)
    p = trump.power(tile, suit)
    return p + tile.pips / 100


def play_tags(view: PlayerView, tile: Tile) -> tuple[str, ...]:
    """The tags of playing ``tile`` that follow from the view alone: ``forced``, ``leads``,
    ``follows suit``, ``trumps in``, ``throws off``, ``draws trump`` (a trump lead while a
    trump may be in another hand), ``cannot win`` (it does not beat the tile winning the
    trick now)."""
    trump = view.trump
    assert trump is not None
    legal = view.legal_actions()
    tags: list[str] = []
    if len(legal) == 1:
        tags.append("forced")
    trick = view.current_trick
    if not trick:
        tags.append("leads")
        if trump.is_trump(tile) and any(trump.is_trump(t) for t in view.unseen()):
            tags.append("draws trump")
        return tuple(tags)
    suit = trump.suit_led(trick[0])
    if trump.follows(tile, suit):
        tags.append("follows suit")
    elif trump.is_trump(tile):
        tags.append("trumps in")
    else:
        tags.append("throws off")
    best = max(trump.power(t, suit) for t in trick)
    if trump.power(tile, suit) <= best:
        tags.append("cannot win")
    return tuple(tags)


def estimate_tricks(tiles: Sequence[Tile], trump: Trump, in_play: Sequence[Tile]) -> float:
    """A rule-of-thumb count of the tricks ``tiles`` take with ``trump``: the run of top trumps,
    part of the other trumps, and the doubles (and the tile under a held double) of other suits.

    >>> from engine.tiles import parse_tiles, tile_set
    >>> round(estimate_tricks(parse_tiles("6-6 6-5 6-4 6-2 5-5 4-4 3-1"), Trump.parse("6"), tile_set()), 1)
    5.2
    """
    held = set(tiles)
    trump_order, suit_orders = _orders(trump, tuple(in_play))
    trumps = [t for t in tiles if trump.is_trump(t)]
    est = 0.0
    if trumps:
        run = 0
        for t in trump_order:
            if t in held:
                run += 1
            else:
                break
        est += run + 0.6 * (len(trumps) - run)
    for t in tiles:
        if trump.is_trump(t):
            continue
        order = suit_orders[trump.suit_led(t)]
        if not order:
            continue
        if order[0] is t:
            est += 0.8
        elif len(order) > 1 and order[1] is t and order[0] in held:
            est += 0.4
    return min(7.0, est)


@lru_cache(maxsize=256)
def _orders(trump: Trump, in_play: tuple[Tile, ...]) -> tuple[tuple[Tile, ...], dict[Suit, tuple[Tile, ...]]]:
    """The trumps in play, highest first, and each suit's tiles in play, highest first."""
    live = set(in_play)
    trumps = tuple(t for t in trump.order(TRUMP) if t in live)
    suits: dict[Suit, tuple[Tile, ...]] = {s: tuple(t for t in trump.order(s) if t in live) for s in range(7)}
    suits[TRUMP] = trumps
    return trumps, suits


def best_trumps(tiles: Sequence[Tile], rules: RuleSet) -> list[tuple[float, Trump]]:
    """Every allowed trump with its rule-of-thumb estimate, best first."""
    in_play = rules.tiles
    out = [(estimate_tricks(tiles, t, in_play), t) for t in rules.trumps]
    out.sort(key=lambda p: (-p[0], str(p[1])))
    return out


def heuristic_discard(tiles: Sequence[Tile], trump: Trump) -> Tile:
    """The tile a bidder throws away: the least worth keeping, never a trump if it can help."""
    return min(tiles, key=lambda t: (keep_value(t, trump), t.index))


#: The order trumps are listed in (0..6, doubles, none), for tie-breaks.
TRUMP_ORDER: dict[Trump, int] = {t: i for i, t in enumerate(ALL_TRUMPS)}


def tags_for(view: PlayerView, a: Action) -> tuple[str, ...]:
    """The tags of any action of the view's seat (see :func:`play_tags` for plays)."""
    if a.kind == "play":
        assert isinstance(a.value, Tile)
        return play_tags(view, a.value)
    tags: list[str] = []
    if len(view.legal_actions()) == 1:
        tags.append("forced")
    if a.kind == "pass":
        tags.append("passes")
    elif a.kind == "bid":
        tags.append("shoots the moon" if a.value == 21 else "bids")
    elif a.kind == "discard":
        assert isinstance(a.value, Tile)
        if view.trump is not None and view.trump.is_trump(a.value):
            tags.append("discards a trump")
        if a.value.is_double:
            tags.append("discards a double")
        if a.value in view.widow:
            tags.append("discards the widow")
    return tuple(tags)


def mark(cands: Sequence[Candidate], chosen: Action) -> tuple[Candidate, ...]:
    """The candidates with ``chosen`` marked as the action taken."""
    return tuple(replace(c, chosen=c.action is chosen) for c in cands)


def unseen_beats(view: PlayerView, tile: Tile, suit: Suit) -> list[Tile]:
    """Unseen tiles that would beat ``tile`` in a trick of ``suit`` (if a seat held them)."""
    trump = view.trump
    assert trump is not None
    p = trump.power(tile, suit)
    return [u for u in view.unseen() if trump.power(u, suit) > p]


def unseen_trumps(view: PlayerView) -> list[Tile]:
    """The trumps the seat has not seen (in other hands, or face down)."""
    assert view.trump is not None
    return sorted(t for t in view.unseen() if view.trump.is_trump(t))


def beaters(view: PlayerView, tile: Tile) -> list[Tile]:
    """The unseen tiles that would beat ``tile`` if it were led now."""
    assert view.trump is not None
    return sorted(u for u in view.unseen() if trick_winner((tile, u), view.trump) == 1)


def walkers(view: PlayerView) -> list[Tile]:
    """The tiles of the hand that no unseen tile can beat when led."""
    return [t for t in view.hand if not beaters(view, t)]
