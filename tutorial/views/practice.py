"""Practice: puzzles picked for you by rating and by the themes you miss; missed ones come back;
Play better positions of the principles your games and answers show you missing."""

from __future__ import annotations

import streamlit as st

from tutorial.components import practice as ui

st.title(":material/fitness_center: Practice")
st.markdown("Puzzles picked for you: ones you missed come back when they are due, then new ones near your "
            "rating, from the themes you miss most. When your hand reviews on Play or your Play better answers "
            "show a principle missed, a position of it comes in between.")
pool = ui.load()
if pool:
    ui.rating_line(pool)
    ui.daily(pool)
    ui.next_for_you(pool)
