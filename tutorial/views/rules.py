"""Rules: the project's rules reference, with the house rules in force pointed out."""

from __future__ import annotations

import streamlit as st

from engine import Trump, parse_tiles
from tutorial.components import state
from tutorial.components.settings import rules_editor
from tutorial.components.tiles import show_tiles
from tutorial.services.rules_text import SECTIONS, describe_setting, heading, house_rules, in_force

st.title(":material/menu_book: The rules of Moon")
rules = state.house_rules()
changed = set(in_force(rules)) - {"players"}

with st.container(border=True):
    st.markdown("**House rules in force**")
    for line in house_rules(rules):
        st.markdown(f"- {line}")
    if not changed:
        st.caption("These are the classic rules. Sections below marked ✎ can change by house rule.")
    # The editor (a dozen widgets, each a message to the browser) is drawn only while its
    # expander is open: opening or closing it runs the page again.
    box = st.expander("Change the house rules", key="rules-editor-box", on_change="rerun")
    if box.open:
        with box:
            rules_editor("rules-page")

for sec in SECTIONS:
    st.header(heading(sec), anchor=sec.key)
    st.markdown(sec.body)
    if sec.tiles:
        show_tiles(parse_tiles(sec.tiles), trump=Trump.parse(sec.trump) if sec.trump else None,
                   base=0.8, label=sec.caption)
        st.caption(sec.caption)
    hits = [f for f in sec.fields if f in changed or (f == "players" and rules.players == 4)]
    if hits:
        st.info(
            "**✎ House rule in force here:** " + " ".join(describe_setting(rules, f) for f in hits),
            icon=":material/edit_note:",
        )
    elif sec.fields:
        st.caption("✎ Can change by house rule: " + " ".join(describe_setting(rules, f) for f in sec.fields))
