"""Play: a whole game against the computer, with explanations, hints, undo and reviews."""

from __future__ import annotations

import streamlit as st

from tutorial.components import play as ui
from tutorial.components import review as review_ui

st.title(":material/playing_cards: Play")
sess = ui.load_from_url()
ui.show_message()
ui.new_game_panel(expanded=sess is None)
if sess is None:
    st.info("Choose the house rules and press **Deal** to start. You can also open a shared game link.")
else:
    ui.status_bar(sess)
    ui.opponents(sess)
    ui.trick_area(sess)
    ui.your_turn(sess)
    ui.computer_controls(sess)
    ui.hint_panel(sess)
    ui.hand_over(sess)
    ui.last_move_panel(sess)

    # Only the open tab is drawn (each click on a tab runs the page again).
    history, scores, review, share = st.tabs(
        ["Trick history", "Scores", "Hand review", "Share & records"], key="play-tabs", on_change="rerun"
    )
    if history.open:
        with history:
            ui.history_panel(sess)
    if scores.open:
        with scores:
            ui.scores_panel(sess)
    if review.open:
        with review:
            review_ui.review_panel(sess)
    if share.open:
        with share:
            ui.records_panel(sess)

    ui.sync_url(sess)
    review_ui.ensure_review(sess)
    ui.autoplay(sess)
