"""The public API contract: notation round trips and parse errors, RuleSet to_dict/from_dict
and refusals, errors, read-only state, clone, record/replay (and a tampered record), and what
view(seat) hides."""

from __future__ import annotations

import dataclasses
import itertools
import json
from typing import Any

import pytest

import engine
from engine import (
    Action,
    Game,
    IllegalAction,
    ParseError,
    PlayerView,
    Reason,
    RuleSet,
    Tile,
    Trump,
    explain_play,
    tile_set,
)

from helpers import HANDS3

# -- Tile ---------------------------------------------------------------------------------


def test_tile_construction_parse_and_str() -> None:
    assert Tile(6, 4) == Tile.parse("6-4") == Tile.parse("4-6") == Tile(4, 6)
    assert str(Tile.parse("4-6")) == "6-4"
    t = Tile(6, 4)
    assert (t.high, t.low, t.is_double) == (6, 4, False)
    assert Tile(3, 3).is_double
    for x in tile_set(4):
        assert Tile.parse(str(x)) == x
        assert str(Tile.parse(f"{x.low}-{x.high}")) == str(x)


def test_tiles_are_hashable_and_ordered() -> None:
    assert len({Tile(6, 4), Tile(4, 6), Tile.parse("6-4")}) == 1
    d = {Tile(6, 4): "x"}
    assert d[Tile.parse("4-6")] == "x"
    tiles = list(tile_set(4))
    shuffled = tiles[::-1]
    assert sorted(shuffled) == sorted(tiles)
    s = sorted(tiles)
    for a, b in itertools.pairwise(s):
        assert a < b and not b < a and a != b and a <= b and b > a


def test_tiles_are_immutable() -> None:
    t = Tile(6, 4)
    with pytest.raises(AttributeError):
        t.high = 5


@pytest.mark.parametrize("bad", ["7-1", "6", "6-", "-4", "a-b", "", "6-4-2", "10-1", "6 4 2"])
def test_bad_tile_text_is_a_parse_error(bad: str) -> None:
    with pytest.raises(ParseError):
        Tile.parse(bad)


def test_bad_tile_numbers_are_refused() -> None:
    with pytest.raises(ValueError):
        Tile(7, 1)
    with pytest.raises(ValueError):
        Tile(-1, 0)


def test_tile_set_sizes() -> None:
    assert len(tile_set()) == 22
    assert len(tile_set(players=3, keep_double_blank=True)) == 22
    assert len(tile_set(players=3, keep_double_blank=False)) == 21
    assert len(tile_set(players=4)) == 28


# -- Trump --------------------------------------------------------------------------------


@pytest.mark.parametrize("text", ["0", "1", "2", "3", "4", "5", "6", "doubles", "none"])
def test_trump_round_trips(text: str) -> None:
    tr = Trump.parse(text)
    assert str(tr) == text
    assert Trump.parse(str(tr)) == tr


@pytest.mark.parametrize("bad", ["7", "-1", "sevens", "", "trump", "double six", "66"])
def test_bad_trump_text_is_a_parse_error(bad: str) -> None:
    with pytest.raises(ParseError):
        Trump.parse(bad)


def test_trump_api() -> None:
    sixes = Trump.parse("6")
    assert sixes.is_trump(Tile(6, 4))
    assert sixes.suit_led(Tile(5, 3)) == 5
    assert sixes.suit_led(Tile(6, 1)) == "trump"
    assert sixes.follows(Tile(5, 3), 5) and sixes.follows(Tile(5, 3), 3)
    assert not sixes.follows(Tile(6, 5), 5)
    assert sixes.rank(Tile(6, 6), "trump") > sixes.rank(Tile(6, 5), "trump")


# -- Action -------------------------------------------------------------------------------

NOTATION = [
    "pass", "bid 3", "bid 4", "bid 5", "bid 6", "bid 7", "bid 21",
    "discard 3-1", "discard 0-0", "trump 0", "trump 5", "trump 6", "trump doubles", "trump none",
    "play 6-4", "play 0-0", "play 3-3",
]


@pytest.mark.parametrize("text", NOTATION)
def test_action_notation_round_trips(text: str) -> None:
    a = Action.parse(text)
    assert str(a) == text
    assert Action.parse(str(a)) == a
    assert hash(Action.parse(text)) == hash(a)


@pytest.mark.parametrize(
    ("text", "canonical"),
    [("discard 1-3", "discard 3-1"), ("play 4-6", "play 6-4"), ("PLAY 6-4", "play 6-4"),
     ("  bid 5 ", "bid 5"), ("Pass", "pass"), ("trump Doubles", "trump doubles")],
)
def test_action_notation_is_normalised(text: str, canonical: str) -> None:
    assert str(Action.parse(text)) == canonical


@pytest.mark.parametrize(
    "bad",
    ["", "jump", "bid", "bid x", "bid -1", "bid 0", "play", "play 7-7", "play six", "discard",
     "discard 9-1", "trump", "trump 7", "trump sevens", "pass 4", "play 6-4 5-5"],
)
def test_bad_action_text_is_a_parse_error(bad: str) -> None:
    with pytest.raises(ParseError):
        Action.parse(bad)


def test_errors_are_value_errors_with_a_code() -> None:
    assert issubclass(ParseError, ValueError)
    assert issubclass(IllegalAction, ValueError)
    g = Game.new(seed=1)
    with pytest.raises(IllegalAction) as info:
        g.apply("bid 2")
    assert isinstance(info.value.code, str) and info.value.code
    assert str(info.value)


@pytest.mark.parametrize(
    ("rules", "setup", "action", "word"),
    [
        (RuleSet(), ["bid 5"], "bid 5", "higher"),  # §4: every bid must be higher
        (RuleSet(), [], "bid 8", "bid"),
        (RuleSet(all_pass="force-last"), ["pass", "pass"], "pass", "bid"),
        (RuleSet(), [], "play 6-6", "bid"),  # wrong time: the auction is on
        (RuleSet(), ["bid 4", "pass", "pass"], "discard 5-5", "hand"),  # not in the bidder's hand
        (RuleSet(doubles_trump=False), ["bid 4", "pass", "pass", "discard 0-0"], "trump doubles", "doubles"),
        (RuleSet(keep_double_blank=False), ["bid 4", "pass", "pass"], "trump 0", "blank"),
        (RuleSet(), ["bid 4", "pass", "pass", "discard 0-0", "trump 6", "play 6-6", "play 5-1"],
         "play 4-2", "follow"),  # §6: must follow trumps with 6-2 or 6-1
        (RuleSet(), ["bid 4", "pass", "pass", "discard 0-0", "trump 6"], "play 5-5", "hand"),
    ],
)
def test_illegal_action_messages_name_the_rule(rules: RuleSet, setup: list[str], action: str, word: str) -> None:
    widow = ["0-0"] if rules.keep_double_blank else []
    g = Game.from_deal(rules, [h.split() for h in HANDS3], widow, first_bidder=0)
    for a in setup:
        g.apply(a)
    before = g.clone()
    with pytest.raises(IllegalAction) as info:
        g.apply(action)
    assert word in str(info.value).lower()
    assert info.value.code
    assert g == before


def test_apply_with_bad_notation_raises_parse_error_and_changes_nothing() -> None:
    g = Game.new(seed=1)
    before = g.clone()
    with pytest.raises(ParseError):
        g.apply("bid twelve")
    assert g == before


def test_apply_accepts_actions_and_text() -> None:
    g, h = Game.new(seed=4), Game.new(seed=4)
    g.apply(Action.parse("bid 4"))
    h.apply("bid 4")
    assert g == h


# -- RuleSet ------------------------------------------------------------------------------


def test_ruleset_defaults_are_the_rule_book_defaults() -> None:
    r = RuleSet()
    assert r.players == 3
    assert r.keep_double_blank is True
    assert r.trump_before_widow is False
    assert r.min_bid == 4
    assert r.all_pass == "redeal"
    assert r.doubles_trump is True
    assert r.no_trump is True
    assert r.moon_wins_game is True
    assert r.moon_overcall is False
    assert r.scoring == "points"
    assert r.target == 21
    assert r.tie_break == "play-on"
    assert RuleSet(scoring="marks").target == 7


def test_ruleset_is_frozen() -> None:
    r = RuleSet()
    with pytest.raises(dataclasses.FrozenInstanceError):
        r.players = 4  # type: ignore[misc]
    assert dataclasses.is_dataclass(r)


def valid_rulesets() -> list[RuleSet]:
    names = ("players", "keep_double_blank", "trump_before_widow", "min_bid", "all_pass", "doubles_trump",
             "no_trump", "moon_wins_game", "moon_overcall", "scoring", "tie_break")
    choices: tuple[tuple[Any, ...], ...] = (
        (3, 4), (True, False), (True, False), (3, 4, 5), ("redeal", "force-last"),
        (True, False), (True, False), (True, False), (True, False), ("points", "marks"),
        ("play-on", "bidder-out"),
    )
    out = []
    for combo in itertools.product(*choices):
        kw = dict(zip(names, combo, strict=True))
        if kw["players"] == 4 and (not kw["keep_double_blank"] or kw["trump_before_widow"]):
            continue
        if kw["trump_before_widow"] and not kw["keep_double_blank"]:
            continue
        out.append(RuleSet(**kw))
    return out


def test_ruleset_to_dict_from_dict_round_trips_for_every_valid_combination() -> None:
    rulesets = valid_rulesets()
    # 4 table set-ups (3p with widow, 3p trump before widow, 3p without 0-0, 4p)
    # x 3 minimum bids x 2^7 for the seven two-way choices
    assert len(rulesets) == 4 * 3 * 2**7
    for r in rulesets:
        d = r.to_dict()
        assert set(d) == {f.name for f in dataclasses.fields(RuleSet)}
        assert json.loads(json.dumps(d)) == d
        assert RuleSet.from_dict(d) == r
        assert RuleSet.from_dict(json.loads(json.dumps(d))) == r


def test_ruleset_custom_target_round_trips() -> None:
    r = RuleSet(target=50)
    assert RuleSet.from_dict(r.to_dict()) == r
    assert r.to_dict()["target"] == 50


def test_ruleset_from_dict_fills_in_defaults() -> None:
    assert RuleSet.from_dict({}) == RuleSet()
    assert RuleSet.from_dict({"players": 4}) == RuleSet(players=4)


@pytest.mark.parametrize(
    ("kwargs", "field"),
    [
        ({"players": 4, "keep_double_blank": False}, "keep_double_blank"),
        ({"players": 4, "trump_before_widow": True}, "trump_before_widow"),
        ({"keep_double_blank": False, "trump_before_widow": True}, "trump_before_widow"),
        ({"players": 2}, "players"),
        ({"players": 5}, "players"),
        ({"min_bid": 2}, "min_bid"),
        ({"min_bid": 6}, "min_bid"),
        ({"all_pass": "shuffle"}, "all_pass"),
        ({"scoring": "tricks"}, "scoring"),
        ({"tie_break": "coin"}, "tie_break"),
        ({"target": 0}, "target"),
        ({"target": -21}, "target"),
        ({"moon_wins_game": "yes"}, "moon_wins_game"),
        ({"doubles_trump": 1}, "doubles_trump"),
    ],
)
def test_impossible_rulesets_are_refused_with_a_clear_value_error(kwargs: dict[str, Any], field: str) -> None:
    with pytest.raises(ValueError) as info:
        RuleSet(**kwargs)
    assert field in str(info.value)
    with pytest.raises(ValueError):
        RuleSet.from_dict({**RuleSet().to_dict(), **kwargs})


def test_ruleset_from_dict_refuses_unknown_fields() -> None:
    with pytest.raises(ValueError) as info:
        RuleSet.from_dict({"players": 3, "jokers": True})
    assert "jokers" in str(info.value)


# -- legal_plays / explain_play -----------------------------------------------------------


def test_explain_play_returns_a_reason() -> None:
    hand = [Tile(5, 3), Tile(6, 5), Tile(2, 1)]
    r = explain_play(hand, [Tile(5, 1)], Trump.parse("6"), Tile(6, 5))
    assert isinstance(r, Reason)
    assert (r.legal, r.code) == (False, "trump-cannot-follow")
    assert isinstance(r.text, str) and r.text
    ok = explain_play(hand, [Tile(5, 1)], "6", Tile(5, 3))
    assert ok.legal is True


def test_legal_plays_accepts_trump_text() -> None:
    hand = [Tile(5, 3), Tile(6, 5), Tile(2, 1)]
    assert engine.legal_plays(hand, [Tile(5, 1)], "6") == engine.legal_plays(hand, [Tile(5, 1)], Trump.parse("6"))


# -- Game state is read only --------------------------------------------------------------


@pytest.mark.parametrize(
    "name",
    ["phase", "to_act", "hands", "widow", "bids", "bidder", "bid", "trump", "leader", "current_trick",
     "tricks_won", "scores", "hand_number", "winner"],
)
def test_game_properties_are_read_only(name: str) -> None:
    g = Game.new(seed=2)
    with pytest.raises(AttributeError):
        setattr(g, name, None)


def test_mutating_returned_state_does_not_change_the_game() -> None:
    g = Game.new(seed=2)
    before = g.clone()
    bids = g.bids
    bids.append((0, 4))
    assert g.bids == []
    assert g == before


def test_phases_of_a_hand() -> None:
    g = Game.new(seed=8)
    seen = [g.phase]
    while not g.hand_finished:
        acts = g.legal_actions()
        g.apply(acts[1] if g.phase == "bidding" and not g.bids else acts[0])
        if g.phase != seen[-1]:
            seen.append(g.phase)
    assert seen == ["bidding", "discard", "trump", "playing", "hand_over"]
    assert set(seen) <= set(engine.PHASES)


# -- clone --------------------------------------------------------------------------------


def test_clone_is_equal_and_independent() -> None:
    g = Game.new(seed=21)
    g.apply("bid 4")
    c = g.clone()
    assert c == g
    c.apply("pass")
    assert c != g
    assert g.bids == [(g.bids[0][0], 4)]
    assert len(c.bids) == 2
    while not c.hand_finished:
        c.apply(c.legal_actions()[0])
    assert g.phase == "bidding"
    assert len(g.bids) == 1
    assert [len(h) for h in g.hands] == [7, 7, 7]


# -- record / replay ----------------------------------------------------------------------


def played(rules: RuleSet, seed: int, hands: int = 2) -> Game:
    g = Game.new(rules, seed=seed)
    for _ in range(hands):
        while not g.hand_finished:
            acts = g.legal_actions()
            g.apply(acts[1] if g.phase == "bidding" and not g.bids else acts[0])
        if g.phase == "game_over":
            break
        g.next_hand()
    return g


@pytest.mark.parametrize(
    "rules",
    [RuleSet(), RuleSet(players=4), RuleSet(keep_double_blank=False), RuleSet(trump_before_widow=True),
     RuleSet(scoring="marks", all_pass="force-last", min_bid=3)],
)
def test_record_is_json_and_replays_to_the_same_game(rules: RuleSet) -> None:
    g = played(rules, seed=77, hands=3)
    rec = g.record()
    text = json.dumps(rec)
    back = Game.replay(json.loads(text))
    assert back == g
    assert back.record() == rec
    assert back.scores == g.scores and back.hand_number == g.hand_number


def test_record_names_the_rules() -> None:
    rules = RuleSet(players=4, moon_overcall=True, scoring="marks")
    rec = Game.new(rules, seed=3).record()
    assert RuleSet.from_dict(json.loads(json.dumps(rec))["rules"]) == rules


def test_replay_of_a_given_deal() -> None:
    hands = [
        "6-6 6-5 6-4 6-3 4-1 3-1 2-1",
        "5-5 5-4 5-3 5-2 5-1 4-4 4-3",
        "6-2 6-1 4-2 3-3 3-2 2-2 1-1",
    ]
    g = Game.from_deal(RuleSet(), [h.split() for h in hands], ["0-0"], first_bidder=2, seed=5)
    for a in ["pass", "bid 5", "pass", "discard 0-0", "trump 6", "play 6-6"]:
        g.apply(a)
        assert Game.replay(json.loads(json.dumps(g.record()))) == g
    while g.phase == "playing":
        g.apply(g.legal_actions()[0])
    g.next_hand()
    g.apply("pass")
    assert Game.replay(json.loads(json.dumps(g.record()))) == g


def _all_actions(rec: dict[str, Any]) -> list[tuple[int, int]]:
    return [(h, i) for h, entry in enumerate(rec["hands"]) for i in range(len(entry["actions"]))]


def test_a_tampered_record_names_the_illegal_action() -> None:
    g = played(RuleSet(), seed=31, hands=1)
    rec = json.loads(json.dumps(g.record()))
    actions = rec["hands"][0]["actions"]
    # find the first play where the player had to follow suit, and swap in a tile that
    # does not follow: find it by replaying
    probe = Game.replay({**rec, "hands": [{**rec["hands"][0], "actions": []}]})
    bad_index = None
    bad_text = None
    for i, text in enumerate(actions):
        legal = {str(a) for a in probe.legal_actions()}
        if probe.phase == "playing" and probe.current_trick:
            hand = {f"play {t}" for t in probe.hands[probe.to_act]}  # type: ignore[index]
            illegal = sorted(hand - legal)
            if illegal:
                bad_index, bad_text = i, illegal[0]
                break
        probe.apply(text)
    assert bad_index is not None and bad_text is not None
    actions[bad_index] = bad_text
    with pytest.raises(IllegalAction) as info:
        Game.replay(rec)
    msg = str(info.value)
    assert f"action {bad_index + 1}" in msg
    assert bad_text in msg
    assert "hand 1" in msg


def test_a_tampered_bid_is_named() -> None:
    g = played(RuleSet(), seed=31, hands=2)
    rec = json.loads(json.dumps(g.record()))
    # hand 2: make the second bidder repeat the first bid (not higher)
    acts = rec["hands"][1]["actions"]
    first_bid = acts[0]
    assert first_bid.startswith("bid")
    acts[1] = first_bid
    with pytest.raises(IllegalAction) as info:
        Game.replay(rec)
    assert "hand 2" in str(info.value)
    assert "action 2" in str(info.value)


def test_a_record_with_bad_notation_is_a_parse_error() -> None:
    g = played(RuleSet(), seed=31, hands=1)
    rec = json.loads(json.dumps(g.record()))
    rec["hands"][0]["actions"][3] = "play 9-9"
    with pytest.raises(ParseError) as info:
        Game.replay(rec)
    assert "action 4" in str(info.value)


def test_malformed_records_are_refused() -> None:
    g = played(RuleSet(), seed=31, hands=1)
    good = json.loads(json.dumps(g.record()))
    for broken in [
        {k: v for k, v in good.items() if k != "rules"},
        {**good, "rules": {**good["rules"], "players": 5}},
        {**good, "hands": []},
        "not a record",
    ]:
        with pytest.raises(ValueError):
            Game.replay(broken)  # type: ignore[arg-type]


# -- view(seat) ---------------------------------------------------------------------------


def tiles_in(obj: object, seen: set[int] | None = None) -> set[Tile]:
    """Every Tile reachable from ``obj`` (dataclass fields, tuples, lists, dicts)."""
    seen = set() if seen is None else seen
    if id(obj) in seen:
        return set()
    seen.add(id(obj))
    if isinstance(obj, Tile):
        return {obj}
    out: set[Tile] = set()
    if isinstance(obj, Action):
        return tiles_in(obj.value, seen)
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        for f in dataclasses.fields(obj):
            out |= tiles_in(getattr(obj, f.name), seen)
    elif isinstance(obj, (list, tuple, set, frozenset)):
        for x in obj:
            out |= tiles_in(x, seen)
    elif isinstance(obj, dict):
        for k, v in obj.items():
            out |= tiles_in(k, seen) | tiles_in(v, seen)
    return out


def discard_of(g: Game) -> Tile | None:
    for text in g.record()["hands"][-1]["actions"]:
        a = Action.parse(text)
        if a.kind == "discard":
            assert isinstance(a.value, Tile)
            return a.value
    return None


def widow_taken(g: Game, rules: RuleSet) -> bool:
    """§5: the bidder takes the widow right after the auction, or (trump before widow) right
    after naming trump."""
    if g.bidder is None or not g.widow:
        return False
    return not rules.trump_before_widow or g.trump is not None


def check_view(g: Game, rules: RuleSet, seat: int) -> None:
    v = g.view(seat)
    assert isinstance(v, PlayerView)
    assert tuple(sorted(v.hand)) == tuple(sorted(g.hands[seat]))
    public = {t for tr in g.tricks for t in tr.tiles} | set(g.current_trick)
    allowed = set(g.hands[seat]) | public
    if seat == g.bidder:
        d = discard_of(g)
        if d is not None:
            allowed.add(d)
        if widow_taken(g, rules):
            allowed |= set(g.widow)
    leaked = tiles_in(v) - allowed
    assert not leaked, f"seat {seat} sees {sorted(map(str, leaked))}"


@pytest.mark.parametrize(
    "rules",
    [RuleSet(), RuleSet(players=4), RuleSet(trump_before_widow=True), RuleSet(keep_double_blank=False)],
)
def test_view_shows_only_what_the_seat_may_know(rules: RuleSet) -> None:
    for seed in range(4):
        g = Game.new(rules, seed=seed)
        while not g.hand_finished:
            for seat in range(rules.players):
                check_view(g, rules, seat)
            acts = g.legal_actions()
            g.apply(acts[1] if g.phase == "bidding" and not g.bids else acts[-1])
        for seat in range(rules.players):
            check_view(g, rules, seat)


def test_view_public_information() -> None:
    g = Game.new(seed=12)
    first = g.to_act
    g.apply("bid 5")
    g.apply("pass")
    g.apply("pass")
    for seat in range(3):
        v = g.view(seat)
        assert v.seat == seat
        assert tuple(v.bids) == tuple(g.bids)
        assert v.bidder == first
        assert v.bid == 5
        assert v.phase == "discard"


def test_view_of_the_widow_and_discard() -> None:
    g = Game.new(seed=12)
    bidder = g.to_act
    assert bidder is not None
    (w,) = g.widow
    for seat in range(3):
        assert w not in set(g.view(seat).hand) | set(g.view(seat).widow)
    g.apply("bid 5")
    g.apply("pass")
    g.apply("pass")
    assert w in g.view(bidder).widow
    discard = g.hands[bidder][0]
    g.apply(f"discard {discard}")
    assert g.view(bidder).discard == discard
    for seat in range(3):
        if seat != bidder:
            v = g.view(seat)
            assert v.discard is None
            assert v.widow == ()
            assert discard not in tiles_in(v)
            assert w not in tiles_in(v)


def test_view_refuses_a_bad_seat() -> None:
    g = Game.new(seed=1)
    with pytest.raises(ValueError):
        g.view(3)
    with pytest.raises(ValueError):
        Game.new(RuleSet(players=4), seed=1).view(4)
