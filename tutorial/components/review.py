"""The hand review: the learner's bid, discard and trump choice and every play of a finished
hand, graded (inaccuracy, mistake, blunder, from :mod:`engine.review`) against the strong
player; the biggest mistakes first in words, the numbers in the tables below."""

from __future__ import annotations

from typing import Any

import streamlit as st

from tutorial.components import events
from tutorial.services.reviewing import (
    GRADE_MARKS,
    bid_set_line,
    biggest_mistakes,
    contract_frame,
    grades_note,
    mistakes_heading,
    no_mistakes_heading,
    principle_lines,
    review_frame,
    review_summary,
)
from tutorial.services.session import PlaySession
from tutorial.services.text import md_escape


def review_panel(sess: PlaySession) -> None:
    """The review of a finished hand: a count of grades, the learner's biggest mistakes in
    words, then the bid/discard/trump table and the plays table. A review is made when this
    tab first shows its hand (in the background; the page stays usable meanwhile)."""
    done = sess.reviewable()
    if not done:
        st.caption("When a hand is over, it is graded here: your bid, discard and trump in words, and every play "
                   "in a table, the mistakes first, with the better choice where there was one.")
        return
    # Keyed by the newest hand: when a hand ends, the review turns to it.
    number = st.selectbox("Hand", done[::-1], key=f"review-hand-{done[-1]}", format_func=lambda h: f"Hand {h}")
    if number not in done:
        number = done[-1]
    try:
        review = sess.review(number)
    except Exception as e:  # a review that fails must not take the page down
        st.error(md_escape(f"This hand could not be reviewed: {e}"))
        return
    if review is None:
        _wait_for_review(sess, number)
        return
    with st.container(horizontal=True):
        only_mine = st.toggle("Only my plays", key="review-mine")
        numbers = st.toggle("Show the numbers", key="review-numbers")
    st.markdown(review_summary(review, sess.seat, sess.players))
    mine = biggest_mistakes(review, sess.seat, sess.players, seat=sess.seat, numbers=numbers)
    if mine:
        st.markdown(mistakes_heading(review, sess.seat))
        st.markdown("\n".join(f"{i}. {line}" for i, line in enumerate(mine, start=1)))
    elif getattr(review, "decisions", ()) or review.plays:
        st.markdown(no_mistakes_heading(review, sess.seat))
    end = sess.game_at(number, len(sess.moves()[number - 1]))  # the hand as it ended
    set_line = bid_set_line(end, review, sess.seat, numbers=numbers)
    if set_line:
        st.markdown(set_line)
    principles = principle_lines(sess.game.record(), review, sess.seat)
    if principles:
        events.principles_missed(sess, number, review)  # Practice serves positions of them
        st.markdown("**What Play better says:**")
        st.markdown("\n".join(f"- {line}" for line in principles))
    # The learner's contract decisions that are not among the mistakes above.
    decisions = [d for d in getattr(review, "decisions", ()) if d.seat == sess.seat and not d.grade]
    if decisions:
        st.markdown("\n".join("- " + d.describe("you", numbers=numbers) for d in decisions))
    if not numbers:
        st.caption("A grade judges a choice by what its player could see; *Hindsight* names the "
                   "play that would have kept more tricks with every hand known. "
                   + " ".join(f"{mark} {name}" for name, mark in GRADE_MARKS.items()))
        frame = review_frame(review, sess.seat, sess.players, only_seat=sess.seat if only_mine else None,
                             numbers=False)
        st.dataframe(frame, hide_index=True, key=f"review-table-{number}", width="stretch",
                     height=35 * (len(frame) + 1) + 3)
        return
    st.caption(grades_note(review))
    cframe = contract_frame(review, sess.seat, sess.players)
    if not cframe.empty:
        ccfg: dict[str, Any] = {  # Any: st.dataframe's column_config values
            "Chance to make (chosen)": st.column_config.NumberColumn(format="%.0f%%"),
            "Chance to make (strong)": st.column_config.NumberColumn(format="%.0f%%"),
        }
        st.dataframe(cframe, hide_index=True, column_config=ccfg, key=f"review-contract-{number}")
    frame = review_frame(review, sess.seat, sess.players, only_seat=sess.seat if only_mine else None)
    config: dict[str, Any] = {  # Any: as ccfg above
        "Chance after the play": st.column_config.NumberColumn(format="%.0f%%"),
        "Chance after the best play": st.column_config.NumberColumn(format="%.0f%%"),
    }
    st.dataframe(frame, hide_index=True, column_config=config, key=f"review-table-{number}",
                 height=35 * (len(frame) + 1) + 3)


@st.fragment(run_every=1.0)
def _wait_for_review(sess: PlaySession, number: int) -> None:
    """"Reviewing…" until the review of hand ``number`` is made, then the page again."""
    if sess.review(number) is not None:
        st.rerun()
    st.caption(f"Reviewing hand {number}: the strong player checks every decision and play… "
               "(a few seconds; you can go on playing meanwhile)")
