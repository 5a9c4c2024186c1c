"""The frame every page shares: styles, and the sidebar with the title, the house rules in
force, the learner's progress and the "large tiles" switch."""

from __future__ import annotations

import streamlit as st
from streamlit.delta_generator import DeltaGenerator

from engine import RuleSet
from engine.words import count_words
from tutorial.components import css, state
from tutorial.pages import page_files
from tutorial.services.progress import course_count
from tutorial.services.rules_text import house_rules, short_summary

#: The page files, by name, relative to ``app.py`` (for links between pages), from
#: :data:`tutorial.pages.PAGES`.
PAGES = page_files()


def styles(page: str = "") -> None:
    """Add the app's styles (bigger text too in large-tiles mode, on every page but the
    presenter, which is always drawn for a projector)."""
    large = state.large_tiles() and page != "presenter"
    sheets = css.sheet("frame") + (css.sheet("large_tiles") if large else "")
    st.markdown(sheets, unsafe_allow_html=True)


def sidebar() -> DeltaGenerator:
    """The shared sidebar: title, house rules, progress, large-tiles switch."""
    # The switch as last set, kept apart from the widget: a page that does not draw it (the
    # presenter) would make Streamlit forget it, and the Classroom come back small.
    if state.LARGE not in st.session_state and state.get(state.LARGE_KEPT) is not None:
        st.session_state[state.LARGE] = bool(state.get(state.LARGE_KEPT))
    with st.sidebar:
        st.markdown("### :material/dark_mode: Moon Tutor")
        st.caption("Learn the domino game Moon, then play it against the computer.")
        st.toggle(
            "Large tiles (projector)", key=state.LARGE,
            help="Draws the tiles and the text bigger, for a projector or a big screen (the Presenter is "
                 "always large: this switch is not on it).",
        )
        state.put(state.LARGE_KEPT, bool(st.session_state.get(state.LARGE)))
        return st.empty()


def _rules_block(title: str, rules: RuleSet) -> None:
    st.markdown(f"**{title}**")
    st.markdown(short_summary(rules))
    with st.expander("What is in force"):
        for line in house_rules(rules):
            st.markdown(f"- {line}")


def progress(slot: DeltaGenerator, page: str = "") -> None:
    """The rules in force and the learner's progress, in the sidebar slot made by :func:`sidebar`
    (drawn after the page, which may have changed both).

    On Play with a game open the sidebar shows that game's rules, labelled so (the New game
    panel's house rules apply to the next deal, and are shown too when they differ); on Learn,
    the rules of the question on the page (none for a question about the whole double-six
    set), with what the house rules are for; on every other
    page the house rules, labelled as such (a puzzle says its own rules beside it).
    """
    from tutorial.components import kept, profile

    profile.sync_cookie()
    kept.sync()
    p = profile.progress()
    with slot.container(key="sidebar-rules"):
        rules = state.house_rules()
        game = state.get(state.PLAY) if page == "play" else None
        game_rules = getattr(getattr(game, "setup", None), "rules", None)
        question = state.get(state.QUESTION_RULES) if page == "learn" else None
        if isinstance(game_rules, RuleSet):
            _rules_block("Rules of this game", game_rules)
            if game_rules != rules:
                st.caption(f"House rules for the next deal: {short_summary(rules)}")
        elif question == state.WHOLE_SET:
            # A question about the whole double-six set: no game yet, so no players or rules
            # (its position holds four players only for the 28 tiles).
            st.markdown("**Rules of this question**")
            st.markdown("None: it is about the whole double-six set, before Moon takes any tile out.")
        elif isinstance(question, RuleSet):
            # Learn's questions each have their own rules: the sidebar shows those, and says
            # what the house rules are for.
            _rules_block("Rules of this question", question)
            st.caption(f"Your house rules ({short_summary(rules)}) are for new games, Practice and the "
                       "Bidding lab.")
        else:
            _rules_block("House rules", rules)
            st.caption("For new games, Practice and the Bidding lab. A Learn question or a puzzle says its own rules.")
        st.markdown("**Your progress**")
        done = course_count(p)
        st.markdown(
            f":material/star: {count_words(done.stars, 'star')} · {count_words(done.levels, 'level')}"
            + (f" · {count_words(done.drills, 'drill')}" if done.drills else "") + "  \n"
            f":material/extension: {count_words(len(p.puzzles_solved), 'puzzle')} · best streak {p.best_streak}  \n"
            f":material/playing_cards: {count_words(p.hands_played, 'hand')} played · "
            f"{count_words(p.games_won, 'game')} won"
        )


def learner() -> None:
    """Find this browser's learner (cookie or personal link) and send answers that waited for
    the database; call before the page runs."""
    from tutorial.components import events, profile

    profile.resolve()
    events.flush()
    events.page_message()


def notice() -> None:
    """Show (once) a message another page left for this one."""
    msg = st.session_state.pop(state.NOTICE, None)
    if isinstance(msg, tuple) and len(msg) == 2:
        kind, text = msg
        getattr(st, kind if kind in ("info", "success", "warning", "error") else "info")(text)
