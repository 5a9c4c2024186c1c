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
from tutorial.services.rules_text import house_rules, short_summary, with_players

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


def _rules_block(title: str, rules: RuleSet, *, players: bool = True) -> None:
    """The rules ``rules`` under ``title``; without ``players`` the house rules alone (they
    name no number of players: each game chooses it)."""
    st.markdown(f"**{title}**")
    st.markdown(short_summary(rules, players=players))
    lines = house_rules(rules)[(0 if players else 1):]
    if lines:
        with st.expander("What is in force"):
            for line in lines:
                st.markdown(f"- {line}")


def progress(slot: DeltaGenerator, page: str = "") -> None:
    """The rules that apply on the page in view and the learner's progress, in the sidebar slot
    made by :func:`sidebar` (drawn after the page, which may have changed both).

    On Play the open game's rules, labelled so, which it keeps to its end (and the New game
    panel's, for a new game dealt from it, when they differ; those alone, as a new game's,
    when no game is open); on Learn, the rules of the question
    on the page (none for a question about the whole double-six set); on the Bidding lab the
    lab's (its own number of players); on every other page the house rules, which name no
    number of players (a puzzle says its own rules beside it, the Rules page its own).
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
        if page == "play":
            default = game_rules.players if isinstance(game_rules, RuleSet) else 3
            following = with_players(rules, state.players(state.PLAY_PLAYERS, default))
            if isinstance(game_rules, RuleSet):
                _rules_block("Rules of this game", game_rules)
                if game_rules != following:
                    st.caption(f"This game keeps them to its end. A new game dealt from the New game panel: "
                               f"{short_summary(following)}.")
            else:
                _rules_block("Rules for a new game", following)
                st.caption("As the New game panel shows (Play now deals 3 players, classic rules).")
        elif question == state.WHOLE_SET:
            # A question about the whole double-six set: no game yet, so no players or rules
            # (its position holds four players only for the 28 tiles).
            st.markdown("**Rules of this question**")
            st.markdown("None: it is about the whole double-six set, before Moon takes any tile out.")
        elif isinstance(question, RuleSet):
            # Learn's questions each have their own rules: the sidebar shows those, and says
            # what the house rules are for.
            _rules_block("Rules of this question", question)
            st.caption(f"Your house rules ({short_summary(rules, players=False)}) are for new games, Practice "
                       "and the Bidding lab.")
        elif page == "bidding-lab":
            _rules_block("Rules of this lab", with_players(rules, state.players(state.LAB_PLAYERS)))
        else:
            _rules_block("House rules", rules, players=False)
            st.caption("For new games (each chooses its number of players), Practice and the Bidding lab. "
                       "A Learn question or a puzzle says its own rules.")
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
