"""The live class's teacher side, on the presenter: start a class, the join screen (QR code),
how many answered, the spread of answers and how many got it at the reveal, the class summary
(names only when the teacher shows them) and its CSV. The
controls open only in the browser holding the class's host token (see :mod:`tutorial.components.live`)."""

from __future__ import annotations

import json
from datetime import datetime

import streamlit as st

from engine.words import count_words
from store import StoreUnavailable, live
from store.live import LiveError, LiveInfo
from store.models import now
from tutorial.components import css, profile, state
from tutorial.components.live import DOWN, public_base
from tutorial.components.presentation import (
    Presentation,
    asked,
    current,
    entry_show,
    item_of,
    live_title,
    numbers_move,
    room_title,
)
from tutorial.services import live as logic
from tutorial.services.live_html import (
    chart_html,
    join_html,
    join_small_html,
    table_html,
    unreachable_html,
    unreachable_text,
)
from tutorial.services.presenter import ItemShow, Question
from tutorial.services.presenter_html import numbers_table_html
from tutorial.services.text import md_escape
from tutorial.services.urlstate import LiveLink

#: How often the presenter looks at the store (seconds).
HOST_EVERY = 1.0
#: The panel on a slide whose answer was shown before the live class could answer it: no chart.
UNASKED = ("Not asked in this live class: its answer was already shown. The phones wait for the next "
           "question.")


def _address() -> LiveLink:
    return LiveLink.parse(st.query_params.to_dict())


def _write(link: LiveLink) -> None:
    """Put ``link`` in the address (only the live class's parameters change)."""
    state.write_address(LiveLink.PARAMS, link.to_query())


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
    held = state.get(state.LIVE_HELD)
    state.put(state.LIVE_HELD, (*(held if isinstance(held, tuple) else ()), token))


def _held_tokens() -> list[str]:
    """The host tokens of every live class this browser started or opened: this session's and
    its cookies' (a class started in another tab, or before a reload)."""
    held = state.get(state.LIVE_HELD)
    tokens = [str(t) for t in held] if isinstance(held, tuple) else []
    try:
        cookies = dict(st.context.cookies)
    except Exception:  # no browser behind this session (a test run)
        cookies = {}
    tokens += [str(v)[:200] for k, v in cookies.items() if k.startswith(_cookie_name(""))]
    return tokens


def _cookie_script() -> None:
    """Write the kept host token into this browser's cookie (once per class)."""
    kept = state.get(state.LIVE_TOKEN)
    if not isinstance(kept, tuple) or state.get(state.LIVE_COOKIE) == kept[0]:
        return
    code, token = kept
    cookie = f"{_cookie_name(code)}={token}; path=/; max-age={12 * 3600}; SameSite=Strict"
    st.html(f"<script>document.cookie = {json.dumps(cookie)};</script>", unsafe_allow_javascript=True)
    state.put(state.LIVE_COOKIE, code)


def _status(code: str) -> str:
    """What the live class with this code is: ``"open"``, ``"ended"`` (or expired) or
    ``"none"`` (no live class has this code); ``"open"`` when the store cannot tell."""
    db = profile.store()
    if db is None:
        return "open"
    try:
        live.open_by_code(db, code)
    except LiveError as e:
        return "ended" if "has ended" in str(e) else "none"
    except StoreUnavailable:
        return "open"
    return "open"


def _start_here() -> None:
    """Start a new live class on this slide, in place of a code that opens none."""
    _drop_live()
    _start()


def _drop_live() -> None:
    """The presenter's address without the live class's parameters: the slide alone."""
    for k in LiveLink.PARAMS:
        if k in st.query_params:
            del st.query_params[k]


def host_session() -> LiveInfo | None:
    """The live class this presenter shows (``live=<code>`` in the address), when this
    browser holds its host token; ``None`` otherwise. A teacher link (``host=<token>``) is
    taken once and replaced in the address by the class's public code. A bad or unknown link
    gets a clear message (and no controls)."""
    address = _address()
    link, code = address.host, address.live
    state.put(state.LIVE_HOST, None)
    state.put(state.LIVE_HOST_OPEN, False)
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
        st.warning(DOWN, icon=":material/cloud_off:")
        return None
    if link:
        if info is None:
            st.error("This live-class link is unknown: it opens no class and no teacher controls. Use the link "
                     "from when you started the class, or start a new one.", icon=":material/link_off:")
            return None
        _keep_token(info.join_code, link)
        _write(LiveLink(info.join_code))  # the secret leaves the address; the class's code stays
    elif info is None or info.join_code != code:
        status = _status(code)
        if status == "none":  # a made-up or mistyped code: say so, as the phone's page does
            st.warning(f"No live class has the code {md_escape(code)}: this address opens no class. Start one "
                       "on this slide, or open the slide without a live class.", icon=":material/link_off:")
            with st.container(horizontal=True):
                st.button("Start a live class", key="live-none-start", on_click=_start_here,
                          icon=":material/cell_tower:")
                st.button("Open this slide without a live class", key="live-none-plain", on_click=_drop_live,
                          icon=":material/co_present:")
            st.stop()
        if status == "ended":  # nothing secret is left: the slide itself, without the class
            st.info(f"The live class {md_escape(code)} has ended: its code opens nothing more.",
                    icon=":material/event_busy:")
            # A button, not a link to this same page: the link kept the class's code in the address.
            st.button("Open this slide without the live class", key="live-ended-plain", on_click=_drop_live,
                      icon=":material/co_present:")
            st.stop()
        st.info(f"This is the projector's address of the live class {md_escape(code)}. It opens only in the "
                "browser of the teacher who started it (its controls, and the hands that the projector hides "
                f"while a question is open). Students join on their phones at /live?code={md_escape(code)}.",
                icon=":material/lock:")
        st.stop()
    state.put(state.LIVE_HOST, info.id)
    state.put(state.LIVE_HOST_OPEN, info.open)
    return info


def _start() -> None:
    db = profile.store()
    if db is None:
        state.put(state.LIVE_MESSAGE, "A live class cannot start: the database is not reachable.")
        return
    p = current()
    try:
        info, token = live.start(db, live_title(p), ending=_held_tokens())
    except StoreUnavailable:
        state.put(state.LIVE_MESSAGE, "A live class cannot start just now: the database is not reachable.")
        return
    _keep_token(info.join_code, token)
    _write(LiveLink(info.join_code))
    state.put(state.LIVE_JOIN_SCREEN, True)
    state.put(state.LIVE_SYNCED, None)
    state.put(state.LIVE_UNASKED, False)
    state.put(state.LIVE_SUMMARY, False)
    state.put(state.LIVE_NAMES, False)
    state.put(state.LIVE_CONFIRM_END, False)


def can_start(info: LiveInfo | None) -> bool:
    """Whether the presenter offers "Start a live class": no class in the address, or this
    browser's class has ended (a bad or foreign live link offers nothing)."""
    if info is None:
        return _address() == LiveLink()
    return not info.open


def start_button() -> None:
    """"Start a live class", in the row of the presenter's controls (a fragment: starting
    reruns the whole page, which then shows the join screen)."""
    msg = state.get(state.LIVE_MESSAGE)
    if msg:
        state.put(state.LIVE_MESSAGE, None)
        st.error(msg)
    # Said to the teacher on the button they start with, and in a small line under the join screen.
    warn = unreachable_text(public_base(), st.get_option("server.port"))
    if st.button("Start a live class", key="live-start", icon=":material/cell_tower:",
                 help=(f"**{md_escape(warn)}**\n\n" if warn else "")
                 + "Students answer the questions on their phones; you see the answers come in. The "
                 "controls stay in this browser: the address shows only the class code, so it is safe to "
                 "project; the summary's names show only when you ask."):
        _start()
        st.rerun()


def _asked_ref(p: Presentation) -> tuple[Question | ItemShow | None, str | None]:
    """The question the presenter's slide asks, if any, and its name in the live class."""
    try:
        q = asked(p)
    except Exception:  # an entry that cannot be shown: nothing to ask
        return None, None
    if q is None:
        return None, None
    kind = "move" if not isinstance(q, ItemShow) else q.kind
    return q, logic.question_ref(p.source, p.stepper.slide.entry, p.stepper.slide.count, kind)


def revealed_answers(p: Presentation | None) -> dict[str, int] | None:
    """How many students of this browser's live class chose each answer to the question on
    the presenter's slide, once it is revealed (call after :func:`sync`, which closes its
    answers); ``None`` with no class, before the reveal, or for a slide the class was not
    asked."""
    sid = state.get(state.LIVE_HOST)
    if not isinstance(sid, int) or p is None or not p.stepper.revealed or state.get(state.LIVE_UNASKED):
        return None
    _q, ref = _asked_ref(p)
    db = profile.store()
    if ref is None or db is None:
        return None
    try:
        view = live.host_view(db, sid)
    except StoreUnavailable:
        return None
    if view is None or view.question is None or view.question.ref != ref or not view.question.revealed:
        return None
    return dict(view.counts)


def sync(p: Presentation | None) -> bool:
    """Put the presenter's question to the room, reveal it, or close it, when that changed
    since the last look (the presenter stays the one place the teacher steps). True when the
    presenter's slide asks a question. A slide whose answer is shown and that this class was
    never asked (the class started on it) is not asked: no chart of zeros beside its answer."""
    sid = state.get(state.LIVE_HOST)
    if not isinstance(sid, int) or p is None:
        return False
    s = p.stepper
    q, ref = _asked_ref(p)
    key = (sid, ref, bool(ref and s.revealed))
    if state.get(state.LIVE_SYNCED) == key:
        return ref is not None and not state.get(state.LIVE_UNASKED)
    db = profile.store()
    if db is None:
        return ref is not None
    unasked = False
    try:
        if q is not None and ref is not None and s.revealed and not live.was_asked(db, sid, ref):
            unasked = True  # its answer was on screen before the class could answer it
            live.close(db, sid)
        elif q is None or ref is None:
            live.close(db, sid)
        else:
            if isinstance(q, ItemShow):
                assert p.deck is not None
                spec = logic.item_spec(q, item_of(p.deck.entries[s.slide.entry]), ref)
            else:
                show = p.hand if p.hand is not None else entry_show(p, s.slide.entry)
                assert not isinstance(show, ItemShow)
                spec = logic.move_spec(q, show.scenes[q.count], ref, show.heading, show.deal_id)
            # Face down again after its reveal: a new question (a fresh chart, the phones answer).
            live.ask(db, sid, spec, anew=not s.revealed)
            if s.revealed:
                live.reveal(db, sid)
    except LiveError:
        pass  # the class has ended: the panel says so
    except StoreUnavailable:
        return ref is not None  # tried again on the next look
    state.put(state.LIVE_SYNCED, key)
    state.put(state.LIVE_UNASKED, unasked)
    return ref is not None and not unasked


def _set(key: str, value: bool) -> None:
    """A button's callback: ``key`` set to ``value``, the state the button asks for (not
    flipped), so the callback acting twice for one click leaves the same state. It can: on a
    busy page, the panel's timer (:data:`HOST_EVERY`) may send its run request, with the
    click's trigger in it, before the click's own request, and each run calls the callback."""
    state.put(key, value)


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


def _close_summary() -> None:
    """Back to the presentation: the results shown were the summary's only (the live panel
    names nobody), and hidden again when it next opens."""
    state.put(state.LIVE_SUMMARY, False)
    state.put(state.LIVE_NAMES, False)


def _join(info: LiveInfo, big: bool, players: int) -> str:
    return join_html(info, big, players, public_base())


@st.fragment(run_every=HOST_EVERY)
def _host_live(sid: int) -> None:
    asking = sync(current())
    db = profile.store()
    if db is None:
        return
    try:
        view = live.host_view(db, sid)
    except StoreUnavailable:
        st.warning(DOWN, icon=":material/cloud_off:")
        return
    if view is None:
        return
    if state.get(state.LIVE_JOIN_SCREEN):
        with st.container(key="live-join-screen"):
            st.markdown(_join(view.session, True, view.players), unsafe_allow_html=True)
            # For the teacher, in a small line under the way in: an address phones cannot open,
            # and how to give them one (the room reads the QR code, the address and the code).
            if warn := unreachable_html(public_base(), st.get_option("server.port")):
                st.markdown(warn, unsafe_allow_html=True)
            st.button("Close: start the questions", key="live-join-close", type="primary",
                      on_click=_set, args=(state.LIVE_JOIN_SCREEN, False), icon=":material/close:")
        return
    with st.container(key="live-panel"):
        if state.get(state.LIVE_CONFIRM_END):
            _confirm_end(sid)
            return
        # A slide that asks nothing (a note, a move not asked) shows how to join, not the last
        # question's chart, which the class would read as this slide's.
        if view.question is not None and asking:
            # Why a chosen legal tile is worse: the stage's words say it for every such tile.
            st.markdown(chart_html(view, worse=False)
                        + join_small_html(view.session, public_base()), unsafe_allow_html=True)
        else:
            if state.get(state.LIVE_UNASKED):
                st.markdown(f'<div class="live-host live-unasked">{UNASKED}</div>', unsafe_allow_html=True)
            st.markdown('<div class="live-host">' + _join(view.session, False, view.players) + "</div>",
                        unsafe_allow_html=True)
        with st.container(horizontal=True):
            st.button("Join screen", key="live-join-open", on_click=_set, args=(state.LIVE_JOIN_SCREEN, True),
                      icon=":material/qr_code_2:")
            if st.button("Class summary", key="live-summary-open", icon=":material/summarize:",
                         help="Opens in your view: the students' names and scores stay hidden until you show them."):
                _open_summary()
                st.rerun()
            st.button("End", key="live-end", icon=":material/stop_circle:", on_click=_set,
                      args=(state.LIVE_CONFIRM_END, True), help="End the live class (asks first).")
        # "Show the numbers": their table stands here, under the chart, as wide as the panel
        # (beside it the stage's column of words is too narrow); the stage keeps the summary.
        try:
            move = numbers_move(current())
        except Exception:  # an entry that cannot be shown: no numbers
            move = None
        if move is not None and move.rows:
            st.markdown(numbers_table_html(move), unsafe_allow_html=True)


def _confirm_end(sid: int) -> None:
    """"End the live class?" with its two buttons, in place of the panel's chart, join line and
    numbers (``_host_live``): the question and "Yes, end the class" fit the panel whatever the
    slide and the screen, the words under the panel taking their height as before."""
    st.markdown('<div class="live-host live-end-ask">End the live class? Its code opens nothing more and phones '
                "can no longer answer; the presentation stays on screen.</div>", unsafe_allow_html=True)
    with st.container(horizontal=True):
        if st.button("Yes, end the class", key="live-end-yes", type="primary", icon=":material/stop_circle:"):
            _end(sid)
            st.rerun()
        st.button("Cancel", key="live-end-no", on_click=_set, args=(state.LIVE_CONFIRM_END, False))


def _end_others(ids: tuple[int, ...]) -> None:
    db = profile.store()
    if db is None:
        return
    try:
        for sid in ids:
            live.end(db, sid)
    except StoreUnavailable:
        state.put(state.LIVE_MESSAGE, "The live class could not be ended just now; try again.")


def _ago(when: datetime) -> str:
    minutes = max(0, int((now() - when).total_seconds() // 60))
    if minutes < 1:
        return "just now"
    if minutes < 120:
        return count_words(minutes, "minute") + " ago"
    return count_words(minutes // 60, "hour") + " ago"


def others_notice(info: LiveInfo | None) -> None:
    """Tell the teacher when another of their live classes (started in this browser) is still
    open, so phones could still join it, with a button that ends it. Neither its code nor its
    title shows: the screen may be projected. Starting a new live class ends it too."""
    db = profile.store()
    tokens = _held_tokens()
    if db is None or not tokens:
        return
    try:
        others = [o for o in live.open_hosted(db, tokens) if info is None or o.id != info.id]
    except StoreUnavailable:
        return
    if not others:
        return
    when = ", ".join(_ago(o.created_at) for o in others)
    one = len(others) == 1
    said = ("Another of your live classes is still open" if one
            else f"{len(others)} other live classes of yours are still open")
    it = "it" if one else "them"
    with st.container(key="live-others", horizontal=True, vertical_alignment="center"):
        st.warning(f"{said} (started {when}): phones can still join {it}. Starting a new live class ends "
                   f"{it}; so does this button.", icon=":material/cell_tower:")
        st.button("End it" if len(others) == 1 else "End them", key="live-others-end", icon=":material/stop_circle:",
                  on_click=_end_others, args=(tuple(o.id for o in others),))


def ended_notice(info: LiveInfo | None) -> None:
    """"The live class … has ended", one short line in projector type above the stage (in the
    first screenful, whatever the slide's height), with the class summary's button and "Close"
    (the slide without the class, as before it) beside it, when this browser's class has ended:
    the stage takes that line less height, so the lesson still fits the window ("Start a live
    class" is in the row of the controls)."""
    if info is None or info.open:
        return
    with st.container(key="live-ended-msg", horizontal=True, vertical_alignment="center"):
        st.markdown(f":material/stop_circle: The live class **{md_escape(info.join_code)}** has ended: its code "
                    "opens nothing more.")
        if not summary_open():
            st.button("Class summary", key="live-summary-open", icon=":material/summarize:",
                      on_click=_open_summary, help="Opens in your view: names and scores stay hidden until "
                      "you show them.")
        st.button("Close", key="live-ended-close", icon=":material/close:", on_click=_drop_live,
                  help="Back to the lesson as before the class (this line and its summary go).")


def host_panel(info: LiveInfo | None) -> None:
    """The presenter's live part: the live panel of this browser's class (the join screen, the
    answers chart, End after a question); after its end, nothing (the notice and the summary's
    button are :func:`ended_notice`, above the stage; "Start a live class" is in the row of
    the presenter's controls: :func:`start_button`)."""
    st.markdown(css.sheet("live_host"), unsafe_allow_html=True)
    _cookie_script()
    if info is None:
        return
    if not info.open:
        return  # the summary's button stands in the ended notice (:func:`ended_notice`)
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
        # While the class is open a hand goes by "This hand" on the screen the room sees; once
        # ended, by the name it is kept under (its deal), like the CSV.
        title = info.title if not info.open else room_title(current(), info.title)
        st.markdown(f"## Class summary: {md_escape(title)}")
        st.markdown(f"{count_words(len(board.students), 'student')} · {count_words(board.questions, 'question')} asked")
        with st.container(horizontal=True):
            st.button("Back to the presentation", key="live-summary-close", type="primary", on_click=_close_summary,
                      icon=":material/arrow_back:")
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
                      key="live-names", on_click=_set, args=(state.LIVE_NAMES, not names),
                      icon=":material/visibility_off:" if names else ":material/visibility:",
                      help="Each student's name and score, on this summary (the screen the room sees); the "
                           "live panel beside the presentation names nobody.")
        st.markdown("### Per question")
        if board.per_question:
            st.markdown(table_html(["#", "Question", "Answer", "Right", "Wrong answers"],
                               [[str(q["number"]), logic.summary_question(q), q["answer"], f"{q['right']} of {q['answered']}",
                                 "; ".join(f"{lab} (×{n})" for lab, n in q["wrong"]) or "—"]
                                for q in board.per_question], "live-questions"), unsafe_allow_html=True)
        else:
            st.caption("No question was asked.")
        st.markdown("### Per student")
        if not names:
            st.caption("Hidden: the students' names and scores show only when you press "
                       "**Show the results to the class** (or in the CSV).")
        elif board.students:
            st.markdown(table_html(["Student", "Right", "Answered"],
                               [[x["name"], f"{x['right']} of {x['asked']}", str(x["answered"])]
                                for x in board.students], "live-students"), unsafe_allow_html=True)
            st.caption("Each student is scored out of the questions asked while they were in the class.")
        else:
            st.caption("No student joined.")



__all__ = ["can_start", "ended_notice", "host_panel", "host_session", "others_notice", "public_base", "start_button", "summary", "summary_open", "sync"]
