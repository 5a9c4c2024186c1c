"""docs/rules.md §8 — End of the game: the target (21 points, 7 marks) reached at the end of a
hand, a made 21, negative scores, ties at the top continuing until one is strictly ahead, and
the "bidder goes out first" tie-break of §9."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from engine import Action, Game, IllegalAction, RuleSet

from helpers import HANDS3 as HANDS_S
from helpers import HANDS4 as HANDS_G
from helpers import HANDS_T, HANDS_W, SCRIPT_G, SCRIPT_S, SCRIPT_T


def hand(hands: list[str], script: list[tuple[list[str], int]], bid: int, rules: RuleSet,
         seed: int = 2) -> Game:
    """Hand 1 is the given deal, played by the script; later hands are dealt from ``seed``."""
    widow = ["0-0"] if rules.players == 3 and rules.keep_double_blank else []
    g = Game.from_deal(rules, [h.split() for h in hands], widow, first_bidder=0, seed=seed)
    g.apply(f"bid {bid}")
    while g.phase == "bidding":
        g.apply("pass")
    while g.phase in ("discard", "trump"):
        g.apply("discard 0-0" if g.phase == "discard" else "trump 6")
    for trick, expected in script:
        for t in trick:
            g.apply(f"play {t}")
        assert g.tricks[-1].winner == expected
    return g


def assert_over(g: Game, winner: int) -> None:
    assert g.phase == "game_over"
    assert g.winner == winner
    assert g.to_act is None
    assert g.legal_actions() == []
    clone = g.clone()
    with pytest.raises(IllegalAction):
        g.next_hand()
    with pytest.raises(IllegalAction):
        g.apply("pass")
    assert g == clone


def assert_goes_on(g: Game) -> None:
    assert g.phase == "hand_over"
    assert g.winner is None
    g.next_hand()
    assert g.phase == "bidding"


# -- reaching the target ------------------------------------------------------------------


def test_reaching_the_target_strictly_ahead_wins() -> None:
    # (4, 3, 0): both seat 0 and seat 1 reach 3; seat 0 is strictly ahead
    g = hand(HANDS_S, SCRIPT_S, 4, RuleSet(target=3))
    assert g.scores == (4, 3, 0)
    assert_over(g, 0)


def test_an_opponent_of_the_bidder_can_reach_the_target_and_win() -> None:
    g = hand(HANDS_T, SCRIPT_T, 4, RuleSet(target=4))
    assert g.scores == (-4, 4, 0)
    assert_over(g, 1)


def test_exactly_the_target_is_enough() -> None:
    g = hand(HANDS_S, SCRIPT_S, 4, RuleSet(target=4))
    assert g.scores == (4, 3, 0)
    assert_over(g, 0)


def test_below_the_target_the_game_goes_on() -> None:
    g = hand(HANDS_S, SCRIPT_S, 4, RuleSet())
    assert g.scores == (4, 3, 0)
    assert_goes_on(g)


def test_four_players_a_team_reaching_the_target_wins() -> None:
    g = hand(HANDS_G, SCRIPT_G, 4, RuleSet(players=4, target=4))
    assert g.scores == (4, 3)
    assert_over(g, 0)


def test_marks_the_first_to_the_target_wins() -> None:
    g = hand(HANDS_S, SCRIPT_S, 4, RuleSet(scoring="marks", target=1))
    assert g.scores == (1, 0, 0)
    assert_over(g, 0)


def test_a_made_21_ends_the_game() -> None:
    g = Game.from_deal(RuleSet(), [h.split() for h in HANDS_W], ["0-0"], first_bidder=0)
    for a in ["bid 21", "discard 0-0", "trump 6"]:
        g.apply(a)
    while g.phase == "playing":
        g.apply(g.legal_actions()[0])
    assert g.tricks_won == (7, 0, 0)
    assert_over(g, 0)


# -- negative scores ----------------------------------------------------------------------


def test_scores_may_go_negative() -> None:
    g = hand(HANDS_S, SCRIPT_S, 6, RuleSet())
    assert g.scores == (-6, 3, 0)
    assert_goes_on(g)
    g2 = hand(HANDS_S, SCRIPT_S, 21, RuleSet())
    assert g2.scores == (-21, 3, 0)
    assert_goes_on(g2)
    g3 = hand(HANDS_G, SCRIPT_G, 21, RuleSet(players=4))
    assert g3.scores == (-21, 3)


# -- ties at the top ----------------------------------------------------------------------


def test_a_tie_at_the_target_plays_on() -> None:
    g = hand(HANDS_S, SCRIPT_S, 3, RuleSet(min_bid=3, target=3))
    assert g.scores == (3, 3, 0)
    assert_goes_on(g)


def test_a_tie_above_the_target_plays_on() -> None:
    g = hand(HANDS_S, SCRIPT_S, 3, RuleSet(min_bid=3, target=2))
    assert g.scores == (3, 3, 0)
    assert_goes_on(g)


def test_four_players_tied_teams_play_on() -> None:
    g = hand(HANDS_G, SCRIPT_G, 3, RuleSet(players=4, min_bid=3, target=3))
    assert g.scores == (3, 3)
    assert_goes_on(g)


def test_marks_a_set_gives_both_opponents_a_mark_tied_they_play_on() -> None:
    g = hand(HANDS_S, SCRIPT_S, 5, RuleSet(scoring="marks", target=1))
    assert g.scores == (0, 1, 1)
    assert_goes_on(g)


def test_marks_tied_opponents_stay_tied_through_a_thrown_in_hand() -> None:
    g = hand(HANDS_S, SCRIPT_S, 5, RuleSet(scoring="marks", target=1))
    assert_goes_on(g)
    # hand 2, seat 1 bids first: everybody passes, nothing changes, still tied
    for _ in range(3):
        g.apply("pass")
    assert g.scores == (0, 1, 1)
    assert_goes_on(g)


# -- bidder goes out first ----------------------------------------------------------------


def test_bidder_out_a_tie_with_the_bidder_goes_to_the_bidder() -> None:
    g = hand(HANDS_S, SCRIPT_S, 3, RuleSet(min_bid=3, target=3, tie_break="bidder-out"))
    assert g.scores == (3, 3, 0)
    assert_over(g, 0)


def test_bidder_out_the_bidder_reaching_the_target_goes_out_first() -> None:
    # (3, 4, 0): seat 1 has more, but the bidder reached the target on its own bid
    g = hand(HANDS_T, SCRIPT_T, 3, RuleSet(min_bid=3, target=3, tie_break="bidder-out"))
    assert g.scores == (3, 4, 0)
    assert_over(g, 0)


def test_play_on_the_same_hand_goes_to_whoever_is_strictly_ahead() -> None:
    g = hand(HANDS_T, SCRIPT_T, 3, RuleSet(min_bid=3, target=3))
    assert g.scores == (3, 4, 0)
    assert_over(g, 1)


def test_bidder_out_four_players() -> None:
    g = hand(HANDS_G, SCRIPT_G, 3, RuleSet(players=4, min_bid=3, target=3, tie_break="bidder-out"))
    assert g.scores == (3, 3)
    assert_over(g, 0)


def test_bidder_out_a_tie_without_the_bidder_plays_on() -> None:
    g = hand(HANDS_S, SCRIPT_S, 5, RuleSet(scoring="marks", target=1, tie_break="bidder-out"))
    assert g.scores == (0, 1, 1)  # the bidder was set: no mark for it
    assert_goes_on(g)


def test_bidder_out_a_set_bidder_does_not_go_out() -> None:
    """Marks, target 1, bidder goes out first. Hand 1: seat 0 is set, seats 1 and 2 take a
    mark each and are tied, so play goes on. Hand 2: seat 1 bids and is set: seats 0 and 2
    take a mark each, (1, 1, 2). Seat 2 is strictly ahead; seat 1 did not make its bid, so it
    does not "go out" — and there is no tie to break. Seat 2 wins."""
    rules = RuleSet(scoring="marks", target=1, tie_break="bidder-out")
    for seed in range(40):
        g = hand(HANDS_S, SCRIPT_S, 5, rules, seed=seed)
        assert g.scores == (0, 1, 1)
        assert_goes_on(g)  # deals hand 2
        assert g.to_act == 1 and g.hand_number == 2
        g.apply("bid 21")  # seat 1 must take all seven tricks
        while g.phase in ("discard", "trump"):
            g.apply(g.legal_actions()[0])
        while g.phase == "playing":
            acts = g.legal_actions()
            # seat 1 plays its lowest tile, the others their highest
            g.apply(acts[0] if g.to_act == 1 else acts[-1])
        if g.tricks_won[1] == 7:
            continue  # seat 1 made the moon with this deal: try another
        assert g.scores == (1, 1, 2)
        assert_over(g, 2)
        return
    raise AssertionError("no deal found where seat 1's 21 is set")


# -- whole seeded games with the default target -------------------------------------------


def policy(g: Game) -> Action:
    """A fixed way to play: the first bidder bids the minimum, the others pass; the lowest
    legal discard and play; a trump that changes from hand to hand."""
    acts = g.legal_actions()
    if g.phase == "bidding":
        return acts[1] if not g.bids else acts[0]
    if g.phase == "trump":
        return acts[(g.hand_number * 3 + g.seed) % len(acts)]
    return acts[0]


def expected_winner(rules: RuleSet, scores: tuple[int, ...], bidder_side: int | None,
                    made: bool, bid: int | None) -> int | None:
    """§8 (and §7's made 21), computed from the scores alone."""
    if bidder_side is not None and made and bid == 21 and rules.moon_wins_game:
        return bidder_side
    if rules.tie_break == "bidder-out" and bidder_side is not None and made and scores[bidder_side] >= rules.target:
        return bidder_side
    top = max(scores)
    if top >= rules.target and scores.count(top) == 1:
        return scores.index(top)
    return None


def play_game(rules: RuleSet, seed: int, on_hand_end: Callable[[Game], None]) -> Game:
    g = Game.new(rules, seed=seed)
    while True:
        while not g.hand_finished:
            g.apply(policy(g))
        on_hand_end(g)
        if g.phase == "game_over":
            return g
        assert g.hand_number < 200, "the game should end"
        g.next_hand()


def check_hand_end(rules: RuleSet) -> Callable[[Game], None]:
    def check(g: Game) -> None:
        res = g.results[-1]
        side = None if g.bidder is None else (g.bidder % 2 if rules.players == 4 else g.bidder)
        need = None if g.bid is None else (7 if g.bid == 21 else g.bid)
        made = side is not None and need is not None and sum(
            g.tricks_won[s] for s in range(rules.players)
            if (s % 2 if rules.players == 4 else s) == side
        ) >= need
        assert not res.thrown_in or g.bidder is None
        want = expected_winner(rules, g.scores, side, made, g.bid)
        if want is None:
            assert g.phase == "hand_over", (g.scores, g.bidder)
            assert g.winner is None
        else:
            assert g.phase == "game_over", (g.scores, g.bidder)
            assert g.winner == want
    return check


@pytest.mark.parametrize("players", [3, 4])
def test_seeded_games_end_exactly_when_section_8_says(players: int) -> None:
    rules = RuleSet(players=players)
    for seed in range(12):
        g = play_game(rules, seed, check_hand_end(rules))
        top = max(g.scores)
        assert top >= 21
        assert g.scores.count(top) == 1
        assert g.winner == g.scores.index(top)


@pytest.mark.parametrize("players", [3, 4])
def test_seeded_bidder_out_games_end_exactly_when_section_8_says(players: int) -> None:
    rules = RuleSet(players=players, tie_break="bidder-out")
    for seed in range(12):
        play_game(rules, seed, check_hand_end(rules))


@pytest.mark.parametrize("players", [3, 4])
def test_a_tie_at_21_or_more_plays_on_until_one_is_strictly_ahead(players: int) -> None:
    """Look through seeded games (played by the fixed policy) for a hand that ends with two
    sides tied for the lead at 21 or more; the game must go on, and end only when one side is
    strictly ahead."""
    rules = RuleSet(players=players)
    ties: list[tuple[int, tuple[int, ...]]] = []

    def watch(g: Game) -> None:
        check_hand_end(rules)(g)
        top = max(g.scores)
        if top >= 21 and g.scores.count(top) > 1:
            ties.append((g.hand_number, g.scores))
            assert g.phase == "hand_over"
            assert g.winner is None

    for seed in range(400):
        g = play_game(rules, seed, watch)
        if ties:
            last_tie_hand = ties[-1][0]
            assert g.hand_number > last_tie_hand
            top = max(g.scores)
            assert top >= 21
            assert g.scores.count(top) == 1
            assert g.winner == g.scores.index(top)
            break
    assert ties, "no seeded game produced a tie at 21 or more"
