"""Live class, the students' page (made for phones): join with the code on the board and a
name, then answer the teacher's questions with one tap and see the reveal."""

from __future__ import annotations

import streamlit as st

from tutorial.components.live import phone as ui

st.title(":material/cell_tower: Live class")
ui.student_page()
