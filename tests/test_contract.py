"""Contract facts (engine.contract), phases (engine.Phase) and the shared word helpers
(engine.words): one public home each, agreeing with the scoring and the game."""

from __future__ import annotations

import itertools

import pytest

from engine import (
    MOON,
    PHASES,
    Game,
    Phase,
    RuleSet,
    bid_made,
    goal_of,
    other_seats,
    score_hand,
    side_seats,
    tricks_needed,
)
from engine.trump import ALL_TRUMPS
from engine.words import count_words, join_words, number_word, percent, trump_phrase


def test_tricks_needed_is_the_bid_except_the_moon() -> None:
    assert [tricks_needed(b) for b in (4, 5, 6, 7)] == [4, 5, 6, 7]
    assert tricks_needed(MOON) == 7


@pytest.mark.parametrize("players", [3, 4])
def test_sides_partition_the_table(players: int) -> None:
    rules = RuleSet(players=players)
    for seat in range(players):
        mine, others = side_seats(rules, seat), other_seats(rules, seat)
        assert seat in mine
        assert sorted(mine + others) == list(range(players))
        assert mine == rules.teams()[rules.side_of(seat)]
    assert side_seats(RuleSet(players=4), 3) == (1, 3)
    assert side_seats(RuleSet(), 2) == (2,)


@pytest.mark.parametrize("players", [3, 4])
def test_goal_of_makers_and_defenders(players: int) -> None:
    rules = RuleSet(players=players)
    for bidder, bid, seat in itertools.product(range(players), rules.bid_values, range(players)):
        goal = goal_of(rules, seat, bidder, bid)
        if seat in side_seats(rules, bidder):
            assert goal.kind == "make" and goal.seats == side_seats(rules, bidder)
            assert goal.target == tricks_needed(bid)
        else:
            assert goal.kind == "set" and goal.seats == other_seats(rules, bidder)
            # the defenders set the bid exactly when the makers fall one short
            assert goal.target + tricks_needed(bid) == 8


@pytest.mark.parametrize("players", [3, 4])
def test_bid_made_agrees_with_score_hand(players: int) -> None:
    rules = RuleSet(players=players)
    for bid in rules.bid_values:
        for took in range(8):
            rest = 7 - took
            won = [0] * players
            won[0] = took
            won[1] = rest  # seat 1 is always on the other side
            scored = score_hand(rules, bidder=0, bid=bid, tricks_won=won)
            assert scored.made == bid_made(bid, took), (bid, took)


def test_phase_is_a_string_enum() -> None:
    assert [str(p) for p in PHASES] == ["bidding", "discard", "trump", "playing", "hand_over", "game_over"]
    assert Phase.PLAYING == "playing" and Phase("hand_over") is Phase.HAND_OVER
    assert f"{Phase.GAME_OVER}" == "game_over"
    assert [p for p in Phase if p.finished] == [Phase.HAND_OVER, Phase.GAME_OVER]


def test_hand_finished_follows_the_phase() -> None:
    g = Game.new(seed=3)
    assert g.phase is Phase.BIDDING and not g.hand_finished and not g.view(0).hand_finished
    while not g.hand_finished:
        assert g.phase in (Phase.BIDDING, Phase.DISCARD, Phase.TRUMP, Phase.PLAYING)
        g.apply(g.legal_actions()[-1 if g.phase == "bidding" else 0])
    assert g.phase in ("hand_over", "game_over")
    assert g.view(1).hand_finished


def test_word_helpers() -> None:
    assert join_words([]) == ""
    assert join_words(["a"]) == "a"
    assert join_words(["a", "b"]) == "a and b"
    assert join_words(["a", "b", "c"]) == "a, b and c"
    assert percent(0.5) == "50%" and percent(1) == "100%" and percent(None) == "?"
    assert number_word(1) == "one" and number_word(10) == "10"
    assert count_words(2, "trick") == "2 tricks" and count_words(1, "trick") == "1 trick"
    phrases = {str(t): trump_phrase(t) for t in ALL_TRUMPS}
    assert phrases["6"] == "sixes trump" and phrases["doubles"] == "doubles trump"
    assert phrases["none"] == "no trump"
