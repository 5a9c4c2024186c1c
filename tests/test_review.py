"""Hindsight grading of plays (engine.review)."""

from __future__ import annotations

import re
import time
from dataclasses import replace
from types import SimpleNamespace
from typing import Any

import pytest

from engine import Action, Game, RuleSet, Tile, Trump, parse_tiles
from engine.players import make_bot
from engine.review import DecisionReview, HandReview, PlayReview, bid_grade, grade, review_hand, start_of_hand
from engine.solver import move_values
from tutorial.services.reviewing import hand_review_table, mistakes_heading, no_mistakes_heading

from helpers import fast_strong

#: A hand where seat 2, the bidder (5 with ones trump), leads 3-1 to the fifth trick: leading
#: 0-0 (the only blank, so nobody can beat it) makes the bid in every layout still possible,
#: 3-1 loses it in every one. A blunder.
BLUNDER: dict[str, Any] = {
    "format": "moon-tutor-record",
    "engine": "0.1.0",
    "rules": RuleSet().to_dict(),
    "seed": 2,
    "hands": [
        {
            "number": 1,
            "first_bidder": 0,
            "dealt": "seed",
            "hands": [
                ["2-1", "4-1", "4-2", "5-1", "5-4", "5-5", "6-3"],
                ["3-2", "4-4", "5-2", "5-3", "6-4", "6-5", "6-6"],
                ["0-0", "1-1", "2-2", "3-1", "3-3", "6-1", "6-2"],
            ],
            "widow": ["4-3"],
            "actions": [
                "pass", "bid 4", "bid 5", "discard 6-2", "trump 1",
                "play 1-1", "play 2-1", "play 3-2",
                "play 6-1", "play 4-1", "play 5-2",
                "play 3-3", "play 6-3", "play 5-3",
                "play 2-2", "play 4-2", "play 6-4",
                "play 3-1", "play 5-1", "play 6-5",
                "play 5-5", "play 4-4", "play 4-3",
                "play 5-4", "play 6-6", "play 0-0",
            ],
        }
    ],
}


def test_grade_thresholds() -> None:
    assert grade(100) == "blunder"
    assert grade(15) == "blunder"
    assert grade(14.9) == "mistake"
    assert grade(10) == "mistake"
    assert grade(7) == "inaccuracy"
    assert grade(4.99) is None
    assert grade(0) is None
    assert grade(-3) is None


def test_a_known_blunder_is_graded_a_blunder() -> None:
    r = review_hand(BLUNDER, seats=[2])
    plays = r.by_seat(2)
    assert [p.trick for p in plays] == list(range(1, 8))
    bad = next(p for p in plays if p.tile == Tile.parse("3-1"))
    assert bad.trick == 5 and bad.goal == "make"
    assert bad.grade == "blunder"
    assert bad.chance_best == 1.0 and bad.chance_played == 0.0 and bad.drop == 100
    assert bad.best == Tile.parse("0-0")
    assert bad.tricks_lost >= 1 and Tile.parse("0-0") in bad.open_best
    assert "blunder" in bad.describe() and "100%" in bad.describe()
    assert r.graded("blunder") == [bad]
    # the hand was really lost by it: seat 2 took 4 tricks and was set
    g = Game.replay(BLUNDER)
    assert g.results[-1].made is False and g.tricks_won[2] == 4


def test_review_from_game_and_record_agree() -> None:
    g = Game.replay(BLUNDER)
    a = review_hand(g, seats=[2], expectation=False)
    b = review_hand(BLUNDER, hand_number=1, seats=[2], expectation=False)
    assert a == b
    frame = hand_review_table(a)
    assert list(frame["trick"]) == list(range(1, 8))
    assert frame["tricks_lost"].min() >= 0


def test_open_hands_verdicts_match_the_solver() -> None:
    g = Game.new(RuleSet(players=4, all_pass="force-last"), seed=12)
    bots = [make_bot("basic", seed=s) for s in range(4)]
    while not g.hand_finished:
        g.apply(bots[g.to_act].decide(g.view(g.to_act)).action)  # type: ignore[index,arg-type]
    assert not g.results[-1].thrown_in, "this deal must be bid and played"
    r = review_hand(g, expectation=False)
    assert len(r.plays) == 28
    # Replay and check every verdict against the public solver entry point.
    start = Game.replay({**g.record(), "hands": [{**g.record()["hands"][0], "actions": []}]})
    i = 0
    for _seat, action in g.history:
        if start.phase == "playing":
            p = r.plays[i]
            assert start.bidder is not None and start.trump is not None and start.leader is not None
            bside = {start.bidder, (start.bidder + 2) % 4}
            side = bside if p.seat in bside else {0, 1, 2, 3} - bside
            vals = move_values(start.hands, start.trump, start.leader, side, start.current_trick)
            assert vals == p.open_values
            assert p.tricks_lost == max(vals.values()) - vals[p.tile]
            i += 1
        start.apply(action)
    assert i == 28


def test_forced_plays_are_never_graded() -> None:
    g = Game.new(RuleSet(all_pass="force-last"), seed=30)
    bots = [make_bot("strong", seed=s, play_samples=dict.fromkeys(range(1, 8), 6), bid_samples=4, contract_samples=6) for s in range(3)]
    while not g.hand_finished:
        g.apply(bots[g.to_act].decide(g.view(g.to_act)).action)  # type: ignore[index,arg-type]
    assert not g.results[-1].thrown_in, "this deal must be bid and played"
    r = review_hand(g, seats=[g.bidder])  # type: ignore[list-item]
    for p in r.plays:
        assert p.drop is not None and p.drop >= 0
        if len(p.open_values) == 1:
            assert p.drop == 0 and p.grade is None and p.tricks_lost == 0
    last = r.plays[-1]
    assert last.trick == 7 and last.grade is None


# -- bids, discards and trump choices -----------------------------------------------------------

#: A fast strong player for the contract reviews (few simulated deals).
FAST_REVIEW = fast_strong(4, 3, bid_samples=6, contract_samples=8, bid_trumps=2)


def _bad_trump_game() -> Game:
    """Seat 0 holds five sixes with 6-6, bids 4, keeps the widow's 3-1 and names threes."""
    g = Game.from_deal(
        RuleSet(),
        [parse_tiles("6-6 6-5 6-4 6-3 6-2 5-5 4-4"), parse_tiles("5-4 5-3 5-2 4-1 2-2 2-1 1-1"),
         parse_tiles("0-0 6-1 3-3 4-3 5-1 3-2 4-2")],
        parse_tiles("3-1"),
        0,
    )
    for a in ("bid 4", "pass", "pass", "discard 6-6", "trump 3"):
        g.apply(a)
    bots = [make_bot("basic", seed=s) for s in range(3)]
    while not g.hand_finished:
        g.apply(bots[g.to_act].decide(g.view(g.to_act)).action)  # type: ignore[index,arg-type]
    return g


def test_bid_discard_and_trump_are_graded_against_the_strong_player() -> None:
    g = _bad_trump_game()
    r = review_hand(g, seats=[0], bot=make_bot("strong", seed=0, **FAST_REVIEW))  # type: ignore[arg-type]
    kinds = [d.kind for d in r.decisions]
    assert kinds == ["bid", "discard", "trump"]
    assert all(d.seat == 0 for d in r.decisions)
    trump = r.decisions[2]
    # Threes with one three in hand against sixes with four: the chance to make 4 collapses.
    assert str(trump.action) == "trump 3" and str(trump.best) == "trump 6"
    assert trump.chance_best is not None and trump.chance_played is not None
    assert trump.drop == pytest.approx(100 * (trump.chance_best - trump.chance_played))
    assert trump.grade == "blunder"
    text = trump.describe("you")
    assert text.startswith("Trump: you named threes trump; the strong player would have named sixes trump.")
    # From very likely to 0% on the deals tried: said as the drop to nothing it is.
    assert "goes from very likely to none at all (" in text and "%" in text
    assert trump.reason.startswith("I name sixes")
    # The bid: the strong player bids higher with this hand; playing for the game (its
    # default), the drop in its chance of winning the game is graded like a play's drop...
    bid = r.decisions[0]
    assert bid.best.kind == "bid" and bid.points_lost is None
    assert bid.game_drop is not None and bid.game_drop > 0
    assert bid.grade == grade(bid.game_drop)
    text = bid.describe("you")
    assert "lowers the chance of winning the game by about" in text
    # Each figure says whose choice it is for; the bid line says what the hand held.
    assert bid.game_played is not None and bid.game_best is not None
    assert f"({bid.game_best:.0%} with the strong player's bid of" in text and f"{bid.game_played:.0%} with your " in text
    assert f"Your hand held {bid.hand_note}." in text and "The strong player's bid of" in text
    # ... and playing for points alone, the points given away are.
    by_points = review_hand(g, seats=[0], bot=make_bot("strong", seed=0, play_to_win=False, **FAST_REVIEW))  # type: ignore[arg-type]
    bid = by_points.decisions[0]
    assert bid.best.kind == "bid" and bid.game_drop is None
    assert bid.points_lost is not None and bid.points_lost > 0
    assert bid.grade == bid_grade(bid.points_lost)
    # Biggest mistake first: the blunders lead, the trump choice before the play blunders of the
    # same grade only if its drop is larger.
    worst = r.mistakes(0)
    assert worst and worst[0].grade == "blunder"
    sev = {"blunder": 3, "mistake": 2, "inaccuracy": 1}
    assert [sev[x.grade] for x in worst] == sorted((sev[x.grade] for x in worst), reverse=True)  # type: ignore[index]


def test_the_strong_players_own_contract_choices_agree_with_the_review() -> None:
    rules = RuleSet(players=4, all_pass="force-last")
    g = Game.new(rules, seed=5)
    bots = [make_bot("strong", seed=0, **FAST_REVIEW) for _ in range(4)]
    while not g.hand_finished:
        g.apply(bots[g.to_act].decide(g.view(g.to_act)).action)  # type: ignore[index,arg-type]
    r = review_hand(g, seats=[], contract_seats=range(4), bot=make_bot("strong", seed=0, **FAST_REVIEW))  # type: ignore[arg-type]
    assert r.plays == ()
    assert len([d for d in r.decisions if d.kind == "bid"]) >= 4
    assert all(d.agrees and d.grade is None for d in r.decisions)
    assert all("as the strong player would" in d.describe("Seat 1") for d in r.decisions)
    # A bid's line says what the hand held, the ground of the bid.
    bids = [d for d in r.decisions if d.kind == "bid"]
    # (A pass while the partner holds the bid says that instead.)
    assert all(d.hand_note and re.search(f"Seat 1's hand held (only )?{re.escape(d.hand_note)}", d.describe("Seat 1"))
               for d in bids if not d.partner_holds)
    assert any(d.partner_holds and "Seat 1's partner held the bid" in d.describe("Seat 1") for d in bids)


def test_expectation_off_skips_the_contract_review() -> None:
    r = review_hand(Game.replay(BLUNDER), seats=[2], expectation=False)
    assert r.decisions == ()


def test_biggest_mistake_first_in_words_then_numbers() -> None:
    """Built by hand (no search): the ordering and the words of the review's mistakes list."""
    from engine import Action, Trump
    from engine.review import DecisionReview, HandReview, PlayReview
    from tutorial.services.reviewing import biggest_mistakes, contract_frame, review_summary

    bid = DecisionReview(1, 0, "bid", Action.parse("pass"), Action.parse("bid 5"), None, 0.86,
                         Trump.parse("3"), None, 3.6, "blunder", "I bid 5: ...")
    trump = DecisionReview(1, 0, "trump", Action.parse("trump 2"), Action.parse("trump 3"), 0.55, 0.62,
                           Trump.parse("3"), 7.0, None, "inaccuracy")
    play = PlayReview(1, 2, 0, Tile(6, 1), "make", {Tile(6, 1): 3, Tile(6, 6): 4}, 1, 0.3, 0.8,
                      Tile(6, 6), 50.0, "blunder", 40)
    other = PlayReview(1, 2, 1, Tile(5, 1), "set", {Tile(5, 1): 2}, 0, 0.1, 0.25, Tile(5, 5), 15.0, "blunder", 40)
    r = HandReview(1, (play, other), (bid, trump))
    # Blunders first, the biggest drop first (a point lost counts as 5 percentage points).
    assert r.mistakes(0) == [play, bid, trump]
    assert r.mistakes() == [play, bid, other, trump]
    lines = biggest_mistakes(r, you=0, players=3, seat=0)
    assert lines[0].startswith("**Blunder ??** — Trick 2: you played 6-1; the strong player would have played 6-6.")
    assert ("The chance to make the bid went from very likely to unlikely (80% with the strong player's 6-6, "
            "30% with your 6-1).") in lines[0]
    assert lines[1].startswith("**Blunder ??** — Bid: you passed; the strong player would have bid 5 with threes as trump.")
    assert "very likely to make (86%)" in lines[1] and "about 4 points" in lines[1]
    assert lines[2].startswith("**Inaccuracy ?!** — Trump: you named twos trump; the strong player would have named threes trump.")
    assert ("The chance to make the bid goes from likely to as likely as not (62% with the strong player's "
            "choice, 55% with yours).") in lines[2]
    frame = contract_frame(r, you=0, players=3)
    assert list(frame["Decision"]) == ["Bid", "Trump"] and frame["Chance to make (chosen)"].isna().iloc[0]
    assert review_summary(r, 0, 3).startswith("**Your decisions and plays:** 1 inaccuracy, no mistakes, 2 blunders.")


# -- graded by what the player could know -------------------------------------------------------


def _basic_hand(deal: int) -> Game:
    g = Game.new(RuleSet(), deal)
    bots = [make_bot("basic", seed=s) for s in range(3)]
    while not g.hand_finished:
        g.apply(bots[g.to_act].decide(g.view(g.to_act)).action)  # type: ignore[index,arg-type]
    return g


def test_best_in_expectation_is_not_a_mistake_whatever_hindsight_says() -> None:
    """Deal 8, trick 5: seat 2's 1-1 is the best play over the layouts it could not rule out,
    though with all hands known 4-3 keeps one more trick: no grade, the hindsight apart."""
    g = _basic_hand(8)
    r = review_hand(g, contract_seats=[], bot=make_bot("strong", seed=0, **fast_strong(8, 4)))  # type: ignore[arg-type]
    p = next(x for x in r.plays if x.trick == 5 and x.seat == 2)
    assert p.tile == Tile.parse("1-1") and p.best == p.tile
    assert p.tricks_lost == 1 and p.open_best == [Tile.parse("4-3")]
    assert p.grade is None and p.drop == 0
    assert p not in r.mistakes()
    text = p.describe()
    assert "Not a mistake" in text
    assert text.endswith("In hindsight, with all hands known, 4-3 keeps one more trick.")


def test_a_clear_mistake_is_still_graded_after_the_check() -> None:
    """The check with more layouts keeps a play that loses in every layout a blunder (and the
    review is the same on every run: seeded)."""
    a = review_hand(BLUNDER, seats=[2])
    b = review_hand(BLUNDER, seats=[2])
    assert a == b
    bad = next(p for p in a.plays if p.tile == Tile.parse("3-1"))
    assert bad.grade == "blunder" and bad.noise == 0.0 and bad.layouts >= 10



def test_the_first_line_is_plain_words_the_numbers_behind_a_switch() -> None:
    from engine import Action, Trump
    from engine.review import DecisionReview, HandReview
    from tutorial.services.reviewing import biggest_mistakes, plain_words, review_frame

    bid = DecisionReview(1, 0, "bid", Action.parse("pass"), Action.parse("bid 5"), None, 0.86,
                         Trump.parse("3"), None, None, "blunder", "", game_drop=15.8)
    assert plain_words(bid) == "bidding 5 was better: passing is a costly choice that makes losing the game much more likely"
    r = HandReview(1, (), (bid,))
    line = biggest_mistakes(r, you=0, players=3, seat=0, numbers=False)[0]
    assert line == "**Bidding 5 was better: passing is a costly choice that makes losing the game much more likely** — your bid."
    assert "%" not in line and "15.8" not in line and "percentage" not in line
    assert "15.8" in biggest_mistakes(r, you=0, players=3, seat=0)[0]
    assert list(review_frame(HandReview(1, ()), 0, 3, numbers=False).columns) == []
    # A play and a trump choice name the better choice first too.
    from engine.review import PlayReview

    play = PlayReview(1, 3, 0, Tile.parse("4-1"), "make", {Tile.parse("4-1"): 2, Tile.parse("6-1"): 3}, 1,
                      0.2, 0.6, Tile.parse("6-1"), 40.0, "blunder", 20)
    assert plain_words(play) == "6-1 was better: 4-1 is a costly choice that makes the bid much less likely to be made"
    # Plain words to the end: where it was played, no grade mark ("??") and no code-like tail.
    played = biggest_mistakes(HandReview(1, (play,)), you=0, players=3, seat=0, numbers=False)[0]
    assert played.endswith("** — trick 3, you played 4-1."), played
    assert "??" not in played and "(you:" not in played
    assert "??" in biggest_mistakes(HandReview(1, (play,)), you=0, players=3, seat=0)[0]
    named = DecisionReview(1, 0, "trump", Action.parse("trump 3"), Action.parse("trump 6"), 0.1, 0.8,
                           Trump.parse("6"), 70.0, None, "blunder", "")
    assert plain_words(named).startswith("naming sixes trump was better: naming threes trump is a costly choice")
    pts = DecisionReview(1, 0, "bid", Action.parse("bid 6"), Action.parse("pass"), 0.3, None,
                         None, None, 2.5, "mistake", "")
    assert plain_words(pts) == "passing was better: bidding 6 is a poor choice that gives away points on average"


@pytest.mark.parametrize("players", [3, 4])
def test_a_strong_players_bid_discard_and_trump_are_never_graded(players: int) -> None:
    """Strong players seeded apart from the review's own (as at the table) draw other deals
    and so sometimes choose otherwise: a choice the strong player makes, best in expectation
    on its deals, is never called a mistake; the review grades only a drop beyond the deals'
    noise, after a second look on more deals."""
    differ = 0
    for seed in range(6):
        g = Game.new(RuleSet(players=players), seed=seed)
        bots = [make_bot("strong", seed=seed + s + 1, **FAST_REVIEW) for s in range(players)]
        while g.phase in ("bidding", "discard", "trump"):
            g.apply(bots[g.to_act].decide(g.view(g.to_act)).action)  # type: ignore[index,arg-type]
        r = review_hand(g, seats=[], contract_seats=range(players), bot=make_bot("strong", seed=0, **FAST_REVIEW))  # type: ignore[arg-type]
        assert r.decisions
        differ += sum(1 for d in r.decisions if not d.agrees)
        graded = [(d.kind, str(d.action), str(d.best), d.grade) for d in r.decisions if d.grade]
        assert not graded, (seed, graded)
    assert differ > 0  # the strong players did choose otherwise than the review's own look


def test_an_ungraded_contract_line_is_a_comparison_and_the_heading_agrees() -> None:
    """"No mistakes of yours" above "Bid: you passed; the strong player would have shot the
    moon (4%)" read as a contradiction: an ungraded line that differs from the strong player
    says it is a comparison, not a mistake, and the heading says nothing was graded; a graded
    line keeps its verdict."""
    passed = DecisionReview(1, 0, "bid", Action.parse("pass"), Action.parse("bid 21"), None, 0.04,
                            trump_best=Trump.parse("6"), game_drop=0.5, grade=None)
    text = passed.describe("you")
    assert text.startswith("Bid: you passed. Not a mistake; for comparison, the strong player would have shot the moon"), text
    assert "percentage points" not in text and "costs" not in text, text  # no cost for what is not graded
    graded = replace(passed, grade="mistake", game_drop=12.0)
    assert graded.describe("you").startswith("Bid: you passed; the strong player would have shot the moon")
    agreed = replace(passed, best=passed.action)
    heading = no_mistakes_heading(SimpleNamespace(decisions=(passed,), plays=()), 0)
    assert "every choice of yours is graded good" in heading and "for comparison" in heading and "agrees" not in heading
    assert "agrees" in no_mistakes_heading(SimpleNamespace(decisions=(agreed,), plays=()), 0)
    # Another seat's line does not change the learner's heading.
    assert "agrees" in no_mistakes_heading(SimpleNamespace(decisions=(replace(passed, seat=1),), plays=()), 0)
    # The learner's plays are graded in the table, and the heading says so (the walk read
    # only the bid, discard and trump in words, though the tab promised every play).
    plays = tuple(SimpleNamespace(seat=s) for s in (0, 1, 0, 2))
    assert no_mistakes_heading(SimpleNamespace(decisions=(agreed,), plays=plays), 0).endswith(
        "Each of your 2 plays is graded in the table below.")
    assert no_mistakes_heading(SimpleNamespace(decisions=(agreed,), plays=plays[:2]), 0).endswith(
        "Your one play is graded in the table below.")


def _review_page(graded: bool | str) -> None:
    """The Hand review panel of a finished hand whose only verdict on the learner is a pass
    where the strong player would have shot the moon: not graded, graded a mistake (``True``)
    or graded as ``graded`` says."""
    from types import SimpleNamespace

    from engine import Action, Trump
    from engine.review import DecisionReview
    from tutorial.components.review import review_panel

    grade = graded if isinstance(graded, str) else "mistake"
    d = DecisionReview(1, 0, "bid", Action.parse("pass"), Action.parse("bid 21"), None, 0.04,
                       trump_best=Trump.parse("6"), game_drop=12.0 if graded else 0.5,
                       grade=grade if graded else None)
    review = SimpleNamespace(decisions=(d,), plays=(), mistakes=lambda seat=None: [d] if graded else [])
    from engine import Game, RuleSet

    sess = SimpleNamespace(seat=0, players=3, reviewable=lambda: [1], review=lambda n: review,
                           game=SimpleNamespace(record=lambda: {"hands": [{"number": 1, "actions": []}]}),
                           moves=lambda: [[]], game_at=lambda hand, index: Game.new(RuleSet(), 1))
    review_panel(sess)  # type: ignore[arg-type]


@pytest.mark.parametrize("graded", [False, True])
def test_the_review_panel_heading_and_contract_lines_agree(graded: bool) -> None:
    from streamlit.testing.v1 import AppTest

    at = AppTest.from_function(_review_page, args=(graded,), default_timeout=60)
    at.run()
    assert not at.exception, at.exception
    text = "\n".join(str(m.value) for m in at.markdown)
    if graded:
        assert "No mistakes of yours" not in text and "**Your mistake:**" in text, text
        assert "What could have been better" not in text, text
        assert "Shooting the moon was better" in text and "Not a mistake" not in text, text
    else:
        assert "No mistakes of yours in this hand:** every choice of yours is graded good" in text, text
        assert "agrees with your choices" not in text, text
        assert "Bid: you passed. Not a mistake; for comparison, the strong player would have shot the moon" in text, text


def test_a_chance_is_one_number_in_the_words_and_the_tables() -> None:
    """A chance is the same whole percentage in the sentences as in the tables and charts
    beside them: the review's, and the Bidding lab's, whose chart once rounded twice (50 of
    110 deals, 45.45%: 45.5 in the table, "46%" in the chart, "45%" in the sentence)."""
    from engine.review import PlayReview
    from engine.words import percent
    from tutorial.services.bidding import BidLab
    from tutorial.services.reviewing import contract_frame, review_frame

    for k, n in ((50, 110), (71, 200), (23, 40), (1, 8)):
        x = k / n
        shown = round(100 * x)
        play = PlayReview(1, 2, 1, Tile(4, 1), "make", {Tile(4, 1): 2, Tile(6, 1): 2}, 0, chance_played=x,
                          chance_best=x, best=Tile(4, 1), drop=0.0, layouts=n)
        assert f"stays at {shown}%." in play.describe(), (k, n, play.describe())
        assert review_frame(SimpleNamespace(plays=[play], decisions=[]), 0, 3)["Chance after the play"].tolist() == [shown]
        bid = DecisionReview(1, 0, "bid", Action.parse("bid 5"), Action.parse("bid 6"), x, x)
        assert f"to make ({shown}%)." in bid.describe("you"), bid.describe("you")
        assert contract_frame(SimpleNamespace(plays=[], decisions=[bid]), 0, 3)["Chance to make (chosen)"].tolist() == [shown]
        sixes = Trump.number(6)
        lab = BidLab(rules=RuleSet(), hand=(), tricks={sixes: (4,) * k + (3,) * (n - k)}, samples=n, requested=n)
        assert f"{lab.table().loc[sixes.name, 4]:.0f}%" == percent(lab.chance(sixes, 4)) == f"{shown}%", (k, n)


def test_a_long_shot_the_strong_player_bids_says_why_it_is_worth_the_risk() -> None:
    """"The strong player would have shot the moon … very unlikely to make (17%)" left the
    learner wondering why it is suggested: a bid more likely lost than made is said to be
    worth the risk by what the strong player weighs (its chance of winning the game, or points)."""
    moon = DecisionReview(1, 0, "bid", Action.parse("pass"), Action.parse("bid 21"), None, 0.17,
                          trump_best=Trump.parse("6"), game_drop=12.0, grade="mistake")
    text = moon.describe("you")
    assert ("(17%). A long shot, but a made moon wins the game at once: by the strong player's reckoning of the "
            "whole game, it gave the better chance of winning it. From the score as it stood") in text, text
    compared = replace(moon, game_drop=0.5, grade=None)
    assert ("(17%). A long shot, but a made moon wins the game at once: by the strong player's reckoning of the "
            "whole game, it gave the better chance of winning it. It is not a mistake because, from the "
            "score as it stood, both give about the same chance of winning the game.") in compared.describe("you")
    by_points = replace(moon, game_drop=None, points_lost=2.5)
    assert "(17%). A long shot, but worth the risk: what it scores when made outweighs what it loses when set." \
           in by_points.describe("you")
    # A bid more likely made than not needs no such word.
    likely = replace(moon, chance_best=0.7)
    assert "long shot" not in likely.describe("you") and "risk" not in likely.describe("you")


def test_a_bid_line_and_the_grades_note_speak_of_what_the_bid_was_weighed_by() -> None:
    """A pass beside a 93% bid read "Not a mistake" with no reason, and a bid blunder told in
    percentage points of the game sat above a note defining bid grades in points: an
    ungraded bid line says why it is not a mistake, and the note defines a bid's grades by
    what this review weighed it by."""
    from tutorial.services.reviewing import grades_note

    passed = DecisionReview(1, 0, "bid", Action.parse("pass"), Action.parse("bid 5"), None, 0.93,
                            trump_best=Trump.parse("4"), game_drop=2.1)
    assert passed.describe("you").endswith(
        "(93%). It is not a mistake because, from the score as it stood, both give about the same chance "
        "of winning the game."), passed.describe("you")
    noisy = replace(passed, game_drop=6.0)
    assert noisy.describe("you").endswith(
        "(93%). Bidding 5 might be better, but the deals the strong player tried were too few to be sure."), \
        noisy.describe("you")
    by_points = replace(passed, game_drop=None, points_lost=0.4)
    assert by_points.describe("you").endswith("It is not a mistake because both score about the same on average.")
    assert "It is not" not in replace(passed, grade="inaccuracy", game_drop=6.0).describe("you")
    game_note = grades_note(SimpleNamespace(decisions=(passed,), plays=()))
    assert "a drop of 5 percentage points in the chance of winning the game" in game_note
    assert "point expected to be lost" not in game_note
    points_note = grades_note(SimpleNamespace(decisions=(by_points,), plays=()))
    assert "1 point expected to be lost is an inaccuracy" in points_note
    assert "chance of winning the game" not in points_note


def _set_bid(players: int) -> Game:
    """A hand where seat 0 bid 5, the others passed, and the bid was set (every seat its first
    legal choice): the game at its end."""
    for deal in range(1, 300):
        g = Game.new(RuleSet(players=players), deal)
        if g.to_act is None:
            continue
        while g.phase == "bidding":
            g.apply("bid 5" if g.to_act == 0 and Action.parse("bid 5") in g.legal_actions() else "pass")
        if g.bidder != 0:
            continue
        while not g.hand_finished:
            g.apply(g.legal_actions()[0])
        if g.results[-1].made is False:
            return g
    raise AssertionError("no such deal")


@pytest.mark.parametrize("players", [3, 4])
def test_a_set_bid_says_what_beat_it(players: int) -> None:
    """The review of a hand whose bid the learner's side lost says, in plain words, which
    tricks the other side took and with what; a bid graded good is called good, the tiles
    against it; a graded one points to its grade; a made bid, or the others' bid, says nothing."""
    from engine.review import DecisionReview, HandReview
    from tutorial.services.reviewing import bid_set_line

    g = _set_bid(players)
    result = g.results[-1]
    bid = next(a for s, a in g.history if s == 0 and a.kind == "bid")
    good = HandReview(1, (), (DecisionReview(1, 0, "bid", bid, bid, 0.7, 0.7, None, None, None, None, ""),))
    line = bid_set_line(g, good, 0)
    assert line is not None
    side = g.rules.side_of(0)
    assert line.startswith(f"**Why your bid of 5 was set:** {'you' if players == 3 else 'your team'} took "
                           f"{result.side_tricks[side]} of the 5 tricks"), line
    for number, trick in enumerate(g.view(0).tricks, start=1):
        if g.rules.side_of(trick.winner) != side:
            tile = trick.tiles[trick.seats.index(trick.winner)]
            assert f"trick {number} with {tile}" in line, (number, line)
            assert f"Seat {trick.winner} took" in line or f"Seat {trick.winner} (partner) took" in line
    # With the hindsight of the plays (every hand known), "the tiles lay against you" only when
    # no play of the side's first could have made the bid; else the play lost it.
    plays = review_hand(g, expectation=False).plays
    line = bid_set_line(g, HandReview(1, plays, good.decisions), 0)
    assert line is not None
    first = min((p for p in plays if g.rules.side_of(p.seat) == side), key=lambda p: p.trick)
    assert first.trick == 1
    if max(first.open_values.values()) < 5:
        assert line.endswith("The bid was good (it was likely to make, 70%): the tiles lay against you. Even with "
                             "every hand known, no play would have taken 5 tricks."), line
    else:
        assert "With every hand known it could have been made, but no play was a mistake" in line, line
        assert "tiles lay against" not in line, line
    assert bid_set_line(g, good, 0).endswith("The bid was good (it was likely to make, 70%)."), "no plays: no hindsight"
    bad = HandReview(1, (), (DecisionReview(1, 0, "bid", bid, Action.parse("pass"), 0.2, None, None, None, 4.0,
                                            "blunder", ""),))
    assert bid_set_line(g, bad, 0).endswith("The bid itself was graded a blunder: see above.")
    assert bid_set_line(g, good, 1) is None  # the other side's bid: not the learner's to explain


@pytest.mark.parametrize("players", [3, 4])
@pytest.mark.parametrize("chance", [0.05, 0.13, 0.3, 0.47, 0.55, 0.62, 0.72, 0.9])
@pytest.mark.parametrize("best", ["same", "pass", "lower"])
def test_a_set_bid_is_called_good_only_when_likely_and_shared(players: int, chance: float, best: str) -> None:
    """The set-bid verdict agrees with the bid's own review line: "good" (the tiles against
    it) never beside "unlikely" or "as likely as not" for the same bid, nor beside a strong
    player who would have passed; an ungraded long shot is called what its chance says."""
    from engine.review import DecisionReview, HandReview
    from engine.words import chance_words
    from tutorial.services.reviewing import bid_set_line

    g = _set_bid(players)
    bid = next(a for s, a in g.history if s == 0 and a.kind == "bid")
    strong = {"same": bid, "pass": Action.parse("pass"), "lower": Action.parse("bid 4")}[best]
    d = DecisionReview(1, 0, "bid", bid, strong, chance, None if best == "pass" else 0.7, None, None,
                       0.5, None, "", game_drop=None)
    line = bid_set_line(g, HandReview(1, (), (d,)), 0)
    assert line is not None
    sentences = [*line.split(". "), *d.describe("you").split(". ")]
    said_good = any("was good" in s for s in sentences)
    assert said_good == (chance >= 0.6 and best != "pass"), (sentences, chance, best)
    if said_good:
        good = next(s for s in sentences if "was good" in s)
        assert "unlikely" not in good and "as likely as not" not in good, good
        assert not any("unlikely" in s and f"bid of {bid.value}" in s for s in sentences), sentences
        assert not any("would have passed" in s for s in sentences), sentences
    elif best != "pass" or chance < 0.6:
        assert f"The bid was {chance_words(chance)} to make ({chance:.0%})" in line or best == "pass", line
    if best == "pass" and chance >= 0.6:
        assert "The strong player would have passed" in line, line
    # An ungraded bid's own line is shown below the set-bid line (the page's order), not above.
    assert "above" not in line, line
    if best == "same" and chance < 0.6:
        assert line.endswith("so being set was no surprise; the strong player would have bid it too."), line


def test_a_set_long_shot_still_points_to_a_graded_trump() -> None:
    """The walk's deal 1990: a bid of 5 as likely as not to make, then a trump graded a
    mistake. The set-bid line calls the bid what its chance says and points to the graded
    trump too, rather than leaving the set to the bid alone."""
    from engine.review import HandReview
    from tutorial.services.reviewing import bid_set_line

    g = _set_bid(3)
    bid = next(a for s, a in g.history if s == 0 and a.kind == "bid")
    d = DecisionReview(1, 0, "bid", bid, bid, 0.5, 0.5, None, None, 0.0, None, "", game_drop=None)
    trump = DecisionReview(1, 0, "trump", Action.parse("trump doubles"), Action.parse("trump 3"), 0.2, 0.5,
                           Trump.parse("3"), 30.0, None, "mistake")
    line = bid_set_line(g, HandReview(1, (), (d, trump)), 0)
    assert line is not None and "The bid was as likely as not to make (50%), so being set was no surprise" in line, line
    assert line.endswith("Besides, naming doubles trump was graded a mistake: see above."), line
    assert "tiles lay against you" not in line, line


def test_no_bid_line_when_the_auction_ended_before_the_learners_turn() -> None:
    """With four players a moon closes the auction: a seat after it was never asked, and its
    review grades no bid of it (only the decisions a seat made are collected)."""
    from engine.review import review_hand

    g = next(g for d in range(1, 60) if (g := Game.new(RuleSet(players=4), d)).to_act == 1)
    g.apply("bid 4")
    g.apply("bid 21")  # seat 2 shoots the moon: seats 3 and 0 never bid
    assert g.phase != "bidding"
    while not g.hand_finished:
        g.apply(g.legal_actions()[0])
    review = review_hand(g, seats=[], contract_seats=[0, 3])
    assert [d for d in review.decisions if d.kind == "bid"] == []


def test_the_hint_and_the_review_name_the_same_strong_bid() -> None:
    """The newcomer walk, `/play?deal=85689&level=strong&moves=b5`: the hint said "the strong
    player would bid 6", and after bidding 6 the review said "the strong player would have
    passed". One question, one answer: the review asks the hint's strong player (its seed
    for the learner's seat), and its check weighs the bid against that player's choice."""
    from tutorial.services.players import bot_seed
    from tutorial.services.reviewing import run_review
    from tutorial.services.session import PlaySession
    from tutorial.services.urlstate import PlaySetup

    setup = PlaySetup(RuleSet(players=3), 85689, 0, "strong")
    s = PlaySession(setup, [["bid 5"]], factory=make_bot)
    assert s.is_human_turn() and s.game.phase == "bidding"
    s.ask_hint()
    hinted = s.ask_hint().decision.action
    s.act(hinted)
    while not s.game.hand_finished:
        if s.is_human_turn():
            s.act(s.view().legal_actions()[0])
        else:
            s.run_computers()
    assert str(hinted) == "bid 6"
    review = s.review(1)
    while review is None:  # made in the background worker
        time.sleep(0.2)
        review = s.review(1)
    (bid,) = [d for d in review.decisions if d.kind == "bid"]
    assert bid.action == hinted and bid.best == hinted, (hinted, bid.best)
    assert bid.grade is None
    assert review == run_review(s.game.record(), 1, you=0, seed=bot_seed(setup.deal, 0))


def test_review_words_fit_the_size_of_a_drop_and_say_a_defenders_goal_plainly() -> None:
    """The newcomer walk: "stays very unlikely, but a little lower (13% with the strong
    player's choice, 0% with yours)" and "5-4 is a costly choice that makes the bid much less
    likely to be set". A drop to 0% is said as one, a drop's words fit its size, and a
    defender's goal is said without a double negative."""
    from engine.review import PlayReview
    from tutorial.services.reviewing import _play_sentence, plain_words

    discard = DecisionReview(1, 0, "discard", Action.parse("discard 5-1"), Action.parse("discard 6-1"), 0.0, 0.13,
                             drop=13.0, grade="mistake")
    text = discard.describe("you")
    assert "a little" not in text, text
    assert "The chance to make the bid goes from very unlikely to none at all (13% with the strong player's " \
           "choice, 0% with yours)." in text, text
    some = replace(discard, chance_played=0.05, drop=8.0)
    assert "stays very unlikely, but clearly lower (13%" in some.describe("you"), some.describe("you")
    few = replace(discard, chance_played=0.11, drop=2.0, grade=None)
    assert "stays very unlikely, but a little lower (13%" in few.describe("you"), few.describe("you")
    play = PlayReview(1, 2, 1, Tile.parse("5-4"), "set", {}, 0, 0.1, 0.5, Tile.parse("6-4"), 40.0, "blunder", 20, 0.0)
    assert plain_words(play) == "6-4 was better: 5-4 is a costly choice that makes setting the bid much less likely"
    assert "went from as likely as not to very unlikely (50% with the strong player's 6-4" in _play_sentence(play, "Seat 1")
    zero = replace(play, chance_played=0.0, chance_best=0.12, drop=12.0)
    assert "went from very unlikely to none at all" in _play_sentence(zero, "Seat 1")


def test_a_review_says_each_chance_in_the_bands_of_the_table_reasons() -> None:
    """One vocabulary for chances across the review, in the bands of the computer players'
    reasons (engine.words.chance_band): the walk read "a bid of 5 was likely to make" and,
    a line below, "the chance to make the bid goes from very likely to almost sure" for the
    same bid (newcomer walk, finding 5). Every chance the review says is in one of the five
    bands' words, at the bands' edges too, and "almost sure" (a word no reason uses) is gone;
    a chance that rises within its band is said to rise, not to fall."""
    from engine.words import chance_band, chance_change, chance_words

    words = {"should": "very likely", "likely": "likely", "even": "as likely as not", "might": "unlikely",
             "outside": "very unlikely"}
    for pct, band in ((100, "should"), (80, "should"), (79, "likely"), (60, "likely"), (59, "even"), (40, "even"),
                      (39, "might"), (25, "might"), (24, "outside"), (0, "outside")):
        assert chance_band(pct / 100) == band and chance_words(pct / 100) == words[band], pct
        bid = DecisionReview(1, 0, "bid", Action.parse("bid 5"), Action.parse("bid 5"), pct / 100, pct / 100,
                             hand_note="three sixes (6-6, 6-5 and 6-1)")
        assert f"a bid of 5 was {words[band]} to make ({pct}%)." in bid.describe(), bid.describe()
    assert chance_change(0.84, 0.97) == "stays very likely, but much higher"
    trump = DecisionReview(1, 0, "trump", Action.parse("trump 6"), Action.parse("trump 2"), 0.97, 0.84,
                           Trump.parse("2"), 0.0)
    text = trump.describe()
    assert "The chance to make the bid stays very likely, but much higher (84% with the strong player's choice, " \
           "97% with yours)." in text, text
    assert "almost sure" not in text


@pytest.mark.parametrize(("chance", "said"), [
    (0.31, "Bid: you passed, as the strong player would: your hand held only two sixes (6-6 and 6-3), not enough "
           "for a bid of 5: it was unlikely to make (31%)."),
    (0.1, "Bid: you passed, as the strong player would: your hand held only two sixes (6-6 and 6-3), not enough "
          "for a bid of 5: it was very unlikely to make (10%)."),
    (0.45, "Bid: you passed, as the strong player would: your hand held two sixes (6-6 and 6-3), and a bid of 5 "
           "was as likely as not to make (45%), but the strong player found passing worth more."),
])
def test_a_pass_is_explained_by_what_the_hand_lacked(chance: float, said: str) -> None:
    """The walk read "Bid: you passed, as the strong player would: your hand held two sixes
    (6-6 and 6-3)": strengths, as the reason for a pass (newcomer walk, finding 6). A pass's
    line says what the hand was short of: only this much, not enough for the lowest bid
    open, with that bid's chance in the review's words."""
    d = DecisionReview(1, 0, "bid", Action.parse("pass"), Action.parse("pass"), None, None,
                       hand_note="two sixes (6-6 and 6-3)", open_bid=5, open_chance=chance)
    assert d.describe("you") == said
    assert d.describe("you", numbers=False) == re.sub(r" \(\d+%\)", "", said)
    partner = replace(d, partner_holds=True)
    assert partner.describe("you") == ("Bid: you passed, as the strong player would: your partner held the bid, and "
                                       "raising it would only make the contract harder.")


def test_a_reviewed_pass_knows_the_lowest_bid_open_and_its_chance() -> None:
    """The review of a real pass fills in what its line needs: the lowest bid open to the
    seat, and the chance the strong player gives it (its plain share of the deals)."""
    g = Game.new(RuleSet(), seed=13)
    g.apply(Action.parse("bid 5"))
    seat = g.to_act
    assert seat is not None
    bot = make_bot("strong", seed=0, **FAST_REVIEW)
    while g.phase == "bidding":
        g.apply(bot.decide(g.view(g.to_act)).action)  # type: ignore[arg-type]
    r = review_hand(g.record(), 1, seats=[], contract_seats=[seat], bot=make_bot("strong", seed=0, **FAST_REVIEW))  # type: ignore[arg-type]
    (d,) = [d for d in r.decisions if d.kind == "bid"]
    assert d.action.kind == "pass" and d.agrees, d  # deal 13: seat 1 passes over the 5, as the strong player would
    assert d.open_bid == 6 and d.open_chance is not None and 0 <= d.open_chance <= 1, d
    assert "not enough for a bid of 6" in d.describe() or "a bid of 6 was" in d.describe(), d.describe()


def test_the_mistakes_heading_says_what_its_list_holds() -> None:
    """The walk read "Your biggest mistakes, biggest first:" over a list holding one
    inaccuracy (newcomer walk, finding 11). The heading names what the list holds."""
    slip = PlayReview(1, 2, 0, Tile(3, 2), "set", {Tile(3, 2): 0}, 0, grade="inaccuracy")
    assert mistakes_heading(SimpleNamespace(mistakes=lambda seat=None: [slip]), 0) == "**What could have been better:**"  # type: ignore[arg-type]
    two = [slip, replace(slip, trick=3)]
    assert mistakes_heading(SimpleNamespace(mistakes=lambda seat=None: two), 0) == \
        "**What could have been better, biggest first:**"  # type: ignore[arg-type]
    worse = [replace(slip, grade="mistake"), slip]
    assert mistakes_heading(SimpleNamespace(mistakes=lambda seat=None: worse), 0) == \
        "**Your biggest mistakes, biggest first:**"  # type: ignore[arg-type]
    one = [replace(slip, grade="blunder")]
    assert mistakes_heading(SimpleNamespace(mistakes=lambda seat=None: one), 0) == "**Your blunder:**"  # type: ignore[arg-type]


def test_the_review_panel_heads_a_list_of_inaccuracies_as_what_could_be_better() -> None:
    """The panel itself, with one inaccuracy of the learner's: its heading is "What could
    have been better:", not "Your biggest mistakes" (newcomer walk, finding 11)."""
    from streamlit.testing.v1 import AppTest

    at = AppTest.from_function(_review_page, args=("inaccuracy",), default_timeout=60)
    at.run()
    assert not at.exception, at.exception
    text = "\n".join(str(m.value) for m in at.markdown)
    assert "**What could have been better:**" in text and "mistakes, biggest first" not in text, text


def _optimal_tricks(g: Game, side: frozenset[int], first: Tile) -> list[tuple[int, Tile]]:
    """The tricks after ``first``, every seat then playing a best play for its side by the
    public :func:`engine.solver.move_values` (the lowest tile of the best), as said."""
    line = g.clone()
    start = len(line.tricks)
    line.apply(Action.play(first))
    while not line.hand_finished:
        assert line.leader is not None
        vals = move_values(line.hands, line.trump, line.leader, side, line.current_trick)  # type: ignore[arg-type]
        pick = max if line.to_act in side else min
        best = pick(vals.values())
        line.apply(Action.play(min((t for t, v in vals.items() if v == best), key=lambda t: t.index)))
    return [(t.winner, t.played_by(t.winner)) for t in line.tricks[start:]]


def test_a_graded_play_says_why_the_better_play_was_better() -> None:
    """The newcomer walk (finding 11): "5-1 was better: 3-1 is a slightly weaker choice ...
    — trick 3, you played 3-1." with no reason, both tiles throw-offs. The line now says,
    labelled hindsight, where the exact solver's best lines after the two plays part: on the
    blunder hand, 0-0 keeps 3-1, which takes trick 6; after 3-1, Seat 1 takes trick 6. The
    reason is checked true against the public solver, and the grade stays the own-view one."""
    from tutorial.services.reviewing import biggest_mistakes, line_words

    review = review_hand(BLUNDER, seats=[2])
    bad = next(p for p in review.plays if p.grade)
    assert (bad.trick, bad.tile, bad.best) == (5, Tile.parse("3-1"), Tile.parse("0-0"))
    d = bad.line
    assert d is not None and d.better == bad.best and d.played == bad.tile and d.trick > bad.trick
    # True: replay the position and both best lines with the public solver.
    g = start_of_hand(BLUNDER, 1)
    for text in BLUNDER["hands"][0]["actions"]:
        if text == f"play {bad.tile}":
            break
        g.apply(text)
    assert g.to_act == bad.seat and len(g.tricks) == bad.trick - 1
    better = _optimal_tricks(g, d.side, d.better)
    played = _optimal_tricks(g, d.side, d.played)
    i = d.trick - bad.trick
    assert better[i] == (d.better_winner, d.better_tile) and d.better_winner in d.side
    assert played[i] == (d.played_winner, d.played_tile) and d.played_winner not in d.side
    assert all((a[0] in d.side) == (b[0] in d.side) for a, b in zip(better[:i], played[:i], strict=True))
    assert sum(w in d.side for w, _ in better) - sum(w in d.side for w, _ in played) == bad.tricks_lost
    said = line_words(bad, 2, 3)
    assert said == ("Why, in hindsight with every hand known: 0-0 keeps 3-1, and you take trick 6 with it; "
                    "after 3-1, Seat 1 takes trick 6 with 6-5."), said
    assert (d.better_tile, d.better_winner, d.played_winner) == (Tile.parse("3-1"), 2, 1)
    # In the review's lines, plain words and with numbers.
    plain = biggest_mistakes(review, you=2, players=3, seat=2, numbers=False)[0]
    assert plain.endswith(f"— trick 5, you played 3-1. {said}"), plain
    assert said in biggest_mistakes(review, you=2, players=3, seat=2)[0]
    # Said of a computer player's play, it names the seat.
    assert line_words(bad, 0, 3).startswith("Why, in hindsight with every hand known: 0-0 keeps 3-1, and Seat 2 takes")


def test_a_better_play_that_gains_nothing_in_this_deal_says_so() -> None:
    """When, with every hand known, the better play takes no more tricks than the one made,
    its edge is on the deals the player could not rule out, and the line says so plainly;
    a play with no line looked at says nothing it cannot back."""
    from tutorial.services.reviewing import line_words

    same = PlayReview(1, 3, 0, Tile.parse("3-1"), "set", {Tile.parse("3-1"): 2, Tile.parse("5-1"): 2}, 0,
                      0.4, 0.46, Tile.parse("5-1"), 6.0, "inaccuracy", 40)
    assert line_words(same, 0, 3) == ("In hindsight, with every hand known, 3-1 cost nothing in this deal: 5-1 is "
                                      "better on the other deals you could not rule out.")
    unseen = replace(same, open_values={Tile.parse("3-1"): 1, Tile.parse("5-1"): 2}, tricks_lost=1)
    assert line_words(unseen, 0, 3) == ""
    assert line_words(replace(same, grade=None), 0, 3) == ""


#: The newcomer walk's game (deal 380975, 3 players, the learner at seat 0), its first three
#: hands as played: hand 2, the learner passes holding 0-0 1-1 2-1 3-1 3-3 5-1 6-4; hand 3, at
#: scores 0 / 4 / 6, the learner bids 6, lays 5-2 aside (the widow 6-1 taken) and names sixes.
WALK_380975: dict[str, Any] = {
    "format": "moon-tutor-record",
    "engine": "0.1.0",
    "rules": RuleSet().to_dict(),
    "seed": 380975,
    "hands": [{"actions": a.split(", ")} for a in (
        "bid 5, pass, pass, discard 4-2, trump 1, play 1-1, play 3-1, play 6-1, play 2-1, play 3-2, play 5-2, "
        "play 4-1, play 4-3, play 6-3, play 5-1, play 5-4, play 5-3, play 0-0, play 6-2, play 2-2, play 3-3, "
        "play 6-4, play 6-6, play 5-5, play 6-5, play 4-4",
        "pass, bid 4, pass, discard 6-1, trump 2, play 5-2, play 2-2, play 2-1, play 4-3, play 6-4, play 4-4, "
        "play 6-2, play 4-2, play 0-0, play 3-2, play 5-4, play 1-1, play 4-1, play 5-3, play 3-1, play 5-5, "
        "play 6-5, play 5-1, play 6-6, play 6-3, play 3-3",
        "bid 4, bid 5, bid 6, discard 5-2, trump 6, play 1-1, play 6-3, play 2-1, play 6-4, play 6-2, play 6-1, "
        "play 3-2, play 3-1, play 3-3, play 4-4, play 4-2, play 4-1, play 5-4, play 5-3, play 5-1, play 5-5, "
        "play 6-5, play 0-0, play 4-3, play 2-2, play 6-6",
    )],
}


def _walk_review(hand: int) -> Any:
    from tutorial.services.players import bot_seed
    from tutorial.services.reviewing import run_review

    record = {**WALK_380975, "hands": WALK_380975["hands"][:hand]}
    return run_review(record, hand, you=0, seed=bot_seed(380975, 0))


@pytest.mark.slow
def test_a_graded_bid_and_trump_say_why_from_the_hand() -> None:
    """The newcomer walk (re-check 11): "Bidding 5 was better: passing is a poor choice …" and
    "Naming no trump was better: naming sixes trump is a costly choice …" gave no reason. Each
    now says what in the hand made the better choice better, from what the player could see:
    the trumps held with each choice's trump and the tiles that no unseen tile could beat when
    led (with no trump, exactly the hand's doubles: a double tops its suit and nothing
    trumps it), the tricks the bid needs, the chances in words (numbers behind the switch)."""
    from tutorial.services.reviewing import biggest_mistakes

    g = start_of_hand(WALK_380975, 2)
    assert sorted(map(str, g.hands[0])) == ["0-0", "1-1", "2-1", "3-1", "3-3", "5-1", "6-4"]
    passed = _walk_review(2)
    bid = next(d for d in passed.decisions if d.kind == "bid" and d.seat == 0)
    assert (bid.action, bid.best, bid.grade) == (Action.parse("pass"), Action.parse("bid 5"), "mistake")
    line = biggest_mistakes(passed, you=0, players=3, seat=0, numbers=False)[0]
    assert line == (
        "**Bidding 5 was better: passing is a poor choice that makes losing the game more likely** — your bid. "
        "Why, from what you could see: with ones as trump, you held four trumps (5-1, 3-1, 2-1 and 1-1), and one "
        "of your tiles could not be beaten when led (1-1). A bid of 5 needs five tricks. From what you could see, "
        "a bid of 5 was likely to make."), line
    assert "%" not in line
    assert biggest_mistakes(passed, you=0, players=3, seat=0)[0].endswith(
        "Why, from what you could see: with ones as trump, you held four trumps (5-1, 3-1, 2-1 and 1-1), and one "
        "of your tiles could not be beaten when led (1-1). A bid of 5 needs five tricks.")

    named = _walk_review(3)
    trump = next(d for d in named.decisions if d.kind == "trump" and d.seat == 0)
    assert (trump.action, trump.best, trump.grade) == (Action.parse("trump 6"), Action.parse("trump none"), "blunder")
    # With no trump, the tiles no unseen tile beats when led are the hand's doubles.
    held = start_of_hand(WALK_380975, 3)
    for a in WALK_380975["hands"][2]["actions"][:4]:
        held.apply(a)
    doubles = tuple(sorted((t for t in held.hands[0] if t.is_double), reverse=True))
    assert trump.strength_best is not None and trump.strength_best.sure == doubles == parse_tiles("6-6 5-5 4-4 3-3 1-1")
    line = biggest_mistakes(named, you=0, players=3, seat=0, numbers=False)[0]
    assert line == (
        "**Naming no trump was better: naming sixes trump is a costly choice that makes the bid much less likely "
        "to be made** — your choice of trump. Why, from what you could see: with no trump, five of your tiles "
        "could not be beaten when led (6-6, 5-5, 4-4, 3-3 and 1-1); with sixes as trump, you held two trumps "
        "(6-6 and 6-1), and one of your tiles could not be beaten when led (6-6). With no trump the bid was as "
        "likely as not to make; with sixes as trump, made on none of the deals the strong player tried."), line


@pytest.mark.slow
def test_a_moon_compared_early_in_the_game_is_not_put_down_to_the_score() -> None:
    """The newcomer walk (finding 4), hand 3 at scores 0 / 4 / 6: "the strong player would have
    shot the moon with fives as trump … A long shot, but the score made it worth the risk",
    under a trump line naming no trump the best, and "three fives (5-5, 5-4 and 5-2) and four
    other doubles". The strong player's game model does moon there (14% to make, its chance
    of winning the game 50% against 34% with the bid of 6): the line says that reason (a
    made moon wins the game at once, by its reckoning of the whole game), not the score; the
    fives are its plan before the widow; the doubles are "besides 5-5"."""
    review = _walk_review(3)
    assert start_of_hand(WALK_380975, 3).scores == (0, 4, 6)
    bid = next(d for d in review.decisions if d.kind == "bid" and d.seat == 0)
    assert bid.best == Action.parse("bid 21") and bid.grade is None
    assert (round(100 * (bid.chance_best or 0)), round(100 * (bid.game_best or 0)), round(100 * (bid.game_played or 0))) \
        == (14, 50, 34)
    text = bid.describe("you")
    assert text == (
        "Bid: you bid 6. Not a mistake; for comparison, the strong player would have shot the moon with fives as "
        "trump (its plan before the widow). Your hand held one six (6-6) and four doubles besides "
        "6-6 (5-5, 4-4, 3-3 and 1-1). Your bid of 6 was very likely to make (82%), counted with fives as trump, the "
        "strong player's best trump for your hand before the widow. The strong player's bid of 21 "
        "was very unlikely to make (14%). A long shot, but a made moon wins the game at once: by the strong "
        "player's reckoning of the whole game, it might give the better chance of winning it (50% against 34% with "
        "your bid of 6). Shooting the moon might be better, but the deals the strong player tried were too few to "
        "be sure."), text
    assert "score made it" not in bid.describe("you", numbers=False)


def test_a_bid_the_strong_player_would_pass_says_why_by_the_bids_own_trump() -> None:
    """"Passing was better: bidding 6 is a poor choice …" says why too: what the hand held with
    the bid's own trump (a pass has none), the tricks the bid needs, and its chance in words."""
    from engine.review import hand_strength
    from tutorial.services.reviewing import biggest_mistakes

    hand = parse_tiles("6-6 6-2 5-3 4-1 3-2 2-1 0-0")
    unseen = [t for t in RuleSet().tiles if t not in hand]
    over = DecisionReview(1, 0, "bid", Action.parse("bid 6"), Action.parse("pass"), 0.12, None, None, None, 2.5,
                          "mistake", strength_played=hand_strength(hand, unseen, Trump.parse("6")))
    line = biggest_mistakes(HandReview(1, (), (over,)), you=0, players=3, seat=0, numbers=False)[0]
    assert line == (
        "**Passing was better: bidding 6 is a poor choice that gives away points on average** — your bid. Why, from "
        "what you could see: with sixes as trump, you held two trumps (6-6 and 6-2), and one of your tiles could not "
        "be beaten when led (6-6). A bid of 6 needs six tricks. From what you could see, a bid of 6 was very "
        "unlikely to make."), line


# -- one story from the bid to the trump (newcomer7 #2, #4, #5) ---------------------------------

#: The second newcomer walk's four-player game (deal 806211, the learner at seat 0): hand 1 as
#: played to 5-2 for the learner's team; hand 2, the learner bids 4 with 2-0 3-1 4-1 5-2 5-5
#: 6-1 6-2, everyone else passes, and names ones.
WALK_806211 = [
    "bid 4 pass pass bid 5 trump 0 play 5-3 play 3-1 play 5-1 play 5-4 play 1-1 play 3-0 play 2-1 play 4-1 "
    "play 6-4 play 0-0 play 6-5 play 6-1 play 2-2 play 3-2 play 6-2 play 4-0 play 5-0 play 4-3 play 1-0 "
    "play 2-0 play 6-0 play 3-3 play 6-3 play 4-2 play 6-6 play 4-4 play 5-5 play 5-2",
    "bid 4 pass pass pass trump 1 play 6-2 play 6-5 play 1-0 play 6-3 play 4-2 play 6-4 play 3-1 play 4-0 "
    "play 2-0 play 2-2 play 3-2 play 6-0 play 1-1 play 4-3 play 5-1 play 4-1 play 5-3 play 5-4 play 0-0 "
    "play 5-5 play 6-1 play 2-1 play 5-0 play 4-4 play 5-2 play 3-0 play 3-3 play 6-6",
]


def _walk_806211_game() -> Game:
    from tutorial.services.urlstate import PlaySetup, replay

    moves = [re.findall(r"pass|(?:bid|discard|trump|play) \S+", h) for h in WALK_806211]
    return replay(PlaySetup(RuleSet(players=4), 806211, 0, "strong"), moves)


@pytest.mark.slow
def test_a_bid_the_strong_player_passes_and_a_trump_it_would_not_name_tell_one_story() -> None:
    """The walk (deal 806211, hand 2): "Your bid of 4 was very likely to make" while the strong
    player passed, with no word why; a fall from "very likely" to "as likely as not" called
    "too little to call naming ones trump a mistake"; and a "Why" that said the same of twos
    and ones. The bid line says why the strong player passes (the other team scores its
    tricks anyway); an ungraded fall of a grade's size or more is put down to the deals being
    too few to be sure, never to its size; and two trumps that look alike from the hand are
    said to look alike, the difference being in the unseen tiles."""
    from tutorial.services.players import bot_seed
    from tutorial.services.reviewing import run_review

    g = _walk_806211_game()
    assert g.results[0].scores == (5, 2)
    start = start_of_hand(g.record(), 2)
    assert sorted(map(str, start.hands[0])) == ["2-0", "3-1", "4-1", "5-2", "5-5", "6-1", "6-2"]
    review = run_review(g.record(), 2, you=0, seed=bot_seed(806211, 0))
    bid = next(d for d in review.decisions if d.kind == "bid")
    trump = next(d for d in review.decisions if d.kind == "trump")
    assert (bid.action, bid.best, bid.grade) == (Action.parse("bid 4"), Action.parse("pass"), None)
    assert bid.chance_played is not None and bid.chance_played >= 0.8
    said = bid.describe("you", numbers=False)
    assert ("Your bid of 4 was very likely to make. The strong player passes all the same: the other team scores "
            "the tricks it takes whether the bid is made or not, so a made bid of 4 gains little over passing. "
            "It is not a mistake because, from the score as it stood, both give about the same chance of winning "
            "the game.") in said, said
    assert (trump.action, trump.best, trump.grade) == (Action.parse("trump 1"), Action.parse("trump 2"), None)
    assert trump.drop is not None and trump.drop >= 15, trump.drop  # a blunder's size, not "too little"
    said = trump.describe("you", numbers=False)
    assert "too little" not in said, said
    assert "goes from" not in said, said  # too few deals to be sure: the fall is not said as a fact
    assert (". Naming twos trump might be better, but the deals the strong player tried were too few to be sure. "
            "Why, from what you could see: with twos as trump, you "
            "held three trumps (6-2, 5-2 and 2-0), and every one of your tiles could be beaten when led; with ones "
            "as trump, you held three trumps (6-1, 4-1 and 3-1), and every one of your tiles could be beaten when "
            "led. From your hand alone the two look alike: the difference is in how the tiles you could not see "
            "may lie, on the deals the strong player tried.") in said, said


def test_the_strong_players_pass_and_the_score_are_said_only_where_they_apply() -> None:
    """The strong player's pass is explained beside a bid likely to make or better, by the
    rules it plays under; a bid less likely than that needs no such word. "From the score as
    it stood" is said only once there is a score: at the start of the game (every score 0) a
    newcomer cannot see what a score of nothing has to do with it."""
    base = DecisionReview(1, 0, "bid", Action.parse("bid 4"), Action.parse("pass"), 0.81, None,
                          trump_best=Trump.parse("1"), game_drop=0.8, game_played=0.67, game_best=0.68)
    four = replace(base, scores=(5, 2)).describe("you")
    assert ("Your bid of 4 was very likely to make (81%). The strong player passes all the same: the other team "
            "scores the tricks it takes whether the bid is made or not, so a made bid of 4 gains little over "
            "passing. It is not a mistake because, from the score as it stood, both give") in four, four
    three = replace(base, scores=(0, 0, 0)).describe("you")
    assert ("(81%). The strong player passes all the same: a made bid of 4 gains too little for the risk of a set. "
            "It is not a mistake because both give about the same chance of winning the game.") in three, three
    assert "score" not in three, three
    for p in (0.79, 0.6):
        assert "passes all the same" in replace(base, chance_played=p).describe("you")
    for p in (0.59, 0.2):
        assert "passes all the same" not in replace(base, chance_played=p).describe("you")
    graded = replace(base, scores=(0, 0, 0), game_drop=12.0, grade="mistake", chance_played=0.3)
    assert "score" not in graded.describe("you") and "score" not in graded.describe("you", numbers=False)
    assert " That lowers the chance of winning the game by about 12 percentage points" in graded.describe("you")
    assert "From the score as it stood, that lowers" in replace(graded, scores=(3, 0, 1)).describe("you")


def test_a_bid_is_judged_with_the_trump_its_player_named() -> None:
    """The walk (deal 320961, hand 3): the learner bid 5 with 6-6 6-2 6-1 2-1 3-2 4-3 5-3 and
    named sixes after the widow (5-5 in, 2-1 out); the review judged the bid "with threes as
    trump" ("Your hand held three threes") and never named the sixes. The bid's note and its "Why" are the named trump's; the chance, the
    strong player's count with its own best trump, says which trump it was counted with."""
    hands = [parse_tiles("2-1 3-2 4-3 5-3 6-1 6-2 6-6"), parse_tiles("0-0 1-1 3-1 4-2 5-1 5-4 6-4"),
             parse_tiles("2-2 3-3 4-1 4-4 5-2 6-3 6-5")]
    g = Game.from_deal(RuleSet(), hands, parse_tiles("5-5"), first_bidder=2, seed=320961)
    for a in ("pass", "bid 5", "pass", "discard 2-1", "trump 6"):
        g.apply(a)
    # No work budgets: a budget in search nodes ends at another point once other work has
    # warmed the solvers' tables, and the strong player's choice with it.
    bot = make_bot("strong", seed=0, bid_nodes=None, choice_nodes=None, **FAST_REVIEW)
    review = review_hand(g, seats=[], contract_seats=[0], bot=bot)  # type: ignore[arg-type]
    bid = next(d for d in review.decisions if d.kind == "bid")
    assert (bid.action, bid.best) == (Action.parse("bid 5"), Action.parse("pass"))
    assert bid.hand_note == "three sixes (6-6, 6-2 and 6-1)", bid.hand_note
    assert bid.strength_played is not None and bid.strength_played.trump == Trump.parse("6")
    said = bid.describe("you", numbers=False)
    assert "Your hand held three sixes (6-6, 6-2 and 6-1)." in said, said
    assert "Why, from what you could see: with sixes as trump, you held three trumps (6-6, 6-2 and 6-1)" in said, said
    # The strong player's own count for a bid of 5 is with threes: said as such, in one clause.
    assert bid.counted_with == Trump.parse("3")
    assert ("Your bid of 5 was very unlikely to make, counted with threes as trump, the strong player's best trump "
            "for your hand before the widow.") in said, said
    assert "three threes" not in said and "with threes as trump, you held" not in said, said


# -- the learner's trump, not the strong player's (issue 35: newcomer8 #6, #2) ------------------

#: Deal 558 (three players), the learner at seat 0 with 2-2 3-2 4-4 5-2 6-3 6-4 6-5: the two
#: others pass, the learner bids 4, takes the widow's 5-3, lays 4-4 aside and names twos, where
#: the strong player would name sixes.
TWOS_558 = ("pass", "pass", "bid 4", "discard 4-4", "trump 2")


def test_the_bid_and_discard_are_judged_with_the_trump_the_learner_named() -> None:
    """newcomer8 #6: the learner named twos; the review said "your hand held three sixes" and
    "the strong player would have discarded 3-2" (a discard that keeps sixes). The bid's note
    and "Why" and the discard are judged with twos, the trump named; the strong player's
    sixes are said on the trump line, as its choice."""
    g = Game.new(RuleSet(), 558)
    assert sorted(map(str, g.hands[0])) == ["2-2", "3-2", "4-4", "5-2", "6-3", "6-4", "6-5"]
    for a in TWOS_558:
        g.apply(a)
    bot = make_bot("strong", seed=0, bid_nodes=None, choice_nodes=None, **FAST_REVIEW)
    review = review_hand(g, seats=[], contract_seats=[0], bot=bot)  # type: ignore[arg-type]
    bid, discard, trump = review.decisions
    assert bid.trump_best == Trump.parse("6") and bid.best.kind == "bid"  # the strong player's plan: sixes
    assert bid.hand_note == "three twos (5-2, 3-2 and 2-2) and one double besides 2-2 (4-4)", bid.hand_note
    for numbers in (True, False):
        said = bid.describe("you", numbers=numbers)
        assert "your hand held three twos (5-2, 3-2 and 2-2)" in said.lower(), said
        assert "three sixes" not in said and "with sixes as trump, you held" not in said, said
    # The discard: the strong player discards knowing the trump the learner named.
    assert discard.judged_with == Trump.parse("2")
    assert discard.best != Action.parse("discard 3-2") and discard.best.kind == "discard", discard.best
    said = discard.describe("you")
    assert ("with twos as trump, the trump you named, the strong player would have discarded "
            f"{discard.best.value}") in said, said
    # The trump line says once, as the strong player's choice, that it would name another.
    assert trump.best != trump.action and trump.judged_with is None
    assert "the strong player would have named " in trump.describe("you")


def test_a_choice_too_close_to_call_states_no_fall_first() -> None:
    """#2: an ungraded trump (or discard) whose drop is a grade's size said "The chance to
    make the bid goes from very likely to as likely as not" and then that the deals were too
    few to be sure: one sentence instead, with no fall stated as a fact."""
    trump = DecisionReview(1, 0, "trump", Action.parse("trump 1"), Action.parse("trump 2"), 0.55, 0.82, drop=27.0)
    said = trump.describe("you")
    assert said == ("Trump: you named ones trump. Not a mistake; for comparison, the strong player would have named "
                    "twos trump. Naming twos trump might be better (82% with the strong player's choice, 55% with "
                    "yours), but the deals the strong player tried were too few to be sure."), said
    assert "goes from" not in trump.describe("you", numbers=False)
    graded = replace(trump, grade="blunder")
    assert "The chance to make the bid goes from very likely to as likely as not" in graded.describe("you")
    moon = DecisionReview(1, 0, "bid", Action.parse("bid 6"), Action.parse("bid 21"), 0.82, 0.14,
                          trump_best=Trump.parse("5"), game_drop=16.0, game_played=0.34, game_best=0.5)
    said = moon.describe("you")
    assert "it might give the better chance of winning it (50% against 34% with your bid of 6). Shooting the moon " \
           "might be better, but the deals the strong player tried were too few to be sure." in said, said
    assert "it gave the better chance" in replace(moon, grade="blunder").describe("you")
