"""Asking one lesson level or puzzle: the position, the answer controls for its kind
(tiles to click, choices, numbers), instant feedback with the engine's reason, and a
two-step hint. Shared by the Learn and Puzzles pages."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import streamlit as st

from engine import Tile
from tutorial.components import recording, state
from tutorial.components.tiles import Shown, clickable_tiles, is_trump, show_row
from tutorial.services import describe as words
from tutorial.services.items import TILE_KINDS, Attempt, choice_label, mode_of, submit
from tutorial.services.rules_text import house_rules

ATTEMPTS = state.ATTEMPTS
Solved = Callable[[Any, Attempt], None]


def attempt_for(key: str) -> Attempt:
    store: dict[str, Attempt] = st.session_state.setdefault(ATTEMPTS, {})
    if key not in store:
        store[key] = Attempt()
    return store[key]


def _pos_seat(pos: Any, seat: int, you: int | None) -> str:
    if you is not None and seat == you:
        return f"You (seat {seat})"
    return f"Seat {seat}"


def position_view(item: Any) -> None:
    """The table of a question: rules, trump, auction, trick, hands and loose tiles. The tiles
    the learner answers with are left out here (they are drawn as the controls)."""
    pos = item.position
    kind = item.kind
    trump = pos.trump
    you = pos.to_play
    notes = []
    if pos.players == 4 or pos.rules.differences():
        notes.append("*Rules for this question:* " + " ".join(house_rules(pos.rules)))
    if trump is not None:
        notes.append(f"Trump: **{words.trump_label(trump)}**")
    if pos.bids:
        first = pos.first_bidder or 0
        notes.append("Bids: " + ", ".join(f"seat {s}: {words.bid_label(b)}" for s, b in pos.bids)
                     if pos.bids else f"Seat {first} bids first")
    if pos.bidder is not None and pos.bid is not None:
        notes.append(f"Contract: seat {pos.bidder} bid {words.bid_label(pos.bid)}")
    if pos.tricks_won is not None:
        notes.append("Tricks taken: " + ", ".join(f"seat {s}: {n}" for s, n in enumerate(pos.tricks_won)))
    if pos.scores is not None:
        label = "team" if pos.players == 4 else "seat"
        notes.append("Scores before this hand: " + ", ".join(f"{label} {s}: {n}" for s, n in enumerate(pos.scores)))
    for n in notes:
        st.markdown(n)
    if pos.trick and kind != "trick_winner":
        items = [Shown(t, _pos_seat(pos, pos.seat_of(i), you) + (" led" if i == 0 else ""), trump=is_trump(t, trump))
                 for i, t in enumerate(pos.trick)]
        st.markdown("**The trick so far**")
        show_row(items, label="The trick so far")
    if pos.played:
        st.markdown("**Already played this hand**")
        show_row([Shown(t, trump=is_trump(t, trump)) for t in pos.played], base=0.6, label="Tiles already played")
    if pos.widow:
        st.markdown("**The widow**")
        show_row([Shown(t, trump=is_trump(t, trump)) for t in pos.widow], base=0.8, label="The widow")
    answer_hand = kind in ("legal_tiles", "play", "ending")
    for seat in range(pos.players):
        if not pos.has_hand(seat):
            continue
        if answer_hand and seat == you:
            continue
        if pos.shown and seat not in pos.shown and seat != you:
            continue
        st.markdown(f"**{_pos_seat(pos, seat, you)}**")
        show_row([Shown(t, trump=is_trump(t, trump)) for t in pos.hand(seat)], base=0.8,
                 label=f"{_pos_seat(pos, seat, you)}: tiles")
    if pos.tiles and kind not in ("pick_tiles", "rank"):
        show_row([Shown(t, trump=is_trump(t, trump)) for t in pos.tiles], label="The tiles in the question")


# -- callbacks --------------------------------------------------------------------------------------
def _answer(item: Any, key: str, answer: Any, on_solved: Solved | None) -> None:
    att = attempt_for(key)
    if att.solved:
        return
    ok = submit(item, att, answer)
    if ok and on_solved is not None:
        on_solved(item, att)
    recording.answered(item, key, att, answer, ok)


def _pick(item: Any, key: str, choice: str, on_solved: Solved | None) -> None:
    mode = mode_of(item.kind)
    att = attempt_for(key)
    if mode == "one":
        _answer(item, key, choice, on_solved)
    elif mode == "many":
        att.toggle(choice)
        att.feedback = None
    elif mode == "order" and choice not in att.selected:
        att.selected.append(choice)
        att.feedback = None


def _check(item: Any, key: str, on_solved: Solved | None) -> None:
    mode = mode_of(item.kind)
    att = attempt_for(key)
    if mode in ("many", "order"):
        answer: Any = list(att.selected)
    elif mode == "number":
        answer = st.session_state.get(f"{key}-number")
    else:
        sides = len(item.rules.teams())
        answer = [st.session_state.get(f"{key}-num-{i}") for i in range(sides)]
    _answer(item, key, answer, on_solved)


def _clear(key: str) -> None:
    att = attempt_for(key)
    att.selected = []
    att.feedback = None


def _hint(key: str) -> None:
    att = attempt_for(key)
    att.hints = min(2, att.hints + 1)


# -- the controls ----------------------------------------------------------------------------------
def answer_controls(item: Any, key: str, on_solved: Solved | None = None) -> None:
    """The controls for answering ``item`` (disabled once it is solved)."""
    att = attempt_for(key)
    recording.shown(key)
    kind, mode = item.kind, mode_of(item.kind)
    choices = item.choices() or []
    trump = item.position.trump
    pos = item.position
    done = att.solved or att.gave_up
    if kind in TILE_KINDS:
        tiles = [Tile.parse(c) for c in choices]
        captions: dict[Tile, str] = {}
        if kind == "trick_winner" and pos.leader is not None:
            captions = {t: _pos_seat(pos, pos.seat_of(i), pos.to_play) + (" led" if i == 0 else "")
                        for i, t in enumerate(pos.trick)}
        verb = {"play": "Play", "ending": "Play", "trick_winner": "Pick", "rank": "Next:"}.get(kind, "Select")
        if kind in ("legal_tiles", "play", "ending") and pos.to_play is not None:
            st.markdown(f"**Your hand (seat {pos.to_play})**")
        clickable_tiles(
            tiles, key=f"{key}-tiles", verb=verb, trump=trump, disabled=done,
            selected=[Tile.parse(s) for s in att.selected] if mode != "one" else (),
            captions=captions, on_click=lambda t: _pick(item, key, str(t), on_solved),
            toggle=mode == "many", mark_playable=False,
        )
        if mode == "order":
            st.markdown("**Your order, strongest first:** " + (" > ".join(att.selected) or "_click the tiles in order_"))
    elif mode in ("one", "many"):
        with st.container(horizontal=True, key=f"{key}-choices"):
            for c in choices:
                picked = c in att.selected
                label = ("✓ " if picked else "") + choice_label(kind, c, pos.players)
                st.button(label, key=f"{key}-choice-{c}", disabled=done, on_click=_pick,
                          args=(item, key, c, on_solved), type="primary" if picked else "secondary")
    elif mode == "number":
        st.number_input("Your answer", min_value=-100, max_value=100, step=1, value=0, key=f"{key}-number",
                        disabled=done)
    else:
        sides = len(item.rules.teams())
        cols = st.columns(sides)
        for i, col in enumerate(cols):
            label = f"Team {i} (seats {i} & {i + 2})" if sides == 2 else f"Seat {i}"
            col.number_input(f"{label}: score change", min_value=-50, max_value=50, step=1, value=0,
                             key=f"{key}-num-{i}", disabled=done)
    if mode != "one" and not done:
        with st.container(horizontal=True, key=f"{key}-check-row"):
            st.button("Check my answer", key=f"{key}-check", type="primary", on_click=_check,
                      args=(item, key, on_solved), icon=":material/check:")
            if mode in ("many", "order"):
                st.button("Clear", key=f"{key}-clear", on_click=_clear, args=(key,), disabled=not att.selected)


def feedback(item: Any, key: str) -> None:
    att = attempt_for(key)
    if att.feedback is None:
        return
    ok, text = att.feedback
    if ok:
        stars = "★" * att.stars + "☆" * (3 - att.stars)
        st.success(f"**Right!** {text.removeprefix('Right! ')}  \n{stars} ({att.stars} of 3 stars)",
                   icon=":material/check_circle:")
    else:
        st.error(f"**Not quite.** {text}", icon=":material/cancel:")


def hints(item: Any, key: str) -> None:
    att = attempt_for(key)
    if att.solved:
        return
    label = ["Hint", "Show the answer", "Answer shown"][att.hints]
    st.button(label, key=f"{key}-hint", on_click=_hint, args=(key,), disabled=att.hints >= 2,
              icon=":material/lightbulb:", help="First where to look, then the answer with its reason. Hints cost a star.")
    if att.hints >= 1:
        st.info(f"**Hint 1:** {item.hint(1)}", icon=":material/lightbulb:")
    if att.hints >= 2:
        st.info(f"**Hint 2:** {item.hint(2)}", icon=":material/visibility:")
