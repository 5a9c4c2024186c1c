"""The Play page's panels around the table: quick start and the New game panel, the feed of
the computer's moves with their explanations, the hint, the end of a hand (and of the game),
the trick history, the scores, and the records to share."""

from __future__ import annotations

import json
from html import escape

import streamlit as st

from engine import Action, Phase, TrickRecord, Trump, explain_winner
from engine.game import HandResult
from engine.words import action_phrase
from tutorial.components import state
from tutorial.components.explain import show_decision
from tutorial.components.play import sync
from tutorial.components.play.table import side_names
from tutorial.components.settings import players_choice, rules_editor
from tutorial.components.state import tile_scale
from tutorial.components.tiles import Shown, is_trump, names_md, note_html, row_html
from tutorial.services import describe as words
from tutorial.services.rules_text import short_summary, with_players
from tutorial.services.session import Hint, PlaySession
from tutorial.services.table import moon_note, reason_of
from tutorial.services.urlstate import LEVELS

#: The feed line whose full explanation is open: (hand, index) or None.
WHY = state.PLAY_WHY

#: The feed's line of help for the keyboard: the "Why?" buttons are one group, one Tab stop,
#: whose buttons the arrow keys move between. Each "Why?" names it as its description
#: (``aria-describedby``, set by the page's script, :data:`table._FOCUS_JS`), and the
#: ``play_table`` sheet shows it under the feed's title while a "Why?" has the keyboard's focus.
KEYS_HINT = "Keyboard: ← and → move between the “Why?” buttons, Enter opens one."
KEYS_HINT_ID = "moon-feed-keys"


# -- quick start and the New game panel -----------------------------------------------------------
def _keep(widget: str, store: str, default: object) -> None:
    """Give a widget the value kept under ``store`` (widgets of a closed panel are not drawn,
    and Streamlit forgets their values), and keep the value shown: Deal deals exactly what
    the panel shows."""
    value = st.session_state.get(store, default)
    st.session_state[store] = st.session_state[widget] = value


def _copy(widget: str, store: str) -> None:
    st.session_state[store] = st.session_state.get(widget)


def new_game_panel(sess: PlaySession | None) -> None:
    """The New game panel: computer level, seat, deal number and the house rules (folded)."""
    if sess is None and "new-game-box" not in st.session_state:
        st.session_state["new-game-box"] = True
    box = st.expander("New game", icon=":material/add_circle:", key="new-game-box", on_change="rerun")
    if not box.open:
        return  # drawn only when open
    with box:
        if sess is not None and sync.game_in_progress(sess):
            st.caption("These settings are for a new game: Deal starts one (and asks first, as it throws "
                       "away the game you are playing).")
        default_level = sess.setup.level if sess is not None else "strong"  # as "Play now"
        _keep("play-level", sync.LEVEL_CHOICE, default_level)
        _keep("play-random", sync.RANDOM_CHOICE, True)
        _keep("play-deal", sync.DEAL_CHOICE, "")
        players = state.players(state.PLAY_PLAYERS, sess.players if sess is not None else 3)
        rules = with_players(state.house_rules(), players)
        seats = list(range(rules.players))
        if st.session_state.get(sync.SEAT_CHOICE) not in seats:
            st.session_state[sync.SEAT_CHOICE] = 0
        _keep("play-seat", sync.SEAT_CHOICE, 0)
        c1, c2, c3 = st.columns(3)
        with c1:
            players_choice("play-rule-players", state.PLAY_PLAYERS, players)
            st.radio("Computer players", LEVELS, key="play-level", horizontal=True,
                     on_change=_copy, args=("play-level", sync.LEVEL_CHOICE),
                     help="basic: rules of thumb, quick. strong: looks ahead through many possible deals.")
        with c2:
            st.selectbox("Your seat", seats, key="play-seat", on_change=_copy, args=("play-seat", sync.SEAT_CHOICE),
                         format_func=lambda s: words.seat_choice(s, rules.players),
                         help="Seats go clockwise; with four players your partner sits opposite (two seats on). "
                         "At the table you are “You” and the others are called by their seats.")
        with c3:
            st.toggle("Random deal", key="play-random", on_change=_copy, args=("play-random", sync.RANDOM_CHOICE))
            st.text_input("Deal number", key="play-deal", disabled=bool(st.session_state.get("play-random", True)),
                          on_change=_copy, args=("play-deal", sync.DEAL_CHOICE), placeholder="e.g. 2024",
                          help="One number deals the whole game and names it (\"Hand 2 of game 2024\"): the same "
                          "number and house rules always deal the same tiles, hand after hand.")
        if st.toggle(f"House rules: {short_summary(rules, players=False)}", key="play-show-rules",
                     help="Lowest bid, what doubles do, scoring... The classic rules by default."):
            rules_editor("play", players=players)
        if st.session_state.get(sync.CONFIRM_DEAL) and sess is not None and sync.game_in_progress(sess):
            with st.container(key="deal-confirm", border=True):
                st.warning("A new deal starts a new game: it throws away the game you are playing "
                           f"(game {sess.game.seed}, hand {sess.game.hand_number}). Deal anyway?", icon=":material/warning:")
                with st.container(horizontal=True):
                    st.button("Deal anyway", type="primary", key="deal-anyway", on_click=sync.new_game_clicked,
                              kwargs={"confirmed": True}, icon=":material/playing_cards:")
                    st.button("Keep playing", key="deal-keep", on_click=sync.keep_playing)
        else:
            st.button("Deal", type="primary", key="new-game", on_click=sync.new_game_clicked,
                      icon=":material/playing_cards:")


# -- the feed of the computer's moves ----------------------------------------------------------------
#: The feed's "Why?" choices (one widget for every line: one message to the browser, where a
#: button per line was one each).
WHY_PICK = "feed-why-pick"


def _open_why(key: tuple[int, int] | None) -> None:
    """"Why?" / "Close": only the feed is drawn again (the table has not changed), unless the
    computer's moves are under way, which the table's run carries on (:func:`sync.autoplay`)."""
    st.session_state[WHY] = key
    sess = sync.current()
    if sess is not None and sync.autoplay_pending(sess):
        st.rerun(sync.GAME_FRAGMENT)


def feed_markdown(rows: list[tuple[str, str]], moves: list[tuple[int, int]] | None = None) -> str:
    """The feed's text as one Markdown element: ``rows`` of (kind, Markdown) in order, each a
    ``<div class="moon-feed-{kind}">``, which the ``play_table`` sheet makes a row of the
    feed's grid; each ``"line"`` row leaves its right-hand cell to the next "Why?" (they
    follow the text in the same order) and names its move, ``data-move="{hand}-{index}"``,
    from ``moves`` (one a line, in order), so that a line's "Why?" can be found. The
    ``"keys"`` row (:data:`KEYS_HINT`) has the id :data:`KEYS_HINT_ID`, which the "Why?"
    buttons name as their description.

    >>> print(feed_markdown([("head", "Trick 1"), ("line", "**Seat 1 plays 6-5.**")], [(1, 5)]))
    <div class="moon-feed">
    <div class="moon-feed-head">
    <BLANKLINE>
    Trick 1
    <BLANKLINE>
    </div>
    <div class="moon-feed-line" data-move="1-5">
    <BLANKLINE>
    **Seat 1 plays 6-5.**
    <BLANKLINE>
    </div>
    </div>
    """
    named = iter(moves or [])
    out = ['<div class="moon-feed">']
    for kind, text in rows:
        move = next(named, None) if kind == "line" else None
        attr = f' data-move="{move[0]}-{move[1]}"' if move is not None else ""
        if kind == "keys":
            attr = f' id="{KEYS_HINT_ID}"'
        # Blank lines around each text: Markdown inside the HTML block.
        out.append(f'<div class="moon-feed-{kind}"{attr}>\n\n{text}\n\n</div>')
    return "\n".join([*out, "</div>"])


@st.fragment
def feed(sess: PlaySession) -> None:
    """Every computer move of the current and the previous trick, one sentence each, and once
    the hand is over every computer move of the hand, its reasons in full
    (:meth:`PlaySession.feed_shown`); the full explanation opens from its line. A fragment of its own: opening and closing an
    explanation draws only the feed again. Drawn in few elements (each is a message to the
    browser on every click): the text in one (:func:`feed_markdown`), then the "Why?" of every
    line in one ``st.pills`` (each line's move is an option; the open one is selected, and
    pressing it again closes it), whose buttons the ``play_table`` sheet's grid sets each
    beside its line. No container of its own (one message fewer on every click): the
    fragment's block is the feed's box and grid."""
    sess = sync.current() or sess  # a run of the feed alone: the game as it is now
    lines = sess.feed_shown()  # the whole hand once it is over
    if lines and any((ln.hand, ln.index) not in sess.decisions for ln in lines):
        with st.spinner("Asking the computer for its reasons…"):
            sess.fill_feed()  # after a refresh: the game came back from the URL, the reasons did not
    rows: list[tuple[str, str]] = [("title", "**The computer's moves**")]
    if not lines:
        rows.append(("note", "No computer move yet in this hand."))
    elif sess.game.hand_finished:
        # "over": the page's script and the play_table sheet know a long feed by it.
        rows.append(("over", f"Hand {sess.game.hand_number} is over: every move of the computer players in it, "
                             "with its reasons in full."))
    last_trick = None
    open_key = st.session_state.get(WHY)
    if open_key is not None and open_key not in {(ln.hand, ln.index) for ln in lines}:
        st.session_state[WHY] = open_key = None  # its move has left the feed
    everything = sess.shows_all()
    whys: list[tuple[int, int]] = []
    opening = "Bidding, widow and trump" if sess.players == 3 else "Bidding and trump"  # no widow with four
    for ln in lines:
        if ln.trick != last_trick:
            rows.append(("head", f"Trick {ln.trick}" if ln.trick else opening))
            last_trick = ln.trick
        decision = sess.shown(sess.decisions.get((ln.hand, ln.index)), ln.hand)
        # The view hides another seat's discard; shown in full, the game's own record names it.
        action = sess.game.history[ln.index][1] if everything and ln.hand == sess.game.hand_number else ln.action
        said = words.describe_action(ln.seat, action, you=sess.seat, players=sess.players,
                                     show_discard=everything)
        reason = reason_of(decision) or _no_reason(sess, ln.hand, ln.index, action, decision)
        rows.append(("line", names_md(f"**{said}.** {reason}" if reason else f"**{said}.**")))
        whys.append((ln.hand, ln.index))
        if action is not None and action.kind == "bid" and action.value == 21 and (moon := moon_note(sess.view(), sess.seat)):
            rows.append(("note", moon))  # the learner's turn to bid never comes: said where it would be
    if whys:
        rows.insert(1, ("keys", KEYS_HINT))  # under the title
    st.markdown(feed_markdown(rows, whys), unsafe_allow_html=True)
    if whys:
        st.session_state[WHY_PICK] = open_key if open_key in whys else None
        # Each label unique (Streamlit tells the options apart by their labels): "Why?"
        # and as many zero-width spaces as lines before it, which show nothing.
        labels = {at: "Why?" + "\u200b" * i for i, at in enumerate(whys)}
        st.pills("The full explanation of a move", whys, format_func=lambda at: labels.get(at, "Why?"),
                 key=WHY_PICK, on_change=_picked_why, label_visibility="collapsed")
    if isinstance(open_key, tuple) and open_key[0] == sess.game.hand_number:
        hand, index = open_key
        if index < len(sess.game.history) and sess.game.history[index][0] != sess.seat:
            seat, action = sess.game.history[index]
            with st.container(border=True, key="feed-why"):
                said = words.describe_action(seat, action, you=sess.seat, players=sess.players,
                                             show_discard=everything)
                st.markdown(f"**Why? {said}.**")
                with st.spinner("Asking the computer…"):
                    decision = sess.shown(sess.decision_at(hand, index), hand)
                show_decision(decision, key=f"why-{hand}-{index}", who=words.seat_name(seat, sess.seat, sess.players), wide=False,
                              at_table=not everything, said=True, fallback=_no_reason(sess, hand, index, action, decision))
                st.button("Close", key="why-close", on_click=_open_why, args=(None,), icon=":material/close:")


def _picked_why() -> None:
    """A "Why?" of the feed pressed: its line's explanation opens; pressed again, it closes."""
    picked = st.session_state.get(WHY_PICK)
    _open_why(picked if isinstance(picked, tuple) else None)


def _no_reason(sess: PlaySession, hand: int, index: int, action: Action | None, decision: object) -> str:
    """The reason line of a move the computer player gives none for (a move of the link it
    would not make): what the move does, from the game just before it; ``""`` when it has one
    (``action``: the move as the page may name it, ``None`` for a discard face down)."""
    if decision is not None:
        return ""
    before = sess.game_at(hand, index)
    return words.move_without_reason(before.current_trick, before.trump, action or Action.parse("pass"))


# -- hint -------------------------------------------------------------------------------------------------
def hint_panel(sess: PlaySession) -> None:
    """The hint of the learner's decision at hand, in the table's last place. Once that decision
    is made, the place is drawn empty once, so the hint goes at once, not at the end of the
    computer players' runs (a run cut short by the next one leaves what it did not draw again
    on the page); a click with no hint on the page sends nothing here (its messages stay
    within 25)."""
    h = sess.hint
    if h is None or h.key != sess.position_key() or not sess.is_human_turn():
        if state.get(state.PLAY_HINT_SHOWN):
            state.put(state.PLAY_HINT_SHOWN, False)
            st.empty()
        return
    state.put(state.PLAY_HINT_SHOWN, True)
    _hint_box(sess, h)


def _hint_box(sess: PlaySession, h: Hint) -> None:
    view = sess.view()
    with st.container(border=True, key="hint-box"):
        st.markdown("**:material/lightbulb: Hint 1 of 2**")
        st.markdown(words.hint_nudge(h.decision, view.phase, view.trump, view.hand))
        if h.step >= 2:
            action = h.action
            st.markdown(f"**Hint 2 of 2 — the strong player would {action_phrase(action)}.**")
            reason = reason_of(h.decision)
            if reason:
                st.markdown(f"“{reason}”")
            st.button(f"Do it: {action_phrase(action)}", key="hint-do", on_click=sync.act, args=(str(action),))


# -- the end of a hand and of the game ------------------------------------------------------------------
def hand_over(sess: PlaySession) -> None:
    """The hand's result where the eye is (in place of the empty hand), with the way on:
    the next hand, or at the end of the game "Play again" and "New game"."""
    g = sess.game
    if not g.hand_finished:
        return
    result = g.results[-1]
    with st.container(border=True, key="hand-summary"):
        if g.phase == Phase.GAME_OVER:
            # the winner in a sentence: "You won", not the listed "You (Seat 0)"
            winner = side_names(sess)[g.winner or 0] if sess.players == 4 else words.seat_name(
                g.winner or 0, sess.seat, sess.players)
            won = g.winner == g.rules.side_of(sess.seat)
            scores = " · ".join(f"{n} {s}" for n, s in zip(side_names(sess), g.scores, strict=True))
            (st.success if won else st.info)(
                words.game_over_words(result, winner=winner, scores=scores, you=sess.seat, players=sess.players)
                + (" Well played!" if won else "")
            )
        st.markdown(f"**Hand {result.hand_number} is over.** {result_sentence(sess, result)}")
        with st.container(horizontal=True, key="after-hand"):
            if g.phase == Phase.GAME_OVER:
                st.button("Play again", key="play-again", type="primary", on_click=sync.play_again,
                          icon=":material/replay:", help="A new game with the same rules, from a new deal number.")
                st.button("New game", key="game-over-new", on_click=_open_new_game, icon=":material/add_circle:",
                          help="Choose the rules, your seat and the computer players.")
            else:
                st.button("Deal the next hand", key="next-hand", type="primary", on_click=sync.next_hand,
                          icon=":material/playing_cards:")
            st.download_button(
                "Download this hand's record (JSON)", json.dumps(sess.hand_record(g.hand_number), indent=1),
                file_name=f"moon-deal{g.seed}-hand{g.hand_number}.json", mime="application/json",
                key=f"dl-hand-{g.hand_number}", icon=":material/download:", on_click="ignore",
            )
        if not result.thrown_in:
            rows = [
                {"Side": name, "Tricks": result.side_tricks[side], "Change": f"{result.change[side]:+d}",
                 "Score": result.scores[side]}
                for side, name in enumerate(side_names(sess))
            ]
            import pandas as pd  # here: pages without this table never load pandas

            st.dataframe(pd.DataFrame(rows), hide_index=True, key="summary-table")


def _open_new_game() -> None:
    st.session_state["new-game-box"] = True
    sync.whole_page_later()  # the panel is outside the table's fragment


def result_sentence(sess: PlaySession, result: HandResult) -> str:
    return words.result_words(result, you=sess.seat, players=sess.players)


# -- below the table ------------------------------------------------------------------------------------------
#: What can be shown below the table, one at a time (the first by default).
BELOW = ("Trick history", "Scores", "Hand review", "Share & records")


def history_panel(sess: PlaySession) -> None:
    """Every trick of this hand, and an explanation for any computer move."""
    g = sess.game
    view = sess.view()
    trump = g.trump
    if not view.tricks:
        st.caption("No trick has been played yet in this hand.")
    else:
        assert trump is not None
        # One element for the whole history (each trick a block: title, tiles, why it won):
        # this tab is open by default and drawn again on every click, and every element
        # costs the browser time to draw.
        blocks = "".join(_trick_block(sess, i, tr, trump) for i, tr in enumerate(view.tricks, start=1))
        st.markdown(f'<div class="moon-history">{blocks}</div>', unsafe_allow_html=True)
    moves = [(i, s, a) for i, (s, a) in enumerate(g.history) if s != sess.seat]
    if moves:
        everything = sess.shows_all()
        labels = {i: f"{i + 1}. " + words.describe_action(s, a, you=sess.seat, players=sess.players,
                                                          show_discard=everything) for i, s, a in moves}
        pick = st.selectbox("Explain a computer move of this hand", list(labels), format_func=lambda i: labels.get(i, str(i)),
                            index=None, key="explain-pick", placeholder="Choose a move…")
        if pick is not None:
            with st.spinner("Asking the computer…"):
                decision = sess.shown(sess.decision_at(g.hand_number, pick))
            show_decision(decision, key=f"hist-{g.hand_number}-{pick}", who=words.seat_name(g.history[pick][0], sess.seat, sess.players),
                          wide=False, at_table=not everything)


def _trick_block(sess: PlaySession, i: int, tr: TrickRecord, trump: Trump) -> str:
    """Trick ``i`` of the hand as an HTML block: its title, its tiles and why it was won."""
    win_i = tr.seats.index(tr.winner)
    row = row_html(
        [Shown(t, words.seat_label(s, sess.seat, sess.players), trump=is_trump(t, trump), highlight=j == win_i,
               extra="won the trick" if j == win_i else None)
         for j, (t, s) in enumerate(zip(tr.tiles, tr.seats, strict=True))],
        tile_scale(0.6), f"Trick {i}",
    )
    return (f'<div class="moon-block"><p class="moon-block-head"><strong>Trick {i}</strong> — won by '
            f"{escape(words.seat_name(tr.winner, sess.seat, sess.players))}</p>{row}{note_html(explain_winner(tr.tiles, trump).text)}</div>")


def scores_panel(sess: PlaySession) -> None:
    g = sess.game
    results = list(g.results)
    if not results:
        st.caption("The score chart appears after the first hand.")
        return
    import pandas as pd  # here: pages without the scores tab open never load pandas or plotly

    from tutorial.services.charts import score_chart

    unit = "marks" if g.rules.scoring == "marks" else "points"
    fig = score_chart([r.hand_number for r in results], [r.scores for r in results], side_names(sess),
                      g.rules.target, unit)
    st.plotly_chart(fig, key="score-chart", config={"displayModeBar": False})
    rows = [{"Hand": r.hand_number, "What happened": result_sentence(sess, r).replace("**", ""),
             **{n: s for n, s in zip(side_names(sess), r.scores, strict=True)}} for r in results]
    st.dataframe(pd.DataFrame(rows), hide_index=True, key="score-table")


def records_panel(sess: PlaySession) -> None:
    st.markdown("**Share this game.** The link holds the game's number, the house rules and every move so far.")
    st.code(sync.share_link(sess), language=None, wrap_lines=True)
    g = sess.game
    st.download_button(
        "Download the whole game record (JSON)", json.dumps(g.record(), indent=1),
        file_name=f"moon-deal{g.seed}.json", mime="application/json", key="dl-game",
        icon=":material/download:", on_click="ignore",
    )
