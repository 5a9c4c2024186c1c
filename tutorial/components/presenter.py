"""The presenter view's pieces: a full-screen table for a projector (every hand face up, the
trick in the middle, trump and contract in large type, the computer's plain reason beside
the trick), stepped with buttons, the arrow keys or a clicker (Page Down / Page Up), with
"pause and ask" and lesson decks.

Everything a step needs is worked out once per hand (:func:`tutorial.services.presenter.build_show`,
kept in a server-wide cache), so a step only redraws the stage (an ``st.fragment``) from
HTML already made.
"""

from __future__ import annotations

from html import escape
from typing import Any

import streamlit as st

from engine import Tile, Trump
from engine.game import Phase
from engine.svg import back_svg, tile_svg
from tutorial.components import css, state
from tutorial.components.presentation import (
    Presentation,
    current,
    deal_show,
    entry_show,
    present_deck,
    present_hand,
)
from tutorial.components.tiles import names_html
from tutorial.services import describe as words
from tutorial.services.decks import (
    MAX_TOKEN,
    Deck,
    DeckEntry,
    DeckError,
    check_refs,
    deck_from_token,
    deck_token,
    needs_content,
)
from tutorial.services.presenter import (
    ItemShow,
    Move,
    Question,
    Scene,
    Show,
    Slide,
)
from tutorial.services.records import RecordError
from tutorial.services.text import html_text, md_escape
from tutorial.services.urlstate import LinkError, decode_rules, encode_rules, parse_deal_number


def _ids() -> dict[str, set[str]]:
    from tutorial.services.items import course, puzzles

    return {"puzzle_ids": {p.id for p in puzzles()}, "level_ids": {lv.id for lv in course().levels()}}


def open_from_link() -> Presentation | None:
    """The presentation the URL asks for (``?deal=…&move=…`` or ``?deck=…``), or the one in
    this session. A bad link shows a clear message and keeps what is on screen."""
    q = st.query_params
    p = current()
    source: tuple[Any, ...]
    try:
        if "deck" in q:
            token = q.get("deck", "")
            source = ("deck", token)
            if p is None or p.source != source:
                deck = deck_from_token(token)
                if needs_content(deck):
                    check_refs(deck, **_ids())
                p = present_deck(deck, _int_param("slide", 0), source)
                _ask_from_link(p)
        elif "deal" in q:
            raw = str(parse_deal_number(q.get("deal", ""), " in the link"))  # ASCII digits, capped
            players = q.get("players", "3").strip() or "3"
            if players not in ("3", "4"):
                raise LinkError(f"The link asks for {players[:20]!r} players: Moon is played by 3 or 4.")
            rules = decode_rules(q.get("rules", ""), int(players))
            level = (q.get("computer", "strong") or "strong").strip().lower()
            if level not in ("basic", "strong"):
                raise LinkError(f"The computer player in the link, {level[:20]!r}, is 'basic' or 'strong'.")
            source = ("deal", encode_rules(rules), int(raw), int(players), level)
            if p is None or p.source != source:
                from engine.deal import MAX_SEED

                if int(raw) > MAX_SEED:
                    raise LinkError(f"The deal number in the link is too large: at most {MAX_SEED}.")
                show = deal_show(rules, int(raw), level)
                p = present_hand(show, _int_param("move", 0), source)
                _ask_from_link(p)
    except (LinkError, DeckError) as e:
        with st.container(key="pres-link-error"):
            st.error(md_escape(str(e)) + (" The presentation on screen is unchanged." if p is not None else ""))
    if p is not None and p.source[:1] not in (("deal",), ("deck",)):
        p = _linkable(p)
    if p is not None:
        _sync_url(p)
    return p


#: The address's word for the room being asked (``ask=1``), or asked with the answer shown.
ASK_PARAM = "ask"
_REVEALED = "revealed"


def _ask_from_link(p: Presentation) -> None:
    """"Pause and ask" (and its reveal) as the address says, so a reload keeps the hands
    hidden and a live class's question open."""
    raw = st.query_params.get(ASK_PARAM, "")
    if raw not in ("1", _REVEALED):
        return
    if p.deck is not None:
        try:
            entry_show(p, p.stepper.slide.entry)  # worked out now: whether it can be asked depends on it
        except (RecordError, KeyError, ValueError):
            return
    if p.stepper.asking or _can_ask(p):
        p.stepper.asking = True
        p.stepper.revealed = raw == _REVEALED


def _linkable(p: Presentation) -> Presentation:
    """A hand opened from the Classroom, as a one-entry deck its address can name (so a
    reload, or a second screen, opens the same hand at the same move); the hand already
    worked out is kept."""
    if p.hand is None:
        return p
    show = p.hand
    entry = DeckEntry(kind="hand", record=show.hand.record, computer=show.level or "strong", move=0, to=show.total)
    deck = Deck(title=p.title, entries=(entry,))
    token = deck_token(deck)
    if len(token) > MAX_TOKEN:
        return p
    q = present_deck(deck, p.stepper.pos, ("deck", token))
    q.shows[0] = show
    q.numbers = p.numbers
    q.stepper.asking, q.stepper.revealed = p.stepper.asking, p.stepper.revealed
    return q


def nothing_to_present() -> None:
    """The presenter with nothing to show: where to get something (in projector type)."""
    with st.container(key="pres-message"):
        st.title(":material/co_present: Presenter")
        st.info("Nothing to present yet. Open a hand or a lesson deck in the Classroom and press "
                "**Present**, or open a link such as `/presenter?deal=12&move=9`.")
        st.page_link("views/classroom.py", label="Go to the Classroom", icon=":material/co_present:")


def _int_param(name: str, default: int) -> int:
    raw = st.query_params.get(name, "")
    return int(raw) if raw.isascii() and raw.isdigit() and len(raw) < 6 else default


# -- drawing -------------------------------------------------------------------------------------------


def styles() -> None:
    """The presenter's styles (hides the sidebar and the header)."""
    st.markdown(css.sheet("presenter"), unsafe_allow_html=True)


def _tile(t: Tile, trump: Trump | None, *, best: bool = False, hidden: bool = False, caption: str = "",
          answer: bool = False) -> str:
    if hidden:
        pic = back_svg(scale=1.0)
    else:
        tr = trump is not None and trump.is_trump(t)
        pic = tile_svg(t, scale=1.0, trump=tr, highlight=best,
                       extra="the answer" if answer else ("winning" if best else None))
    if answer:
        cap = f'<div class="pres-cap pres-answer-cap">Answer{escape(" · " + caption) if caption else ""}</div>'
        return f'<div class="pres-cell pres-is-answer">{pic}{cap}</div>'
    cap = f'<div class="pres-cap">{escape(caption)}</div>' if caption else ""
    return f'<div class="pres-cell">{pic}{cap}</div>'


def _answer_tiles(question: Question | None, revealed: bool) -> frozenset[Tile]:
    """The tile the computer plays (or lays aside) at a revealed question: marked as the answer."""
    if question is None or not revealed:
        return frozenset()
    kind, _, rest = question.answer.action.partition(" ")
    if kind not in ("play", "discard"):
        return frozenset()
    try:
        return frozenset((Tile.parse(rest),))
    except ValueError:
        return frozenset()


_PLACES = {3: ("pres-bottom", "pres-left", "pres-right"), 4: ("pres-bottom", "pres-left", "pres-top-seat", "pres-right")}


def _seat_html(scene: Scene, seat: int, hidden: bool, acting: bool, answer: frozenset[Tile] = frozenset()) -> str:
    role = []
    if scene.bidder == seat:
        role.append("bidder")
    elif scene.players == 4 and scene.bidder is not None and seat % 2 == scene.bidder % 2:
        role.append("partner")
    if scene.trump is not None or scene.phase in (Phase.PLAYING, Phase.HAND_OVER, Phase.GAME_OVER):
        won = scene.tricks_won[seat]
        role.append(f"{won} trick{'s' if won != 1 else ''}")
    else:
        bid = next((b for s, b in scene.bids if s == seat), None)
        if bid is not None:
            role.append(f"bid {words.bid_label(bid)}")
    # The widow's tile in the bidder's hand, until a tile is laid aside.
    fresh = set(scene.widow) if scene.widow_taken and scene.discard is None and seat == scene.bidder else set()
    tiles = "".join(
        _tile(t, scene.trump, hidden=hidden, answer=t in answer, caption="widow" if t in fresh and not hidden else "")
        for t in scene.hands[seat]
    ) or '<span class="pres-empty">no tiles</span>'
    place = _PLACES[scene.players][seat] if scene.players in _PLACES else "pres-bottom"
    cls = f"pres-seat {place}" + (" pres-act" if acting else "")
    extra = f' <span>· {escape(" · ".join(role))}</span>' if role else ""
    label = f"Seat {seat}'s tiles" + (" (hidden)" if hidden else "")
    return (f'<div class="{cls}" data-seat="{seat}"><div class="pres-name">Seat {seat}{extra}</div>'
            f'<div class="pres-tiles" role="group" aria-label="{escape(label)}">{tiles}</div></div>')


def _widow_html(scene: Scene, open_hands: bool, bidder_shown: bool) -> str:
    """The widow: face down at the deal, face up once the bidder takes it (to the class when
    the bidder's hand is shown), then the tile laid aside, face down unless the hands are open."""
    if not scene.widow:
        return ""
    tiles: tuple[Tile, ...]
    if scene.discard is not None:
        title = f"Laid aside by Seat {scene.bidder}"
        state, tiles, down = "discard", (scene.discard,), not open_hands
    elif scene.widow_taken:
        title = f"Widow: Seat {scene.bidder} took it"
        state, tiles, down = "taken", scene.widow, not bidder_shown
    else:
        title, state, tiles, down = "Widow (face down)", "down", scene.widow, True
    cells = "".join(_tile(t, scene.trump, hidden=down) for t in tiles)
    return (f'<div class="pres-widow" data-widow="{state}"><div class="pres-trick-title">{escape(title)}</div>'
            f'<div class="pres-widow-tiles" role="group" aria-label="{escape(title)}">{cells}</div></div>')


def _trick_html(scene: Scene) -> str:
    if scene.trick:
        cells = "".join(
            _tile(t, scene.trump, best=i == scene.trick_best, caption=f"Seat {s}")
            for i, (s, t) in enumerate(scene.trick)
        )
        body = f'<div class="pres-trick-tiles" role="group" aria-label="{escape(scene.trick_title)}">{cells}</div>'
    elif scene.bids:
        body = '<div class="pres-bids">' + "<br>".join(
            f"Seat {s}: <b>{escape(words.bid_label(b))}</b>" for s, b in scene.bids) + "</div>"
    else:
        body = '<div class="pres-empty">No tile played yet</div>'
    return f'<div class="pres-trick"><div class="pres-trick-title">{escape(scene.trick_title)}</div>{body}</div>'


def _numbers_html(move: Move) -> str:
    parts = []
    if move.summary:
        parts.append(f"<p>{escape(move.summary)}</p>")
    if move.rows:
        head = "".join(f"<th>{escape(c)}</th>" for c in move.columns)
        rows = "".join("<tr>" + "".join(f"<td>{escape(v)}</td>" for v in r) + "</tr>" for r in move.rows[:8])
        parts.append(f"<table><thead><tr>{head}</tr></thead><tbody>{rows}</tbody></table>")
    if not parts:
        return ""
    return '<div class="pres-numbers" aria-label="The numbers">' + "".join(parts) + "</div>"


def _move_html(move: Move, numbers: bool, title: str | None = None) -> str:
    h = title or f"Move {move.index + 1}: {move.headline}"
    # Tile names never break at their hyphen ("6-" / "4"): each is kept on one line.
    out = f"<h2>{names_html(escape(h))}</h2><p class=\"pres-reason\">{names_html(escape(move.reason))}</p>"
    if move.suggested:
        out += (f'<p class="pres-reason">The computer would rather play {names_html(escape(move.suggested))} '
                "here.</p>")
    if numbers:
        out += _numbers_html(move)
    return out


def _note_html(note: str) -> str:
    return f'<div class="pres-note" aria-label="Teacher\'s note">{html_text(note)}</div>' if note else ""


def hand_html(show: Show, count: int, *, asking: bool, revealed: bool, numbers: bool, note: str = "",
              where: str = "", title: str = "") -> str:
    """The stage of a hand at ``count`` actions (cached per hand and view); ``title`` instead
    of the hand's own (which names its deal)."""
    key = (count, asking, revealed, numbers, note, where, title)
    if key in show.drawn:
        return show.drawn[key]
    scene = show.scenes[count]
    asking = asking and count < show.total
    question = show.question(count) if asking else None
    acting = scene.to_act if count < show.total else None
    answer = _answer_tiles(question, revealed)
    seats = "".join(
        _seat_html(scene, s, hidden=question is not None and s != question.seat, acting=s == acting, answer=answer)
        for s in range(scene.players)
    )
    seats += _widow_html(scene, open_hands=question is None,
                         bidder_shown=question is None or question.seat == scene.bidder)
    trump = words.trump_label(scene.trump).capitalize() if scene.trump is not None else "Not named yet"
    top = (
        f'<div class="pres-top"><h1 class="pres-title">{escape(title or show.title.split(" (")[0].capitalize())}</h1>'
        f'<div class="pres-fact"><span class="pres-k">Trump:</span> <b>{escape(trump)}</b></div>'
        f'<div class="pres-fact"><span class="pres-k">Contract:</span> <b>{escape(scene.contract)}</b></div>'
        f'<div class="pres-where">{escape(where or f"Move {count} of {show.total}")}</div></div>'
    )
    talk = _note_html(note)
    if question is not None:
        talk += f'<p class="pres-ask">{escape(question.prompt)}</p>'
        if revealed:
            talk += _move_html(question.answer, numbers, title=f"The computer: {question.answer.headline}")
        else:
            talk += '<p class="pres-help">Every other hand is hidden. → reveals the computer\'s answer.</p>'
    elif scene.move is not None:
        talk += _move_html(scene.move, numbers)
    else:
        talk += ("<h2>The deal</h2><p class=\"pres-reason\">Every hand is face up. "
                 "Press → (or Page Down) for the bidding, then each move.</p>")
    if scene.result and question is None:
        talk += f'<p class="pres-result">{escape(scene.result)}</p>'
    html = (
        f'<section class="pres-stage" data-count="{count}" data-asking="{int(asking)}" '
        f'data-revealed="{int(revealed)}" aria-label="Presenter">{top}<div class="pres-body">'
        f'<div class="pres-table pres-n{scene.players}">{seats}{_trick_html(scene)}</div>'
        f'<aside class="pres-talk" aria-live="polite">{talk}</aside></div></section>'
    )
    show.drawn[key] = html
    return html


def item_html(item: ItemShow, *, revealed: bool, note: str = "", where: str = "") -> str:
    """The stage of a puzzle or lesson level: the question, then the engine's answer."""
    trump = words.trump_label(item.trump).capitalize() if item.trump is not None else ""
    top = (f'<div class="pres-top"><h1 class="pres-title">{escape(item.title)}</h1>'
           + (f'<div class="pres-fact"><span class="pres-k">Trump:</span> <b>{escape(trump)}</b></div>' if trump else "")
           + f'<div class="pres-where">{escape(where)}</div></div>')
    marked = set(item.answer_tiles) if revealed else set()
    rows = []
    for seat, tiles in item.hands:
        cells = "".join(_tile(t, item.trump, answer=t in marked) for t in tiles)
        rows.append(f'<div class="pres-seat"><div class="pres-name">Seat {seat}</div>'
                    f'<div class="pres-tiles" role="group" aria-label="Seat {seat}\'s tiles">{cells}</div></div>')
    if item.trick:
        cells = "".join(_tile(t, item.trump, caption=f"Seat {s}" if s >= 0 else "", answer=t in marked)
                        for s, t in item.trick)
        rows.append('<div class="pres-trick"><div class="pres-trick-title">The trick so far</div>'
                    f'<div class="pres-trick-tiles" role="group" aria-label="The trick so far">{cells}</div></div>')
    if item.tiles:
        cells = "".join(_tile(t, item.trump, answer=t in marked) for t in item.tiles)
        rows.append(f'<div class="pres-trick"><div class="pres-trick-tiles" role="group" aria-label="Tiles">{cells}</div></div>')
    table = ('<div class="pres-table pres-item-tiles">' + "".join(rows) + "</div>") if rows else ""
    talk = _note_html(note)
    if item.intro:
        talk += f'<p class="pres-reason">{escape(item.intro)}</p>'
    talk += f'<p class="pres-ask">{escape(item.question)}</p>'
    if revealed:
        talk += (f'<p class="pres-answer">Answer: {names_html(escape(item.answer))}</p>'
                 f'<p class="pres-reason">{names_html(escape(item.reason))}</p>')
    else:
        talk += '<p class="pres-help">→ reveals the answer and the reason.</p>'
    body = "pres-body" if rows else "pres-body pres-solo"  # no tiles: the words take the stage
    return (f'<section class="pres-stage" data-count="0" data-asking="1" data-revealed="{int(revealed)}" '
            f'aria-label="Presenter">{top}<div class="{body}">{table}'
            f'<aside class="pres-talk" aria-live="polite">{talk}</aside></div></section>')


def note_html(entry: DeckEntry, *, where: str = "") -> str:
    """A deck's note slide: the teacher's own words across the whole stage, in big type."""
    title = entry.title or "Note"
    return (f'<section class="pres-stage" data-count="0" data-asking="0" data-revealed="0" aria-label="Presenter">'
            f'<div class="pres-top"><h1 class="pres-title">{escape(title)}</h1>'
            f'<div class="pres-where">{escape(where)}</div></div>'
            f'<div class="pres-body pres-solo"><aside class="pres-talk pres-note-slide" aria-label="Teacher\'s note">'
            f'<p class="pres-note-words">{html_text(entry.note)}</p></aside></div></section>')


#: The hand's title on the projector during a live class: not its deal number, which a student
#: could open in their own browser (``/presenter?deal=…``) to see the hands the room does not.
LIVE_TITLE = "This hand"


def _stage_html(p: Presentation) -> str:
    s = p.stepper
    slide: Slide = s.slide
    live_title = LIVE_TITLE if isinstance(state.get(state.LIVE_HOST), int) else ""
    if p.hand is not None:
        return hand_html(p.hand, slide.count, asking=s.asking, revealed=s.revealed, numbers=p.numbers, title=live_title)
    assert p.deck is not None
    entry = p.deck.entries[slide.entry]
    title = p.deck.title.strip()
    deck = f"{title} · slide {s.pos + 1} of {len(s.slides)}" if title else f"Slide {s.pos + 1} of {len(s.slides)}"
    if entry.kind == "note":
        return note_html(entry, where=deck)
    show = entry_show(p, slide.entry)
    if len(p.deck.entries) == 1 and isinstance(show, Show) and title == show.title:
        deck = ""  # a hand from the Classroom, kept in its address as a one-entry deck
    if isinstance(show, ItemShow):
        return item_html(show, revealed=s.revealed, note=entry.note, where=deck)
    count = min(slide.count, show.total)
    moves = f"move {count} of {show.total}"
    return hand_html(show, count, asking=s.asking, revealed=s.revealed, numbers=p.numbers, note=entry.note,
                     where=f"{deck} · {moves}" if deck else moves.capitalize(), title=live_title)


def _step(how: str) -> None:
    p = current()
    if p is None:
        return
    getattr(p.stepper, how)()
    _sync_url(p)


def _toggle_numbers() -> None:
    p = current()
    if p is not None:
        p.numbers = not p.numbers


def _set_param(name: str, value: str) -> None:
    if st.query_params.get(name) != value:
        st.query_params[name] = value


def _sync_url(p: Presentation) -> None:
    """Keep the place in the link (the deal and move, or the deck and slide), so a reload or
    a second screen opens the same place."""
    if p.source and p.source[0] == "deal":
        _set_param("move", str(p.stepper.slide.count))
    elif p.source and p.source[0] == "deck":
        if len(str(p.source[1])) <= MAX_TOKEN:
            _set_param("deck", str(p.source[1]))
        _set_param("slide", str(p.stepper.pos))
    s = p.stepper
    if s.asking:
        _set_param(ASK_PARAM, _REVEALED if s.revealed else "1")
    elif ASK_PARAM in st.query_params:
        del st.query_params[ASK_PARAM]


def _can_ask(p: Presentation) -> bool:
    slide = p.stepper.slide
    if p.hand is not None:
        return slide.count < p.hand.total
    assert p.deck is not None
    e = p.deck.entries[slide.entry]
    if e.kind not in ("deal", "hand"):
        return False
    show = p.shows.get(slide.entry)
    return isinstance(show, Show) and slide.count < show.total


@st.fragment
def stage(start: bool = False) -> None:
    """The stage and its controls (a step redraws only this); with ``start``, "Start a live
    class" ends the row of the controls (so it is in view with them on every slide)."""
    p = current()
    if p is None:
        return
    try:
        html = _stage_html(p)
    except (RecordError, KeyError, ValueError) as e:
        st.error(md_escape(f"This entry cannot be shown: {e}"))
        html = ""
    if html:
        st.markdown(html, unsafe_allow_html=True)
    s = p.stepper
    with st.container(horizontal=True, key="pres-controls", vertical_alignment="center"):
        st.button("Back", key="pres-back", on_click=_step, args=("back",), disabled=not s.can_back(),
                  icon=":material/arrow_back:", help="Back one step (← or Page Up).", shortcut="Left")
        fwd = "Reveal" if s.asking and not s.revealed else "Forward"
        st.button(fwd, key="pres-forward", on_click=_step, args=("forward",), disabled=not s.can_forward(),
                  type="primary", icon=":material/arrow_forward:", help="On one step (→ or Page Down).",
                  shortcut="Right")
        if s.asking and not s.slide.ask:
            st.button("Show every hand", key="pres-resume", on_click=_step, args=("resume",),
                      icon=":material/visibility:")
        elif not s.asking:
            st.button("Pause and ask", key="pres-ask", on_click=_step, args=("pause",), disabled=not _can_ask(p),
                      icon=":material/front_hand:", help="Hide every hand but the one to play and ask the room.")
        note = p.deck is not None and p.deck.entries[s.slide.entry].kind == "note"
        if not note:  # a note slide has no figures to show
            st.button("Hide the numbers" if p.numbers else "Show the numbers", key="pres-numbers",
                      on_click=_toggle_numbers, icon=":material/bar_chart:")
        st.page_link("views/classroom.py", label="Classroom", icon=":material/close:")
        # A clicker sends Page Down / Page Up: hidden twins of Forward and Back take them.
        st.button("Forward (Page Down)", key="pres-forward-page", on_click=_step, args=("forward",),
                  disabled=not s.can_forward(), shortcut="PageDown")
        st.button("Back (Page Up)", key="pres-back-page", on_click=_step, args=("back",),
                  disabled=not s.can_back(), shortcut="PageUp")
        if start:
            from tutorial.components.live import start_button

            start_button()
    # A live class follows the presenter: the question on screen goes to the phones at once.
    from tutorial.components.live import sync

    sync(p)


__all__ = ["hand_html", "item_html", "note_html", "nothing_to_present", "open_from_link", "stage", "styles"]
