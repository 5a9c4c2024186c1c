"""The learner's profile in the app: found again from the browser's cookie or a personal link,
made on the first answer (no sign-up), shown on Home with the personal link, rename and reset.

Resolution on every run: a ``?me=<token>`` link first (it is then stored in this browser's
cookie and taken out of the address bar), else the learner this session already has, else the
``moon_learner`` cookie. Tokens are never logged and never shown but in the learner's own link.

A session is bound to the token it opened its learner with: :func:`learner_id` checks, each
time it is asked (so before any write, callbacks included), that the token is still the
learner's. Once the link is replaced ("New link" in another browser), every other session that
held it forgets the learner and says so (:data:`LINK_REPLACED`); only the session that asked for
the new link keeps the profile. A device given its learner by a class PIN gets a token of its own
for that learner (:func:`adopt_device`), kept in its cookie like a link's, so a reload still opens
the student's profile; it is bound to that token, and is not shown the link, Rename or New link.
"""

from __future__ import annotations

import json
import secrets
from collections.abc import Callable
from urllib.parse import urlsplit

import streamlit as st

from engine.words import count_words
from store import Store, StoreUnavailable, database_url, learners, open_store, stats, transfer
from store.events import Outbox
from tutorial.components import state
from tutorial.services.items import level_options
from tutorial.services.progress import ProgressError, check_file, course_count, known_content
from tutorial.services.text import md_escape

COOKIE = "moon_learner"
LINK_PARAM = "me"
#: How long the browser keeps the cookie (a year).
COOKIE_SECONDS = 365 * 24 * 3600
#: The route of ``tutorial/server.py`` that sets the cookie ``HttpOnly``.
COOKIE_ROUTE = "/profile-cookie"
#: What a session whose personal link was replaced elsewhere is told, once.
LINK_REPLACED = ("This tab opened a profile with a personal link that has since been replaced by a newer "
                 "one, so it no longer opens that progress here. You carry on with a fresh profile (your next "
                 "answer makes it). If you replaced the link yourself in another tab, reload this page.")
COOKIE_REPLACED = ("This browser kept a profile opened with a personal link that has since been replaced by a "
                   "newer one (or the progress was deleted), so it no longer opens that progress here. You "
                   "start a fresh profile (your next answer makes it); open your newest personal link to "
                   "carry on with your own.")


def _secret_url() -> str | None:
    try:
        value = st.secrets.get("MOON_DATABASE_URL")
    except Exception:  # no secrets file: that is the usual case
        return None
    return str(value) if value else None


def store_url() -> str:
    """The database URL the app's store opens (the environment, else Streamlit's secret)."""
    return database_url(secret=_secret_url())


def store() -> Store | None:
    """The app's store (``None`` when the database cannot be opened: answers then wait in the
    session's outbox, the pages say so, and a later call tries to open it again)."""
    try:
        db = open_store(store_url())
    except Exception:  # unreachable (tried again on a later call) or not configured
        st.session_state[state.STORE_DOWN] = True
        return None
    st.session_state.pop(state.STORE_DOWN, None)
    return db


def client() -> str:
    """Who is asking, for the store's limits per client (e.g. wrong class PINs): the address the
    browser connects from, when Streamlit knows it (``st.context.ip_address``; none on
    localhost), else this browser session (a random id kept in it)."""
    ip = st.context.ip_address
    if isinstance(ip, str) and ip:
        return f"ip:{ip}"
    sid = st.session_state.get(state.CLIENT)
    if not isinstance(sid, str):
        sid = secrets.token_hex(16)
        st.session_state[state.CLIENT] = sid
    return f"session:{sid}"


def _adopt(info: learners.LearnerInfo, token: str) -> None:
    st.session_state[state.LEARNER] = info.id
    st.session_state[state.LEARNER_TOKEN] = token
    st.session_state.pop(state.PROGRESS, None)


def adopt_device(db: Store, learner_id: int) -> None:
    """Make learner ``learner_id`` this session's, with a new token of this device's own
    (:func:`store.learners.add_device`), which :func:`sync_cookie` then keeps in the browser's
    cookie: for a device that proved it is that learner (their class PIN). Raises
    :class:`store.StoreUnavailable` (nothing changed) while the database is away."""
    token = learners.add_device(db, learner_id)
    st.session_state[state.LEARNER] = learner_id
    st.session_state[state.LEARNER_TOKEN] = token
    st.session_state.pop(state.PROGRESS, None)


def _forget_replaced() -> None:
    """Drop this session's learner: its link was replaced elsewhere (said on the next run)."""
    for key in (state.LEARNER, state.LEARNER_TOKEN, state.PROGRESS):
        st.session_state.pop(key, None)
    st.session_state[state.LINK_STALE] = True


def _still_bound(lid: int) -> bool:
    """Whether this session's token still opens learner ``lid`` (true for a session with no
    token, and while the database cannot be reached: nothing is written then either)."""
    token = st.session_state.get(state.LEARNER_TOKEN)
    if not token:
        return True
    db = store()
    if db is None:
        return True
    try:
        info = learners.find(db, token)
    except StoreUnavailable:
        return True
    return info is not None and info.id == lid


def resolve() -> None:
    """Find this browser's learner (see the module docstring); shows a message for an unknown
    or reset link, and once when this session's own link was replaced elsewhere. Call once per
    run, before the page."""
    db = store()
    if db is None:
        return
    link = st.query_params.get(LINK_PARAM)
    if link is not None:
        del st.query_params[LINK_PARAM]
        st.session_state.pop(state.LINK_STALE, None)  # the link opened now is what this run is about
        try:
            info = learners.find(db, link)
        except StoreUnavailable:
            st.warning("Your progress cannot be opened just now (the database is not reachable). Try the link "
                       "again in a minute.", icon=":material/cloud_off:")
            return
        if info is None:
            st.warning("This personal link is unknown or has been replaced by a newer one, so it opens no "
                       "progress. Ask for the newest link, or just start: your answers make a new profile.",
                       icon=":material/link_off:")
        else:
            _adopt(info, link)
            st.toast(f"Welcome back{', ' + md_escape(info.name) if info.name else ''}!", icon=":material/waving_hand:")
        return
    lid = learner_id()  # forgotten here if its link was replaced (or earlier in this run's callback)
    if st.session_state.pop(state.LINK_STALE, False):
        st.warning(LINK_REPLACED, icon=":material/link_off:")
        # The cookie this session connected with may be that link's (set with the link's page):
        # said once, by the browser's next session, and not read again here.
        st.session_state[state.COOKIE_STALE] = True
    if lid is not None:
        return
    cookie = st.context.cookies.get(COOKIE)
    if cookie and not st.session_state.get(state.COOKIE_STALE):
        try:
            info = learners.find(db, cookie)
        except StoreUnavailable:
            return
        if info is not None:
            _adopt(info, cookie)
        else:
            st.session_state[state.COOKIE_STALE] = True
            st.warning(COOKIE_REPLACED, icon=":material/link_off:")
            _clear_cookie()


def learner_id() -> int | None:
    """This session's learner, if there is one yet and the token it was opened with still is
    the learner's (one indexed look-up; see the module docstring). A session whose link was
    replaced forgets the learner here, before anything is written for it."""
    v = st.session_state.get(state.LEARNER)
    if not isinstance(v, int):
        return None
    if not _still_bound(v):
        _forget_replaced()
        return None
    return v


def ensure() -> int | None:
    """This session's learner, made now if there is none (on the first answer, or when the
    database is back for answers kept before there was a profile); ``None`` while the
    database is away."""
    lid = learner_id()
    if lid is not None:
        return lid
    db = store()
    if db is None:
        return None
    try:
        info, token = learners.create(db)
    except StoreUnavailable:
        return None
    _adopt(info, token)
    return info.id


def sync_cookie() -> None:
    """Keep this browser's cookie pointing at the session's learner: a tiny script, sent on
    every run while the cookie the browser connected with differs (the same element each run,
    so the browser runs it once). It asks the server's :data:`COOKIE_ROUTE` for an ``HttpOnly``
    cookie (``tutorial/server.py``), sending too the cookies this session knows the browser
    may hold (the one it connected with, the tokens it sent before): the route keeps a cookie
    that another tab changed since to another learner's (a personal link opened there), and
    answers ``409``. Where there is no such route the script sets the cookie itself
    (``SameSite=Lax``, ``Secure`` on https; a script cannot make it ``HttpOnly``)."""
    token = st.session_state.get(state.LEARNER_TOKEN)
    held = st.context.cookies.get(COOKIE)
    connected = held if isinstance(held, str) and learners.looks_like_token(held) else ""
    if not isinstance(token, str) or not token or connected == token:
        return
    sent = st.session_state.setdefault(state.COOKIE_SENT, [])
    if token not in sent:
        sent.append(token)
    before = sent[max(0, sent.index(token) - 3):sent.index(token)]  # the same for this token on every run
    body = json.dumps(" ".join([token, connected, *before]))
    value = json.dumps(f"{COOKIE}={token}; path=/; max-age={COOKIE_SECONDS}; SameSite=Lax")
    st.html(
        "<script>(async () => {"
        f"try {{ const r = await fetch({json.dumps(COOKIE_ROUTE)}, {{method: 'POST', body: {body}, "
        "credentials: 'same-origin', cache: 'no-store'}); if (r.status === 204 || r.status === 409) return; "
        "} catch (e) {} "
        f"document.cookie = {value} + (location.protocol === 'https:' ? '; Secure' : '');"
        "})();</script>",
        unsafe_allow_javascript=True,
    )


def _clear_cookie() -> None:
    """Ask this browser to forget its ``moon_learner`` cookie: the server's :data:`COOKIE_ROUTE`
    clears an ``HttpOnly`` one; where there is no such route the script expires it itself."""
    expired = json.dumps(f"{COOKIE}=; path=/; max-age=0; SameSite=Lax")
    st.html(
        "<script>(async () => {"
        f"try {{ const r = await fetch({json.dumps(COOKIE_ROUTE)}, {{method: 'DELETE', "
        "credentials: 'same-origin', cache: 'no-store'}); if (r.status === 204) return; } catch (e) {} "
        f"document.cookie = {expired};"
        "})();</script>",
        unsafe_allow_javascript=True,
    )


def link_token() -> str | None:
    """This session's token when it is the learner's personal link (what the pages may show
    as "your personal link"); ``None`` without one, for a device's own token (a class PIN:
    :func:`adopt_device`) and while the database cannot be reached."""
    token, db = st.session_state.get(state.LEARNER_TOKEN), store()
    if not isinstance(token, str) or not token or db is None:
        return None
    try:
        info = learners.find(db, token)
    except StoreUnavailable:
        return None
    return token if info is not None and not info.device else None


def personal_link(token: str) -> str:
    """The link that opens this learner's progress on any device."""
    try:
        parts = urlsplit(str(st.context.url or ""))
        base = f"{parts.scheme}://{parts.netloc}" if parts.scheme and parts.netloc else ""
    except Exception:
        base = ""
    return f"{base}/?{LINK_PARAM}={token}"


def _rename() -> None:
    db, lid = store(), learner_id()
    if db is None or lid is None:
        return
    typed = " ".join(str(st.session_state.get("profile-name-input", "")).split())
    try:
        saved = learners.rename(db, lid, typed)
    except StoreUnavailable:
        st.session_state[state.NOTICE] = ("warning", "The name could not be saved just now; try again in a minute.")
        return
    if not saved:
        note = ("info", "Your name is removed: your progress is kept, with no name.")
    elif saved != typed:
        note = ("info", f"Names keep to {learners.MAX_NAME} characters (and printable ones), so yours is saved as "
                        f"“{md_escape(saved)}”.")
    else:
        note = ("success", f"Your name is saved: “{md_escape(saved)}”.")
    st.session_state[state.RENAMED] = note  # said in the profile box, where the learner is looking


def _reset() -> None:
    db, lid = store(), learner_id()
    old = st.session_state.get(state.LEARNER_TOKEN)
    if db is None or lid is None or not old:
        return
    try:
        token = learners.replace_token(db, old)
    except StoreUnavailable:
        st.session_state[state.NOTICE] = ("warning", "The link could not be replaced just now; try again in a minute.")
        return
    if token is None:  # replaced elsewhere a moment ago
        _forget_replaced()
        return
    st.session_state[state.LEARNER_TOKEN] = token
    st.session_state[state.NOTICE] = ("success", "You have a new personal link: the old one no longer opens "
                                                 "your progress.")


def home_box() -> None:
    """Home's "Your profile" box: the personal link (in the ``profile-link`` container), rename
    and reset."""
    lid, token = learner_id(), st.session_state.get(state.LEARNER_TOKEN)
    db = store()
    with st.container(border=True, key="profile-link"):
        st.markdown("### :material/badge: Your profile")
        if db is None:
            st.warning("Progress cannot be saved on this server just now (its database is not reachable): "
                       "it is kept until you close this tab. Download it from the Learn page to keep it.")
            return
        if lid is None or not token:
            st.markdown("Your progress is saved as you go, with no sign-up: your first answer makes your "
                        "profile, and this browser finds it again next time.")
            return
        try:
            info = learners.find(db, token)
        except StoreUnavailable:
            info = None
        name = info.name if info else ""
        if info is not None and info.device:
            st.markdown(f"Saved as you go{f' for **{md_escape(name)}**' if name else ''}. This browser opened "
                        "your progress with your class PIN and finds it again by itself. Your personal link, "
                        "Rename and New link are on the device where you started.")
            return
        st.markdown(f"Saved as you go{f' for **{md_escape(name)}**' if name else ''}. This browser finds your progress "
                    "again by itself. **Your personal link** opens it on any other device — keep it private, "
                    "like a password:")
        st.code(personal_link(str(token)), language=None, wrap_lines=True)
        with st.container(horizontal=True):
            with st.popover("Rename", icon=":material/edit:"):
                # A longer name is taken and cut, with a word: a field that stops at 40 characters
                # drops a longer paste without a word.
                st.text_input("Your name", value=name, key="profile-name-input",
                              help=f"At most {learners.MAX_NAME} characters.")
                st.button("Save the name", key="profile-rename", on_click=_rename)
                said = st.session_state.pop(state.RENAMED, None)
                if isinstance(said, tuple) and len(said) == 2:
                    (st.success if said[0] == "success" else st.info)(said[1])
            with st.popover("New link", icon=":material/link_off:"):
                st.markdown("Make a new personal link if someone else has yours: the old link (and other "
                            "devices that used it) will no longer open your progress.")
                st.button("Replace my link", key="profile-reset", type="primary", on_click=_reset)


def progress() -> stats.Summary:
    """The learner's progress, the one read model (:class:`store.stats.Summary`): computed from
    their rows in the store (read once per change, kept in the session), with the events still
    waiting in this session's outbox folded in by the same rule; empty before the first answer."""
    base = st.session_state.get(state.PROGRESS)
    if not isinstance(base, stats.Summary):
        base = load_progress()
        st.session_state[state.PROGRESS] = base
    box = st.session_state.get(state.OUTBOX)
    if isinstance(box, Outbox) and box.pending:
        lid = learner_id()
        return base.with_events(ev for who, ev in box.pending if who is None or who == lid)
    return base


def load_progress() -> stats.Summary:
    """The learner's :class:`store.stats.Summary`, from their rows (empty before the first
    answer, or while the database is away)."""
    lid, db = learner_id(), store()
    options = level_options()
    if lid is None or db is None:
        return stats.Summary(options=options)
    try:
        return stats.summary(db, lid, options)
    except StoreUnavailable:
        return stats.Summary(options=options)


def deferred_export(db: Store, lid: int, token: str | None, fallback: str) -> Callable[[], str]:
    """The download's data: a function Streamlit calls only when the learner presses the
    button (on its own thread, so it touches no session state), never on a page run. A press
    comes with no rerun, so the function checks again that ``token`` (the session's, if it has
    one) still opens learner ``lid``: a tab whose link was replaced since its last run gets
    ``fallback``, not the profile."""

    def build() -> str:
        try:
            if token is not None:
                info = learners.find(db, token)
                if info is None or info.id != lid:
                    return fallback
            return json.dumps(transfer.export_dict(db, lid, level_options()), indent=1)
        except StoreUnavailable:
            return fallback

    return build


def progress_file() -> None:
    """Download everything the learner did as a JSON file (built only when the button is
    pressed), or load a saved file into the store (a bad file changes nothing and says why)."""
    with st.expander("Save or load your progress", icon=":material/save:"):
        lid, db = learner_id(), store()
        fallback = json.dumps(transfer.summary_dict(progress()), indent=1)
        token = st.session_state.get(state.LEARNER_TOKEN)
        data: str | Callable[[], str] = fallback
        if lid is not None and db is not None:
            data = deferred_export(db, lid, token if isinstance(token, str) and token else None, fallback)
        st.download_button("Download my progress (JSON)", data, file_name="moon-progress.json",
                           mime="application/json", key="progress-download", icon=":material/download:",
                           on_click="ignore")
        up = st.file_uploader("Load a saved progress file", type=["json"], key="progress-upload")
        if up is not None and st.session_state.get(state.PROGRESS_LOADED) != up.file_id:
            st.session_state[state.PROGRESS_LOADED] = up.file_id
            import_file(up.getvalue())


def import_file(raw: bytes) -> bool:
    """Load a progress file into the learner's store rows (every field checked against the
    course first); shows what happened."""
    try:
        known = known_content()
        obj = check_file(raw, known)
    except ProgressError as e:
        st.error(md_escape(f"This file cannot be used. {e} Your progress is unchanged."))
        return False
    lid, db = ensure(), store()
    if lid is None or db is None:
        st.error("Progress cannot be loaded just now: the database is not reachable. Your progress is unchanged.")
        return False
    try:
        added = transfer.import_dict(db, lid, obj, known)
    except transfer.TransferError as e:
        st.error(md_escape(f"This file cannot be used. {e} Your progress is unchanged."))
        return False
    except StoreUnavailable:
        st.error("Progress cannot be loaded just now: the database is not reachable. Your progress is unchanged.")
        return False
    st.session_state.pop(state.PROGRESS, None)
    p = progress()
    n = sum(added.values())
    done = course_count(p)
    st.success(f"Progress loaded ({n} new entr{'y' if n == 1 else 'ies'}): {count_words(done.stars, 'star')} "
               f"over {count_words(done.levels, 'level')}"
               + (f", {count_words(done.drills, 'drill')} played out." if done.drills else "."))
    return True
