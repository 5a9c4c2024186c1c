"""Presenter: the full-screen view for a projector (no sidebar, no set-up panels). It shows a
hand from the Classroom, a deal by link (``/presenter?deal=12&move=9``) or a lesson deck
(``/presenter?deck=…``), stepped with → ← Page Down Page Up or the buttons. With a live class
(``&host=…``, the teacher's secret link) the students answer its questions on their phones."""

from __future__ import annotations

import streamlit as st

from tutorial.components import live
from tutorial.components import presenter as ui

ui.styles()
presentation = ui.open_from_link()
host = live.host_session()
if host is not None and live.summary_open():
    live.summary(host)
elif presentation is None:
    st.title(":material/co_present: Presenter")
    st.info("Nothing to present yet. Open a hand or a lesson deck in the Classroom and press "
            "**Present**, or open a link such as `/presenter?deal=12&move=9`.")
    st.page_link("views/classroom.py", label="Go to the Classroom", icon=":material/co_present:")
    if host is not None:
        live.summary(host)
else:
    ui.keys()
    ui.stage()
if presentation is not None or host is not None:
    live.host_panel(host)
