"""Showing why a computer player chose its move: its plain reason first (one sentence, no
numbers), and behind a "details" control the numbers: the detailed summary, a table of the
moves it weighed and a bar chart of them."""

from __future__ import annotations

from typing import TYPE_CHECKING

import streamlit as st

from tutorial.services.describe import decision_frame, decision_metric, decision_styler, metric_column

if TYPE_CHECKING:
    from tutorial.services.players import Choice


def summary_of(decision: Choice | None) -> str:
    """The detailed summary of a decision (the numbers in words), or ``""``."""
    exp = getattr(decision, "explanation", None)
    return str(getattr(exp, "summary", "")) if exp is not None else ""


def reason_of(decision: Choice | None) -> str:
    """The plain reason of a decision (falls back to the summary for an explanation without
    one), or ``""``."""
    exp = getattr(decision, "explanation", None)
    if exp is None:
        return ""
    return str(getattr(exp, "reason", "") or getattr(exp, "summary", ""))


def show_decision(
    decision: Choice | None, *, key: str, who: str = "The computer", chart: bool = True, wide: bool = True,
    at_table: bool = False,
) -> None:
    """The explanation of one decision: the plain reason, then the numbers behind a
    "details" toggle (a toggle, not an expander, so that it also works inside one).
    ``at_table``: the decision is said at the table during the hand
    (:meth:`engine.players.Decision.at_table`), its other choices kept for the hand's end."""
    if decision is None:
        st.caption("No explanation is available for this move.")
        return
    text = reason_of(decision)
    if text:
        st.markdown(f"**{who} says:** “{text}”")
    frame = decision_frame(decision)
    details = summary_of(decision)
    if frame.empty and (not details or details == text):
        return
    if not st.toggle("Details: the numbers behind it", key=f"{key}-details",
                     help="The chances and trick counts the computer weighed, move by move."):
        return
    if details and details != text:
        st.caption(details)
    if frame.empty:
        return
    if at_table and len(frame) == 1:
        st.caption("The tiles still in its hand stay hidden until the hand is over; then every choice it "
                   "weighed is shown.")
    elif len(frame) == 1:
        st.caption("It was the only legal move.")
    table = decision_styler(frame)  # percentages as "63%", a number that does not apply as "—"
    metric = decision_metric(decision)
    if not (chart and metric is not None and len(frame) > 1):
        st.dataframe(table, hide_index=True, key=f"{key}-table")
        return
    left, right = st.columns([1, 1]) if wide else (st.container(), st.container())
    with left:
        st.dataframe(table, hide_index=True, key=f"{key}-table")
    with right:
        title = metric[1]
        col = metric_column(metric)
        if col in frame.columns and frame[col].notna().any():
            from tutorial.services.charts import decision_bars  # plotly: only when a chart is drawn

            fig = decision_bars(frame.fillna({col: 0}), col, title)
            st.plotly_chart(fig, key=f"{key}-chart", config={"displayModeBar": False})
