"""docs/rules.md §4 — Bidding: one chance each, clockwise; pass, 4-7 or 21; each bid higher than
the last; 21 ends the auction; highest bidder wins; all pass throws the hand in (or, variant,
forces the last bidder); minimum bid 3 or 5; and (§9) the moon-overcall variant."""

from __future__ import annotations

import pytest

from engine import Action, Game, IllegalAction, RuleSet

from helpers import HANDS3, HANDS4


def game(rules: RuleSet | None = None, first: int = 0) -> Game:
    rules = rules or RuleSet()
    if rules.players == 4:
        return Game.from_deal(rules, [h.split() for h in HANDS4], [], first_bidder=first, seed=11)
    if rules.keep_double_blank:
        return Game.from_deal(rules, [h.split() for h in HANDS3], ["0-0"], first_bidder=first, seed=11)
    return Game.from_deal(rules, [h.split() for h in HANDS3], [], first_bidder=first, seed=11)


def legal(g: Game) -> list[str]:
    return sorted(str(a) for a in g.legal_actions())


def bids(*values: int) -> list[str]:
    return sorted(["pass"] + [f"bid {v}" for v in values])


def assert_refused(g: Game, action: str) -> IllegalAction:
    before = g.record()
    clone = g.clone()
    with pytest.raises(IllegalAction) as info:
        g.apply(action)
    assert g.record() == before
    assert g == clone
    assert isinstance(info.value, ValueError)
    assert info.value.code
    return info.value


# -- what may be bid ---------------------------------------------------------------------


def test_the_bids_are_pass_4_to_7_and_21() -> None:
    g = game()
    assert g.phase == "bidding"
    assert legal(g) == bids(4, 5, 6, 7, 21)


@pytest.mark.parametrize("bad", ["bid 1", "bid 2", "bid 3", "bid 8", "bid 14", "bid 20", "bid 22"])
def test_other_numbers_are_not_bids(bad: str) -> None:
    assert_refused(game(), bad)


def test_minimum_bid_variant_3() -> None:
    g = game(RuleSet(min_bid=3))
    assert legal(g) == bids(3, 4, 5, 6, 7, 21)
    g.apply("bid 3")
    assert g.bids == [(0, 3)]
    assert legal(g) == bids(4, 5, 6, 7, 21)


def test_minimum_bid_variant_5() -> None:
    g = game(RuleSet(min_bid=5))
    assert legal(g) == bids(5, 6, 7, 21)
    assert_refused(g, "bid 4")
    assert_refused(g, "bid 3")
    g.apply("bid 5")
    assert g.bids == [(0, 5)]


def test_actions_other_than_bids_are_refused_during_the_auction() -> None:
    g = game()
    for a in ["play 6-6", "discard 6-6", "trump 6", "trump none"]:
        assert_refused(g, a)


# -- each bid higher; one chance each; the highest bidder wins ----------------------------


def test_every_bid_must_be_higher_than_the_highest_so_far() -> None:
    g = game()
    g.apply("bid 5")
    assert legal(g) == bids(6, 7, 21)
    assert_refused(g, "bid 5")  # equal is not higher
    assert_refused(g, "bid 4")
    g.apply("pass")
    # the highest so far is still 5 after a pass
    assert legal(g) == bids(6, 7, 21)
    assert_refused(g, "bid 5")
    g.apply("bid 7")
    assert g.bids == [(0, 5), (1, 0), (2, 7)]


def test_each_player_has_exactly_one_chance_and_the_highest_bidder_wins() -> None:
    g = game(first=1)
    g.apply("bid 4")  # seat 1
    g.apply("bid 6")  # seat 2
    g.apply("pass")  # seat 0
    assert g.bids == [(1, 4), (2, 6), (0, 0)]
    assert g.phase != "bidding"  # seat 1 does not get a second chance
    assert g.bidder == 2
    assert g.bid == 6
    assert g.to_act == 2


def test_the_first_bid_can_win_the_auction() -> None:
    g = game(first=2)
    g.apply("bid 4")
    g.apply("pass")
    g.apply("pass")
    assert (g.bidder, g.bid) == (2, 4)


def test_four_players_bid_once_each() -> None:
    g = game(RuleSet(players=4), first=3)
    for a in ["pass", "bid 4", "bid 5", "pass"]:
        g.apply(a)
    assert g.bids == [(3, 0), (0, 4), (1, 5), (2, 0)]
    assert g.phase == "trump"
    assert (g.bidder, g.bid, g.to_act) == (1, 5, 1)


def test_a_pass_is_recorded_as_zero() -> None:
    g = game()
    g.apply(Action.parse("pass"))
    assert g.bids == [(0, 0)]


# -- 21 (shooting the moon) --------------------------------------------------------------


def test_21_ends_the_auction_at_once_first_bid() -> None:
    g = game()
    g.apply("bid 21")
    assert g.bids == [(0, 21)]
    assert (g.bidder, g.bid) == (0, 21)
    assert g.phase == "discard"  # default order: the widow is taken, then the discard
    assert g.to_act == 0


def test_21_ends_the_auction_at_once_after_other_bids() -> None:
    g = game(RuleSet(players=4))
    g.apply("bid 5")
    g.apply("bid 21")
    assert g.bids == [(0, 5), (1, 21)]  # seats 2 and 3 never bid
    assert (g.bidder, g.bid) == (1, 21)
    assert g.phase == "trump"


def test_21_is_always_higher_than_7() -> None:
    g = game()
    g.apply("bid 7")
    assert legal(g) == bids(21)
    g.apply("bid 21")
    assert (g.bidder, g.bid) == (1, 21)


def test_moon_overcall_variant_lets_a_later_player_shoot_the_moon_too() -> None:
    g = game(RuleSet(moon_overcall=True))
    g.apply("bid 21")
    assert g.phase == "bidding"
    assert g.to_act == 1
    assert legal(g) == bids(21)
    assert_refused(g, "bid 7")
    g.apply("bid 21")
    assert g.phase == "bidding"
    g.apply("pass")
    assert g.bids == [(0, 21), (1, 21), (2, 0)]
    assert (g.bidder, g.bid) == (1, 21)  # the later 21 takes the contract over


def test_moon_overcall_auction_still_gives_each_player_one_chance() -> None:
    g = game(RuleSet(moon_overcall=True))
    g.apply("bid 4")
    g.apply("bid 21")
    g.apply("pass")
    assert g.bids == [(0, 4), (1, 21), (2, 0)]
    assert (g.bidder, g.bid) == (1, 21)
    assert g.phase == "discard"


# -- all pass ----------------------------------------------------------------------------


@pytest.mark.parametrize("players", [3, 4])
def test_all_pass_throws_the_hand_in_nobody_scores(players: int) -> None:
    rules = RuleSet(players=players)
    g = game(rules, first=1)
    for _ in range(players):
        g.apply("pass")
    assert g.phase == "hand_over"
    assert g.scores == (0,) * (2 if players == 4 else 3)
    assert g.bidder is None
    assert g.winner is None
    assert g.legal_actions() == []
    assert g.to_act is None
    with pytest.raises(IllegalAction):
        g.apply("bid 4")
    g.next_hand()
    assert g.phase == "bidding"
    assert g.hand_number == 2
    assert g.to_act == 2  # the next first bidder, clockwise
    assert g.bids == []
    assert [len(h) for h in g.hands] == [7] * players


def test_the_next_first_bidder_goes_round_the_table() -> None:
    g = Game.new(RuleSet(), seed=3)
    first = g.to_act
    assert first is not None
    for k in range(1, 7):
        for _ in range(3):
            g.apply("pass")
        g.next_hand()
        assert g.to_act == (first + k) % 3
        assert g.hand_number == k + 1
        assert g.scores == (0, 0, 0)


def test_next_first_bidder_after_a_played_hand() -> None:
    g = game(first=2)
    g.apply("bid 4")  # seat 2
    g.apply("pass")
    g.apply("pass")
    g.apply("discard 0-0")
    g.apply("trump 6")
    while g.phase == "playing":
        g.apply(g.legal_actions()[0])
    assert g.phase == "hand_over"
    g.next_hand()
    assert g.to_act == 0


def test_next_hand_is_refused_before_the_hand_is_over() -> None:
    g = game()
    g.apply("bid 4")
    with pytest.raises(IllegalAction):
        g.next_hand()


# -- force the last bidder ---------------------------------------------------------------


def test_force_last_three_players_two_passes_then_the_last_must_bid() -> None:
    g = game(RuleSet(all_pass="force-last"), first=1)
    assert "pass" in legal(g)
    g.apply("pass")
    assert "pass" in legal(g)
    g.apply("pass")
    assert g.to_act == 0
    assert legal(g) == sorted(["bid 4", "bid 5", "bid 6", "bid 7", "bid 21"])
    assert_refused(g, "pass")
    g.apply("bid 4")
    assert (g.bidder, g.bid) == (0, 4)


def test_force_last_four_players_if_three_pass_the_fourth_must_bid_4() -> None:
    g = game(RuleSet(players=4, all_pass="force-last"))
    for _ in range(3):
        g.apply("pass")
    assert g.to_act == 3
    assert "pass" not in legal(g)
    assert "bid 4" in legal(g)
    assert_refused(g, "pass")
    g.apply("bid 4")
    assert (g.bidder, g.bid) == (3, 4)
    assert g.phase == "trump"


def test_force_last_with_minimum_bid_5() -> None:
    g = game(RuleSet(players=4, all_pass="force-last", min_bid=5))
    for _ in range(3):
        g.apply("pass")
    assert legal(g) == sorted(["bid 5", "bid 6", "bid 7", "bid 21"])
    assert_refused(g, "bid 4")


def test_force_last_does_not_apply_once_someone_has_bid() -> None:
    g = game(RuleSet(all_pass="force-last"))
    g.apply("bid 4")
    g.apply("pass")
    assert "pass" in legal(g)
    g.apply("pass")
    assert (g.bidder, g.bid) == (0, 4)


def test_force_last_never_throws_a_hand_in() -> None:
    for seed in range(10):
        g = Game.new(RuleSet(all_pass="force-last"), seed=seed)
        while g.phase == "bidding":
            acts = g.legal_actions()
            g.apply("pass" if Action.parse("pass") in acts else acts[0])
        assert g.phase == "discard"
        assert g.bid == 4
