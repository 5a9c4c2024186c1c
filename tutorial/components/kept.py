"""Keep the house rules and the Classroom's lesson deck in this browser over a reload: each run
(after the page), a tiny script asks ``tutorial/server.py``'s :data:`KEPT_ROUTE` to set or clear
the ``HttpOnly`` cookie of what changed (see :mod:`tutorial.services.kept` for the values and
their checks). A new session reads them back: the house rules in
:func:`tutorial.components.state.house_rules`, the deck in the Classroom
(:func:`tutorial.components.classroom.open_from_address`)."""

from __future__ import annotations

import json

import streamlit as st

from tutorial.components import state
from tutorial.services.decks import Deck
from tutorial.services.kept import DECK_COOKIE, KEPT_ROUTE, RULES_COOKIE, deck_value, rules_value

__all__ = ["sync"]

#: Session keys: the value last asked of the route, per cookie (from then on the script is sent
#: every run, the same element, so a later change back to the connected value is kept too).
_SENT = "moon_kept_sent_"


def _send(name: str, value: str) -> None:
    connected = str(st.context.cookies.get(name) or "")
    key = _SENT + name
    if value == connected and key not in st.session_state:
        return
    st.session_state[key] = value
    body = json.dumps(f"{name} {value}")
    st.html("<script>fetch(" + json.dumps(KEPT_ROUTE) + ", {method: 'POST', body: " + body
            + ", credentials: 'same-origin', cache: 'no-store'}).catch(() => {});</script>",
            unsafe_allow_javascript=True)


def sync() -> None:
    """Keep this session's house rules and lesson deck in the browser's cookies."""
    _send(RULES_COOKIE, rules_value(state.house_rules()))
    deck = state.get(state.DECK)
    if isinstance(deck, Deck):
        _send(DECK_COOKIE, deck_value(deck))
