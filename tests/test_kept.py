"""What a browser keeps over a reload (the house rules, the lesson deck): the cookie values
round-trip, and anything else is refused when set and ignored when read back."""

from __future__ import annotations

import base64
import random

from engine import RuleSet
from tutorial.services.decks import Deck, DeckEntry, deck_token
from tutorial.services.kept import (
    DECK_COOKIE,
    MAX_VALUE,
    RULES_COOKIE,
    check,
    deck_value,
    rules_from_value,
    rules_value,
)


def _b64(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


def test_house_rules_round_trip_and_the_classic_rules_clear_the_cookie() -> None:
    for rules in (RuleSet(players=4), RuleSet(min_bid=5, scoring="marks"), RuleSet(keep_double_blank=False)):
        value = rules_value(rules)
        assert value and check(RULES_COOKIE, value) and rules_from_value(value) == rules
        assert set(value) <= set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
    assert rules_value(RuleSet()) == "" and check(RULES_COOKIE, "")


def test_what_is_not_house_rules_is_refused_and_read_back_as_nothing() -> None:
    for bad in ("x", _b64(b"[1]"), _b64(b'{"players": 5}'), _b64(b'{"colour": "red"}'), _b64(b'{"min_bid": "3"}'),
                "A" * (MAX_VALUE + 1), "\u00e9t\u00e9"):
        assert rules_from_value(bad) is None, bad
        assert not check(RULES_COOKIE, bad), bad


def test_a_deck_round_trips_and_a_damaged_or_foreign_one_is_refused() -> None:
    deck = Deck("Friday", (DeckEntry("deal", deal=12, move=9), DeckEntry("note", note="Trump wins.")))
    value = deck_value(deck)
    assert value == deck_token(deck) and check(DECK_COOKIE, value)
    assert deck_value(Deck()) == "" and check(DECK_COOKIE, "")
    assert not check(DECK_COOKIE, value[:-10]) and not check(DECK_COOKIE, "garbage")
    assert not check("moon_learner", value)  # only the two names
    long = Deck("Long", tuple(DeckEntry("note", note=random.Random(i).randbytes(900).hex()) for i in range(5)))
    assert deck_value(long) == ""  # too big for a cookie: not kept (the Classroom says so)
