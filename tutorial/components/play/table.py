"""The Play table: the status strip, the seats around the table with the trick in the middle,
and the learner's hand along the bottom with the controls for the phase.

The regions carry stable CSS classes, ``st-key-table-status``, ``st-key-table-trick`` and
``st-key-table-hand``: the hand is a container with that key (Streamlit gives a keyed container
the class ``st-key-<key>``), while the status strip and the table are one Markdown element each,
whose HTML block carries the same class (a container around them would be one more message to
the browser on every click).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from html import escape

import streamlit as st

from engine import Phase, Tile, Trump, explain_winner, trick_winner, tricks_needed
from tutorial.components import css, scroll
from tutorial.components.play import sync
from tutorial.components.state import tile_scale
from tutorial.components.tiles import (
    Shown,
    hand_buttons,
    is_trump,
    names_md,
    note_html,
    row_html,
    tile_html,
)
from tutorial.services import describe as words
from tutorial.services.session import PlaySession
from tutorial.services.table import (
    auction_lines,
    bid_is_set,
    moon_note,
    reason_of,
    seats_around,
    side_tricks,
    trick_badges,
    tricks_line,
)
from tutorial.services.text import unbroken


def side_names(sess: PlaySession) -> list[str]:
    """The name of each side: each seat with three players, each team with four."""
    if sess.players == 4:
        mine = sess.seat % 2
        return [("Your team" if t == mine else "Their team") for t in (0, 1)]
    return [words.seat_label(s, sess.seat, sess.players) for s in range(3)]


# -- the status strip ------------------------------------------------------------------------
def status_strip(sess: PlaySession) -> None:
    """Contract, trump, tricks per side and scores, in one strip that stays in view."""
    g = sess.game
    view = sess.view()
    unit = "marks" if g.rules.scoring == "marks" else "points"
    if g.bidder is None:
        contract = "bidding" if g.phase == "bidding" else "no contract"
    else:
        contract = f"{words.seat_name(g.bidder, sess.seat, sess.players)} bid {words.bid_label(g.bid or 0)}"
    names = side_names(sess)
    bidding_side = None if g.bidder is None else g.rules.side_of(g.bidder)
    taken = side_tricks(view)
    left = 0 if g.hand_finished else 7 - len(view.tricks)
    set_ = bidding_side is not None and (
        bid_is_set(taken=taken[bidding_side], bid=g.bid, left=left)
        or (g.hand_finished and taken[bidding_side] < tricks_needed(g.bid or 0)))
    partner_bid = g.bidder is not None and g.bidder != sess.seat and \
        g.rules.side_of(g.bidder) == g.rules.side_of(sess.seat)
    # The outcome goes on the bidding side; with four players the one defending team that
    # set it says so, with three the two defenders are left untagged.
    tricks = " · ".join(
        tricks_line(taken=n, bid=g.bid, name=name, bidding=side == bidding_side, over=g.hand_finished,
                    left=left, bid_set=set_ and sess.players == 4, partner_bid=partner_bid)
        for side, (name, n) in enumerate(zip(names, taken, strict=True))
    )
    scores = " · ".join(f"{name} {score}" for name, score in zip(names, g.scores, strict=True))
    # Blank lines around the text: Markdown inside the HTML block.
    st.markdown(
        '<div class="st-key-table-status">\n\n'
        f"**Hand {g.hand_number}** of {unbroken(f'game {g.seed}')} · contract: **{escape(contract)}** · "
        f"{unbroken(f'trump: **{words.trump_label(g.trump)}**')} · {unbroken(f'computer: {sess.setup.level}')}"
        + (" · **open hands: every tile shown**" if sess.open_hands else "") + "  \n"
        f"**Tricks** {escape(tricks)}  \n"
        f"**Scores** {escape(scores)} (game to {g.rules.target} {unit})\n\n</div>",
        unsafe_allow_html=True,
    )


# -- the table: seats around, the trick in the middle ----------------------------------------
def _seat_html(sess: PlaySession, seat: int, where: str) -> str:
    g = sess.game
    view = sess.view()
    bid = next((b for s, b in view.bids if s == seat), None)
    bits = []
    if g.bidder == seat:
        bits.append("bidder")
    if bid is not None:
        bits.append("passed" if bid == 0 else f"bid {words.bid_label(bid)}")
    bits.append(f"{view.tricks_won[seat]} trick{'' if view.tricks_won[seat] == 1 else 's'}")
    count = view.hand_sizes[seat]
    bits.append(f"{count} tile{'' if count == 1 else 's'}")
    turn = g.to_act == seat
    mark = '<span class="moon-turn">to play</span>' if turn else ""
    if sess.open_hands:  # the teaching switch: the other hands face up
        backs = "".join(tile_html(Shown(t, trump=is_trump(t, g.trump)), tile_scale(0.34)) for t in g.hands[seat])
        label = f"{words.seat_name(seat, sess.seat, sess.players)}: {count} tile{'' if count == 1 else 's'} face up"
    else:
        backs = "".join(tile_html(Shown(None), tile_scale(0.26)) for _ in range(count))
        label = f"{words.seat_name(seat, sess.seat, sess.players)}: {count} tile{'' if count == 1 else 's'} face down"
    return (
        f'<div class="moon-seat-box moon-at-{where}{" moon-acting" if turn else ""}">'
        f'<span class="moon-seat">{escape(words.seat_name(seat, sess.seat, sess.players))}</span> {mark}'
        f'<div class="moon-seat-facts">{escape(" · ".join(bits))}</div>'
        f'<div class="moon-backs{"" if sess.open_hands else " moon-backs-down"}" role="group" aria-label="{escape(label)}">'
        f"{backs}</div></div>"
    )


def _trick_cell(sess: PlaySession, seat: int, where: str, trump: Trump | None, shown: TrickShown | None) -> str:
    """``seat``'s place in the trick area: its name, and the tile it played to ``shown`` (the
    trick in progress or just completed) or an empty slot."""
    view = sess.view()
    tile_part = '<div class="moon-slot" aria-hidden="true"></div>'
    lead = ""
    if shown is not None and trump is not None:
        i = (seat - shown.leader) % sess.players
        if i < len(shown.tiles):
            best = trick_winner(shown.tiles, trump)
            t = shown.tiles[i]
            won = "took the trick" if shown.done else "winning so far"
            tile_part = tile_html(
                Shown(t, trump=is_trump(t, trump), highlight=i == best, extra=won if i == best else None),
                tile_scale(0.62),
            )
            badges = trick_badges(i, best, done=shown.done, leads_next=view.phase == "playing", you=seat == sess.seat)
            lead = "".join(f' <span class="moon-{kind}">{text}</span>' for kind, text in badges)
    elif view.leader == seat and view.phase == "playing":
        lead = f' <span class="moon-led">{"lead" if seat == sess.seat else "leads"}</span>'
    name = escape(words.seat_label(seat, sess.seat, sess.players))
    return f'<div class="moon-trick-cell moon-at-{where}"><div class="moon-cap">{name}{lead}</div>{tile_part}</div>'


@dataclass(frozen=True)
class TrickShown:
    """The trick the table shows in its middle: the one in progress, or (``done``) the one just
    completed, which stays on the table until the next lead is made."""

    leader: int
    tiles: tuple[Tile, ...]
    done: bool


def shown_trick(sess: PlaySession) -> TrickShown | None:
    """The trick in the table's middle: the trick in progress; with none begun, the trick just
    completed (as a player at a real table sees it, with who took it, until the next lead);
    ``None`` before the first lead."""
    view = sess.view()
    if view.current_trick:
        assert view.leader is not None
        return TrickShown(view.leader, tuple(view.current_trick), False)
    if view.tricks and view.phase in ("playing", "hand_over", "game_over"):
        last = view.tricks[-1]
        return TrickShown(last.leader, tuple(last.tiles), True)
    return None


def table_area(sess: PlaySession) -> None:
    """The other seats around the table and the trick in the middle, in the order of play (the
    leader first), each tile under its player's name. A completed trick stays in the middle,
    with who took it and why, until the next lead is made."""
    g = sess.game
    view = sess.view()
    trump = g.trump
    around = seats_around(sess.seat, sess.players)
    seats = "".join(_seat_html(sess, s, w) for w, s in around.items() if w != "bottom")
    shown = shown_trick(sess)
    if view.phase == "playing" or shown is not None:
        where = {s: w for w, s in around.items()}
        note = ""
        if shown is not None and shown.done and trump is not None:
            winner = (shown.leader + trick_winner(shown.tiles, trump)) % sess.players
            title = f"Trick {len(view.tricks)} of 7: {words.seat_name(winner, sess.seat, sess.players)} took it"
            note = note_html(explain_winner(shown.tiles, trump).text)
            first = shown.leader
        else:
            title = f"Trick {min(len(view.tricks) + 1, 7)} of 7"
            if shown is not None and trump is not None:
                title += f" · {words.describe_suit(trump.suit_led(shown.tiles[0]))} led"
            first = shown.leader if shown is not None else (view.leader if view.leader is not None else sess.seat)
            moon = moon_note(view, sess.seat) if not view.tricks else None
            if moon:  # the learner's turn to bid never came: trick 1 says why
                note = note_html(moon)
        order = [(first + k) % sess.players for k in range(sess.players)]
        cells = "".join(_trick_cell(sess, s, where[s], trump, shown) for s in order)
        done = " moon-trick-done" if shown is not None and shown.done else ""
        middle = (f'<div class="moon-trick-title">{escape(title)}</div>'
                  f'<div class="moon-trick{done}">{cells}</div>{note}')
    elif view.phase in ("bidding", "discard", "trump"):
        auction = "".join(f'<div class="moon-note">{escape(line)}</div>' for line in auction_lines(view, sess.seat))
        what = {"bidding": "Bidding", "discard": "The bidder takes the widow", "trump": "Naming trump"}[view.phase]
        middle = f'<div class="moon-trick-title">{escape(what)}</div><div class="moon-auction">{auction}</div>'
    else:
        middle = '<div class="moon-trick-title">The hand is over</div>'
    players = "moon-four" if sess.players == 4 else "moon-three"
    if sync.autoplay_pending(sess):  # the page's script watches that the moves go on (_FOCUS_JS)
        players += " moon-autoplay"
    # One element: the seats, the trick and the last trick folded under it.
    st.markdown(
        f'<div class="st-key-table-trick"><div class="moon-table {players}" role="group" aria-label="The table">'
        f'{seats}<div class="moon-middle">{middle}</div></div>{_latest_move(sess)}{_last_trick(sess)}</div>',
        unsafe_allow_html=True,
    )


def _latest_move(sess: PlaySession) -> str:
    """The computer's latest move of this hand with its one-line reason, for a phone only (the
    ``play_table`` sheet hides it on a wider window, where the feed stands beside the table):
    on a phone the feed comes below the hand, out of the window. Said as the feed says it, and
    as fairly (:meth:`PlaySession.shown`); ``""`` before the computer's first move. Its
    decision is asked again when not remembered (after a refresh: one move, not the feed's)."""
    lines = sess.feed()
    if not lines or sess.game.hand_finished:
        return ""
    ln = lines[-1]
    decision = sess.shown(sess.decision_at(ln.hand, ln.index), ln.hand)
    action = sess.game.history[ln.index][1] if sess.shows_all() else ln.action
    said = words.describe_action(ln.seat, action, you=sess.seat, players=sess.players, show_discard=sess.shows_all())
    reason = reason_of(decision)
    text = f"<strong>{names_md(said)}.</strong>" + (f" {names_md(reason)}" if reason else "")
    return f'<div class="moon-latest">{text}</div>'


def _last_trick(sess: PlaySession) -> str:
    """The last trick (its tiles and why it was won) folded in a ``<details>`` (the page's
    script keeps it open from one move to the next once the learner opened it), or ``""``
    before the first trick is over."""
    view = sess.view()
    trump = sess.game.trump
    if not view.tricks or trump is None:
        return ""
    last = view.tricks[-1]
    win_i = last.seats.index(last.winner)
    items = [
        Shown(t, words.seat_label(s, sess.seat, sess.players), trump=is_trump(t, trump), highlight=i == win_i,
              extra="won the trick" if i == win_i else None)
        for i, (t, s) in enumerate(zip(last.tiles, last.seats, strict=True))
    ]
    summary = f"Last trick ({len(view.tricks)}): won by {words.seat_name(last.winner, sess.seat, sess.players)}"
    return details_html(
        summary,
        f'<div class="moon-block">{row_html(items, tile_scale(0.6), "The last trick")}'
        f"{note_html(explain_winner(last.tiles, trump).text)}</div>",
        keep="last-trick",
    )


def details_html(summary: str, body: str, *, keep: str) -> str:
    """A folded block as HTML, drawn inside another element (one message to the browser, where
    an expander is two): ``summary`` (text, escaped) opens ``body`` (HTML, or Markdown between
    blank lines). ``keep`` names it for the page's script, which opens it again after a run
    redraws it if the learner had it open (:data:`_FOCUS_JS`).

    >>> print(details_html("Why not? (1 tile)", "- **6-6**: ...", keep="why-not"))
    <details class="moon-fold" data-keep="why-not"><summary>Why not? (1 tile)</summary>
    <BLANKLINE>
    - **6-6**: ...
    <BLANKLINE>
    </details>
    """
    return (f'<details class="moon-fold" data-keep="{escape(keep)}"><summary>{escape(summary)}</summary>'
            f"\n\n{body}\n\n</details>")


# -- the learner's hand ----------------------------------------------------------------------------
def _trump_count(sess: PlaySession, trump: Trump) -> int:
    return sum(1 for t in sess.view().hand if trump.is_trump(t))


def hand_area(sess: PlaySession) -> None:
    """The learner's hand and the controls for the phase, drawn in one place of the table's
    column: on the learner's turn a block (``table-hand``: the title, the tiles, the buttons),
    otherwise one element, the title and the tiles (:func:`waiting_hand_html`).

    While the computer players move on their own, each move is a run of the table that ends
    early (the next one follows), and Streamlit keeps on the page, stale, whatever such a run
    did not draw again: with the waiting hand drawn into the same block, the buttons of the
    learner's last turn stayed under it, the hand shown twice, until the computer's moves
    ended. An element put where a block was takes the block's children with it. (No
    ``st.empty`` slot first: the place is the same without one, and the slot was one more
    message to the browser whenever it was sent before what replaced it.)"""
    waiting = waiting_hand_html(sess)
    if waiting is not None:
        if waiting:
            st.markdown(waiting, unsafe_allow_html=True)
        return
    with st.container(key="table-hand"):
        _hand(sess)


def waiting_hand_html(sess: PlaySession) -> str | None:
    """The hand when the learner has nothing to choose, as one element (Markdown and HTML;
    ``""`` once the hand is played out), or ``None`` on the learner's turn. Its HTML carries the
    class of the learner's turn's block, ``st-key-table-hand``: the page's style sheet and
    script find the hand the same way in both."""
    g = sess.game
    if g.to_act == sess.seat and g.phase in ("bidding", "discard", "trump", "playing"):
        return None
    view = sess.view()
    n = len(view.hand)
    if n == 0:
        return ""  # the hand is over: its result is shown above
    waiting = ""
    if g.phase in ("bidding", "discard", "trump", "playing") and g.to_act is not None:
        waiting = f" — waiting for {words.seat_name(g.to_act, sess.seat, sess.players)}."
    tiles = named_tiles_html(view.hand, g.trump)
    # Blank lines around the title: Markdown inside the HTML block.
    return (f'<div class="st-key-table-hand moon-hand-waiting">\n\n**Your hand** ({n} tile{"" if n == 1 else "s"})'
            f"{escape(waiting)}\n\n{tiles}</div>")


def named_tiles_html(tiles: Sequence[Tile], trump: Trump | None) -> str:
    """The learner's hand when no tile of it can be played (the auction, naming trump, the
    computer's turns): each tile as large as in the play, its name under it where the play
    puts its button ("★ 6-3" for a trump), so the hand reads the same in every phase."""
    items = [Shown(t, f"★ {t}" if is_trump(t, trump) else str(t), trump=is_trump(t, trump)) for t in tiles]
    return f'<div class="moon-hand-names">{row_html(items, tile_scale(1.0), "Your tiles")}</div>'


def _hand(sess: PlaySession) -> None:
    """The learner's hand on the learner's turn, with the controls for the phase."""
    g = sess.game
    view = sess.view()
    mine = g.to_act == sess.seat
    trump = g.trump
    n = len(view.hand)
    title = f"**Your hand** ({n} tile{'' if n == 1 else 's'})"
    if g.phase == "bidding" and mine:
        st.markdown(f"{title} — **your bid.** Pass, or promise at least that many tricks (21: all seven).")
        with st.container(horizontal=True, key="bid-buttons"):
            for a in g.legal_actions():
                if a.kind == "pass":
                    st.button("Pass", key="bid-pass", on_click=sync.act, args=("pass",))
                else:
                    label = "21 — shoot the moon" if a.value == 21 else f"Bid {a.value}"
                    st.button(label, key=f"bid-{a.value}", on_click=sync.act, args=(str(a),))
        st.markdown(named_tiles_html(view.hand, None), unsafe_allow_html=True)
        return
    if g.phase == "discard" and mine:
        widow = ", ".join(str(t) for t in view.widow)
        hand_buttons(view.hand, key="discard", verb="Discard", trump=trump, mark_playable=False,
                     captions={t: "from the widow" for t in view.widow}, on_click=sync.discard_tile,
                     title=f"{title} — **you won the bid and took the widow ({widow}).** "
                     "Pick any one tile to lay aside face down.")
        return
    if g.phase == "trump" and mine:
        st.markdown(f"{title} — **name trump.** The number in brackets on each choice is how many "
                    "of your tiles would be trumps.")
        with st.container(horizontal=True, key="trump-buttons"):
            for a in g.legal_actions():
                tr = a.value
                assert isinstance(tr, Trump)
                name = "No trump" if tr.kind == "none" else tr.name.capitalize()
                count = "" if tr.kind == "none" else f" ({_trump_count(sess, tr)})"
                st.button(f"{name}{count}", key=f"trump-{tr}", on_click=sync.act, args=(str(a),))
        st.markdown(named_tiles_html(view.hand, None), unsafe_allow_html=True)
        return
    if g.phase == "playing" and mine:
        assert trump is not None
        legal = {a.value for a in g.legal_actions()}
        blocked = {t: view.explain(t).text for t in view.hand if t not in legal}
        if view.current_trick:
            lead = trump.suit_led(view.current_trick[0])
            said = (f"{title} — **your play.** {words.describe_suit(lead).capitalize()} were led: "
                    "follow if you can.")
        else:
            said = f"{title} — **your lead.** Any tile may be led."
        if blocked:  # the reasons folded under the title, in the hand's one element
            said += "\n\n" + details_html(
                f"Why not? ({len(blocked)} tile{'s' if len(blocked) != 1 else ''} cannot be played)",
                "\n".join(f"- **{t}**: {why}" for t, why in blocked.items()),
                keep="why-not",
            )
        hand_buttons(view.hand, key="hand", trump=trump, blocked=blocked, on_click=sync.play_tile, title=said)


# -- the controls -------------------------------------------------------------------------------------
def controls(sess: PlaySession) -> None:
    """Next (in "Press Next" mode only: in automatic mode the moves come on their own), play to
    my turn, hint and undo (the table's settings are :func:`settings`): buttons drawn straight
    into the table's column (``table-main``), whose grid in the ``play_table`` sheet sets them
    side by side under the hand (a row container of their own would be one more message to the
    browser on every click)."""
    if sess.is_computer_turn():
        if sync.mode() == "step":
            who = words.seat_name(sess.game.to_act or 0, sess.seat, sess.players)
            st.button(f"Next: {who}", key="next-move", type="primary", on_click=sync.next_move,
                      icon=":material/skip_next:", help="Let the next computer player make its move.")
        st.button("Play to my turn", key="to-my-turn", on_click=sync.to_my_turn, icon=":material/fast_forward:")
    if sess.is_human_turn():
        step = sess.hint.step if sess.hint is not None and sess.hint.key == sess.position_key() else 0
        label = "Hint" if step == 0 else ("Show the move" if step == 1 else "Hint shown")
        st.button(label, key="hint", on_click=sync.hint, disabled=step == 2, icon=":material/lightbulb:",
                  help="Ask the strong computer player: first a nudge, then the move itself.")
    if sess.game.phase != Phase.GAME_OVER:
        st.button("Undo my last move", key="undo", on_click=sync.undo, disabled=not sess.can_undo(),
                  icon=":material/undo:",
                  help="Takes back your last move in this hand (and the computer moves after it).")


def settings(sess: PlaySession) -> None:
    """The table's settings in a "Table settings" popover: open hands, and how the computer's
    moves are paced. Drawn by the whole page, outside the table's fragment: a click at the
    table does not send them again, and a change of one runs the whole page."""
    with st.popover("Table settings", icon=":material/tune:", key="play-settings",
                    help="Open hands, and how the computer players' moves appear."):
        st.session_state["open-hands"] = sess.open_hands  # the switch belongs to the game
        st.toggle("Open hands", key="open-hands", on_change=sync.toggle_open_hands,
                  help="For teaching: every hand face up and every reason in full during the hand. "
                  "Off, the table shows only what your seat could know.")
        st.segmented_control("Computer moves", list(sync.MODES), format_func=lambda m: sync.MODES.get(m, str(m)), key=sync.MODE,
                             default="auto", help="How the computer players' moves appear: on their own, "
                             "or each when you press Next.")
        if sync.mode() == "auto":
            st.segmented_control("Pause between moves", list(sync.PACES), format_func=lambda p: sync.PACE_WORDS.get(p, str(p)),
                                 key=sync.PACE, default="short",
                                 help="Off: the computer players answer at once. Short: about a third of a "
                                 "second between their moves. Long: a second.")


# -- styles and keyboard ---------------------------------------------------------------------------

#: Installed once per browser tab, it acts after every run of the page:
#:
#: - if the focus was lost (the tile just played is gone), it goes back to the learner's first
#:   control (a playable tile, "Pass" on a bid turn, the first trump to name), or at the end of
#:   a hand to "Deal the next hand" ("Play again" at the end of the game); while the computer
#:   players move it waits on the hand itself (the ``table-hand`` block, focusable by the
#:   script only), so that it is in the hand again when the learner's turn comes, and a Tab
#:   from there reaches the controls under the hand. Controls drawn after the run has finished
#:   (a loaded browser) take the focus from the waiting hand as they appear. The script never
#:   puts the focus on "Next" (in "Press Next" mode the learner presses it, or Tabs to it);
#: - if the table changed (a move, a trick, the widow) while the page was scrolled so far that
#:   the stuck status strip covers the top of the table, and the learner's hand is still on
#:   screen, the page scrolls back just enough that the table sits below the strip. The learner
#:   who scrolled on to the feed or the tabs (the hand out of sight) is left where they are.
#:   After each run the table is looked at on every change to the page until the run's table
#:   has been seen once (a loaded browser draws it late); the learner's own wheel, touch, key
#:   or press ends that wait;
#: - a click on the picture of a tile that can be clicked (``data-btn``, see
#:   :func:`tutorial.components.tiles.hand_buttons`) is a click on its button;
#: - a folded block the learner opened (``<details data-keep>``, see :func:`details_html`)
#:   stays open when a run draws it again, until the learner closes it;
#: - a "Why?" of the feed opened (its explanation drawn under the whole feed, often below the
#:   fold), the page scrolls so that the explanation's first line is in sight, below the strip;
#: - an explanation open in the feed, or a finished hand's whole feed (its ``moon-feed-over``
#:   note, :func:`panels.feed`), that makes the feed reach well below the table (more than
#:   :data:`BESIDE_PX`): the body gets the class ``moon-why-beside``, and the ``play_table``
#:   sheet moves what is below the table up into the table's column, beside the feed;
#: - every "Why?" of the feed names the feed's line of help for the keyboard as its
#:   description (``aria-describedby``, :data:`panels.KEYS_HINT`): a screen reader says it
#:   with the button.
_FOCUS_JS = """<script>
(() => {
  if (window.__moonRefocus) return;
  window.__moonRefocus = true;
  document.addEventListener('click', (e) => {
    const cell = e.target instanceof Element ? e.target.closest('.moon-pick-cell[data-btn]') : null;
    const b = cell && document.querySelector('.st-key-' + cell.dataset.btn + ' button');
    if (b && !b.disabled) b.click();
  });
  const kept = new Set();
  document.addEventListener('toggle', (e) => {
    const d = e.target;
    if (!(d instanceof HTMLDetailsElement) || !d.dataset.keep) return;
    if (d.open) kept.add(d.dataset.keep); else kept.delete(d.dataset.keep);
  }, true);
  const reopen = () => {
    for (const d of document.querySelectorAll('details[data-keep]')) {
      if (!d.open && kept.has(d.dataset.keep)) d.open = true;
    }
  };
  // The first control of the learner's turn (a playable tile, "Pass" or the first bid, the
  // first trump to name, a tile to lay aside); at the end of a hand, the way on ("Deal the
  // next hand"). Never one of a turn already played, that a run has not taken away yet
  // (Streamlit marks its element stale).
  const fresh = (sel) => [...document.querySelectorAll(sel)].find(b => !b.closest('[data-stale="true"]'));
  const control = () => fresh('.st-key-table-hand button:enabled')
    || fresh('.st-key-next-hand button, .st-key-play-again button');
  const onHand = (e) => e instanceof Element && e.matches('.st-key-table-hand');
  const refocus = () => {
    const active = document.activeElement;
    const waiting = onHand(active);
    if (!waiting && active && active !== document.body && document.contains(active)) return;
    // While the computer players move, and while the learner's controls are not drawn yet,
    // the focus waits on the hand itself.
    const b = control();
    if (b) { b.focus({preventScroll: true}); return; }
    const hand = document.querySelector('.st-key-table-hand');
    if (hand && !waiting) { hand.setAttribute('tabindex', '-1'); hand.focus({preventScroll: true}); }
  };
  // After each run, until the table it drew has been looked at once: a loaded browser may draw
  // the table after the run has finished, so every change to the page looks again (in the next
  // frame). The learner's own scrolling (wheel, touch, keys, a press on the scroll bar) ends
  // the wait: the page never scrolls against the learner.
  let drawn = null, uncovering = false, uncoverFrame = 0;
  const tableNow = () => {
    const table = document.querySelector('.st-key-table-trick');
    const hand = document.querySelector('.st-key-table-hand');
    return table && hand ? table.innerHTML + hand.innerHTML : null;
  };
  const uncover = () => {
    if (!uncovering) return;
    const main = document.querySelector('[data-testid="stMain"]');
    const strip = document.querySelector('.st-key-table-status');
    const table = document.querySelector('.st-key-table-trick');
    const hand = document.querySelector('.st-key-table-hand');
    if (!main || !strip || !table || !hand) { drawn = null; return; }
    // a table still being drawn again (the run's old elements, marked stale, not taken away yet)
    if ([table, hand].some(e => e.closest('[data-stale="true"]') || e.querySelector('[data-stale="true"]'))) return;
    const now = tableNow();
    if (now === drawn) return;
    drawn = now;
    uncovering = false;
    const s = strip.getBoundingClientRect(), t = table.getBoundingClientRect(), h = hand.getBoundingClientRect();
    if (t.top < s.bottom && h.bottom > s.bottom) main.scrollBy({top: t.top - s.bottom, behavior: 'instant'});
  };
  const lookAgain = () => {
    if (uncovering && !uncoverFrame) uncoverFrame = requestAnimationFrame(() => { uncoverFrame = 0; uncover(); });
  };
  // (the table on screen then counts as looked at: a later run that leaves it as it is does
  // not scroll either)
  const learnerScrolls = () => { if (uncovering) { uncovering = false; drawn = tableNow(); } };
  for (const kind of __LEARNER_EVENTS__) {
    document.addEventListener(kind, learnerScrolls, {capture: true, passive: true});
  }
  // Automatic mode: the table drawn while a computer player is to move carries the class
  // moon-autoplay, and a run is always under way until the learner's turn. If the page stays
  // finished with that table for a while (a run of the table lost on its way: a click that
  // reached the server after the table was drawn anew), the hidden "carry on" button runs the
  // whole page, which draws the table again and lets the computer players go on. At most three
  // times for the same table: a table that does not change is left alone.
  let waited = null, tries = 0, lastTable = null;
  const carryOn = () => {
    waited = null;
    const app = document.querySelector('[data-testid="stApp"]');
    const table = document.querySelector('.moon-table.moon-autoplay');
    const b = document.querySelector('.st-key-play-carry-on button');
    if (!app || !table || !b || app.getAttribute('data-test-script-state') !== 'notRunning') return;
    if (table.outerHTML === lastTable) { if (++tries > 3) return; } else { tries = 1; lastTable = table.outerHTML; }
    b.click();
  };
  const watchAutoplay = () => {
    if (waited !== null) clearTimeout(waited);
    waited = document.querySelector('.moon-table.moon-autoplay') ? setTimeout(carryOn, 2500) : null;
  };
  // A "Why?" of the feed opened: its explanation (the ``feed-why`` box, drawn under the whole
  // feed) comes into sight, its first line just below the stuck status strip, unless that line
  // is on screen already. Once a box: the learner may scroll on from it.
  let explained = null;
  const reveal = () => {
    const main = document.querySelector('[data-testid="stMain"]');
    const box = document.querySelector('.st-key-feed-why');
    const head = box && box.querySelector('[data-testid="stMarkdownContainer"]');
    if (!box) { explained = null; return; }
    if (!main || !head || box.closest('[data-stale="true"]') || head.textContent === explained) return;
    explained = head.textContent;
    // below the strip when it is stuck (its top at the header's bottom) or the header alone
    const under = () => {
      const strip = document.querySelector('.st-key-table-status');
      const s = strip ? strip.getBoundingClientRect() : null;
      return s && s.bottom > 0 && s.top < 70 ? Math.max(s.bottom, 60) : 60;
    };
    const h = head.getBoundingClientRect();
    if (h.top >= under() && h.bottom <= window.innerHeight) return;
    // (stMain's scroll-padding-top keeps the box below the stuck strip)
    box.scrollIntoView({block: 'start', behavior: 'instant'});
    const covered = under() - head.getBoundingClientRect().top;
    if (covered > 0) main.scrollBy({top: -covered - 8, behavior: 'instant'});
  };
  // Each "Why?" of the feed is described by the feed's line of help for the keyboard (set
  // again as it takes the focus: a run may have drawn the button anew).
  const describe = (b) => { if (document.getElementById('moon-feed-keys')) b.setAttribute('aria-describedby', 'moon-feed-keys'); };
  const WHYS = '.st-key-feed-why-pick button';
  // What makes the feed long: an open explanation, or a finished hand's whole feed.
  const LONG_FEED = '.st-key-feed-why, .moon-feed-over';
  document.addEventListener('focusin', (e) => {
    if (e.target instanceof Element && e.target.matches(WHYS)) describe(e.target);
  });
  const describeAll = () => document.querySelectorAll(WHYS).forEach(describe);
  let besideFrame = 0;
  // On every change to the page: the "Why?" drawn described; and a loaded browser may draw the
  // learner's controls after the run has finished (and after refocus has looked): while the
  // focus waits on the hand, the first control drawn takes it.
  new MutationObserver(() => {
    describeAll();
    // an explanation closed in a run too short to show as running: no settled() after it
    if (!document.querySelector(LONG_FEED)) document.body.classList.remove('moon-why-beside');
    // a loaded browser may draw the long feed after every look settled() takes: look again
    // once the frame is drawn (the class changes no element, so this does not call itself)
    if (!besideFrame) besideFrame = requestAnimationFrame(() => { besideFrame = 0; beside(); });
    lookAgain();
    if (onHand(document.activeElement) && control()) refocus();
  })
    .observe(document.body, {childList: true, subtree: true, attributes: true, attributeFilter: ['disabled']});
  // An open explanation that makes the feed reach well below the table: what is below the
  // table moves up beside it (the play_table sheet). Neither the table's height nor the feed's
  // changes with that move, so the test gives the same answer after it.
  const beside = () => {
    const box = document.querySelector(LONG_FEED);
    const table = document.querySelector('.st-key-table-main');
    const feed = box && box.closest('[data-testid="stLayoutWrapper"]:has(.moon-feed)');
    const far = !!(feed && table && !box.closest('[data-stale="true"]')
      && feed.getBoundingClientRect().bottom - table.getBoundingClientRect().bottom > __BESIDE__);
    document.body.classList.toggle('moon-why-beside', far);
  };
  const settled = () => { reopen(); refocus(); uncover(); beside(); reveal(); watchAutoplay(); describeAll(); };
  const watch = () => {
    const app = document.querySelector('[data-testid="stApp"]');
    if (!app) { setTimeout(watch, 200); return; }
    new MutationObserver(() => {
      if (app.getAttribute('data-test-script-state') === 'notRunning') {
        uncovering = true;
        setTimeout(settled, 30);
        // A loaded browser may draw the run's last elements after the app says it finished:
        // look at the feed again (the table is looked at on every change, see uncover).
        setTimeout(() => { beside(); reveal(); }, 400);
        setTimeout(() => { beside(); reveal(); }, 1500);
      } else if (waited !== null) { clearTimeout(waited); waited = null; }
    }).observe(app, {attributes: true, attributeFilter: ['data-test-script-state']});
    uncovering = true;
    setTimeout(settled, 30);
  };
  watch();
})();
</script>"""


#: How far (CSS pixels) the feed with an open explanation may reach below the table before
#: what is below the table moves up beside it (see :data:`_FOCUS_JS`): a few lines' blank.
BESIDE_PX = 160


def table_styles() -> None:
    """The table's styles (with the phone layout)."""
    st.markdown(css.sheet("play_table"), unsafe_allow_html=True)


def carry_on_button() -> None:
    """The hidden button the page's script presses when the computer players' moves stopped
    in automatic mode (see :data:`_FOCUS_JS`): outside the table's fragment, its click runs
    the whole page, which draws the table again and carries the moves on."""
    st.button("Carry on", key="play-carry-on")


def refocus_hand() -> None:
    """Keep the keyboard in the hand and the table in sight: after a play, the focus comes back
    to the first playable tile, a click on a tile's picture plays it, and the stuck status strip
    never covers the table the learner is playing at (see :data:`_FOCUS_JS`)."""
    st.html(_FOCUS_JS.replace("__BESIDE__", str(BESIDE_PX)).replace("__LEARNER_EVENTS__", scroll.LEARNER_EVENTS),
            unsafe_allow_javascript=True, width="content")
