"""Tiles on screen: rows of SVG pictures, and hands of tiles the learner clicks.

The pictures come from :mod:`engine.svg` (each an ``<svg role="img">`` with a label, and no
``<title>`` tooltip: one covered the tiles around it, and its words are in the label and on
the button) and are shown with ``st.markdown(..., unsafe_allow_html=True)``. Every piece of
text put into that HTML is escaped. Clicking is done with native buttons under the tiles, so
the keyboard works everywhere; a tile that cannot be played has a disabled button whose
tooltip (and the tile's spoken label) gives the reason. The picture of a tile that can be clicked is part
of its button's target: the button's ``::after`` box covers the picture and the button
(the ``tile_pick`` sheet in ``tutorial/static/css``), so a click on the picture is a click on the
button, while the keyboard still moves from button to button.

The Play page's hand (:func:`hand_buttons`) is drawn on every click, and each element drawn is
a message to the browser: there the title and the pictures of the whole hand are one element,
and the buttons stand under them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from html import escape

import streamlit as st

from engine import Tile, Trump
from engine.svg import back_svg, tile_svg
from tutorial.components import css
from tutorial.components.state import tile_scale
from tutorial.services.text import names_html


def names_md(text: str) -> str:
    """Markdown ``text`` (the app's own words) for ``st.markdown(..., unsafe_allow_html=True)``:
    ``&`` and ``<`` escaped, so no HTML can be made from it, and every tile name kept whole
    (see :func:`names_html`). Markdown itself (``**bold**``, lists, ``>`` quotes) still works.

    >>> names_md("**6-5** < 6-6 & more")
    '**<span class="moon-tn">6-5</span>** &lt; <span class="moon-tn">6-6</span> &amp; more'
    """
    return names_html(str(text).replace("&", "&amp;").replace("<", "&lt;"))


@dataclass(frozen=True)
class Shown:
    """A tile as a row shows it: a caption under it and its marks."""

    tile: Tile | None  # None: face down
    caption: str = ""
    trump: bool = False
    playable: bool | None = None
    highlight: bool = False
    extra: str | None = None
    reason: str | None = None
    horizontal: bool = False
    selected: bool = False  # picked for an answer not yet checked (a calm ring, not a mark)


def is_trump(tile: Tile, trump: Trump | None) -> bool:
    return trump is not None and trump.is_trump(tile)


@lru_cache(maxsize=4096)
def tile_html(item: Shown, scale: float) -> str:
    """One tile with its caption, as HTML (escaped; drawn once per look and size)."""
    if item.tile is None:
        pic = back_svg(scale=scale, horizontal=item.horizontal, tooltip=False)
    else:
        pic = tile_svg(
            item.tile, scale=scale, horizontal=item.horizontal, trump=item.trump, playable=item.playable,
            highlight=item.highlight, extra=item.extra, reason=item.reason, tooltip=False,
            selected=item.selected,
        )
    cap = f'<div class="moon-cap">{names_html(escape(item.caption))}</div>' if item.caption else ""
    return f'<div class="moon-cell">{pic}{cap}</div>'


def row_html(items: Sequence[Shown], scale: float = 1.0, label: str | None = None) -> str:
    """A wrapping row of tiles."""
    aria = f' role="group" aria-label="{escape(label)}"' if label else ""
    inner = "".join(tile_html(i, scale) for i in items)
    if not items:
        inner = '<div class="moon-empty">(none)</div>'
    return f'<div class="moon-row"{aria}>{inner}</div>'


def note_html(text: str) -> str:
    """A line of small grey text under a row of tiles, as HTML (looks like ``st.caption``)."""
    return f'<p class="moon-note-line">{escape(text)}</p>'


def show_row(items: Sequence[Shown], *, base: float = 1.0, label: str | None = None) -> None:
    """Draw a row of tiles (scaled up in large-tiles mode)."""
    st.markdown(row_html(items, tile_scale(base), label), unsafe_allow_html=True)


def show_tiles(
    tiles: Sequence[Tile],
    *,
    trump: Trump | None = None,
    base: float = 1.0,
    label: str | None = None,
    highlight: Tile | None = None,
) -> None:
    """Draw plain tiles (trumps marked)."""
    show_row(
        [Shown(t, trump=is_trump(t, trump), highlight=t is highlight) for t in tiles],
        base=base, label=label,
    )


def clickable_tiles(
    tiles: Sequence[Tile],
    *,
    key: str,
    verb: str = "Play",
    trump: Trump | None = None,
    blocked: Mapping[Tile, str] | None = None,
    selected: Sequence[Tile] = (),
    base: float = 1.0,
    disabled: bool = False,
    on_click: Callable[[Tile], None] | None = None,
    captions: Mapping[Tile, str] | None = None,
    mark_playable: bool = True,
) -> Tile | None:
    """A hand of tiles, each with a button under it; returns the tile clicked (or ``None``).

    ``blocked`` maps tiles that may not be chosen to the reason (shown as the button's tooltip
    and in the tile's label: the only tooltip a tile's button has, the others would repeat
    its label over the tiles around it). ``selected`` tiles are drawn with the selected ring and
    their buttons say so. ``on_click`` (if given) is called with the tile as a button callback.
    """
    blocked = blocked or {}
    captions = captions or {}
    if disabled:
        show_row([Shown(t, captions.get(t, ""), trump=is_trump(t, trump), selected=t in selected) for t in tiles],
                 base=base, label="Tiles")
        return None
    scale = tile_scale(base)
    clicked: Tile | None = None
    # Every cell as wide as the row's longest unselected label: a selected tile's shorter
    # label ("✓ 6-6") leaves the cell its width, so no tile moves when one is picked.
    longest = max((len(f"{verb} ★ {t}") if is_trump(t, trump) else len(f"{verb} {t}") for t in tiles), default=0)
    room = f'style="min-width: calc({longest * 0.75:.2f}ch + 26px)"'
    with st.container(horizontal=True, gap="small", key=f"{key}-hand"):
        for i, t in enumerate(tiles):
            reason = blocked.get(t)
            playable = (reason is None) if mark_playable else None
            sel = t in selected
            with st.container(key=f"{key}-tile-{t.high}{t.low}", width="content", gap="small"):
                picture = tile_html(
                    Shown(t, captions.get(t, ""), trump=is_trump(t, trump), playable=playable, selected=sel,
                          extra="selected" if sel else None, reason=reason),
                    scale,
                )
                st.markdown((css.sheet("tile_pick") if i == 0 else "") + f'<div class="moon-pick" {room}>{picture}</div>',
                            unsafe_allow_html=True)
                star = "★ " if is_trump(t, trump) else ""
                if reason is not None:
                    label = f"{star}{t} ✕"
                elif sel:
                    label = f"✓ {t}"
                else:
                    label = f"{verb} {star}{t}"
                kwargs = {}
                if on_click is not None:
                    kwargs = {"on_click": on_click, "args": (t,)}
                if st.button(
                    label, key=f"{key}-btn-{t.high}{t.low}", help=reason,
                    disabled=reason is not None, width="stretch", **kwargs,  # type: ignore[arg-type]
                ):
                    clicked = t
    return clicked


#: The HTML class of a picture in :func:`hand_buttons` whose tile can be clicked: a click on it
#: is a click on its button (the Play page's script forwards it).
PICK_CELL = "moon-pick-cell"


def hand_buttons(
    tiles: Sequence[Tile],
    *,
    key: str,
    on_click: Callable[[Tile], None],
    verb: str = "Play",
    trump: Trump | None = None,
    blocked: Mapping[Tile, str] | None = None,
    captions: Mapping[Tile, str] | None = None,
    mark_playable: bool = True,
    title: str = "",
) -> None:
    """A hand the learner plays from, in few elements, drawn into the caller's container: one
    element with ``title`` (Markdown, HTML allowed) above a picture of every tile, then a
    button per tile (keyed ``{key}-btn-{high}{low}``, with the labels, tooltips (a blocked
    tile's reason only) and disabled tiles of :func:`clickable_tiles`); the ``play_table`` sheet makes the container a grid with
    the title across it and each button under its tile. The picture of a tile that can be
    clicked carries ``data-btn`` (its button's key), so that a click on it clicks the button
    (the Play page's script does it); the keyboard moves from button to button."""
    blocked = blocked or {}
    captions = captions or {}
    scale = tile_scale(1.0)
    cells = []
    for t in tiles:
        reason = blocked.get(t)
        picture = tile_html(
            Shown(t, captions.get(t, ""), trump=is_trump(t, trump),
                  playable=(reason is None) if mark_playable else None, reason=reason),
            scale,
        )
        target = "" if reason is not None else f' data-btn="{key}-btn-{t.high}{t.low}"'
        cells.append(f'<div class="{PICK_CELL} moon-pick-tile-{t.high}{t.low}"{target}>{picture}</div>')
    # Blank lines around the title: Markdown inside the HTML block.
    head = f'<div class="moon-pick-title">\n\n{title}\n\n</div>\n' if title else ""
    st.markdown(f'{head}<div class="moon-pick-row">{"".join(cells)}</div>', unsafe_allow_html=True)
    for t in tiles:
        reason = blocked.get(t)
        star = "★ " if is_trump(t, trump) else ""
        label = f"{star}{t} ✕" if reason is not None else f"{verb} {star}{t}"
        st.button(label, key=f"{key}-btn-{t.high}{t.low}", help=reason, disabled=reason is not None,
                  width="stretch", on_click=on_click, args=(t,))
