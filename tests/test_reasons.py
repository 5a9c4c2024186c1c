"""The computer players' plain reasons (engine.players.reasons): short, number-free and true.

The property tests play whole hands (bidding, discard, trump, every trick) of random deals
with three and four players and check every decision's ``explanation.reason`` against the
rules a beginner's reason must keep:

- one sentence of at most 35 words;
- no percentages, no decimals, no counts of layouts or deals (digits only in tile names and
  bid values);
- "we", "our", "us" and "partner" only with four players;
- a tile is said to win or take the trick only if it can (it leads, or it follows suit or
  trumps and beats the tile winning so far).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine import Action, Game, RuleSet, Tile, Trump, parse_tiles
from engine.game import PlayerView
from engine.players import make_bot
from engine.players.reasons import can_win, hand_features, score_bid_reason, trump_reason
from engine.words import chance_clause

from helpers import RULE_VARIANTS, bot_moves, examples, fast_strong, seat_bots

#: A fast strong player (few layouts): the reasons come from the same code at any strength.
FAST = fast_strong(4, 3, bid_samples=4, contract_samples=5, bid_trumps=2)

_BANNED = re.compile(r"%|\d\.\d|\b(layouts?|deals?|simulat\w*|sampl\w*|percent\w*|average\w*)\b", re.I)
_PARTNER_WORDS = re.compile(r"\b(we|our|ours|us|partner\w*)\b", re.I)
_WINS = re.compile(r"\b(wins|takes|will win|will take|should win|should take)\b", re.I)
_TILE = re.compile(r"\b\d-\d\b")


def _tile_can_win(view: PlayerView, tile: Tile) -> bool:
    """Written out here, not taken from the code under test: a lead can win; a later tile
    only if it follows the suit led or is a trump, and beats the best tile so far."""
    trump = view.trump
    assert trump is not None
    trick = view.current_trick
    if not trick:
        return True
    suit = trump.suit_led(trick[0])
    if not trump.follows(tile, suit) and not trump.is_trump(tile):
        return False
    return trump.power(tile, suit) > max(trump.power(t, suit) for t in trick)


def _said_to_win(text: str, action: Action) -> bool:
    """Whether ``text`` says the tile played wins or takes the trick: a win word right after
    another tile's name ("I follow fives with 5-4; 6-1 takes the trick", said at the table)
    is said of that tile."""
    for m in _WINS.finditer(text):
        named = re.search(r"\b(\d-\d)\s+(still\s+)?$", text[:m.start()])
        if named is None or named.group(1) == str(action.value):
            return True
    return False


def reason_problems(view: PlayerView, action: Action, reason: str) -> list[str]:
    """Every rule the reason breaks (an empty list when it keeps them all)."""
    out = []
    text = reason.strip()
    if not text:
        return ["empty reason"]
    if len(text.split()) > 35:
        out.append(f"{len(text.split())} words")
    if not text.endswith(".") or re.search(r"[.!?]\s", text[:-1]):
        out.append("not one sentence")
    if _BANNED.search(text):
        out.append(f"numbers or statistics: {_BANNED.search(text).group(0)!r}")  # type: ignore[union-attr]
    numbers = {int(n) for n in re.findall(r"\d+", _TILE.sub("", text))}
    allowed = {*view.rules.bid_values, view.rules.min_bid}
    if not numbers <= allowed:
        out.append(f"numbers that are not bids: {sorted(numbers - allowed)}")
    if view.rules.players == 3 and _PARTNER_WORDS.search(text):
        out.append(f"speaks of a partner in three-player Moon: {_PARTNER_WORDS.search(text).group(0)!r}")  # type: ignore[union-attr]
    if action.kind == "play" and _said_to_win(text, action):
        assert isinstance(action.value, Tile)
        if not _tile_can_win(view, action.value):
            out.append(f"says {action.value} wins or takes the trick, but it cannot")
    return out


def play_hand_checking(game: Game, bots: Sequence[Any], said: list[tuple[int, str]] | None = None) -> int:
    """Play one hand, checking every decision's reason, in full and as said at the table;
    returns how many were checked (``said``: gets every trump reason, in full and at the table,
    with its seat)."""
    checked = 0
    for seat, view, d in bot_moves(game, bots):
        for reason in dict.fromkeys((d.explanation.reason, d.at_table().explanation.reason)):
            problems = reason_problems(view, d.action, reason)
            assert not problems, f"{bots[seat]} {view.phase} {d.action}: {reason!r}: {problems}"
            if said is not None and d.action.kind == "trump":
                said.append((seat, reason))
        if d.action.kind == "play" and "best chance" in d.explanation.reason:
            # The strong player's reason must agree with its numbers.
            chosen = d.explanation.chosen.goal_chance
            assert chosen is not None
            assert all((c.goal_chance or 0.0) <= chosen for c in d.explanation.candidates)
        checked += 1
    return checked


@examples(40)
@given(seed=st.integers(0, 10_000), rules=st.sampled_from(RULE_VARIANTS), first=st.sampled_from(["basic", "random"]))
def test_basic_and_random_reasons_keep_the_rules(seed: int, rules: RuleSet, first: str) -> None:
    g = Game.new(rules, seed=seed)
    bots = [make_bot(first if s % 2 == 0 else "basic", seed=seed + s) for s in range(rules.players)]
    assert play_hand_checking(g, bots) > 0


@pytest.mark.slow
@examples(6)
@given(seed=st.integers(0, 10_000), rules=st.sampled_from(RULE_VARIANTS))
def test_strong_reasons_keep_the_rules(seed: int, rules: RuleSet) -> None:
    g = Game.new(rules, seed=seed)
    bots = [make_bot("strong", seed=seed + s, **FAST) if s % 2 == seed % 2 else make_bot("basic", seed=s)
            for s in range(rules.players)]
    assert play_hand_checking(g, bots) > 0


@pytest.mark.parametrize("rules, seat", [
    (RuleSet(players=3, keep_double_blank=False, all_pass="force-last"), 2),
    (RuleSet(players=3, doubles_trump=False, moon_wins_game=False, moon_overcall=True), 0),
])
def test_a_trump_other_than_the_bids_keeps_to_35_words(rules: RuleSet, seat: int) -> None:
    """Seed 1000 as :func:`test_strong_reasons_keep_the_rules` plays it: the strong player
    names a trump other than its bid's ("On a closer count I name ones instead of fives",
    "The widow brought 6-3: I name sixes instead of fives"), which with its comparison of the
    trumps looked at closely, its chance and the auction's words must still keep to 35 words,
    in full and at the table, as must every other reason of the hand."""
    assert rules in RULE_VARIANTS
    seed = 1000
    g = Game.new(rules, seed=seed)
    bots = [make_bot("strong", seed=seed + s, **FAST) if s % 2 == seed % 2 else make_bot("basic", seed=s)
            for s in range(rules.players)]
    said: list[tuple[int, str]] = []
    assert play_hand_checking(g, bots, said) > 0
    # The case itself: that seat names a trump other than its bid's, and says so.
    assert any(s == seat and "instead of fives" in r for s, r in said), said


def test_every_strong_decision_has_a_reason_in_both_player_counts() -> None:
    for players in (3, 4):
        g = Game.new(RuleSet(players=players, all_pass="force-last"), seed=21)
        phases = set()
        for _, view, d in bot_moves(g, seat_bots("strong", players, 0, FAST)):
            assert d.explanation.reason and not reason_problems(view, d.action, d.explanation.reason)
            phases.add(view.phase)
        assert {"bidding", "trump", "playing"} <= phases


def test_the_checker_catches_false_reasons() -> None:
    """The rules above really bite: a throw-off said to win, "we" in three players, numbers."""
    g = Game.from_deal(
        RuleSet(),
        [parse_tiles("6-6 6-5 6-4 6-3 5-5 4-4 3-1"), parse_tiles("5-4 5-3 5-2 4-1 2-2 2-1 1-1"),
         parse_tiles("0-0 6-2 3-3 4-3 5-1 3-2 6-1")],
        parse_tiles("4-2"),
        first_bidder=0,
    )
    view = g.view(0)
    assert reason_problems(view, Action.parse("pass"), "We set the bid.") != []
    assert reason_problems(view, Action.parse("pass"), "I make it in 78% of 40 sampled layouts.") != []
    assert reason_problems(view, Action.parse("pass"), "I take 0.29 tricks.") != []
    assert reason_problems(view, Action.parse("pass"), " ".join(["word"] * 36) + ".") != []
    assert reason_problems(view, Action.parse("pass"), "I pass. It is weak.") != []
    assert reason_problems(view, Action.parse("bid 5"), "I bid 5: with four sixes, sixes as trump should take five tricks.") == []


def test_a_throw_off_is_never_said_to_win() -> None:
    """Four players, sixes trump: seat 1 leads 4-4, seat 2 follows with 5-4; seat 3 has no
    four, and its partner (seat 1) is winning: its throw-off 1-0 cannot win the trick."""
    rules = RuleSet(players=4)
    hands = [
        parse_tiles("5-5 6-6 6-5 6-4 6-3 6-2 6-1"),
        parse_tiles("5-0 4-4 4-3 4-2 4-1 4-0 3-3"),
        parse_tiles("5-4 3-2 3-1 3-0 2-2 2-1 2-0"),
        parse_tiles("1-1 1-0 0-0 6-0 5-3 5-2 5-1"),
    ]
    g = Game.from_deal(rules, hands, (), first_bidder=1)
    for a in ("bid 4", "pass", "pass", "pass", "trump 6", "play 4-4", "play 5-4"):
        g.apply(a)
    view = g.view(3)
    t = Tile(1, 0)
    assert not can_win(view, t) and not _tile_can_win(view, t)
    assert reason_problems(view, Action.play(t), "1-0 takes this trick for sure.") != []
    assert reason_problems(view, Action.play(t), "I throw off 1-0; 4-4 still wins, so 1-0 takes the trick.") != []
    # Said of the tile winning so far, not of the throw-off (the table's words).
    assert reason_problems(view, Action.play(t), "I cannot follow fours, so I throw off 1-0; 4-4 still wins the trick.") == []
    for level in ("basic", "strong"):
        d = make_bot(level, seed=3, **(FAST if level == "strong" else {})).decide(view)
        assert not reason_problems(view, d.action, d.explanation.reason), d.explanation.reason


def _trump_view(hand: str, others: Sequence[str], widow: str, bid: int = 4) -> PlayerView:
    """Seat 0 has won the auction with ``bid`` and holds ``hand`` (after the widow and discard)."""
    g = Game.from_deal(RuleSet(), [parse_tiles(hand), *(parse_tiles(h) for h in others)], parse_tiles(widow), 0)
    g.apply(f"bid {bid}")
    g.apply("pass")
    g.apply("pass")
    # take the widow, discard it again
    g.apply(f"discard {widow}")
    assert g.phase == "trump", g.phase
    return g.view(0)


def test_naming_blanks_with_only_the_double_blank_plays_like_no_trump() -> None:
    view = _trump_view(
        "0-0 6-6 5-5 4-4 6-5 6-4 5-4",
        ["6-3 6-2 6-1 5-3 5-2 5-1 4-3", "4-2 4-1 3-3 3-2 3-1 2-2 2-1"],
        "1-1",
    )
    text = trump_reason(view, Trump.parse("0"), "best")
    assert text == ("I name blanks: only 0-0 is a trump then, and it is mine: one sure trick, and the rest "
                    "plays like no trump.")
    assert not reason_problems(view, Action.parse("trump 0"), text)


def test_trump_and_bid_reasons_say_what_in_the_hand_counts() -> None:
    hand = parse_tiles("6-6 6-5 6-4 6-1 5-5 4-4 3-1")
    assert hand_features(hand, Trump.parse("6")) == "four sixes including 6-6 and two other doubles"
    assert hand_features(parse_tiles("6-6 5-5 4-4 3-3 2-2 6-1 3-1"), Trump.parse("doubles")) == "five doubles"
    view = _trump_view(
        "6-6 5-5 4-4 3-3 2-2 6-1 3-1",
        ["6-5 6-4 6-3 6-2 5-4 5-3 5-2", "5-1 4-3 4-2 4-1 3-2 2-1 1-1"],
        "0-0",
    )
    assert trump_reason(view, Trump.parse("doubles"), "best").startswith("I name doubles: I hold five of them")


@pytest.mark.parametrize(("chance", "words"), [
    (0.85, "ones as trump should take all seven tricks; a made moon wins the game"),
    (0.62, "ones as trump is likely to take all seven tricks; a made moon wins the game"),
    (0.5, "ones as trump has about an even chance to take all seven tricks, but a made moon wins the game"),
    (0.35, "ones as trump might take all seven tricks, but a made moon wins the game"),
    (0.24, "ones as trump has only an outside chance to take all seven tricks, but a made moon wins the game"),
])
def test_a_21_says_how_often_it_makes_what_it_wins_and_what_a_set_costs(chance: float, words: str) -> None:
    """A 21 says in words how likely all seven tricks are (the band of its plain chance:
    80% "should", 60% "likely", 40% "about an even chance", 25% "might", under that "only an
    outside chance"), that a
    made moon wins the game, and what a set costs; one made less often than not is said as
    the gamble it is ("but a made moon wins the game"). It keeps to 35 words however much
    it has to add (the bidding read, the score): the stakes stay, the score is said shortly."""
    view = Game.new(RuleSet(players=4), seed=3).view(0)
    reason = score_bid_reason(view, 21, Trump.parse("1"), chance, for_game=True)
    assert reason.startswith("I shoot the moon") and words in reason, reason
    assert reason.endswith("and a set costs us 21 points."), reason
    assert reason_problems(view, Action.parse("bid 21"), reason) == []
    both = score_bid_reason(view, 21, Trump.parse("doubles"), chance, reads_auction=True, for_game=True)
    noun = {0.85: "a strong chance", 0.62: "a good chance", 0.5: "an even chance", 0.35: "some chance",
            0.24: "an outside chance"}[chance]
    assert f"{words.split(' take ')[0].removeprefix('ones as trump')} take all seven tricks" in both or \
        f": {noun} at all seven" in both, both
    assert "a made moon wins the game, and a set costs us 21 points" in both, both
    assert reason_problems(view, Action.parse("bid 21"), both) == [], both
    fair = score_bid_reason(view, 21, Trump.parse("1"), chance, fair=True)
    assert fair.startswith(f"I shoot the moon: {chance_clause(chance, 'my hand', 'take all seven tricks')}"), fair
    # Where a made 21 does not win the game it scores like a bid; with marks a set gives a mark.
    points = Game.new(RuleSet(players=3, moon_wins_game=False), seed=3).view(0)
    assert "a made moon scores 21 points, and a set costs me 21 points" in score_bid_reason(points, 21, Trump.parse("1"), chance)
    marks = Game.new(RuleSet(players=3, scoring="marks"), seed=3).view(0)
    assert "a made moon wins the game, and a set gives each of the others a mark" in \
        score_bid_reason(marks, 21, Trump.parse("1"), chance)


@pytest.mark.parametrize("fair", [False, True])
def test_a_pass_with_only_the_moon_left_says_why_not(fair: bool) -> None:
    """Over a 7 only the moon is left: a pass says how likely all seven tricks are, what a
    made moon would bring and what a set would cost."""
    view = Game.new(RuleSet(), seed=3).view(0)
    for chance, said in ((0.1, "has only an outside chance to"), (0.5, "has about an even chance to"),
                         (0.6, "is likely to")):
        reason = score_bid_reason(view, None, Trump.parse("6"), chance, high=7, fair=fair)
        assert f"my hand {said} take all seven tricks; a made moon would win the game, but a set would " \
               "cost me 21 points." in reason, reason
        assert reason_problems(view, Action.parse("pass"), reason) == [], reason
        assert ("sixes" in reason) is not fair, reason


@pytest.mark.parametrize("fair", [False, True])
def test_a_bid_says_its_chance_in_its_band_and_a_long_shot_as_a_gamble(fair: bool) -> None:
    """A bid says its plain chance in the words of its band, the same at 80% and up
    ("should take four tricks"), 60% ("is likely to"), 40% ("has about an even chance to"),
    25% ("might") and under ("has only an
    outside chance to take four tricks, but the points are worth the risk": the gamble it
    is, never "..., and the points are worth the risk", which a beginner reads as a
    contradiction). The walk heard "as likely as not to take four tricks" for a hand
    averaging 2.9 tricks, and "should take five tricks" for one made less often."""
    view = Game.new(RuleSet(), seed=3).view(0)
    subject = "my hand" if fair else "ones as trump"
    for chance, said, then in ((0.9, "should take", "."), (0.8, "should take", "."),
                               (0.79, "is likely to take", ", and the points"),
                               (0.6, "is likely to take", ", and the points"),
                               (0.59, "has about an even chance to take", ", and the points"),
                               (0.5, "has about an even chance to take", ", and the points"),
                               (0.4, "has about an even chance to take", ", and the points"),
                               (0.39, "might take", ", and the points"),
                               (0.25, "might take", ", and the points"),
                               (0.24, "has only an outside chance to take", ", but the points"),
                               (0.0, "has only an outside chance to take", ", but the points")):
        reason = score_bid_reason(view, 4, Trump.parse("1"), chance, fair=fair)
        assert f"{subject} {said} four tricks{then}" in reason, (chance, reason)
        assert reason_problems(view, Action.parse("bid 4"), reason) == [], reason
        game = score_bid_reason(view, 4, Trump.parse("1"), chance, for_game=True, fair=fair)
        assert f"{said} four tricks" in game and "with the whole game still to play" in game, game
        assert reason_problems(view, Action.parse("bid 4"), game) == [], game


def test_every_bid_reason_keeps_the_rules_whatever_it_adds() -> None:
    """Every wording of a bid or pass reason, read off the auction and played for the game
    at any score, keeps to one sentence of at most 35 words with no number but bids: the
    longest wordings give way to shorter ones, the score said shortly last."""
    import dataclasses
    import itertools

    for players, moon_wins in itertools.product((3, 4), (True, False)):
        base = Game.new(RuleSet(players=players, moon_wins_game=moon_wins), seed=players).view(0)
        zero = (0,) * len(base.scores)
        for scores in (zero, (16, *zero[1:]), (*zero[:-1], 16), (3, *(12,) * (len(zero) - 1))):
            view = dataclasses.replace(base, scores=scores)
            for tr, value, chance, high, reads, for_game, forced in itertools.product(
                ("doubles", "none", "6"), (None, 4, 6, 21), (0.1, 0.3, 0.5, 0.7, 0.9), (0, 5, 7),
                (False, True), (False, True), (False, True),
            ):
                if forced and value is None:
                    continue
                reason = score_bid_reason(view, value, Trump.parse(tr), chance, reads_auction=reads,
                                          for_game=for_game, forced=forced, high=high)
                action = Action.parse("pass" if value is None else f"bid {value}")
                assert reason_problems(view, action, reason) == [], reason
                if reads:
                    assert "going by how the others have bid" in reason, reason


_TRUMP_SAID = re.compile(r"\b(blanks|ones|twos|threes|fours|fives|sixes|doubles) as trump\b|\b(no trump)\b")
_SUIT_WORDS = re.compile(r"\b(blanks?|ones?|twos?|threes?|fours?|fives?|sixes?|six|doubles?|trumps?)\b")


def _said_trump(reason: str) -> str | None:
    """The trump a bid reason names: ``"sixes"``, ``"doubles"``, ``"no trump"``."""
    m = _TRUMP_SAID.search(reason)
    return None if m is None else (m.group(1) or m.group(2))


def _contract(rules: RuleSet, seed: int, level: str, bands: dict[str, int] | None = None) -> tuple[Any, Any, Any] | None:
    """The bidder's bid and trump decisions of one hand (``None`` when every seat passed),
    and the view it named trump from. With ``bands`` (strong players), every bid, discard and
    trump on the way is checked to say its chance in the band of the plain chance its
    details show first (:func:`band_problems`), and counted there by kind ("21" apart)."""
    game = Game.new(rules, seed=seed)
    bids: dict[int, Any] = {}
    for seat, view, d in bot_moves(game, seat_bots(level, rules.players, seed, FAST),
                                   until=lambda g: g.phase in ("play", "hand_over", "game_over")):
        if bands is not None and d.action.kind != "pass" and not d.explanation.reason.startswith("Everyone else"):
            assert not band_problems(d), (rules.players, seed, d.action, band_problems(d))
            bands[d.action.kind] = bands.get(d.action.kind, 0) + 1
            bands["21"] = bands.get("21", 0) + (d.action == Action.parse("bid 21"))
        if d.action.kind == "bid":
            bids[seat] = d
        if d.action.kind == "trump":
            return bids[seat], d, view
    return None


@pytest.mark.parametrize("level,seeds", [("basic", range(60)), ("strong", range(8))])
def test_a_trump_other_than_the_bids_is_said_to_come_from_the_widow(level: str, seeds: range) -> None:
    """The bid reason names the trump of its estimate before the widow; when the bidder names
    another after the widow, the full trump reason says the widow changed the plan (the
    widow's tiles that did it). At the table the bid named no trump, so the trump reason
    names the trump alone, and no tile. Every strong bid (21s included), discard and trump
    on the way says its chance in the band of the plain chance its details show first, full
    and at the table: a 21 made in about a quarter of the deals is never "likely to take
    all seven tricks", nor a trump named at 45% "a good chance to make my bid" (walk 35,
    findings 1 and 2); the four-player walk below checks the same."""
    changed = same = 0
    bands: dict[str, int] = {}
    for seed in seeds:
        got = _contract(RuleSet(), seed, level, bands if level == "strong" else None)
        if got is None:
            continue
        bid, named, view = got
        before = _said_trump(bid.explanation.reason)
        assert before is not None, bid.explanation.reason
        assert _said_trump(bid.at_table().explanation.reason) is None  # a bid is a number at the table
        now = named.action.value.name
        full, fair = named.explanation.reason, named.at_table().explanation.reason
        if now == before:
            same += 1
            assert "instead of" not in full and "widow" not in fair, (seed, full, fair)
            continue
        changed += 1
        assert f"I name {now} instead of {before}" in full, (seed, bid.explanation.reason, full)
        assert fair.startswith(f"I name {now}") and "instead of" not in fair, (seed, fair)
        assert not re.search(r"\b[0-6]-[0-6]\b", fair), fair
        if full.startswith("The widow brought"):
            brought = parse_tiles(full.removeprefix("The widow brought ").split(":")[0].replace(" and ", " ").replace(",", ""))
            assert set(brought) <= set(view.widow) and all(named.action.value.is_trump(t) for t in brought), full
    assert same > 0
    if level == "basic":
        assert changed > 0  # the basic player's count changes with the widow in some of these hands
    else:  # every strong bid (21s too: seeds 2, 3 and 5), discard and trump said its chance's band
        assert bands["bid"] >= 8 and bands["discard"] >= 6 and bands["trump"] >= 6 and bands["21"] >= 2, bands


def test_with_four_players_a_trump_other_than_the_bids_is_said_to_be_a_closer_count() -> None:
    """With four players there is no widow: when the strong bidder names another trump than
    its full bid reason did (its trump race counts on more deals than the bid), the full
    trump reason says so instead of naming a new trump as if none had been said; at the
    table, where the bid named no trump, the trump is named alone."""
    changed = 0
    bands: dict[str, int] = {}
    for seed in range(16):
        got = _contract(RuleSet(players=4), seed, "strong", bands)
        if got is None:
            continue
        bid, named, _ = got
        before, now = _said_trump(bid.explanation.reason), named.action.value.name
        full, fair = named.explanation.reason, named.at_table().explanation.reason
        if now == before:
            assert "instead of" not in full and "instead of" not in fair, (seed, full)
            continue
        changed += 1
        assert full.startswith(f"On a closer count I name {now} instead of {before}"), (seed, full)
        # At the table the bid named no trump: the trump is named alone.
        assert fair.startswith(f"I name {now}") and "instead of" not in fair, (seed, fair)
    assert changed > 0  # seeds 7 and 15 name another trump than their bid's
    # Every strong bid and trump said its chance in the band of its plain chance.
    assert bands["bid"] >= 16 and bands["trump"] >= 12, bands


#: A suit or trump named (plural suit nouns: "four tricks" is a count, "fours" a suit).
_TRUMP_NAMED = re.compile(r"\b(blanks|ones|twos|threes|fours|fives|sixes|doubles|trumps?)\b", re.I)


@pytest.mark.parametrize("level,seeds", [("basic", range(12)), ("strong", range(4))])
@pytest.mark.parametrize("players", [3, 4])
def test_a_pass_said_at_the_table_names_no_trump(level: str, seeds: range, players: int) -> None:
    """A pass or a bid said at the table gives nothing away: no suit, no trump ("even with
    ones as trump" names the seat's best suit; at a Moon table a bid is a number, the suit
    is named only by the winner after the auction), only what the hand should take; its
    details (summary and table) name no trump either. The full reason after the hand still
    names it."""
    passes = bids = named_in_full = 0
    for seed in seeds:
        game = Game.new(RuleSet(players=players), seed=seed)
        for _, _, d in bot_moves(game, seat_bots(level, players, seed, FAST), until=lambda g: g.phase != "bidding"):
            fair = d.at_table().explanation
            if d.action.kind == "pass":
                if "partner" not in fair.reason:
                    passes += 1
                    assert fair.reason.startswith("I pass: my hand is not worth a bid"), fair.reason
                    assert not _SUIT_WORDS.search(fair.reason), fair.reason
            else:
                bids += 1
                assert not _TRUMP_NAMED.search(fair.reason) and "as trump" not in fair.reason, fair.reason
                named_in_full += bool(_TRUMP_NAMED.search(d.explanation.reason))
            assert not _TRUMP_NAMED.search(fair.summary), fair.summary
            assert all(c.trump is None for c in fair.candidates)
    assert passes >= len(seeds) // 2
    assert bids >= len(seeds) // 2 and named_in_full == bids


# -- every play reason is true of its position ----------------------------------------------

_GIVE_UP = re.compile(r"\b(give up|let \S+ go)\b", re.I)
_NOBODY_LEFT = re.compile(r"\bnobody still to play\b", re.I)
_LAST = re.compile(r"\b(play last|trump in last|last to play)\b", re.I)
_FOR_SURE = re.compile(r"\btakes? this trick for sure\b|\btakes this trick\b", re.I)
_PARTNER_WINNING = re.compile(r"\bpartner is already winning\b", re.I)
_NONE_CAN_WIN = re.compile(r"\bnone of my tiles can (win|beat)\b", re.I)
_RUFF = re.compile(r"\bI (trump in|ruff)\b", re.I)
_BEATS_SO_FAR = re.compile(r"\bbeats? the tiles played so far\b", re.I)


def _winner_so_far(view: PlayerView) -> int | None:
    """The seat whose tile wins the current trick so far (written out here)."""
    trump, trick = view.trump, view.current_trick
    if trump is None or not trick or view.leader is None:
        return None
    suit = trump.suit_led(trick[0])
    best = max(range(len(trick)), key=lambda i: trump.power(trick[i], suit))
    return (view.leader + best) % view.rules.players


def play_truth_problems(view: PlayerView, tile: Tile, reason: str) -> list[str]:
    """What a play reason claims about its position that is false there."""
    trump = view.trump
    assert trump is not None
    trick = view.current_trick
    n = view.rules.players
    wins_so_far = _tile_can_win(view, tile)
    legal = [a.value for a in view.legal_actions() if isinstance(a.value, Tile)]
    out = []
    if _GIVE_UP.search(reason) and trick and wins_so_far:
        out.append(f"says {tile} is given up, but it beats the tiles played so far")
    if _NOBODY_LEFT.search(reason) and len(trick) == n - 1:
        out.append("says 'nobody still to play' from the last seat")
    if _LAST.search(reason) and len(trick) != n - 1:
        out.append("says it plays last, but someone is still to play")
    if _FOR_SURE.search(reason) and not wins_so_far:
        out.append(f"says {tile} takes the trick, but it does not beat the tiles played so far")
    if _PARTNER_WINNING.search(reason) and (n != 4 or _winner_so_far(view) != (view.seat + 2) % 4):
        out.append("says the partner is winning the trick, but the partner is not")
    if _PARTNER_WINNING.search(reason) and wins_so_far:
        out.append(f"says the partner is already winning, but {tile} beats the partner's tile")
    if _NONE_CAN_WIN.search(reason) and any(_tile_can_win(view, t) for t in legal):
        out.append("says none of its tiles can win, but one can")
    if _RUFF.search(reason):
        ruff = bool(trick) and trump.is_trump(tile) and not trump.follows(tile, trump.suit_led(trick[0]))
        if not ruff:
            out.append(f"says it trumps in with {tile}, but {tile} is no trump played to another suit")
    if re.search(r"\bruff", reason, re.I):
        out.append("says 'ruff', a word a beginner has not met ('trump')")
    if _BEATS_SO_FAR.search(reason) and not (trick and wins_so_far):
        out.append(f"says {tile} beats the tiles played so far, but it does not")
    return out


#: The hands the truth walk plays: (rules, seed, the levels of the seats).
_TRUTH_HANDS = [
    (rules, seed, levels)
    for rules, seeds in (
        (RuleSet(), range(5)),
        (RuleSet(players=4), range(5)),
        (RuleSet(doubles_trump=False, no_trump=False), range(3)),
        (RuleSet(players=4, all_pass="force-last", min_bid=5), range(3)),
        (RuleSet(trump_before_widow=True), range(2)),
    )
    for seed in seeds
    for levels in (("strong",), ("basic",), ("strong", "basic"))
] + [
    # Hands where a strong seat's tile beats the trick so far without taking it for sure
    # (a ruff, or a higher tile of the suit led, with a seat still to play).
    (RuleSet(players=4), 7, ("strong", "basic")),
    (RuleSet(players=4), 10, ("strong",)),
    (RuleSet(doubles_trump=False, no_trump=False), 27, ("strong", "basic")),
]


def _truth_walk(rules: RuleSet, seed: int, levels: Sequence[str]) -> tuple[int, list[str]]:
    """Play one hand; check every play reason against its position, and a "for sure" against
    the trick's real end. Returns (reasons checked, problems found)."""
    game = Game.new(rules, seed=seed)
    bots = [make_bot(lv, seed=seed + s, **(FAST if lv == "strong" else {}))
            for s, lv in zip(range(rules.players), [levels[s % len(levels)] for s in range(rules.players)], strict=True)]
    checked, problems = 0, []
    sure: list[tuple[int, str]] = []  # (seat, reason) of a play said to take this trick for sure
    for seat, view, d in bot_moves(game, bots):
        if d.action.kind == "play":
            assert isinstance(d.action.value, Tile)
            reason = d.explanation.reason
            problems += [f"{rules} seed {seed} seat {seat} {d.action}: {reason!r}: {p}"
                         for p in play_truth_problems(view, d.action.value, reason)]
            if "for sure" in reason or _LAST.search(reason):
                sure.append((seat, reason))
            checked += 1
        after = game.view(0).tricks
        if len(after) > len(view.tricks):  # this move finished a trick
            won = after[-1].winner
            side = rules.side_of(won)
            problems += [f"{rules} seed {seed} seat {s}: {r!r}, but seat {won} took the trick"
                         for s, r in sure if rules.side_of(s) != side]
            sure = []
    return checked, problems


@pytest.mark.slow
def test_every_play_reason_is_true_of_its_position() -> None:
    """Strong and basic players, three and four players, several house rules: a play said to
    be given up does not beat the tiles played so far; "nobody still to play" is said while
    someone is; a play said to take the trick (for sure, or played last) does take it; "my
    partner is already winning", "none of my tiles can win" and "I trump in" are true."""
    checked, problems = 0, []
    for rules, seed, levels in _TRUTH_HANDS:
        c, p = _truth_walk(rules, seed, levels)
        checked += c
        problems += p
    assert not problems, "\n".join(problems)
    assert checked > len(_TRUTH_HANDS) * 15


def test_the_truth_checker_catches_the_false_play_reasons() -> None:
    """Threes trump, four players: seat 1 leads 4-4 and seat 2 ruffs with 3-1, which beats
    the trick so far: it is not a tile given up; seat 3, last to play, is not followed by
    anybody, and its 6-4 does not beat the ruff."""
    rules = RuleSet(players=4)
    hands = [
        parse_tiles("5-5 6-6 6-5 6-4 6-3 6-2 6-1"),
        parse_tiles("5-0 4-4 4-3 4-2 4-1 4-0 3-3"),
        parse_tiles("5-1 3-2 3-1 3-0 2-2 2-1 2-0"),
        parse_tiles("1-1 1-0 0-0 6-0 5-3 5-2 5-4"),
    ]
    g = Game.from_deal(rules, hands, (), first_bidder=1)
    for a in ("bid 4", "pass", "pass", "pass", "trump 3", "play 4-4"):
        g.apply(a)
    ruff = Tile(3, 1)
    view = g.view(2)
    assert play_truth_problems(view, ruff, "No other play does better than 3-1, so I give up the tile I need least.")
    assert not play_truth_problems(view, ruff, "I trump in with 3-1 to beat the tiles played so far, and no other play does better.")
    g.apply("play 3-1")
    g.apply("play 5-4")
    last = g.view(0)  # must follow fours: 6-4 does not beat the ruff
    follow = Tile(6, 4)
    assert play_truth_problems(last, follow, "Nobody still to play should be able to beat 6-4, so it should take this trick.")
    assert play_truth_problems(last, follow, "I play last, so 6-4 takes this trick.")
    assert not play_truth_problems(last, follow, "No other play does better than 6-4, so I give up the tile I need least.")
    jargon = play_truth_problems(last, follow, "I play 6-4 to draw the trumps still out, so they cannot ruff my good tiles later.")
    assert any("'ruff'" in p for p in jargon), jargon


def test_partner_and_give_up_reasons_only_for_tiles_that_do_not_win() -> None:
    """Basic players (every seat), three and four players, sixty hands each: a play said to be
    left to the partner ("my partner is already winning") or given up never beats the tiles
    played so far; every play reason is true of its position."""
    checked, problems = 0, []
    said = {"partner": 0, "give up": 0}
    for rules in (RuleSet(), RuleSet(players=4)):
        for seed in range(60):
            game = Game.new(rules, seed=seed)
            bots = [make_bot("basic", seed=seed + s) for s in range(rules.players)]
            while not game.hand_finished:
                seat = game.to_act
                assert seat is not None
                view = game.view(seat)
                d = bots[seat].decide(view)
                if d.action.kind == "play":
                    assert isinstance(d.action.value, Tile)
                    reason = d.explanation.reason
                    said["partner"] += bool(_PARTNER_WINNING.search(reason))
                    said["give up"] += bool(_GIVE_UP.search(reason))
                    problems += [f"{rules.players} players seed {seed} seat {seat} {d.action}: {reason!r}: {p}"
                                 for p in play_truth_problems(view, d.action.value, reason)]
                    checked += 1
                game.apply(d.action)
    assert not problems, "\n".join(problems)
    assert checked > 600 and said["partner"] > 20 and said["give up"] > 20, (checked, said)


def test_a_tile_that_beats_the_partner_says_so() -> None:
    """Fives trump, four players: seat 0 leads 6-6, seat 1 throws 4-3, and seat 2 (seat 0's
    partner) holds only fives: its cheapest, 5-0, beats its partner's 6-6, and its reason says
    so instead of leaving the trick to the partner."""
    rules = RuleSet(players=4)
    hands = [
        parse_tiles("6-6 6-4 6-3 6-2 6-1 6-0 4-4"),
        parse_tiles("4-3 4-2 4-1 4-0 3-3 3-2 3-1"),
        parse_tiles("5-0 5-1 5-2 5-3 5-4 5-5 6-5"),
        parse_tiles("3-0 2-2 2-1 2-0 1-1 1-0 0-0"),
    ]
    g = Game.from_deal(rules, hands, (), first_bidder=0)
    for a in ("bid 4", "pass", "pass", "pass", "trump 5", "play 6-6", "play 4-3"):
        g.apply(a)
    view = g.view(2)
    d = make_bot("basic", seed=1).decide(view)
    tile = d.action.value
    assert tile == Tile(5, 0)
    assert play_truth_problems(view, tile, "My partner is already winning this trick, so I play my cheapest tile, 5-0.")
    reason = d.explanation.reason
    assert not play_truth_problems(view, tile, reason), reason
    assert reason == "I hold only trumps, so I play 5-0, my cheapest, though it beats my partner's 6-6."


_SHARE = re.compile(r"in (\d+)% of (\d+) sampled layouts|in (\d+)% of the (\d+) layouts")


def test_a_share_of_n_layouts_is_k_of_n_or_says_it_is_weighted() -> None:
    """The details behind "Why?" say "in 83% of 10 sampled layouts" only when 83% is some k
    of the 10; a share weighted by the bidding is said as a chance and says so ("83% of the
    time ... each counted by how well it fits the bidding"), never as a share of n layouts."""
    weighted = plain = 0
    for rules, seed in [(RuleSet(), s) for s in range(3)] + [(RuleSet(players=4), s) for s in range(3)]:
        game = Game.new(rules, seed=seed)
        for _, _, d in bot_moves(game, seat_bots("strong", rules.players, seed, FAST)):
            if d.action.kind == "play":
                summary = d.explanation.summary
                for m in _SHARE.finditer(summary):
                    p, n = int(m.group(1) or m.group(3)), int(m.group(2) or m.group(4))
                    assert any(round(100 * k / n) == p for k in range(n + 1)), summary
                    plain += 1
                weighted += "of the time, over" in summary and "how well it fits the bidding" in summary
    assert weighted > 0, plain  # with three players nearly every play's layouts are weighted


def _beaten_by_a_tile_still_out(game: Game, seat: int, tile: Tile) -> list[Tile]:
    """The tiles in any hand (the speaker's own too) that would beat ``tile`` played now by
    ``seat``, when some seat still plays after it: what the table cannot see. Worked out here
    from the whole game, not from the code under test."""
    trump = game.trump
    assert trump is not None
    trick = game.current_trick
    if len(trick) == game.rules.players - 1:
        return []  # the last to play: the table sees it takes the trick
    suit = trump.suit_led(trick[0]) if trick else trump.suit_led(tile)
    power = trump.power(tile, suit)
    return [u for hand in game.hands for u in hand if u is not tile and trump.power(u, suit) > power]


@examples(12)
@given(seed=st.integers(0, 10_000), players=st.sampled_from([3, 4]), level=st.sampled_from(["basic", "strong"]))
def test_for_sure_is_said_at_the_table_only_from_what_it_can_see(seed: int, players: int, level: str) -> None:
    """During the hand a computer says a tile takes the trick "for sure" only when no tile
    still to be played beats it: when the only tiles that beat it are in its own hand, "for
    sure" would tell the table it holds them."""
    g = Game.new(RuleSet(players=players, all_pass="force-last"), seed=seed)
    bots = [make_bot(level, seed=seed + s, **(FAST if level == "strong" else {})) for s in range(players)]
    while not g.hand_finished:
        seat = g.to_act
        assert seat is not None
        d = bots[seat].decide(g.view(seat))
        said = d.at_table().explanation.reason
        if d.action.kind == "play" and "for sure" in said:
            assert isinstance(d.action.value, Tile)
            beats = _beaten_by_a_tile_still_out(g, seat, d.action.value)
            assert not beats, f"seat {seat} {d.action}: {said!r}, but {beats} still out (seat {seat} holds " \
                              f"{[t for t in beats if t in g.hands[seat]]})"
        g.apply(d.action)


@pytest.mark.parametrize("players", [3, 4])
def test_a_forced_plays_reason_is_the_table_line_made_fuller(players: int) -> None:
    """The reason of an only legal play, read after the hand, is the line the table heard
    during it: the last tile word for word ("6-5 is my last tile."), a forced follow with its
    table words first ("I follow sixes with 6-5") and why it was forced ("the only six I
    hold"), never another sentence (the walk read "I must follow sixes, and 6-5 is the only
    six I hold." after "6-5 is my last tile.")."""
    last = follows = 0
    for seed in range(12):
        g = Game.new(RuleSet(players=players), seed=seed)
        bots = [make_bot("basic", seed=seed + s) for s in range(players)]
        while not g.hand_finished:
            seat = g.to_act
            assert seat is not None
            view = g.view(seat)
            d = bots[seat].decide(view)
            if d.action.kind == "play" and len(view.legal_actions()) == 1:
                full, table = d.explanation.reason, d.explanation.table_reason
                if len(view.hand) == 1:
                    assert full == table == f"{d.action.value} is my last tile.", (full, table)
                    last += 1
                else:
                    m = re.match(r"I follow \w+ with \d-\d", table)
                    assert m is not None and full.startswith(m.group(0) + ", the only "), (full, table)
                    assert full.count(".") == 1 and full.endswith("."), full
                    follows += 1
            g.apply(d.action)
    assert last and follows, (last, follows)


# -- the strong player's chance words agree with its numbers ------------------------------

#: The band words a bid, trump or discard reason may say a chance in (engine.words.chance_band).
_BAND_SAID = {
    "should": re.compile(r"\bshould (take|make)\b|\ba strong chance\b"),
    "likely": re.compile(r"\b(is|am) likely to\b|\ba good chance\b"),
    "even": re.compile(r"\b(has|have) about an even chance to\b|\ban even chance at\b"),
    "might": re.compile(r"\bmight (take|make)\b|\bsome chance\b"),
    "outside": re.compile(r"\bonly an outside chance to\b|\ban outside chance at\b"),
    # A discard or trump whose bid is made on none of its deals (engine.words.shows_none).
    "none": re.compile(r"\bI expect to fall short of my \d+ unless the others slip\b"),
}
#: The plain chance the details say first: "I make it in 29% of", "I make my 21 ... in 0% of".
_PLAIN_SAID = re.compile(r"\bI make (?:it|my \d+)(?: with [a-z ]+?)? in (\d+)% of\b")
#: Chance words no reason may use: each would say a chance outside its band somewhere.
_OLD_WORDS = re.compile(r"\b(very likely|unlikely|as likely as not|almost sure\w*|long shot)\b")


def _bands_said(reason: str) -> set[str]:
    return {band for band, said in _BAND_SAID.items() if said.search(reason)}


def band_problems(d: Any) -> list[str]:
    """Where a strong bid, trump or discard reason says its chance in other words than the
    band of the plain chance its details show first (empty when they agree). Written out
    here: 80% and up "should", 60% "likely", 40% "about an even chance", 25% "might", under
    that "only an outside chance"; a discard or trump at 0% "I expect to fall short of my 21
    unless the others slip"."""
    from engine.words import chance_band

    out = []
    summary = d.explanation.summary
    m = _PLAIN_SAID.search(summary)
    if m is None:
        return [f"no plain chance first in {summary!r}"]
    shown = int(m.group(1))
    want = ("should" if shown >= 80 else "likely" if shown >= 60 else "even" if shown >= 40
            else "might" if shown >= 25 else "outside")
    assert chance_band(shown / 100) == want  # the engine's bands are the ones written here
    if shown == 0 and d.action.kind in ("discard", "trump"):
        want = "none"  # made on none of the deals after the widow: "I expect to fall short"
    for reason in (d.explanation.reason, d.at_table().explanation.reason):
        said = _bands_said(reason)
        if said != {want}:
            out.append(f"{reason!r} says {sorted(said)} for {shown}% ({summary[:90]}...)")
        if _OLD_WORDS.search(reason):
            out.append(f"{reason!r}: {_OLD_WORDS.search(reason).group(0)!r}")  # type: ignore[union-attr]
    return out


def test_a_trump_or_discard_reason_says_its_chance_in_its_band() -> None:
    """A trump or discard reason says how it compares with the others and then the plain
    chance of making the bid in its band's words: the walk heard "I name no trump: it gives
    my hand a good chance to make my bid" at 45% right after a moon said unlikely, and "I
    name ones: they give my hand as good a chance as any other trump" when every trump made
    the 21 in none of the deals."""
    import dataclasses

    from engine.players.reasons import contract_reason_discard

    view = dataclasses.replace(Game.new(RuleSet(), seed=3).view(0), bid=21)
    assert trump_reason(view, Trump.parse("none"), "best", 0.45, fair=True) == (
        "I name no trump: it gives my hand the best chance to make my bid; I have about an even chance to make it.")
    assert trump_reason(view, Trump.parse("none"), "best", 0.39, fair=True).endswith("; I might make it.")
    assert trump_reason(view, Trump.parse("1"), "even", 0.0, fair=True) == (
        "I name ones: they give my hand as good a chance as any other trump, but even so I expect to fall short of "
        "my 21 unless the others slip.")
    assert trump_reason(view, Trump.parse("1"), "good", 0.62, fair=True) == (
        "I name ones: they give my hand the best chance to make my bid on a closer look; I am likely to make it.")
    assert trump_reason(view, Trump.parse("6"), "best", 0.9).endswith("; I should make it.")
    tile = view.hand[0]
    assert contract_reason_discard(view, tile, Trump.parse("1"), "least", 0.0, fair=True) == (
        "I lay one tile aside face down: it is the tile I need least, but even so I expect to fall short of my 21 "
        "unless the others slip.")
    assert contract_reason_discard(view, tile, Trump.parse("1"), "best", 0.3).endswith(
        "the tiles I keep give me the best chance to make my 21 with ones as trump; I might make it.")
    for reason in (trump_reason(view, Trump.parse("none"), "best", 0.45),
                   contract_reason_discard(view, tile, Trump.parse("1"), "most", 0.85)):
        assert reason_problems(view, Action.parse("pass"), reason) == [], reason


@pytest.mark.parametrize("fair", [False, True])
def test_every_trump_and_discard_wording_keeps_to_35_words(fair: bool) -> None:
    """Whatever a trump or discard reason adds (the trumps or discards looked at closely, one
    dropped that looked better at first, the widow's change of trump and of chance, the
    auction's words), it keeps to the rules, said in full and at the table: the table's
    discard line "I lay one tile aside face down: the tiles I keep give me the best chance on
    a closer look (another only looked better at first); the widow lowered my chance: ..."
    ran to 42 words."""
    import dataclasses
    import itertools

    from engine.players.reasons import contract_reason_discard

    # 1-1 is the only one held: "plays like no trump with one sure trick"; 0-0 is the only blank.
    view = dataclasses.replace(Game.new(RuleSet(), seed=3).view(0), bid=21)
    tile = view.hand[0]
    checked = 0
    for chance in (0.0, 0.1, 0.5, 0.9):
        for before in (None, 0.0, 0.9):
            for first in ("", "left", "higher"):
                for how in ("best", "most", "good", "least"):
                    said = contract_reason_discard(view, tile, Trump.parse("1"), how, chance, fair=fair, first=first,
                                                   other=view.hand[1], bid_chance=before)
                    assert reason_problems(view, Action.discard(tile), said) == [], said
                    checked += 1
                for why, name in itertools.product(("best", "most", "good", "even"), ("1", "0", "6", "doubles", "none")):
                    for bid_trump, auction in itertools.product((None, Trump.parse("5")), (False, True)):
                        said = trump_reason(view, Trump.parse(name), why, chance, fair=fair, bid_trump=bid_trump,
                                            first=first, other=Trump.parse("none"), bid_chance=before, auction=auction)
                        assert reason_problems(view, Action.parse(f"trump {name}"), said) == [], said
                        checked += 1
    assert checked == 4 * 3 * 3 * (4 + 4 * 5 * 2 * 2)


@pytest.mark.parametrize("why", ["best", "good", "even", "most"])
@pytest.mark.parametrize("fair", [False, True])
def test_blanks_trump_with_three_players_says_it_is_one_trump(why: str, fair: bool) -> None:
    """With three players the only blank is 0-0 (docs/rules.md §2.1): a seat that names
    blanks names a single trump, and its reason says so plainly, not "they give my hand the
    best chance to make my bid on a full count" (newcomer walk, finding 7). No reason says
    "on a full count"."""
    import dataclasses

    from engine.players.reasons import contract_reason_discard

    view = dataclasses.replace(Game.new(RuleSet(), seed=3).view(0), bid=5)
    assert Tile(0, 0) not in view.hand
    reason = trump_reason(view, Trump.parse("0"), why, 0.62, fair=fair)
    assert reason.startswith(("I name blanks: with 0-0 the only trump, my hand plays almost like no trump and has ",
                              "I name blanks: only 0-0 is a trump then, which gives my hand ")), reason
    assert "they give" not in reason, reason
    if why != "good":  # "on a closer look" leaves no room for the longest wording
        assert "plays almost like no trump" in reason, reason
    assert "full count" not in reason and reason_problems(view, Action.parse("trump 0"), reason) == [], reason
    changed = trump_reason(view, Trump.parse("0"), why, 0.62, bid_trump=Trump.parse("6"))
    assert "instead of sixes, as 0-0, the only blank, gives my hand" in changed, changed
    # Four players keep 1-0 up to 6-0: blanks are a suit of seven there.
    four = dataclasses.replace(Game.new(RuleSet(players=4), seed=3).view(0), bid=5)
    assert "only 0-0" not in trump_reason(four, Trump.parse("0"), why, 0.62, fair=fair)
    discard = contract_reason_discard(view, view.hand[0], Trump.parse("1"), "good", 0.62, fair=fair)
    assert "on a closer look" in discard and "full count" not in discard, discard


def test_a_lead_sure_only_by_the_seats_own_tiles_says_so_after_the_hand() -> None:
    """Ones trump: the bidder holds 1-1, 6-1 and 5-1 and leads 5-1. At the table it says "I
    lead 5-1, a trump; I say why once the hand is over" (its higher trumps are its own
    business); once the hand is over the reason says why 5-1 takes the trick, not only that
    it "should take this trick" (walk finding 11): only its own 1-1 and 6-1 beat it."""
    hands = [parse_tiles("1-1 6-1 5-1 6-6 5-5 4-4 3-3"), parse_tiles("4-1 6-5 6-4 5-4 5-3 2-2 3-2"),
             parse_tiles("3-1 2-1 6-3 6-2 5-2 4-3 4-2")]
    g = Game.from_deal(RuleSet(), hands, parse_tiles("0-0"), first_bidder=0)
    for a in ("bid 4", "pass", "pass", "discard 0-0", "trump 1"):
        g.apply(a)
    view = g.view(0)
    bot = make_bot("strong", seed=1, **FAST)
    an = bot.analyse(view)
    from engine.players.reasons import play_reason, table_play_reason

    lead = Tile(5, 1)
    assert an.win_trick[lead] == 1.0
    reason = play_reason(view, an, lead)
    assert reason == "Only my own 1-1 and 6-1 can beat 5-1, so it takes this trick for sure.", reason
    assert play_reason(view, an, Tile(6, 1)) == "Only my own 1-1 can beat 6-1, so it takes this trick for sure."
    assert not play_truth_problems(view, lead, reason) and reason_problems(view, Action.play(lead), reason) == []
    # The table hears only what it can see.
    assert table_play_reason(view, lead) == "I lead 5-1, a trump; I say why once the hand is over."


def test_a_play_reason_names_the_suit_of_the_last_or_top_tile_in_full() -> None:
    """"I lead 1-0, the last one" reads as "the last tile" (newcomer walk, finding 8): a
    reason that calls a tile the last, the top or the only one of its suit names the suit
    ("the last of the ones", "the last of the sixes", "the top of the ones left"), and a one
    is never "a one". Basic players play whole hands of three and four players; every play
    reason, at the table and after the hand, is read."""
    from engine.players.reasons import table_play_reason

    ambiguous = re.compile(r"\b(the last|the top|the only|a|my only) one\b(?! of the ones)|\bthe last "
                           r"(blank|two|three|four|five|six)\b")
    named = 0
    for players in (3, 4):
        for seed in range(12):
            g = Game.new(RuleSet(players=players), seed=seed)
            bots = seat_bots("basic", players, seed)
            while not g.hand_finished:
                seat = g.to_act
                assert seat is not None
                d = bots[seat].decide(g.view(seat))
                if d.action.kind == "play":
                    view, tile = g.view(seat), d.action.value
                    assert isinstance(tile, Tile)
                    said = [table_play_reason(view, tile), d.explanation.reason]
                    for text in said:
                        assert not ambiguous.search(text), text
                    named += sum(bool(re.search(r"\b(the last|the top) ", text)) for text in said)
                g.apply(d.action)
    assert named, "no reason called a tile the last or the top of its suit"


#: "the last"/"the only" said of a tile's suit: "the last trump", "the last of the sixes",
#: "the only blank", "the only one of the ones".
_LAST_OR_ONLY = re.compile(r"\bthe (last|only) (trump|one of the ones|of the (\w+)|(blank|two|three|four|five|six)\b)")


def _said_suit(view: PlayerView, tile: Tile, words: str) -> Any:
    """The suit a reason's "the last …" / "the only …" names (``TRUMP`` or a number), checked
    to be ``tile``'s own suit: trump, the suit led that it follows, or the suit it leads."""
    from engine.trump import TRUMP, describe_suit

    trump = view.trump
    assert trump is not None
    named = TRUMP if words == "trump" else 1 if words == "one of the ones" else next(
        n for n in range(7) if words in (f"of the {describe_suit(n)}", describe_suit(n, plural=False)))
    led = trump.suit_led(view.current_trick[0]) if view.current_trick else None
    own = (TRUMP if trump.is_trump(tile) else led if led is not None and trump.follows(tile, led)
           else trump.suit_led(tile))
    assert named == own, (tile, words)
    return named


@pytest.mark.parametrize("level", ["basic", "strong"])
def test_the_last_of_a_suit_is_true_and_never_its_only_tile(level: str) -> None:
    """"I lead 0-0, the last trump" on trick 1, 0-0 being the only trump of the three-player
    set (blanks trump), and "the last of the blanks" of the set's only blank (walk 2, B6): a
    play reason that calls a tile "the last" of its suit is true at that moment (every other
    tile of the suit in play has been played: none is left in any hand, the player's own
    included, nor face down), and a tile with no other of its suit in the set is "the only
    trump" / "the only blank", never "the last". Whole hands of basic and strong players, three
    and four players, every play reason at the table and after the hand."""
    from engine.players.reasons import table_play_reason
    from engine.trump import TRUMP

    last = only = 0
    seeds = range(40) if level == "basic" else range(6)
    for players in (3, 4):
        for seed in seeds:
            g = Game.new(RuleSet(players=players), seed=seed)
            for _, view, d in bot_moves(g, seat_bots(level, players, seed, FAST)):
                if d.action.kind != "play":
                    continue
                tile = d.action.value
                assert isinstance(tile, Tile)
                trump = view.trump
                assert trump is not None
                for text in (table_play_reason(view, tile), d.explanation.reason):
                    for m in _LAST_OR_ONLY.finditer(text):
                        if text[m.end():].startswith((" left", " I hold")):
                            continue  # of the tiles still out, or of the player's hand
                        suit = _said_suit(view, tile, m.group(2))
                        others = [u for u in view.rules.tiles if u != tile
                                  and (trump.is_trump(u) if suit == TRUMP else trump.follows(u, suit))]
                        if m.group(1) == "last":
                            unplayed = [u for u in others if u not in view.played()]
                            assert others, f"{text} ({tile} is the only one of its suit)"
                            assert not unplayed, f"{text} ({unplayed} not yet played; hand {view.hand})"
                            last += 1
                        else:
                            assert not others, f"{text} (not the only one of its suit: {others})"
                            only += 1
    assert last, "no reason called a tile the last of its suit"
    if level == "basic":
        assert only, "no reason called a tile the only one of its suit in the set"


def test_a_tile_alone_in_its_suit_is_the_only_one_not_the_last() -> None:
    """Three players keep 0-0 as the set's only blank. Leading it on trick 1 with blanks trump
    is "the only trump", with sixes trump "the only blank" (walk 2, B6, heard "the last
    trump" and "the last of the blanks"). With doubles trump and every other double played,
    2-2 is "the last trump" even while its player holds 5-2 and 6-2: those are twos, not trump."""
    from types import SimpleNamespace

    from engine.players.reasons import table_play_reason

    rules = RuleSet(players=3)
    hand = (Tile(0, 0), Tile(6, 5), Tile(4, 4))
    view = SimpleNamespace(trump=Trump.parse("0"), rules=rules, hand=hand, current_trick=(), played=lambda: ())
    said = table_play_reason(view, Tile(0, 0))  # type: ignore[arg-type]
    assert said == "I lead 0-0, the only trump, so it takes this trick.", said
    view.trump = Trump.parse("6")
    said = table_play_reason(view, Tile(0, 0))  # type: ignore[arg-type]
    assert said == "I lead 0-0, the only blank; I say why once the hand is over.", said
    doubles = tuple(t for t in rules.tiles if t.is_double and t != Tile(2, 2))
    view = SimpleNamespace(trump=Trump.parse("doubles"), rules=rules, hand=(Tile(2, 2), Tile(5, 2), Tile(6, 2)),
                           current_trick=(), played=lambda: doubles)
    said = table_play_reason(view, Tile(2, 2))  # type: ignore[arg-type]
    assert said == "I lead 2-2, the last trump, so it takes this trick.", said


def test_the_last_tile_of_a_suit_is_said_with_its_suit() -> None:
    """Sixes trump, four players: every one but 1-0 has been played, and the seat leads
    1-0. The table hears "I lead 1-0, the last of the ones", as the walk's "I lead 1-0, the
    last one" meant; 6-1, a trump, can still beat it, so the purpose waits for the hand's end."""
    from types import SimpleNamespace

    from engine.players.reasons import table_play_reason

    rules = RuleSet(players=4)
    ones = tuple(t for t in rules.tiles if t.has(1) and not t.has(6) and t != Tile(1, 0))
    view = SimpleNamespace(trump=Trump.parse("6"), rules=rules, hand=(Tile(1, 0), Tile(5, 5)), current_trick=(),
                           played=lambda: ones)
    said = table_play_reason(view, Tile(1, 0))  # type: ignore[arg-type]
    assert said == "I lead 1-0, the last of the ones; I say why once the hand is over.", said
    view.played = lambda: (*ones, *(t for t in rules.tiles if t.has(6)))  # no trump left either
    said = table_play_reason(view, Tile(1, 0))  # type: ignore[arg-type]
    assert said == "I lead 1-0, the last of the ones, so it takes this trick.", said
    view.played = lambda: tuple(t for t in ones if t != Tile(1, 1))  # 1-1 still out, beats it
    said = table_play_reason(view, Tile(1, 0))  # type: ignore[arg-type]
    assert said == "I lead 1-0, one of the ones; I say why once the hand is over.", said


@pytest.mark.parametrize("players", [3, 4])
def test_a_pass_whose_best_trump_is_no_trump_says_it_of_the_player(players: int) -> None:
    """The walk (4 players): "I pass: no trump should make the bid, but it is worth little
    ...", read as "no trump suit would make it". With no trump named, the reason says the
    player should make the bid: "I should make a bid of 5 with no trump"."""
    view = Game.new(RuleSet(players=players, no_trump=True), seed=3).view(1)
    for chance, said in ((0.9, "I should make a bid of 5"), (0.65, "I am likely to make a bid of 5")):
        reason = score_bid_reason(view, None, Trump.parse("none"), chance, high=4)
        assert reason.startswith(f"I pass: {said} with no trump, but it would score only 5"), reason
        assert "no trump should" not in reason and "no trump is likely" not in reason, reason
    sixes = score_bid_reason(view, None, Trump.parse("6"), 0.9, high=4)  # a suit is said as before
    assert sixes.startswith("I pass: I should make a bid of 5 with sixes as trump, but it would score only 5"), sixes


@pytest.mark.parametrize("players", [3, 4])
def test_a_pass_says_why_in_plain_words_without_contradicting_itself(players: int) -> None:
    """The walk (4 players) read "I pass: ..., I should make the bid, but it is worth little
    against the tricks the other team scores anyway." and "I pass: even with fours as trump,
    my hand has about an even chance to take enough tricks to bid over 4.": a pass of a bid
    the seat should make says why in the scoring's plain words (a made bid scores only its
    number; the defenders score a point per trick, at no risk), and "even with" is not said
    beside "an even chance"."""
    view = Game.new(RuleSet(players=players), seed=3).view(1)
    defenders = "as defenders" if players == 4 else "as a defender"
    for tr in ("none", "4"):
        for chance in (0.95, 0.85, 0.7, 0.62):
            said = score_bid_reason(view, None, Trump.parse(tr), chance, high=4)
            assert "but it would score only 5" in said and defenders in said and "at no risk" in said, said
            assert "worth little" not in said and "the other team scores anyway" not in said, said
        for chance in (0.5, 0.3, 0.1):
            said = score_bid_reason(view, None, Trump.parse(tr), chance, high=4)
            assert "even with" not in said and "for a bid of 5" in said and "not enough to risk a bid" in said, said


#: A play's reason that says only what it is for ("3-3 gives the best chance to set the bid.").
_ONLY_WHAT_FOR = re.compile(r"^[0-6]-[0-6] (?:gives|is a sure way|should bring)\b")


@pytest.mark.parametrize("players", [3, 4])
def test_a_play_said_after_the_hand_says_what_the_tile_does(players: int) -> None:
    """The walk read "I say why once the hand is over" answered by "3-3 gives the best chance
    to set the bid." and "1-1 should bring me the most tricks from here.": nothing of what the
    tile does. A strong play's reason said for the contract or the tricks first says what the
    tile does (draws trumps, should take the trick, keeps the stronger tiles, beats the tiles
    played, gives up a tile that cannot win), and that is true of the position."""
    from engine.players.facts import keep_value

    said = 0
    for seed in range(3):
        game = Game.new(RuleSet(players=players), seed=seed)
        for _, view, d in bot_moves(game, seat_bots("strong", players, seed, FAST)):
            reason, tile, trump = d.explanation.reason, d.action.value, view.trump
            if d.action.kind != "play" or not isinstance(tile, Tile) or trump is None:
                continue
            assert not _ONLY_WHAT_FOR.match(reason), reason
            if not (reason.endswith(" the bid.") or reason.endswith(" from here.")):
                continue
            does = reason.split(": that ")[0]
            assert str(tile) in does and does != reason, reason
            if "draw the trumps" in does:
                assert trump.is_trump(tile) and not view.current_trick, reason
            if "keep my stronger tiles" in does:
                assert any(keep_value(t, trump) > keep_value(tile, trump) for t in view.hand if t != tile), reason
            if "cannot win this trick" in does:
                assert not can_win(view, tile), reason
            said += 1
    assert said, "no play was said for the contract or the tricks"
