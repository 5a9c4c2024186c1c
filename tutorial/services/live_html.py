"""The live class as HTML: the phones' way in (QR code, address, code), the answers counted
as a bar chart for the projector, a question as a phone draws it, and the summary's tables.
Pure functions of the store's views (:mod:`store.live`); the live pages put them on screen
(:mod:`tutorial.components.live`). No Streamlit.

>>> table_html(["Student", "Right"], [["Ana <3", "2 of 3"]], "live-students")
'<table class="live-table" data-name="live-students"><thead><tr><th>Student</th><th>Right</th></tr></thead><tbody><tr><td>Ana &lt;3</td><td>2 of 3</td></tr></tbody></table>'
"""

from __future__ import annotations

import re
from functools import lru_cache
from html import escape

from engine import Tile, Trump
from engine.svg import tile_svg
from store.live import HostView, LiveInfo, QuestionInfo, pick_places
from tutorial.services import live as logic

__all__ = ["answer_tiles_html", "chart_html", "join_html", "join_small_html", "question_html", "table_html", "unbroken_label", "unreachable_html",
           "unreachable_text"]


def unreachable_text(base: str, port: object = "") -> str:
    """A warning when ``base``, the address phones are told to open (:func:`logic.phone_base`),
    names this computer only, which happens only when no network address can stand in for it:
    this computer has none, or the app answers on this computer only (``port``: the app's);
    else ""."""
    if not base or not logic.unreachable_host(base):
        return ""
    addr = logic.local_address()
    why = (f"the app answers on this computer only, so phones cannot open its network address "
           f"http://{addr}{f':{port}' if port else ''} either. Start it with make run, which answers on "
           "the network" if addr else
           "this computer has no network address for phones (is it on the room's Wi-Fi?). Connect it "
           "to the network and open the app again")
    return f"Phones cannot open “{base}”: it is this computer's own name, and {why}; or set {logic.PUBLIC_URL_ENV}."


def unreachable_html(base: str, port: object = "") -> str:
    """:func:`unreachable_text` as a warning box (``live-warn``), or ""."""
    text = unreachable_text(base, port)
    return f'<div class="live-warn">{escape(text)}</div>' if text else ""


def join_html(info: LiveInfo, big: bool, players: int, base: str) -> str:
    """The way in for phones: the QR code, the address and the class code, in large type on the
    join screen (``big``) or on one line. Nothing for the teacher alone: an address phones
    cannot open (:func:`unreachable_html`) is said by the presenter in a small line of its own
    under the join screen, and in the tooltip of "Start a live class"."""
    url = logic.join_url(base, info.join_code) if base else f"/live?code={info.join_code}"
    qr = logic.qr_svg(url)
    joined = f"{players} student{'s' if players != 1 else ''} joined"
    label = f'role="img" aria-label="QR code of {escape(url)}"'
    qr = qr.replace("<svg ", f"<svg {label} ", 1)
    if big:
        return (f'<div class="live-join-big" data-code="{escape(info.join_code)}"><div class="live-qr">{qr}</div>'
                f'<div class="live-text"><div class="live-title">Join the live class on your phone</div>'
                f"<div>Scan the QR code, or open</div>"
                f'<div class="live-url">{escape(url.split("?")[0])}</div><div>and type the code</div>'
                f'<div class="live-code">{escape(info.join_code)}</div>'
                f'<div class="live-count" data-players="{players}">{joined}</div></div></div>')
    return (f'<div class="live-join-line" data-code="{escape(info.join_code)}">{qr}<div>'
            f'<div>Join: <span class="live-url">{escape(url.split("?")[0])}</span></div>'
            f'<div class="live-code">{escape(info.join_code)}</div>'
            f'<div class="live-wait" data-players="{players}">{joined}</div></div></div>')


def join_small_html(info: LiveInfo, base: str) -> str:
    """The way in while a question is open or revealed, under its chart: the address and the
    code on one small line, so a student arriving then can join without the join screen
    (which would cover the board)."""
    url = logic.join_url(base, info.join_code) if base else f"/live?code={info.join_code}"
    return (f'<div class="live-host live-join-small" data-code="{escape(info.join_code)}">Join: '
            f'<span class="live-url">{escape(url.split("?")[0])}</span>, <span class="live-join-code">code '
            f'<b class="live-code-small">{escape(info.join_code)}</b></span></div>')


_TILE_NAME = re.compile(r"\b\d-\d\b")


def unbroken_label(text: str) -> str:
    """``text`` as HTML, each tile's name in it ("4-2") kept whole on its line (a set of tiles
    wraps between names, never at a name's hyphen).

    >>> unbroken_label("2-1, 4-2 & 6-2")
    '<span class="live-tile-name">2-1</span>, <span class="live-tile-name">4-2</span> &amp; <span class="live-tile-name">6-2</span>'
    """
    return _TILE_NAME.sub(lambda m: f'<span class="live-tile-name">{m.group(0)}</span>', escape(text))


#: From this many bars a revealed chart (not a "pick every …" one, whose sets are long) may
#: stand in two columns on a projector.
MANY_BARS = 7


def chart_html(view: HostView, worse: bool = True) -> str:
    """The answers on the projector. While the question is open, only how many answered (of how
    many joined): a count per answer would let a student who has not answered follow the crowd,
    so none is drawn nor sent. Once revealed, a bar per choice with its count, the right ones
    marked (a "pick every …" question: a bar per set given, the right set first, the rarest sets
    together), and how many got it, naming nobody (the class summary names them when the teacher
    asks: nothing personal reaches the projector unasked), above the bars. Under them, why each wrong choice made
    is wrong: the engine's reason a tile may not be played, and (``worse``) why a legal one is
    worse (the presenter's words name every worse play instead)."""
    q = view.question
    if q is None:
        return ""
    bars = said = ""
    if not q.revealed:
        head = (f'<div class="live-count"><b>{view.answered}</b> of {view.players} answered'
                + (" · closed" if q.closed else "") + "</div>")
    else:
        # The result first, in one line with the size of the class (the count of answers is in it).
        score = f"Right: {len(view.right_names)} of {view.answered}" if view.answered else "No answers yet"
        head = f'<div class="live-names"><b>{score}</b> ({view.players} in the class)</div>'
        choices, counts = logic.chart_choices(q, view.counts)
        rows = logic.chart_rows(choices, counts, q.right, revealed=True)
        # Many short choices (a discard's eight tiles, nine trumps) may stand in two columns
        # (live_host.css), so the panel keeps its join line and buttons in view above the words.
        many = ' data-many="1"' if len(rows) >= MANY_BARS and not q.picks else ""
        bars = (f'<div class="live-bars"{many} style="--rows: {(len(rows) + 1) // 2}">' + "".join(
            f'<div class="live-bar{" live-right" if r.right else ""}" data-value="{escape(r.value)}" data-n="{r.count}">'
            f'<span class="live-lab">{"✓ " if r.right else ""}{unbroken_label(r.label)}</span>'
            f'<span class="live-track"><span class="live-fill" style="width:{r.share * 100:.1f}%"></span></span>'
            f'<span class="live-n">{r.count}</span></div>'
            for r in rows) + "</div>")
        said = "".join(f'<div class="live-illegal" data-value="{escape(r.value)}">{escape(why)}</div>'
                        for r in rows if r.count and not r.right
                        and (why := (logic.wrong_reason if worse else logic.illegal_reason)(q.view, r.value)))
    pick = ' data-pick="1"' if q.picks else ""
    return (f'<div class="live-host live-chart" role="figure" aria-label="Answers so far" data-answered="{view.answered}" '
            f'data-players="{view.players}" data-revealed="{int(q.revealed)}" data-question="{q.seq}"{pick}>'
            f"{head}{bars}{said}</div>")


def table_html(head: list[str], rows: list[list[str]], name: str) -> str:
    th = "".join(f"<th>{escape(h)}</th>" for h in head)
    body = "".join("<tr>" + "".join(f"<td>{escape(c)}</td>" for c in r) + "</tr>" for r in rows)
    return f'<table class="live-table" data-name="{name}"><thead><tr>{th}</tr></thead><tbody>{body}</tbody></table>'


@lru_cache(maxsize=256)
def _tiles_html(tiles: tuple[str, ...], trump: str | None, mark: bool, label: str,
                captions: tuple[str, ...] = ()) -> str:
    tr = Trump.parse(trump) if trump else None
    cells = []
    for i, text in enumerate(tiles):
        t = Tile.parse(text)
        pic = tile_svg(t, scale=1.0, trump=bool(mark and tr is not None and tr.is_trump(t)), tooltip=False)
        cap = f"<span>{escape(captions[i])}</span>" if i < len(captions) and captions[i] else ""
        cells.append(f'<div class="live-cell">{pic}{cap}</div>')
    return f'<div class="live-tiles" role="group" aria-label="{escape(label)}">{"".join(cells)}</div>'


def question_html(q: QuestionInfo) -> str:
    """What the phone draws of a question: the tiles the question is about, then the prompt."""
    v = q.view
    trump = v.get("trump") if isinstance(v.get("trump"), str) else None
    mark = bool(v.get("mark_trumps", True))
    parts = []
    try:
        if trump and mark:
            parts.append(f'<div><span class="live-k">Trump:</span> {escape(Trump.parse(trump).name)}'
                         + (f' · {escape(str(v.get("contract")))}' if v.get("contract") else "") + "</div>")
        trick = [(int(s), str(t)) for s, t in v.get("trick") or []]
        if trick:
            parts.append("<div class='live-k'>The trick so far</div>" + _tiles_html(
                tuple(t for _, t in trick), trump, mark, "The trick so far",
                tuple(f"Seat {s}" if s >= 0 else "" for s, _ in trick)))
        if v.get("hand"):
            seat = v.get("seat")
            parts.append(f"<div class='live-k'>Seat {escape(str(seat))}'s hand</div>"
                         + _tiles_html(tuple(str(t) for t in v["hand"]), trump, mark, f"Seat {seat}'s hand"))
        for seat, tiles in v.get("hands") or []:
            parts.append(f"<div class='live-k'>Seat {escape(str(seat))}</div>"
                         + _tiles_html(tuple(str(t) for t in tiles), trump, mark, f"Seat {seat}'s tiles"))
        if v.get("tiles"):
            parts.append(_tiles_html(tuple(str(t) for t in v["tiles"]), trump, mark, "The tiles"))
    except (ValueError, TypeError):
        parts = []  # a drawing that cannot be made: the question's words are enough
    intro = f"<p>{escape(str(v.get('intro')))}</p>" if v.get("intro") else ""
    return (f'<div class="live-phone" data-question="{q.seq}">{"".join(parts)}{intro}'
            f'<div class="live-h" role="heading" aria-level="3">{escape(q.prompt)}</div></div>')


def answer_tiles_html(q: QuestionInfo) -> str:
    """The answer of a "pick every tile …" question drawn as its tiles, for the reveal on a
    phone ("" for another question, or a set of actions; the words say it as well)."""
    if not q.picks or not q.right:
        return ""
    places = pick_places(q.right[0], len(q.choices))
    if places is None:
        return ""
    values = tuple(q.choices[i][0] for i in places)
    try:
        for v in values:
            Tile.parse(v)
    except ValueError:
        return ""
    if not values:
        return ""
    trump = q.view.get("trump") if isinstance(q.view.get("trump"), str) else None
    return _tiles_html(values, trump, bool(q.view.get("mark_trumps", True)), "The answer")
