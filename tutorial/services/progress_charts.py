"""Plotly figures of the Progress page (no Streamlit): rating over time and accuracy bars.

>>> fig = accuracy_bars({"trump": (1, 4), "count": (3, 3)}, "Per theme")
>>> list(fig.data[0].y), list(fig.data[0].x)
(['count', 'trump'], [100.0, 25.0])
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime

import plotly.graph_objects as go

from tutorial.services.charts import OKABE_ITO, _layout

__all__ = ["accuracy_bars", "rating_chart"]


def rating_chart(history: Sequence[tuple[datetime, float]], title: str = "Your puzzle rating") -> go.Figure:
    """The learner's rating after each rated puzzle (a line with round markers)."""
    fig = go.Figure(go.Scatter(
        x=list(range(1, len(history) + 1)), y=[round(r) for _, r in history], mode="lines+markers",
        line={"color": OKABE_ITO[0], "width": 3}, marker={"symbol": "circle", "size": 8},
        hovertext=[f"{t:%d %b %H:%M}" for t, _ in history], name="Rating",
    ))
    fig.update_xaxes(title="Rated puzzles (first tries)", tickformat="d", dtick=max(1, len(history) // 8))
    fig.update_yaxes(title="Rating")
    return _layout(fig, title)


def accuracy_bars(accuracy: Mapping[str, tuple[int, int]], title: str,
                  labels: Mapping[str, str] | None = None) -> go.Figure:
    """Horizontal bars: the share right first time (without a hint) per theme or stage, with
    the counts written on each bar. Strongest at the top, weakest at the bottom."""
    rows = sorted(accuracy.items(), key=lambda kv: (-(kv[1][0] / kv[1][1] if kv[1][1] else 0), kv[0]))
    names = [(labels or {}).get(k, k) for k, _ in rows]
    pct = [round(100 * r / n, 1) if n else 0.0 for _, (r, n) in rows]
    fig = go.Figure(go.Bar(
        x=pct, y=names, orientation="h", marker={"color": OKABE_ITO[2], "pattern": {"shape": ""}},
        text=[f"{r} of {n}" for _, (r, n) in rows], textposition="outside", cliponaxis=False,
        name="Right first time (%)",
    ))
    fig.update_xaxes(range=[0, 112], tickvals=[0, 25, 50, 75, 100], title="Right first time, without a hint (%)")
    fig.update_yaxes(autorange="reversed")
    return _layout(fig, title, height=max(220, 60 + 34 * len(rows)))
