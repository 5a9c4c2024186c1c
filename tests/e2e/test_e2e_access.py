"""Browser tests of access to a profile: a personal link replaced in one browser stops working
in another browser's tab that had it open (it can no longer read, write or replace the link), and
a browser whose cookie holds the replaced link is told once and forgets it;
served by ``tutorial/server.py`` (as ``make run`` does) the cookie is ``HttpOnly``. Each test runs
on the shared ``streamlit run tutorial/app.py`` server and on a ``tutorial/server.py`` one."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from moon_browser import ROOT, answer_count_level, app_server, click, click_key, first_count_level, open_page


@pytest.fixture(scope="module")
def asgi_server(server: str) -> Iterator[str]:
    """``streamlit run tutorial/server.py`` (the app with its cookie route), for this module."""
    with app_server(script=ROOT / "tutorial" / "server.py") as url:
        yield url


@pytest.fixture(params=["app.py", "server.py"])
def base(request: pytest.FixtureRequest, server: str) -> str:
    """The URL of the app started from ``app.py`` (the shared server), then from ``server.py``."""
    return server if request.param == "app.py" else str(request.getfixturevalue("asgi_server"))


def _cookie(ctx: Any, page: Any, token: str | None = None) -> dict[str, Any]:
    """The browser's ``moon_learner`` cookie, once it is set (to ``token`` if given)."""
    for _ in range(300):
        found = [c for c in ctx.cookies() if c["name"] == "moon_learner" and token in (None, c["value"])]
        if found:
            return dict(found[0])
        page.wait_for_timeout(50)
    raise AssertionError(f"no moon_learner cookie: {ctx.cookies()}")


def _no_cookie(ctx: Any, page: Any) -> None:
    """Wait until the browser has no ``moon_learner`` cookie."""
    for _ in range(300):
        if not [c for c in ctx.cookies() if c["name"] == "moon_learner"]:
            return
        page.wait_for_timeout(50)
    raise AssertionError(f"the moon_learner cookie is still there: {ctx.cookies()}")


def _sidebar(page: Any) -> str:
    return str(page.locator('[data-testid="stSidebar"]').inner_text())


def _alerts(page: Any) -> str:
    return " ".join(str(t) for t in page.locator('[data-testid="stAlert"]').all_inner_texts())


def _link_token(page: Any) -> str:
    text = str(page.locator(".st-key-profile-link code").inner_text()).strip()
    assert "?me=" in text, text
    return text.split("?me=")[1]


def _replace_link(page: Any) -> None:
    """Home: New link -> Replace my link."""
    click(page, page.locator(".st-key-profile-link button:has-text('New link')"))
    click_key(page, "profile-reset")


def test_a_replaced_link_is_refused_in_the_tab_that_had_it_open(browser: Any, base: str) -> None:
    server = base
    a_ctx = browser.new_context(viewport={"width": 1440, "height": 1000})
    b_ctx = browser.new_context(viewport={"width": 1440, "height": 1000})
    a, b = a_ctx.new_page(), b_ctx.new_page()
    # A earns three stars, and B opens A's personal link.
    answer_count_level(a, server, first_count_level().answer())
    open_page(a, server + "/")
    old = _link_token(a)
    open_page(b, f"{server}/?me={old}")
    assert "3 stars" in _sidebar(b)
    assert _link_token(b) == old
    # A replaces the link; B's tab still shows A's profile box, with its New link button.
    _replace_link(a)
    new = _link_token(a)
    assert new != old and "3 stars" in _sidebar(a)
    _replace_link(b)  # B's next interaction
    assert "has since been replaced" in _alerts(b)
    assert "0 stars" in _sidebar(b)
    assert b.locator(".st-key-profile-link code").count() == 0  # no link to show or replace
    # A keeps the profile and the link A asked for (the browser's cookie finds them again).
    _cookie(a_ctx, a, new)
    open_page(a, server + "/")
    assert "3 stars" in _sidebar(a) and _link_token(a) == new
    # B's browser still holds the old token in its cookie: a new session there says so once and
    # the cookie is cleared, so the next visit is simply a new visitor's.
    _cookie(b_ctx, b, old)
    open_page(b, server + "/")
    assert "browser kept a profile opened with a personal link that has since been replaced" in _alerts(b)
    assert "0 stars" in _sidebar(b)
    _no_cookie(b_ctx, b)
    open_page(b, server + "/")
    assert "replaced" not in _alerts(b) and "0 stars" in _sidebar(b)
    a_ctx.close()
    b_ctx.close()


def test_the_cookie_is_http_only_when_served_by_server_py(browser: Any, asgi_server: str) -> None:
    ctx = browser.new_context(viewport={"width": 1440, "height": 1000})
    page = ctx.new_page()
    answer_count_level(page, asgi_server, first_count_level().answer())
    cookie = _cookie(ctx, page)
    assert cookie["httpOnly"] and cookie["sameSite"] == "Lax" and cookie["path"] == "/"
    assert cookie["expires"] > 300 * 24 * 3600  # kept a year, not for the session
    assert "moon_learner" not in str(page.evaluate("document.cookie"))  # no script can read it
    open_page(page, asgi_server + "/")  # a new session: the cookie finds the profile
    assert "3 stars" in _sidebar(page) and _link_token(page) == cookie["value"]
    # Another site cannot plant a token, and the route takes nothing but a token.
    planted = ctx.request.post(asgi_server + "/profile-cookie", data=cookie["value"],
                               headers={"Origin": "http://evil.example"})
    assert planted.status == 403
    junk = ctx.request.post(asgi_server + "/profile-cookie", data="x; Path=/; Domain=evil",
                            headers={"Origin": asgi_server})
    assert junk.status == 400
    assert _cookie(ctx, page)["value"] == cookie["value"]
    ctx.close()
