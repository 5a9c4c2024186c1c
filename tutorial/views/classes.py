"""Classes: students join with a code; teachers make a class, follow it on a dashboard and put
the join screen (code and QR code, nothing else on the projector's screen; below it, for a
student who opened its address on a phone, the join form with the code filled in)."""

from __future__ import annotations

import streamlit as st

from tutorial.components import classes as ui

screen = ui.screen_code()
token = ui.teacher_token()
mine = ui.own_class_code()
if screen:
    ui.join_page(screen)
else:
    st.title(":material/groups: Classes")
    if token:
        ui.dashboard(token)
    elif mine:
        ui.own_dashboard(mine)
    else:
        left, right = st.columns(2)
        with left:
            ui.join_form()
        with right:
            ui.create_form()
            ui.my_classes()
