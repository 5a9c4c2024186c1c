"""The Play page's pieces: the game kept in the session and in the URL, the new-game panel,
the table, the learner's controls, the computer's explanations, hints, undo, the hand
summary, the score chart and the hand review.

Every change to the game happens in a button callback (before the page is drawn again), so
the page always shows the game as it is; the game logic itself is in
:mod:`tutorial.services.session`.
"""

from __future__ import annotations

import json
import time
from typing import Any
from urllib.parse import urlencode

import pandas as pd
import streamlit as st

from engine import Action, IllegalAction, Tile, Trump, explain_winner
from engine.words import trump_phrase
from tutorial.components import recording, state
from tutorial.components.explain import show_decision, summary_of
from tutorial.components.settings import rules_editor
from tutorial.components.tiles import Shown, clickable_tiles, is_trump, show_row
from tutorial.services import describe as words
from tutorial.services.charts import score_chart
from tutorial.services.session import PlaySession
from tutorial.services.text import md_escape
from tutorial.services.urlstate import LEVELS, PARAMS, LinkError, PlaySetup, decode, parse_deal_number

MODE = state.PLAY_MODE
MESSAGE = state.PLAY_MESSAGE
MODES = {"auto": "Automatic", "step": "Press Next"}
#: Pause between two computer moves in automatic mode (seconds).
AUTO_DELAY = 0.9


# -- the game in the session and the URL ------------------------------------------------------
def current() -> PlaySession | None:
    sess = state.get(state.PLAY)
    return sess if isinstance(sess, PlaySession) else None


def _say(kind: str, text: str) -> None:
    st.session_state[MESSAGE] = (kind, text)


def show_message() -> None:
    msg = st.session_state.pop(MESSAGE, None)
    if isinstance(msg, tuple):
        kind, text = msg
        {"error": st.error, "warning": st.warning, "success": st.success}.get(kind, st.info)(text)


def _own_params() -> dict[str, str]:
    return {k: str(v) for k, v in st.query_params.to_dict().items() if k in PARAMS}


def load_from_url() -> PlaySession | None:
    """Start the game a link describes, if the URL holds one that is not the game already
    shown. A bad link leaves the current game as it was and says what is wrong."""
    params = _own_params()
    sess = current()
    if not params:
        return sess
    if params == state.get(state.PLAY_QUERY):
        return sess
    try:
        req = decode(params)
        new = PlaySession(req.setup, req.moves)
    except LinkError as e:
        keep = " Your game in progress is unchanged." if sess is not None else ""
        st.error(md_escape(f"This link does not open a game: {e}{keep}"), icon=":material/link_off:")
        state.put(state.PLAY_QUERY, params)  # do not complain again until the URL changes
        return sess
    state.put(state.PLAY, new)
    state.set_house_rules(new.setup.rules)
    state.put(state.PLAY_QUERY, params)
    return new


def sync_url(sess: PlaySession) -> None:
    """Write the game (deal, rules, moves) into the URL, so a refresh or a shared link
    rebuilds it."""
    q = sess.query()
    if _own_params() != q:
        st.query_params.from_dict(q)
    state.put(state.PLAY_QUERY, q)


def share_link(sess: PlaySession) -> str:
    base = ""
    try:
        url = st.context.url
    except Exception:  # pragma: no cover - older Streamlit
        url = None
    if url:
        base = url.split("?")[0]
    return f"{base}?{urlencode(sess.query())}"


def start_game(setup: PlaySetup) -> None:
    sess = PlaySession(setup)
    state.put(state.PLAY, sess)
    state.put(state.PLAY_QUERY, None)
    _reply_now(sess)


# -- computer moves -----------------------------------------------------------------------------
def mode() -> str:
    m = st.session_state.get(MODE, "auto")
    return m if m in MODES else "auto"


def _reply_now(sess: PlaySession) -> None:
    """In automatic mode the first computer move after yours comes at once."""
    if mode() == "auto" and sess.is_computer_turn():
        with st.spinner("The computer is thinking…"):
            sess.computer_step()


def autoplay(sess: PlaySession) -> None:
    """Automatic mode: after a short pause, the next computer move (then the page redraws)."""
    if mode() != "auto" or not sess.is_computer_turn():
        return
    t0 = time.perf_counter()
    sess.computer_step()
    time.sleep(max(0.0, AUTO_DELAY - (time.perf_counter() - t0)))
    st.rerun()


# -- callbacks ----------------------------------------------------------------------------------
def _act(action: Action | str) -> None:
    sess = current()
    if sess is None:
        return
    try:
        sess.act(action)
    except IllegalAction as e:
        _say("error", md_escape(f"That move is not allowed: {e}"))
        return
    _reply_now(sess)


def _play_tile(tile: Tile) -> None:
    _act(Action.play(tile))


def _discard_tile(tile: Tile) -> None:
    _act(Action.discard(tile))


def _next_move() -> None:
    sess = current()
    if sess is not None and sess.is_computer_turn():
        with st.spinner("The computer is thinking…"):
            sess.computer_step()


def _to_my_turn() -> None:
    sess = current()
    if sess is not None:
        with st.spinner("The computer players are thinking…"):
            sess.run_computers()


def _undo() -> None:
    sess = current()
    if sess is not None and not sess.undo():
        _say("info", "There is nothing of yours to take back in this hand.")


def _hint() -> None:
    sess = current()
    if sess is None or not sess.is_human_turn():
        return
    with st.spinner("Asking the strong player…"):
        sess.ask_hint("strong")


def _next_hand() -> None:
    sess = current()
    if sess is None:
        return
    try:
        sess.next_hand()
    except IllegalAction as e:
        _say("info", str(e))
        return
    _reply_now(sess)


# -- new game -------------------------------------------------------------------------------------
def _new_game_clicked() -> None:
    raw = str(st.session_state.get("play-deal", "")).strip()
    if st.session_state.get("play-random", True) or not raw:
        import secrets

        deal = secrets.randbelow(1_000_000)
    else:
        try:
            deal = parse_deal_number(raw)
        except LinkError as e:
            _say("error", md_escape(str(e)))
            return
    rules = state.house_rules()
    seat = int(st.session_state.get("play-seat", 0))
    if seat >= rules.players:
        seat = 0
    level = st.session_state.get("play-level", "basic")
    start_game(PlaySetup(rules, deal, seat, level if level in LEVELS else "basic"))
    st.session_state["new-game-box"] = False


def new_game_panel(expanded: bool) -> None:
    if expanded:
        st.session_state["new-game-box"] = True
    box = st.expander("New game", icon=":material/add_circle:", key="new-game-box", on_change="rerun")
    if not box.open:
        return  # drawn only when open
    with box:
        if not expanded:
            st.caption("Changes here apply to the next deal; the game in progress keeps its rules.")
        rules_editor("play")
        rules = state.house_rules()
        c1, c2, c3 = st.columns(3)
        with c1:
            st.radio("Computer players", LEVELS, key="play-level", horizontal=True,
                     help="basic: rules of thumb, quick. strong: looks ahead through many possible deals.")
        with c2:
            seats = list(range(rules.players))
            if st.session_state.get("play-seat") not in seats:
                st.session_state["play-seat"] = 0
            st.selectbox("Your seat", seats, key="play-seat",
                         help="Seats go clockwise; with four players your partner sits opposite (two seats on).")
        with c3:
            st.toggle("Random deal", value=True, key="play-random")
            st.text_input("Deal number", key="play-deal", disabled=st.session_state.get("play-random", True),
                          placeholder="e.g. 2024",
                          help="The same deal number and house rules always deal the same tiles.")
        st.button("Deal", type="primary", key="new-game", on_click=_new_game_clicked, icon=":material/playing_cards:")


# -- the table ---------------------------------------------------------------------------------------
def _side_names(sess: PlaySession) -> list[str]:
    if sess.players == 4:
        mine = sess.seat % 2
        return [("Your team" if t == mine else "Their team") + f" (seats {t} & {t + 2})" for t in (0, 1)]
    return [sess.seat_name(s) for s in range(3)]


def status_bar(sess: PlaySession) -> None:
    g = sess.game
    unit = "marks" if g.rules.scoring == "marks" else "points"
    contract = "bidding" if g.bidder is None else f"{sess.seat_name(g.bidder)} bid {words.bid_label(g.bid or 0)}"
    trump = words.trump_label(g.trump)
    bits = [
        f"**Hand {g.hand_number}**",
        f"deal **{g.seed}**",
        f"you are **seat {sess.seat}**",
        f"computer: **{sess.setup.level}**",
        f"contract: **{contract}**",
        f"trump: **{trump}**",
    ]
    st.markdown(" · ".join(bits))
    names = _side_names(sess)
    scores = " · ".join(f"{name} **{score}**" for name, score in zip(names, g.scores, strict=True))
    st.markdown(f"**Scores** (game to {g.rules.target} {unit}): {scores}")


def _seat_line(sess: PlaySession, seat: int) -> str:
    g = sess.game
    view = sess.view()
    bid = next((b for s, b in view.bids if s == seat), None)
    parts = [f"**{sess.seat_name(seat)}**"]
    if g.bidder == seat:
        parts.append("bidder")
    if bid is not None:
        parts.append(f"bid: {words.bid_label(bid)}")
    parts.append(f"tricks: {view.tricks_won[seat]}")
    if g.to_act == seat:
        parts.append("**to play**" if g.phase == "playing" else "**to act**")
    return " · ".join(parts)


def opponents(sess: PlaySession) -> None:
    """The other seats: their hidden tiles, bids and tricks."""
    n = sess.players
    others = [(sess.seat + k) % n for k in range(1, n)]
    cols = st.columns(len(others))
    view = sess.view()
    for col, seat in zip(cols, others, strict=True):
        with col, st.container(border=True):
            st.markdown(_seat_line(sess, seat))
            count = view.hand_sizes[seat]
            show_row([Shown(None) for _ in range(count)], base=0.42, label=f"{sess.seat_name(seat)}: {count} tiles face down")


def trick_area(sess: PlaySession) -> None:
    g = sess.game
    view = sess.view()
    trump = g.trump
    c1, c2 = st.columns(2)
    with c1:
        number = len(view.tricks) + (1 if g.phase == "playing" else 0)
        st.markdown(f"**Trick {min(number, 7)} of 7**" if g.phase == "playing" else "**The trick**")
        if view.current_trick and trump is not None and view.leader is not None:
            from engine import trick_winner

            lead = trump.suit_led(view.current_trick[0])
            best = trick_winner(view.current_trick, trump)
            items = []
            for i, t in enumerate(view.current_trick):
                seat = (view.leader + i) % sess.players
                cap = sess.seat_name(seat) + (" led" if i == 0 else "")
                items.append(Shown(t, cap, trump=is_trump(t, trump), highlight=i == best,
                                   extra="winning so far" if i == best else None))
            show_row(items, label="The trick so far")
            st.caption(f"Suit led: **{words.describe_suit(lead)}**. Ringed tile: winning so far.")
        elif g.phase == "playing":
            who = "You lead" if g.to_act == sess.seat else f"{sess.seat_name(g.to_act or 0)} leads"
            st.markdown(f"_{who} this trick._")
        elif g.phase in ("bidding", "discard", "trump"):
            bids = ", ".join(f"{sess.seat_name(s)}: {words.bid_label(b)}" for s, b in view.bids) or "no bids yet"
            st.markdown(f"_Bidding:_ {bids}")
        else:
            st.markdown("_The hand is over._")
    with c2:
        if view.tricks and trump is not None:
            last = view.tricks[-1]
            st.markdown(f"**Last trick** (trick {len(view.tricks)}), won by **{sess.seat_name(last.winner)}**")
            win_i = last.seats.index(last.winner)
            items = [
                Shown(t, sess.seat_name(s), trump=is_trump(t, trump), highlight=i == win_i,
                      extra="won the trick" if i == win_i else None)
                for i, (t, s) in enumerate(zip(last.tiles, last.seats, strict=True))
            ]
            show_row(items, base=0.8, label="The last trick")
            st.caption(explain_winner(last.tiles, trump).text)


def _trump_counts(hand: tuple[Tile, ...], trump: Trump) -> int:
    return sum(1 for t in hand if trump.is_trump(t))


def your_turn(sess: PlaySession) -> None:
    """The learner's hand and controls for the phase."""
    with st.container(key="your-hand"):
        _your_turn(sess)


def _your_turn(sess: PlaySession) -> None:
    g = sess.game
    view = sess.view()
    mine = g.to_act == sess.seat
    trump = g.trump
    st.markdown(f"## Your hand ({len(view.hand)} tiles)" + (" — your turn" if mine else ""))
    if g.phase == "bidding" and mine:
        st.markdown("**Your bid.** Pass, or promise to take at least that many tricks (21: all seven).")
        with st.container(horizontal=True, key="bid-buttons"):
            for a in g.legal_actions():
                if a.kind == "pass":
                    st.button("Pass", key="bid-pass", on_click=_act, args=("pass",))
                else:
                    label = "21 — shoot the moon" if a.value == 21 else f"Bid {a.value}"
                    st.button(label, key=f"bid-{a.value}", on_click=_act, args=(str(a),))
        clickable_tiles(view.hand, key="hand", trump=None, disabled=True)
        return
    if g.phase == "discard" and mine:
        widow = ", ".join(str(t) for t in view.widow)
        st.markdown(f"**You won the bid and took the widow ({widow}).** Pick one tile to lay aside face down.")
        clickable_tiles(view.hand, key="discard", verb="Discard", trump=trump, selected=view.widow,
                        on_click=_discard_tile)
        return
    if g.phase == "trump" and mine:
        st.markdown("**Name trump.** The number below each choice is how many of your tiles would be trumps.")
        with st.container(horizontal=True, key="trump-buttons"):
            for a in g.legal_actions():
                tr = a.value
                assert isinstance(tr, Trump)
                name = "No trump" if tr.kind == "none" else tr.name.capitalize()
                count = "" if tr.kind == "none" else f" ({_trump_counts(view.hand, tr)})"
                st.button(f"{name}{count}", key=f"trump-{tr}", on_click=_act, args=(str(a),))
        clickable_tiles(view.hand, key="hand", disabled=True)
        return
    if g.phase == "playing" and mine:
        assert trump is not None
        legal = {a.value for a in g.legal_actions()}
        blocked = {t: view.explain(t).text for t in view.hand if t not in legal}
        if view.current_trick:
            lead = trump.suit_led(view.current_trick[0])
            st.markdown(f"**Your play.** {words.describe_suit(lead).capitalize()} were led: follow if you can.")
        else:
            st.markdown("**Your lead.** Any tile may be led.")
        clickable_tiles(view.hand, key="hand", trump=trump, blocked=blocked, on_click=_play_tile)
        if blocked:
            with st.expander(f"Why not? ({len(blocked)} tile{'s' if len(blocked) != 1 else ''} cannot be played)"):
                for t, why in blocked.items():
                    st.markdown(f"- **{t}**: {why}")
        return
    clickable_tiles(view.hand, key="hand", trump=trump, disabled=True)
    if g.phase in ("bidding", "discard", "trump", "playing"):
        st.caption(f"Waiting for {sess.seat_name(g.to_act or 0)}.")


def computer_controls(sess: PlaySession) -> None:
    """Next / play-to-my-turn buttons, undo, hint, and how computer moves are paced."""
    with st.container(horizontal=True, key="play-controls", vertical_alignment="center"):
        if sess.is_computer_turn():
            who = sess.seat_name(sess.game.to_act or 0)
            st.button(f"Next: {who}", key="next-move", type="primary", on_click=_next_move,
                      icon=":material/skip_next:", help="Let the next computer player make its move.")
            st.button("Play to my turn", key="to-my-turn", on_click=_to_my_turn, icon=":material/fast_forward:")
        if sess.is_human_turn():
            step = sess.hint.step if sess.hint is not None and sess.hint.key == sess.position_key() else 0
            label = "Hint" if step == 0 else ("Show the move" if step == 1 else "Hint shown")
            st.button(label, key="hint", on_click=_hint, disabled=step == 2, icon=":material/lightbulb:",
                      help="Ask the strong computer player: first a nudge, then the move itself.")
        st.button("Undo my last move", key="undo", on_click=_undo, disabled=not sess.can_undo(),
                  icon=":material/undo:", help="Takes back your last move in this hand (and the computer moves after it).")
        st.segmented_control("Computer moves", list(MODES), format_func=MODES.__getitem__, key=MODE,
                             default="auto", help="How the computer players' moves appear: each after a short "
                             "pause, or each when you press Next.")


def hint_panel(sess: PlaySession) -> None:
    h = sess.hint
    if h is None or h.key != sess.position_key() or not sess.is_human_turn():
        return
    view = sess.view()
    with st.container(border=True, key="hint-box"):
        st.markdown("**:material/lightbulb: Hint 1 of 2**")
        st.markdown(words.hint_nudge(h.decision, view.phase, view.trump, view.hand))
        if h.step >= 2:
            action = h.decision.action
            st.markdown(f"**Hint 2 of 2 — the strong player would {words.action_words(action)}.**")
            st.markdown(f"“{summary_of(h.decision)}”")
            st.button(f"Do it: {words.action_words(action)}", key="hint-do", on_click=_act, args=(str(action),))


def last_move_panel(sess: PlaySession) -> None:
    """The most recent move and, for a computer's move, why it was made."""
    step = sess.last_step
    g = sess.game
    with st.container(border=True, key="last-move-box"):
        st.markdown("## Last move")
        if step is None:
            st.caption("No move yet in this hand." if not g.history else "Make your move, or ask for a hint.")
            return
        text = words.describe_action(step.seat, step.action, you=sess.seat, players=sess.players)
        st.markdown(f"**{text}.**")
        if step.seat == sess.seat:
            st.caption("That was your move.")
            return
        st.markdown("**Why did it do that?**")
        show_decision(step.decision, key="last-move", who=sess.seat_name(step.seat))


def history_panel(sess: PlaySession) -> None:
    """Every trick of this hand, and an explanation for any computer move."""
    g = sess.game
    view = sess.view()
    trump = g.trump
    if not view.tricks:
        st.caption("No trick has been played yet in this hand.")
    for i, tr in enumerate(view.tricks, start=1):
        win_i = tr.seats.index(tr.winner)
        st.markdown(f"**Trick {i}** — won by {sess.seat_name(tr.winner)}")
        assert trump is not None
        show_row(
            [Shown(t, sess.seat_name(s), trump=is_trump(t, trump), highlight=j == win_i,
                   extra="won the trick" if j == win_i else None)
             for j, (t, s) in enumerate(zip(tr.tiles, tr.seats, strict=True))],
            base=0.6, label=f"Trick {i}",
        )
        st.caption(explain_winner(tr.tiles, trump).text)
    moves = [(i, s, a) for i, (s, a) in enumerate(g.history) if s != sess.seat]
    if moves:
        labels = {i: f"{i + 1}. " + words.describe_action(s, a, you=sess.seat, players=sess.players) for i, s, a in moves}
        pick = st.selectbox("Explain a computer move of this hand", list(labels), format_func=labels.__getitem__,
                            index=None, key="explain-pick", placeholder="Choose a move…")
        if pick is not None:
            with st.spinner("Asking the computer…"):
                decision = sess.decision_at(g.hand_number, pick)
            show_decision(decision, key=f"hist-{g.hand_number}-{pick}", who=sess.seat_name(g.history[pick][0]))


def _count_hand(sess: PlaySession) -> None:
    """Count a finished hand once in the progress, and keep its record for the Classroom."""
    g = sess.game
    if not g.hand_finished:
        return
    counted: set[tuple[Any, ...]] = state.get(state.PLAY_COUNTED, set())
    key = (g.seed, g.rules, g.hand_number, tuple(str(a) for _, a in g.history))
    if key in counted:
        return
    counted.add(key)
    state.put(state.PLAY_COUNTED, counted)
    p = state.progress()
    p.hands_played += 1
    if g.phase == "game_over" and g.winner == g.rules.side_of(sess.seat):
        p.games_won += 1
    rec = sess.hand_record(g.hand_number)
    state.archive_hand(rec, f"Play: deal {g.seed}, hand {g.hand_number}")
    recording.hand_finished(sess)


def hand_over(sess: PlaySession) -> None:
    """The hand summary, score chart and next-hand button, once a hand is over."""
    g = sess.game
    if not g.hand_finished:
        return
    _count_hand(sess)
    result = g.results[-1]
    with st.container(border=True, key="hand-summary"):
        st.markdown(f"## Hand {result.hand_number} is over")
        st.markdown(_result_sentence(sess, result))
        if not result.thrown_in:
            rows = []
            for side, name in enumerate(_side_names(sess)):
                rows.append({
                    "Side": name,
                    "Tricks": result.side_tricks[side],
                    "Change": f"{result.change[side]:+d}",
                    "Score": result.scores[side],
                })
            st.dataframe(pd.DataFrame(rows), hide_index=True, key="summary-table")
        if g.phase == "game_over":
            winner = _side_names(sess)[g.winner or 0]
            won = g.winner == g.rules.side_of(sess.seat)
            (st.success if won else st.info)(f"**Game over: {winner} won.**" + (" Well played!" if won else ""))
        else:
            st.button("Deal the next hand", key="next-hand", type="primary", on_click=_next_hand,
                      icon=":material/playing_cards:")
        st.download_button(
            "Download this hand's record (JSON)", json.dumps(sess.hand_record(g.hand_number), indent=1),
            file_name=f"moon-deal{g.seed}-hand{g.hand_number}.json", mime="application/json",
            key=f"dl-hand-{g.hand_number}", icon=":material/download:", on_click="ignore",
        )


def _result_sentence(sess: PlaySession, result: Any) -> str:
    if result.thrown_in:
        return "Everybody passed, so the hand was thrown in. Nobody scores; the next hand is dealt."
    bidder = sess.seat_name(result.bidder)
    side = sess.game.rules.side_of(result.bidder)
    took = result.side_tricks[side]
    trump = trump_phrase(result.trump)
    verdict = "made it" if result.made else "was set"
    return (
        f"**{bidder}** bid **{words.bid_label(result.bid)}** with {trump}, took **{took}** "
        f"trick{'s' if took != 1 else ''} and **{verdict}** ({result.change[side]:+d})."
    )


def scores_panel(sess: PlaySession) -> None:
    g = sess.game
    results = [r for r in g.results]
    if not results:
        st.caption("The score chart appears after the first hand.")
        return
    unit = "marks" if g.rules.scoring == "marks" else "points"
    fig = score_chart([r.hand_number for r in results], [r.scores for r in results], _side_names(sess),
                      g.rules.target, unit)
    st.plotly_chart(fig, key="score-chart", config={"displayModeBar": False})
    rows = [{"Hand": r.hand_number, "What happened": _plain(_result_sentence(sess, r)),
             **{n: s for n, s in zip(_side_names(sess), r.scores, strict=True)}} for r in results]
    st.dataframe(pd.DataFrame(rows), hide_index=True, key="score-table")


def _plain(text: str) -> str:
    return text.replace("**", "")


def records_panel(sess: PlaySession) -> None:
    st.markdown("**Share this game.** The link holds the deal number, the house rules and every move so far.")
    st.code(share_link(sess), language=None, wrap_lines=True)
    g = sess.game
    st.download_button(
        "Download the whole game record (JSON)", json.dumps(g.record(), indent=1),
        file_name=f"moon-deal{g.seed}.json", mime="application/json", key="dl-game",
        icon=":material/download:", on_click="ignore",
    )
