"""Classroom: projector mode. Every hand face up, stepped through trick by trick, with the
computer's commentary; hands come from a deal number, a saved record or the Play page. The
address holds the hand dealt by number, its move and the lesson deck being built, so a reload
comes back to them."""

from __future__ import annotations

import streamlit as st

from tutorial.components import classroom as ui

st.title(":material/co_present: Classroom")
st.caption("For a projector: every hand face up. Step through the hand trick by trick; the computer explains each move.")
ui.open_from_address()
ui.choose_hand()
timeline = ui.current()
if timeline is None:
    st.info("Choose a hand above: deal one by number, load a saved hand record, or pick a hand played here.")
else:
    ui.controls(timeline)
    ui.present(timeline)
    ui.table(timeline)
    ui.commentary(timeline)
    ui.download(timeline)
ui.deck_builder(timeline)
ui.sync_address(ui.current())
