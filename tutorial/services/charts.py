"""Plotly figures for the pages (no Streamlit): colour-blind-safe colours (Okabe-Ito), and
every series also told apart by marker shape, dash or pattern, never by colour alone."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pandas as pd
import plotly.graph_objects as go

__all__ = ["MARKED_HANDS", "OKABE_ITO", "bid_heatmap", "decision_bars", "score_chart"]

#: The Okabe-Ito palette (safe for the common colour-vision deficiencies).
OKABE_ITO = ("#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#D55E00", "#F0E442", "#000000")
_MARKERS = ("circle", "square", "diamond", "triangle-up")
_DASHES = ("solid", "dash", "dot", "dashdot")


def _layout(fig: go.Figure, title: str, height: int = 320) -> go.Figure:
    fig.update_layout(
        title={"text": title, "x": 0, "xanchor": "left", "font": {"size": 16}},
        height=height,
        margin={"l": 10, "r": 10, "t": 48, "b": 10},
        plot_bgcolor="#FFFFFF",
        font={"size": 14},
        legend={"orientation": "h", "y": -0.2},
    )
    fig.update_xaxes(showgrid=False)
    fig.update_yaxes(gridcolor="#E3E7EC")
    return fig


def decision_bars(frame: pd.DataFrame, column: str, title: str) -> go.Figure:
    """One bar per legal move; the chosen move is filled dark blue and hatched, the others
    light orange and plain (told apart by pattern as well as colour)."""
    df = frame.copy()
    chosen = df["Chosen"] == "✓"
    colors = [OKABE_ITO[0] if c else OKABE_ITO[1] for c in chosen]
    patterns = ["/" if c else "" for c in chosen]
    y = df[column].astype(float)
    text = [f"{v:.0f}%" if "%" in title else f"{v:.2f}" for v in y]
    fig = go.Figure(
        go.Bar(
            x=df["Move"], y=y, marker={"color": colors, "pattern": {"shape": patterns, "fgcolor": "#FFFFFF"}},
            text=text, textposition="outside", cliponaxis=False,
            hovertemplate="%{x}: %{y}<extra></extra>",
        )
    )
    fig.update_yaxes(title=title, range=[0, 105] if "%" in title else None)
    fig.update_xaxes(title="Move (chosen one hatched, first)", type="category")
    return _layout(fig, title + " by move", height=300)


#: Up to this many hands the score chart marks every hand and labels every tick; a longer
#: game is drawn as plain lines with automatic ticks (a tick per hand would freeze the browser).
MARKED_HANDS = 30


def score_chart(hands: Sequence[int], scores: Sequence[Sequence[int]], names: Sequence[str], target: int, unit: str) -> go.Figure:
    """Running scores by hand, one line per side (distinct colour, marker and dash).

    A long game (more than :data:`MARKED_HANDS` hands) is drawn without markers and with
    automatic ticks, so the chart stays light whatever the number of hands."""
    fig = go.Figure()
    long_game = len(hands) > MARKED_HANDS
    for i, name in enumerate(names):
        fig.add_trace(
            go.Scatter(
                x=[0, *hands], y=[0, *[s[i] for s in scores]], name=name,
                mode="lines" if long_game else "lines+markers",
                line={"color": OKABE_ITO[i % len(OKABE_ITO)], "dash": _DASHES[i % 4], "width": 2 if long_game else 3},
                marker={"symbol": _MARKERS[i % 4], "size": 10},
            )
        )
    fig.add_hline(y=target, line_dash="dot", line_color="#555555", annotation_text=f"target {target}")
    fig.update_xaxes(title="After hand", dtick=None if long_game else 1)
    fig.update_yaxes(title=unit.capitalize(), zeroline=True, zerolinecolor="#999999")
    return _layout(fig, "Score across the game")


def bid_heatmap(table: pd.DataFrame, title: str) -> go.Figure:
    """Chance (%) of making each bid (columns) under each trump (rows), with the numbers
    written in the cells; viridis, which reads in greyscale too."""
    z = table.to_numpy(dtype=float)
    text: Any = [[f"{v:.0f}%" for v in row] for row in z]  # Any: plotly is untyped
    fig = go.Figure(
        go.Heatmap(
            z=z, x=[str(c) for c in table.columns], y=[str(i) for i in table.index], colorscale="Viridis",
            zmin=0, zmax=100, text=text, texttemplate="%{text}", textfont={"size": 14},
            colorbar={"title": "%"}, hovertemplate="%{y}, bid %{x}: %{z:.0f}%<extra></extra>",
        )
    )
    fig.update_xaxes(title="Bid", type="category")
    fig.update_yaxes(title="Trump", type="category", autorange="reversed")
    return _layout(fig, title, height=90 + 42 * len(table.index))
