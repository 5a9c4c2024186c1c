"""Showing why a computer player chose its move: the summary sentence, a table of the moves
it weighed, and a bar chart of their numbers."""

from __future__ import annotations

from typing import Any

import streamlit as st

from tutorial.services.charts import decision_bars
from tutorial.services.describe import decision_frame, decision_metric, decision_styler


def summary_of(decision: Any) -> str:
    exp = getattr(decision, "explanation", None)
    return str(getattr(exp, "summary", "")) if exp is not None else ""


def show_decision(
    decision: Any, *, key: str, who: str = "The computer", chart: bool = True, wide: bool = True
) -> None:
    """The explanation of one decision."""
    if decision is None:
        st.caption("No explanation is available for this move.")
        return
    text = summary_of(decision)
    if text:
        st.markdown(f"**{who} says:** “{text}”")
    frame = decision_frame(decision)
    if frame.empty:
        return
    if len(frame) == 1:
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
        column, title = metric
        titles = {"goal_chance": next((c for c in frame.columns if c.startswith("Chance")), None),
                  "tricks": "Expected tricks", "score": title}
        col = titles.get(column)
        if col and col in frame.columns and frame[col].notna().any():
            fig = decision_bars(frame.fillna({col: 0}), col, title)
            st.plotly_chart(fig, key=f"{key}-chart", config={"displayModeBar": False})
