"""The live class on screen: the teacher's side on the presenter (start, the join screen with a
QR code, the answers counted live as a chart, who got it at the reveal, the class summary and
its CSV) and the students' page on their phones (join with the code and a name, answer with one
tap, see the reveal).

Every live state is in the store (``store.live``): the pages poll it (``st.fragment`` with
``run_every``), so several app servers on one database serve one class. The presenter's address
names the class by its public code (``/presenter?…&live=<code>``); the teacher's controls open
only in a browser holding the host token (kept in its session and a cookie, never in the address
a projector shows; only its hash is stored; a teacher link ``host=<token>`` is taken once and
leaves the address). A student's phone keeps its own token in its address (``/live?player=<token>``).
"""

from __future__ import annotations

import json
import os
from functools import lru_cache
from html import escape
from typing import Any

import streamlit as st

from engine import Tile, Trump
from engine.svg import tile_svg
from engine.words import count_words
from store import StoreUnavailable, live
from store.live import HostView, LiveError, LiveInfo, QuestionInfo
from store.names import cut_note
from tutorial.components import css, profile, state
from tutorial.components.presentation import asked, current, entry_show, item_of
from tutorial.services import live as logic
from tutorial.services.presenter import ItemShow
from tutorial.services.text import md_escape

#: The teacher's secret link parameter on the presenter, and the phone's own on /live.
HOST_PARAM = "host"
#: The live class a presenter shows, by its public join code (the controls need the host token).
LIVE_PARAM = "live"
PLAYER_PARAM = "player"
CODE_PARAM = "code"
#: How often the presenter and the phones look at the store (seconds).
HOST_EVERY = 1.0
PHONE_EVERY = 1.5
_DOWN = "The live class cannot reach its database just now; it tries again by itself."


def _param(name: str) -> str:
    raw = st.query_params.get(name, "")
    return str(raw)[:200] if raw else ""


def _configured_base() -> str:
    value = os.environ.get(logic.PUBLIC_URL_ENV, "")
    if not value:
        try:
            value = str(st.secrets.get(logic.PUBLIC_URL_ENV, "") or "")
        except Exception:  # no secrets file: the usual case
            value = ""
    return value


def public_base() -> str:
    """The address students' phones open (``MOON_PUBLIC_URL``, else what this browser shows)."""
    try:
        browser = str(st.context.url or "")
    except Exception:
        browser = ""
    return logic.public_base(_configured_base(), browser)


# -- the teacher's side (presenter) ---------------------------------------------------------------------
def _cookie_name(code: str) -> str:
    return f"moon_live_{code}"


def _saved_token(code: str) -> str:
    """The host token this browser keeps for the class ``code``: in this session, or in the
    cookie it set when it started (or opened) the class, so a reload keeps the controls."""
    kept = state.get(state.LIVE_TOKEN)
    if isinstance(kept, tuple) and kept[0] == code:
        return str(kept[1])
    try:
        return str(st.context.cookies.get(_cookie_name(code), "") or "")[:200]
    except Exception:  # no browser behind this session (a test run)
        return ""


def _keep_token(code: str, token: str) -> None:
    """Keep the host token in this session and in a cookie of this browser (never in the
    address, which a projector shows)."""
    state.put(state.LIVE_TOKEN, (code, token))


def _cookie_script() -> None:
    """Write the kept host token into this browser's cookie (once per class)."""
    kept = state.get(state.LIVE_TOKEN)
    if not isinstance(kept, tuple) or state.get(state.LIVE_COOKIE) == kept[0]:
        return
    code, token = kept
    cookie = f"{_cookie_name(code)}={token}; path=/; max-age={12 * 3600}; SameSite=Strict"
    st.html(f"<script>document.cookie = {json.dumps(cookie)};</script>", unsafe_allow_javascript=True)
    state.put(state.LIVE_COOKIE, code)


def host_session() -> LiveInfo | None:
    """The live class this presenter shows (``live=<code>`` in the address), when this
    browser holds its host token; ``None`` otherwise. A teacher link (``host=<token>``) is
    taken once and replaced in the address by the class's public code. A bad or unknown link
    gets a clear message (and no controls)."""
    link = _param(HOST_PARAM)
    code = _param(LIVE_PARAM).strip().upper()[:12]
    state.put(state.LIVE_HOST, None)
    if not link and not code:
        return None
    db = profile.store()
    if db is None:
        st.error("The live class cannot be opened: the database is not reachable.")
        return None
    token = link or _saved_token(code)
    try:
        info = live.find_by_host_token(db, token) if token else None
    except StoreUnavailable:
        st.warning(_DOWN, icon=":material/cloud_off:")
        return None
    if link:
        if info is None:
            st.error("This live-class link is unknown: it opens no class and no teacher controls. Use the link "
                     "from when you started the class, or start a new one.", icon=":material/link_off:")
            return None
        _keep_token(info.join_code, link)
        del st.query_params[HOST_PARAM]  # the secret leaves the address; the class's code stays
        st.query_params[LIVE_PARAM] = info.join_code
    elif info is None or info.join_code != code:
        st.info(f"This is the projector's address of the live class {md_escape(code)}. It opens only in the "
                "browser of the teacher who started it (its controls, and the hands that the projector hides "
                f"while a question is open). Students join on their phones at /live?code={md_escape(code)}.",
                icon=":material/lock:")
        st.stop()
    state.put(state.LIVE_HOST, info.id)
    return info


def _start() -> None:
    db = profile.store()
    if db is None:
        state.put(state.LIVE_MESSAGE, "A live class cannot start: the database is not reachable.")
        return
    p = current()
    try:
        info, token = live.start(db, p.title if p is not None else "")
    except StoreUnavailable:
        state.put(state.LIVE_MESSAGE, "A live class cannot start just now: the database is not reachable.")
        return
    _keep_token(info.join_code, token)
    st.query_params[LIVE_PARAM] = info.join_code
    state.put(state.LIVE_JOIN_SCREEN, True)
    state.put(state.LIVE_SYNCED, None)
    state.put(state.LIVE_SUMMARY, False)
    state.put(state.LIVE_NAMES, False)
    state.put(state.LIVE_CONFIRM_END, False)


def can_start(info: LiveInfo | None) -> bool:
    """Whether the presenter offers "Start a live class": no class in the address, or this
    browser's class has ended (a bad or foreign live link offers nothing)."""
    if info is None:
        return not _param(HOST_PARAM) and not _param(LIVE_PARAM)
    return not info.open


def start_button() -> None:
    """"Start a live class", in the row of the presenter's controls (a fragment: starting
    reruns the whole page, which then shows the join screen)."""
    msg = state.get(state.LIVE_MESSAGE)
    if msg:
        state.put(state.LIVE_MESSAGE, None)
        st.error(msg)
    if st.button("Start a live class", key="live-start", icon=":material/cell_tower:",
                 help="Students answer the questions on their phones; you see the answers come in. The "
                 "controls stay in this browser: the address shows only the class code, so it is safe to "
                 "project; the summary's names show only when you ask."):
        _start()
        st.rerun()


def sync(p: Any) -> None:
    """Put the presenter's question to the room, reveal it, or close it, when that changed
    since the last look (the presenter stays the one place the teacher steps)."""
    sid = state.get(state.LIVE_HOST)
    if not isinstance(sid, int) or p is None:
        return
    s = p.stepper
    q = None
    try:
        q = asked(p)
    except Exception:  # an entry that cannot be shown: nothing to ask
        q = None
    ref = None
    if q is not None:
        kind = "move" if not isinstance(q, ItemShow) else q.kind
        ref = logic.question_ref(p.source, s.slide.entry, s.slide.count, kind)
    key = (sid, ref, bool(ref and s.revealed))
    if state.get(state.LIVE_SYNCED) == key:
        return
    db = profile.store()
    if db is None:
        return
    try:
        if q is None or ref is None:
            live.close(db, sid)
        else:
            if isinstance(q, ItemShow):
                assert p.deck is not None
                spec = logic.item_spec(q, item_of(p.deck.entries[s.slide.entry]), ref)
            else:
                show = p.hand if p.hand is not None else entry_show(p, s.slide.entry)
                assert not isinstance(show, ItemShow)
                spec = logic.move_spec(q, show.scenes[q.count], ref)
            live.ask(db, sid, spec)
            if s.revealed:
                live.reveal(db, sid)
    except LiveError:
        pass  # the class has ended: the panel says so
    except StoreUnavailable:
        return  # tried again on the next look
    state.put(state.LIVE_SYNCED, key)


def _join_html(info: LiveInfo, big: bool, players: int) -> str:
    base = public_base()
    url = logic.join_url(base, info.join_code) if base else f"/live?code={info.join_code}"
    qr = logic.qr_svg(url)
    warn = ""
    if base and logic.unreachable_host(base):
        addr = logic.local_address()
        hint = f" such as http://{addr}:{st.get_option('server.port')}" if addr else ""
        warn = (f'<div class="live-warn">Phones cannot open “{escape(base)}”: it is this computer\'s own name. '
                f"Open the app by its network address{escape(hint)}, or set {logic.PUBLIC_URL_ENV}.</div>")
    joined = f"{players} student{'s' if players != 1 else ''} joined"
    label = f'role="img" aria-label="QR code of {escape(url)}"'
    qr = qr.replace("<svg ", f"<svg {label} ", 1)
    if big:
        return (f'<div class="live-join-big" data-code="{escape(info.join_code)}"><div class="live-qr">{qr}</div>'
                f'<div class="live-text"><div class="live-title">Join the live class on your phone</div>'
                f"<div>Scan the QR code, or open</div>"
                f'<div class="live-url">{escape(url.split("?")[0])}</div><div>and type the code</div>'
                f'<div class="live-code">{escape(info.join_code)}</div>'
                f'<div class="live-count" data-players="{players}">{joined}</div>{warn}</div></div>')
    return (f'<div class="live-join-line" data-code="{escape(info.join_code)}">{qr}<div>'
            f'<div>Join: <span class="live-url">{escape(url.split("?")[0])}</span></div>'
            f'<div class="live-code">{escape(info.join_code)}</div>'
            f'<div class="live-wait" data-players="{players}">{joined}</div></div></div>{warn}')


def chart_html(view: HostView, names: bool = False) -> str:
    """The answers so far: how many answered (of how many joined) and a bar per choice; after
    the reveal how many got it, and who only when the teacher shows the results to the class
    (``names``): nothing personal reaches the projector unasked."""
    q = view.question
    if q is None:
        return ""
    rows = logic.chart_rows(q.choices, view.counts, q.right, revealed=q.revealed)
    bars = "".join(
        f'<div class="live-bar{" live-right" if r.right else ""}" data-value="{escape(r.value)}" data-n="{r.count}">'
        f'<span class="live-lab">{"✓ " if r.right else ""}{escape(r.label)}</span>'
        f'<span class="live-track"><span class="live-fill" style="width:{r.share * 100:.1f}%"></span></span>'
        f'<span class="live-n">{r.count}</span></div>'
        for r in rows)
    head = (f'<div class="live-count"><b>{view.answered}</b> of {view.players} answered'
            + (" · closed" if q.closed and not q.revealed else "") + "</div>")
    said = ""
    if q.revealed:
        right = view.right_names if names else []
        shown = ", ".join(escape(n) for n in right[:24]) + (f" and {len(right) - 24} more" if len(right) > 24 else "")
        said = (f'<div class="live-names"><b>Right: {len(view.right_names)} of {view.answered}</b>'
                + (f" — {shown}" if right else "") + "</div>")
        said += "".join(f'<div class="live-illegal" data-value="{escape(r.value)}">{escape(why)}</div>'
                        for r in rows if r.count and (why := logic.illegal_reason(q.view, r.value)))
    return (f'<div class="live-host live-chart" role="figure" aria-label="Answers so far" data-answered="{view.answered}" '
            f'data-players="{view.players}" data-revealed="{int(q.revealed)}" data-question="{q.seq}">'
            f"{head}{bars}{said}</div>")


def _toggle(key: str) -> None:
    state.put(key, not bool(state.get(key)))


def _end(sid: int) -> None:
    state.put(state.LIVE_CONFIRM_END, False)
    db = profile.store()
    if db is None:
        return
    try:
        live.end(db, sid)
    except StoreUnavailable:
        state.put(state.LIVE_MESSAGE, "The live class could not be ended just now; try again.")


def _open_summary() -> None:
    state.put(state.LIVE_SUMMARY, True)
    state.put(state.LIVE_NAMES, False)


@st.fragment(run_every=HOST_EVERY)
def _host_live(sid: int) -> None:
    sync(current())
    db = profile.store()
    if db is None:
        return
    try:
        view = live.host_view(db, sid)
    except StoreUnavailable:
        st.warning(_DOWN, icon=":material/cloud_off:")
        return
    if view is None:
        return
    if state.get(state.LIVE_JOIN_SCREEN):
        with st.container(key="live-join-screen"):
            st.markdown(_join_html(view.session, True, view.players), unsafe_allow_html=True)
            st.button("Close: start the questions", key="live-join-close", type="primary",
                      on_click=_toggle, args=(state.LIVE_JOIN_SCREEN,), icon=":material/close:")
        return
    with st.container(key="live-panel"):
        if view.question is not None:
            st.markdown(chart_html(view, bool(state.get(state.LIVE_NAMES))), unsafe_allow_html=True)
        else:
            st.markdown('<div class="live-host">' + _join_html(view.session, False, view.players) + "</div>",
                        unsafe_allow_html=True)
        with st.container(horizontal=True):
            st.button("Join screen", key="live-join-open", on_click=_toggle, args=(state.LIVE_JOIN_SCREEN,),
                      icon=":material/qr_code_2:")
            if st.button("Class summary", key="live-summary-open", icon=":material/summarize:",
                         help="Opens in your view: the students' names and scores stay hidden until you show them."):
                _open_summary()
                st.rerun()
            if not state.get(state.LIVE_CONFIRM_END):
                st.button("End", key="live-end", icon=":material/stop_circle:", on_click=_toggle,
                          args=(state.LIVE_CONFIRM_END,), help="End the live class (asks first).")
        if state.get(state.LIVE_CONFIRM_END):
            st.markdown('<div class="live-host">End the live class? Its code opens nothing more and phones can no '
                        "longer answer; the presentation stays on screen.</div>", unsafe_allow_html=True)
            with st.container(horizontal=True):
                if st.button("Yes, end the class", key="live-end-yes", type="primary", icon=":material/stop_circle:"):
                    _end(sid)
                    st.rerun()
                st.button("Cancel", key="live-end-no", on_click=_toggle, args=(state.LIVE_CONFIRM_END,))


def host_panel(info: LiveInfo | None) -> None:
    """The presenter's live part: the live panel of this browser's class (the join screen, the
    answers chart, End after a question), or its end ("Start a live class" is in the row of
    the presenter's controls: :func:`start_button`)."""
    st.markdown(css.sheet("live_host"), unsafe_allow_html=True)
    _cookie_script()
    if info is None:
        return
    if not info.open:
        with st.container(key="live-ended-msg"):
            st.info("This live class has ended: its code opens nothing more. Start a new one for another class.",
                    icon=":material/stop_circle:")
        if not summary_open():
            with st.container(key="live-ended-bar", horizontal=True):
                st.button("Class summary", key="live-summary-open", icon=":material/summarize:",
                          on_click=_open_summary, help="Opens in your view: names and scores stay hidden until "
                          "you show them.")
        return
    if summary_open():
        return
    _host_live(info.id)


def summary_open() -> bool:
    """True while the teacher looks at the class summary (instead of the stage)."""
    return bool(state.get(state.LIVE_SUMMARY))


def summary(info: LiveInfo) -> None:
    """The class summary: per question, the CSV to download, and, only when the teacher asks
    ("Show the results to the class"), each student's name and score."""
    db = profile.store()
    if db is None:
        st.error("The summary cannot be read: the database is not reachable.")
        return
    try:
        board = live.summary(db, info.id)
    except (StoreUnavailable, LiveError):
        st.error("The summary cannot be read just now; try again in a minute.")
        return
    names = bool(state.get(state.LIVE_NAMES))
    with st.container(key="live-summary"):
        st.markdown(f"## Class summary: {md_escape(info.title)}")
        st.markdown(f"{count_words(len(board.students), 'student')} · {count_words(board.questions, 'question')} asked")
        with st.container(horizontal=True):
            st.button("Back to the presentation", key="live-summary-close", type="primary", on_click=_toggle,
                      args=(state.LIVE_SUMMARY,), icon=":material/arrow_back:")
            st.download_button("Students (CSV)", live.summary_csv(board),
                               file_name=f"live-{info.join_code}-students.csv", mime="text/csv", key="live-csv",
                               icon=":material/download:", on_click="ignore",
                               help="One row per student: answered, right, and the questions asked while "
                                    "they were in the class.")
            st.download_button("Questions (CSV)", live.questions_csv(board),
                               file_name=f"live-{info.join_code}-questions.csv", mime="text/csv",
                               key="live-csv-questions", icon=":material/download:", on_click="ignore",
                               help="One row per question: its answer, how many got it, every wrong answer.")
            st.button("Hide the students' results" if names else "Show the results to the class",
                      key="live-names", on_click=_toggle, args=(state.LIVE_NAMES,),
                      icon=":material/visibility_off:" if names else ":material/visibility:",
                      help="Each student's name and score, on the screen the room sees.")
        st.markdown("### Per question")
        if board.per_question:
            st.markdown(_table(["#", "Question", "Answer", "Right", "Wrong answers"],
                               [[str(q["number"]), q["prompt"], q["answer"], f"{q['right']} of {q['answered']}",
                                 "; ".join(f"{lab} (×{n})" for lab, n in q["wrong"]) or "—"]
                                for q in board.per_question], "live-questions"), unsafe_allow_html=True)
        else:
            st.caption("No question was asked.")
        st.markdown("### Per student")
        if not names:
            st.caption("Hidden: the students' names and scores show only when you press "
                       "**Show the results to the class** (or in the CSV).")
        elif board.students:
            st.markdown(_table(["Student", "Right", "Answered"],
                               [[x["name"], f"{x['right']} of {x['asked']}", str(x["answered"])]
                                for x in board.students], "live-students"), unsafe_allow_html=True)
            st.caption("Each student is scored out of the questions asked while they were in the class.")
        else:
            st.caption("No student joined.")


def _table(head: list[str], rows: list[list[str]], name: str) -> str:
    th = "".join(f"<th>{escape(h)}</th>" for h in head)
    body = "".join("<tr>" + "".join(f"<td>{escape(c)}</td>" for c in r) + "</tr>" for r in rows)
    return f'<table class="live-table" data-name="{name}"><thead><tr>{th}</tr></thead><tbody>{body}</tbody></table>'


# -- the students' side (phone) --------------------------------------------------------------------------


@lru_cache(maxsize=256)
def _tiles_html(tiles: tuple[str, ...], trump: str | None, mark: bool, label: str,
                captions: tuple[str, ...] = ()) -> str:
    tr = Trump.parse(trump) if trump else None
    cells = []
    for i, text in enumerate(tiles):
        t = Tile.parse(text)
        pic = tile_svg(t, scale=1.0, trump=bool(mark and tr is not None and tr.is_trump(t)))
        cap = f"<span>{escape(captions[i])}</span>" if i < len(captions) and captions[i] else ""
        cells.append(f'<div class="live-cell">{pic}{cap}</div>')
    return f'<div class="live-tiles" role="group" aria-label="{escape(label)}">{"".join(cells)}</div>'


def question_html(q: QuestionInfo) -> str:
    """What the phone draws of a question: the tiles the question is about, then the prompt."""
    v = q.view
    trump = v.get("trump") if isinstance(v.get("trump"), str) else None
    mark = bool(v.get("mark_trumps", True))
    parts = []
    try:
        if trump and mark:
            parts.append(f'<div><span class="live-k">Trump:</span> {escape(Trump.parse(trump).name)}'
                         + (f' · {escape(str(v.get("contract")))}' if v.get("contract") else "") + "</div>")
        trick = [(int(s), str(t)) for s, t in v.get("trick") or []]
        if trick:
            parts.append("<div class='live-k'>The trick so far</div>" + _tiles_html(
                tuple(t for _, t in trick), trump, mark, "The trick so far",
                tuple(f"Seat {s}" if s >= 0 else "" for s, _ in trick)))
        if v.get("hand"):
            seat = v.get("seat")
            parts.append(f"<div class='live-k'>Seat {escape(str(seat))}'s hand</div>"
                         + _tiles_html(tuple(str(t) for t in v["hand"]), trump, mark, f"Seat {seat}'s hand"))
        for seat, tiles in v.get("hands") or []:
            parts.append(f"<div class='live-k'>Seat {escape(str(seat))}</div>"
                         + _tiles_html(tuple(str(t) for t in tiles), trump, mark, f"Seat {seat}'s tiles"))
        if v.get("tiles"):
            parts.append(_tiles_html(tuple(str(t) for t in v["tiles"]), trump, mark, "The tiles"))
    except (ValueError, TypeError):
        parts = []  # a drawing that cannot be made: the question's words are enough
    intro = f"<p>{escape(str(v.get('intro')))}</p>" if v.get("intro") else ""
    return (f'<div class="live-phone" data-question="{q.seq}">{"".join(parts)}{intro}'
            f"<h3>{escape(q.prompt)}</h3></div>")


def _answer(token: str, qid: int, value: str) -> None:
    db = profile.store()
    if db is None:
        state.put(state.LIVE_MESSAGE, "Your answer could not be sent: the database is not reachable. Tap again.")
        return
    try:
        live.answer(db, token, qid, value)
    except LiveError as e:
        if str(e).startswith("Too late"):
            state.put(state.LIVE_LATE, qid)  # the reveal (or the close) came first: said with it
        else:
            state.put(state.LIVE_MESSAGE, str(e))
    except StoreUnavailable:
        state.put(state.LIVE_MESSAGE, "Your answer could not be sent just now. Tap again.")


@st.fragment(run_every=PHONE_EVERY)
def _phone(token: str) -> None:
    db = profile.store()
    if db is None:
        st.error("The live class cannot be reached: the database is not reachable.")
        return
    try:
        view = live.student_view(db, token)
    except StoreUnavailable:
        st.warning(_DOWN, icon=":material/cloud_off:")
        return
    if view is None:
        st.error("This phone's place in the live class is unknown. Join again with the code on the board.")
        return
    number = f" · question {view.question.seq}" if view.question is not None else ""
    # Not the presentation's title: it names the deal, which a student could open elsewhere
    # and step through to the answer.
    # The class's code, as on the board, so a student in the wrong class sees it at once.
    st.markdown(f'<div class="live-phone"><div class="live-who">You are <b>{escape(view.player.name)}</b> in '
                f'class <span class="live-who-code">{escape(view.session.join_code)}</span>{number}</div></div>',
                unsafe_allow_html=True)
    msg = state.get(state.LIVE_MESSAGE)
    if msg:
        state.put(state.LIVE_MESSAGE, None)
        st.warning(md_escape(str(msg)))
    if not view.session.open:
        st.info("This live class has ended. Thank you for taking part!", icon=":material/celebration:")
        return
    q = view.question
    if q is None:
        st.markdown('<div class="live-phone live-waiting"><h3>Waiting for the next question…</h3>'
                    "<p>Look at the board: the question comes here when your teacher asks it.</p></div>",
                    unsafe_allow_html=True)
        return
    st.markdown(question_html(q), unsafe_allow_html=True)
    if q.revealed:
        if view.mine is None and state.get(state.LIVE_LATE) == q.id:
            got = ('<div class="live-got live-no live-late">Your answer came too late: the answer had already '
                   "been revealed, so it was not counted.</div>")
        elif view.mine is None:
            got = '<div class="live-got live-no">You did not answer this one.</div>'
        elif view.correct:
            got = f'<div class="live-got live-ok">Right! You answered {escape(q.label(view.mine))}.</div>'
        else:
            got = (f'<div class="live-got live-no">Not this time: you answered {escape(q.label(view.mine))}.'
                   "</div>")
            why = logic.illegal_reason(q.view, view.mine)
            if why:
                got += f'<p class="live-illegal">{escape(why)}</p>'
        st.markdown(f'<div class="live-phone live-revealed">{got}<p><b>The answer: {escape(q.answer_label)}</b></p>'
                    f'<p class="live-reason">{escape(q.reason)}</p></div>', unsafe_allow_html=True)
        return
    if view.mine is not None:
        st.markdown(f'<div class="live-phone"><div class="live-got live-sent">Answer received: '
                    f"{escape(q.label(view.mine))}. Wait for the reveal.</div></div>", unsafe_allow_html=True)
        return
    if q.closed:
        st.info("Your answer came too late: answers for this question are closed." if state.get(state.LIVE_LATE) == q.id
                else "Answers for this question are closed.")
        return
    with st.container(key="live-choices"):
        for i, (value, label) in enumerate(q.choices):
            st.button(label, key=f"live-choice-{i}", on_click=_answer, args=(token, q.id, value),
                      width="stretch")


def _join() -> None:
    db = profile.store()
    code = str(st.session_state.get("live-code", ""))
    name = str(st.session_state.get("live-name", ""))
    if db is None:
        state.put(state.LIVE_MESSAGE, "The live class cannot be joined: the database is not reachable.")
        return
    try:
        # The phone's profile (made now if it has none) brings the student back to their own
        # place, answers and all, when they join again from this browser or their personal link.
        player, token = live.join(db, code, name, learner_id=profile.ensure())
    except LiveError as e:
        state.put(state.LIVE_MESSAGE, str(e))
        return
    except StoreUnavailable:
        state.put(state.LIVE_MESSAGE, "The live class cannot be joined just now: try again in a minute.")
        return
    state.put(state.LIVE_PLAYER, token)
    st.query_params[PLAYER_PARAM] = token
    if CODE_PARAM in st.query_params:
        del st.query_params[CODE_PARAM]
    state.put(state.LIVE_MESSAGE, cut_note(name).strip() or None)
    st.toast(f"Welcome, {md_escape(player.name)}!", icon=":material/waving_hand:")


def _leave() -> None:
    db = profile.store()
    if db is not None:
        try:
            live.leave(db, _param(PLAYER_PARAM) or state.get(state.LIVE_PLAYER))
        except StoreUnavailable:
            pass  # the phone leaves anyway; the room counts it until the class ends
    state.put(state.LIVE_PLAYER, None)
    state.put(state.LIVE_LEAVING, False)
    if PLAYER_PARAM in st.query_params:
        del st.query_params[PLAYER_PARAM]


def _leave_box() -> None:
    """"Leave this class", away from the answers and asked first: a student who leaves by
    mistake joins again from this phone with the code and gets their place back."""
    st.divider()
    with st.container(key="live-leave-box"):
        if not state.get(state.LIVE_LEAVING):
            st.button("Leave this class", key="live-leave", on_click=state.put, args=(state.LIVE_LEAVING, True),
                      icon=":material/logout:")
            return
        st.warning("Leave the live class? Your answers stay in it: join again from this phone with the code on "
                   "the board to take your place back, or from another phone with your personal link below.")
        token = profile.link_token()
        if token:
            st.caption("Your personal link (keep it to yourself): open it on another phone, then join with the "
                       "code and your name.")
            st.code(profile.personal_link(token), language=None, wrap_lines=True)
        with st.container(horizontal=True):
            st.button("Yes, leave", key="live-leave-yes", on_click=_leave, icon=":material/logout:")
            st.button("Stay", key="live-leave-no", type="primary", on_click=state.put,
                      args=(state.LIVE_LEAVING, False))


def _profile_name() -> str:
    db, lid = profile.store(), profile.learner_id()
    if db is None or lid is None:
        return ""
    from store import learners

    try:
        info = learners.get(db, lid)
    except StoreUnavailable:
        return ""
    return info.name if info is not None else ""


def join_form() -> None:
    """Join with the code on the board (filled in from a scanned link) and a name."""
    code = _param(CODE_PARAM)
    if "live-code" not in st.session_state:
        st.session_state["live-code"] = code[:12]
    if "live-name" not in st.session_state:
        st.session_state["live-name"] = _profile_name()
    with st.form("live-join", border=True):
        st.text_input("Code on the board", max_chars=12, key="live-code", placeholder="e.g. K7M3QA")
        # No max_chars: a browser's limit drops a longer pasted name; it is cut to 40 and said so.
        st.text_input("Your name (your teacher sees it)", key="live-name",
                      help="At most 40 characters: a longer name is cut.")
        st.form_submit_button("Join", type="primary", on_click=_join, icon=":material/login:",
                              width="stretch")
    msg = state.get(state.LIVE_MESSAGE)
    if msg:
        state.put(state.LIVE_MESSAGE, None)
        st.error(md_escape(str(msg)))


def _known(token: str) -> bool:
    db = profile.store()
    if db is None:
        return True  # the fragment says the database is away
    try:
        return live.player_by_token(db, token) is not None
    except StoreUnavailable:
        return True


def student_page() -> None:
    """The phone's page: the join form, or the live question."""
    st.markdown(css.sheet("live_phone"), unsafe_allow_html=True)
    token = _param(PLAYER_PARAM) or str(state.get(state.LIVE_PLAYER) or "")
    if token and not _known(token):
        _leave()
        st.error("This link's place in a live class is unknown (or the class has been cleared). Join with the "
                 "code on the board.", icon=":material/link_off:")
        token = ""
    if token:
        if _param(PLAYER_PARAM) != token:
            st.query_params[PLAYER_PARAM] = token  # a refresh keeps the place
        _phone(token)
        _leave_box()
    else:
        join_form()


__all__ = ["can_start", "chart_html", "host_panel", "host_session", "public_base", "question_html", "start_button",
           "student_page", "summary", "summary_open", "sync"]
