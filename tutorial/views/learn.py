"""Learn: the course, stage by stage; every level is a question answered with real controls."""

from __future__ import annotations

import streamlit as st

from tutorial.components import drill
from tutorial.components import learn as ui

st.title(":material/school: Learn")
course = ui.load()
if course is not None:
    ui.open_place(course)
    stage = ui.stage_picker(course)
    level = ui.level_picker(stage)
    ui.keep_place(level)
    ui.level_view(course, level)
    ui.stage_end(stage)
    drill.section(stage, level.id)
ui.progress_file()
