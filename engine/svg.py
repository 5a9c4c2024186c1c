"""Domino tiles drawn as SVG: pure Python, no UI imports.

The app and the teaching notebook share these drawings. Every picture is a complete
``<svg>`` element on one line, with ``role="img"``, an ``aria-label`` and a ``<title>``
(the tooltip), so screen readers and mouse users get the same words. ``tooltip=False``
leaves the ``<title>`` out (the app: a tooltip there covers the tiles around it, and its
words are already in the label and on the tile's button).

Marks are never colour alone:

- a **trump** tile has a tinted face *and* a star badge: on the middle of the divider, or,
  when an end is blank, in the middle of that end (the divider stays whole, so a blank
  double still reads as two halves);
- a tile that **cannot be played** is faded, drawn with a dashed outline *and* crossed by
  diagonal stripes; a **playable** tile keeps a solid, thicker outline;
- a **highlighted** tile (say, the one winning the trick) gets a second, outer ring;
- a **selected** tile (picked for an answer not yet checked) gets an outer ring in a calm
  blue, never the warm colour of a mark, and "selected" in its label (the app's button
  under it says "✓" too).

>>> svg = tile_svg("6-4", trump=True, playable=True)
>>> svg.startswith("<svg") and 'role="img"' in svg and 'aria-label="6-4, trump, playable"' in svg
True
>>> "<title>" in tile_svg("6-4", tooltip=False), 'aria-label="6-4"' in tile_svg("6-4", tooltip=False)
(False, True)
>>> tile_label("5-1", playable=False, reason="You must follow sixes.")
'5-1, not playable: You must follow sixes.'
>>> pip_positions(3)
((0, 0), (1, 1), (2, 2))
>>> len(TileRow(["6-6", "5-3"]).svg()) > 0
True
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from html import escape

from engine.tiles import Tile

__all__ = [
    "BASE_HEIGHT",
    "BASE_WIDTH",
    "PALETTE",
    "TileDrawing",
    "TileRow",
    "back_svg",
    "pip_positions",
    "row_svg",
    "tile_label",
    "tile_svg",
]

#: Size of a vertical tile at ``scale=1`` (pixels): one square half per end.
BASE_WIDTH = 52
BASE_HEIGHT = 104

#: Colours used by the drawings. The marks never rely on them alone (see the module doc).
PALETTE: dict[str, str] = {
    "face": "#FFFDF5",
    "trump_face": "#FBE3A6",
    "edge": "#2B2B2B",
    "pip": "#1B1B1B",
    "divider": "#6B6B6B",
    "playable_edge": "#0B4F8A",
    "stripe": "#6B6B6B",
    "star": "#8A5A00",
    "ring": "#C2410C",
    "selected": "#1D4ED8",
    "back": "#1F3A5F",
    "back_mark": "#9FB8D6",
}

# Pip positions on a 3x3 grid (column, row), the usual layouts of a die face.
_PIPS: dict[int, tuple[tuple[int, int], ...]] = {
    0: (),
    1: ((1, 1),),
    2: ((0, 0), (2, 2)),
    3: ((0, 0), (1, 1), (2, 2)),
    4: ((0, 0), (2, 0), (0, 2), (2, 2)),
    5: ((0, 0), (2, 0), (1, 1), (0, 2), (2, 2)),
    6: ((0, 0), (0, 1), (0, 2), (2, 0), (2, 1), (2, 2)),
}


def pip_positions(number: int) -> tuple[tuple[int, int], ...]:
    """Where the pips of ``number`` (0-6) sit on a 3x3 grid, as (column, row) pairs."""
    if type(number) is not int or not 0 <= number <= 6:
        raise ValueError(f"an end of a tile shows 0 to 6 pips, not {number!r}")
    return _PIPS[number]


def _tile(tile: Tile | str) -> Tile:
    return tile if isinstance(tile, Tile) else Tile.parse(tile)


def tile_label(
    tile: Tile | str,
    *,
    trump: bool = False,
    playable: bool | None = None,
    extra: str | None = None,
    reason: str | None = None,
) -> str:
    """The words read out for a tile: ``"6-4, trump, playable"``.

    ``playable=None`` says nothing about playing; ``extra`` adds a note (``"wins the
    trick"``); ``reason`` explains why a tile cannot be played.
    """
    t = _tile(tile)
    parts = [str(t)]
    if t.is_double:
        parts[0] += " (double)"
    if trump:
        parts.append("trump")
    if extra:
        parts.append(extra)
    if playable is True:
        parts.append("playable")
    elif playable is False:
        parts.append("not playable" + (f": {reason}" if reason else ""))
    return ", ".join(parts)


def _num(x: float) -> str:
    text = f"{x:.2f}".rstrip("0").rstrip(".")
    return text if text != "-0" else "0"


def _star(cx: float, cy: float, r: float) -> str:
    """A five-pointed star polygon centred on (cx, cy)."""
    points = []
    for i in range(10):
        rad = r if i % 2 == 0 else r * 0.45
        a = -math.pi / 2 + i * math.pi / 5
        points.append(f"{_num(cx + rad * math.cos(a))},{_num(cy + rad * math.sin(a))}")
    return " ".join(points)


def _stripes(x0: float, y0: float, w: float, h: float, gap: float) -> list[tuple[float, float, float, float]]:
    """Diagonal segments (``/``) clipped to the rectangle, ``gap`` apart."""
    out = []
    c = gap
    while c < w + h:
        # The line x + y = c (in rectangle coordinates), clipped to [0, w] x [0, h].
        xa, ya = (c, 0.0) if c <= w else (w, c - w)
        xb, yb = (0.0, c) if c <= h else (c - h, h)
        out.append((x0 + xa, y0 + ya, x0 + xb, y0 + yb))
        c += gap
    return out


def tile_svg(
    tile: Tile | str,
    *,
    scale: float = 1.0,
    horizontal: bool = False,
    trump: bool = False,
    playable: bool | None = None,
    highlight: bool = False,
    label: str | None = None,
    reason: str | None = None,
    extra: str | None = None,
    tooltip: bool = True,
    selected: bool = False,
) -> str:
    """One tile as an ``<svg>`` element (a single line of markup).

    The high end is drawn on top (or on the left when ``horizontal``). ``label`` replaces
    the spoken label (see :func:`tile_label`, which is used otherwise); it is escaped.
    ``tooltip=False`` leaves out the ``<title>`` (the label stays in ``aria-label``).
    """
    t = _tile(tile)
    if not scale > 0:
        raise ValueError(f"scale must be positive, not {scale!r}")
    text = label if label is not None else tile_label(
        t, trump=trump, playable=playable, extra=extra, reason=reason
    )
    unit = BASE_WIDTH  # the side of one square half
    pad = 5.0  # room for the highlight ring
    long_side = 2 * unit
    w, h = (long_side, unit) if horizontal else (unit, long_side)
    vw, vh = w + 2 * pad, h + 2 * pad
    px_w, px_h = vw * scale, vh * scale
    p = PALETTE
    face = p["trump_face"] if trump else p["face"]
    dim = playable is False
    edge = p["playable_edge"] if playable is True else p["edge"]
    edge_w = 3.2 if playable is True else 2.0
    dash = ' stroke-dasharray="6 4"' if dim else ""
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" role="img" aria-label="{escape(text)}" '
        f'width="{_num(px_w)}" height="{_num(px_h)}" viewBox="0 0 {_num(vw)} {_num(vh)}" '
        f'class="moon-tile" data-tile="{t}">',
    ]
    if tooltip:
        parts.append(f"<title>{escape(text)}</title>")
    if highlight or selected:
        ring = p["ring"] if highlight else p["selected"]
        parts.append(
            f'<rect x="1.5" y="1.5" width="{_num(vw - 3)}" height="{_num(vh - 3)}" rx="11" '
            f'fill="none" stroke="{ring}" stroke-width="3"/>'
        )
    parts.append('<g opacity="0.45">' if dim else "<g>")
    parts.append(
        f'<rect x="{_num(pad)}" y="{_num(pad)}" width="{_num(w)}" height="{_num(h)}" rx="7" '
        f'fill="{face}" stroke="{edge}" stroke-width="{_num(edge_w)}"{dash}/>'
    )
    # The divider between the two ends.
    if horizontal:
        parts.append(
            f'<line x1="{_num(pad + unit)}" y1="{_num(pad + 6)}" x2="{_num(pad + unit)}" '
            f'y2="{_num(pad + h - 6)}" stroke="{p["divider"]}" stroke-width="1.6"/>'
        )
    else:
        parts.append(
            f'<line x1="{_num(pad + 6)}" y1="{_num(pad + unit)}" x2="{_num(pad + w - 6)}" '
            f'y2="{_num(pad + unit)}" stroke="{p["divider"]}" stroke-width="1.6"/>'
        )
    r = unit * 0.095
    for half, number in enumerate((t.high, t.low)):
        ox = pad + (unit * half if horizontal else 0)
        oy = pad + (0 if horizontal else unit * half)
        for col, row in _PIPS[number]:
            if horizontal:
                # Turn the layout a quarter so a six shows two rows of three.
                col, row = row, col
            cx = ox + unit * (0.25 + 0.25 * col)
            cy = oy + unit * (0.25 + 0.25 * row)
            parts.append(f'<circle cx="{_num(cx)}" cy="{_num(cy)}" r="{_num(r)}" fill="{p["pip"]}"/>')
    if dim:
        for x1, y1, x2, y2 in _stripes(pad, pad, w, h, 13.0):
            parts.append(
                f'<line x1="{_num(x1)}" y1="{_num(y1)}" x2="{_num(x2)}" y2="{_num(y2)}" '
                f'stroke="{p["stripe"]}" stroke-width="1.3"/>'
            )
    parts.append("</g>")
    if trump:
        # A star badge where no pip ever sits, drawn over everything so it is never faded: in
        # a blank end, so that the divider stays whole and a blank double still shows its two
        # halves; else on the middle of the divider.
        sx, sy = pad + w / 2, pad + h / 2
        blank = 0 if t.high == 0 else 1 if t.low == 0 else None
        if blank is not None:
            shift = unit / 2 * (1 if blank else -1)
            sx, sy = (sx + shift, sy) if horizontal else (sx, sy + shift)
        parts.append(
            f'<circle cx="{_num(sx)}" cy="{_num(sy)}" r="7.5" fill="#FFFFFF" stroke="{p["star"]}" stroke-width="1.2"/>'
        )
        parts.append(f'<polygon points="{_star(sx, sy, 6.2)}" fill="{p["star"]}"/>')
    parts.append("</svg>")
    return "".join(parts)


def back_svg(
    *, scale: float = 1.0, horizontal: bool = False, label: str = "face-down tile", tooltip: bool = True
) -> str:
    """The back of a tile (a hidden tile), as an ``<svg>`` element (``tooltip``: as :func:`tile_svg`)."""
    if not scale > 0:
        raise ValueError(f"scale must be positive, not {scale!r}")
    unit = BASE_WIDTH
    pad = 5.0
    w, h = (2 * unit, unit) if horizontal else (unit, 2 * unit)
    vw, vh = w + 2 * pad, h + 2 * pad
    p = PALETTE
    cx, cy = vw / 2, vh / 2
    return "".join(
        [
            f'<svg xmlns="http://www.w3.org/2000/svg" role="img" aria-label="{escape(label)}" '
            f'width="{_num(vw * scale)}" height="{_num(vh * scale)}" viewBox="0 0 {_num(vw)} {_num(vh)}" '
            f'class="moon-tile moon-back">',
            f"<title>{escape(label)}</title>" if tooltip else "",
            f'<rect x="{_num(pad)}" y="{_num(pad)}" width="{_num(w)}" height="{_num(h)}" rx="7" '
            f'fill="{p["back"]}" stroke="{p["edge"]}" stroke-width="2"/>',
            f'<rect x="{_num(pad + 6)}" y="{_num(pad + 6)}" width="{_num(w - 12)}" height="{_num(h - 12)}" '
            f'rx="4" fill="none" stroke="{p["back_mark"]}" stroke-width="1.2"/>',
            f'<circle cx="{_num(cx)}" cy="{_num(cy)}" r="10" fill="{p["back_mark"]}"/>',
            f'<circle cx="{_num(cx + 4.5)}" cy="{_num(cy - 3)}" r="8.5" fill="{p["back"]}"/>',
            "</svg>",
        ]
    )


@dataclass(frozen=True)
class TileDrawing:
    """One tile with its marks; shows itself in a notebook (``_repr_svg_``)."""

    tile: Tile
    trump: bool = False
    playable: bool | None = None
    highlight: bool = False
    reason: str | None = None
    extra: str | None = None

    @property
    def label(self) -> str:
        """The spoken label of the tile."""
        return tile_label(
            self.tile, trump=self.trump, playable=self.playable, extra=self.extra, reason=self.reason
        )

    def svg(self, scale: float = 1.0, horizontal: bool = False) -> str:
        """The tile as an ``<svg>`` element."""
        return tile_svg(
            self.tile, scale=scale, horizontal=horizontal, trump=self.trump,
            playable=self.playable, highlight=self.highlight, reason=self.reason, extra=self.extra,
        )

    def _repr_svg_(self) -> str:
        return self.svg()


def row_svg(
    tiles: Sequence[Tile | str | TileDrawing],
    *,
    scale: float = 1.0,
    gap: float = 8.0,
    label: str | None = None,
) -> str:
    """Several tiles side by side in one ``<svg>`` (for notebooks and static pages).

    Each tile keeps its own ``role="img"`` and label inside the group.
    """
    drawings = [d if isinstance(d, TileDrawing) else TileDrawing(_tile(d)) for d in tiles]
    one_w = BASE_WIDTH + 10.0
    one_h = 2 * BASE_WIDTH + 10.0
    total_w = max(1.0, len(drawings) * one_w + max(0, len(drawings) - 1) * gap)
    text = label if label is not None else "tiles: " + (", ".join(str(d.tile) for d in drawings) or "none")
    inner = []
    for i, d in enumerate(drawings):
        x = i * (one_w + gap)
        inner.append(f'<g transform="translate({_num(x)},0)">{d.svg()}</g>')
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" role="img" aria-label="{escape(text)}" '
        f'width="{_num(total_w * scale)}" height="{_num(one_h * scale)}" '
        f'viewBox="0 0 {_num(total_w)} {_num(one_h)}"><title>{escape(text)}</title>{"".join(inner)}</svg>'
    )


@dataclass
class TileRow:
    """A row of tiles that shows itself in a notebook: ``TileRow(["6-4", "5-5"], trump=Trump.parse("6"))``.

    ``trump`` marks the trumps (anything with ``is_trump``), ``playable`` the tiles that may be played.
    """

    tiles: Iterable[Tile | str]
    trump: object | None = None
    playable: Iterable[Tile | str] | None = None
    scale: float = 1.0
    _drawings: list[TileDrawing] = field(default_factory=list, init=False, repr=False)

    def __post_init__(self) -> None:
        ok = None if self.playable is None else {_tile(t) for t in self.playable}
        is_trump = getattr(self.trump, "is_trump", None)
        for raw in self.tiles:
            t = _tile(raw)
            tr = bool(is_trump(t)) if callable(is_trump) else False
            self._drawings.append(TileDrawing(t, trump=tr, playable=None if ok is None else t in ok))

    def svg(self) -> str:
        """The row as one ``<svg>`` element."""
        return row_svg(self._drawings, scale=self.scale)

    def labels(self) -> list[str]:
        """The spoken label of each tile, in order (the words the picture stands for)."""
        return [d.label for d in self._drawings]

    def _repr_svg_(self) -> str:
        return self.svg()
