"""Showing why a computer player chose its move: its plain reason first (one sentence, no
numbers), and behind a "details" control the numbers: the detailed summary, a table of the
moves it weighed and a bar chart of them."""

from __future__ import annotations

from typing import TYPE_CHECKING

import streamlit as st

from tutorial.services.describe import (
    NUMBERS_AFTER_HAND,
    decision_chart_frame,
    decision_frame,
    decision_lines,
    decision_metric,
    decision_styler,
    metric_column,
)

if TYPE_CHECKING:
    from tutorial.services.players import Choice


def summary_of(decision: Choice | None) -> str:
    """The detailed summary of a decision (the numbers in words), or ``""``."""
    exp = getattr(decision, "explanation", None)
    return str(getattr(exp, "summary", "")) if exp is not None else ""


def figures_of(decision: Choice | None) -> str:
    """The numbers of a decision as a short markdown list (a strong bid or pass), or ``""``."""
    exp = getattr(decision, "explanation", None)
    return str(getattr(exp, "figures", "")) if exp is not None else ""


def reason_of(decision: Choice | None) -> str:
    """The plain reason of a decision (falls back to the summary for an explanation without
    one), or ``""``."""
    exp = getattr(decision, "explanation", None)
    if exp is None:
        return ""
    return str(getattr(exp, "reason", "") or getattr(exp, "summary", ""))


def show_decision(
    decision: Choice | None, *, key: str, who: str = "The computer", chart: bool = True, wide: bool = True,
    at_table: bool = False, said: bool = False, fallback: str = "",
) -> None:
    """The explanation of one decision: the plain reason, then the numbers behind a
    "details" toggle (a toggle, not an expander, so that it also works inside one): a
    table, or with ``wide`` off (a narrow column) one line per move.
    ``at_table``: the decision is said at the table during the hand
    (:meth:`engine.players.Decision.at_table`), its other choices kept for the hand's end
    (a play or a discard has no numbers then, and says so).
    ``said``: the plain reason is on the page already (the feed's line): the numbers in
    words come first instead of the reason again, when there are any. ``fallback``: what to
    say when there is no decision (a move the computer player would not make), in place of
    "No explanation is available"."""
    if decision is None:
        if fallback:
            st.markdown(fallback)
        else:
            st.caption("No explanation is available for this move.")
        return
    text = reason_of(decision)
    details = summary_of(decision)
    in_words = said and bool(details) and details != text
    if in_words:
        figures = figures_of(decision)
        st.markdown(f"**In numbers:**\n\n{figures}" if figures else f"**In numbers:** {details}")
    elif text:
        st.markdown(f"**{who} says:** “{text}”")
    frame = decision_frame(decision)
    if frame.empty and (not details or details == text or in_words):
        if at_table and not details:  # a play or a discard: its numbers wait for the hand's end
            st.caption(NUMBERS_AFTER_HAND)
        return
    if not st.toggle("Details: the numbers behind it", key=f"{key}-details",
                     help="The chances and trick counts the computer weighed, move by move."):
        return
    if details and details != text and not in_words:
        st.caption(details)
    if frame.empty:
        return
    if len(frame) == 1:
        st.caption("It was the only legal move.")
    metric = decision_metric(decision)

    def numbers() -> None:
        if wide:
            # Percentages as "63%", a number that does not apply as "—".
            st.dataframe(decision_styler(frame), hide_index=True, key=f"{key}-table")
        else:  # a narrow column: one line per move, nothing cut off on the right
            st.markdown(decision_lines(frame))

    if not (chart and metric is not None and len(frame) > 1):
        numbers()
        return
    left, right = st.columns([1, 1]) if wide else (st.container(), st.container())
    with left:
        numbers()
    with right:
        title = metric[1]
        col = metric_column(metric)
        if col in frame.columns and frame[col].notna().any():
            from tutorial.services.charts import decision_bars  # plotly: only when a chart is drawn

            fig = decision_bars(decision_chart_frame(frame, col), col, title)
            st.plotly_chart(fig, key=f"{key}-chart", config={"displayModeBar": False})
