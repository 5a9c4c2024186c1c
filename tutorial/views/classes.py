"""Classes: students join with a code; teachers make a class and follow it on a dashboard."""

from __future__ import annotations

import streamlit as st

from tutorial.components import classes as ui

st.title(":material/groups: Classes")
token = ui.teacher_token()
if token:
    ui.dashboard(token)
else:
    left, right = st.columns(2)
    with left:
        ui.join_form()
    with right:
        ui.create_form()
