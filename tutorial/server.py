"""Moon Tutor served as an ASGI app (``st.App``): ``streamlit run tutorial/server.py``, as
``make run`` does, serves ``tutorial/app.py`` plus one route of its own.

``POST /profile-cookie`` (the body: the learner's token, then, after spaces, the cookies the
page's session knows the browser may hold: the one it connected with, or nothing, and the tokens
it sent before) answers with the ``moon_learner`` cookie set ``HttpOnly`` (so no script in the
page can read it), ``SameSite=Lax``, and ``Secure`` when the page is on https. It keeps the
browser's cookie instead (``409``) when that cookie is none of those and opens another learner:
a tab opened before a personal link, answered in after it, would otherwise put its new profile
over the link's. ``DELETE /profile-cookie`` clears it (the page asks when the cookie's link was
replaced). A Streamlit script cannot set a cookie or a response header itself (it runs over
the page's WebSocket, after the page was served), so the page's script asks this route for it
(:func:`tutorial.components.profile.sync_cookie`); where the route is missing (the app started
as ``streamlit run tutorial/app.py``) that script sets an ordinary cookie instead.

A page opened with a personal link (``GET /?me=<token>``, any page's address) is answered with
that ``moon_learner`` cookie already set, the same way, when the token opens a learner (by
:class:`LinkCookie`): the browser holds the profile before the page is drawn. The page's own
script comes only once the page is drawn, seconds later on a busy machine, and another address
opened in the meantime would find no cookie and start a new profile over the link's.

``POST /class-link-cookie`` (the body: a class code, a space, its teacher token) keeps a class's
teacher link in the browser that made the class, in an ``HttpOnly`` cookie of its own
(``moon_class_<code>``), so a reload there can show the link again behind its reveal
(:func:`tutorial.components.classes.own_dashboard`, which uses it only for the profile that made
the class and only while it still opens that class). The database keeps only its hash.

The presenter's page (``GET /presenter``, Streamlit's ``index.html``) gets one small script in
its ``<head>`` (``tutorial/static/js/presenter_early_keys.js``, by :class:`PresenterEarlyKeys`):
a → or ← pressed in the seconds before the page is drawn is kept and played once the presenter's
buttons are there, instead of being lost.

``POST /kept-cookie`` (the body: a cookie's name, a space, its value) keeps the house rules
(``moon_rules``) or the Classroom's lesson deck (``moon_deck``) in this browser over a reload, in
an ``HttpOnly`` cookie; an empty value clears it. The value is checked here (house rules the
engine accepts, a deck that unpacks) and again when a new session reads it back
(:mod:`tutorial.services.kept`).
"""

from __future__ import annotations

import re
import sys
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

_ROOT = Path(__file__).resolve().parents[1]
if str(_ROOT) not in sys.path:  # `streamlit run tutorial/server.py` puts only tutorial/ on the path
    sys.path.insert(0, str(_ROOT))

import streamlit as st  # noqa: E402
from starlette.concurrency import run_in_threadpool  # noqa: E402
from starlette.middleware import Middleware  # noqa: E402
from starlette.requests import Request  # noqa: E402
from starlette.responses import Response  # noqa: E402
from starlette.routing import Route  # noqa: E402
from starlette.types import ASGIApp, Message, Receive, Scope, Send  # noqa: E402

from store import learners, open_store  # noqa: E402
from store.classes import CODE_ALPHABET, CODE_LENGTH  # noqa: E402
from store.learners import looks_like_token  # noqa: E402
from tutorial.components.classes import LINK_COOKIE, LINK_COOKIE_ROUTE  # noqa: E402
from tutorial.components.profile import COOKIE, COOKIE_ROUTE, COOKIE_SECONDS, LINK_PARAM, store_url  # noqa: E402
from tutorial.services import kept  # noqa: E402

_CLASS_CODE = re.compile(f"[{CODE_ALPHABET}]{{{CODE_LENGTH}}}")


def _foreign(request: Request) -> Response | None:
    """The refusal of a request not sent by a page of this site (its ``Origin`` must be this
    host: another site cannot plant a token in a browser), else ``None``."""
    origin = request.headers.get("origin", "")
    if not origin or urlsplit(origin).netloc != request.headers.get("host"):
        return Response("Only the app's own pages may set its cookie.", status_code=403)
    return None


def _secure(request: Request) -> bool:
    return urlsplit(request.headers.get("origin", "")).scheme == "https"


async def profile_cookie(request: Request) -> Response:
    """Set the learner's cookie, ``HttpOnly``, from a page of this site, unless the browser's
    cookie is none the page's session knows of and opens another learner (``409``: it is
    kept); ``DELETE`` clears it (a cookie whose link was replaced)."""
    refused = _foreign(request)
    if refused is not None:
        return refused
    if request.method == "DELETE":
        gone = Response(status_code=204, headers={"Cache-Control": "no-store"})
        gone.delete_cookie(COOKIE, path="/", httponly=True, samesite="lax", secure=_secure(request))
        return gone
    token, *known = (await request.body())[:400].decode("ascii", "replace").split(" ")
    if not looks_like_token(token):
        return Response("That is not a Moon Tutor token.", status_code=400)
    held = request.cookies.get(COOKIE, "")
    if held not in ("", token, *known) and await run_in_threadpool(_opens_learner, held):
        return Response("This browser opened another profile meanwhile (a personal link); it keeps that one.",
                        status_code=409, headers={"Cache-Control": "no-store"})
    resp = Response(status_code=204, headers={"Cache-Control": "no-store"})
    resp.set_cookie(COOKIE, token, max_age=COOKIE_SECONDS, path="/", httponly=True, samesite="lax",
                    secure=_secure(request))
    return resp


async def class_link_cookie(request: Request) -> Response:
    """Keep a class's teacher link in this browser, ``HttpOnly``, from a page of this site (the
    page checks it against the database before it uses it)."""
    refused = _foreign(request)
    if refused is not None:
        return refused
    code, _, token = (await request.body())[:200].decode("ascii", "replace").partition(" ")
    if _CLASS_CODE.fullmatch(code) is None or not looks_like_token(token):
        return Response("That is not a class code and teacher link.", status_code=400)
    resp = Response(status_code=204, headers={"Cache-Control": "no-store"})
    resp.set_cookie(LINK_COOKIE + code, token, max_age=COOKIE_SECONDS, path="/", httponly=True, samesite="lax",
                    secure=_secure(request))
    return resp


async def kept_cookie(request: Request) -> Response:
    """Keep (or, for an empty value, clear) the house rules or the lesson deck in this browser,
    ``HttpOnly``, from a page of this site, once the value is checked."""
    refused = _foreign(request)
    if refused is not None:
        return refused
    name, _, value = (await request.body())[: kept.MAX_VALUE + 40].decode("ascii", "replace").partition(" ")
    if not kept.check(name, value):
        return Response("That is not house rules or a lesson deck this app keeps.", status_code=400)
    resp = Response(status_code=204, headers={"Cache-Control": "no-store"})
    if value:
        resp.set_cookie(name, value, max_age=COOKIE_SECONDS, path="/", httponly=True, samesite="lax",
                        secure=_secure(request))
    else:
        resp.delete_cookie(name, path="/", httponly=True, samesite="lax", secure=_secure(request))
    return resp


#: The script :class:`PresenterEarlyKeys` puts in the presenter page's ``<head>``.
EARLY_KEYS = (b"<script>" + (_ROOT / "tutorial" / "static" / "js" / "presenter_early_keys.js").read_bytes()
              + b"</script>")


class PresenterEarlyKeys:
    """ASGI middleware: the presenter's page (``GET /presenter``) with :data:`EARLY_KEYS` in
    its ``<head>``, so that a key pressed before Streamlit has drawn the page is not lost. The
    page is asked for uncompressed (it is a few kilobytes) so that its text can be changed;
    every other request passes through untouched."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] != "GET" or not str(scope["path"]).endswith("/presenter"):
            await self.app(scope, receive, send)
            return
        scope = {**scope, "headers": [(k, v) for k, v in scope["headers"] if k.lower() != b"accept-encoding"]}
        start: Message = {}
        chunks: list[bytes] = []

        async def edit(message: Message) -> None:
            nonlocal start
            if message["type"] == "http.response.start":
                start = message
                return
            if message["type"] != "http.response.body":
                await send(message)
                return
            chunks.append(message.get("body", b""))
            if message.get("more_body"):
                return
            body = b"".join(chunks)
            headers = dict(start.get("headers", []))
            if (start.get("status") == 200 and b"text/html" in headers.get(b"content-type", b"")
                    and b"content-encoding" not in headers and b"<head>" in body):
                body = body.replace(b"<head>", b"<head>" + EARLY_KEYS, 1)
            out = [(k, v) for k, v in start.get("headers", []) if k.lower() != b"content-length"]
            await send({**start, "headers": [*out, (b"content-length", str(len(body)).encode())]})
            await send({"type": "http.response.body", "body": body})

        await self.app(scope, receive, edit)


def _link_token(scope: Scope) -> str | None:
    """The personal link's token of a page asked for with one (``GET ...?me=<token>``)."""
    if scope["type"] != "http" or scope["method"] != "GET":
        return None
    values = parse_qs(bytes(scope.get("query_string", b"")).decode("latin-1")).get(LINK_PARAM, [])
    return values[0] if len(values) == 1 and looks_like_token(values[0]) else None


def _opens_learner(token: str) -> bool:
    """Whether ``token`` opens a learner (false while the database cannot be reached)."""
    try:
        return learners.find(open_store(store_url()), token) is not None
    except Exception:  # unreachable or not configured: the page says so, and sets no cookie
        return False


class LinkCookie:
    """ASGI middleware: the page of a personal link (``GET ...?me=<token>``, answered with
    Streamlit's ``index.html``) comes with the ``moon_learner`` cookie set to that token,
    ``HttpOnly``, when the token opens a learner (an unknown or replaced link leaves the
    browser's cookie as it was). Every other request passes through untouched."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        token = _link_token(scope)
        if token is None or not await run_in_threadpool(_opens_learner, token):
            await self.app(scope, receive, send)
            return
        made = Response()
        made.set_cookie(COOKIE, token, max_age=COOKIE_SECONDS, path="/", httponly=True, samesite="lax",
                        secure=scope.get("scheme") == "https")
        cookie = [(k, v) for k, v in made.raw_headers if k == b"set-cookie"]

        async def with_cookie(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = dict(message.get("headers", []))
                if message.get("status") == 200 and b"text/html" in headers.get(b"content-type", b""):
                    message = {**message, "headers": [*message.get("headers", []), *cookie]}
            await send(message)

        await self.app(scope, receive, with_cookie)


app = st.App("app.py", middleware=[Middleware(LinkCookie), Middleware(PresenterEarlyKeys)], routes=[Route(COOKIE_ROUTE, profile_cookie, methods=["POST", "DELETE"]),
                               Route(LINK_COOKIE_ROUTE, class_link_cookie, methods=["POST"]),
                               Route(kept.KEPT_ROUTE, kept_cookie, methods=["POST"])])
