"""The frame every page shares: styles, and the sidebar with the title, the house rules in
force, the learner's progress and the "large tiles" switch."""

from __future__ import annotations

from typing import Any

import streamlit as st

from engine.words import count_words
from tutorial.components import state
from tutorial.pages import page_files
from tutorial.services.rules_text import house_rules, short_summary

_CSS = """
<style>
.moon-row {display:flex; flex-wrap:wrap; gap:10px; align-items:flex-end; margin:4px 0 8px 0;}
.moon-cell {display:flex; flex-direction:column; align-items:center;}
.moon-cap {font-size:0.85rem; line-height:1.2; margin-top:3px; text-align:center; max-width:10em;}
.moon-empty {color:#555; font-style:italic; padding:6px 0;}
.moon-tile {display:block;}
.moon-badge {display:inline-block; padding:1px 8px; border-radius:10px; border:1px solid #8A5A00;
  background:#FBE3A6; color:#1A1D21; font-weight:600; font-size:0.85rem;}
.moon-seat {font-weight:600;}
.moon-table td, .moon-table th {padding:2px 8px;}
[data-testid="stMainBlockContainer"] {padding-top: 2.2rem;}
[data-testid="stMainBlockContainer"] h2 {font-size: 1.5rem; padding-top: 0.6rem;}
[data-testid="stMainBlockContainer"] h3 {font-size: 1.25rem;}
/* Captions: darker than Streamlit's default grey, for a contrast ratio above 4.5:1. */
[data-testid="stCaptionContainer"], [data-testid="stCaptionContainer"] p {color: #4A5059 !important;}
[data-testid="stCaptionContainer"] {opacity: 1 !important;}
/* A caption-like line drawn in the same HTML block as a row of tiles (one element, not two). */
.moon-note-line {font-size: 0.875rem !important; color: #4A5059; margin: 0.5rem 0 0 0 !important; line-height: 1.6;}
.moon-block-head {margin: 0 0 1.3rem 0 !important;}
.moon-block {padding-bottom: 1rem;}

</style>
"""

_LARGE_CSS = """
<style>
html {font-size: 20px;}
.moon-cap {font-size: 1rem;}
[data-testid="stMainBlockContainer"] {padding-top: 1rem; max-width: 100%;}
h1 {font-size: 2rem !important; padding-top: 0.5rem !important;}
</style>
"""

#: The page files, by name, relative to ``app.py`` (for links between pages), from
#: :data:`tutorial.pages.PAGES`.
PAGES = page_files()


def styles() -> None:
    """Add the app's styles (bigger text too in large-tiles mode)."""
    st.markdown(_CSS + (_LARGE_CSS if state.large_tiles() else ""), unsafe_allow_html=True)


def sidebar() -> Any:
    """The shared sidebar: title, house rules, progress, large-tiles switch."""
    with st.sidebar:
        st.markdown("### :material/dark_mode: Moon Tutor")
        st.caption("Learn the domino game Moon, then play it against the computer.")
        st.toggle(
            "Large tiles (projector)", key=state.LARGE,
            help="Draws the tiles and the text bigger, for a projector or a big screen.",
        )
        return st.empty()


def progress(slot: Any) -> None:
    """The house rules in force and the learner's progress, in the sidebar slot made by
    :func:`sidebar` (drawn after the page, which may have changed both)."""
    from tutorial.components import profile

    profile.sync_cookie()
    p = profile.progress()
    with slot.container():
        rules = state.house_rules()
        st.markdown("**House rules**")
        st.markdown(short_summary(rules))
        with st.expander("What is in force"):
            for line in house_rules(rules):
                st.markdown(f"- {line}")
        st.markdown("**Your progress**")
        st.markdown(
            f":material/star: {count_words(p.total_stars(), 'star')} · {count_words(p.levels_done(), 'level')}  \n"
            f":material/extension: {count_words(len(p.puzzles_solved), 'puzzle')} · best streak {p.best_streak}  \n"
            f":material/playing_cards: {count_words(p.hands_played, 'hand')} played · "
            f"{count_words(p.games_won, 'game')} won"
        )


def learner() -> None:
    """Find this browser's learner (cookie or personal link) and send answers that waited for
    the database; call before the page runs."""
    from tutorial.components import profile, recording

    profile.resolve()
    recording.flush()
    recording.page_message()


def notice() -> None:
    """Show (once) a message another page left for this one."""
    msg = st.session_state.pop(state.NOTICE, None)
    if isinstance(msg, tuple) and len(msg) == 2:
        kind, text = msg
        getattr(st, kind if kind in ("info", "success", "warning", "error") else "info")(text)
