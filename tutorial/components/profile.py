"""The learner's profile in the app: found again from the browser's cookie or a personal link,
made on the first answer (no sign-up), shown on Home with the personal link, rename and reset.

Resolution on every run: a ``?me=<token>`` link first (it is then stored in this browser's
cookie and taken out of the address bar), else the learner this session already has, else the
``moon_learner`` cookie. Tokens are never logged and never shown but in the learner's own link.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any
from urllib.parse import urlsplit

import streamlit as st

from store import Store, StoreUnavailable, database_url, learners, open_store, stats, transfer
from tutorial.components import state
from tutorial.services.progress import Progress, ProgressError, check_file, known_content
from tutorial.services.text import md_escape

COOKIE = "moon_learner"
LINK_PARAM = "me"
#: How long the browser keeps the cookie (a year).
COOKIE_SECONDS = 365 * 24 * 3600


def _secret_url() -> str | None:
    try:
        value = st.secrets.get("MOON_DATABASE_URL")
    except Exception:  # no secrets file: that is the usual case
        return None
    return str(value) if value else None


def store() -> Store | None:
    """The app's store (``None`` when the database cannot be opened: the app then keeps
    progress in the session only and says so)."""
    try:
        return open_store(database_url(secret=_secret_url()))
    except Exception:
        st.session_state[state.STORE_DOWN] = True
        return None


def _adopt(info: learners.LearnerInfo, token: str) -> None:
    st.session_state[state.LEARNER] = info.id
    st.session_state[state.LEARNER_TOKEN] = token
    st.session_state.pop(state.PROGRESS, None)


def resolve() -> None:
    """Find this browser's learner (see the module docstring); shows a message for an unknown
    or reset link. Call once per run, before the page."""
    db = store()
    if db is None:
        return
    link = st.query_params.get(LINK_PARAM)
    if link is not None:
        del st.query_params[LINK_PARAM]
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
            st.toast(f"Welcome back{', ' + info.name if info.name else ''}!", icon=":material/waving_hand:")
        return
    if st.session_state.get(state.LEARNER) is not None:
        return
    cookie = st.context.cookies.get(COOKIE)
    if cookie:
        try:
            info = learners.find(db, cookie)
        except StoreUnavailable:
            return
        if info is not None:
            _adopt(info, cookie)


def learner_id() -> int | None:
    """This session's learner, if there is one yet."""
    v = st.session_state.get(state.LEARNER)
    return v if isinstance(v, int) else None


def ensure() -> int | None:
    """This session's learner, made now if there is none (on the first answer)."""
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
    so the browser runs it once)."""
    token = st.session_state.get(state.LEARNER_TOKEN)
    if not token or st.context.cookies.get(COOKIE) == token:
        return
    value = json.dumps(f"{COOKIE}={token}; path=/; max-age={COOKIE_SECONDS}; SameSite=Lax")
    st.html(
        f"<script>document.cookie = {value} + (location.protocol === 'https:' ? '; Secure' : '');</script>",
        unsafe_allow_javascript=True,
    )


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
    try:
        learners.rename(db, lid, str(st.session_state.get("profile-name-input", "")))
    except StoreUnavailable:
        st.session_state[state.NOTICE] = ("warning", "The name could not be saved just now; try again in a minute.")


def _reset() -> None:
    db, lid = store(), learner_id()
    if db is None or lid is None:
        return
    try:
        token = learners.reset_token(db, lid)
    except StoreUnavailable:
        st.session_state[state.NOTICE] = ("warning", "The link could not be replaced just now; try again in a minute.")
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
            info = learners.get(db, lid)
        except StoreUnavailable:
            info = None
        name = info.name if info else ""
        st.markdown(f"Saved as you go{f' for **{name}**' if name else ''}. This browser finds your progress "
                    "again by itself. **Your personal link** opens it on any other device — keep it private, "
                    "like a password:")
        st.code(personal_link(str(token)), language=None, wrap_lines=True)
        with st.container(horizontal=True):
            with st.popover("Rename", icon=":material/edit:"):
                st.text_input("Your name", value=name, max_chars=learners.MAX_NAME, key="profile-name-input")
                st.button("Save the name", key="profile-rename", on_click=_rename)
            with st.popover("New link", icon=":material/link_off:"):
                st.markdown("Make a new personal link if someone else has yours: the old link (and other "
                            "devices that used it) will no longer open your progress.")
                st.button("Replace my link", key="profile-reset", type="primary", on_click=_reset)


def page_message() -> Any:
    """A warning when answers are waiting to be saved (the database was away)."""
    from tutorial.components import recording

    n = recording.pending()
    if n:
        st.warning(f"{n} answer{'s are' if n != 1 else ' is'} waiting to be saved: the progress database is not "
                   "reachable just now. Nothing is lost — it is saved as soon as the database is back.",
                   icon=":material/cloud_off:")
    return None


def load_progress() -> Progress:
    """The learner's :class:`Progress`, computed from their rows (empty before the first
    answer, or while the database is away)."""
    lid, db = learner_id(), store()
    if lid is None or db is None:
        return Progress()
    try:
        summ = stats.summary(db, lid)
    except StoreUnavailable:
        return Progress()
    return Progress(stars=summ.stars, puzzles_solved=summ.puzzles_solved, best_streak=summ.best_streak,
                    streak=summ.streak, hands_played=summ.hands_played, games_won=summ.games_won)


def deferred_export(db: Store, lid: int, fallback: str) -> Callable[[], str]:
    """The download's data: a function Streamlit calls only when the learner presses the
    button (on its own thread, so it touches no session state), never on a page run."""

    def build() -> str:
        try:
            return json.dumps(transfer.export_dict(db, lid), indent=1)
        except StoreUnavailable:
            return fallback

    return build


def progress_file() -> None:
    """Download everything the learner did as a JSON file (built only when the button is
    pressed), or load a saved file into the store (a bad file changes nothing and says why)."""
    with st.expander("Save or load your progress", icon=":material/save:"):
        lid, db = learner_id(), store()
        fallback = state.progress().to_json()
        data: str | Callable[[], str] = deferred_export(db, lid, fallback) if lid is not None and db is not None else fallback
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
        st.error(md_escape(f"This file cannot be used: {e} Your progress is unchanged."))
        return False
    lid, db = ensure(), store()
    if lid is None or db is None:
        st.error("Progress cannot be loaded just now: the database is not reachable. Your progress is unchanged.")
        return False
    try:
        added = transfer.import_dict(db, lid, obj, known)
    except transfer.TransferError as e:
        st.error(md_escape(f"This file cannot be used: {e} Your progress is unchanged."))
        return False
    except StoreUnavailable:
        st.error("Progress cannot be loaded just now: the database is not reachable. Your progress is unchanged.")
        return False
    st.session_state.pop(state.PROGRESS, None)
    p = state.progress()
    n = sum(added.values())
    st.success(f"Progress loaded ({n} new entr{'y' if n == 1 else 'ies'}): {p.total_stars()} stars over "
               f"{p.levels_done()} levels.")
    return True
