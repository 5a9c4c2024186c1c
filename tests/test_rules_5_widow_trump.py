"""docs/rules.md §5 — The widow and trump: the default order (widow, discard, trump), the
"trump before widow" and "no double blank" variants, four players, and what each kind of
trump (a number, doubles, none) does to the suits."""

from __future__ import annotations

import itertools

import pytest

from engine import Game, IllegalAction, RuleSet, Tile, Trump, tile_set, trick_winner

from helpers import HANDS3, HANDS4

T = Tile.parse
ALL_TRUMP_NAMES = ["0", "1", "2", "3", "4", "5", "6", "doubles", "none"]


def tiles(text: str) -> list[Tile]:
    return [T(s) for s in text.split()]


def game3(rules: RuleSet | None = None, widow: str = "0-0", first: int = 0) -> Game:
    return Game.from_deal(rules or RuleSet(), [h.split() for h in HANDS3], widow.split(), first_bidder=first)


def game4(rules: RuleSet | None = None) -> Game:
    return Game.from_deal(rules or RuleSet(players=4), [h.split() for h in HANDS4], [])


def assert_refused(g: Game, action: str) -> None:
    before, clone = g.record(), g.clone()
    with pytest.raises(IllegalAction):
        g.apply(action)
    assert g.record() == before
    assert g == clone


def trumps_allowed(g: Game) -> list[str]:
    assert g.phase == "trump"
    return sorted(str(a).removeprefix("trump ") for a in g.legal_actions())


# -- default order: widow, discard, trump -------------------------------------------------


def test_default_order_widow_then_discard_then_trump() -> None:
    g = game3(first=1)
    g.apply("bid 5")  # seat 1
    g.apply("pass")
    g.apply("pass")
    assert g.bidder == 1
    # 1. the bidder takes the widow into hand: 8 tiles
    assert g.phase == "discard"
    assert g.to_act == 1
    assert len(g.hands[1]) == 8
    assert T("0-0") in g.hands[1]
    assert g.trump is None
    # naming trump before discarding is out of order
    assert_refused(g, "trump 5")
    assert_refused(g, "play 5-5")
    # 2. any of the 8 may be discarded, including the widow itself
    assert sorted(str(a) for a in g.legal_actions()) == sorted(f"discard {t}" for t in g.hands[1])
    g.apply("discard 4-3")
    assert len(g.hands[1]) == 7
    assert T("4-3") not in g.hands[1]
    assert T("0-0") in g.hands[1]
    # 3. then trump
    assert g.phase == "trump"
    assert g.to_act == 1
    g.apply("trump 5")
    assert g.trump == Trump.parse("5")
    assert g.phase == "playing"
    assert g.to_act == 1


def test_the_discard_may_be_the_widow_itself() -> None:
    g = game3()
    g.apply("bid 4")
    g.apply("pass")
    g.apply("pass")
    g.apply("discard 0-0")
    assert sorted(g.hands[0]) == sorted(tiles(HANDS3[0]))


def test_only_a_tile_in_hand_may_be_discarded() -> None:
    g = game3()
    g.apply("bid 4")
    g.apply("pass")
    g.apply("pass")
    assert_refused(g, "discard 5-5")


def test_the_discard_is_seen_by_nobody_but_the_bidder() -> None:
    g = game3()
    g.apply("bid 4")
    g.apply("pass")
    g.apply("pass")
    g.apply("discard 2-1")
    assert g.view(0).discard == T("2-1")
    for seat in (1, 2):
        v = g.view(seat)
        assert v.discard is None
        assert v.widow == ()
        assert T("2-1") not in v.hand
        assert "2-1" not in repr(v.actions)
        assert T("0-0") not in v.hand
    g.apply("trump 6")
    # it is never played: it stays out of every later view of the others
    while g.phase == "playing":
        for seat in (1, 2):
            assert g.view(seat).discard is None
        g.apply(g.legal_actions()[0])
    assert all(T("2-1") not in tr.tiles for tr in g.tricks)


def test_the_bidder_sees_the_widow_once_taken_the_others_never() -> None:
    g = game3()
    g.apply("bid 4")
    g.apply("pass")
    g.apply("pass")
    assert g.view(0).widow == (T("0-0"),)
    assert T("0-0") in g.view(0).hand
    for seat in (1, 2):
        assert g.view(seat).widow == ()


# -- variant: trump before widow ----------------------------------------------------------


def test_trump_before_widow_order() -> None:
    g = game3(RuleSet(trump_before_widow=True))
    g.apply("bid 4")
    g.apply("pass")
    g.apply("pass")
    assert g.phase == "trump"
    assert len(g.hands[0]) == 7
    assert T("0-0") not in g.hands[0]
    assert g.view(0).widow == ()  # not yet taken, not yet seen
    assert_refused(g, "discard 2-1")
    g.apply("trump 6")
    assert g.trump == Trump.parse("6")
    # then the widow is taken and one tile discarded
    assert g.phase == "discard"
    assert g.to_act == 0
    assert len(g.hands[0]) == 8
    assert T("0-0") in g.hands[0]
    assert g.view(0).widow == (T("0-0"),)
    assert g.view(1).widow == () and g.view(2).widow == ()
    g.apply("discard 0-0")
    assert g.phase == "playing"
    assert g.to_act == 0
    assert sorted(g.hands[0]) == sorted(tiles(HANDS3[0]))


# -- variant: no double blank -------------------------------------------------------------


def test_no_double_blank_21_tiles_no_widow_bidder_names_trump_at_once() -> None:
    rules = RuleSet(keep_double_blank=False)
    g = game3(rules, widow="")
    assert g.widow == ()
    g.apply("pass")
    g.apply("bid 4")
    g.apply("pass")
    assert g.phase == "trump"
    assert g.to_act == 1
    assert len(g.hands[1]) == 7
    # blanks cannot be trump: there are none
    assert trumps_allowed(g) == sorted(["1", "2", "3", "4", "5", "6", "doubles", "none"])
    assert_refused(g, "trump 0")
    g.apply("trump 5")
    assert g.phase == "playing"
    assert g.to_act == 1


def test_no_double_blank_seeded_games_have_no_widow() -> None:
    for seed in range(5):
        g = Game.new(RuleSet(keep_double_blank=False), seed=seed)
        assert g.widow == ()
        assert Tile(0, 0) not in [t for h in g.hands for t in h]


def test_blanks_may_be_trump_in_the_22_tile_set_and_0_0_is_the_only_trump() -> None:
    g = game3()
    g.apply("bid 4")
    g.apply("pass")
    g.apply("pass")
    g.apply("discard 2-1")
    assert trumps_allowed(g) == sorted(ALL_TRUMP_NAMES)
    g.apply("trump 0")
    assert g.trump == Trump.parse("0")
    blanks = Trump.parse("0")
    assert [t for t in tile_set(3) if blanks.is_trump(t)] == [T("0-0")]


# -- four players -------------------------------------------------------------------------


def test_four_players_no_widow_trump_straight_after_the_auction() -> None:
    g = game4()
    assert g.widow == ()
    g.apply("pass")
    g.apply("bid 5")
    g.apply("pass")
    g.apply("pass")
    assert g.phase == "trump"
    assert g.to_act == 1
    assert len(g.hands[1]) == 7
    assert trumps_allowed(g) == sorted(ALL_TRUMP_NAMES)
    assert_refused(g, "discard 5-5")
    g.apply("trump doubles")
    assert g.phase == "playing"
    assert g.to_act == 1
    assert g.leader == 1


# -- which trumps may be named ------------------------------------------------------------


def _to_trump_phase(rules: RuleSet) -> Game:
    g = game4(rules) if rules.players == 4 else game3(rules)
    g.apply("bid 4")
    while g.phase == "bidding":
        g.apply("pass")
    if g.phase == "discard":
        g.apply(g.legal_actions()[0])
    return g


def test_doubles_and_no_trump_are_allowed_by_default() -> None:
    assert RuleSet().doubles_trump is True
    assert RuleSet().no_trump is True
    assert trumps_allowed(_to_trump_phase(RuleSet())) == sorted(ALL_TRUMP_NAMES)


def test_doubles_can_be_switched_off() -> None:
    g = _to_trump_phase(RuleSet(doubles_trump=False))
    assert "doubles" not in trumps_allowed(g)
    assert "none" in trumps_allowed(g)
    assert_refused(g, "trump doubles")


def test_no_trump_can_be_switched_off() -> None:
    g = _to_trump_phase(RuleSet(players=4, no_trump=False))
    assert "none" not in trumps_allowed(g)
    assert "doubles" in trumps_allowed(g)
    assert_refused(g, "trump none")
    g.apply("trump 3")
    assert g.phase == "playing"


def test_no_double_blank_with_no_doubles_and_no_no_trump_leaves_1_to_6() -> None:
    g = Game.from_deal(
        RuleSet(keep_double_blank=False, doubles_trump=False, no_trump=False),
        [h.split() for h in HANDS3],
        [],
    )
    g.apply("bid 4")
    g.apply("pass")
    g.apply("pass")
    assert trumps_allowed(g) == ["1", "2", "3", "4", "5", "6"]


# -- a number trump -----------------------------------------------------------------------


def test_every_tile_bearing_the_trump_number_is_a_trump_and_only_a_trump() -> None:
    for n in range(7):
        tr = Trump.parse(str(n))
        for t in tile_set(4):
            assert tr.is_trump(t) == (n in (t.high, t.low))
            if tr.is_trump(t):
                assert tr.follows(t, "trump")
                assert tr.suit_led(t) == "trump"
                for suit in range(7):
                    assert not tr.follows(t, suit), (n, t, suit)
            else:
                assert not tr.follows(t, "trump")


def test_6_4_with_sixes_trump_is_a_trump_not_a_four() -> None:
    sixes = Trump.parse("6")
    assert sixes.is_trump(T("6-4"))
    assert not sixes.follows(T("6-4"), 4)
    assert sixes.follows(T("6-4"), "trump")


def test_the_trump_suit_ranks_double_first_then_by_the_other_end() -> None:
    sixes = Trump.parse("6")
    order = ["6-6", "6-5", "6-4", "6-3", "6-2", "6-1", "6-0"]
    for hi, lo in itertools.combinations(order, 2):
        assert sixes.rank(T(hi), "trump") > sixes.rank(T(lo), "trump")
        assert trick_winner([T(lo), T(hi)], sixes) == 1
        assert trick_winner([T(hi), T(lo)], sixes) == 0
    threes = Trump.parse("3")
    order3 = ["3-3", "6-3", "5-3", "4-3", "3-2", "3-1", "3-0"]
    for hi, lo in itertools.combinations(order3, 2):
        assert threes.rank(T(hi), "trump") > threes.rank(T(lo), "trump")


def test_blanks_trump_in_the_22_tile_set_0_0_is_the_only_trump() -> None:
    blanks = Trump.parse("0")
    assert [t for t in tile_set(3) if blanks.is_trump(t)] == [T("0-0")]
    # in the 28-tile set every blank is a trump
    assert sorted(t for t in tile_set(4) if blanks.is_trump(t)) == sorted(Tile(n, 0) for n in range(7))


# -- doubles ------------------------------------------------------------------------------


def test_doubles_trump_the_seven_doubles_ranked_6_6_down_to_0_0() -> None:
    doubles = Trump.parse("doubles")
    assert {t for t in tile_set(4) if doubles.is_trump(t)} == {Tile(n, n) for n in range(7)}
    for a, b in itertools.combinations(range(6, -1, -1), 2):  # a > b
        assert doubles.rank(Tile(a, a), "trump") > doubles.rank(Tile(b, b), "trump")
        assert trick_winner([Tile(b, b), Tile(a, a)], doubles) == 1


def test_doubles_trump_doubles_belong_to_no_number_suit() -> None:
    doubles = Trump.parse("doubles")
    for n in range(7):
        for suit in range(7):
            assert not doubles.follows(Tile(n, n), suit)
        assert doubles.suit_led(Tile(n, n)) == "trump"
    assert not doubles.follows(T("4-4"), 4)


def test_under_doubles_suit_4_ranks_4_6_4_5_4_3_4_2_4_1() -> None:
    doubles = Trump.parse("doubles")
    order = ["6-4", "5-4", "4-3", "4-2", "4-1"]
    assert [str(t) for t in sorted((t for t in tile_set(3) if doubles.follows(t, 4)),
                                   key=lambda t: doubles.rank(t, 4), reverse=True)] == order
    for hi, lo in itertools.combinations(order, 2):
        assert doubles.rank(T(hi), 4) > doubles.rank(T(lo), 4)
    # in the 28-tile set 4-0 comes last
    assert doubles.rank(T("4-1"), 4) > doubles.rank(T("4-0"), 4)


# -- no trump -----------------------------------------------------------------------------


def test_no_trump_has_no_trumps_and_every_double_tops_its_suit() -> None:
    none = Trump.parse("none")
    assert not any(none.is_trump(t) for t in tile_set(4))
    for n in range(7):
        assert none.suit_led(Tile(n, n)) == n
        for t in tile_set(4):
            if t != Tile(n, n) and none.follows(t, n):
                assert none.rank(Tile(n, n), n) > none.rank(t, n)
                if t.high == n:
                    # t leads n, and the double of n beats it
                    assert trick_winner([t, Tile(n, n)], none) == 1
                else:
                    # t leads its higher end, which the double of n does not follow
                    assert trick_winner([t, Tile(n, n)], none) == 0


def test_naming_trump_is_refused_outside_the_trump_phase() -> None:
    g = game3()
    assert_refused(g, "trump 6")
