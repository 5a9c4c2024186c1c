"""docs/rules.md §7 — Scoring a hand: points (bidder ±bid, others +1 a trick; a made 21 wins the
game, a set 21 costs 21; variant "moon scores 21"), four-player teams, and the marks variant.

Every position is a hand-built deal whose tricks are forced by a script; each trick's winner is
checked against the §6 reasoning in the comments before any score is looked at.
"""

from __future__ import annotations

import pytest

from engine import Game, RuleSet

from helpers import HANDS3 as HANDS_S
from helpers import HANDS4 as HANDS_G
from helpers import HANDS_T, HANDS_W, SCRIPT_G, SCRIPT_S, SCRIPT_T

# -- deals ------------------------------------------------------------------------------


# U (3 players, seat 0 bids, sixes trump): seat 0 takes 4, seat 1 takes 2, seat 2 takes 1.
HANDS_U = [
    "6-6 6-5 6-4 6-3 4-1 3-1 2-1",
    "5-5 5-4 5-3 5-2 5-1 4-4 2-2",
    "6-2 6-1 4-3 4-2 3-3 3-2 1-1",
]
SCRIPT_U = [
    (["6-6", "5-1", "6-1"], 0),
    (["6-5", "5-2", "6-2"], 0),
    (["6-4", "5-3", "1-1"], 0),
    (["6-3", "5-5", "3-2"], 0),
    (["3-1", "2-2", "3-3"], 2),  # threes: seat 1 has none left, seat 2's double wins
    (["4-2", "4-1", "4-4"], 1),  # seat 2 leads fours; the double wins
    (["5-4", "4-3", "2-1"], 1),  # fives: only 5-4
]


LEADS_W = ["6-6", "6-5", "6-4", "6-3", "6-2", "6-1", "5-5"]


# F (4 players): seat 0 holds all seven sixes. Seat 1 bids and names sixes: seat 0 takes
# every trick (it trumps the first, then leads trumps nobody else holds).
HANDS_F = [
    "6-6 6-5 6-4 6-3 6-2 6-1 6-0",
    "5-5 5-4 5-3 5-2 5-1 5-0 4-4",
    "4-3 4-2 4-1 4-0 3-3 3-2 3-1",
    "3-0 2-2 2-1 2-0 1-1 1-0 0-0",
]

# H (4 players, seat 0 bids 21, sixes trump): partner seat 2 takes trick 1 with 6-6, then
# seat 0 trumps in and takes the other six -> the team takes all seven.
HANDS_H = [
    "6-5 6-4 6-3 6-2 6-1 6-0 5-5",
    "5-4 5-3 5-2 5-1 5-0 4-4 4-3",
    "6-6 4-2 4-1 4-0 3-3 3-2 3-1",
    "3-0 2-2 2-1 2-0 1-1 1-0 0-0",
]
SCRIPT_H = [
    (["6-0", "5-0", "6-6", "0-0"], 2),
    (["4-2", "3-0", "6-1", "4-3"], 0),  # seat 2 leads fours; seat 0 void, trumps in
    (["6-5", "5-1", "4-1", "2-2"], 0),
    (["6-4", "5-2", "4-0", "2-1"], 0),
    (["6-3", "5-3", "3-3", "2-0"], 0),
    (["6-2", "4-4", "3-2", "1-1"], 0),
    (["5-5", "5-4", "3-1", "1-0"], 0),
]


# -- helpers ----------------------------------------------------------------------------


def deal3(hands: list[str], rules: RuleSet) -> Game:
    widow = ["0-0"] if rules.keep_double_blank else []
    return Game.from_deal(rules, [h.split() for h in hands], widow, first_bidder=0, seed=1)


def deal4(hands: list[str], rules: RuleSet) -> Game:
    return Game.from_deal(rules, [h.split() for h in hands], [], first_bidder=0, seed=1)


def auction(g: Game, bidder: int, bid: int, trump: str = "6") -> None:
    """First bidder 0: ``bidder`` bids ``bid``, every other seat passes; widow 0-0 discarded."""
    while g.phase == "bidding":
        g.apply(f"bid {bid}" if g.to_act == bidder else "pass")
    assert (g.bidder, g.bid) == (bidder, bid)
    while g.phase in ("discard", "trump"):
        g.apply("discard 0-0" if g.phase == "discard" else f"trump {trump}")
    assert g.phase == "playing"


def run(g: Game, script: list[tuple[list[str], int]]) -> None:
    for trick, expected in script:
        leader = g.leader
        for t in trick:
            g.apply(f"play {t}")
        assert g.tricks[-1].leader == leader
        assert g.tricks[-1].winner == expected, (trick, g.tricks[-1])


def play_s(bid: int, rules: RuleSet | None = None) -> Game:
    g = deal3(HANDS_S, rules or RuleSet())
    auction(g, 0, bid)
    run(g, SCRIPT_S)
    assert g.tricks_won == (4, 3, 0)
    return g


def play_w(bid: int, rules: RuleSet | None = None) -> Game:
    g = deal3(HANDS_W, rules or RuleSet())
    auction(g, 0, bid)
    for lead in LEADS_W:
        g.apply(f"play {lead}")
        while g.current_trick:
            g.apply(g.legal_actions()[-1])
        assert g.tricks[-1].winner == 0
    assert g.tricks_won == (7, 0, 0)
    return g


def play_g(bid: int, rules: RuleSet) -> Game:
    g = deal4(HANDS_G, rules)
    auction(g, 0, bid)
    run(g, SCRIPT_G)
    assert g.tricks_won == (3, 2, 1, 1)
    return g


def play_f(bid: int, rules: RuleSet) -> Game:
    g = deal4(HANDS_F, rules)
    auction(g, 1, bid)
    while g.phase == "playing":
        g.apply(g.legal_actions()[0])
        if not g.current_trick:
            assert g.tricks[-1].winner == 0
    assert g.tricks_won == (7, 0, 0, 0)
    return g


def play_h(rules: RuleSet) -> Game:
    g = deal4(HANDS_H, rules)
    g.apply("bid 21")
    assert g.phase == "trump"  # 21 ended the auction
    g.apply("trump 6")
    run(g, SCRIPT_H)
    assert g.tricks_won == (6, 0, 1, 0)
    return g


# -- three players, points ----------------------------------------------------------------


def test_made_bid_scores_plus_bid_others_plus_one_per_trick() -> None:
    g = play_s(4)
    assert g.scores == (4, 3, 0)
    assert g.phase == "hand_over"


def test_no_bonus_for_extra_tricks() -> None:
    g = play_s(3, RuleSet(min_bid=3))  # took 4 on a bid of 3
    assert g.scores == (3, 3, 0)


@pytest.mark.parametrize("bid", [5, 6, 7])
def test_set_bid_scores_minus_bid_others_still_score_their_tricks(bid: int) -> None:
    g = play_s(bid)
    assert g.scores == (-bid, 3, 0)


def test_every_other_player_scores_their_own_tricks() -> None:
    g = deal3(HANDS_U, RuleSet())
    auction(g, 0, 4)
    run(g, SCRIPT_U)
    assert g.tricks_won == (4, 2, 1)
    assert g.scores == (4, 2, 1)


def test_set_bid_with_tricks_spread() -> None:
    g = deal3(HANDS_U, RuleSet())
    auction(g, 0, 6)
    run(g, SCRIPT_U)
    assert g.scores == (-6, 2, 1)


def test_the_bidder_needs_at_least_the_bid_exactly_is_enough() -> None:
    g = deal3(HANDS_T, RuleSet(min_bid=3))
    auction(g, 0, 3)
    run(g, SCRIPT_T)
    assert g.tricks_won == (3, 4, 0)
    assert g.scores == (3, 4, 0)


def test_one_trick_short_is_set() -> None:
    g = deal3(HANDS_T, RuleSet())
    auction(g, 0, 4)
    run(g, SCRIPT_T)
    assert g.scores == (-4, 4, 0)


def test_scoring_in_the_no_double_blank_variant() -> None:
    g = deal3(HANDS_S, RuleSet(keep_double_blank=False))
    auction(g, 0, 5)
    run(g, SCRIPT_S)
    assert g.scores == (-5, 3, 0)


def test_scoring_with_trump_named_before_the_widow() -> None:
    g = deal3(HANDS_S, RuleSet(trump_before_widow=True))
    for a in ["bid 4", "pass", "pass", "trump 6", "discard 0-0"]:
        g.apply(a)
    run(g, SCRIPT_S)
    assert g.scores == (4, 3, 0)


# -- 21 (shooting the moon) ---------------------------------------------------------------


def test_a_made_21_wins_the_whole_game_at_once() -> None:
    g = play_w(21)
    assert g.phase == "game_over"
    assert g.winner == 0


def test_a_made_21_wins_even_with_a_higher_target() -> None:
    g = play_w(21, RuleSet(target=100))
    assert g.phase == "game_over"
    assert g.winner == 0


def test_a_set_21_costs_21_points() -> None:
    g = play_s(21)  # seat 0 takes only 4 of 7
    assert g.scores == (-21, 3, 0)
    assert g.phase == "hand_over"
    assert g.winner is None


def test_21_needs_all_seven_tricks() -> None:
    # T: seat 0 takes 3
    g = deal3(HANDS_T, RuleSet())
    auction(g, 0, 21)
    run(g, SCRIPT_T)
    assert g.scores == (-21, 4, 0)


def test_moon_scores_21_variant_a_made_21_scores_plus_21() -> None:
    g = play_w(21, RuleSet(moon_wins_game=False, target=30))
    assert g.scores == (21, 0, 0)
    assert g.phase == "hand_over"
    assert g.winner is None


def test_moon_scores_21_variant_with_target_21_wins_on_points() -> None:
    g = play_w(21, RuleSet(moon_wins_game=False))
    assert g.scores == (21, 0, 0)
    assert g.phase == "game_over"
    assert g.winner == 0


def test_a_made_7_is_only_7() -> None:
    g = play_w(7)
    assert g.scores == (7, 0, 0)
    assert g.phase == "hand_over"


# -- four players -------------------------------------------------------------------------


def test_four_players_team_tricks_together_make_the_bid() -> None:
    # seat 0 alone took 3; with partner seat 2's trick the team has 4
    g = play_g(4, RuleSet(players=4))
    assert g.scores == (4, 3)


def test_four_players_team_set() -> None:
    g = play_g(5, RuleSet(players=4))
    assert g.scores == (-5, 3)


def test_four_players_bidder_on_team_1_set_by_seat_0() -> None:
    g = play_f(4, RuleSet(players=4))
    assert g.scores == (7, -4)


def test_four_players_set_21() -> None:
    g = play_f(21, RuleSet(players=4))
    assert g.scores == (7, -21)
    g2 = play_g(21, RuleSet(players=4))
    assert g2.scores == (-21, 3)


def test_four_players_made_21_with_partner_tricks_wins_the_game() -> None:
    g = play_h(RuleSet(players=4))
    assert g.phase == "game_over"
    assert g.winner == 0


def test_four_players_moon_scores_21() -> None:
    g = play_h(RuleSet(players=4, moon_wins_game=False, target=30))
    assert g.scores == (21, 0)
    assert g.phase == "hand_over"


# -- marks --------------------------------------------------------------------------------


def test_marks_target_is_7() -> None:
    assert RuleSet(scoring="marks").target == 7
    assert RuleSet().target == 21


def test_marks_made_bid_earns_the_bidder_one_mark() -> None:
    g = play_s(4, RuleSet(scoring="marks"))
    assert g.scores == (1, 0, 0)


def test_marks_made_bid_one_mark_whatever_the_bid() -> None:
    g = play_w(7, RuleSet(scoring="marks"))
    assert g.scores == (1, 0, 0)


def test_marks_set_bid_earns_every_opponent_one_mark() -> None:
    g = play_s(5, RuleSet(scoring="marks"))
    assert g.scores == (0, 1, 1)  # seat 2 took no trick, still gets the mark


def test_marks_set_21() -> None:
    g = play_s(21, RuleSet(scoring="marks"))
    assert g.scores == (0, 1, 1)
    assert g.phase == "hand_over"


def test_marks_made_21_still_wins_the_game_at_once() -> None:
    g = play_w(21, RuleSet(scoring="marks"))
    assert g.phase == "game_over"
    assert g.winner == 0


def test_marks_made_21_with_moon_scores_21_earns_one_mark() -> None:
    g = play_w(21, RuleSet(scoring="marks", moon_wins_game=False))
    assert g.scores == (1, 0, 0)
    assert g.phase == "hand_over"


def test_marks_four_players() -> None:
    assert play_g(4, RuleSet(players=4, scoring="marks")).scores == (1, 0)
    assert play_g(5, RuleSet(players=4, scoring="marks")).scores == (0, 1)
    assert play_f(4, RuleSet(players=4, scoring="marks")).scores == (1, 0)


def test_marks_four_players_moon() -> None:
    g = play_h(RuleSet(players=4, scoring="marks"))
    assert g.phase == "game_over" and g.winner == 0
    g2 = play_h(RuleSet(players=4, scoring="marks", moon_wins_game=False))
    assert g2.scores == (1, 0)
    assert g2.phase == "hand_over"


# -- a thrown-in hand ---------------------------------------------------------------------


@pytest.mark.parametrize("scoring", ["points", "marks"])
def test_a_thrown_in_hand_scores_nothing(scoring: str) -> None:
    g = deal3(HANDS_S, RuleSet(scoring=scoring))
    for _ in range(3):
        g.apply("pass")
    assert g.phase == "hand_over"
    assert g.scores == (0, 0, 0)
    assert g.tricks_won == (0, 0, 0)


# -- scores carry over from hand to hand --------------------------------------------------


def test_scores_accumulate_over_hands() -> None:
    g = play_s(5)
    assert g.scores == (-5, 3, 0)
    g.next_hand()
    assert g.scores == (-5, 3, 0)
    for _ in range(3):
        g.apply("pass")
    assert g.scores == (-5, 3, 0)
    g.next_hand()
    # whatever happens in this seeded hand, the change follows §7
    before = g.scores
    g.apply("bid 4")
    while g.phase == "bidding":
        g.apply("pass")
    bidder = g.bidder
    assert bidder is not None
    while g.phase in ("discard", "trump"):
        g.apply(g.legal_actions()[0])
    while g.phase == "playing":
        g.apply(g.legal_actions()[0])
    won = g.tricks_won
    expected = [before[s] + won[s] for s in range(3)]
    expected[bidder] = before[bidder] + (4 if won[bidder] >= 4 else -4)
    assert g.scores == tuple(expected)
