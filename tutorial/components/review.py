"""The hand review: every play of a finished hand with its grade (inaccuracy, mistake,
blunder, from :mod:`engine.review`) and the better play."""

from __future__ import annotations

from typing import Any

import streamlit as st

from tutorial.services.players import offload
from tutorial.services.reviewing import GRADE_MARKS, review_frame, review_summary, run_review
from tutorial.services.session import PlaySession


def ensure_review(sess: PlaySession) -> None:
    """Review the hand just finished (called last on the page, so the page shows first)."""
    g = sess.game
    if not g.hand_finished or not g.results or g.results[-1].thrown_in:
        return
    number = g.hand_number
    if number in sess.reviews:
        return
    with st.spinner(f"Reviewing hand {number}…"):
        sess.reviews[number] = offload(run_review, g.record(), number)  # in a worker process
    st.rerun()


def review_panel(sess: PlaySession) -> None:
    g = sess.game
    done = [r.hand_number for r in g.results if not r.thrown_in]
    if not done:
        st.caption("When a hand is over, every play of it is graded here, with the better play where there was one.")
        return
    reviewed = [h for h in done if h in sess.reviews]
    if not reviewed:
        st.caption("Reviewing the hand…")
        return
    number = st.selectbox("Hand", reviewed[::-1], key="review-hand", format_func=lambda h: f"Hand {h}")
    review = sess.reviews[number]
    only_mine = st.toggle("Only my plays", key="review-mine")
    st.markdown(review_summary(review, sess.seat, sess.players))
    st.caption(
        "Grades compare each play with the best one the strong player finds from what that player "
        "could see: a drop of 5 points in the chance to make (or set) the bid is an inaccuracy, "
        "10 a mistake, 15 a blunder. *Tricks lost* is the exact count with all hands open. "
        + " ".join(f"{mark} {name}" for name, mark in GRADE_MARKS.items())
    )
    frame = review_frame(review, sess.seat, sess.players, only_seat=sess.seat if only_mine else None)
    config: dict[str, Any] = {
        "Chance after the play": st.column_config.NumberColumn(format="%.0f%%"),
        "Chance after the best play": st.column_config.NumberColumn(format="%.0f%%"),
    }
    st.dataframe(frame, hide_index=True, column_config=config, key=f"review-table-{number}",
                 height=35 * (len(frame) + 1) + 3)
