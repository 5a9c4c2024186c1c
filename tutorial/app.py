"""Moon Tutor, the app: ``streamlit run tutorial/app.py`` (or ``make run``).

The router: it sets up the page, draws the shared frame (sidebar) and runs the page the
learner picked. The pages are listed in ``tutorial/pages.py``; their files live in
``tutorial/views/``.
"""

from __future__ import annotations

import sys
from pathlib import Path

_ROOT = Path(__file__).resolve().parents[1]
if str(_ROOT) not in sys.path:  # `streamlit run tutorial/app.py` puts only tutorial/ on the path
    sys.path.insert(0, str(_ROOT))

import streamlit as st  # noqa: E402

from tutorial import pages  # noqa: E402
from tutorial.components import frame  # noqa: E402
from tutorial.services.items import warm_up  # noqa: E402
from tutorial.services.players import warm_pool  # noqa: E402


def main() -> None:
    """Draw the frame and the page the learner picked."""
    st.set_page_config(page_title="Moon Tutor", page_icon="🌙", layout="wide", initial_sidebar_state="auto")

    nav = [
        st.Page(p.file, title=p.title, icon=p.icon, default=True)
        if p.default
        else st.Page(p.file, title=p.title, icon=p.icon, url_path=p.url_path)
        for p in pages.PAGES
    ]

    warm_up()  # load the course and puzzles in the background, once per server
    warm_pool()  # start the processes the computer players think in, once per server

    page = st.navigation(nav, position="sidebar", expanded=True)
    frame.styles(page.url_path)
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
            frame.progress(progress_slot, page.url_path)


# A worker process of the players' pools (multiprocessing "spawn") starts by reading this file
# again, as ``__mp_main__`` (Streamlit installs the running script as ``__main__``): there it
# only thinks, so it must not draw a page, load the content or start pools of its own.
if __name__ != "__mp_main__":
    main()
