"""Rules: the project's rules reference, with the house rules in force pointed out.

The page opens on Moon's standard three players, whatever the last game was: a switch at the
top shows the four-player rules instead. The page keeps the learner's choice made there (for
the session, and in its address, ``?players=4``). The number of players is no house rule:
each game chooses it (on Play); the house rules listed here apply to games of either size.
"""

from __future__ import annotations

import streamlit as st

from engine import Trump, parse_tiles
from tutorial.components import state
from tutorial.components.settings import rules_editor
from tutorial.components.tiles import show_tiles
from tutorial.services.rules_text import (
    SECTIONS,
    describe_setting,
    heading,
    house_rules,
    in_force,
    players_asked,
    with_players,
)

#: The players switch's widget key, and the choice made with it (kept for the session).
VIEW = "rules-view-players"
CHOSEN = "moon_rules_players"
_VIEW_WORDS = {3: "3 players (standard Moon)", 4: "4 players (two teams)"}


def _chose() -> None:
    """The learner picked a number of players on this page: keep it, and say it in the address."""
    players = int(st.session_state[VIEW])
    state.put(CHOSEN, players)
    state.write_address(("players",), {"players": "4"} if players == 4 else {})


st.title(":material/menu_book: The rules of Moon")
try:
    asked = players_asked(st.query_params.get("players"))
except ValueError as e:
    st.warning(str(e), icon=":material/link_off:")
    asked = None
    state.write_address(("players",), {})
if asked is not None:
    state.put(CHOSEN, asked)  # a link's choice counts as the learner's on this page
players = asked or int(state.get(CHOSEN) or 3)
st.session_state[VIEW] = players
st.segmented_control("Show the rules for", (3, 4), key=VIEW, format_func=lambda n: _VIEW_WORDS[n],
                     on_change=_chose, required=True)
house = state.house_rules()
rules = with_players(house, players)
changed = set(in_force(rules)) - {"players"}

with st.container(border=True):
    st.markdown("**House rules in force**")
    lines = house_rules(rules)[1:]  # the number of players is no house rule: the switch above
    for line in lines:
        st.markdown(f"- {line}")
    if not lines:
        st.caption("None: these are the classic rules. Sections below marked ✎ can change by house rule.")
    st.caption("The number of players is chosen for each game (on Play, in the New game panel); "
               "the house rules apply to games of either size.")
    # The editor (a dozen widgets, each a message to the browser) is drawn only while its
    # expander is open: opening or closing it runs the page again.
    box = st.expander("Change the house rules", key="rules-editor-box", on_change="rerun")
    if box.open:
        with box:
            rules_editor("rules-page", players=players)

for sec in SECTIONS:
    st.header(heading(sec), anchor=sec.key)
    st.markdown(sec.body)
    if sec.tiles:
        show_tiles(parse_tiles(sec.tiles), trump=Trump.parse(sec.trump) if sec.trump else None,
                   base=0.8, label=sec.caption)
        st.caption(sec.caption)
    if "players" in sec.fields and players == 4:
        st.info("**Shown for four players:** " + describe_setting(rules, "players"), icon=":material/groups:")
    elif "players" in sec.fields:
        st.caption("Shown for three players (the switch at the top shows four): " + describe_setting(rules, "players"))
    fields = [f for f in sec.fields if f != "players"]
    hits = [f for f in fields if f in changed]
    if hits:
        st.info(
            "**✎ House rule in force here:** " + " ".join(describe_setting(rules, f) for f in hits),
            icon=":material/edit_note:",
        )
    elif fields:
        st.caption("✎ Can change by house rule: " + " ".join(describe_setting(rules, f) for f in fields))
