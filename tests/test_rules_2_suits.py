"""docs/rules.md §2 — Suits and rank (before trump takes tiles away: no trump named / no trump).

Every expected value here is read off docs/rules.md §2: seven number suits, a non-double in both
of its numbers' suits, a double in its own suit only and on top, the rest ranked by the other
end (suit 2: 2-2, 2-6, 2-5, 2-4, 2-3, 2-1, 2-0).
"""

from __future__ import annotations

import itertools

import pytest

from engine import Tile, Trump, tile_set, trick_winner

NONE = Trump.parse("none")
T = Tile.parse
ALL28 = tile_set(4)


def _order(suit: int, tiles: tuple[Tile, ...]) -> list[str]:
    """The tiles of ``suit`` among ``tiles``, best first, using Trump.rank."""
    members = [t for t in tiles if NONE.follows(t, suit)]
    return [str(t) for t in sorted(members, key=lambda t: NONE.rank(t, suit), reverse=True)]


@pytest.mark.parametrize("suit", range(7))
def test_seven_number_suits_each_holds_the_tiles_bearing_that_number(suit: int) -> None:
    members = {t for t in ALL28 if NONE.follows(t, suit)}
    assert members == {t for t in ALL28 if suit in (t.high, t.low)}
    assert len(members) == 7


def test_in_the_three_player_set_the_blank_suit_holds_only_0_0() -> None:
    assert [t for t in tile_set(3) if NONE.follows(t, 0)] == [T("0-0")]
    for suit in range(1, 7):
        # the other suits lose their blank: 6 tiles each
        assert len([t for t in tile_set(3) if NONE.follows(t, suit)]) == 6


def test_a_non_double_belongs_to_both_its_numbers_suits_and_no_other() -> None:
    for t in ALL28:
        if t.is_double:
            continue
        for suit in range(7):
            assert NONE.follows(t, suit) == (suit in (t.high, t.low)), (t, suit)


def test_5_3_is_a_five_and_a_three() -> None:
    assert NONE.follows(T("5-3"), 5)
    assert NONE.follows(T("5-3"), 3)
    assert not NONE.follows(T("5-3"), 4)


def test_a_double_belongs_to_its_own_suit_only() -> None:
    for n in range(7):
        d = Tile(n, n)
        for suit in range(7):
            assert NONE.follows(d, suit) == (suit == n)


@pytest.mark.parametrize("suit", range(7))
def test_the_double_is_the_highest_tile_of_its_suit(suit: int) -> None:
    d = Tile(suit, suit)
    for t in ALL28:
        if t != d and NONE.follows(t, suit):
            assert NONE.rank(d, suit) > NONE.rank(t, suit)


def test_suit_two_ranks_as_in_the_rule_book() -> None:
    assert _order(2, ALL28) == ["2-2", "6-2", "5-2", "4-2", "3-2", "2-1", "2-0"]
    # 22-tile set: no 2-0
    assert _order(2, tile_set(3)) == ["2-2", "6-2", "5-2", "4-2", "3-2", "2-1"]


@pytest.mark.parametrize("suit", range(7))
def test_below_the_double_a_suit_ranks_by_the_other_end(suit: int) -> None:
    expected = [f"{suit}-{suit}"] + [str(Tile(suit, o)) for o in range(6, -1, -1) if o != suit]
    assert _order(suit, ALL28) == expected


def test_rank_order_shows_in_tricks_of_twos() -> None:
    """Led by 2-1 (a two: its higher end), the higher-ranked two wins whatever the order."""
    ranking = [T(s) for s in ["2-2", "6-2", "5-2", "4-2", "3-2"]]
    lead = T("2-1")
    for hi, lo in itertools.combinations(ranking, 2):  # hi ranks above lo
        assert trick_winner([lead, lo, hi], NONE) == 2
        assert trick_winner([lead, hi, lo], NONE) == 1
        # each of them beats the lead
        assert trick_winner([lead, lo], NONE) == 1
    # 2-0 led: 2-1 ranks above it
    assert trick_winner([T("2-0"), T("2-1")], NONE) == 1
    assert trick_winner([T("2-1"), T("2-0")], NONE) == 0


def test_rank_of_a_tile_outside_the_suit_is_refused() -> None:
    with pytest.raises(ValueError):
        NONE.rank(T("6-5"), 2)
    with pytest.raises(ValueError):
        NONE.rank(T("3-3"), 2)
