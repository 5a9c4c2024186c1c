"""Bidding lab: for one hand, the chance of making each bid with each trump."""

from __future__ import annotations

import streamlit as st

from tutorial.components import bidding as ui
from tutorial.components import state
from tutorial.components.settings import players_choice, rules_editor

st.title(":material/science: Bidding lab")
st.markdown("How many tricks is a hand worth? Pick a hand and let the computer play it out many times.")
players = players_choice("lab-players", state.LAB_PLAYERS)
with st.expander("House rules"):
    rules_editor("lab", players=players)
hand = ui.pick_hand()
if hand is not None:
    ui.run(hand)
    ui.results(hand)
