"""Puzzles: filter by kind, theme and difficulty; solve one at a time; keep a streak."""

from __future__ import annotations

import streamlit as st

from tutorial.components import puzzles as ui

st.title(":material/extension: Puzzles")
everything = ui.load()
if everything is not None:
    chosen = ui.filters(everything)
    ui.header(chosen)
    puzzle = ui.current(chosen)
    if puzzle is None:
        st.info("No puzzle matches these filters. Clear a filter, or press the button for a new one.")
        st.button(ui.NEW_LABEL, key="pz-new-empty", on_click=ui.new_clicked, args=(list(st.session_state.get("pz-kinds", [])),))
    else:
        ui.puzzle_view(puzzle, chosen)
