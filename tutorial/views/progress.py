"""Progress: your rating over time, accuracy per theme and per stage, what to revisit."""

from __future__ import annotations

import streamlit as st

from tutorial.components import progress_page as ui
from tutorial.components.learn import progress_file

st.title(":material/insights: Progress")
stats = ui.load()
if stats is not None:
    ui.headline(stats)
    ui.charts(stats)
    ui.revisit(stats)
progress_file()
