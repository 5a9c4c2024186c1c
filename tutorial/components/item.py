"""Asking one lesson level or puzzle: the position, the answer controls for its kind
(tiles to click, choices, numbers), instant feedback with the engine's reason, and a
two-step hint. Shared by the Learn and Puzzles pages."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import streamlit as st

from content.stars import RULE, YES_NO
from engine import Tile
from tutorial.components import events, state
from tutorial.components.state import tile_scale
from tutorial.components.tiles import Shown, clickable_tiles, is_trump, row_html, show_row
from tutorial.services.items import (
    TILE_KINDS,
    Attempt,
    accept_shown,
    choice_label,
    finished_tricks,
    mode_of,
    question_seat,
    submit,
    table_notes,
    tries_explained,
)
from tutorial.services.items import trump_marks as marks_for
from tutorial.services.rules_text import house_rules

if TYPE_CHECKING:
    from content import Item
    from engine import Trump

ATTEMPTS = state.ATTEMPTS
#: The star rule, as the learner reads it (``content.stars``).
STAR_RULE = RULE
#: The whole star rule with its exception, for the help beside the stars.
STAR_HELP = f"{RULE}; {YES_NO}"
Solved = Callable[["Item", Attempt], None]


def attempt_for(key: str) -> Attempt:
    store: dict[str, Attempt] = st.session_state.setdefault(ATTEMPTS, {})
    if key not in store:
        store[key] = Attempt()
    return store[key]


def trump_marks(item: Item, key: str) -> Trump | None:
    """The trump to mark tiles with (gold, "★"), or ``None`` when marking trumps would give the
    answer away: a question about which tiles are trumps, not yet answered (the attempt under
    ``key``; see :func:`tutorial.services.items.trump_marks`). One rule for the whole table:
    the hand, the trick and the tiles played are marked together."""
    att = attempt_for(key)
    return marks_for(item, answered=att.solved or att.answer_shown)


def position_view(item: Item, key: str) -> None:
    """The table of a question (its attempt under ``key``): rules, trump, auction, trick,
    hands and loose tiles. The tiles the learner answers with are left out here (they are
    drawn as the controls). Trumps are not marked while they are what the question asks about
    (see :func:`trump_marks`)."""
    pos = item.position
    kind = item.kind
    trump = trump_marks(item, key)
    you = pos.to_play
    att = attempt_for(key)
    notes = table_notes(item, att.solved or att.answer_shown, house_rules(pos.rules))
    plain = kind == "strategy"

    def name(seat: int) -> str:
        return question_seat(pos, seat, plain)

    for n in notes:
        st.markdown(n)
    if pos.trick and kind != "trick_winner":
        items = [Shown(t, name(pos.seat_of(i)) + (" led" if i == 0 else ""), trump=is_trump(t, trump))
                 for i, t in enumerate(pos.trick)]
        st.markdown("**The trick so far**")
        show_row(items, label="The trick so far")
    tricks = finished_tricks(pos) if plain else []
    if tricks:
        # Who played what: a row per finished trick (side by side where they fit), each tile
        # captioned with its seat.
        st.markdown("**Already played this hand**")
        rows = "".join(
            row_html([Shown(t, name(s) + (" led" if k == 0 else ""), trump=is_trump(t, trump))
                      for k, (s, t) in enumerate(plays)], tile_scale(0.6), f"Trick {i}, taken by {name(won)}")
            for i, (plays, won) in enumerate(tricks, start=1))
        st.markdown(f'<div class="moon-tricks">{rows}</div>', unsafe_allow_html=True)
    elif pos.played:
        st.markdown("**Already played this hand**")
        show_row([Shown(t, trump=is_trump(t, trump)) for t in pos.played], base=0.6, label="Tiles already played")
    if pos.widow:
        st.markdown("**The widow**")
        show_row([Shown(t, trump=is_trump(t, trump)) for t in pos.widow], base=0.8, label="The widow")
    answer_hand = kind in ("legal_tiles", "play", "ending", "strategy")
    for seat in range(pos.players):
        if not pos.has_hand(seat):
            continue
        if answer_hand and seat == you:
            continue
        if pos.shown and seat not in pos.shown and seat != you:
            continue
        st.markdown(f"**{name(seat)}**")
        show_row([Shown(t, trump=is_trump(t, trump)) for t in pos.hand(seat)], base=0.8,
                 label=f"{name(seat)}: tiles")
    if pos.tiles and kind not in ("pick_tiles", "rank"):
        show_row([Shown(t, trump=is_trump(t, trump)) for t in pos.tiles], label="The tiles in the question")


# -- callbacks --------------------------------------------------------------------------------------
def _answer(item: Item, key: str, answer: object, on_solved: Solved | None, on_shown: Solved | None = None) -> None:
    att = attempt_for(key)
    if att.solved:
        return
    ok = submit(item, att, answer)
    if ok and on_solved is not None:
        on_solved(item, att)
    events.answered(item, key, att, answer, ok)
    if ok is False and on_shown is not None:
        _end_shown(item, key, on_shown)


def _end_shown(item: Item, key: str, on_shown: Solved) -> None:
    """The answer shown after a wrong try (the second wrong try's feedback, or asked for after
    the first) is taken as the next try: the item ends there, stored as answered so."""
    att = attempt_for(key)
    if accept_shown(item, att):
        events.answered(item, key, att, item.answer_json(), True)
        on_shown(item, att)


def _pick(item: Item, key: str, choice: str, on_solved: Solved | None, on_shown: Solved | None = None) -> None:
    mode = mode_of(item.kind)
    att = attempt_for(key)
    if mode == "one":
        _answer(item, key, choice, on_solved, on_shown)
    elif mode == "many":
        att.toggle(choice)
        att.feedback = None
    elif mode == "order" and choice not in att.selected:
        att.selected.append(choice)
        att.feedback = None


def _check(item: Item, key: str, on_solved: Solved | None, on_shown: Solved | None = None) -> None:
    mode = mode_of(item.kind)
    att = attempt_for(key)
    if mode in ("many", "order"):
        answer: object = list(att.selected)
    elif mode == "number":
        answer = st.session_state.get(f"{key}-number")
    else:
        sides = len(item.rules.teams())
        answer = [st.session_state.get(f"{key}-num-{i}") for i in range(sides)]
    _answer(item, key, answer, on_solved, on_shown)


def _clear(key: str) -> None:
    att = attempt_for(key)
    att.selected = []
    att.feedback = None


def _hint_step(att: Attempt) -> int:
    """The hint steps the learner has seen: those asked for, and the first hint after a
    wrong answer (the feedback gives it, so the next press is the answer, not that hint
    again)."""
    return max(int(att.hints), 1 if att.tries and not att.solved else 0)


def _hint(item: Item, key: str, on_shown: Solved | None = None) -> None:
    att = attempt_for(key)
    att.hints = min(2, _hint_step(att) + 1)
    if on_shown is not None:
        _end_shown(item, key, on_shown)


# -- the controls ----------------------------------------------------------------------------------
#: The places of a ranking question's order, as shown under the tiles.
_ORDINALS = ("1st", "2nd", "3rd", "4th", "5th", "6th", "7th", "8th", "9th", "10th")


def answer_controls(item: Item, key: str, on_solved: Solved | None = None, on_shown: Solved | None = None) -> None:
    """The controls for answering ``item`` (disabled once it is solved). With ``on_shown``
    the item ends at a wrong try once the answer is shown (the second wrong try's feedback
    shows it; or it was asked for: :func:`hints`), the answer shown taken as the next try
    (:func:`~tutorial.services.items.accept_shown`), and ``on_shown`` is called as
    ``on_solved`` is for a right answer."""
    att = attempt_for(key)
    events.shown(key)
    kind, mode = item.kind, mode_of(item.kind)
    choices = item.choices() or []
    trump = trump_marks(item, key)
    pos = item.position
    done = att.solved or att.gave_up
    if kind in TILE_KINDS:
        tiles = [Tile.parse(c) for c in choices]
        captions: dict[Tile, str] = {}
        if kind == "trick_winner" and pos.leader is not None:
            captions = {t: question_seat(pos, pos.seat_of(i)) + (" led" if i == 0 else "")
                        for i, t in enumerate(pos.trick)}
        if mode == "order":
            # Each picked tile shows its place in the learner's order, while picking and after.
            captions = {Tile.parse(c): _ORDINALS[i] for i, c in enumerate(att.selected) if i < len(_ORDINALS)}
        verb = {"play": "Play", "ending": "Play", "strategy": "Play", "trick_winner": "Pick", "rank": "Next:"}.get(kind, "Select")
        if kind in ("legal_tiles", "play", "ending", "strategy") and pos.to_play is not None:
            st.markdown("**Your hand**" if kind == "strategy" else f"**Your hand (Seat {pos.to_play})**")
        clickable_tiles(
            tiles, key=f"{key}-tiles", verb=verb, trump=trump, disabled=done,
            selected=[Tile.parse(s) for s in att.selected] if mode != "one" else (),
            captions=captions, on_click=lambda t: _pick(item, key, str(t), on_solved, on_shown), mark_playable=False,
        )
        if mode == "order":
            st.markdown("**Your order, strongest first:** " + (" > ".join(att.selected) or "_click the tiles in order_"))
    elif mode in ("one", "many"):
        with st.container(horizontal=True, key=f"{key}-choices"):
            for c in choices:
                picked = c in att.selected
                label = ("✓ " if picked else "") + choice_label(kind, c, pos.players)
                st.button(label, key=f"{key}-choice-{c}", disabled=done, on_click=_pick,
                          args=(item, key, c, on_solved, on_shown), type="primary" if picked else "secondary")
    elif mode == "number":
        if done:
            # The field shows the answer that was graded, in a fresh widget: the old one may
            # still hold what the browser drew before the last edit was sent.
            st.number_input("Your answer", value=_as_int(att.graded), key=f"{key}-number-graded-{att.tries}",
                            disabled=True)
        else:
            st.number_input("Your answer", min_value=-100, max_value=100, step=1, value=0,
                            key=f"{key}-number")
    else:
        sides = len(item.rules.teams())
        cols = st.columns(sides)
        graded = att.graded if isinstance(att.graded, list | tuple) else [None] * sides
        for i, col in enumerate(cols):
            label = f"Team {i} (Seats {i} & {i + 2})" if sides == 2 else f"Seat {i}"
            if done:
                col.number_input(f"{label}: score change", value=_as_int(graded[i] if i < len(graded) else None),
                                 key=f"{key}-num-graded-{att.tries}-{i}", disabled=True)
            else:
                col.number_input(f"{label}: score change", min_value=-50, max_value=50, step=1, value=0,
                                 key=f"{key}-num-{i}")
    if mode != "one" and not done:
        with st.container(horizontal=True, key=f"{key}-check-row"):
            st.button("Check my answer", key=f"{key}-check", type="primary", on_click=_check,
                      args=(item, key, on_solved, on_shown), icon=":material/check:")
            if mode in ("many", "order"):
                st.button("Clear", key=f"{key}-clear", on_click=_clear, args=(key,), disabled=not att.selected)


def _as_int(value: object) -> int | None:
    if not isinstance(value, int | float | str):
        return None
    try:
        return int(value)
    except ValueError:
        return None


def _para(text: str) -> str:
    """A feedback text: a list of lines (one per tile) starts on its own line."""
    return "\n\n" + text if text.startswith("- ") else " " + text


#: The key of the answer under which the star rule was spelled out in this session.
STAR_KEY_AT = "star-key-at"


def _star_key(item: Item, key: str, att: Attempt) -> str:
    """What follows "(N of 3 stars)" under a right answer: why a single star after a wrong try
    at a yes-or-no question, when that is the case, and the whole star rule under the first
    answer of the session (and under that answer again on a rerun); the rule stays in the help
    of the level picker and the hint button."""
    options = item.options()
    note = f": {YES_NO}" if att.misses and options is not None and options <= 2 else ""
    if st.session_state.setdefault(STAR_KEY_AT, key) == key:
        return f"{note}. Stars: {STAR_RULE}."
    return f"{note}." if note else ""


def feedback(item: Item, key: str) -> None:
    att = attempt_for(key)
    if att.feedback is None:
        return
    ok, text = att.feedback
    text = text.removeprefix("Right! ") if ok else text
    # Where the feedback is mostly numbers (the strong player's bids and trumps): once the
    # answer is known, plain words first, the numbers behind a fold.
    plain = item.plain(att.graded) if ok or att.answer_shown or att.solved else ""
    if ok:
        stars = "★" * att.stars + "☆" * (3 - att.stars)
        # the stars in a paragraph of their own: under a list of tiles, a line break would
        # make them part of its last line
        st.success(f"**Right!**{_para(plain or text)}\n\n{stars} ({att.stars} of 3 stars){_star_key(item, key, att)}",
                   icon=":material/check_circle:")
    else:
        st.error(f"**Not quite.**{_para(plain or text)}", icon=":material/cancel:")
    if plain:
        _numbers(text, f"{key}-numbers")


def _numbers(text: str, key: str) -> None:
    """The numbers behind plain words, in a fold the learner opens."""
    with st.expander("The numbers behind it", icon=":material/analytics:", key=key):
        st.markdown(text)


def hints(item: Item, key: str, reveal: bool = True, on_shown: Solved | None = None) -> None:
    """The hint button and what it gave: first where to look, then (with ``reveal``) the
    answer with its reason. A page with its own "Show the answer" button passes
    ``reveal=False``: one button, one wording, for showing the answer. With ``on_shown`` the
    answer asked for after a wrong try ends the item, as the second wrong try does (see
    :func:`answer_controls`); the answer stays on the page."""
    att = attempt_for(key)
    if att.solved and not (att.shown and att.hints >= 2):
        return
    step = _hint_step(att)
    # A tooltip only on "Hint", before any try: once a try's feedback has pushed the button
    # down, a tooltip opened under a pointer left where "Check" was, over the feedback; the
    # later labels ("Show the answer", "Hint shown") say what they do.
    if reveal:
        label = ["Hint", "Show the answer", "Answer shown"][step]
        st.button(label, key=f"{key}-hint", on_click=_hint, args=(item, key, on_shown), disabled=step >= 2 or att.answer_shown,
                  icon=":material/lightbulb:",
                  help=f"First where to look, then the answer with its reason. {STAR_HELP}." if step == 0 else None)
    else:  # kept in its place once given, so the row of buttons does not change under the learner
        st.button("Hint" if step == 0 else "Hint shown", key=f"{key}-hint", on_click=_hint, args=(item, key),
                  icon=":material/lightbulb:", disabled=step > 0,
                  help=f"Where to look. {STAR_HELP}." if step == 0 else None)
    if att.hints >= 1 and not att.tries:  # after a wrong answer its feedback carries the hint
        st.info(f"**Hint 1:** {item.hint(1)}", icon=":material/lightbulb:")
    if att.hints >= 2:
        plain = item.plain(item.answer())
        st.info(f"**The answer:** {plain or item.hint(2)}", icon=":material/visibility:")
        if plain:
            _numbers(item.hint(2), f"{key}-answer-numbers")
        tries_recap(item, key)


def tries_recap(item: Item, key: str) -> None:
    """Once the answer is shown (asked for, or given up) before a second wrong try: why
    each wrong answer tried was wrong (a second wrong try's feedback says it already)."""
    att = attempt_for(key)
    if att.misses < 2:
        text = tries_explained(item, att)
        if text:
            st.markdown(text)
