"""Shared test helpers: the fixed deals several rule tests play, a game driver (and one that
lets computer players play a hand, move by move), the one
brute-force reference solver every solver/ending check compares against, the house-rule
variants and fast strong options the computer-player tests share, and the Hypothesis settings
of the property tests.

Import them plainly (``from helpers import HANDS3, reference``): pytest puts ``tests/`` on
``sys.path`` because ``tests/conftest.py`` lives there.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterator, Sequence
from functools import cache
from typing import Any

import pytest
from hypothesis import HealthCheck, settings

from engine import Game, IllegalAction, RuleSet, Tile, Trump, legal_plays, trick_winner
from engine.game import PlayerView
from engine.players import make_bot

#: A three-player deal (the widow is 0-0): seat 0 is strong in sixes, seat 1 in fives.
HANDS3 = (
    "6-6 6-5 6-4 6-3 4-1 3-1 2-1",
    "5-5 5-4 5-3 5-2 5-1 4-4 4-3",
    "6-2 6-1 4-2 3-3 3-2 2-2 1-1",
)
#: A four-player deal of all 28 tiles.
HANDS4 = (
    "6-6 6-5 6-4 1-1 1-0 2-0 3-0",
    "5-5 5-4 5-3 5-2 5-1 5-0 4-4",
    "6-3 6-2 6-1 6-0 4-3 4-2 4-1",
    "4-0 3-3 3-2 3-1 2-2 2-1 0-0",
)


# -- scripted deals (docs/rules.md §6-§8): the hands, and each trick's tiles with its winner ---
#: With sixes trump and seat 0 bidding, the three-player deal :data:`HANDS3` goes: seat 0
#: takes 4 tricks, seat 1 takes 3, seat 2 none.
SCRIPT_S = [
    (["6-6", "5-1", "6-1"], 0),  # seat 2 must follow trumps; 6-6 tops them
    (["6-5", "5-2", "6-2"], 0),
    (["6-4", "5-3", "1-1"], 0),
    (["6-3", "5-5", "2-2"], 0),
    (["4-1", "4-4", "4-2"], 1),  # fours: 4-4 is the double
    (["5-4", "3-2", "2-1"], 1),  # fives: only 5-4 follows
    (["4-3", "3-3", "3-1"], 1),  # fours: 3-3 cannot win
]

#: T (3 players, seat 0 bids, sixes trump): seat 0 takes 3 tricks, seat 1 takes 4.
HANDS_T = [
    "6-6 6-5 6-4 4-1 3-1 2-1 1-1",
    "5-5 5-4 5-3 5-2 5-1 4-4 4-3",
    "6-3 6-2 6-1 4-2 3-3 3-2 2-2",
]
SCRIPT_T = [
    (["6-6", "5-1", "6-1"], 0),
    (["6-5", "5-2", "6-2"], 0),
    (["6-4", "5-3", "6-3"], 0),
    (["4-1", "4-4", "4-2"], 1),
    (["5-5", "2-2", "1-1"], 1),
    (["5-4", "3-2", "2-1"], 1),
    (["4-3", "3-3", "3-1"], 1),
]

#: W (3 players): seat 0 holds every six and 5-5; with sixes trump it takes all seven tricks
#: whatever the others play (nobody else can follow or trump a six; 5-5 tops the fives).
HANDS_W = [
    "6-6 6-5 6-4 6-3 6-2 6-1 5-5",
    "5-4 5-3 5-2 5-1 4-4 4-3 4-2",
    "4-1 3-3 3-2 3-1 2-2 2-1 1-1",
]

#: G: the four-player deal :data:`HANDS4` with seat 0 bidding and sixes trump: tricks by seat
#: 3, 2, 1, 1, so team 0 (seats 0, 2) takes 4 and team 1 takes 3; seat 0 alone takes only 3.
SCRIPT_G = [
    (["6-6", "5-0", "6-0", "0-0"], 0),  # seat 2 must follow trumps
    (["6-5", "5-1", "6-1", "2-1"], 0),
    (["6-4", "5-2", "6-2", "2-2"], 0),
    (["3-0", "5-3", "4-3", "3-3"], 3),  # threes: 6-3 is a trump so seat 2 plays 4-3; 3-3 wins
    (["4-0", "1-0", "4-4", "4-2"], 1),  # seat 3 leads fours; 4-4 wins
    (["5-5", "6-3", "3-1", "2-0"], 2),  # seat 1 leads fives; seat 2 is void and trumps in
    (["4-1", "3-2", "1-1", "5-4"], 1),  # seat 2 leads fours; 5-4 ranks above 4-1
]


def deal_game(rules: RuleSet | None = None, first: int = 0, seed: int = 11) -> Game:
    """A game whose first hand is :data:`HANDS3` (widow 0-0, or none without the double
    blank) or :data:`HANDS4`, with ``first`` bidding first."""
    rules = rules or RuleSet()
    if rules.players == 4:
        return Game.from_deal(rules, [h.split() for h in HANDS4], [], first_bidder=first, seed=seed)
    widow = ["0-0"] if rules.keep_double_blank else []
    return Game.from_deal(rules, [h.split() for h in HANDS3], widow, first_bidder=first, seed=seed)


def legal(g: Game) -> list[str]:
    """The legal actions of ``g`` as sorted text."""
    return sorted(str(a) for a in g.legal_actions())


def finish_hand(g: Game) -> Game:
    """Play the hand out with the first legal action each time (the highest bid in the
    auction) and return the game."""
    while not g.hand_finished:
        g.apply(g.legal_actions()[-1 if g.phase == "bidding" else 0])
    return g


def seat_bots(level: str, players: int, seed: int, strong: dict[str, Any] | None = None) -> list[Any]:
    """One computer player of ``level`` a seat, seat ``s`` seeded ``seed + s``; a strong
    player takes the options ``strong`` (:func:`fast_strong`'s)."""
    more = (strong or {}) if level == "strong" else {}
    return [make_bot(level, seed=seed + s, **more) for s in range(players)]


def bot_moves(game: Game, bots: Any, until: Callable[[Game], bool] | None = None,
              ) -> Iterator[tuple[int, PlayerView, Any]]:
    """Let ``bots`` (indexed by seat) play ``game`` until the hand is over, or until
    ``until(game)`` holds: each decision is applied to ``game``, then yielded as (the seat,
    the view it decided from, the decision), so the loop's body sees the game after it."""
    while not game.hand_finished and not (until is not None and until(game)):
        seat = game.to_act
        assert seat is not None
        view = game.view(seat)
        d = bots[seat].decide(view)
        game.apply(d.action)
        yield seat, view, d


def assert_refused(g: Game, action: str) -> IllegalAction:
    """``action`` is refused with a coded :class:`IllegalAction` and changes nothing."""
    before, clone = g.record(), g.clone()
    with pytest.raises(IllegalAction) as info:
        g.apply(action)
    assert g.record() == before and g == clone
    assert info.value.code
    return info.value


# -- the reference solver -----------------------------------------------------------------


def reference(
    hands: Sequence[Sequence[Tile]],
    trump: Trump | str,
    leader: int,
    side: Collection[int],
    trick: Sequence[Tile] = (),
) -> int:
    """Tricks ``side`` takes from here (the current trick counts) with best play by all:
    every legal play of every seat is tried; the side maximises, the others minimise.
    Written from the engine's ``legal_plays`` and ``trick_winner`` only: simple, obviously
    correct, and slow."""
    tr = trump if isinstance(trump, Trump) else Trump.parse(trump)
    n = len(hands)

    @cache
    def value(hs: tuple[tuple[Tile, ...], ...], lead: int, played: tuple[Tile, ...]) -> int:
        seat = (lead + len(played)) % n
        if not played and not hs[seat]:
            return 0
        results = []
        for tile in legal_plays(hs[seat], played, tr):
            rest = list(hs)
            rest[seat] = tuple(t for t in hs[seat] if t is not tile)
            now = (*played, tile)
            if len(now) == n:
                winner = (lead + trick_winner(now, tr)) % n
                results.append((winner in side) + value(tuple(rest), winner, ()))
            else:
                results.append(value(tuple(rest), lead, now))
        return max(results) if seat in side else min(results)

    return value(tuple(tuple(h) for h in hands), leader, tuple(trick))


def reference_move_values(
    hands: Sequence[Sequence[Tile]],
    trump: Trump | str,
    leader: int,
    side: Collection[int],
    trick: Sequence[Tile] = (),
) -> dict[Tile, int]:
    """:func:`reference` after each legal play of the seat to move: the tricks ``side``
    takes in all (the current trick counts) if that tile is played."""
    n = len(hands)
    seat = (leader + len(trick)) % n
    out = {}
    for tile in legal_plays(hands[seat], trick, trump):
        rest = [list(h) for h in hands]
        rest[seat].remove(tile)
        now = [*trick, tile]
        if len(now) == n:
            winner = (leader + trick_winner(now, trump)) % n
            out[tile] = (winner in side) + reference(rest, trump, winner, side)
        else:
            out[tile] = reference(rest, trump, leader, side, now)
    return out


#: The house rules the computer-player tests play under (tests/test_ai.py, test_bidding.py,
#: test_reasons.py): classic three and four players first (``RULE_VARIANTS[:2]``), then each
#: rule that changes what a player may bid, keep or score: the widow, the auction's floor and
#: an all-pass, trumps, the 21 and the scoring.
RULE_VARIANTS = (
    RuleSet(),
    RuleSet(players=4),
    RuleSet(keep_double_blank=False, all_pass="force-last"),
    RuleSet(trump_before_widow=True),
    RuleSet(min_bid=3, all_pass="force-last"),
    RuleSet(min_bid=5, doubles_trump=False, no_trump=False),
    RuleSet(moon_overcall=True, moon_wins_game=False, doubles_trump=False),
    RuleSet(scoring="marks", tie_break="bidder-out"),
    RuleSet(players=4, all_pass="force-last", min_bid=5),
)


def rules_id(rules: RuleSet) -> str:
    """A test id for ``rules``: the fields that differ from the classic rules.

    >>> rules_id(RuleSet()), rules_id(RuleSet(players=4, min_bid=5))
    ('default', 'players=4,min_bid=5')
    """
    return ",".join(f"{k}={v}" for k, v in rules.differences().items()) or "default"


def examples(n: int, *also: HealthCheck) -> settings:
    """Hypothesis settings of a property test: ``n`` examples, the same ones every run
    (``derandomize``: a failure comes back for whoever runs the suite), no deadline (a deal
    takes what it takes) and no health check about slow examples (``also``: more to pass over).

    >>> examples(8).max_examples, examples(8).derandomize, examples(8).deadline
    (8, True, None)
    """
    return settings(max_examples=n, deadline=None, derandomize=True,
                    suppress_health_check=[HealthCheck.too_slow, *also])


def fast_strong(layouts: int, layouts_4p: int, **more: Any) -> dict[str, Any]:
    """Options for a fast strong player: ``layouts`` simulated layouts per play decision at
    every trick (``layouts_4p`` with four players), plus ``more`` (bid samples and the like).
    The same code as the shipped player, on fewer deals, so the suites stay quick.

    >>> fast_strong(3, 2, bid_samples=4)["play_samples"][7], fast_strong(3, 2)["play_samples_4p"][1]
    (3, 2)
    """
    return {"play_samples": dict.fromkeys(range(1, 8), layouts),
            "play_samples_4p": dict.fromkeys(range(1, 8), layouts_4p), **more}


def shown_voids(state: Game | PlayerView) -> dict[int, set[Any]]:
    """The suits each seat has shown it holds none of in the hand so far (a seat that did not
    follow the suit led holds none of it), from the tricks of ``state`` (a game, or a seat's
    view: every seat sees the tricks). Worked out here, not by the code under test."""
    tr = state.trump
    assert tr is not None
    voids: dict[int, set[Any]] = {s: set() for s in range(state.rules.players)}
    tricks = [(t.leader, t.tiles) for t in state.tricks]
    if state.current_trick:
        tricks.append((state.leader or 0, state.current_trick))
    for leader, tiles in tricks:
        suit = tr.suit_led(tiles[0])
        for i, t in enumerate(tiles[1:], start=1):
            if not tr.follows(t, suit):
                voids[(leader + i) % state.rules.players].add(suit)
    return voids
