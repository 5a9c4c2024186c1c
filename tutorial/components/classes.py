"""The Classes page's pieces: a student joins a class (code, name, optional PIN); a teacher
makes a class and, with the secret teacher link, sees the dashboard and downloads it as CSV.
Students never see the dashboard: it opens only with the teacher link."""

from __future__ import annotations

from typing import Any

import streamlit as st

from store import StoreUnavailable, classes
from tutorial.components import profile, state
from tutorial.services.items import course
from tutorial.services.text import md_escape

TEACHER_PARAM = "teacher"


def teacher_token() -> str | None:
    """The teacher token in the address (``?teacher=…``), if any."""
    v = st.query_params.get(TEACHER_PARAM)
    return str(v) if v else None


def _join() -> None:
    db = profile.store()
    code = str(st.session_state.get("class-code", ""))
    name = str(st.session_state.get("class-name", ""))
    pin = str(st.session_state.get("class-pin", "")).strip() or None
    if db is None:
        st.session_state[state.CLASS_MESSAGE] = ("error", "Classes cannot be joined just now: the database is not reachable.")
        return
    lid = profile.ensure()
    if lid is None:
        st.session_state[state.CLASS_MESSAGE] = ("error", "Classes cannot be joined just now: the database is not reachable.")
        return
    try:
        joined = classes.join(db, code, name, lid, pin, client=profile.client())
    except classes.ClassError as e:
        st.session_state[state.CLASS_MESSAGE] = ("error", str(e))
        return
    except StoreUnavailable:
        st.session_state[state.CLASS_MESSAGE] = ("error", "Classes cannot be joined just now: the database is not "
                                                  "reachable. Try again in a minute.")
        return
    if joined.learner_id != lid:  # the same student on another device: their own profile
        st.session_state[state.LEARNER] = joined.learner_id
        st.session_state[state.LEARNER_TOKEN] = None
        st.session_state.pop(state.PROGRESS, None)
    st.session_state[state.CLASS_MESSAGE] = ("success", f"Welcome{' back' if joined.returning else ''}, "
                                                f"{joined.display_name}! Your teacher sees your progress.")


def join_form() -> None:
    """Join a class: the code from the teacher, a display name, the PIN if the class asks."""
    with st.form("class-join", border=True):
        st.markdown("### Join a class")
        st.text_input("Class code", max_chars=12, key="class-code", placeholder="e.g. K7M3QA")
        st.text_input("Your name (your teacher sees it)", max_chars=40, key="class-name")
        st.text_input("4-digit PIN (only if your teacher asked for one)", max_chars=4, key="class-pin",
                      type="password", help="Choose it the first time; type it again to come back on another device.")
        st.form_submit_button("Join", type="primary", on_click=_join, icon=":material/login:")
    msg = st.session_state.pop(state.CLASS_MESSAGE, None)
    if msg:
        getattr(st, msg[0])(md_escape(msg[1]))
    db, lid = profile.store(), profile.learner_id()
    if db is not None and lid is not None:
        try:
            mine = classes.memberships(db, lid)
        except StoreUnavailable:
            mine = []
        for klass, name in mine:
            st.caption(f"You are in **{md_escape(klass.name)}** as **{md_escape(name)}**.")


def _create() -> None:
    db = profile.store()
    if db is None:
        st.session_state[state.CLASS_NEW_MESSAGE] = "Classes cannot be made just now: the database is not reachable."
        return
    try:
        _klass, token = classes.create_class(db, str(st.session_state.get("class-new-name", "")),
                                             bool(st.session_state.get("class-new-pin", False)))
    except StoreUnavailable:
        st.session_state[state.CLASS_NEW_MESSAGE] = "Classes cannot be made just now: the database is not reachable."
        return
    st.query_params[TEACHER_PARAM] = token


def create_form() -> None:
    """Start a class (teachers): a name, and whether students choose a PIN."""
    with st.form("class-new", border=True):
        st.markdown("### Start a class (for teachers)")
        st.text_input("Class name", max_chars=40, key="class-new-name", placeholder="e.g. Year 7 Moon club")
        st.checkbox("Students choose a 4-digit PIN (so they can come back on another device)", key="class-new-pin")
        st.form_submit_button("Make the class", on_click=_create, icon=":material/add:")
    msg = st.session_state.pop(state.CLASS_NEW_MESSAGE, None)
    if msg:
        st.error(msg)


def _links(token: str) -> str:
    return profile.personal_link(token).replace(f"/?{profile.LINK_PARAM}=", f"/classes?{TEACHER_PARAM}=")


def dashboard(token: str) -> None:
    """The teacher's dashboard for the class of this teacher link."""
    db = profile.store()
    if db is None:
        st.error("The dashboard cannot be shown just now: the database is not reachable.")
        return
    try:
        klass = classes.find_by_teacher_token(db, token)
    except StoreUnavailable:
        st.error("The dashboard cannot be shown just now: the database is not reachable. Try again in a minute.")
        return
    if klass is None:
        st.error("This teacher link is unknown: it opens no class. Check that it was copied whole.",
                 icon=":material/link_off:")
        return
    st.markdown(f"## {md_escape(klass.name)}")
    with st.container(border=True, key="class-codes"):
        c1, c2 = st.columns([1, 2])
        c1.markdown("**Students join with the code**")
        c1.markdown(f"<div style='font-size:2.4rem;font-weight:700;letter-spacing:0.2em'>{klass.join_code}</div>",
                    unsafe_allow_html=True)
        c1.caption("on the Classes page" + (", with a 4-digit PIN they choose." if klass.pin_required else "."))
        c2.markdown("**Your teacher link** (keep it private: it opens this dashboard)")
        c2.code(_links(token), language=None, wrap_lines=True)
    c = _safe_course()
    order = {lv.id: i for i, lv in enumerate(c.levels())} if c is not None else {}
    titles = {lv.id: (lv.title or lv.id) for lv in c.levels()} if c is not None else {}
    stages = {s.id: f"{s.number}. {s.title}" for s in c.stages} if c is not None else {}
    try:
        board = classes.dashboard(db, klass, order)
    except StoreUnavailable:
        st.error("The dashboard cannot be read just now: the database is not reachable.")
        return
    st.button("Refresh", key="class-refresh", icon=":material/refresh:")
    st.subheader(f"Students ({len(board.students)})")
    if not board.students:
        st.info("No student yet. Give them the code above.")
    else:
        st.dataframe([{"Student": s["name"], "Stage": stages.get(s["stage"], s["stage"] or "—"), "Stars": s["stars"],
                       "Levels": s["levels"], "Puzzles solved": s["puzzles_solved"], "Rating": s["rating"],
                       "Answers": s["answers"], "From a file": imported_text(s)} for s in board.students],
                     hide_index=True, key="class-students",
                     # A student's name is what the teacher reads first: it gets the room a name takes.
                     column_config={"Student": st.column_config.TextColumn(width="medium"),
                                    "Stage": st.column_config.TextColumn(width="medium")})
        if any(s["imported_stars"] or s["imported_puzzles"] for s in board.students):
            st.caption("*From a file*: stars and puzzles a student loaded from a saved progress file rather than "
                       "earned by answering here.")
    st.subheader("Lesson levels: right first time, and the most common wrong answers")
    if board.levels:
        st.dataframe([{"Level": titles.get(lv["level"], lv["level"]), "Stage": stages.get(lv["stage"], lv["stage"]),
                       "Right first time": f"{lv['first_time_right']} of {lv['students']}",
                       "Most common wrong answers": "; ".join(f"{a} (×{n})" for a, n in lv["wrong_answers"]) or "—"}
                      for lv in board.levels], hide_index=True, key="class-levels")
    else:
        st.caption("No lesson answered yet.")
    st.download_button("Download as CSV", classes.dashboard_csv(board), file_name=f"class-{klass.join_code}.csv",
                       mime="text/csv", key="class-csv", icon=":material/download:", on_click="ignore")


def imported_text(student: dict[str, Any]) -> str:
    """What of a student's figures came from a progress file ("5 stars, 1 puzzle"; "—" for
    nothing)."""
    parts = []
    for key, word in (("imported_stars", "star"), ("imported_puzzles", "puzzle")):
        n = int(student.get(key) or 0)
        if n:
            parts.append(f"{n} {word}{'s' if n != 1 else ''}")
    return ", ".join(parts) or "—"


def _safe_course() -> Any | None:
    try:
        return course()
    except Exception:
        return None
