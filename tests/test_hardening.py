"""Bad input to the engine gets the engine's own error and a short message.

Every parser reads ASCII digits only and caps lengths before ``int()``; malformed records and
rule sets raise :class:`ParseError` (or its :class:`RulesError` / :class:`RecordError`
subclasses, all ``ValueError``) naming the field; messages quote at most ~80 characters of the
bad input; a game has at most :data:`MAX_HANDS` hands; the action parse cache holds only
actions that can be legal.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine import Action, Game, IllegalAction, ParseError, RuleSet, Tile, Trump
from engine.errors import RulesError
from engine.limits import MAX_HANDS, MAX_QUOTE, parse_int, quote
from engine.record import RecordError

from helpers import examples

#: Longest message we accept for any bad input: the sentence itself plus ~80 quoted chars.
MAX_MESSAGE = 400

UNICODE_DIGITS = ["²", "٤", "٤٢", "߃", "१", "①", "𝟙", "٣"]


def finished(rules: RuleSet | None = None, seed: int = 31, hands: int = 1) -> Game:
    g = Game.new(rules or RuleSet(), seed=seed)
    for h in range(hands):
        while g.phase not in ("hand_over", "game_over"):
            acts = g.legal_actions()
            g.apply(acts[1] if g.phase == "bidding" and not g.bids else acts[0])
        if h < hands - 1 and g.phase == "hand_over":
            g.next_hand()
    return g


def good_record() -> dict[str, Any]:
    return json.loads(json.dumps(finished().record()))


def given_record() -> dict[str, Any]:
    hands = ["6-6 6-5 6-4 6-3 4-1 3-1 2-1", "5-5 5-4 5-3 5-2 5-1 4-4 4-3", "6-2 6-1 4-2 3-3 3-2 2-2 1-1"]
    g = Game.from_deal(RuleSet(), [h.split() for h in hands], ["0-0"], first_bidder=2, seed=5)
    g.apply("pass")
    return json.loads(json.dumps(g.record()))


# -- item 1: ASCII digits only, lengths capped ------------------------------------------------


@pytest.mark.parametrize("digit", UNICODE_DIGITS)
def test_unicode_digits_are_not_bids_or_trumps(digit: str) -> None:
    with pytest.raises(ParseError) as info:
        Action.parse(f"bid {digit}")
    assert "0-9" in str(info.value)
    with pytest.raises(ParseError):
        Trump.parse(digit)
    with pytest.raises(ParseError):
        Action.parse(f"trump {digit}")
    with pytest.raises(ParseError):
        Tile.parse(f"{digit}-1")


def test_a_4301_digit_bid_is_a_parse_error_with_a_short_message() -> None:
    with pytest.raises(ParseError) as info:
        Action.parse("bid " + "9" * 4301)
    assert len(str(info.value)) < MAX_MESSAGE


def test_bids_that_are_numbers_but_not_bids_still_reach_the_rules() -> None:
    # "bid 22" is notation; the game refuses it with the rule (the bids are 4-7 and 21).
    assert Action.parse("bid 22").value == 22
    with pytest.raises(IllegalAction):
        Game.new(seed=1).apply("bid 22")


@given(st.text(max_size=60))
@examples(400)
def test_any_text_into_the_parsers_raises_only_parse_error(text: str) -> None:
    for parse in (Action.parse, Trump.parse, Tile.parse):
        try:
            parse(text)
        except ParseError as e:
            assert len(str(e)) < MAX_MESSAGE
    for prefix in ("bid ", "trump ", "play ", "discard "):
        try:
            Action.parse(prefix + text)
        except ParseError as e:
            assert len(str(e)) < MAX_MESSAGE


@given(st.text(alphabet=st.characters(categories=["Nd", "No"]), min_size=1, max_size=8))
@examples(300)
def test_non_ascii_digits_are_never_read_as_numbers(digits: str) -> None:
    if digits.isascii():
        return
    with pytest.raises(ParseError):
        Action.parse("bid " + digits)
    with pytest.raises(ParseError):
        Trump.parse(digits)
    with pytest.raises(ParseError):
        parse_int(digits, "a deal number", 0, 10**6)


def test_parse_int_caps_the_length_before_converting() -> None:
    assert parse_int(" 0042 ", "a number", 0, 100) == 42
    for bad in ["", "-1", "+1", "1e3", "4 2", "101", "9" * 50_000, "٤٢"]:
        with pytest.raises(ParseError) as info:
            parse_int(bad, "a number", 0, 100)
        assert len(str(info.value)) < MAX_MESSAGE


def test_a_unicode_digit_in_a_record_keeps_the_hand_and_action_number() -> None:
    rec = good_record()
    rec["hands"][0]["actions"][1] = "bid ²"
    with pytest.raises(ParseError) as info:
        Game.replay(rec)
    assert "hand 1" in str(info.value) and "action 2" in str(info.value)


# -- item 3: malformed records and rule sets -------------------------------------------------


@pytest.mark.parametrize(
    ("field", "value"),
    [("hands", None), ("hands", 5), ("hands", [5, 5, 5]), ("hands", [None, None, None]),
     ("hands", [["6-6"]] * 3), ("hands", "6-6 6-5"), ("widow", 5), ("widow", None), ("widow", ["x"]),
     ("widow", ["6-6", "5-5"]), ("first_bidder", 7), ("first_bidder", "0"), ("actions", 5), ("dealt", "shuffled")],
)
def test_a_malformed_given_deal_names_the_field(field: str, value: object) -> None:
    rec = given_record()
    rec["hands"][0][field] = value
    with pytest.raises(RecordError) as info:
        Game.replay(rec)
    assert field in str(info.value)
    assert isinstance(info.value, ParseError) and isinstance(info.value, ValueError)


@pytest.mark.parametrize(
    ("field", "value"),
    [("hands", None), ("hands", 5), ("hands", [5, 5, 5]), ("hands", [None, None, None]), ("widow", 5),
     ("widow", None), ("number", 2), ("number", "1"), ("number", 10**5000), ("first_bidder", 2.0)],
    ids=quote,
)
def test_a_malformed_seeded_hand_names_the_field(field: str, value: object) -> None:
    rec = good_record()
    rec["hands"][0][field] = value
    with pytest.raises(RecordError) as info:
        Game.replay(rec)
    assert field in str(info.value)
    assert len(str(info.value)) < MAX_MESSAGE


def test_a_seeded_records_widow_is_checked_against_the_deal() -> None:
    rec = good_record()
    g = Game.new(seed=rec["seed"])
    other = next(t for t in RuleSet().tiles if t not in g.widow)
    rec["hands"][0]["widow"] = [str(other)]
    with pytest.raises(RecordError) as info:
        Game.replay(rec)
    assert "widow" in str(info.value)


def test_a_seeded_records_hand_number_is_checked() -> None:
    rec = json.loads(json.dumps(finished(hands=2).record()))
    rec["hands"][1]["number"] = 7
    with pytest.raises(RecordError) as info:
        Game.replay(rec)
    assert "hand 2, field 'number'" in str(info.value)


@pytest.mark.parametrize(
    ("top", "value", "word"),
    [("seed", 10**5000, "seed"), ("seed", -1, "seed"), ("seed", 1.0, "seed"), ("hands", None, "hands"),
     ("hands", {}, "hands"), ("rules", None, "rules"), ("rules", {"players": 3.0}, "players"),
     ("rules", {1: 2, "x": 3}, "rules"), ("format", "x" * 50_000, "format")],
    ids=quote,
)
def test_malformed_top_level_fields_are_named(top: str, value: object, word: str) -> None:
    rec = good_record()
    rec[top] = value
    with pytest.raises(ParseError) as info:
        Game.replay(rec)
    assert word in str(info.value)
    assert len(str(info.value)) < MAX_MESSAGE


def test_ruleset_refuses_float_players_and_non_text_fields() -> None:
    with pytest.raises(RulesError) as info:
        RuleSet(players=3.0)  # type: ignore[arg-type]
    assert "players" in str(info.value)
    with pytest.raises(RulesError) as info:
        RuleSet.from_dict({1: 2, "x": 3})  # type: ignore[dict-item]
    assert "field name" in str(info.value)
    with pytest.raises(RulesError):
        RuleSet.from_dict({"players": True})
    with pytest.raises(RulesError):
        RuleSet.from_dict({"min_bid": 4.0})


JSONISH = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=12), inner, max_size=5),
    max_leaves=20,
)


@given(
    path=st.sampled_from([("rules",), ("seed",), ("hands",), ("format",), ("hands", 0), ("hands", 0, "hands"),
                          ("hands", 0, "widow"), ("hands", 0, "actions"), ("hands", 0, "number"),
                          ("hands", 0, "first_bidder"), ("hands", 0, "dealt"), ("hands", 0, "hands", 1),
                          ("hands", 0, "actions", 0), ("rules", "target"), ("rules", "players")]),
    value=JSONISH,
    given_deal=st.booleans(),
)
@examples(500)
def test_any_json_in_any_field_of_a_record_raises_only_the_engines_error(
    path: tuple[Any, ...], value: object, given_deal: bool
) -> None:
    rec = given_record() if given_deal else good_record()
    target: Any = rec
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    try:
        Game.replay(rec)
    except (ParseError, IllegalAction) as e:
        assert len(str(e)) < MAX_MESSAGE


# -- item 4: a range for every numeric rule ----------------------------------------------------


@pytest.mark.parametrize(
    ("kwargs", "shown"),
    [({"target": 10**308}, "1 to 250"), ({"target": 251}, "1 to 250"), ({"target": 0}, "1 to 250"),
     ({"scoring": "marks", "target": 26}, "1 to 25"), ({"min_bid": 10**5000}, "min_bid")],
    ids=quote,
)
def test_numeric_rules_have_a_range_named_in_the_message(kwargs: dict[str, Any], shown: str) -> None:
    with pytest.raises(RulesError) as info:
        RuleSet(**kwargs)
    assert shown in str(info.value)
    assert len(str(info.value)) < MAX_MESSAGE
    assert RuleSet(target=250).target == 250 and RuleSet(scoring="marks", target=25).target == 25


# -- item 5: messages quote at most ~80 characters ---------------------------------------------


def test_messages_quote_at_most_80_characters_of_a_huge_input() -> None:
    huge = "x" * 10_000_000
    for call in (lambda: Action.parse(huge), lambda: Trump.parse(huge), lambda: Tile.parse(huge),
                 lambda: Action.parse("play " + huge), lambda: RuleSet.from_dict({huge: 1})):
        with pytest.raises(ParseError) as info:
            call()
        assert len(str(info.value)) < MAX_MESSAGE
    assert len(quote(huge)) <= MAX_QUOTE + 3
    assert "digits" in quote(10**5000)


# -- item 6: hands per game are capped -------------------------------------------------------


def test_a_record_with_thousands_of_passed_hands_is_refused_quickly() -> None:
    rec = {"rules": RuleSet().to_dict(), "seed": 1, "hands": [{"actions": ["pass"] * 3}] * 3300}
    with pytest.raises(RecordError) as info:
        Game.replay(rec)
    assert str(MAX_HANDS) in str(info.value)


def test_a_game_stops_dealing_after_the_hand_limit() -> None:
    g = Game.new(seed=1)
    for _ in range(MAX_HANDS - 1):
        for _ in range(3):
            g.apply("pass")
        g.next_hand()
    for _ in range(3):
        g.apply("pass")
    assert g.hand_number == MAX_HANDS
    with pytest.raises(IllegalAction) as info:
        g.next_hand()
    assert info.value.code == "too-many-hands"
    assert Game.replay(g.record()) == g


# -- item 9: the parse cache holds only actions that can be legal ----------------------------------


def test_bogus_bids_do_not_grow_the_parse_cache() -> None:
    for text in ["pass", "bid 4", "bid 21", "play 6-4", "trump doubles"]:
        Action.parse(text)
    before = Action.cache_size()
    for n in range(10_000):
        try:
            Action.parse(f"bid {n}")
        except ParseError:
            pass
    for n in range(100, 300):
        Action("bid", n)
    assert Action.cache_size() <= before + 6  # at most the bids 3-7 and 21
    assert Action.parse("bid 99") == Action.parse("bid 99")
    assert hash(Action.parse("bid 99")) == hash(Action("bid", 99))
    assert Action.parse("bid 5") is Action.parse("bid 5")
