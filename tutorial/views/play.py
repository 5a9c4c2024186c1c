"""Play: a whole game against the computer at a Moon table, each move explained."""

from __future__ import annotations

import streamlit as st

from tutorial.components import play as ui
from tutorial.components import resume
from tutorial.components import review as review_ui

ui.table_styles()
with st.container(key="play-scripts"):  # hidden: the URL replaced, not pushed; focus kept in the hand
    ui.replace_history()
    ui.refocus_hand()
    ui.carry_on_button()
top = st.container(horizontal=True, vertical_alignment="center", key="play-top")
with top:
    st.title(":material/playing_cards: Play", width="content")
    resume.play_now_button()
# What may or may not be said above the table sits in one container that is always drawn: the
# table's fragment keeps its place on the page, so a click on it is never sent to a fragment
# the server no longer knows.
with st.container(key="play-notes"):
    resume.confirm_play_now()  # below the title: "Play now" asks before it replaces a game
    ui.load_from_url(ask=resume.ask_before_link)  # a link to another game asks before it replaces yours
    resume.confirm_link()


@st.fragment(key=ui.GAME_FRAGMENT)
def game() -> None:
    """The table, the feed and the tabs below: a click in here runs only this part again
    (the sidebar and the New game panel are drawn again only when they change)."""
    ui.whole_page_if_asked()
    ui.show_message()
    sess = ui.current()
    if sess is None:
        return
    # The address first: whatever this run draws (the end of a hand included) is already in
    # the URL when it appears, even if a rerun cuts this run short.
    ui.sync_url(sess)
    resume.keep(sess)  # the learner's unfinished game, to continue anywhere
    ui.status_strip(sess)
    # The table and the feed beside it: the ``play_table`` sheet sets them side by side (one
    # container fewer than columns, each a message on every click); on a phone, one under the other.
    with st.container(key="table-main"):
        ui.table_area(sess)
        ui.hand_over(sess)
        ui.hand_area(sess)
        ui.controls(sess)
        ui.hint_panel(sess)
    ui.feed(sess)

    # One control picks what is drawn below the table, and only that is drawn (tabs would be
    # five elements sent again on every click, this is one).
    below = st.segmented_control("Below the table", ui.BELOW, key="play-tabs", default=ui.BELOW[0], required=True,
                                 label_visibility="collapsed")
    if below == "Scores":
        ui.scores_panel(sess)
    elif below == "Hand review":
        review_ui.review_panel(sess)
    elif below == "Share & records":
        ui.records_panel(sess)
    else:
        ui.history_panel(sess)

    ui.autoplay(sess)


sess = ui.current()
if sess is not None:
    with top:
        ui.settings(sess)
ui.new_game_panel(sess)
if sess is None:
    ui.show_message()
    resume.offer()
    st.info("Press **Play now** for a quick game (three players, classic rules, strong computer players), "
            "or choose your own in **New game** and press **Deal**. You can also open a shared game link.")
else:
    with ui.page_run():  # the fragment tells a run of its own from the whole page's
        game()
