"""Moon Tutor, the app: ``streamlit run tutorial/app.py`` (or ``make run``).

The router: it sets up the page, draws the shared frame (sidebar) and runs the page the
learner picked. The pages live in ``tutorial/views/``.
"""

from __future__ import annotations

import sys
from pathlib import Path

_ROOT = Path(__file__).resolve().parents[1]
if str(_ROOT) not in sys.path:  # `streamlit run tutorial/app.py` puts only tutorial/ on the path
    sys.path.insert(0, str(_ROOT))

import streamlit as st  # noqa: E402

from tutorial.components import frame  # noqa: E402
from tutorial.services.items import warm_up  # noqa: E402
from tutorial.services.players import warm_pool  # noqa: E402

st.set_page_config(page_title="Moon Tutor", page_icon="🌙", layout="wide", initial_sidebar_state="auto")

PAGES = [
    st.Page(frame.PAGES["home"], title="Home", icon=":material/home:", default=True),
    st.Page(frame.PAGES["learn"], title="Learn", icon=":material/school:", url_path="learn"),
    st.Page(frame.PAGES["puzzles"], title="Puzzles", icon=":material/extension:", url_path="puzzles"),
    st.Page(frame.PAGES["practice"], title="Practice", icon=":material/fitness_center:", url_path="practice"),
    st.Page(frame.PAGES["play"], title="Play", icon=":material/playing_cards:", url_path="play"),
    st.Page(frame.PAGES["progress"], title="Progress", icon=":material/insights:", url_path="progress"),
    st.Page(frame.PAGES["classroom"], title="Classroom", icon=":material/co_present:", url_path="classroom"),
    st.Page(frame.PAGES["presenter"], title="Presenter", icon=":material/present_to_all:", url_path="presenter"),
    st.Page(frame.PAGES["bidding"], title="Bidding lab", icon=":material/science:", url_path="bidding-lab"),
    st.Page(frame.PAGES["rules"], title="Rules", icon=":material/menu_book:", url_path="rules"),
    st.Page(frame.PAGES["classes"], title="Classes", icon=":material/groups:", url_path="classes"),
]

warm_up()  # load the course and puzzles in the background, once per server
warm_pool()  # start the processes the computer players think in, once per server

page = st.navigation(PAGES, position="sidebar", expanded=True)
frame.styles()
if page.url_path == "presenter":  # full screen: no sidebar (the page hides it), no frame
    frame.notice()
    page.run()
else:
    progress_slot = frame.sidebar()
    frame.learner()
    frame.notice()
    try:
        page.run()
    finally:
        # Drawn after the page, so a hand or level just finished is already counted.
        frame.progress(progress_slot)
