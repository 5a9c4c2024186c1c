"""The presenter view's pieces: a full-screen table for a projector (every hand face up, the
trick in the middle, trump and contract in large type, the computer's plain reason beside
the trick), stepped with buttons, the arrow keys or a clicker (Page Down / Page Up), with
"pause and ask" and lesson decks.

Everything a step needs is worked out once per hand (:func:`tutorial.services.presenter.build_show`,
kept in a server-wide cache), so a step only redraws the stage (an ``st.fragment``) from
HTML already made.
"""

from __future__ import annotations

import streamlit as st

from tutorial.components import css, state
from tutorial.components.live.host import revealed_answers, start_button
from tutorial.components.live.host import sync as live_sync
from tutorial.components.presentation import (
    Presentation,
    current,
    deal_show,
    entry_show,
    has_numbers,
    present_deck,
    present_hand,
)
from tutorial.services.classroom import ClassroomLink, hand_token
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
from tutorial.services.presenter import ItemShow, Show, Slide, Stepper, slide_labels
from tutorial.services.presenter_html import hand_html, item_html, note_html
from tutorial.services.records import RecordError
from tutorial.services.text import md_escape
from tutorial.services.urlstate import ASKED, REVEALED, LinkError, PresenterLink, decode_rules


def _ids() -> dict[str, set[str]]:
    from tutorial.services.items import course, puzzles

    return {"puzzle_ids": {p.id for p in puzzles()}, "level_ids": {lv.id for lv in course().levels()}}


def open_from_link() -> Presentation | None:
    """The presentation the URL asks for (``?deal=…&move=…`` or ``?deck=…``, a
    :class:`~tutorial.services.urlstate.PresenterLink`), or the one in this session: the link
    opens what it names when that is not what the session holds (a reload, a new link), and
    an address of what is held (at whatever place) only follows it. A bad link shows a clear
    message and keeps what is on screen."""
    link = PresenterLink.parse(st.query_params.to_dict())
    p = current()
    try:
        if isinstance(link, LinkError):
            raise link
        if link.source and (p is None or p.source != link.source):
            if link.deck is not None:
                deck = deck_from_token(link.deck)
                if needs_content(deck):
                    check_refs(deck, **_ids())
                p = present_deck(deck, link.at, link.source)
            else:
                assert link.deal is not None
                p = present_hand(deal_show(link.rules, link.deal, link.computer), link.at, link.source)
                p.unsaid_rules = link.unsaid
            _ask_from_link(p, link.ask)
    except (LinkError, DeckError) as e:
        with st.container(key="pres-link-error"):
            st.error(md_escape(str(e)) + (" The presentation on screen is unchanged." if p is not None else ""))
    if p is not None and p.source[:1] not in (("deal",), ("deck",)):
        p = _linkable(p)
    if p is not None:
        _sync_url(p)
    return p


def _ask_from_link(p: Presentation, ask: str) -> None:
    """"Pause and ask" (and its reveal) as the address says, so a reload keeps the hands
    hidden and a live class's question open."""
    if not ask:
        return
    if p.deck is not None:
        try:
            entry_show(p, p.stepper.slide.entry)  # worked out now: whether it can be asked depends on it
        except (RecordError, KeyError, ValueError):
            return
    if p.stepper.asking or _can_ask(p):
        p.stepper.asking = True
        p.stepper.revealed = ask == REVEALED


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


# -- drawing -------------------------------------------------------------------------------------------


def styles() -> None:
    """The presenter's styles (hides the sidebar and the header)."""
    st.markdown(css.sheet("presenter"), unsafe_allow_html=True)


#: Said beside the move of a deal whose link (or old deck) names no house rules: short, so the
#: header stays one line on every projector (1024×768 too).
UNSAID_RULES = "classic rules"


def _stage_html(p: Presentation, chosen: dict[str, int] | None = None) -> str:
    """The slide's HTML; ``chosen``: a live class's answers to the question revealed on it."""
    s = p.stepper
    slide: Slide = s.slide
    live_open = isinstance(state.get(state.LIVE_HOST), int) and bool(state.get(state.LIVE_HOST_OPEN))
    if p.hand is not None:
        where = f"Move {min(slide.count, p.hand.total)} of {p.hand.total}"
        if p.unsaid_rules:
            where += f" · {UNSAID_RULES}"
        return hand_html(p.hand, slide.count, asking=s.asking, revealed=s.revealed, numbers=p.numbers, where=where,
                         title=p.hand.room_heading if live_open else "", chosen=chosen)
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
    if entry.unsaid_rules:  # an old deck: which rules it is dealt under is said
        moves += f" · {UNSAID_RULES}"
    return hand_html(show, count, asking=s.asking, revealed=s.revealed, numbers=p.numbers, note=entry.note,
                     where=f"{deck} · {moves}" if deck else moves.capitalize(),
                     title=show.room_heading if live_open else "", chosen=chosen)


def _at(s: Stepper) -> tuple[int, bool, bool]:
    """Where the stepper is (slide, asking, revealed): what a stepping button was drawn at."""
    return (s.pos, s.asking, s.revealed)


def _step(how: str, at: tuple[int, bool, bool]) -> None:
    """A stepping button's callback: ``how`` from where the button was drawn (``at``); once
    the stepper has moved from there, nothing. The callback can act twice for one click: on a
    busy page a live class's panel (a fragment drawn again every second) may send its run
    request, with the click's trigger in it, before the click's own request, and each run
    calls the callback; the second would step again."""
    p = current()
    if p is None or _at(p.stepper) != at:
        return
    getattr(p.stepper, how)()
    _sync_url(p)


#: The widget key of the presenter's "Jump to" slider.
JUMP = "pres-jump"


def _jumped() -> None:
    """"Jump to": straight to the slide chosen on the slider."""
    p = current()
    if p is None:
        return
    labels = slide_labels(p.stepper.slides, p.hand is not None)
    chosen = st.session_state.get(JUMP)
    if chosen in labels:
        p.stepper.go(labels.index(str(chosen)))
        _sync_url(p)


def _jump_slider(p: Presentation) -> None:
    """"Jump to" any move of the hand (or slide of the deck), on a slider under the controls
    (none for a single slide): its label is its aria-label and tooltip, the move under its thumb
    says where it is, so it takes little height from the stage."""
    s = p.stepper
    if len(s.slides) < 2:
        return
    labels = slide_labels(s.slides, p.hand is not None)
    st.session_state[JUMP] = labels[s.pos]
    with st.container(key="pres-jump-box"):
        st.select_slider("Jump to", labels, key=JUMP, on_change=_jumped, label_visibility="collapsed",
                         help="Jump to: go straight to any move of the hand (or slide of the deck).")


def _show_numbers(shown: bool) -> None:
    """"Show the numbers" (``shown``) or "Hide the numbers": set, not flipped, so a callback
    acting twice for one click (see :func:`_step`) leaves them as asked."""
    p = current()
    if p is not None:
        p.numbers = shown


def _sync_url(p: Presentation) -> None:
    """Keep the place in the link (the deal and move, or the deck and slide, and the question
    asked), so a reload or a second screen opens the same place; the live class's own
    parameters stay as they are."""
    s = p.stepper
    ask = (REVEALED if s.revealed else ASKED) if s.asking else ""
    link = PresenterLink(ask=ask)
    if p.source and p.source[0] == "deal":
        _, rules, deal, players, computer = p.source
        link = PresenterLink(decode_rules(str(rules), int(players)), int(deal), str(computer), at=s.slide.count,
                             ask=ask, unsaid=p.unsaid_rules)
    elif p.source and p.source[0] == "deck" and len(str(p.source[1])) <= MAX_TOKEN:
        link = PresenterLink(deck=str(p.source[1]), at=s.pos, ask=ask)
    state.write_address(PresenterLink.PARAMS, link.to_query())


def _back_query(p: Presentation) -> dict[str, str]:
    """The Classroom's address from here: what the presenter was opened on by its link comes
    into a Classroom that has nothing of its own (a deal at the move on screen, or a deck, to
    edit or present again)."""
    if p.source and p.source[0] == "deal" and state.get(state.CLASS_TIMELINE) is None:
        _, rules, deal, players, computer = p.source
        link = ClassroomLink(decode_rules(str(rules), int(players)), int(deal), str(computer),
                             move=p.stepper.slide.count)
        return link.to_query()
    held = state.get(state.DECK)
    if isinstance(held, Deck) and held.entries:
        return {}
    if p.deck is None or not p.source or p.source[0] != "deck" or len(str(p.source[1])) > MAX_TOKEN:
        return {}
    if len(p.deck.entries) == 1 and p.deck.entries[0].kind == "hand" and state.get(state.CLASS_TIMELINE) is not None:
        return {}  # the Classroom's own hand, presented
    whole = _whole_hand(p)
    if whole is not None:  # one hand, start to end: back on it at the move on screen, no deck made of it
        packed = hand_token(whole.hand)
        if len(packed) <= MAX_TOKEN:
            return ClassroomLink(move=p.stepper.slide.count, hand=packed).to_query()
    return {"deck": str(p.source[1])}


def _whole_hand(p: Presentation) -> Show | None:
    """The hand of a deck of that one hand alone, from its start to its end with no note (how
    a hand presented from the Classroom is kept in the address); ``None`` for any other deck."""
    if p.deck is None or len(p.deck.entries) != 1:
        return None
    e = p.deck.entries[0]
    show = p.shows.get(0)
    if e.kind != "hand" or e.note or e.move != 0 or not isinstance(show, Show) or e.end < show.total:
        return None
    return show


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


def _slide_show(p: Presentation) -> Show | None:
    """The hand on the current slide, when it is one (worked out already)."""
    if p.hand is not None:
        return p.hand
    assert p.deck is not None
    show = p.shows.get(p.stepper.slide.entry)
    return show if isinstance(show, Show) else None


def _ask_at(pos: int) -> None:
    """The poor moment's menu: to slide ``pos`` and ask its question there (set, not stepped,
    so a callback acting twice for one click, see :func:`_step`, leaves the same place)."""
    p = current()
    if p is None:
        return
    p.stepper.go(pos)
    p.stepper.pause()
    _sync_url(p)


def _poor_moment(p: Presentation) -> bool:
    """True when the question on this slide has no wrong answer: every legal play is right
    (:attr:`~tutorial.services.presenter.Question.every_right`)."""
    show = _slide_show(p)
    return (show is not None and not p.stepper.asking and _can_ask(p)
            and show.question(p.stepper.slide.count).every_right)


def _ask_anyway() -> None:
    """The poor moment's "Pause and ask" menu: ask all the same."""
    p = current()
    if p is not None:
        _step("pause", _at(p.stepper))


def _ask_menu(p: Presentation) -> None:
    """"Pause and ask" at a move where every legal play is right: the teacher learns it first,
    in a menu on the controls (the stage says nothing of it), with the next move worth asking
    a click away, or asks anyway."""
    s = p.stepper
    show = _slide_show(p)
    assert show is not None
    slide = s.slide
    later = [i for i, x in enumerate(s.slides) if i > s.pos and x.entry == slide.entry]
    end = s.slides[later[-1]].count if later else slide.count
    nxt = show.next_worth_asking(slide.count, end + 1)
    with st.popover("Pause and ask", key="pres-ask-poor", icon=":material/front_hand:"):
        named = show.question(nxt).named if nxt is not None else ""
        st.markdown("**Any tile is as good here: a poor moment to ask.** "
                    + (f"The next move worth asking is {named}." if named else
                       "No later move here is worth asking."))
        if nxt is not None:
            pos = next(i for i in later if s.slides[i].count == nxt)
            st.button(f"Ask {named}", key="pres-ask-next", on_click=_ask_at, args=(pos,),
                      type="primary", icon=":material/skip_next:")
        st.button("Ask anyway", key="pres-ask-anyway", on_click=_ask_anyway, icon=":material/front_hand:")


@st.fragment
def stage(start: bool = False) -> None:
    """The stage and its controls (a step redraws only this); with ``start``, "Start a live
    class" ends the row of the controls (so it is in view with them on every slide)."""
    p = current()
    if p is None:
        return
    # A live class follows the presenter: the question on screen goes to the phones at once
    # (and a reveal closes its answers before the stage says a line on each wrong one chosen).
    live_sync(p)
    try:
        html = _stage_html(p, revealed_answers(p))
    except (RecordError, KeyError, ValueError) as e:
        st.error(md_escape(f"This entry cannot be shown: {e}"))
        html = ""
    if html:
        st.markdown(html, unsafe_allow_html=True)
    s = p.stepper
    # The stepping buttons carry no tooltip: one left hanging over them after a click stayed on
    # the room's screen (their keys are on them; a clicker's Page Down and Page Up step too). The
    # key shown on Back and Forward is their arrow: an arrow icon beside it would say it twice.
    with st.container(horizontal=True, key="pres-controls", vertical_alignment="center"):
        st.button("Back", key="pres-back", on_click=_step, args=("back", _at(s)), disabled=not s.can_back(),
                  shortcut="Left")
        fwd = "Reveal" if s.asking and not s.revealed else "Forward"
        st.button(fwd, key="pres-forward", on_click=_step, args=("forward", _at(s)), disabled=not s.can_forward(),
                  type="primary", shortcut="Right")
        if s.asking and not s.slide.ask:
            st.button("Show every hand", key="pres-resume", on_click=_step, args=("resume", _at(s)),
                      icon=":material/visibility:")
        elif _poor_moment(p):
            _ask_menu(p)
        elif not s.asking:
            st.button("Pause and ask", key="pres-ask", on_click=_step, args=("pause", _at(s)), disabled=not _can_ask(p),
                      icon=":material/front_hand:")
        # Only a slide with figures offers them: not the deal, an open question, a note, a
        # puzzle or a level, nor a move the computer gave no numbers for.
        if has_numbers(p):
            if (st.button("Hide the numbers" if p.numbers else "Show the numbers", key="pres-numbers",
                          on_click=_show_numbers, args=(not p.numbers,), icon=":material/bar_chart:")
                    and isinstance(state.get(state.LIVE_HOST), int)):
                st.rerun()  # a live class: the table stands in its panel (not this fragment), shown at once
        st.page_link("views/classroom.py", label="Classroom", icon=":material/close:", query_params=_back_query(p))
        # A clicker sends Page Down / Page Up: hidden twins of Forward and Back take them.
        st.button("Forward (Page Down)", key="pres-forward-page", on_click=_step, args=("forward", _at(s)),
                  disabled=not s.can_forward(), shortcut="PageDown")
        st.button("Back (Page Up)", key="pres-back-page", on_click=_step, args=("back", _at(s)),
                  disabled=not s.can_back(), shortcut="PageUp")
        if start:
            start_button()
    _jump_slider(p)


__all__ = ["hand_html", "item_html", "note_html", "nothing_to_present", "open_from_link", "stage", "styles"]
