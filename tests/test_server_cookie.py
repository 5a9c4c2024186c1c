"""The cookie route of ``tutorial/server.py`` (``POST /profile-cookie``), called as Starlette
calls it: it sets the learner's cookie, but keeps a cookie that another tab changed since the
page's session connected when that cookie opens another learner (a personal link opened there)."""

from __future__ import annotations

import asyncio

from starlette.requests import Request
from starlette.responses import Response

from store import learners, open_store
from tutorial.components.profile import COOKIE, COOKIE_ROUTE, store_url
from tutorial.server import profile_cookie

HOST = "127.0.0.1:8501"


def _post(body: str, held: str | None) -> Response:
    headers = [(b"host", HOST.encode()), (b"origin", f"http://{HOST}".encode())]
    if held is not None:
        headers.append((b"cookie", f"{COOKIE}={held}".encode()))
    scope = {"type": "http", "method": "POST", "path": COOKIE_ROUTE, "headers": headers, "query_string": b""}

    async def receive() -> dict[str, object]:
        return {"type": "http.request", "body": body.encode(), "more_body": False}

    return asyncio.run(profile_cookie(Request(scope, receive)))


def _set_to(resp: Response) -> str | None:
    """The value the response sets the profile cookie to (``None``: it sets none)."""
    for key, value in resp.raw_headers:
        if key == b"set-cookie" and value.startswith(f"{COOKIE}=".encode()):
            return value.decode().split(";")[0].split("=", 1)[1]
    return None


def _token() -> str:
    return learners.create(open_store(store_url()))[1]


def test_a_new_profile_is_kept_in_a_browser_with_no_cookie_or_the_one_it_connected_with() -> None:
    mine, before = _token(), _token()
    for body, held in ((f"{mine} ", None), (mine, None), (f"{mine} {before}", before), (f"{mine} ", mine)):
        resp = _post(body, held)
        assert (resp.status_code, _set_to(resp)) == (204, mine), (body, held)


def test_a_cookie_another_tab_set_to_another_learner_is_kept() -> None:
    """The page's session connected with no cookie (or another one); a personal link opened in
    another tab has since set the browser's cookie to its learner: that cookie stays."""
    mine, link, before = _token(), _token(), _token()
    for body in (f"{mine} ", f"{mine} {before}"):
        resp = _post(body, link)
        assert (resp.status_code, _set_to(resp)) == (409, None), body


def test_a_cookie_the_session_itself_sent_before_is_replaced() -> None:
    """A phone's session made a profile (its cookie now holds it), then took a classmate's with
    their PIN: the new token replaces the one this session sent."""
    first, pin = _token(), _token()
    resp = _post(f"{pin}  {first}", first)
    assert (resp.status_code, _set_to(resp)) == (204, pin)
    resp = _post(f"{pin}  {_token()}", first)  # another token sent before, not the one held
    assert (resp.status_code, _set_to(resp)) == (409, None)


def test_a_cookie_that_opens_no_learner_is_replaced() -> None:
    """A cookie changed since the session connected but whose link was replaced (or is unknown)
    keeps nobody's profile: the session's learner takes its place."""
    mine = _token()
    resp = _post(f"{mine} ", "A" * 32)
    assert (resp.status_code, _set_to(resp)) == (204, mine)
