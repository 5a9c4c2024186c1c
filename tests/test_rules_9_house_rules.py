"""docs/rules.md §9 — House rules: each field of ``RuleSet`` changes exactly what §9 says,
checked through the engine (``Game``, ``score_hand``), one test (or a few) per point 9.1–9.12.
Every field of ``RuleSet`` has a point in §9, and the document names it."""

from __future__ import annotations

import re
from dataclasses import fields
from pathlib import Path

import pytest

from engine import Game, IllegalAction, RuleSet, Trump, score_hand, tile_set

from helpers import assert_refused, deal_game, finish_hand, legal

DOC = Path(__file__).resolve().parent.parent / "docs" / "rules.md"


def section_9() -> str:
    text = DOC.read_text(encoding="utf-8")
    return text[text.index("## 9. House rules") :]


def test_every_rule_set_field_has_a_point_in_section_9() -> None:
    points = dict(re.findall(r"^(9\.\d+)\. .*?\(`(\w+)`\)", section_9(), flags=re.M))
    assert sorted(points.values()) == sorted(f.name for f in fields(RuleSet))
    assert list(points) == [f"9.{i}" for i in range(1, len(points) + 1)]


def pass_round(g: Game, calls: int) -> None:
    for _ in range(calls):
        g.apply("pass")


# -- 9.1 players ------------------------------------------------------------------------------


def test_9_1_four_players_all_28_tiles_in_two_teams_and_no_widow() -> None:
    g = Game.new(RuleSet(players=4), seed=5)
    assert len(g.hands) == 4 and all(len(h) == 7 for h in g.hands) and g.widow == ()
    assert sorted(t for h in g.hands for t in h) == sorted(tile_set(4))
    assert g.rules.teams() == ((0, 2), (1, 3)) and len(g.scores) == 2
    g = deal_game(RuleSet(players=4))
    g.apply("bid 5")
    pass_round(g, 3)
    assert g.phase == "trump" and g.to_act == 0  # straight to trump: no widow (§5.2)
    with pytest.raises(ValueError, match="28 tiles"):
        RuleSet(players=4, keep_double_blank=False)
    with pytest.raises(ValueError, match="no widow"):
        RuleSet(players=4, trump_before_widow=True)


# -- 9.2 keep_double_blank ---------------------------------------------------------------------


def test_9_2_without_the_double_blank_21_tiles_no_widow_no_blank_trump() -> None:
    rules = RuleSet(keep_double_blank=False)
    assert len(rules.tiles) == 21 and not rules.has_widow
    g = Game.new(rules, seed=9)
    assert g.widow == () and sum(len(h) for h in g.hands) == 21
    g = deal_game(rules)
    g.apply("bid 4")
    pass_round(g, 2)
    assert g.phase == "trump"  # no widow to pick up
    assert "trump 0" not in legal(g) and "trump 1" in legal(g)
    assert_refused(g, "trump 0")
    assert Trump.parse("0") not in rules.trumps and Trump.parse("0") in RuleSet().trumps


# -- 9.3 trump_before_widow ----------------------------------------------------------------------


def test_9_3_trump_before_widow_names_trump_then_takes_the_widow_and_discards() -> None:
    classic = deal_game(RuleSet())
    classic.apply("bid 5")
    pass_round(classic, 2)
    assert classic.phase == "discard" and len(classic.hands[0]) == 8

    g = deal_game(RuleSet(trump_before_widow=True))
    g.apply("bid 5")
    pass_round(g, 2)
    assert g.phase == "trump" and len(g.hands[0]) == 7 and not g.widow_taken
    g.apply("trump 6")
    assert g.phase == "discard" and len(g.hands[0]) == 8 and g.widow_taken
    g.apply("discard 2-1")
    assert g.phase == "playing" and g.trump == Trump.parse("6") and g.discard is not None
    with pytest.raises(ValueError, match="no widow"):
        RuleSet(keep_double_blank=False, trump_before_widow=True)


# -- 9.4 min_bid ------------------------------------------------------------------------------


@pytest.mark.parametrize(("low", "bids"), [(3, [3, 4, 5, 6, 7, 21]), (4, [4, 5, 6, 7, 21]), (5, [5, 6, 7, 21])])
def test_9_4_the_lowest_bid(low: int, bids: list[int]) -> None:
    g = deal_game(RuleSet(min_bid=low))
    assert legal(g) == sorted(["pass"] + [f"bid {b}" for b in bids])
    if low > 3:
        assert_refused(g, f"bid {low - 1}")


# -- 9.5 all_pass -------------------------------------------------------------------------------


def test_9_5_redeal_throws_the_hand_in() -> None:
    g = deal_game(RuleSet())
    pass_round(g, 3)
    assert g.hand_finished and g.results[-1].thrown_in and g.scores == (0, 0, 0)
    g.next_hand()
    assert g.first_bidder == 1 and g.phase == "bidding"


@pytest.mark.parametrize("players", [3, 4])
def test_9_5_force_last_makes_the_last_caller_bid(players: int) -> None:
    g = deal_game(RuleSet(players=players, all_pass="force-last"))
    pass_round(g, players - 1)
    assert "pass" not in legal(g) and "bid 4" in legal(g)
    err = assert_refused(g, "pass")
    assert err.code == "must-bid"
    g.apply("bid 4")
    assert g.bidder == players - 1 and g.bid == 4


def test_9_5_force_last_does_not_bind_when_someone_bid() -> None:
    g = deal_game(RuleSet(all_pass="force-last"))
    g.apply("bid 4")
    g.apply("pass")
    assert "pass" in legal(g)


# -- 9.6 doubles_trump, 9.7 no_trump -------------------------------------------------------------


def contract(rules: RuleSet) -> Game:
    g = deal_game(rules)
    g.apply("bid 4")
    pass_round(g, 2)
    if g.phase == "discard":
        g.apply("discard 2-1")
    assert g.phase == "trump"
    return g


def test_9_6_doubles_may_be_forbidden_as_trump() -> None:
    assert "trump doubles" in legal(contract(RuleSet()))
    g = contract(RuleSet(doubles_trump=False))
    assert "trump doubles" not in legal(g) and "trump none" in legal(g)
    assert_refused(g, "trump doubles")


def test_9_7_no_trump_may_be_forbidden() -> None:
    assert "trump none" in legal(contract(RuleSet()))
    g = contract(RuleSet(no_trump=False))
    assert "trump none" not in legal(g) and "trump doubles" in legal(g)
    assert_refused(g, "trump none")


# -- 9.8 moon_wins_game ----------------------------------------------------------------------------


def test_9_8_a_made_21_wins_the_game_or_only_scores() -> None:
    won = score_hand(RuleSet(), bidder=1, bid=21, tricks_won=(0, 7, 0), scores=(10, -5, 12))
    assert won.made and won.moon_won_game and won.winner == 1
    plain = score_hand(RuleSet(moon_wins_game=False), bidder=1, bid=21, tricks_won=(0, 7, 0), scores=(10, -5, 12))
    assert plain.made and not plain.moon_won_game and plain.winner is None
    assert plain.change == (0, 21, 0) and plain.scores == (10, 16, 12)
    marks = score_hand(RuleSet(moon_wins_game=False, scoring="marks"), bidder=1, bid=21, tricks_won=(0, 7, 0))
    assert marks.change == (0, 1, 0) and marks.winner is None
    set_21 = score_hand(RuleSet(), bidder=1, bid=21, tricks_won=(1, 6, 0))
    assert not set_21.made and set_21.change == (1, -21, 0) and set_21.winner is None


# -- 9.9 moon_overcall ------------------------------------------------------------------------------


def test_9_9_a_21_ends_the_auction_unless_overcalls_are_allowed() -> None:
    g = deal_game(RuleSet())
    g.apply("bid 21")
    assert g.phase == "discard" and g.bidder == 0 and len(g.bids) == 1

    g = deal_game(RuleSet(moon_overcall=True))
    g.apply("bid 21")
    assert g.phase == "bidding" and g.to_act == 1
    assert legal(g) == ["bid 21", "pass"]
    g.apply("bid 21")
    g.apply("pass")
    assert g.bidder == 1 and g.bid == 21 and g.phase == "discard"


# -- 9.10 scoring -------------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [3, 4])
def test_9_10_marks_a_made_bid_earns_one_mark_a_set_one_for_every_other_side(players: int) -> None:
    rules = RuleSet(players=players, scoring="marks")
    assert rules.target == 7
    won = (5, 1, 1) if players == 3 else (3, 1, 2, 1)
    made = score_hand(rules, bidder=0, bid=5, tricks_won=won)
    assert made.made and made.change == ((1, 0, 0) if players == 3 else (1, 0))
    lost = (3, 2, 2) if players == 3 else (1, 2, 2, 2)
    set_ = score_hand(rules, bidder=0, bid=5, tricks_won=lost)
    assert not set_.made and set_.change == ((0, 1, 1) if players == 3 else (0, 1))


def test_9_10_marks_game_is_played_to_seven_marks() -> None:
    rules = RuleSet(scoring="marks")
    assert score_hand(rules, bidder=0, bid=4, tricks_won=(4, 2, 1), scores=(6, 0, 0)).winner == 0
    assert score_hand(rules, bidder=0, bid=4, tricks_won=(4, 2, 1), scores=(5, 0, 0)).winner is None


# -- 9.11 target -------------------------------------------------------------------------------------


def test_9_11_the_target_can_be_set() -> None:
    assert RuleSet().target == 21 and RuleSet(target=11).target == 11
    r = score_hand(RuleSet(target=5), bidder=0, bid=5, tricks_won=(5, 1, 1))
    assert r.scores == (5, 1, 1) and r.winner == 0
    assert score_hand(RuleSet(), bidder=0, bid=5, tricks_won=(5, 1, 1)).winner is None
    with pytest.raises(ValueError, match="target"):
        RuleSet(target=0)
    g = finish_hand(deal_game(RuleSet(target=1)))
    assert g.phase == "game_over" and g.winner is not None


# -- 9.12 tie_break ------------------------------------------------------------------------------------


def test_9_12_ties_play_on_unless_the_bidder_goes_out() -> None:
    # seat 0 bids 4 from 18 and makes it (22); seat 1 takes 3 tricks from 19 (22): a tie at the top
    before, tricks = (18, 19, 0), (4, 3, 0)
    play_on = score_hand(RuleSet(), bidder=0, bid=4, tricks_won=tricks, scores=before)
    assert play_on.scores == (22, 22, 0) and play_on.winner is None
    out = score_hand(RuleSet(tie_break="bidder-out"), bidder=0, bid=4, tricks_won=tricks, scores=before)
    assert out.scores == (22, 22, 0) and out.winner == 0
    # bidder-out needs the bidder to make it: a set bidder does not go out
    set_ = score_hand(RuleSet(tie_break="bidder-out"), bidder=0, bid=5, tricks_won=(4, 3, 0), scores=(30, 19, 0))
    assert not set_.made and set_.scores == (25, 22, 0) and set_.winner == 0  # alone on top: wins anyway
    tie = score_hand(RuleSet(tie_break="bidder-out"), bidder=0, bid=5, tricks_won=(4, 3, 0), scores=(27, 19, 0))
    assert tie.scores == (22, 22, 0) and tie.winner is None


def test_house_rules_change_nothing_else_in_the_deal() -> None:
    # §9 fields that only touch bidding, trump or scoring leave the deal of a seed alone
    base = Game.new(RuleSet(), seed=21)
    for rules in (RuleSet(min_bid=5), RuleSet(doubles_trump=False), RuleSet(scoring="marks"),
                  RuleSet(moon_overcall=True), RuleSet(tie_break="bidder-out")):
        g = Game.new(rules, seed=21)
        assert g.hands == base.hands and g.widow == base.widow and g.first_bidder == base.first_bidder


def test_refused_house_rule_actions_raise_illegal_action() -> None:
    g = contract(RuleSet(doubles_trump=False, no_trump=False))
    for bad in ("trump doubles", "trump none"):
        with pytest.raises(IllegalAction):
            g.apply(bad)
