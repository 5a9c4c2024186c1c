"""What a browser keeps over a reload on any page: the house rules and the Classroom's lesson
deck, each in a cookie of its own (:data:`RULES_COOKIE`, :data:`DECK_COOKIE`), set ``HttpOnly``
by ``tutorial/server.py``'s :data:`KEPT_ROUTE` (no script in the page can read them) and read
back when a new session starts in that browser. Both are checked when set and again when read
back: a cookie that does not hold valid house rules is ignored (the defaults), one that does
not hold a valid deck gives an empty deck and the Classroom says why.

The values: the house rules that differ from the defaults as compact JSON, and the deck packed as
in a deck link (:func:`tutorial.services.decks.deck_token`), both base64url (cookie-safe). The
classic rules and an empty deck clear their cookie.

>>> from engine import RuleSet
>>> rules_value(RuleSet())
''
>>> rules_from_value(rules_value(RuleSet(players=4))) == RuleSet(players=4)
True
>>> rules_from_value("not rules") is None
True
"""

from __future__ import annotations

import base64
import binascii
import json
from dataclasses import fields

from engine import RuleSet
from tutorial.services.decks import Deck, DeckError, deck_from_token, deck_token

__all__ = ["DECK_COOKIE", "KEPT_ROUTE", "MAX_VALUE", "NAMES", "RULES_COOKIE", "check", "deck_value", "rules_from_value",
           "rules_value"]

#: The cookie that keeps the house rules.
RULES_COOKIE = "moon_rules"
#: The cookie that keeps the Classroom's lesson deck.
DECK_COOKIE = "moon_deck"
#: Every name the route sets.
NAMES = (RULES_COOKIE, DECK_COOKIE)
#: The route of ``tutorial/server.py`` that sets (a value) or clears (an empty value) one of them;
#: the body: the cookie's name, a space, its value.
KEPT_ROUTE = "/kept-cookie"
#: The longest value kept (a browser keeps about 4096 bytes a cookie): a longer deck is not kept
#: (the Classroom's address still holds it; the page says so).
MAX_VALUE = 3800


def rules_value(rules: RuleSet) -> str:
    """The cookie value of ``rules`` (their fields that differ from the defaults); ``""`` for
    the defaults."""
    default = RuleSet().to_dict()
    changed = {k: v for k, v in rules.to_dict().items() if default[k] != v}
    if not changed:
        return ""
    raw = json.dumps(changed, separators=(",", ":"), sort_keys=True).encode()
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


def rules_from_value(value: str) -> RuleSet | None:
    """The house rules of a cookie value made by :func:`rules_value`; ``None`` when it holds
    none (a damaged or foreign value)."""
    if not value or len(value) > MAX_VALUE:
        return None
    try:
        data = json.loads(base64.urlsafe_b64decode(value + "=" * (-len(value) % 4)))
        if not isinstance(data, dict) or not set(data) <= {f.name for f in fields(RuleSet)}:
            return None
        return RuleSet.from_dict(data)
    except (binascii.Error, ValueError, TypeError):  # json's and the rules' errors are ValueErrors
        return None


def deck_value(deck: Deck) -> str:
    """The cookie value of ``deck``: ``""`` for an empty deck or one too long to keep."""
    if not deck.entries:
        return ""
    token = deck_token(deck)
    return token if len(token) <= MAX_VALUE else ""


def check(name: str, value: str) -> bool:
    """True when ``value`` may be kept as cookie ``name`` (``""`` clears it)."""
    if name not in NAMES or len(value) > MAX_VALUE:
        return False
    if not value:
        return True
    if name == RULES_COOKIE:
        return rules_from_value(value) is not None
    try:
        deck_from_token(value)
    except DeckError:
        return False
    return True
