"""The live class's students' page, made for phones: join with the code on the board and a
name, answer the teacher's questions with one tap (a "pick every …" question: a toggle per
tile, then "Send"), see the reveal. The phone's place is in its
address (:class:`~tutorial.services.urlstate.PhoneLink`), so a refresh keeps it."""

from __future__ import annotations

import time
from html import escape

import streamlit as st

from store import StoreUnavailable, live
from store.live import LiveError, QuestionInfo
from store.names import cut_note
from tutorial.components import css, profile, scroll, state
from tutorial.components.live import DOWN
from tutorial.services import live as logic
from tutorial.services.live_html import answer_tiles_html, question_html
from tutorial.services.text import lines_html, md_escape
from tutorial.services.urlstate import PhoneLink

#: How often a phone looks at the store (seconds).
PHONE_EVERY = 1.5
#: :data:`state.LIVE_WELCOME` of a student back in their own place (answers kept).
BACK = "back"


def _address() -> PhoneLink:
    return PhoneLink.parse(st.query_params.to_dict())


def _write(link: PhoneLink) -> None:
    """Put ``link`` in the address (only the phone's own parameters change)."""
    state.write_address(PhoneLink.PARAMS, link.to_query())


def _answer(token: str, qid: int, value: str) -> None:
    db = profile.store()
    if db is None:
        state.put(state.LIVE_MESSAGE, "Your answer could not be sent: the database is not reachable. Tap again.")
        return
    state.put(state.LIVE_NAME_NOTE, None)
    state.put(state.LIVE_WELCOME, False)
    try:
        live.answer(db, token, qid, value)
    except LiveError as e:
        if str(e).startswith("Too late"):
            state.put(state.LIVE_LATE, qid)  # the reveal (or the close) came first: said with it
        else:
            state.put(state.LIVE_MESSAGE, str(e))
    except StoreUnavailable:
        state.put(state.LIVE_MESSAGE, "Your answer could not be sent just now. Tap again.")


def _pick_key(qid: int, place: int) -> str:
    """The toggle of the choice at ``place`` of question ``qid`` (a new question, new toggles)."""
    return f"{state.LIVE_PICK}-{qid}-{place}"


def _picked(qid: int, count: int) -> list[int]:
    return [i for i in range(count) if st.session_state.get(_pick_key(qid, i))]


def _send(token: str, qid: int, count: int) -> None:
    """"Send": the set of toggles picked, as one answer (the first one sent counts)."""
    _answer(token, qid, live.pick_value(_picked(qid, count)))


def _pick_toggles(token: str, q: QuestionInfo) -> None:
    """A "pick every …" question: one toggle per tile (or action), in the table's order; a
    second tap unpicks; "Send" sends the set. The page holds nothing of the answer: each
    toggle is one choice, and the set is graded only once sent."""
    with st.container(key="live-picks"):
        for i, (_value, label) in enumerate(q.choices):
            st.checkbox(label, key=_pick_key(q.id, i), width="stretch")
    picked = _picked(q.id, len(q.choices))
    said = ", ".join(q.choices[i][1] for i in picked) if picked else "nothing yet"
    st.markdown(f'<div class="live-phone live-picked">Picked: {escape(said)}</div>', unsafe_allow_html=True)
    st.button("Send", key="live-send", type="primary", on_click=_send, args=(token, q.id, len(q.choices)),
              icon=":material/send:", width="stretch")


@st.fragment(run_every=PHONE_EVERY)
def _phone(token: str) -> None:
    """The phone's live part, redrawn every :data:`PHONE_EVERY` seconds: the question, then
    "Leave this class" far below it. A "Leave?" still open when a new question comes is
    closed: the student is answering, not leaving. A new question or its reveal is shown
    from the page's top, and the button last tapped let go (a touch leaves it focused, so
    it looked chosen)."""
    shown = _question(token)
    if shown != state.get(state.LIVE_SEEN):
        state.put(state.LIVE_SEEN, shown)
        state.put(state.LIVE_LEAVING, False)
    _leave_box()
    scroll.top_on_change(".live-phone", state.get(state.LIVE_STAGE) or "", "__moonPhoneShown", blur=True)


def _seen() -> int | None:
    seen = state.get(state.LIVE_SEEN)
    return seen if isinstance(seen, int) else None


def _question(token: str) -> int | None:
    """The class's question as this phone sees it; returns its id (``None``: no question)."""
    db = profile.store()
    if db is None:
        st.error("The live class cannot be reached: the database is not reachable.")
        return _seen()  # unchanged: a "Leave?" open stays open
    try:
        view = live.student_view(db, token)
    except StoreUnavailable:
        st.warning(DOWN, icon=":material/cloud_off:")
        return _seen()  # unchanged: a "Leave?" open stays open
    if view is None:
        st.error("This phone's place in the live class is unknown. Join again with the code on the board.")
        return None
    number = f" · question {view.number}" if view.question is not None else ""
    # Not the presentation's title: it names the deal, which a student could open elsewhere
    # and step through to the answer.
    # The class's code, as on the board, so a student in the wrong class sees it at once. Just
    # after joining the same line says welcome: in the page's flow, covering nothing (a toast
    # would float over this line and the title).
    name = f"<b>{escape(view.player.name)}</b>"
    welcome = state.get(state.LIVE_WELCOME)
    who = (f"Welcome back, {name}: your earlier answers are kept. You are in class" if welcome == BACK
           else f"Welcome, {name}! You are in class" if welcome else f"You are {name} in class")
    st.markdown(f'<div class="live-phone"><div class="live-who">{who} '
                f'<span class="live-who-code">{escape(view.session.join_code)}</span>{number}</div></div>',
                unsafe_allow_html=True)
    msg = state.get(state.LIVE_MESSAGE)
    if msg:
        state.put(state.LIVE_MESSAGE, None)
        st.warning(md_escape(str(msg)))
    cut = state.get(state.LIVE_NAME_NOTE)
    if cut:  # the phone redraws every few seconds: said on each until the student answers
        st.info(md_escape(str(cut)), icon=":material/content_cut:")
    if not view.session.open:
        st.info("This live class has ended. Thank you for taking part!", icon=":material/celebration:")
        return None
    q = view.question
    state.put(state.LIVE_STAGE, "" if q is None else f"{q.id}-{'revealed' if q.revealed else 'asked'}")
    if q is None:
        st.markdown('<div class="live-phone live-waiting"><div class="live-h" role="heading" aria-level="3">'
                    'Waiting for the next question…</div>'
                    "<p>Look at the board: the question comes here when your teacher asks it.</p></div>",
                    unsafe_allow_html=True)
        return None
    st.markdown(question_html(q), unsafe_allow_html=True)
    if q.revealed:
        if view.mine is None and state.get(state.LIVE_LATE) == q.id:
            got = ('<div class="live-got live-no live-late">Your answer came too late: the answer had already '
                   "been revealed, so it was not counted.</div>")
        elif view.mine is None and view.joined_late:
            got = ('<div class="live-got live-late">You joined after this question was answered: the next '
                   "one is yours.</div>")
        elif view.mine is None:
            got = '<div class="live-got live-no">You did not answer this one.</div>'
        elif view.correct:
            got = f'<div class="live-got live-ok">Right! You answered {escape(q.label(view.mine))}.</div>'
        else:
            got = (f'<div class="live-got live-no">Not this time: you answered {escape(q.label(view.mine))}.'
                   "</div>")
            # A set picked: what it left out and took wrongly, first; a move: why that tile is wrong.
            why = logic.pick_misses(q, view.mine) or logic.wrong_reason(q.view, view.mine)
            if why:
                got += f'<p class="live-illegal">{escape(why)}</p>'
        # The reason as the projector says it: a list where it is about several tiles.
        st.markdown(f'<div class="live-phone live-revealed">{got}<p><b>The answer: {escape(q.answer_label)}</b></p>'
                    f'{answer_tiles_html(q)}<div class="live-reason">{lines_html(q.reason)}</div></div>',
                    unsafe_allow_html=True)
        return q.id
    if view.mine is not None:
        st.markdown(f'<div class="live-phone"><div class="live-got live-sent">Answer received: '
                    f"{escape(q.label(view.mine))}. Wait for the reveal.</div></div>", unsafe_allow_html=True)
        return q.id
    if q.closed:
        st.info("Your answer came too late: answers for this question are closed." if state.get(state.LIVE_LATE) == q.id
                else "Answers for this question are closed.")
        return q.id
    if q.picks:
        _pick_toggles(token, q)
        return q.id
    with st.container(key="live-choices"):
        for i, (value, label) in enumerate(q.choices):
            st.button(label, key=f"live-choice-{i}", on_click=_answer, args=(token, q.id, value),
                      width="stretch")
    return q.id


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
    _write(PhoneLink(player=token))
    note = (f"The name “{player.wanted}” is taken in this class by another student, so you are back under "
            "your earlier name." if player.wanted else cut_note(name).strip())
    state.put(state.LIVE_NAME_NOTE, note or None)
    state.put(state.LIVE_WELCOME, BACK if player.back else True)


def _leave() -> None:
    db = profile.store()
    if db is not None:
        try:
            live.leave(db, _address().player or str(state.get(state.LIVE_PLAYER) or ""))
        except StoreUnavailable:
            pass  # the phone leaves anyway; the room counts it until the class ends
    state.put(state.LIVE_PLAYER, None)
    state.put(state.LIVE_LEAVING, False)
    state.put(state.LIVE_WELCOME, False)
    _write(PhoneLink())


def _leave_box() -> None:
    """"Leave this class", asked first, and far below the answers (after a gap taller than
    any hand of answer buttons, ``live_phone.css``): the reveal and "Answer received" are
    shorter than the buttons they replace, and a late tap must land on nothing, not on Leave.
    A student who leaves by mistake joins again from this phone with the code and gets their
    place back. The question asked opens where the button was, brought into view on a phone
    (the gap above it out of sight, its buttons on screen)."""
    leaving = state.get(state.LIVE_LEAVING)
    if leaving:  # each opening its own stamp: brought into view once, each time it opens
        scroll.top_on_change(".st-key-live-leave-box", str(leaving), "__moonLeaveShown", phone=True)
    with st.container(key="live-leave-box"):
        st.divider()
        if not leaving:
            st.button("Leave this class", key="live-leave", on_click=state.put,
                      args=(state.LIVE_LEAVING, str(time.time_ns())), icon=":material/logout:")
            return
        st.warning("Leave the live class? Your answers stay in it: join again from this phone with the code on "
                   "the board to take your place back, or from another phone with your personal link below.")
        token = profile.link_token()
        if token:
            st.caption("Your personal link (keep it to yourself): open it on another phone, then join with the "
                       "code and your name.")
            st.code(profile.personal_link(token), language=None, wrap_lines=True)
        with st.container(horizontal=True):
            if st.button("Yes, leave", key="live-leave-yes", icon=":material/logout:"):
                _leave()
                st.rerun()  # the whole page: the join form in place of the class
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
    if "live-code" not in st.session_state:
        st.session_state["live-code"] = _address().code
    if "live-name" not in st.session_state:
        st.session_state["live-name"] = _profile_name()
    with st.form("live-join", border=True):
        # Room for a code typed with spaces or dashes (a longer paste would be dropped whole).
        st.text_input("Code on the board", max_chars=30, key="live-code", placeholder="e.g. K7M3QA")
        # No max_chars: a browser's limit drops a longer pasted name; it is cut to 40 and said so.
        st.text_input("Your name (your teacher sees it)", key="live-name",
                      help="At most 40 characters: a longer name is cut.")
        st.form_submit_button("Join", type="primary", on_click=_join, icon=":material/login:",
                              width="stretch")
    msg = state.get(state.LIVE_MESSAGE)
    if msg:
        state.put(state.LIVE_MESSAGE, None)
        st.error(md_escape(str(msg)))
    elif _address().code and st.session_state.get("live-code") == _address().code:
        _link_code_says(_address().code)


def _link_code_says(code: str) -> None:
    """What is wrong with the code of a scanned or typed link, said at once, in the words
    "Join" would say: a class that has ended, no such class, or a code of the wrong shape."""
    db = profile.store()
    if db is None:
        return
    try:
        live.open_by_code(db, code)
    except LiveError as e:
        ended = "has ended" in str(e)
        st.warning(md_escape(str(e)), icon=":material/event_busy:" if ended else ":material/link_off:")
    except StoreUnavailable:
        return


def _known(token: str) -> bool:
    db = profile.store()
    if db is None:
        return True  # the fragment says the database is away
    try:
        return live.player_by_token(db, token) is not None
    except StoreUnavailable:
        return True


def _take_back() -> str:
    """The place this browser's profile holds in an open live class it has not left (a
    browser closed and opened again, cookie kept), taken back as "Join" would give it back:
    its new token, or "". Only this browser's profile: another phone cannot take the name."""
    db = profile.store()
    if db is None:
        return ""
    try:
        back = live.take_back(db, profile.learner_id(), _address().code)
    except StoreUnavailable:
        return ""
    if back is None:
        return ""
    token = back[1]
    state.put(state.LIVE_PLAYER, token)
    state.put(state.LIVE_WELCOME, BACK)
    return token


def student_page() -> None:
    """The phone's page: the live question; the place this browser held, taken back; or the
    join form."""
    st.markdown(css.sheet("live_phone"), unsafe_allow_html=True)
    token = _address().player or str(state.get(state.LIVE_PLAYER) or "")
    if token and not _known(token):
        _leave()
        token = _take_back()
        if not token:
            st.error("This link's place in a live class is unknown (or the class has been cleared). Join with "
                     "the code on the board.", icon=":material/link_off:")
    elif not token:
        token = _take_back()
    if token:
        if _address().player != token:
            _write(PhoneLink(player=token))  # a refresh keeps the place
        _phone(token)
    else:
        join_form()


__all__ = ["join_form", "student_page"]
