"""The Puzzles page's pieces: filters, one puzzle at a time with hint, retry and solution,
the streak, and fresh puzzles from the generator."""

from __future__ import annotations

import secrets
from typing import TYPE_CHECKING

import streamlit as st

from puzzles.order import served
from puzzles.themes import theme_title
from tutorial.components import events, profile, state
from tutorial.components import item as ask
from tutorial.services.items import kind_title, new_puzzle, puzzles

if TYPE_CHECKING:
    from puzzles.loader import Puzzle

CURRENT = state.PUZZLE_CURRENT
EXTRA = state.PUZZLE_EXTRA
BANDS = ("beginner", "intermediate", "advanced")
#: What the two ways on to another puzzle do, said under them.
NEXT_HELP = "the next puzzle of this list (the filters above) that you have not solved."
NEW_LABEL = "Make a new puzzle"
NEW_HELP = "a fresh puzzle from the generator, of the kinds picked above."


def load() -> list[Puzzle] | None:
    try:
        with st.spinner("Loading the puzzles…"):
            shipped = list(puzzles())
    except Exception as e:  # a broken content file must not take the page down
        st.error(f"The puzzles could not be loaded: {e}")
        return None
    return [*shipped, *st.session_state.get(EXTRA, [])]


def filters(all_puzzles: list[Puzzle]) -> list[Puzzle]:
    """The filter boxes, and the puzzles they let through in the order they are served
    (:func:`puzzles.order.served`)."""
    kinds = sorted({p.kind for p in all_puzzles}, key=kind_title)
    themes = sorted({t for p in all_puzzles for t in p.themes}, key=theme_title)
    c1, c2, c3 = st.columns(3)
    picked_kinds = c1.multiselect("Kind", kinds, key="pz-kinds", format_func=kind_title, placeholder="All kinds")
    picked_themes = c2.multiselect("Theme", themes, key="pz-themes", format_func=theme_title, placeholder="All themes")
    picked_bands = c3.multiselect("Difficulty", list(BANDS), key="pz-bands", placeholder="All levels",
                                  format_func=str.capitalize)
    out = [
        p for p in all_puzzles
        if (not picked_kinds or p.kind in picked_kinds)
        and (not picked_themes or set(picked_themes) & set(p.themes))
        and (not picked_bands or p.band in picked_bands)
    ]
    # easiest first, but never the same kind of answer twice in a row where it can be helped
    return served(out)


def _key(puzzle: Puzzle) -> str:
    return f"pz-{puzzle.id}"


def current(chosen: list[Puzzle]) -> Puzzle | None:
    if not chosen:
        return None
    ids = [p.id for p in chosen]
    if st.session_state.get(CURRENT) not in ids:
        done = set(profile.progress().puzzles_solved)
        st.session_state[CURRENT] = next((i for i in ids if i not in done), ids[0])
    return next(p for p in chosen if p.id == st.session_state[CURRENT])


def _next(ids: list[str]) -> None:
    cur = st.session_state.get(CURRENT)
    done = set(profile.progress().puzzles_solved)
    i = ids.index(cur) if cur in ids else -1
    order = ids[i + 1:] + ids[: i + 1]
    st.session_state[CURRENT] = next((x for x in order if x not in done), order[0] if order else cur)


def _retry(key: str) -> None:
    ask.attempt_for(key).reset()


def _solution(puzzle: Puzzle, key: str) -> None:
    att = ask.attempt_for(key)
    att.gave_up = True
    att.hints = 2
    events.gave_up(puzzle, key, att)


def new_clicked(kinds: list[str]) -> None:
    from puzzles.generate import GENERATORS

    pool = [k for k in kinds if k in GENERATORS] or list(GENERATORS)
    kind = pool[secrets.randbelow(len(pool))]
    seed = 100_000 + secrets.randbelow(10**9)
    puzzle = new_puzzle(kind, seed)
    if puzzle is None:
        st.session_state[state.PUZZLE_MESSAGE] = "The generator found no good puzzle this time; try again."
        return
    extra = st.session_state.setdefault(EXTRA, [])
    extra.append(puzzle)
    st.session_state[CURRENT] = puzzle.id
    # Make sure the filters show it.
    for key in ("pz-themes", "pz-bands"):
        st.session_state[key] = []
    if st.session_state.get("pz-kinds") and kind not in st.session_state["pz-kinds"]:
        st.session_state["pz-kinds"] = [*st.session_state["pz-kinds"], kind]


def header(chosen: list[Puzzle]) -> None:
    p = profile.progress()
    c1, c2, c3, c4 = st.columns(4)
    c1.metric("Puzzles here", len(chosen))
    c2.metric("Solved", len(set(p.puzzles_solved)))
    c3.metric("Streak", p.streak, help="Puzzles solved in a row on the first try without a hint.")
    c4.metric("Best streak", p.best_streak)


def puzzle_view(puzzle: Puzzle, chosen: list[Puzzle]) -> None:
    key = _key(puzzle)
    att = ask.attempt_for(key)
    ids = [p.id for p in chosen]
    with st.container(border=True, key="pz-box"):
        origin = "new from the generator" if puzzle.file == "generated" else f"puzzle {ids.index(puzzle.id) + 1} of {len(ids)}"
        st.markdown(f"**{kind_title(puzzle.kind)}** · {puzzle.band} (rating {puzzle.rating}) · {origin}")
        st.markdown(f"## {puzzle.question}")
        ask.position_view(puzzle, key)
        ask.answer_controls(puzzle, key)
        ask.feedback(puzzle, key)
        if att.solved or att.answer_shown:
            # The themes name the trap: shown after the answer, never before.
            st.caption(f"Themes: {', '.join(theme_title(t) for t in puzzle.themes)}")
        if att.gave_up:
            st.info(f"**The answer:** {puzzle.hint(2)}", icon=":material/visibility:")
            ask.tries_recap(puzzle, key)
        else:
            ask.hints(puzzle, key, reveal=False)
        with st.container(horizontal=True, key="pz-actions"):
            st.button("Next puzzle", key="pz-next", type="primary" if att.solved or att.gave_up else "secondary",
                      on_click=_next, args=(ids,), icon=":material/arrow_forward:")
            st.button("Retry", key="pz-retry", on_click=_retry, args=(key,), icon=":material/replay:",
                      disabled=att.tries == 0 and not att.gave_up)
            st.button("Show the answer", key="pz-solution", on_click=_solution, args=(puzzle, key),
                      disabled=att.solved or att.gave_up, icon=":material/visibility:")
            st.button(NEW_LABEL, key="pz-new", on_click=new_clicked, args=(list(st.session_state.get("pz-kinds", [])),),
                      icon=":material/auto_awesome:")
        # said under the buttons, not as their tooltips: a tooltip stays under the mouse, over
        # the next puzzle's buttons
        st.caption(f"**Next puzzle**: {NEXT_HELP} **{NEW_LABEL}**: {NEW_HELP}")
    msg = st.session_state.pop(state.PUZZLE_MESSAGE, None)
    if msg:
        st.warning(msg)
