"""What the notebook shows: tile pictures, progress bars and tables.

Nothing here imports Streamlit; IPython is imported only when something is displayed, and
pandas only when a table is made.

>>> [row["suit"] for row in set_by_suit([Tile(6, 6), Tile(6, 1)], "1")]
['sixes', 'trumps']
"""

from __future__ import annotations

import sys
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any, Protocol, TypeAlias

from engine import Tile, Trump
from engine.svg import TileRow
from engine.trump import TRUMP, Suit

if TYPE_CHECKING:
    import pandas as pd
    from pandas.io.formats.style import Styler

__all__ = ["MIN_DEALS", "SUIT_NAMES", "Progress", "Row", "Tiles", "html", "set_by_suit", "show", "show_html", "table"]

#: A row of a table or of an experiment's results (a column name to its value): numbers,
#: words, seeds, read back by the summaries and by pandas. ``Any`` on purpose: the columns
#: differ per experiment and each summary reads the ones its experiment wrote.
Row: TypeAlias = dict[str, Any]  # Any: columns of differing types, for pandas

#: The suits by number, for column and row names.
SUIT_NAMES = ("blanks", "ones", "twos", "threes", "fours", "fives", "sixes")

#: Groups with fewer deals than this are greyed in tables and left out of charts.
MIN_DEALS = 10


class _Handle(Protocol):
    """What ``IPython.display.display`` returns: a handle to update the output in place."""

    def update(self, obj: object) -> None: ...


def show_html(obj: object) -> _Handle | None:
    """Show ``obj`` in the notebook; returns a handle to update it in place."""
    import IPython.display

    handle: _Handle | None = IPython.display.display(obj, display_id=True)  # type: ignore[no-untyped-call]
    return handle


def html(text: str) -> object:
    """``text`` as notebook HTML output."""
    import IPython.display

    return IPython.display.HTML(text)  # type: ignore[no-untyped-call]


class Tiles:
    """Tiles drawn with the engine's SVG, shown as inline HTML.

    The ``<svg>`` keeps ``role="img"``, an ``aria-label`` and a ``<title>`` naming every tile,
    so the picture has a text alternative in JupyterLab and in an HTML export (a bare SVG
    output becomes an ``<img>`` without one there). It shrinks to the page width.
    """

    def __init__(
        self,
        tiles: Iterable[Tile | str],
        trump: Trump | None = None,
        playable: Iterable[Tile | str] | None = None,
        scale: float = 1.0,
    ) -> None:
        self.row = TileRow(list(tiles), trump=trump, playable=playable, scale=scale)

    def label(self) -> str:
        """The words the picture stands for."""
        return ", ".join(self.row.labels()) or "no tiles"

    def _repr_html_(self) -> str:
        svg = self.row.svg().replace("<svg ", '<svg style="max-width:100%;height:auto" ', 1)
        return f'<div class="moon-tiles">{svg}</div>'

    def __repr__(self) -> str:
        return f"Tiles({self.label()})"


def show(*tiles: Tile | str, trump: Trump | None = None, playable: Iterable[Tile | str] | None = None) -> None:
    """Draw tiles with the engine's SVG (the same drawing as the app), with their names as text alternative."""
    show_html(Tiles(tiles, trump=trump, playable=playable))


class Progress:
    """A one-line progress bar that updates in place (in a notebook), or prints to stderr."""

    def __init__(self, total: int, label: str, notebook: bool = True) -> None:
        self.total, self.label, self.done, self.notebook = total, label, 0, notebook
        self.handle: _Handle | None = None
        if notebook:
            self.handle = show_html(html(self._bar()))

    def _bar(self) -> str:
        width = 30
        filled = round(width * self.done / max(1, self.total))
        return f"<code>{self.label}: [{'#' * filled}{'.' * (width - filled)}] {self.done}/{self.total}</code>"

    def step(self) -> None:
        """One more done."""
        self.done += 1
        if self.done == self.total or self.done % max(1, self.total // 20) == 0:
            if self.handle is not None:
                self.handle.update(html(self._bar()))
            elif not self.notebook:
                print(f"{self.label}: {self.done}/{self.total}", file=sys.stderr, flush=True)


def set_by_suit(tiles: Sequence[Tile], trump: Trump | str = "none") -> list[Row]:
    """One row per suit (blanks … sixes, then trumps if any): its tiles, highest first.

    A tile that is not a trump shows in both of its numbers' rows.
    """
    t = Trump.parse(trump) if isinstance(trump, str) else trump
    present = set(tiles)
    rows: list[Row] = []
    suits: list[Suit] = list(range(7)) + ([TRUMP] if t.kind != "none" else [])
    for suit in suits:
        ranked = [x for x in t.order(suit) if x in present]
        if not ranked:
            continue
        name = SUIT_NAMES[suit] if isinstance(suit, int) else "trumps"
        rows.append({"suit": name, "tiles, highest first": "  ".join(str(x) for x in ranked), "how many": len(ranked)})
    return rows


def table(rows: Sequence[Row] | pd.DataFrame, index: str | None = None, small: str | None = None) -> Styler:
    """A pandas table styled to read well in JupyterLab and an HTML export: text left-aligned
    and wrapped (never cut off). With ``small``, rows whose ``small`` column is under
    :data:`MIN_DEALS` are greyed (too few deals to trust)."""
    import pandas as pd

    frame = rows if isinstance(rows, pd.DataFrame) else pd.DataFrame(list(rows))
    if index is not None:
        frame = frame.set_index(index)
    styler = frame.style.set_table_styles(
        [{"selector": cell, "props": "text-align: left; white-space: normal"} for cell in ("th", "td")]
    )
    styler = styler.format(precision=2)
    if small is not None:
        styler = styler.apply(
            lambda row: ["color: #8a8a8a; font-style: italic" if row[small] < MIN_DEALS else "" for _ in row], axis=1
        )
    if index is None and isinstance(frame.index, pd.RangeIndex):  # a row number says nothing
        styler = styler.hide(axis="index")
    return styler
