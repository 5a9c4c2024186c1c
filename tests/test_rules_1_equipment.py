"""docs/rules.md §1 — Equipment: the 22-, 21- and 28-tile sets, seats, partners, tile notation."""

from __future__ import annotations

import pytest

from engine import Game, RuleSet, Tile, tile_set

DOUBLE_SIX = {Tile(h, lo) for h in range(7) for lo in range(h + 1)}


def test_double_six_set_has_28_distinct_tiles() -> None:
    assert len(DOUBLE_SIX) == 28


def test_three_players_use_22_tiles_blank_suit_removed_except_double_blank() -> None:
    tiles = tile_set(3)
    assert len(tiles) == 22
    assert len(set(tiles)) == 22
    expected = {Tile(h, lo) for h in range(1, 7) for lo in range(1, h + 1)} | {Tile(0, 0)}
    assert set(tiles) == expected
    # 0-1 ... 0-6 are taken out, 0-0 stays.
    for n in range(1, 7):
        assert Tile(n, 0) not in tiles
        assert Tile(0, n) not in tiles
    assert Tile(0, 0) in tiles


def test_default_tile_set_is_the_three_player_set() -> None:
    assert set(tile_set()) == set(tile_set(3, keep_double_blank=True))


def test_no_double_blank_variant_has_21_tiles() -> None:
    tiles = tile_set(3, keep_double_blank=False)
    assert len(tiles) == 21
    assert set(tiles) == set(tile_set(3)) - {Tile(0, 0)}
    assert all(t.low != 0 for t in tiles)


def test_four_players_use_the_full_double_six_set() -> None:
    tiles = tile_set(4)
    assert len(tiles) == 28
    assert set(tiles) == DOUBLE_SIX


@pytest.mark.parametrize(
    ("tile", "text"),
    [
        (Tile(6, 4), "6-4"),
        (Tile(4, 6), "6-4"),
        (Tile(3, 3), "3-3"),
        (Tile(0, 0), "0-0"),
        (Tile(1, 5), "5-1"),
        (Tile(6, 0), "6-0"),
    ],
)
def test_a_tile_is_written_high_end_first(tile: Tile, text: str) -> None:
    assert str(tile) == text
    assert tile.high >= tile.low
    assert str(tile).split("-") == [str(tile.high), str(tile.low)]


def test_every_tile_in_every_set_is_written_high_end_first() -> None:
    for t in DOUBLE_SIX:
        hi, lo = (int(x) for x in str(t).split("-"))
        assert hi >= lo
        assert Tile.parse(str(t)) == t
        assert Tile.parse(f"{lo}-{hi}") == t


def test_tile_ends_and_doubles() -> None:
    t = Tile.parse("4-6")
    assert (t.high, t.low) == (6, 4)
    assert not t.is_double
    for n in range(7):
        assert Tile(n, n).is_double
    assert sum(1 for t in DOUBLE_SIX if t.is_double) == 7
    assert sum(1 for t in tile_set(3) if t.is_double) == 7  # 0-0 .. 6-6
    assert sum(1 for t in tile_set(3, keep_double_blank=False) if t.is_double) == 6


@pytest.mark.parametrize(
    ("rules", "n_tiles"),
    [
        (RuleSet(), 22),
        (RuleSet(keep_double_blank=False), 21),
        (RuleSet(players=4), 28),
    ],
)
def test_games_are_dealt_from_the_right_set(rules: RuleSet, n_tiles: int) -> None:
    for seed in range(5):
        g = Game.new(rules, seed=seed)
        dealt = [t for h in g.hands for t in h] + list(g.widow)
        assert len(dealt) == n_tiles
        assert sorted(dealt) == sorted(tile_set(rules.players, rules.keep_double_blank))


def test_three_players_score_by_seat_four_players_by_partnership() -> None:
    assert len(Game.new(RuleSet(), seed=1).scores) == 3
    assert len(Game.new(RuleSet(players=4), seed=1).scores) == 2
    assert len(Game.new(RuleSet(players=4), seed=1).hands) == 4


def _bidding_order(rules: RuleSet, hands: list[str], widow: str, first: int) -> list[int]:
    g = Game.from_deal(rules, [h.split() for h in hands], widow.split(), first_bidder=first)
    order = []
    while g.phase == "bidding":
        assert g.to_act is not None
        order.append(g.to_act)
        g.apply("pass")
    return order


THREE = [
    "6-6 6-5 6-4 6-3 4-1 3-1 2-1",
    "5-5 5-4 5-3 5-2 5-1 4-4 4-3",
    "6-2 6-1 4-2 3-3 3-2 2-2 1-1",
]
FOUR = [
    "6-6 6-5 6-4 1-1 1-0 2-0 3-0",
    "5-5 5-4 5-3 5-2 5-1 5-0 4-4",
    "6-3 6-2 6-1 6-0 4-3 4-2 4-1",
    "4-0 3-3 3-2 3-1 2-2 2-1 0-0",
]


@pytest.mark.parametrize("first", [0, 1, 2])
def test_bidding_goes_clockwise_three_players(first: int) -> None:
    assert _bidding_order(RuleSet(), THREE, "0-0", first) == [first, (first + 1) % 3, (first + 2) % 3]


@pytest.mark.parametrize("first", [0, 1, 2, 3])
def test_bidding_goes_clockwise_four_players(first: int) -> None:
    assert _bidding_order(RuleSet(players=4), FOUR, "", first) == [(first + i) % 4 for i in range(4)]


def test_play_goes_clockwise_from_the_leader() -> None:
    # Seat 2 bids first; seat 0 is the only bidder, so seat 0 leads, then 1, then 2.
    g = Game.from_deal(RuleSet(), [h.split() for h in THREE], ["0-0"], first_bidder=2)
    for a in ["pass", "bid 4", "pass"]:
        g.apply(a)
    assert g.bidder == 0
    g.apply("discard 0-0")
    g.apply("trump 6")
    seen = []
    for _ in range(3):
        seen.append(g.to_act)
        g.apply(g.legal_actions()[0])
    assert seen == [0, 1, 2]
