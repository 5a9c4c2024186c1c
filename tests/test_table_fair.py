"""The Play table is fair during the hand and says true, grammatical sentences.

Walks many seeded hands (three and four players, basic and strong computer players) the way
the Play page shows them to the learner at seat 0: every computer decision as said at the
table (:meth:`engine.players.Decision.at_table`) must name no tile that a seat has not
played (the learner's own hand aside), and every sentence the table says (reasons in full and
at the table, the feed's lines, the tricks lines, the end of the hand) must agree in number
and person.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from engine import Action, Game, RuleSet, Tile, Trump, parse_tiles
from engine.game import PlayerView
from engine.players.reasons import _top_of_suit, hand_features
from tutorial.services.describe import describe_action, result_words, seat_name
from tutorial.services.table import side_tricks, tricks_line

from helpers import bot_moves, fast_strong, seat_bots, shown_voids

FAST = fast_strong(4, 3, bid_samples=4, contract_samples=5, bid_trumps=2)
_TILE = re.compile(r"\b([0-6])-([0-6])\b")
YOU = 0

#: Nouns that take a plural after any number but one.
_NOUNS = r"(?:tricks|tiles|doubles|trumps|points|marks|levels|puzzles|students|blanks|ones|twos|threes|fours|fives|sixes)"
_BAD = [
    (re.compile(rf"(?<![\d.])\b(?:1|one) {_NOUNS}\b"), "a plural after one"),
    (re.compile(r"(?<![\d.])\b(?:[02-9]|\d\d+|two|three|four|five|six|seven) (?:trick|tile|double|trump|level|puzzle|student)\b"
                r"(?! of)"), "a singular after a number"),
    (re.compile(r"\bYou (?:leads|plays|passes|bids|names|discards|shoots|takes|was|has)\b"), "You with a verb in -s"),
    (re.compile(r"\bcheapest, ([0-6])-\1\b"), "a double called cheapest"),
]


def _named(text: str) -> set[Tile]:
    return {Tile(int(a), int(b)) for a, b in _TILE.findall(text)}


def _grammar(text: str) -> list[str]:
    return [why for pattern, why in _BAD if pattern.search(text)]


def _texts(decision: Any) -> list[str]:
    """Every text the page shows for a decision: reason, summary and the table's moves and
    notes (the cells :func:`tutorial.services.describe.decision_frame` makes of them)."""
    exp = decision.explanation
    return [exp.reason, exp.summary, *(str(c.action) for c in exp.candidates),
            *(tag for c in exp.candidates for tag in c.tags)]


def _walk(rules: RuleSet, seed: int, level: str) -> int:
    """Play one hand; check every computer decision as the learner at seat 0 sees it."""
    game = Game.new(rules, seed=seed)
    played: set[Tile] = set()
    mine = set(game.view(YOU).hand)
    checked = 0
    for seat, view, d in bot_moves(game, seat_bots(level, rules.players, seed, FAST)):
        a = d.action
        now = set(played)
        if a.kind == "play":
            assert isinstance(a.value, Tile)
            now.add(a.value)
        if seat != YOU:
            fair = d.at_table()
            said = describe_action(seat, a, you=YOU, players=rules.players)
            for text in [said, *_texts(fair)]:
                hidden = _named(text) - now - mine
                assert not hidden, f"seed {seed} {view.phase} {a}: {text!r} names {sorted(map(str, hidden))}"
            for text in [said, *_texts(d), *_texts(fair)]:
                assert not _grammar(text), f"seed {seed} {a}: {text!r}: {_grammar(text)}"
                if "other double" in text:  # "other" beside a trump double the hand holds
                    tr = d.explanation.chosen.trump
                    assert tr is not None and any(t.is_double and tr.is_trump(t) for t in view.hand), text
            checked += 1
        if a.kind == "play":
            assert isinstance(a.value, Tile)
            played.add(a.value)
        mine = set(game.view(YOU).hand) | mine
        for text in _table_lines(game, game.view(YOU)):
            assert not _grammar(text), f"seed {seed}: {text!r}: {_grammar(text)}"
    result = game.results[-1]
    for text in [result.describe(), result_words(result, you=YOU, players=rules.players), *_table_lines(game, game.view(YOU))]:
        assert not _grammar(text), f"seed {seed}: {text!r}: {_grammar(text)}"
        for m in re.finditer(r"(\d+) of (\d+)", text):
            assert int(m.group(1)) <= int(m.group(2)), text
    return checked


def _table_lines(game: Game, view: PlayerView) -> list[str]:
    n = game.rules.players
    names = [seat_name(s, YOU, n) for s in range(n)] if n == 3 else ["Your team", "Their team"]
    side = None if game.bidder is None else game.rules.side_of(game.bidder)
    return [tricks_line(taken=t, bid=game.bid, name=name, bidding=i == side, over=game.hand_finished)
            for i, (name, t) in enumerate(zip(names, side_tricks(view), strict=True))]


@pytest.mark.parametrize("players", [3, 4])
def test_basic_tables_are_fair_and_grammatical(players: int) -> None:
    checked = sum(_walk(RuleSet(players=players), seed, "basic") for seed in range(16))
    assert checked > 16 * 10


@pytest.mark.slow
@pytest.mark.parametrize("players", [3, 4])
def test_strong_tables_are_fair_and_grammatical(players: int) -> None:
    checked = sum(_walk(RuleSet(players=players), seed, "strong") for seed in range(4))
    assert checked > 4 * 10


def test_the_table_hides_a_discard_and_the_other_tiles_until_the_hand_is_over() -> None:
    game = Game.new(RuleSet(), seed=11)
    bots = seat_bots("basic", 3, 0)
    for _ in bot_moves(game, bots, until=lambda g: g.phase == "discard"):
        pass
    seat = game.to_act
    assert seat is not None
    d = bots[seat].decide(game.view(seat))
    assert str(d.action.value) in d.explanation.reason  # in full: the tile discarded
    fair = d.at_table()
    assert not _named(fair.explanation.reason) and fair.explanation.candidates == ()
    assert fair.explanation.reason == "I lay one tile aside face down: the tile I need least."


def test_reason_wording_slips() -> None:
    # "other" only beside a trump double; a lone tile of its suit is "the only ... left".
    assert hand_features(parse_tiles("5-4 5-3 5-1 3-3 6-2 4-1 2-0"), Trump.parse("5")) == "three fives and one double"
    assert "other" in hand_features(parse_tiles("5-5 5-3 5-1 3-3 6-2 4-1 2-0"), Trump.parse("5"))
    assert tricks_line(taken=7, bid=6, name="You", bidding=True, over=True) == "You: 7 tricks, 6 needed — bid made"
    assert describe_action(0, Action.parse("play 6-4"), you=0, players=3) == "You play 6-4"


def test_the_only_tile_of_its_suit_left_is_not_called_the_highest() -> None:
    """A lead of 2-1 when every other two is gone: "the only two left"."""
    # Walk hands until a strong reason calls a tile the top of its suit; check the words
    # against what is left of that suit.
    seen = 0
    for seed in range(30):
        game = Game.new(RuleSet(), seed=seed)
        for _, view, d in bot_moves(game, seat_bots("basic", 3, seed)):
            a = d.action
            if a.kind == "play" and view.trump is not None and len(view.legal_actions()) > 1:
                tile = a.value
                assert isinstance(tile, Tile)
                top = _top_of_suit(view, tile)
                if top.startswith("the highest of the"):
                    suit = view.trump.suit_led(view.current_trick[0]) if view.current_trick else view.trump.suit_led(tile)
                    left = [u for u in (*view.unseen(), *view.hand) if u is not tile and view.trump.follows(u, suit)]
                    assert left, f"{tile}: {top}"
                    seen += 1
                elif top.startswith("the only"):
                    seen += 1
    assert seen > 10


def _trick_winner_tile(game: Game) -> Tile:
    """The tile that won the last finished trick."""
    last = game.view(YOU).tricks[-1]
    return last.tiles[last.seats.index(last.winner)]


@pytest.mark.parametrize(("players", "level", "seeds"), [(3, "basic", range(24)), (4, "basic", range(24)),
                                                          (3, "strong", range(3)), (4, "strong", range(6))])
def test_a_play_said_at_the_table_says_what_the_tile_does_and_no_more(players: int, level: str, seeds: range) -> None:
    """During the hand a computer's play is said by what the tile does: it names only the
    tile played and the tiles on the table, has no numbers (no details to open), and what it
    says of the trick is true; a lead whose purpose is not plain to the table says why later."""
    from engine.players.reasons import LATER, table_play_reason

    kinds: set[str] = set()
    for seed in seeds:
        game = Game.new(RuleSet(players=players), seed=seed)
        claims: list[Tile] = []  # the tiles said to take the trick now being played
        for _, view, d in bot_moves(game, seat_bots(level, players, seed, FAST)):
            if d.action.kind == "play":
                tile = d.action.value
                assert isinstance(tile, Tile)
                fair = d.at_table().explanation
                said = fair.reason
                assert said == table_play_reason(view, tile)
                assert fair.candidates == () and fair.summary == "", f"seed {seed} {tile}: numbers at the table"
                assert _named(said) <= {tile, *view.current_trick}, f"seed {seed} {tile}: {said!r}"
                assert not re.search(r"\d", _TILE.sub("", said)), said
                assert not _grammar(said) and said.endswith(".") and len(said.split()) <= 35, said
                if said.endswith("takes this trick.") or said.endswith("and take the trick."):
                    claims.append(tile)
                    kinds.add("takes")
                elif m := re.search(r"(?:my partner's )?([0-6]-[0-6]) takes the trick\.$", said):
                    claims.append(Tile.parse(m.group(1)))
                    kinds.add("stays")
                if LATER in said:
                    assert not view.current_trick and LATER not in d.explanation.reason
                    kinds.add("later")
                if "my partner" in said:
                    assert players == 4
            if d.action.kind == "play" and not game.current_trick and game.view(YOU).tricks:
                won = _trick_winner_tile(game)
                assert all(c is won for c in claims), f"seed {seed}: said {claims} take the trick, {won} did"
                claims = []
    if level == "basic":
        assert kinds == {"takes", "stays", "later"}


#: A table reason that says who takes the trick being played: another tile ("6-6 takes the
#: trick", "my partner's 5-3 still wins the trick") or the tile played ("so it takes this
#: trick", "and take the trick", "takes this trick for sure"). "Should" and "hoping" are not claims.
_OTHER_TAKES = re.compile(r"\b([0-6]-[0-6]) (?:takes|still wins|wins) the trick\b")
_TILE_TAKES = re.compile(r"\bso it takes this trick\b|\band take the trick\b|\bfor sure\b")


def _later_winners(view: PlayerView, tile: Tile, claimed: Tile) -> list[tuple[int, Tile]]:
    """The (seat, tile) pairs that could still beat ``claimed`` in the trick ``view``'s seat
    plays ``tile`` to, in some layout of the tiles it has not seen that agrees with what it
    knows (its hand, the tiles played and the voids shown): a seat still to play after it
    that may hold a tile beating ``claimed``."""
    trump = view.trump
    assert trump is not None
    n = view.rules.players
    trick = view.current_trick
    suit = trump.suit_led(trick[0]) if trick else trump.suit_led(tile)
    later = [(view.seat + k) % n for k in range(1, n - len(trick))]
    voids = shown_voids(view)
    power = trump.power(claimed, suit)
    return [(s, u) for s in later for u in sorted(view.unseen(), key=lambda t: t.index)
            if trump.power(u, suit) > power and not any(trump.follows(u, v) for v in voids[s])]


@pytest.mark.parametrize(("players", "level", "seeds"), [(3, "basic", range(40)), (4, "basic", range(40)),
                                                          (3, "strong", range(4)), (4, "strong", range(6))])
def test_a_table_reason_says_who_takes_the_trick_only_when_nothing_can_change_it(
        players: int, level: str, seeds: range) -> None:
    """ "I follow sixes with 6-5; 6-6 still wins the trick." was read, and stayed in the feed,
    after a later seat trumped and took the trick. During the hand a reason says a tile takes
    (or still wins) the trick only when, from the speaking seat's view (its hand, the tiles
    played and the voids shown), no seat still to play may hold a tile that beats it; and the
    claim is true of the deal. Otherwise it says the tile "is winning so far"."""
    seen = {"claims": 0, "so far": 0}
    for seed in seeds:
        game = Game.new(RuleSet(players=players), seed=seed)
        claims: list[Tile] = []
        for seat, view, d in bot_moves(game, seat_bots(level, players, seed, FAST)):
            if d.action.kind != "play":
                continue
            tile = d.action.value
            assert isinstance(tile, Tile)
            said = d.at_table().explanation.reason
            seen["so far"] += "is winning so far" in said
            claimed = [Tile.parse(m.group(1)) for m in _OTHER_TAKES.finditer(said)]
            if _TILE_TAKES.search(said):
                claimed.append(tile)
            for c in claimed:
                could = _later_winners(view, tile, c)
                assert not could, f"seed {seed} seat {seat} {tile}: {said!r}, but a later seat may hold a winner: {could}"
                claims.append(c)
                seen["claims"] += 1
            if not game.current_trick and game.view(YOU).tricks:
                won = _trick_winner_tile(game)
                assert all(c is won for c in claims), f"seed {seed}: said {claims} take the trick, {won} did"
                claims = []
    assert seen["claims"] and seen["so far"], seen


def test_a_double_given_up_is_not_called_cheap() -> None:
    """ "I give up my cheapest, 4-4" was wrong: a double is the top of its suit. Its
    reason says what it is."""
    seen = 0
    for seed in range(40):
        game = Game.new(RuleSet(), seed=seed)
        for _, _, d in bot_moves(game, seat_bots("basic", 3, seed)):
            tile = d.action.value
            if d.action.kind == "play" and isinstance(tile, Tile) and tile.is_double and "give up" in d.explanation.reason:
                assert d.explanation.reason.endswith(f"I give up {tile}, a double I need less than my other tiles."), \
                    d.explanation.reason
                seen += 1
    assert seen >= 3


def _follows_of(view: PlayerView, tile: Tile) -> list[Tile]:
    """The tiles of the seat's hand but ``tile`` that follow the suit led."""
    trump = view.trump
    assert trump is not None
    suit = trump.suit_led(view.current_trick[0])
    return [t for t in view.hand if t != tile and trump.follows(t, suit)]


@pytest.mark.parametrize(("players", "level", "seeds"), [(3, "basic", range(40)), (4, "basic", range(40)),
                                                          (3, "strong", range(3)), (4, "strong", range(6))])
def test_a_follow_said_low_at_the_table_is_the_lowest_and_a_choice(players: int, level: str, seeds: range) -> None:
    """ "I follow fours low with 5-4" while the seat still held 4-3, or with its only four,
    was false. "Low" is said only when the seat had another tile of the suit and played its
    lowest; a forced follow says what the tile does, without "low" and without "my only"."""
    from engine.players.reasons import table_play_reason

    seen = {"low": 0, "kept lower": 0, "forced": 0}
    for seed in seeds:
        game = Game.new(RuleSet(players=players), seed=seed)
        for _, view, d in bot_moves(game, seat_bots(level, players, seed, FAST)):
            a = d.action
            tile = a.value
            if a.kind == "play" and isinstance(tile, Tile) and view.current_trick and len(view.hand) > 1:
                said = table_play_reason(view, tile)
                trump = view.trump
                assert trump is not None
                suit = trump.suit_led(view.current_trick[0])
                others = _follows_of(view, tile)
                if " low with " in said:
                    assert others, f"seed {seed}: {said!r}, but {tile} was the seat's only tile of the suit"
                    assert all(trump.power(t, suit) > trump.power(tile, suit) for t in others), \
                        f"seed {seed}: {said!r}, but the seat held {sorted(map(str, others))}"
                    seen["low"] += 1
                elif trump.follows(tile, suit) and said.startswith("I follow"):
                    if not others:
                        seen["forced"] += 1
                    elif any(trump.power(t, suit) < trump.power(tile, suit) for t in others):
                        seen["kept lower"] += 1
                if trump.follows(tile, suit) and not others:
                    assert " only " not in said, f"seed {seed}: {said!r} tells the table the seat's suit"
    # The basic player never keeps a lower tile of the suit when it cannot win; the strong
    # player sometimes does (5-4 kept over 4-3 to save the lower four for later).
    wanted = ("low", "forced") if level == "basic" else ("kept lower",)
    assert all(seen[k] for k in wanted), seen
