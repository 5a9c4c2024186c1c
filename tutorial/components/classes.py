"""The Classes page's pieces: a student joins a class (code, name, optional PIN); a teacher
makes a class and sees its dashboard (with the secret teacher link, or from the profile that
made it), puts the join screen on the projector and downloads the dashboard as CSV files.
Students never see the dashboard: it opens only with the teacher link or for the teacher's own
profile. The join screen (``/classes?join=<code>``) shows the code and its QR code and nothing
else on its first screenful (below it, the join form with the code filled in, for a phone that
opened its address): its address holds no secret, and the teacher link shows only when the
teacher asks. Once a student has joined, the welcome replaces the join form."""

from __future__ import annotations

import json
from html import escape
from typing import TYPE_CHECKING

import streamlit as st

from store import StoreUnavailable, classes
from store.names import MAX_NAME, clean_name, cut_note
from tutorial.components import css, profile, state
from tutorial.services.items import course, item_title, level_options, puzzles
from tutorial.services.live import qr_svg
from tutorial.services.live_html import unreachable_html
from tutorial.services.text import md_escape

if TYPE_CHECKING:
    from streamlit.delta_generator import DeltaGenerator

    from lessons import Course


TEACHER_PARAM = "teacher"
#: The dashboard's button to the projector-safe join screen, beside the code.
JOIN_SCREEN_LABEL = "Show the join screen for the projector"
#: The join screen's parameter (``/classes?join=<code>``), the teacher's own class
#: (``?class=<code>``, for the profile that made it) and a scanned join link (``?code=<code>``).
SCREEN_PARAM = "join"
CLASS_PARAM = "class"
CODE_PARAM = "code"
#: The browser that made a class keeps its teacher link in a cookie of its own, this prefix plus
#: the class code, set ``HttpOnly`` by ``tutorial/server.py``'s :data:`LINK_COOKIE_ROUTE` (no
#: script in the page can read it; the database keeps only the link's hash): a reload there still
#: shows the link, behind its reveal.
LINK_COOKIE = "moon_class_"
#: The route of ``tutorial/server.py`` that sets a class's :data:`LINK_COOKIE` (the body: the
#: class code, a space, the teacher token).
LINK_COOKIE_ROUTE = "/class-link-cookie"


def _param(name: str) -> str | None:
    v = st.query_params.get(name)
    return str(v)[:200] if v else None


def teacher_token() -> str | None:
    """The teacher token in the address (``?teacher=…``), if any."""
    return _param(TEACHER_PARAM)


def screen_code() -> str | None:
    """The class code of the join screen in the address (``?join=…``), if any."""
    return _param(SCREEN_PARAM)


def own_class_code() -> str | None:
    """The code of the teacher's own class in the address (``?class=…``), if any."""
    return _param(CLASS_PARAM)


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
        st.session_state[state.CLASS_MESSAGE] = ("error", str(e), e.live_code) if e.live_code else ("error", str(e))
        return
    except StoreUnavailable:
        st.session_state[state.CLASS_MESSAGE] = ("error", "Classes cannot be joined just now: the database is not "
                                                  "reachable. Try again in a minute.")
        return
    if joined.learner_id != lid:  # the same student on another device (their PIN): their profile from now on
        try:
            profile.adopt_device(db, joined.learner_id)
        except StoreUnavailable:
            st.session_state[state.CLASS_MESSAGE] = ("error", "Classes cannot be joined just now: the database is "
                                                      "not reachable. Try again in a minute.")
            return
    st.session_state[state.CLASS_MESSAGE] = ("success", f"Welcome{' back' if joined.returning else ''}, "
                                                f"{joined.display_name}! Your teacher sees your progress."
                                                # The name cut to 40 is said whenever it is the name
                                                # joined under (a student back under it too).
                                                + (cut_note(name) if joined.display_name == clean_name(name) else ""))
    state.put(state.CLASS_JOINED, True)


def join_form(code: str | None = None) -> None:
    """Join a class: the code from the teacher (``code``, or the scanned link's), a display
    name, the PIN if the class asks. Once joined, the form gives way to the welcome and where
    to go next; "Join another class" brings it back."""
    scanned = classes.normalise_code(code or _param(CODE_PARAM) or "")
    if scanned and "class-code" not in st.session_state:
        st.session_state["class-code"] = scanned[:12]
    if state.get(state.CLASS_JOINED):
        _joined()
        return
    # A link's class that asks for a PIN says so before Join (and nothing else of the class).
    pin_asked = bool(scanned) and _asks_pin(scanned)
    with st.form("class-join", border=True):
        st.markdown("### Join a class")
        # Room for a code typed with spaces or dashes (a longer paste would be dropped whole).
        st.text_input("Class code", max_chars=30, key="class-code", placeholder="e.g. K7M3QA")
        # No max_chars: a browser's limit drops a longer pasted name; the store cuts it to 40
        # and the welcome says so.
        st.text_input("Your name (your teacher sees it)", key="class-name",
                      help=f"At most {MAX_NAME} characters: a longer name is cut.")
        # Room past four: a longer PIN is told it is not four digits (a browser's limit would drop it whole).
        st.text_input("PIN: four digits, 0–9 (this class asks for one)" if pin_asked
                      else "PIN: four digits, 0–9 (only if your teacher asked for one)", max_chars=12, key="class-pin",
                      type="password", help="Choose it the first time; type it again to come back on another device.")
        st.form_submit_button("Join", type="primary", on_click=_join, icon=":material/login:")
    msg = st.session_state.pop(state.CLASS_MESSAGE, None)
    if msg:
        getattr(st, msg[0])(md_escape(msg[1]))
        if len(msg) > 2:  # a live class's code: the page that takes it, with the code filled in
            st.page_link("views/live.py", label=f"Live class: join with {msg[2]}", icon=":material/cell_tower:",
                         query_params={"code": msg[2]})
    _memberships()


def _asks_pin(code: str) -> bool:
    """Whether the class of ``code`` asks for a PIN (``False`` for no such class, or while the
    database is away: Join says what is wrong)."""
    db = profile.store()
    if db is None:
        return False
    try:
        klass = classes.find_by_code(db, code)
    except StoreUnavailable:
        return False
    return klass is not None and klass.pin_required


def _join_again() -> None:
    state.put(state.CLASS_JOINED, False)
    for key in ("class-name", "class-pin"):
        st.session_state.pop(key, None)


def _joined() -> None:
    """After joining: the welcome, where to go next, and a way to join another class."""
    with st.container(border=True, key="class-joined"):
        msg = st.session_state.pop(state.CLASS_MESSAGE, None)
        if msg:
            getattr(st, msg[0])(md_escape(msg[1]))
        st.markdown("**What next?** Your lessons and puzzles count for the class:")
        with st.container(horizontal=True):
            st.page_link("views/learn.py", label="Learn the game", icon=":material/school:")
            st.page_link("views/puzzles.py", label="Puzzles", icon=":material/extension:")
        st.button("Join another class", key="class-join-again", on_click=_join_again, icon=":material/group_add:")
    _memberships()


def _memberships() -> None:
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
        klass, token = classes.create_class(db, str(st.session_state.get("class-new-name", "")),
                                            bool(st.session_state.get("class-new-pin", False)),
                                            owner_id=profile.ensure())
    except StoreUnavailable:
        st.session_state[state.CLASS_NEW_MESSAGE] = "Classes cannot be made just now: the database is not reachable."
        return
    _keep_link(klass.join_code, token)
    st.query_params[CLASS_PARAM] = klass.join_code  # the teacher link never reaches the address bar


def _keep_link(code: str, token: str) -> None:
    """Keep a class's teacher link in this session, to show when asked (only its hash is stored)."""
    kept = state.get(state.CLASS_TOKENS)
    state.put(state.CLASS_TOKENS, {**(kept if isinstance(kept, dict) else {}), code: token})


def _kept_link(code: str) -> str | None:
    """The teacher link of class ``code`` this browser holds (its own class, or one whose
    teacher link it opened): kept in this session, else in the browser's :data:`LINK_COOKIE`
    for the class while it still opens the class (a newer link made elsewhere replaced it
    otherwise)."""
    kept = state.get(state.CLASS_TOKENS)
    token = kept.get(code) if isinstance(kept, dict) else None
    if isinstance(token, str):
        return token
    cookie, db = st.context.cookies.get(LINK_COOKIE + code), profile.store()
    if not cookie or db is None:
        return None
    try:
        klass = classes.find_by_teacher_token(db, cookie)
    except StoreUnavailable:
        return None
    if klass is None or klass.join_code != code:
        return None
    _keep_link(code, cookie)
    return cookie


def _keep_in_browser(code: str, token: str) -> None:
    """Ask this browser to keep the teacher link of its own class ``code`` in the class's
    ``HttpOnly`` :data:`LINK_COOKIE` (``tutorial/server.py``'s route), sent while the cookie the
    browser connected with differs. Where the route is missing (``streamlit run
    tutorial/app.py``) the link stays in this session only: a script may not keep it where
    every script could read it."""
    if st.context.cookies.get(LINK_COOKIE + code) == token:
        return
    st.html("<script>fetch(" + json.dumps(LINK_COOKIE_ROUTE) + ", {method: 'POST', body: "
            + json.dumps(f"{code} {token}") + ", credentials: 'same-origin', cache: 'no-store'})"
            ".catch(() => {});</script>", unsafe_allow_javascript=True)


def create_form() -> None:
    """Start a class (teachers): a name, and whether students choose a PIN. Only the button
    makes the class (Enter in the name box does not), with the options as they are then."""
    with st.form("class-new", border=True, enter_to_submit=False):
        st.markdown("### Start a class (for teachers)")
        st.text_input("Class name", max_chars=40, key="class-new-name", placeholder="e.g. Year 7 Moon club")
        st.checkbox("Students choose a PIN of four digits (so they can come back on another device)",
                    key="class-new-pin")
        st.form_submit_button("Make the class", on_click=_create, icon=":material/add:")
    msg = st.session_state.pop(state.CLASS_NEW_MESSAGE, None)
    if msg:
        st.error(msg)


def my_classes() -> None:
    """The classes this browser's profile made, each opening its dashboard."""
    db, lid = profile.store(), profile.learner_id()
    if db is None or lid is None:
        return
    try:
        mine = classes.owned_classes(db, lid)
    except StoreUnavailable:
        return
    if not mine:
        return
    with st.container(border=True, key="class-mine"):
        st.markdown("### Your classes")
        # No codes here: this page may be on the projector, and a code lets anyone join that
        # class (each class's own dashboard shows its code). Two classes of one name get a number.
        seen: dict[str, int] = {}
        for klass in mine:
            seen[klass.name] = seen.get(klass.name, 0) + 1
            n = seen[klass.name]
            st.page_link("views/classes.py", label=klass.name + (f" ({n})" if n > 1 else ""),
                         query_params={CLASS_PARAM: klass.join_code}, icon=":material/dashboard:")


def _join_url(code: str) -> tuple[str, str]:
    """The link a phone opens to join the class (on this computer's network address when the
    browser shows ``localhost``), and the warning (HTML, or "") when no address phones can
    open was found (the dashboard and the join screen both say it)."""
    from tutorial.components.live import public_base

    base = public_base()
    url = f"{base.rstrip('/')}/classes?{CODE_PARAM}={code}" if base else f"/classes?{CODE_PARAM}={code}"
    return url, unreachable_html(base, st.get_option("server.port"))


def join_screen(code: str) -> None:
    """The projector's join screen: the class's name, its code and QR code, big, and nothing
    else (no student's name, no score, no teacher link: its address holds only the join code)
    but, when no address phones can open was found, that warning, big too."""
    db = profile.store()
    if db is None:
        st.error("The join screen cannot be shown just now: the database is not reachable.")
        return
    try:
        klass = classes.find_by_code(db, code)
    except StoreUnavailable:
        st.error("The join screen cannot be shown just now: the database is not reachable.")
        return
    if klass is None:
        st.error("There is no class with this code.", icon=":material/link_off:")
        return
    url, warn = _join_url(klass.join_code)
    qr = qr_svg(url).replace("<svg ", f'<svg role="img" aria-label="QR code of {escape(url)}" ', 1)
    # A way in that no phone can open is said on the screen itself, in its own large type: the
    # teacher projecting it sees it before the room tries.
    st.markdown(css.sheet("join_screen") + f'<div class="class-screen" data-code="{escape(klass.join_code)}">'
                f'<div class="class-qr">{qr}</div><div class="class-text">'
                f'<div class="class-title">{escape(klass.name)}</div><div>Scan the QR code, or open</div>'
                f'<div class="class-url">{escape(url.split("?")[0])}</div><div>and type the code</div>'
                f'<div class="class-code">{escape(klass.join_code)}</div>{warn}</div></div>', unsafe_allow_html=True)


def join_page(code: str) -> None:
    """``/classes?join=<code>``: the projector's join screen under its title, then the join form
    (:func:`join_here`). On a phone-sized screen (``join_screen.css``) the screen is not drawn, so the form with the code filled in comes first and no QR code shows; once the
    student has joined, only the welcome stays (no "Scan the QR code" above it)."""
    st.title(":material/qr_code_2: Join the class")
    if not state.get(state.CLASS_JOINED):
        with st.container(key="class-screen-top"):
            join_screen(code)
    join_here(code)


def join_here(code: str) -> None:
    """Below the join screen: the join form with this code filled in, for a student who opened
    the join screen's address on their own device. On a phone it follows the code at once; on a
    wide screen the join screen fills the first screenful, so the projector shows only the
    code."""
    with st.container(key="class-screen-join"):
        join_form(classes.normalise_code(code))


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
        st.error("This teacher link opens no class: a newer teacher link may have replaced it (use the new one), "
                 "or it was not copied whole.", icon=":material/link_off:")
        return
    # The secret leaves the address bar (a projected browser would show it): this session keeps
    # it, and this browser too (its HttpOnly cookie), so the class code opens the dashboard here.
    _keep_link(klass.join_code, token)
    del st.query_params[TEACHER_PARAM]
    st.query_params[CLASS_PARAM] = klass.join_code
    _board(klass, token)


def _to_join_page(code: str) -> None:
    """The join page with ``code`` filled in (``/classes?code=…``), nothing else in the address."""
    for name in (CLASS_PARAM, SCREEN_PARAM, TEACHER_PARAM):
        if name in st.query_params:
            del st.query_params[name]
    st.query_params[CODE_PARAM] = code
    st.session_state["class-code"] = code


def own_dashboard(code: str) -> None:
    """The dashboard of a class this browser's profile made (``?class=<code>``); for anyone
    else the code opens nothing."""
    db, lid = profile.store(), profile.learner_id()
    if db is None:
        st.error("The dashboard cannot be shown just now: the database is not reachable.")
        return
    try:
        klass = classes.find_owned(db, code, lid)
    except StoreUnavailable:
        st.error("The dashboard cannot be shown just now: the database is not reachable. Try again in a minute.")
        return
    if klass is None:  # not this profile's class: a browser that opened its teacher link keeps it
        token = _kept_link(classes.normalise_code(code))
        try:
            linked = classes.find_by_teacher_token(db, token) if token else None
        except StoreUnavailable:
            linked = None
        if linked is not None and token is not None:
            st.query_params[CLASS_PARAM] = linked.join_code
            _board(linked, token)
            return
        try:
            exists = classes.find_by_code(db, code) is not None
        except StoreUnavailable:
            exists = True
        if not exists:  # a made-up or mistyped code: no dashboard, and no class to join either
            st.error(f"No class has the code {md_escape(classes.normalise_code(code)[:12])}: this link opens "
                     "nothing. Check the link (or the code) with the teacher who made the class.",
                     icon=":material/link_off:")
            return
        st.error("This class's dashboard opens only in the browser (or with the personal link) of the teacher "
                 "who made it, or with its teacher link.", icon=":material/lock:")
        # A button, not a link to this same page: the link kept ``?class=`` in the address, so
        # the join page's address (and a reload of it) still named the dashboard.
        st.button("Join this class as a student", key="class-join-as-student", icon=":material/login:",
                  on_click=_to_join_page, args=(classes.normalise_code(code),))
        return
    # Written back: the address a page link opened keeps it through the buttons' reruns.
    st.query_params[CLASS_PARAM] = klass.join_code
    _board(klass, _kept_link(klass.join_code), owned=True)


def _new_link(code: str) -> None:
    """Make a new teacher link for this browser's own class (asked first): the old one
    stops working; the new one shows only when asked, as the page may be on the projector."""
    down = "A new teacher link cannot be made just now: the database is not reachable. The old one still works."
    db, lid = profile.store(), profile.learner_id()
    if db is None:
        state.put(state.CLASS_NEW_LINK, down)
        return
    try:
        token = classes.new_teacher_link(db, code, lid)
    except StoreUnavailable:
        state.put(state.CLASS_NEW_LINK, down)
        return
    if token is None:
        state.put(state.CLASS_NEW_LINK, "Only the teacher who made this class can make it a new teacher link.")
        return
    state.put(state.CLASS_NEW_LINK, False)
    _keep_link(code, token)
    state.put(state.CLASS_SHOW_LINK, False)
    state.put(state.CLASS_LINK_MADE, True)


def _new_link_box(klass: classes.ClassInfo, where: DeltaGenerator) -> None:
    """"Make a new teacher link" (the teacher's own class): asks first, as the old link then
    opens nothing."""
    asked = state.get(state.CLASS_NEW_LINK)
    if state.get(state.CLASS_LINK_MADE):
        state.put(state.CLASS_LINK_MADE, False)
        where.success("A new teacher link is made: the old one no longer opens this dashboard. "
                      "Show it with the button above when no one else can see the screen.", icon=":material/key:")
    if isinstance(asked, str):  # what went wrong the last time
        state.put(state.CLASS_NEW_LINK, False)
        where.error(md_escape(asked))
    if asked is not True:
        where.button("Make a new teacher link", key="class-new-link", icon=":material/autorenew:",
                     on_click=state.put, args=(state.CLASS_NEW_LINK, True),
                     help="For when the old link is lost or was seen by others: it stops working (asks first).")
        return
    with where.container(key="class-new-link-box"):
        st.warning("Make a new teacher link? The old one stops working at once: anyone holding it (you too, on "
                   "another device) can no longer open this dashboard with it.")
        with st.container(horizontal=True):
            st.button("Yes, make a new link", key="class-new-link-yes", type="primary", on_click=_new_link,
                      args=(klass.join_code,), icon=":material/autorenew:")
            st.button("Cancel", key="class-new-link-no", on_click=state.put, args=(state.CLASS_NEW_LINK, False))


def _toggle_link() -> None:
    state.put(state.CLASS_SHOW_LINK, not bool(state.get(state.CLASS_SHOW_LINK)))


def _board(klass: classes.ClassInfo, token: str | None, owned: bool = False) -> None:
    db = profile.store()
    if db is None:
        st.error("The dashboard cannot be shown just now: the database is not reachable.")
        return
    st.markdown(f"## {md_escape(klass.name)}")
    with st.container(border=True, key="class-codes"):
        c1, c2 = st.columns([1, 2])
        c1.markdown("**Students join with the code**")
        c1.markdown(f"<div class='class-join-code' style='font-size:2.4rem;font-weight:700;letter-spacing:0.2em'>"
                    f"{klass.join_code}</div>", unsafe_allow_html=True)
        c1.caption("on the Classes page" + (", with a PIN of four digits they choose." if klass.pin_required
                                            else "."))
        c1.link_button(JOIN_SCREEN_LABEL, f"/classes?{SCREEN_PARAM}={klass.join_code}",
                       icon=":material/qr_code_2:", type="primary")
        c2.markdown("**For the projector**: the join screen shows the code and its QR code, big, and nothing else; "
                    "project it rather than this page.")
        # Said to the teacher here, and on the join screen (big: the room would try the address).
        warn = _join_url(klass.join_code)[1]
        if warn:
            c2.markdown(css.sheet("join_screen") + warn, unsafe_allow_html=True)
        if token is not None:
            shown = bool(state.get(state.CLASS_SHOW_LINK))
            c2.button("Hide the teacher link" if shown else "Show the teacher link (private)", key="class-link-reveal",
                      on_click=_toggle_link, icon=":material/visibility_off:" if shown else ":material/key:")
            c2.caption("The teacher link opens this dashboard: keep it off the projector."
                       + (" This browser keeps it for you: on the Classes page, Your classes opens this "
                          "dashboard again, the link behind this button. On another device make a new one, which "
                          "stops this one." if owned else ""))
            if shown:
                c2.caption("Your teacher link: keep it private, it opens this dashboard.")
                c2.code(_links(token), language=None, wrap_lines=True)
        if owned:
            _new_link_box(klass, c2)
    if token is not None:
        _keep_in_browser(klass.join_code, token)
    c = _safe_course()
    order = {lv.id: i for i, lv in enumerate(c.levels())} if c is not None else {}
    titles = {lv.id: (lv.title or lv.id) for lv in c.levels()} if c is not None else {}
    stages = {s.id: f"{s.number}. {s.title}" for s in c.stages} if c is not None else {}
    puzzle_titles = _puzzle_titles()
    try:
        board = classes.dashboard(db, klass, order, level_options() if c is not None else {})
    except StoreUnavailable:
        st.error("The dashboard cannot be read just now: the database is not reachable.")
        return
    st.button("Refresh", key="class-refresh", icon=":material/refresh:")
    if not board.students:
        st.subheader("Students (0)")
        st.info("No student yet. Give them the code above.")
    else:
        _students(board, stages)
    _answers(board, titles, stages, puzzle_titles)
    with st.container(horizontal=True, key="class-downloads"):
        st.download_button("Students (CSV)", classes.students_csv(board, stages),
                           file_name=f"class-{klass.join_code}-students.csv", mime="text/csv", key="class-csv",
                           icon=":material/download:", on_click="ignore")
        st.download_button("Every answer per level and puzzle (CSV)",
                           classes.answers_csv(board, {**titles, **puzzle_titles}, stages),
                           file_name=f"class-{klass.join_code}-answers.csv", mime="text/csv",
                           key="class-csv-answers", icon=":material/download:", on_click="ignore")
    st.caption("Each file is one table, in UTF-8 that spreadsheets open with accents intact; the answers file "
               "lists every wrong answer beside its level or puzzle.")


def _students(board: classes.Dashboard, stages: dict[str, str]) -> None:
    """The students' progress, open when the dashboard opens (it is what the teacher came for;
    the room gets the join screen, which shows no name or score), and folds away."""
    with st.expander(f"Students' progress ({len(board.students)})", expanded=True, key="class-students-box",
                     icon=":material/group:"):
        st.dataframe([{"Student": s["name"], "Stage": stages.get(s["stage"], s["stage"] or "—"), "Stars": s["stars"],
                       "Levels": s["levels"], "Puzzles solved": s["puzzles_solved"],
                       "Rating": rating_cell(float(s["rating"]), bool(s["rating_provisional"])),
                       ANSWERS_GIVEN: s["answers"], "From a file": imported_text(s)} for s in board.students],
                     hide_index=True, key="class-students",
                     # A student's name is what the teacher reads first: it gets the room a name takes.
                     column_config={"Student": st.column_config.TextColumn(width="medium"),
                                    "Stage": st.column_config.TextColumn(width="medium"),
                                    "Rating": st.column_config.TextColumn(help=_RATING_HELP, alignment="right"),
                                    ANSWERS_GIVEN: st.column_config.NumberColumn(help=_ANSWERS_HELP)})
        if any(s["rating_provisional"] for s in board.students):
            st.caption(f"*Rating*: “{NEW_RATING}” while it is provisional. {_RATING_HELP}")
        if any(s["imported_stars"] or s["imported_puzzles"] for s in board.students):
            st.caption("*From a file*: stars and puzzles a student loaded from a saved progress file rather than "
                       "earned by answering here.")


def _answers(board: classes.Dashboard, titles: dict[str, str], stages: dict[str, str],
             puzzle_titles: dict[str, str]) -> None:
    """Per level and per puzzle: right first time and the common wrong answers (no names)."""
    st.subheader("Lesson levels: right first time, and the most common wrong answers")
    if board.levels:
        st.dataframe([{"Level": titles.get(lv["level"], lv["level"]), "Stage": stages.get(lv["stage"], lv["stage"]),
                       "Right first time": f"{lv['first_time_right']} of {lv['students']}",
                       "Most common wrong answers": classes.wrong_cell(lv["wrong_answers"])}
                      for lv in board.levels], hide_index=True, key="class-levels")
    else:
        st.caption("No lesson answered yet.")
    st.subheader("Puzzles: right first time, and the most common wrong answers")
    if board.puzzles:
        st.dataframe([{"Puzzle": puzzle_titles.get(pz["puzzle"], pz["puzzle"]),
                       "Right first time": f"{pz['first_time_right']} of {pz['students']}",
                       "Most common wrong answers": classes.wrong_cell(pz["wrong_answers"])}
                      for pz in board.puzzles], hide_index=True, key="class-puzzles")
    else:
        st.caption("No puzzle answered yet.")


#: The dashboard's column of the answers a student gave, and what it counts.
ANSWERS_GIVEN = "Answers given"
_ANSWERS_HELP = ("The answers the student gave, right or wrong. Not counted: the answer shown after two wrong tries "
                 "(or asked for with the second hint), and puzzles given up.")
#: What the dashboard's Rating column (and the students' CSV) shows for a provisional rating.
NEW_RATING = classes.NEW_RATING
#: What the dashboard says of a provisional rating.
_RATING_HELP = ("The puzzle rating (Glicko-2) shows once about fifteen first tries at puzzles have pinned it down; "
                "before that a single puzzle moves it by hundreds, so it would not compare students fairly.")


def rating_cell(rating: float, provisional: bool) -> str:
    """The dashboard's Rating cell: :data:`NEW_RATING` while the rating is provisional (an empty
    number reads "None" in the grid), else the rating, padded with figure spaces to four digits so
    that the column, text for the sake of "new", sorts as numbers do in the grid (whose text sort,
``localeCompare``, puts a space before a digit, and "new" after every rating).

    >>> [rating_cell(r, False) for r in (987.4, 1523.6)]
    ['\u2007987', '1524']
    >>> rating_cell(1500.0, True)
    'new'
    """
    return NEW_RATING if provisional else f"{round(rating):>4}".replace(" ", "\u2007")


def _puzzle_titles() -> dict[str, str]:
    try:
        return {p.id: item_title(p) for p in puzzles()}
    except Exception:
        return {}


def imported_text(student: classes.StudentRow) -> str:
    """What of a student's figures came from a progress file ("5 stars, 1 puzzle"; "—" for
    nothing)."""
    parts = []
    for n, word in ((student["imported_stars"], "star"), (student["imported_puzzles"], "puzzle")):
        if n:
            parts.append(f"{n} {word}{'s' if n != 1 else ''}")
    return ", ".join(parts) or "—"


def _safe_course() -> Course | None:
    try:
        return course()
    except Exception:
        return None
