"""The Play page's game in the session and in the URL, and every change made to it.

The game in the session is the truth; the URL follows it. Only a link to a game the session
does not hold (a freshly opened link, or one typed into a fresh tab) builds a game from the
URL; an address of the game held, at any move (a stale one still in the browser while a click
is on its way), or of the game it replaced after "Deal", is never read back
(:class:`~tutorial.services.urlstate.PlayAddress`, kept under one session key).

Every change to the game happens in a button callback (before the page is drawn again), so
the page always shows the game as it is, and every finished hand is counted there, once.
The game logic itself is in :mod:`tutorial.services.session`.
"""

from __future__ import annotations

import secrets
import time
from collections.abc import Callable, Iterator, Mapping
from contextlib import AbstractContextManager, contextmanager, nullcontext
from urllib.parse import urlencode

import streamlit as st

from engine import Action, IllegalAction, Phase, RuleSet, Tile
from tutorial.components import events, state
from tutorial.services.rules_text import with_players
from tutorial.services.session import PlaySession
from tutorial.services.text import md_escape
from tutorial.services.urlstate import (
    LinkError,
    PlayAddress,
    PlayLink,
    PlaySetup,
    decode,
    own_query,
    parse_deal_number,
)

MESSAGE = state.PLAY_MESSAGE
#: How computer moves appear: one after another on their own, or one per press of Next.
MODE = state.PLAY_MODE
MODES = {"auto": "Automatic", "step": "Press Next"}
#: The pause between two computer moves in automatic mode.
PACE = state.PLAY_PACE
PACES = {"off": 0.0, "short": 0.35, "long": 1.0}
PACE_WORDS = {"off": "Off", "short": "Short", "long": "Long"}
#: What the page holds of its address (a :class:`~tutorial.services.urlstate.PlayAddress`).
ADDRESS = state.PLAY_ADDRESS
#: Set when a change shows outside the table's fragment too (a hand counted in the sidebar's
#: progress, a new game, the New game panel opened): the next run is the whole page's.
WHOLE_PAGE = state.PLAY_WHOLE_PAGE
#: The key of the table's fragment (``views/play.py``): a callback elsewhere names it to have
#: the table drawn again.
GAME_FRAGMENT = "play-game"


#: True while the whole page runs (set around the table's fragment by :func:`page_run`): a
#: run of the fragment alone (a click inside the table) finds it unset.
PAGE_RUN = state.PLAY_PAGE_RUN


# -- the game in the session ----------------------------------------------------------------
@contextmanager
def page_run() -> Iterator[None]:
    """Mark a run of the whole page (the page script wraps the table's fragment in it)."""
    st.session_state[PAGE_RUN] = True
    try:
        yield
    finally:
        st.session_state[PAGE_RUN] = False


def fragment_run() -> bool:
    """True while only a fragment of the page runs (a click inside the table)."""
    return not st.session_state.get(PAGE_RUN, False)


def whole_page_later() -> None:
    """Ask for the whole page to be drawn again after this click (see :data:`WHOLE_PAGE`)."""
    st.session_state[WHOLE_PAGE] = True


def whole_page_if_asked() -> None:
    """In a fragment run, after a change that shows outside the table, draw the whole page
    (called first in the table's fragment); in a whole-page run there is nothing to do."""
    if st.session_state.pop(WHOLE_PAGE, False) and fragment_run():
        st.rerun(scope="app")


def rerun() -> None:
    """Run again what is running: the table's fragment, or the whole page."""
    if fragment_run():
        st.rerun(scope="fragment")
    st.rerun()


def current() -> PlaySession | None:
    """The game of this browser session, if any."""
    sess = state.get(state.PLAY)
    return sess if isinstance(sess, PlaySession) else None


def say(kind: str, text: str) -> None:
    """Leave a message for the next drawing of the page."""
    st.session_state[MESSAGE] = (kind, text)


def show_message() -> None:
    msg = st.session_state.pop(MESSAGE, None)
    if isinstance(msg, tuple):
        kind, text = msg
        {"error": st.error, "warning": st.warning, "success": st.success}.get(kind, st.info)(text)


def _held() -> PlayAddress:
    held = state.get(ADDRESS)
    return held if isinstance(held, PlayAddress) else PlayAddress()


def _own_params() -> dict[str, str]:
    return own_query(st.query_params.to_dict())


#: A game link waiting for the learner's answer: open it, or keep their unfinished game.
LINK_ASK = state.PLAY_LINK_ASK
#: Set while the session's game is as a link brought it (no move of the learner's since).
FROM_LINK = state.PLAY_FROM_LINK


def load_from_url(ask: Callable[[PlayLink], bool] | None = None) -> PlaySession | None:
    """The session's game; a link to another game (see :class:`PlayAddress`) starts the game
    it describes, unless ``ask(link)`` says it would throw away an unfinished game of the
    learner's: the link then waits under :data:`LINK_ASK` for their answer (:func:`open_link`
    or :func:`keep_mine`) and nothing changes meanwhile. A bad link leaves the current game as
    it was and says what is wrong."""
    params = _own_params()
    sess = current()
    held = _held()
    if not held.opens(params):
        return sess
    link = PlayLink.parse(params)
    try:
        if isinstance(link, LinkError):
            raise link
        new = PlaySession(link.setup, link.moves)
    except LinkError as e:
        state.put(ADDRESS, held.refusing(params))  # said once
        keep = " Your game in progress is unchanged." if sess is not None else ""
        st.error(md_escape(f"This link does not open a game: {e}{keep}"), icon=":material/link_off:")
        return sess
    if ask is not None and ask(link):
        state.put(ADDRESS, held.refusing(params))  # read once: the question holds it now
        state.put(LINK_ASK, link)
        return sess
    _install(new)
    state.put(FROM_LINK, True)
    return new


def asked_link() -> PlayLink | None:
    """The game link waiting for the learner's answer, if any."""
    link = state.get(LINK_ASK)
    return link if isinstance(link, PlayLink) else None


def untouched() -> bool:
    """Whether the session's game is as a link brought it: the learner has not moved in it
    here yet (it is not theirs to keep until they do)."""
    return bool(state.get(FROM_LINK))


def open_link() -> None:
    """The learner's answer to :data:`LINK_ASK`: open the link's game (a button callback). It
    is theirs now (it replaces the unfinished game they were asked about)."""
    link = asked_link()
    state.put(LINK_ASK, None)
    if link is None:
        return
    sess = PlaySession(link.setup, link.moves)
    _install(sess)
    _reply_now(sess)
    whole_page_later()
    st.session_state["new-game-box"] = False  # the table takes the page


def keep_mine(query: Mapping[str, str] | None = None) -> None:
    """The learner's answer to :data:`LINK_ASK`: keep their game (a button callback); with no
    game open in this session, their saved one (``query``) opens."""
    state.put(LINK_ASK, None)
    if current() is None and query is not None:
        open_game(query)


def sync_url(sess: PlaySession) -> None:
    """Write the game (deal, rules, moves) into the URL, so a refresh or a shared link
    rebuilds it (the browser replaces its address; see :func:`replace_history`)."""
    link = PlayLink(sess.setup, sess.moves())
    state.put(ADDRESS, _held().showing(link))
    q = link.to_query()
    if _own_params() != q:
        st.query_params.from_dict(q)


#: Makes the browser replace the address instead of adding a history entry for every move
#: (so Back leaves the page instead of silently taking back moves). Streamlit 1.67 still
#: pushes a new history entry whenever ``st.query_params`` changes (its frontend calls
#: ``history.pushState`` on every query change outside Back/Forward) and has no option to
#: replace it; on the Play page the same path with a new query replaces the current entry
#: instead.
_REPLACE_JS = """<script>
(() => {
  const h = window.history;
  if (h.__moonReplace) return;
  const push = h.pushState.bind(h);
  h.pushState = function (data, title, url) {
    try {
      const next = new URL(url, window.location.href);
      if (next.pathname === window.location.pathname && /\\/play$/.test(next.pathname)) {
        return h.replaceState(data, title, url);
      }
    } catch (e) { /* fall through */ }
    return push(data, title, url);
  };
  h.__moonReplace = true;
})();
</script>"""


def replace_history() -> None:
    """Install :data:`_REPLACE_JS` in the page (once per browser tab)."""
    st.html(_REPLACE_JS, unsafe_allow_javascript=True, width="content")


def share_link(sess: PlaySession) -> str:
    base = ""
    try:
        url = st.context.url
    except Exception:  # pragma: no cover - older Streamlit
        url = None
    if url:
        base = url.split("?")[0]
    return f"{base}?{urlencode(sess.query())}"


def _install(sess: PlaySession) -> None:
    """``sess`` becomes the session's game. Its rules are that game's only: a game link,
    "Play now" or "Continue your game" leave the learner's house rules (the New game panel's,
    the Rules page's) as they were."""
    state.put(state.PLAY, sess)
    state.put(ADDRESS, _held().showing(PlayLink(sess.setup, sess.moves())))
    state.put(FROM_LINK, False)


def start_game(setup: PlaySetup) -> PlaySession:
    """A new game with ``setup`` becomes the session's game (the URL follows it)."""
    sess = PlaySession(setup)
    _install(sess)
    _reply_now(sess)
    whole_page_later()
    return sess


def open_game(query: Mapping[str, str]) -> None:
    """Open the game ``query`` describes (a button callback: "Continue your game"); a query
    that does not open a game says why and leaves the session as it was."""
    try:
        req = decode(query)
        sess = PlaySession(req.setup, req.moves)
    except LinkError as e:
        say("error", md_escape(f"Your saved game could not be opened: {e}"))
        return
    _install(sess)
    _reply_now(sess)
    whole_page_later()
    st.session_state["new-game-box"] = False  # the table takes the page


def random_deal() -> int:
    return secrets.randbelow(1_000_000)


def play_now() -> None:
    """Quick start: three players, the classic rules, strong computer players, a random deal."""
    state.put(LEVEL_CHOICE, "strong")
    start_game(PlaySetup(RuleSet(), random_deal(), 0, "strong"))
    st.session_state["new-game-box"] = False  # the table takes the page


def play_again() -> None:
    """A new game with the same rules, seat and computer level, on a new deal."""
    sess = current()
    if sess is None:
        return
    setup = sess.setup
    start_game(PlaySetup(setup.rules, random_deal(), setup.seat, setup.level))


def count_finished(sess: PlaySession) -> None:
    """Count the hands that just ended in the learner's progress (each once: the store keeps
    the hand, and the game when it is over) and keep their records for the Classroom."""
    for done in sess.take_finished():
        whole_page_later()  # the sidebar's count of hands played
        state.archive_hand(done.record, f"Play: deal {sess.setup.deal}, hand {done.hand_number}")
        events.hand_finished(sess)  # the store keeps the hand (and the game, when it is over)


# -- computer moves ---------------------------------------------------------------------------
def mode() -> str:
    m = st.session_state.get(MODE, "auto")
    return m if m in MODES else "auto"


def pace() -> str:
    p = st.session_state.get(PACE, "short")
    return p if p in PACES else "short"


def _reply_now(sess: PlaySession) -> None:
    """In automatic mode the computer answers at once: with the pause off, every computer
    move up to your turn; otherwise the first one (the rest come one by one). A move of yours
    that completed a trick is answered after the pause, like the computer's own moves: the
    table shows the completed trick and who took it until the next lead (:func:`autoplay`
    makes it)."""
    if mode() != "auto" or not sess.is_computer_turn():
        return
    view = sess.view()
    if pace() != "off" and view.phase == "playing" and view.tricks and not view.current_trick:
        return
    with thinking(sess, "The computer is thinking…"):
        if pace() == "off":
            sess.run_computers()
        else:
            sess.computer_step()
    count_finished(sess)


def thinking(sess: PlaySession, text: str) -> AbstractContextManager[object]:
    """A spinner while the strong computer players think. The basic ones answer in a few
    milliseconds, and a spinner (shown only after half a second) still costs a message to the
    browser when it ends: none for them."""
    return st.spinner(text) if sess.setup.level == "strong" else nullcontext()


def autoplay_pending(sess: PlaySession) -> bool:
    """The computer's moves come on their own from here (:func:`autoplay` carries them on)."""
    return mode() == "auto" and sess.is_computer_turn()


def autoplay(sess: PlaySession) -> None:
    """Automatic mode: after the pause, the next computer move (then the page redraws).
    On the learner's turn in the auction the computer's answer to a pass, and at the end of
    a hand the next hand's first bids, are worked out ahead, in the background
    (:meth:`PlaySession.think_ahead`)."""
    if sess.is_human_turn() or sess.game.hand_finished:
        sess.think_ahead()
    if mode() != "auto" or not sess.is_computer_turn():
        return
    t0 = time.perf_counter()
    if pace() == "off":
        sess.run_computers()
    else:
        sess.computer_step()
    count_finished(sess)
    time.sleep(max(0.0, PACES[pace()] - (time.perf_counter() - t0)))
    rerun()


# -- callbacks ------------------------------------------------------------------------------------
def act(action: Action | str) -> None:
    """The learner's move (a button callback), then the computer's answer."""
    sess = current()
    if sess is None:
        return
    try:
        sess.act(action)
    except IllegalAction as e:
        say("error", md_escape(f"That move is not allowed: {e}"))
        return
    state.put(FROM_LINK, False)  # the game is the learner's now
    count_finished(sess)
    _reply_now(sess)


def play_tile(tile: Tile) -> None:
    act(Action.play(tile))


def discard_tile(tile: Tile) -> None:
    act(Action.discard(tile))


def next_move() -> None:
    sess = current()
    if sess is not None and sess.is_computer_turn():
        with thinking(sess, "The computer is thinking…"):
            sess.computer_step()
        count_finished(sess)


def to_my_turn() -> None:
    sess = current()
    if sess is not None:
        with thinking(sess, "The computer players are thinking…"):
            sess.run_computers()
        count_finished(sess)


def toggle_open_hands() -> None:
    """The "open hands" switch: every hand face up and every reason in full during the hand."""
    sess = current()
    if sess is not None:
        sess.open_hands = bool(st.session_state.get("open-hands"))


def undo() -> None:
    sess = current()
    if sess is not None and not sess.undo():
        say("info", "There is nothing of yours to take back in this hand.")


def hint() -> None:
    sess = current()
    if sess is None or not sess.is_human_turn():
        return
    with st.spinner("Asking the strong player…"):
        sess.ask_hint("strong")


def next_hand() -> None:
    """"Deal the next hand". A click that arrives after the next hand was dealt (a second
    click while the page updates) is stale: ignored."""
    sess = current()
    if sess is None or not sess.game.hand_finished:
        return
    try:
        sess.next_hand()
    except IllegalAction as e:
        say("info", str(e))
        return
    _reply_now(sess)


# -- the new-game choices (kept while the panel is closed) -------------------------------------
LEVEL_CHOICE = state.PLAY_LEVEL_CHOICE
SEAT_CHOICE = state.PLAY_SEAT_CHOICE
RANDOM_CHOICE = state.PLAY_RANDOM_CHOICE
DEAL_CHOICE = state.PLAY_DEAL_CHOICE


#: Set when Deal was pressed with a game in progress: the panel asks before dealing.
CONFIRM_DEAL = state.PLAY_CONFIRM_DEAL


def game_in_progress(sess: PlaySession) -> bool:
    """A game that is not over and that the learner has played in (a move in this hand, or a
    hand finished): a new deal would throw it away."""
    g = sess.game
    if g.phase == Phase.GAME_OVER:
        return False
    return bool(g.results) or any(s == sess.seat for s, _ in g.history)


def keep_playing() -> None:
    """"Keep playing": the new deal is not made."""
    st.session_state[CONFIRM_DEAL] = False
    st.session_state["new-game-box"] = False


def new_game_clicked(confirmed: bool = False) -> None:
    """The New game panel's Deal button (``confirmed``: its "Deal anyway", after the panel
    asked whether to throw the game in progress away)."""
    sess = current()
    if not confirmed and sess is not None and game_in_progress(sess):
        st.session_state[CONFIRM_DEAL] = True
        return
    st.session_state[CONFIRM_DEAL] = False
    raw = str(st.session_state.get(DEAL_CHOICE, "")).strip()
    if st.session_state.get(RANDOM_CHOICE, True) or not raw:
        deal = random_deal()
    else:
        try:
            deal = parse_deal_number(raw)
        except LinkError as e:
            say("error", md_escape(str(e)))
            return
    rules = with_players(state.house_rules(), state.players(state.PLAY_PLAYERS, sess.players if sess else 3))
    seat = int(st.session_state.get(SEAT_CHOICE, 0) or 0)
    if seat >= rules.players:
        seat = 0
    level = str(st.session_state.get("play-level") or st.session_state.get(LEVEL_CHOICE, "strong"))
    start_game(PlaySetup(rules, deal, seat, level if level in ("basic", "strong") else "strong"))
    st.session_state["new-game-box"] = False
