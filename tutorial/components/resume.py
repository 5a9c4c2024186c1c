"""The learner's unfinished Play game: saved as it goes (through the outbox, like every other
event, so a database outage loses nothing), removed when it is over, and offered as
"Continue your game" on Play and Home when this session has no game open — also in another
browser opened with the personal link. "Play now" (on Play and Home) asks before it replaces
that game, or the game in progress here, as Deal asks before it throws a hand away. What is
saved, when, and how it is checked and described is in :mod:`tutorial.services.resume`.
"""

from __future__ import annotations

import streamlit as st

from engine import Game
from store import saved_games
from store.db import StoreUnavailable
from store.events import GameCleared, GameSaved
from tutorial.components import events, profile, state
from tutorial.components.play import sync
from tutorial.services import resume
from tutorial.services.session import PlaySession
from tutorial.services.text import md_escape, numbers_html
from tutorial.services.urlstate import LinkError, PlayLink

__all__ = ["ask_before_link", "confirm_link", "confirm_play_now", "game_in_play", "keep", "offer", "play_now_button",
           "saved"]

#: The button's label, on Play and on Home.
LABEL = "Continue your game"

#: The key of the "Play now" button whose press waits for the learner's answer, if any.
ASKING = state.PLAY_CONFIRM_NOW
#: The key of the "Play now" button that started a game in this run, if any.
_STARTED = state.PLAY_NOW_STARTED


def keep(sess: PlaySession) -> None:
    """Save the session's game as the learner's unfinished game when it stands at a save
    point (:func:`tutorial.services.resume.save_point`) and is theirs (a game a link brought
    is saved from their first move in it: opening a link replaces nothing of theirs), or
    clear it once it is over. Each
    position is sent once. A visitor without a profile is saved from their first move (which
    makes the profile, as a first answer does, and draws the whole page again)."""
    g = sess.game
    query = sess.query()
    over = g.phase == "game_over"
    mark = ("cleared" if over else "saved", tuple(sorted(query.items())))
    if st.session_state.get(state.PLAY_SAVED) == mark:
        return
    had_profile = profile.learner_id() is not None
    if over:
        events.send(GameCleared(query))
    elif not resume.save_point(g, sess.seat) or sync.untouched():
        return  # not a point to save, or a link's game the learner has not moved in yet
    elif not had_profile and not resume.learner_moved(g, sess.seat):
        return
    else:
        events.send(GameSaved(query))
    st.session_state[state.PLAY_SAVED] = mark
    if not had_profile and st.session_state.get(state.LEARNER) is not None:
        # The profile was made just now: the whole page again, so that the frame keeps it in
        # this browser's cookie and the sidebar shows it (once per session).
        st.rerun(scope="app")


def _reopen_saved() -> resume.Resumable | None:
    """The learner's saved game, rebuilt (``None`` without a learner, a store or a saved game);
    :class:`~store.saved_games.BadSavedGame` or :class:`LinkError` when it cannot be opened."""
    lid = profile.learner_id()
    db = profile.store() if lid is not None else None
    if lid is None or db is None:
        return None
    row = saved_games.load(db, lid)
    return None if row is None else resume.reopen(row.query)


def saved() -> resume.Resumable | None:
    """The learner's saved game, checked, when there is one and this session has no game open.
    A stored game that cannot be read or opened is said (in words) and dropped."""
    if sync.current() is not None:
        return None
    try:
        return _reopen_saved()
    except StoreUnavailable:
        return None
    except saved_games.BadSavedGame as e:
        problem = str(e)
    except LinkError as e:
        problem = f"Your saved game could not be opened: {e}"
    st.warning(md_escape(f"{problem} It has been removed: start a new game on Play."), icon=":material/error:")
    events.send(GameCleared())
    return None


def game_in_play() -> tuple[Game, int, bool] | None:
    """The game the learner is playing, for pages that must keep its hidden tiles hidden: this
    session's (its game, the learner's seat and whether its hands are open), else the learner's
    saved game, as another tab or browser sees it (hands not open). Quiet: a saved game that
    cannot be opened is said where it is offered, on Play and Home."""
    sess = sync.current()
    if sess is not None:
        return sess.game, sess.seat, sess.open_hands
    try:
        game = _reopen_saved()
    except (StoreUnavailable, saved_games.BadSavedGame, LinkError):
        return None
    return None if game is None else (game.game, game.request.setup.seat, False)


def _box(game: resume.Resumable) -> None:
    st.markdown(f"**Your unfinished game** · {numbers_html(md_escape(game.description))}",
                unsafe_allow_html=True)  # "hand 2", "Seat 1 0": never split at a line's end


def _open_here() -> resume.Resumable | None:
    """This session's game, described as a saved one is, while it is unfinished and the
    learner has moved in it (``None`` otherwise)."""
    sess = sync.current()
    if sess is None or sess.game.phase == "game_over" or not resume.learner_moved(sess.game, sess.seat):
        return None
    return resume.Resumable(sess.query(), PlayLink(sess.setup, sess.moves()), sess.game,
                            resume.describe(sess.game, sess.seat, sess.setup.level))


def offer(play_page: str | None = None) -> bool:
    """"Continue your game": the unfinished game's line and, on Play, a button that reopens
    the saved game here (when this session has none open); from Home (``play_page``, the Play
    page's file), a link to Play with the game's query, which Play opens like any game link:
    the game open in this session, else the saved one. Whether it offered one."""
    game = _open_here() if play_page is not None else None
    game = game or saved()
    if game is None:
        return False
    with st.container(border=play_page is None, key="continue-game"):
        _box(game)
        if play_page is not None:
            st.page_link(play_page, label=LABEL, icon=":material/resume:", query_params=game.query)
        else:
            st.button(LABEL, icon=":material/resume:", type="primary", key="continue-game-button",
                      on_click=sync.open_game, args=(game.query,))
    return True


def _has_saved() -> bool:
    """Whether the learner has an unfinished game saved (one look-up; a store that cannot
    be reached has none to lose)."""
    lid = profile.learner_id()
    db = profile.store() if lid is not None else None
    if lid is None or db is None:
        return False
    try:
        return saved_games.load(db, lid) is not None
    except StoreUnavailable:
        return False
    except saved_games.BadSavedGame:
        return False  # not a game to keep: the offer says so and removes it


def unfinished_here() -> bool:
    """Whether "Play now" would replace an unfinished game: the one open in this session
    once the learner has moved in it, or else the learner's saved one."""
    sess = sync.current()
    if sess is not None:
        return sess.game.phase != "game_over" and resume.learner_moved(sess.game, sess.seat)
    return _has_saved()


def _start(key: str) -> None:
    st.session_state[ASKING] = None
    st.session_state[_STARTED] = key
    sync.play_now()


def _play_now_clicked(key: str) -> None:
    if unfinished_here():
        st.session_state[ASKING] = key
        return
    _start(key)


def _keep_mine() -> None:
    st.session_state[ASKING] = None


def _started(key: str) -> bool:
    if st.session_state.get(_STARTED) != key:
        return False
    st.session_state[_STARTED] = None
    return True


def play_now_button(key: str = "play-now") -> bool:
    """"Play now": three players, classic rules, strong computer players. True when it
    started a game (in its callback, before this run); with an unfinished game here or
    saved, it asks first (:func:`confirm_play_now` draws the question)."""
    st.button("Play now", key=key, type="primary", on_click=_play_now_clicked, args=(key,),
              icon=":material/play_arrow:",
              help="Three players, the classic rules, strong computer players, a random deal.")
    return _started(key)


def confirm_play_now(key: str = "play-now") -> bool:
    """The question "Play now" asks before it replaces an unfinished game (drawn where the
    page has room for it, below the button); True when its "Start a new game" started one."""
    if st.session_state.get(ASKING) != key:
        return _started(key)
    if not unfinished_here():  # the game ended (or was removed) meanwhile: nothing to lose
        st.session_state[ASKING] = None
        return _started(key)
    with st.container(key=f"{key}-confirm", border=True):
        here = sync.current() is not None
        lost = "the game you are playing" if here else "your unfinished game"
        st.warning(f"Play now starts a new game and throws away {lost}. Start a new game anyway?",
                   icon=":material/warning:")
        with st.container(horizontal=True):
            st.button("Start a new game", type="primary", key=f"{key}-anyway", on_click=_start, args=(key,),
                      icon=":material/play_arrow:")
            st.button("Keep my game", key=f"{key}-keep", on_click=_keep_mine)
    return False


def _lost_by(link: PlayLink) -> str | None:
    """What opening ``link`` would throw away, in words: the game open in this session once
    the learner has moved in it, else their saved unfinished game; ``None`` when nothing (no
    such game, or the link is that game at another move: :func:`~tutorial.services.resume.continues`)."""
    sess = sync.current()
    if sess is not None and not sync.untouched():
        if sess.game.phase == "game_over" or not resume.learner_moved(sess.game, sess.seat):
            return None
        return None if resume.continues(PlayLink(sess.setup, sess.moves()), link) else "the game you are playing"
    try:
        mine = _reopen_saved()
    except (StoreUnavailable, saved_games.BadSavedGame, LinkError):
        return None  # nothing to keep (a bad one is said and removed where it is offered)
    if mine is None or resume.continues(mine.request, link):
        return None
    return "your unfinished game"


def ask_before_link(link: PlayLink) -> bool:
    """Whether a game link must ask before it opens (for :func:`sync.load_from_url`): it would
    throw away an unfinished game of the learner's, as "Play now" asks."""
    return _lost_by(link) is not None


def confirm_link() -> None:
    """The question a game link asks before it replaces the learner's unfinished game: open
    the link's game, or keep theirs (with no game open here, "Keep my game" opens the saved
    one). Nothing is lost either way: the game not chosen stays where it was (the link, the
    saved game)."""
    link = sync.asked_link()
    if link is None:
        return
    lost = _lost_by(link)
    if lost is None:  # nothing to lose any more (the game ended, or was removed)
        sync.open_link()
        st.rerun()
    setup = link.setup
    sess = sync.current()
    mine = None if sess is not None else saved()
    yours = sess.game if sess is not None else mine.game if mine is not None else None
    players = "4 players" if setup.rules.players == 4 else "3 players"
    other = ", with moves other than yours" if yours is not None and yours.seed == setup.deal else ""
    at = "" if yours is None else f" (game {yours.seed}, hand {yours.hand_number})"
    with st.container(key="play-link-confirm", border=True):
        st.warning(f"This link opens another game: game {setup.deal}, {players}{other}. Opening it throws away "
                   f"{lost}{at}. Open the link's game, or keep yours?", icon=":material/warning:")
        with st.container(horizontal=True):
            st.button("Open the link's game", type="primary", key="play-link-open", on_click=sync.open_link,
                      icon=":material/link:")
            st.button("Keep my game", key="play-link-keep", on_click=sync.keep_mine,
                      args=(None if mine is None else mine.query,))
