"""The Classroom's pieces: choosing a hand (a deal number, a saved record, a hand played in
the app), stepping through it, and the table with every hand face up and the commentary."""

from __future__ import annotations

import json
from dataclasses import replace
from urllib.parse import urlencode

import streamlit as st

from engine import Action, explain_winner, trick_winner
from tutorial.components import presentation, state
from tutorial.components.explain import show_decision
from tutorial.components.settings import players_choice
from tutorial.components.tiles import Shown, is_trump, show_row
from tutorial.services import describe as words
from tutorial.services.classroom import ClassroomLink, Timeline, generate_hand, hand_from_token, hand_token
from tutorial.services.decks import (
    MAX_NOTE,
    MAX_TITLE,
    MAX_TOKEN,
    Deck,
    DeckEntry,
    DeckError,
    check_refs,
    deck_from_token,
    deck_token,
    dump_deck,
    load_deck,
    needs_content,
)
from tutorial.services.describe import seat_name
from tutorial.services.kept import DECK_COOKIE, deck_value
from tutorial.services.players import Decider, bot_seed, default_factory
from tutorial.services.presenter import every_play_right
from tutorial.services.records import RecordError, RecordJSON, load_hand
from tutorial.services.rules_text import short_summary, with_players
from tutorial.services.text import md_escape
from tutorial.services.urlstate import LinkError, PresenterLink, parse_deal_number

TIMELINE = state.CLASS_TIMELINE
COUNT = state.CLASS_COUNT
LEVEL = state.CLASS_LEVEL
BOTS = state.CLASS_BOTS
ERROR = state.CLASS_ERROR
DECK_ERROR = state.DECK_ERROR
#: Said of every note box of the deck: the presenter shows a note as typed, markup and all.
NOTE_HELP = "Shown on the projector as typed: plain text, no formatting (\\*\\*this\\*\\* shows its stars)."


def current() -> Timeline | None:
    t = state.get(TIMELINE)
    return t if isinstance(t, Timeline) else None


def _set(timeline: Timeline, count: int = 0) -> None:
    state.put(TIMELINE, timeline)
    state.put(COUNT, count)


def _level() -> str:
    level = st.session_state.get(LEVEL, "strong")
    return level if level in ("basic", "strong") else "strong"


def _bot_for(seat: int) -> Decider:
    bots: dict[tuple[str, int], Decider] = state.get(BOTS) or {}
    key = (_level(), seat)
    if key not in bots:
        bots[key] = default_factory()(_level(), seed=bot_seed(0, seat, 2))
        state.put(BOTS, bots)
    return bots[key]


# -- choosing a hand ---------------------------------------------------------------------------
def _deal_clicked() -> None:
    raw = str(st.session_state.get("class-deal", "")).strip()
    try:
        st.session_state[state.CLASS_GENERATE] = parse_deal_number(raw)
    except LinkError as e:
        st.session_state[ERROR] = md_escape(str(e))


def choose_hand() -> None:
    """The three ways to pick a hand; a bad choice leaves the hand on screen as it was."""
    with st.expander("Choose a hand", expanded=current() is None, icon=":material/folder_open:"):
        by_deal, by_file, played = st.tabs(["Deal by number", "Load a saved hand", "Hands played here"])
        with by_deal:
            players = players_choice("class-players", state.CLASS_PLAYERS)
            rules = with_players(state.house_rules(), players)
            st.caption(f"House rules: {short_summary(rules, players=False)} (change them on the Rules or Play page).")
            st.text_input("Deal number", value="1", key="class-deal")
            st.button("Deal and let the computer play it", key="class-go", on_click=_deal_clicked,
                      type="primary", icon=":material/playing_cards:")
            deal = st.session_state.pop(state.CLASS_GENERATE, None)
            if deal is not None:
                bar = st.progress(0.0, text=f"The {_level()} computer players are playing deal {deal}…")
                def show_progress(x: float) -> None:
                    bar.progress(x, text=f"Playing deal {deal}… {x:.0%}")

                hand, decisions = generate_hand(rules, deal, _level(), progress=show_progress)
                bar.empty()
                t = Timeline(hand, dict(decisions), _level(), deal=deal, played_by=_level())
                _set(t)
                remember(t)
        with by_file:
            up = st.file_uploader("A hand record (JSON), as downloaded from the Play page or this one",
                                  type=["json"], key="class-upload")
            if up is not None and st.session_state.get(state.CLASS_LOADED) != up.file_id:
                st.session_state[state.CLASS_LOADED] = up.file_id
                try:
                    hand = load_hand(up.getvalue())
                except RecordError as e:
                    st.session_state[ERROR] = md_escape(f"This file cannot be used. {e}")
                else:
                    _set(Timeline(hand))
        with played:
            hands = state.archive()
            if not hands:
                st.caption("Hands you finish on the Play page, and hands dealt here, are listed here.")
            for i, item in enumerate(reversed(hands)):
                c1, c2, c3 = st.columns([3, 1, 1])
                c1.markdown(item["title"])
                if c2.button("Show", key=f"class-show-{i}"):
                    try:
                        _set(Timeline(load_hand(item["record"])))
                    except RecordError as e:
                        st.session_state[ERROR] = md_escape(str(e))
                c3.download_button(
                    "Download", json.dumps(item["record"], indent=1), file_name=_file_name(item["record"]),
                    mime="application/json", key=f"class-dl-{i}", on_click="ignore",
                )
    err = st.session_state.pop(ERROR, None)
    if err:
        st.error(err + (" The hand on screen is unchanged." if current() is not None else ""))


def _file_name(record: RecordJSON) -> str:
    return f"moon-deal{record.get('seed', 'x')}-hand{record.get('hand_number', 1)}.json"


# -- stepping ----------------------------------------------------------------------------------------
def _count() -> int:
    return int(state.get(COUNT, 0))


def _go(count: int) -> None:
    t = current()
    if t is not None:
        state.put(COUNT, max(0, min(len(t.hand.actions), count)))
        st.session_state["class-stop"] = _stop_label(t, state.get(COUNT))


def _stop_label(t: Timeline, count: int) -> str:
    label = t.stops[0].label
    for s in t.stops:
        if s.count <= count:
            label = s.label
    return label


def _prev_stop() -> None:
    t = current()
    if t is not None:
        c = _count()
        _go(max((s.count for s in t.stops if s.count < c), default=0))


def _next_stop() -> None:
    t = current()
    if t is not None:
        c = _count()
        _go(min((s.count for s in t.stops if s.count > c), default=len(t.hand.actions)))


def _slider_moved() -> None:
    t = current()
    if t is not None:
        label = st.session_state.get("class-stop")
        for s in t.stops:
            if s.label == label:
                state.put(COUNT, s.count)


def controls(t: Timeline) -> None:
    count = _count()
    n = len(t.hand.actions)
    labels = [s.label for s in t.stops]
    st.session_state["class-stop"] = _stop_label(t, count)
    with st.container(horizontal=True, key="class-controls", vertical_alignment="bottom"):
        st.button("Back", key="class-back", on_click=_prev_stop, disabled=count == 0, icon=":material/arrow_back:",
                  help="Back to the previous trick (or the deal).")
        st.button("Forward", key="class-forward", on_click=_next_stop, disabled=count >= n, type="primary",
                  icon=":material/arrow_forward:", help="On to the end of the next trick.")
        st.button("One move back", key="class-back1", on_click=_go, args=(count - 1,), disabled=count == 0)
        st.button("One move on", key="class-forward1", on_click=_go, args=(count + 1,), disabled=count >= n)
        st.segmented_control("Commentary by", ["basic", "strong"], key=LEVEL, default="strong",
                             help="Which computer player explains the moves.")
    st.select_slider("Jump to", labels, key="class-stop", on_change=_slider_moved)


# -- the table ----------------------------------------------------------------------------------------
def table(t: Timeline) -> None:
    count = _count()
    game = t.game_at(count)
    rules = t.rules
    n = rules.players
    trump = game.trump
    contract = (f"contract: **Seat {game.bidder} bid {words.bid_label(game.bid or 0)}**"
                if game.bidder is not None else "bidding")
    st.markdown(
        f"**Deal {t.hand.record.get('seed')}, hand {t.hand.record.get('hand_number', 1)}** · {short_summary(rules)} · "
        f"move {count} of {len(t.hand.actions)} · trump: **{words.trump_label(trump)}** · {contract}"
    )
    middle, hands = st.columns([2, 3], gap="medium")
    with middle:
        # The trick in the middle of the table.
        if game.current_trick and trump is not None and game.leader is not None:
            best = trick_winner(game.current_trick, trump)
            items = [
                Shown(x, f"Seat {(game.leader + i) % n}", trump=is_trump(x, trump), highlight=i == best,
                      extra="winning so far" if i == best else None)
                for i, x in enumerate(game.current_trick)
            ]
            st.markdown(f"## Trick {len(game.tricks) + 1} so far")
            show_row(items, base=1.3, label="The trick so far")
        elif game.tricks and trump is not None:
            last = game.tricks[-1]
            win_i = last.seats.index(last.winner)
            st.markdown(f"## Trick {len(game.tricks)}: won by Seat {last.winner}")
            show_row(
                [Shown(x, f"Seat {s}", trump=is_trump(x, trump), highlight=i == win_i,
                       extra="won the trick" if i == win_i else None)
                 for i, (x, s) in enumerate(zip(last.tiles, last.seats, strict=True))],
                base=1.3, label=f"Trick {len(game.tricks)}",
            )
            st.markdown(explain_winner(last.tiles, trump).text)
        elif game.bids:
            st.markdown("## The bidding")
            st.markdown("  \n".join(f"Seat {s}: **{words.bid_label(b)}**" for s, b in game.bids))
        else:
            st.markdown("## The deal")
            st.markdown("Every hand is shown face up. Press **Forward** for the bidding.")
        if game.hand_finished and game.results:
            st.success(game.results[-1].describe())
    with hands:
        # Every hand, face up.
        for seat in range(n):
            with st.container(border=True, key=f"class-seat-{seat}"):
                role = []
                if game.bidder == seat:
                    role.append("bidder")
                elif n == 4 and game.bidder is not None and seat % 2 == game.bidder % 2:
                    role.append("bidder's partner")
                bid = next((b for s, b in game.bids if s == seat), None)
                if bid is not None:
                    role.append(f"bid {words.bid_label(bid)}")
                role.append(f"{game.tricks_won[seat]} trick{'s' if game.tricks_won[seat] != 1 else ''}")
                st.markdown(f"**Seat {seat}** · " + " · ".join(role))
                show_row([Shown(x, trump=is_trump(x, trump), horizontal=True) for x in game.hands[seat]],
                         base=0.6, label=f"Seat {seat}'s tiles")


def commentary(t: Timeline) -> None:
    """The computer's words on the moves of the last step."""
    count = _count()
    prev = max((s.count for s in t.stops if s.count < count), default=0)
    if count == 0:
        st.caption("Press **Forward** to see the bidding and the contract, then each trick.")
        return
    moves = t.moves(prev, count)
    st.markdown("## Commentary")
    level = _level()
    if t.commentary_level != level:
        t.commentary.clear()
        t.commentary_level = level
    with st.spinner(f"The {level} computer player is looking at the moves…"):
        notes = [t.comment(i, _bot_for) for i, _s, _a in moves]
    for note in notes:
        text = words.describe_action(note.seat, note.action, you=-1, players=t.rules.players, show_discard=True)
        with st.expander(f"Move {note.index + 1}: {text}", expanded=len(notes) <= 4):
            if not note.agrees and note.suggested is not None:
                st.markdown(f"The {level} computer would rather **{words.move_label(note.suggested)}** here.")
            show_decision(note.decision, key=f"class-note-{note.index}", who=seat_name(note.seat, -1, t.rules.players))


def download(t: Timeline) -> None:
    st.download_button(
        "Download this hand's record (JSON)", json.dumps(t.hand.record, indent=1), file_name=_file_name(t.hand.record),
        mime="application/json", key="class-dl-current", icon=":material/download:", on_click="ignore",
    )


# -- the presenter and lesson decks -------------------------------------------------------------------
def presenter_link(t: Timeline, count: int | None = None) -> str | None:
    """The presenter's link for this hand at ``count`` (only for a hand the computer played
    from a deal number: a saved record does not fit in a link)."""
    if t.deal is None or not t.played_by:
        return None
    link = PresenterLink(t.rules, t.deal, t.played_by, at=_count() if count is None else count)
    return "/presenter?" + urlencode(link.to_query())


def present(t: Timeline) -> None:
    """Open this hand, at this move, in the full-screen presenter view."""
    with st.container(horizontal=True, key="class-present-row", vertical_alignment="center"):
        go = st.button("Present full screen", key="class-present", icon=":material/present_to_all:", type="primary",
                       help="A full-screen view for a projector: big tiles and text, → ← or a clicker to step.")
        link = presenter_link(t)
        if link:
            st.markdown(f"[Link to this move in the presenter]({link})")
    if go:
        level = t.commentary_level or _level()
        known = dict(t.commentary) if t.commentary_level == level else {}
        show = presentation.record_show(t.hand, level, known)
        presentation.present_hand(show, _count(), source=("classroom", t.hand.title, _count()))
        st.switch_page("views/presenter.py")


def _deck() -> Deck:
    d = state.get(state.DECK)
    return d if isinstance(d, Deck) else Deck()


def _set_deck(deck: Deck) -> None:
    state.put(state.DECK, deck)


def _deck_error(text: str) -> None:
    st.session_state[DECK_ERROR] = md_escape(text)


def _add(entry: DeckEntry) -> None:
    try:
        _set_deck(_deck().add(entry))
    except DeckError as e:
        _deck_error(str(e))


def _add_position() -> None:
    t = current()
    if t is None:
        return
    count = _count()
    to = min(count + int(st.session_state.get("deck-more") or 0), len(t.hand.actions))
    note = str(st.session_state.get("deck-note", "")).strip()
    ask = bool(st.session_state.get("deck-ask")) and count < len(t.hand.actions)
    if t.deal is not None and t.played_by:
        entry = DeckEntry("deal", note=note, deal=t.deal, rules=t.rules.differences() or None,
                          computer=t.played_by, move=count, to=to if to != count else None, ask=ask)
    else:
        entry = DeckEntry("hand", note=note, record=t.hand.record, computer=_level(), move=count,
                          to=to if to != count else None, ask=ask)
    _add(entry)
    if ask and (poor := _poor_ask(t, count, entry.computer)):
        st.session_state[ASK_WARNING] = poor
    st.session_state["deck-note"] = ""
    st.session_state["deck-more"] = 0
    st.session_state["deck-ask"] = False


#: The deck builder's warning of a position added with "what would you play?" where every
#: legal play is right (said once, under "Add this position").
ASK_WARNING = "deck-ask-warning"


def _every_right(t: Timeline, count: int, level: str) -> bool | None:
    """Whether every legal play before action ``count`` is right by the ``level`` computer's
    numbers (:func:`~tutorial.services.presenter.every_play_right`); ``None`` when the
    Classroom holds no word of that computer on it."""
    if t.commentary_level != level or (count not in t.commentary and level != _level()):
        return None
    decision = t.comment(count, _bot_for).decision
    return every_play_right(decision, tuple(str(a) for a in t.game_at(count).legal_actions()))


def _poor_ask(t: Timeline, count: int, level: str) -> str:
    """The warning for a position asked where any tile is as good (``""`` when it is worth
    asking): the presenter's "Pause and ask" says the same, with the next move worth asking."""
    if not _every_right(t, count, level):
        return ""
    total = len(t.hand.actions)
    nxt = next((c for c in range(count + 1, total) if c in t.commentary and _every_right(t, c, level) is False), None)
    then = f" The next move worth asking is move {nxt}." if nxt is not None else ""
    return (f"Added, but any tile is as good at move {count}: a poor moment to ask “what would you play?”, "
            f"as every answer is right.{then}")


def _add_item(kind: str) -> None:
    ref = st.session_state.get(f"deck-{kind}")
    if ref:
        _add(DeckEntry(kind, note=str(st.session_state.get(f"deck-{kind}-note", "")).strip(), ref=str(ref)))
        st.session_state[f"deck-{kind}-note"] = ""


def _add_note() -> None:
    title = " ".join(str(st.session_state.get("deck-slide-title", "")).split())[:MAX_TITLE]
    note = str(st.session_state.get("deck-slide-note", "")).strip()
    if not title and not note:
        _deck_error("A note slide needs its words: a note (or at least a title).")
        return
    _add(DeckEntry("note", title=title, note=note))
    st.session_state["deck-slide-title"] = ""
    st.session_state["deck-slide-note"] = ""


def _retitle() -> None:
    title = str(st.session_state.get("deck-title", "")).strip()[:200] or "Lesson deck"
    _set_deck(replace(_deck(), title=title))
    state.put(state.DECK_OPEN, True)


def _edit(index: int, by: int) -> None:
    d = _deck()
    _set_deck(d.remove(index) if by == 0 else d.move(index, by))


def deck_builder(t: Timeline | None) -> None:
    """Put a lesson deck together: positions, puzzles and levels, each with a note, and note
    slides of the teacher's own words; save it as a file, load one, present it."""
    from tutorial.services.items import course, puzzle_option, puzzle_summary, puzzles

    deck = _deck()
    # Its label changes with the title, which draws the panel anew: open, as the teacher who
    # retitled it had it.
    named = f": {md_escape(deck.title)}" if deck.title.strip() not in ("", Deck().title) else ""
    with st.expander(f"Lesson deck{named} ({len(deck.entries)} entr{'y' if len(deck.entries) == 1 else 'ies'})", icon=":material/slideshow:",
                     expanded=bool(deck.entries) or bool(state.get(state.DECK_OPEN)), key="deck-panel"):
        if "deck-title" not in st.session_state or st.session_state.pop(state.DECK_RETITLE, False):
            st.session_state["deck-title"] = deck.title
        st.text_input("Title of the deck", key="deck-title", on_change=_retitle, max_chars=200)
        if t is not None:
            count = _count()
            st.markdown(f"**This position** (move {count} of {len(t.hand.actions)})")
            st.text_area("Note for this position", key="deck-note", max_chars=2000, help=NOTE_HELP,
                         placeholder="What to look at, what to ask the room… (shown as typed)")
            c1, c2 = st.columns(2)
            # No value=: the callback resets it through the session state (a default as well
            # would make Streamlit warn in the server's log).
            c1.number_input("Moves to step through after it", min_value=0, max_value=64, step=1,
                            key="deck-more", help="0: just this position. 3: this one and the next three moves.")
            c2.checkbox("Open with “what would you play?”", key="deck-ask", disabled=count >= len(t.hand.actions))
            st.button("Add this position", key="deck-add-hand", on_click=_add_position, icon=":material/add:")
            if poor := st.session_state.pop(ASK_WARNING, None):
                with st.container(key="deck-ask-warning"):
                    st.warning(md_escape(str(poor)), icon=":material/front_hand:")
        if st.toggle("Add puzzles and lesson levels", key="deck-items"):
            # Each picker on a row of its own: a puzzle's question needs the width.
            pz = {p.id: p for p in puzzles()}
            titles = {pid: puzzle_option(p) for pid, p in pz.items()}
            picked = st.selectbox("A puzzle", list(titles), key="deck-puzzle", format_func=lambda x: titles.get(x, x),
                                  help="What each puzzle asks, its difficulty and its id; type to search.")
            if picked in pz:  # the whole question, however long
                st.caption(md_escape(puzzle_summary(pz[picked])))
            c1, c2 = st.columns([3, 1], vertical_alignment="bottom")
            c1.text_input("Note for the puzzle", key="deck-puzzle-note", max_chars=2000, help=NOTE_HELP)
            c2.button("Add the puzzle", key="deck-add-puzzle", on_click=_add_item, args=("puzzle",),
                      icon=":material/add:")
            levels = {lv.id: f"{lv.title} ({lv.id})" for lv in course().levels()}
            st.selectbox("A lesson level", list(levels), key="deck-level", format_func=lambda x: levels.get(x, x))
            c1, c2 = st.columns([3, 1], vertical_alignment="bottom")
            c1.text_input("Note for the level", key="deck-level-note", max_chars=2000, help=NOTE_HELP)
            c2.button("Add the level", key="deck-add-level", on_click=_add_item, args=("level",),
                      icon=":material/add:")
        if st.toggle("Add a note slide (your own words)", key="deck-notes"):
            st.text_input("Title of the slide", key="deck-slide-title", max_chars=MAX_TITLE,
                          placeholder="e.g. Remember")
            st.text_area("What the slide says", key="deck-slide-note", max_chars=MAX_NOTE, help=NOTE_HELP,
                         placeholder="Shown across the screen in big type, as typed; nothing is asked.")
            st.button("Add the note slide", key="deck-add-note", on_click=_add_note, icon=":material/add:")
        if deck.entries:
            st.markdown("**In the deck**")
            names = _item_titles() if needs_content(deck) else {}
        for i, e in enumerate(deck.entries):
            with st.container(horizontal=True, key=f"deck-entry-{i}", vertical_alignment="center"):
                st.markdown(md_escape(f"{i + 1}. {e.listing(names)}"))
                st.button("Up", key=f"deck-up-{i}", on_click=_edit, args=(i, -1), disabled=i == 0,
                          icon=":material/arrow_upward:")
                st.button("Down", key=f"deck-down-{i}", on_click=_edit, args=(i, 1),
                          disabled=i == len(deck.entries) - 1, icon=":material/arrow_downward:")
                st.button("Remove", key=f"deck-remove-{i}", on_click=_edit, args=(i, 0), icon=":material/delete:")
        up = st.file_uploader("Load a deck (JSON)", type=["json"], key="deck-upload")
        if up is not None and st.session_state.get(state.DECK_LOADED) != up.file_id:
            st.session_state[state.DECK_LOADED] = up.file_id
            try:
                loaded = load_deck(up.getvalue())
                if needs_content(loaded):
                    check_refs(loaded, {p.id for p in puzzles()}, {lv.id for lv in course().levels()})
            except DeckError as e:
                _deck_error(f"This deck cannot be used. {e}")
            else:
                _set_deck(loaded)
                st.session_state[state.DECK_RETITLE] = True
                n = presentation.slide_count(loaded)
                st.session_state[state.DECK_LOADED_MESSAGE] = md_escape(
                    f"Loaded “{loaded.title}”: {n} slide{'' if n == 1 else 's'}.")
                st.rerun()
        err = st.session_state.pop(DECK_ERROR, None)
        if err:
            st.error(err + " The deck on screen is unchanged.")
        loaded_message = st.session_state.pop(state.DECK_LOADED_MESSAGE, None)
        if loaded_message:
            st.success(loaded_message, icon=":material/check_circle:")
        deck = _deck()
        with st.container(horizontal=True, key="deck-actions", vertical_alignment="center"):
            st.download_button("Save the deck (JSON)", dump_deck(deck), file_name="moon-deck.json",
                               mime="application/json", key="deck-save", disabled=not deck.entries,
                               icon=":material/download:", on_click="ignore")
            go = st.button("Present the deck", key="deck-present", disabled=not deck.entries, type="primary",
                           icon=":material/present_to_all:")
            token = deck_token(deck) if deck.entries else ""
            if token and len(token) <= MAX_TOKEN:
                st.markdown(f"[Link to the deck in the presenter](/presenter?deck={token})")
        if go and deck.entries:
            presentation.present_deck(deck, source=("deck", token))
            st.switch_page("views/presenter.py")


def _item_titles() -> dict[tuple[str, str], str]:
    """The titles of the puzzles and lesson levels a deck may name, by (kind, id)."""
    from tutorial.services.items import course, item_title, puzzles

    out = {("puzzle", p.id): item_title(p) for p in puzzles()}
    out.update({("level", lv.id): item_title(lv) for lv in course().levels()})
    return out


# -- the address ---------------------------------------------------------------------------------------
def open_from_address() -> None:
    """A new session (a reload, a second browser) opens what the address names: the hand at
    its move, and the lesson deck being built. A bad address says what is wrong and opens
    nothing of it."""
    q = {k: st.query_params.get(k, "") for k in ClassroomLink.PARAMS if k in st.query_params}
    link = ClassroomLink.parse(q)
    if isinstance(link, LinkError):
        if current() is None:
            st.session_state[ERROR] = md_escape(str(link))
        link = ClassroomLink(deck=q.get("deck", ""))
    if current() is None and link.deal is not None:
        with st.spinner(f"The {link.computer} computer players are playing deal {link.deal}…"):
            hand, decisions = generate_hand(link.rules, link.deal, link.computer)
        t = Timeline(hand, dict(decisions), link.computer, deal=link.deal, played_by=link.computer)
        _set(t, min(link.move, len(t.hand.actions)))
    elif current() is None and link.hand:
        try:
            loaded = hand_from_token(link.hand)
        except LinkError as e:
            st.session_state[ERROR] = md_escape(str(e))
        else:
            _set(Timeline(loaded), min(link.move, len(loaded.actions)))
    # The deck in the address (into a session with none, or an empty one: a deck the presenter
    # brings back), else, in a new session, the one this browser kept (a reload on another page).
    held = state.get(state.DECK)
    kept_deck = str(st.context.cookies.get(DECK_COOKIE) or "") if held is None else ""
    if (link.deck and not (isinstance(held, Deck) and held.entries)) or kept_deck:
        from tutorial.services.items import course, puzzles

        try:
            deck = deck_from_token(link.deck or kept_deck)
            if needs_content(deck):
                check_refs(deck, {p.id for p in puzzles()}, {lv.id for lv in course().levels()})
        except DeckError as e:
            # Said at the top of the page: the deck panel below is closed when it is empty.
            where = "in the address" if link.deck else "this browser kept"
            st.error(md_escape(f"The deck {where} cannot be used. {e}"), icon=":material/error:")
            _set_deck(Deck())
        else:
            _set_deck(deck)
            st.session_state[state.DECK_RETITLE] = True


def sync_address(t: Timeline | None) -> None:
    """Write what is open into the address (see :class:`ClassroomLink`); a deck too big for
    an address is said, so the teacher saves it as a file."""
    deck = _deck()
    token = deck_token(deck) if deck.entries else ""
    if len(token) > MAX_TOKEN:
        st.caption(":material/warning: This deck is too big to keep in the page's address: a reload would lose it. "
                   "Save it as a file (above).")
        token = ""
    elif deck.entries and not deck_value(deck):
        st.caption(":material/warning: This deck is too big for this browser to keep over a reload on another page "
                   "(this page's address keeps it). Save it as a file (above).")
    if t is not None and t.deal is not None and t.played_by:
        link = ClassroomLink(t.rules, t.deal, t.played_by, _count(), token)
    elif t is not None:  # a hand from a file: its record packed into the address
        packed = hand_token(t.hand)
        if len(packed) > MAX_TOKEN:
            st.caption(":material/warning: This hand's record is too big to keep in the page's address: a reload "
                       "would lose it. Keep its file to load it again.")
            packed = ""
        link = ClassroomLink(move=_count(), deck=token, hand=packed)
    else:
        link = ClassroomLink(deck=token)
    state.write_address(ClassroomLink.PARAMS, link.to_query())


def remember(t: Timeline) -> None:
    state.archive_hand(t.hand.record, f"Classroom: {t.hand.title}")


__all__ = ["Action", "choose_hand", "commentary", "controls", "current", "deck_builder", "download",
           "open_from_address", "present", "presenter_link", "sync_address", "table"]
