"""The race model of the chance to win the game (engine.players.odds), and the strong
player bidding to win the game rather than for the most points in the hand."""

from __future__ import annotations

import dataclasses
import functools
import random
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_reasons import reason_problems

from engine import Action, Game, RuleSet
from engine.game import HandResult
from engine.players import make_bot
from engine.players.bidding import ScoreModel
from engine.players.odds import (
    HAND_OUTCOMES,
    JOINT_FLOOR,
    MOON_HANDS,
    MOON_SET_TRICKS,
    GameOdds,
    _joint,
    _moves,
    joint_chance,
    not_reached,
    race_chance,
)
from engine.players.reasons import score_words
from engine.players.strong import StrongBot, StrongSettings
from engine.scoring import game_winner
from engine.tiles import parse_tiles
from engine.trump import Trump

RULES = [
    RuleSet(),
    RuleSet(players=4),
    RuleSet(scoring="marks"),
    RuleSet(moon_wins_game=False),
    RuleSet(players=4, scoring="marks", moon_wins_game=False),
    RuleSet(target=250),  # the longest game the rules allow
    RuleSet(players=4, target=5),
    RuleSet(tie_break="bidder-out"),
]


def _scores(rules: RuleSet) -> st.SearchStrategy[tuple[int, ...]]:
    sides = len(rules.teams())
    low = 0 if rules.scoring == "marks" else min(0, rules.target - 40)  # marks are never taken away
    return st.tuples(*[st.integers(low, rules.target - 1)] * sides)


@settings(max_examples=60, deadline=None)
@given(data=st.data(), rules=st.sampled_from(RULES))
def test_the_sides_chances_add_up_to_one_and_grow_with_the_score(data: st.DataObject, rules: RuleSet) -> None:
    scores = data.draw(_scores(rules))
    chances = [GameOdds(rules, scores, side).now for side in range(len(scores))]
    assert all(0.0 <= c <= 1.0 for c in chances)
    assert sum(chances) == pytest.approx(1.0, abs=0.01)
    # A point more for a side never lowers its chance, nor raises another's.
    side = data.draw(st.integers(0, len(scores) - 1))
    more = tuple(s + (i == side) for i, s in enumerate(scores))
    assert GameOdds(rules, more, side).now >= chances[side] - 1e-12
    for other in range(len(scores)):
        if other != side:
            assert GameOdds(rules, more, other).now <= chances[other] + 1e-12


def test_equal_sides_have_equal_chances() -> None:
    assert GameOdds(RuleSet(), (0, 0, 0), 0).now == pytest.approx(1 / 3, abs=0.005)
    assert GameOdds(RuleSet(players=4), (7, 7), 1).now == pytest.approx(1 / 2, abs=0.005)
    assert race_chance(RuleSet(), (10, 10, 10), 2) == pytest.approx(1 / 3, abs=0.005)


@pytest.mark.parametrize(
    ("rules", "share"),
    [
        (RuleSet(), None),
        (RuleSet(players=4), None),
        (RuleSet(scoring="marks", tie_break="bidder-out"), None),
        (RuleSet(), 0.75),
        (RuleSet(players=4), 0.7),
    ],
)
def test_the_joint_model_agrees_with_games_played_out_from_its_own_table(rules: RuleSet, share: float | None) -> None:
    """The chain is solved by value iteration over every score at once; here the same
    model's hands are drawn at random and games played out to the end, one by one (with
    ``share``, side 0 bids in that share of the hands)."""
    rng = random.Random(7)
    moves = _moves(rules, share)
    chances = [c for c, *_ in moves]
    start = ((1, 3, 0) if rules.scoring == "marks" else (3, 10, 0))[: len(rules.teams())]
    games, wins = 6000, 0.0
    for _ in range(games):
        scores = list(start)
        while True:
            _, change, bs, made, moon = rng.choices(moves, chances)[0]
            scores = [s + c for s, c in zip(scores, change, strict=True)]
            winner = game_winner(rules, scores, bs, made, moon)
            if winner is not None:
                wins += winner == 0
                break
    played = wins / games
    assert joint_chance(rules, start, 0, share) == pytest.approx(played, abs=0.025)


def test_a_side_that_bids_in_a_larger_share_of_the_hands_is_counted_likelier_to_win() -> None:
    """The strong player counts itself the bidder in more than its share of the hands
    (``StrongSettings.odds_share``): with a share of one in n every side is alike, a larger
    share raises the side's chance, and with two sides the two chances, each worked out
    from its own side's grid, still add up to one."""
    for rules in (RuleSet(), RuleSet(players=4), RuleSet(scoring="marks")):
        n = len(rules.teams())
        marks = rules.scoring == "marks"
        spots = [(0,) * n, ((1, 3, 0) if marks else (3, 10, 0))[:n], ((5, 2, 4) if marks else (12, 4, 9))[:n]]
        if n == 3 and not marks:
            spots.append((-JOINT_FLOOR - 8, 5, 3))  # below the floor the grids of all three are used
        for scores in spots:
            for side in range(n):
                alike = joint_chance(rules, scores, side)
                assert alike is not None
                assert joint_chance(rules, scores, side, 1 / n) == pytest.approx(alike, abs=1e-5)
                chances = [joint_chance(rules, scores, side, share) for share in (1 / n, 0.6, 0.75)]
                assert chances == sorted(chances) and chances[-1] > alike + 0.05  # type: ignore[type-var, operator]
    four = RuleSet(players=4)
    for scores in [(0, 0), (3, 10), (-20, 15), (18, 2)]:
        ours = joint_chance(four, scores, 0, 0.7)
        theirs = joint_chance(four, scores, 1, 0.3)
        assert ours is not None and theirs is not None
        assert ours + theirs == pytest.approx(1.0, abs=1e-5)
    # The measured figure: a team counted the bidder in 70% of the hands starts at about 80%.
    assert joint_chance(four, (0, 0), 0, 0.7) == pytest.approx(0.80, abs=0.01)


def test_with_21s_a_team_far_behind_is_still_in_the_game() -> None:
    """Four players, the model with 21s (``moons``): a made 21 wins whatever the score, so a
    team 32 points behind keeps a real chance, where the model of basic players (who never
    bid 21) gave it 2%; the team ahead is still the likelier winner, a tie is even, and the
    two teams' chances add up to one, with or without a share of the auctions."""
    four = RuleSet(players=4)

    def chance(scores: tuple[int, int], side: int = 0, share: float | None = None) -> float:
        value = joint_chance(four, scores, side, share, True)
        assert value is not None
        return value

    assert chance((0, 0)) == pytest.approx(0.5, abs=1e-9) and chance((20, 20)) == pytest.approx(0.5, abs=1e-9)
    without = joint_chance(four, (-20, 12), 0)
    assert without is not None and without < 0.03 and chance((-20, 12)) > 0.15
    assert chance((0, 10)) > joint_chance(four, (0, 10), 0)  # type: ignore[operator]
    for scores in [(15, 0), (18, -20), (10, 2)]:
        assert chance(scores) > 0.7
    for scores in [(0, 0), (3, 10), (-20, 15), (18, 2), (-45, -30)]:
        assert chance(scores, 0) + chance(scores, 1) == pytest.approx(1.0, abs=1e-6)
        assert chance(scores, 0, 0.7) + chance(scores, 1, 0.3) == pytest.approx(1.0, abs=1e-5)
    # The hands a team may shoot with: shares that add up to one, chances below a half.
    assert sum(part for part, _ in MOON_HANDS) == pytest.approx(1.0)
    assert all(0 <= q < 0.5 for _, q in MOON_HANDS)
    assert sum(c for _, c in MOON_SET_TRICKS) == pytest.approx(1.0)
    # Three players and marks keep their model: the option is for two teams and points.
    assert joint_chance(RuleSet(), (0, 10, 0), 0, None, True) == joint_chance(RuleSet(), (0, 10, 0), 0)
    marks = RuleSet(players=4, scoring="marks")
    assert joint_chance(marks, (1, 3), 0, None, True) == joint_chance(marks, (1, 3), 0)


def test_with_21s_a_point_more_lowers_a_teams_chance_by_at_most_half_a_point() -> None:
    """When both teams would rather shoot, each is as likely to speak first; a point more
    for one team can make the other want to shoot too, so its chance can dip, by less than
    half a point in a hundred, and only with both teams below zero or far apart. Without
    21s a point more never lowers it."""
    four = RuleSet(players=4)
    for share in (None, 0.35, 0.7):
        worst = 0.0
        for a in range(-60, 20):
            for b in range(-60, 20):
                now = joint_chance(four, (a, b), 0, share, True)
                assert now is not None
                for more in ((a + 1, b), (a, b - 1)):
                    after = joint_chance(four, more, 0, share, True) if min(more) >= -60 else now
                    assert after is not None
                    worst = max(worst, now - after)
        assert worst < 0.005, share


def test_the_chain_with_21s_agrees_with_games_played_out() -> None:
    """The chain with 21s is solved by value iteration, each team shooting when that is
    better for it; here hands are drawn at random, each team deciding by the chain's own
    chances, and games played out to the end."""
    four = RuleSet(players=4)
    built = _joint(four, None, True)
    assert built is not None
    low = built[0]
    moves = [m for m in _moves(four) if not m[4]]
    won_at_once = sum(c for c, _, bs, _, moon in _moves(four) if moon and bs == 0)
    lost_at_once = sum(c for c, _, bs, _, moon in _moves(four) if moon and bs == 1)
    normal_total = sum(c for c, *_ in moves)

    def end(scores: tuple[int, ...]) -> float | None:
        top = max(scores)
        if top < four.target:
            return None
        return 0.5 if scores[0] == scores[1] else float(scores[0] == top)

    @functools.cache
    def value(scores: tuple[int, ...]) -> float:
        done = end(scores)
        if done is not None:
            return done
        v = joint_chance(four, tuple(max(s, low) for s in scores), 0, None, True)
        assert v is not None
        return v

    def shift(scores: tuple[int, ...], change: tuple[int, ...]) -> tuple[int, ...]:
        return tuple(s + c for s, c in zip(scores, change, strict=True))

    @functools.cache
    def normal(scores: tuple[int, ...]) -> float:
        return won_at_once + sum(c * value(shift(scores, ch)) for c, ch, *_ in moves)

    @functools.cache
    def after_21(scores: tuple[int, ...], shooter: int) -> float:
        """Team 0's chance after ``shooter``'s 21 is set."""
        return sum(c * value(shift(scores, (-21, t) if shooter == 0 else (t, -21))) for t, c in MOON_SET_TRICKS)

    rng = random.Random(11)
    games, wins = 3000, 0.0
    for _ in range(games):
        scores: tuple[int, ...] = (3, 10)
        while True:
            q = rng.choices([q for _, q in MOON_HANDS], [p for p, _ in MOON_HANDS])[0]
            n = normal(scores)
            mine = q + (1 - q) * after_21(scores, 0)
            theirs = (1 - q) * after_21(scores, 1)
            shooter = [k for k, better in ((0, mine > n), (1, theirs < n)) if better]
            if shooter:
                k = rng.choice(shooter)
                if rng.random() < q:
                    wins += k == 0
                    break
                t = rng.choices([t for t, _ in MOON_SET_TRICKS], [c for _, c in MOON_SET_TRICKS])[0]
                change = (-21, t) if k == 0 else (t, -21)
            else:
                r = rng.random() * (normal_total + won_at_once + lost_at_once)
                if r >= normal_total:
                    wins += r < normal_total + won_at_once
                    break
                change = rng.choices([ch for _, ch, *_ in moves], [c for c, *_ in moves])[0]
            scores = shift(scores, change)
            done = end(scores)
            if done is not None:
                wins += done
                break
            scores = tuple(max(s, low) for s in scores)
    assert joint_chance(four, (3, 10), 0, None, True) == pytest.approx(wins / games, abs=0.03)


def _hands(*bidders: int | None) -> tuple[HandResult, ...]:
    """Finished hands of a four-player game bid by ``bidders`` (``None``: thrown in); only
    who bid is read from them here."""
    return tuple(
        HandResult(i + 1, 0, b, None if b is None else 5, None if b is None else Trump.parse("5"),
                   (0,) * 4, (0, 0), None if b is None else True, (0, 0), (0, 0), thrown_in=b is None)
        for i, b in enumerate(bidders)
    )


def test_with_four_players_the_strong_player_reads_its_share_of_the_auctions_from_the_table() -> None:
    """A fixed share would have both teams at a table of equals count themselves the
    likelier bidder. Read from the table (the four-player tuning's ``odds_table``, four hands'
    worth of an even start), the share starts even and follows who has won the auctions,
    to the nearest 5%; thrown-in hands say nothing, and three players keep theirs."""
    four = RuleSet(players=4)
    table = StrongSettings()
    assert table.odds_share_for(four, 0) is None  # nothing bid yet: every side alike
    assert table.odds_share_for(four, 1, _hands(None, None)) is None
    assert table.odds_share_for(four, 0, _hands(0, 2, 1)) == 0.55  # (2 + 2) / 7
    assert table.odds_share_for(four, 3, _hands(0, 2, 1)) == 0.45  # (2 + 1) / 7
    assert table.odds_share_for(four, 2, _hands(*[0, 2] * 4, None)) == 0.85  # (2 + 8) / 12
    fixed = StrongSettings.of(odds_share_4p=0.7)
    assert fixed.odds_share_for(four, 0) == 0.7
    assert fixed.odds_share_for(four, 0, _hands(1, 3, 1, 3)) == 0.35  # (2.8 + 0) / 8
    assert StrongSettings.of(odds_share_4p=0.7, odds_table_4p=None).odds_share_for(four, 0, _hands(1, 3, 1, 3)) == 0.7
    assert table.odds_share_for(RuleSet(), 0, _hands(0, 0, 0)) is None
    # The player's model of the game: at the same score, the team that has won the
    # auctions counts itself likelier to win, and at the start both teams are even.
    view = Game.new(four, seed=1).view(0)
    bot = StrongBot(seed=1)

    def chance(seat: int, results: tuple[HandResult, ...]) -> float:
        odds = bot.score_model(four, dataclasses.replace(view, seat=seat, results=results, scores=(10, 10))).odds
        assert odds is not None
        return odds.now

    assert chance(0, ()) == pytest.approx(chance(1, ()), abs=1e-6) == pytest.approx(0.5, abs=1e-6)
    won = _hands(0, 2, 0, 2)
    assert chance(0, won) > 0.6 > 0.4 > chance(1, won)
    assert chance(0, won) + chance(1, won) == pytest.approx(1.0, abs=1e-5)  # 0.75 and 0.25: one model


def _moon_break_even(settings: StrongSettings, scores: tuple[int, int]) -> float:
    """The chance of making a 21 from which team 0, at ``scores`` before the hand, does as
    well shooting as standing still (a set 21 leaves it one trick short, 21 down)."""
    four = RuleSet(players=4)
    odds = GameOdds(four, scores, 0, settings.odds_share_for(four, 0), True, settings.their_moons())
    set_ = odds.hand(0, 21, 6, False)
    return (odds.now - set_) / (1 - set_)


def test_against_players_known_to_be_basic_the_game_model_counts_the_strong_teams_edge() -> None:
    """Issue 38: with every side alike, a team a hand into the game (1 against 4) loses
    little by a set 21 (the moons it can still shoot), so a 21 made one time in eight
    looked worth shooting, and the strong team shot them away in games it wins 72% of
    the time from level. Told the other team is basic (the table knows it), the model
    starts the strong team from its measured share of the auctions and lets only it shoot
    the moon (basic players never bid 21): a 21 from near level must then be likely. At a
    table of equals, or with the players unknown, both teams stay even."""
    four = RuleSet(players=4)
    unknown, equals, basic = StrongSettings(), StrongSettings(opponents="strong"), StrongSettings(opponents="basic")
    assert _moon_break_even(unknown, (1, 4)) < 0.2
    assert _moon_break_even(equals, (1, 4)) == _moon_break_even(unknown, (1, 4))
    assert _moon_break_even(basic, (1, 4)) > 0.45
    # Far behind, a 21 is the way back, and the model still says so.
    assert _moon_break_even(basic, (-40, 14)) < 0.1
    for settings_ in (unknown, equals):
        chances = [GameOdds(four, (0, 0), k, settings_.odds_share_for(four, k), True, settings_.their_moons()).now
                   for k in (0, 1)]
        assert chances == pytest.approx([0.5, 0.5], abs=1e-6)
    assert GameOdds(four, (0, 0), 0, basic.odds_share_for(four, 0), True, basic.their_moons()).now == pytest.approx(
        0.80, abs=0.01)
    # Three players keep their model (no moons in it, no share against basic players).
    three = RuleSet(players=3)
    assert basic.odds_share_for(three, 0) is None and unknown.odds_share_for(three, 0) is None
    assert joint_chance(three, (3, 5, 0), 0, None, False, basic.their_moons()) == joint_chance(three, (3, 5, 0), 0)


@pytest.mark.parametrize(("deal", "with_edge"), [(2, "bid 4"), (4, "bid 5"), (3, "pass")])
def test_against_basic_players_the_strong_team_keeps_its_lead_instead_of_shooting(deal: int, with_edge: str) -> None:
    """Issue 38: the first bidder of the hand after the other team made a 4 (1 against 4)
    shoots the moon on these deals while the table is unknown, and bids what its hand is
    worth (or passes) when it knows the other team is basic."""
    four = RuleSet(players=4)
    game = Game.new(four, seed=deal)
    seat = game.to_act
    assert seat is not None
    other = (seat + 1) % 4
    scores = (1, 4) if four.side_of(seat) == 0 else (4, 1)
    made_four = HandResult(0, other, other, 4, None, (0,) * 4, (0, 0), True, scores, scores)
    view = dataclasses.replace(game.view(seat), scores=scores, results=(made_four,))
    assert str(StrongBot(deal * 16 + seat).decide(view).action) == "bid 21"
    assert str(StrongBot(deal * 16 + seat, opponents="basic").decide(view).action) == with_edge


def test_without_their_moons_only_the_sides_team_shoots() -> None:
    """The two-team chain with the moon option for one team only: the other team's 21s
    gone, the side's chance rises wherever that team would have shot (behind, mostly)
    and never falls; the other team's chance, worked out the same way round, is what the
    side's leaves."""
    four = RuleSet(players=4)
    for scores in [(0, 0), (10, -10), (15, 0), (-20, 12), (5, 18)]:
        both = joint_chance(four, scores, 0, 0.5, True)
        ours = joint_chance(four, scores, 0, 0.5, True, their_moons=False)
        assert both is not None and ours is not None
        assert ours >= both - 1e-9
    assert joint_chance(four, (15, -10), 0, 0.5, True, False) > joint_chance(four, (15, -10), 0, 0.5, True) + 0.05  # type: ignore[operator]
    assert joint_chance(four, (0, 0), 0, None, True, False) == joint_chance(four, (0, 0), 0, 0.5, True, False)


@settings(max_examples=40, deadline=None)
@given(data=st.data(), rules=st.sampled_from([RuleSet(), RuleSet(players=4), RuleSet(scoring="marks")]))
def test_with_a_share_a_point_more_never_lowers_the_sides_chance(data: st.DataObject, rules: RuleSet) -> None:
    scores = data.draw(_scores(rules))
    side = data.draw(st.integers(0, len(scores) - 1))
    share = data.draw(st.sampled_from([0.5, 0.7, 0.75]))
    now = GameOdds(rules, scores, side, share).now
    assert 0.0 <= now <= 1.0
    for gainer in range(len(scores)):
        more = tuple(s + (i == gainer) for i, s in enumerate(scores))
        if max(more) >= rules.target:
            continue
        after = GameOdds(rules, more, side, share).now
        assert after >= now - 1e-9 if gainer == side else after <= now + 1e-9


def test_the_joint_model_is_less_gloomy_than_the_race_for_a_side_behind() -> None:
    """One side's good hand is the others' poor one, so the gap swings more than when every
    side scores on its own: comebacks are likelier."""
    four = RuleSet(players=4)
    assert GameOdds(four, (0, 10), 0).now == joint_chance(four, (0, 10), 0)
    assert 0.12 < joint_chance(four, (0, 10), 0) < 0.15 and race_chance(four, (0, 10), 0) < 0.115
    assert joint_chance(RuleSet(), (0, 10, 0), 0) > race_chance(RuleSet(), (0, 10, 0), 0) + 0.02
    # The table holds whole hands: seven tricks each, one bid of a level the rules allow.
    for players, rows in HAND_OUTCOMES.items():
        assert sum(c for _, c in rows) == pytest.approx(1.0, abs=0.002)
        for key, _ in rows:
            assert key is None or (key[0] in (4, 5, 6, 7) and sum(key[1:]) == 7 and len(key) == 5 - players + 2)
    # Beyond its reach the race model answers: a game to 250.
    assert joint_chance(RuleSet(target=250), (0, 0, 0), 0) is None
    assert GameOdds(RuleSet(target=250), (0, 10, 0), 0).now == race_chance(RuleSet(target=250), (0, 10, 0), 0)


def test_a_score_below_the_chains_floor_runs_on_from_it_without_a_step() -> None:
    """Three players' chain follows scores down to -JOINT_FLOOR; a side lower still (a 21
    set) is taken there and scaled down. Once such a side was handed to the race model,
    so its gaining a point could raise another side's chance (-16 -> -15 raised side 1's
    from 0.372 to 0.378)."""
    rules = RuleSet()
    floor = -JOINT_FLOOR
    below, at = (floor - 1, 0, 3), (floor, 0, 3)
    for other in (1, 2):
        assert GameOdds(rules, at, other).now <= GameOdds(rules, below, other).now
    assert GameOdds(rules, below, 0).now < GameOdds(rules, at, 0).now
    # Far below, a side's chance keeps falling, and the chances still add up to one.
    deep = [GameOdds(rules, (s, 0, 0), 0).now for s in (floor, -25, -40, -60)]
    assert deep == sorted(deep, reverse=True) and deep[-1] < deep[0] / 3  # a made 21 still wins at once
    assert sum(GameOdds(rules, (-40, 5, 12), k).now for k in range(3)) == pytest.approx(1.0)


def test_a_hand_that_ends_the_game_is_scored_as_the_win_or_the_loss_it_is() -> None:
    rules = RuleSet()
    odds = GameOdds(rules, (17, 12, 18), 0)
    assert odds.after((4, 1, 2), bidder_side=0, made=True) == 1.0  # 21 alone at the top
    assert odds.after((-4, 2, 3), bidder_side=0, made=False) == 0.0  # set, and seat 2 reaches 21
    # A made 21 wins at once under the default rules, whatever the scores...
    assert GameOdds(rules, (-15, 20, 20), 0).after((21, 0, 0), 0, True, moon=True) == 1.0
    # ... but only scores 21 points when the house rule says so.
    plain = GameOdds(RuleSet(moon_wins_game=False), (-15, 20, 20), 0)
    assert plain.hand(0, 21, 7, True) < 0.5


def test_a_tie_at_the_top_plays_on() -> None:
    odds = GameOdds(RuleSet(), (17, 19, 0), 0)
    # 21 each (this side made 4, seat 1 took 2): neither is strictly ahead, so the game goes on.
    assert odds.after((4, 2, 1), bidder_side=0, made=True) == 0.5


def test_not_reached_runs_from_certain_to_unlikely() -> None:
    rules = RuleSet()
    assert not_reached(rules, 0, 0) == 1.0 and not_reached(rules, 21, 5) == 0.0
    assert not_reached(rules, 0, 3) > not_reached(rules, 0, 10) > not_reached(rules, 0, 40)
    assert not_reached(rules, 0, 40) < 0.01


def test_the_score_model_playing_to_win_values_a_contract_by_its_change_to_the_chance() -> None:
    rules = RuleSet()
    far_behind = ScoreModel(rules, odds=GameOdds(rules, (0, 19, 19), 0))
    ahead = ScoreModel(rules, odds=GameOdds(rules, (18, 5, 5), 0))
    assert far_behind.to_win and not ScoreModel(rules).to_win
    # A made 21 is worth the whole game from here, whatever moon_value says; the sweep
    # discount still applies to a deal open-hands play sweeps.
    for model in (far_behind, ahead, dataclasses.replace(far_behind, moon_value=5.0)):
        assert model.odds is not None
        assert model.bid(21, 7) == pytest.approx(model.sweep * 100 * (1 - model.odds.now) + (1 - model.sweep)
                                                 * 100 * (model.odds.hand(0, 21, 6, False) - model.odds.now))
    # Ahead at 18, a made 4 ends the game as the winner (the others take three tricks at most).
    assert ahead.odds is not None
    assert ahead.bid(4, 4) == pytest.approx(100 * (1 - ahead.odds.now))
    # Far behind, a safe 4 is worth next to nothing: the others reach 21 on their tricks.
    assert far_behind.bid(4, 5) < 2.0 < far_behind.bid(21, 7)


def _sixes_deal() -> Game:
    rules = RuleSet()
    hands = [
        parse_tiles("6-6 6-5 6-4 6-3 6-1 5-5 3-3"),
        parse_tiles("0-0 1-1 2-2 3-1 3-2 4-1 4-2"),
        parse_tiles("5-1 5-2 5-3 5-4 2-1 4-3 6-2"),
    ]
    return Game.from_deal(rules, hands, parse_tiles("4-4"), first_bidder=0)


@pytest.mark.slow
def test_the_strong_player_bids_to_win_the_game_from_the_score() -> None:
    """The same hand (five sixes with 6-6, two more doubles; it makes six tricks on every
    simulated deal and sweeps about six times in ten) bid at three scores. (On the pool's
    24 deals alone, ``confirm_samples`` 0: the figures below are the pool's.)"""
    view = _sixes_deal().view(0)

    def bid(scores: tuple[int, ...], **options: object) -> tuple[str, str, str]:
        d = make_bot("strong", seed=0, **{"confirm_samples": 0, **options}).decide(dataclasses.replace(view, scores=scores))
        cands = d.explanation.candidates
        if options.get("play_to_win", True):
            # Every choice carries the chance of winning the game it leaves; the one taken is the best.
            assert all(c.game_chance is not None and c.score is None for c in cands)
            assert d.explanation.chosen.game_chance == max(c.game_chance or 0.0 for c in cands)
        else:
            assert all(c.game_chance is None and c.score is not None for c in cands)
        return str(d.action), d.explanation.reason, d.explanation.summary

    # At the start, a 21 the simulated deals sweep six times in ten wins the game at once
    # that often, and a deal one trick short of it counts half: it beats the sure 6 (an 82%
    # chance of winning the game against 53%). The summary says first the plain chance (the
    # 62% of deals that sweep), then in a sentence of its own how the deals count and the
    # chance rated that way; the 6's chance is plainly made, as every deal makes it whole.
    # The reason says the plain chance's band: likely, not "should" (81% rated).
    action, reason, summary = bid((0, 0, 0))
    assert reason_problems(view, Action.parse(action), reason) == []
    assert action == "bid 21" and "wins the game" in reason
    assert "is likely to take all seven tricks" in reason, reason
    assert summary.startswith("I shoot the moon with sixes trump: I make it in 62% of 24 simulated deals,"), summary
    assert ("(now 33%). I rated this bid 81% (a rating, not the 62% chance), counting a deal where I take six "
            "of the seven as half a success (defenders who cannot see my hand often let their one trick through). "
            "Next best (chance to win the game):") in summary, summary
    assert "leaves me an 82% chance of winning the game (now 33%)" in summary
    assert ("Next best (chance to win the game): bid 6 leaves me 53%, the bid made on every one of the deals "
            "with sixes trump") in summary
    # With no credit for six tricks it is made in the 62% of deals that sweep: still the 21
    # (a 65% chance of winning the game)...
    action, _, summary = bid((0, 0, 0), short_seven=0)
    assert action == "bid 21" and "I make it in 62% of 24 simulated deals," in summary
    # ... but not when a simulated sweep also counts for less (0.8): then the sure 6.
    action, reason, _ = bid((0, 0, 0), sweep=0.8, short_seven=0)
    assert action == "bid 6"
    assert reason_problems(view, Action.parse(action), reason) == []
    # Far behind, only a 21 can win the game: it shoots the moon.
    action, reason, _ = bid((0, 19, 19))
    assert action == "bid 21" and "wins the game" in reason
    assert reason_problems(view, Action.parse(action), reason) == []
    # Three points from the target, a safe bid wins the game; the points alone would shoot
    # the moon here, so the reason names the score.
    assert bid((18, 5, 5), play_to_win=False)[0] == "bid 21"
    action, reason, summary = bid((18, 5, 5))
    assert action in ("bid 4", "bid 5")
    assert reason.endswith(", as I am close to winning.")
    assert reason_problems(view, Action.parse(action), reason) == []
    assert "99% chance of winning the game" in summary


def test_with_partners_the_bid_summary_says_the_game_is_the_teams() -> None:
    """With four players a bid or pass leaves *us* (the team) a chance of winning the game;
    with three, *me*."""
    for players, word in ((4, "us"), (3, "me")):
        g = Game.new(RuleSet(players=players), seed=0)
        view = g.view(g.to_act)  # type: ignore[arg-type]
        summary = StrongBot(seed=1).decide(view).explanation.summary
        assert re.search(rf"leaves {word} an? \d+% chance of winning the game \(now \d+%\)", summary), summary
        assert f"leaves {'me' if word == 'us' else 'us'} " not in summary


def test_the_hand_points_bench_counts_every_side_of_every_hand() -> None:
    from bench.handpoints import hand_points

    played, shares = hand_points(3, 20)
    assert played >= 20
    assert sum(shares.values()) == pytest.approx(1.0)
    # A side scores its tricks (0-7) as a defender, or +/- its bid (4-7) as the bidder.
    assert set(shares) <= set(range(-7, 8)) | {"moon"}


@pytest.mark.parametrize("players", [3, 4])
def test_the_hand_outcomes_bench_gives_whole_hands(players: int) -> None:
    from bench.handpoints import hand_outcomes

    played, outcomes = hand_outcomes(players, 12)
    assert played >= 12
    assert sum(outcomes.values()) == pytest.approx(1.0)
    sides = 2 if players == 4 else 3
    for key in outcomes:
        # None: thrown in; else the bid and every side's tricks, seven in all.
        assert key is None or (key[0] in (4, 5, 6, 7, 21) and len(key) == 1 + sides and sum(key[1:]) == 7)


@pytest.mark.parametrize(
    ("rules", "scores", "seat", "words"),
    [
        # At the start of the game there is no score to speak of, nor a target to puzzle over
        # (issue 35 #10): said as a player would at the start of a game.
        (RuleSet(), (0, 0, 0), 0, "with the whole game still to play, not just this hand's points"),
        (RuleSet(players=4), (0, 0), 1, "with the whole game still to play, not just this hand's points"),
        (RuleSet(scoring="marks"), (0, 0, 0), 0, "with the whole game still to play, not just this hand's points"),
        (RuleSet(), (18, 5, 5), 0, "as I am close to winning"),
        (RuleSet(), (5, 18, 9), 0, "as another player is close to winning"),
        (RuleSet(), (5, 18, 19), 0, "as I am well behind the others, both close to winning"),
        (RuleSet(), (6, 18, 19), 0, "as the others are close to winning"),
        (RuleSet(), (15, 14, 19), 2, "as I am close to winning"),
        (RuleSet(), (1, 9, 3), 0, "as I am behind"),
        (RuleSet(), (3, 12, 4), 1, "as I am ahead"),
        # "Well" behind or ahead is two good hands (14 points) from the best other side.
        (RuleSet(players=4), (-3, 7), 0, "as we are behind"),
        (RuleSet(), (-6, 9, 3), 0, "as I am well behind"),
        (RuleSet(), (-2, 13, -5), 1, "as I am well ahead"),
        (RuleSet(scoring="marks"), (0, 3, 1), 0, "as I am behind"),
        (RuleSet(scoring="marks"), (0, 4, 1), 0, "as I am well behind"),
        (RuleSet(), (6, 9, 3), 0, "playing for the game, not just this hand's points"),
        (RuleSet(players=4), (3, 15), 1, "as we are close to winning"),
        (RuleSet(players=4), (16, 15), 1, "as the other team is close to winning"),
        (RuleSet(scoring="marks"), (5, 1, 2), 0, "as I am close to winning"),
        # Far behind a player close to winning: a set costs little (the walk's five moons).
        (RuleSet(), (-60, -102, 18), 1, "as I am well behind another player close to winning"),
        (RuleSet(), (4, 18, 9), 0, "as I am well behind another player close to winning"),
        (RuleSet(players=4), (-20, 16), 0, "as we are well behind the other team, close to winning"),
        (RuleSet(scoring="marks"), (0, 5, 1), 0, "as I am well behind another player close to winning"),
    ],
)
def test_the_score_is_said_in_words(rules: RuleSet, scores: tuple[int, ...], seat: int, words: str) -> None:
    view = dataclasses.replace(Game.new(rules, seed=1).view(seat), scores=scores)
    assert score_words(view) == words


def test_well_behind_or_ahead_is_said_only_two_good_hands_from_the_best_other_side() -> None:
    """Every score of a three-player game from -10 to 20: "behind" and "ahead" only a good
    hand (7 points) or more from the best other side, "well" only at two (14) or more."""
    base = Game.new(RuleSet(), seed=1).view(0)
    for mine in range(-10, 21):
        for top in range(-10, 21):
            said = score_words(dataclasses.replace(base, scores=(mine, top, min(top, 0))))
            gap = top - mine
            if "behind" in said:
                assert gap >= (14 if "well" in said else 7), (mine, top, said)
            if "ahead" in said:
                assert -gap >= (14 if "well" in said else 7), (mine, top, said)
            if gap >= 7 and top < 14:
                assert "behind" in said, (mine, top, said)


def test_the_arena_records_every_hand_and_says_how_well_the_model_foretold_the_games() -> None:
    """``python -m bench.arena --merge FILES --calibrate``: each game keeps the scores before
    every hand and who bid it, and the calibration counts every hand start but the first."""
    from bench.arena import calibration, play_game

    games = [play_game(["basic", "basic"], 4, seed, rotation=seed % 2) for seed in (3, 4)]
    for g in games:
        log = g["log"]
        assert len(log) == g["hands"] and log[0][0] == [0, 0]
        assert all(b is None or 0 <= b < 4 for _, b in log)
    text = calibration(games, False)
    starts = sum(g["hands"] - 1 for g in games)
    assert text.startswith(f"game model: {starts} hand starts, Brier score 0.")
    assert calibration(games, True).startswith(f"game model with 21s: {starts} hand starts")
    assert sum(int(line.split()[2]) for line in text.splitlines()[1:]) == starts
    assert calibration([{**games[0], "log": None, "players": 3}], False).startswith("no four-player games")
