"""Browser tests of access to a profile: a personal link replaced in one browser stops working
in another browser's tab that had it open (it can no longer read, write or replace the link), and
a browser whose cookie holds the replaced link is told once and forgets it;
served by ``tutorial/server.py`` (as ``make run`` does) the cookie is ``HttpOnly``. The
replaced-link test runs twice: on the shared ``tutorial/server.py`` server (its cookie routes,
and a personal link's page answered with its cookie), and on a real ``streamlit run
tutorial/app.py`` server (no routes: the page sets an ordinary cookie itself)."""

from __future__ import annotations

from typing import Any

import pytest
from moon_browser import (
    answer_count_level,
    click,
    click_key,
    first_count_level,
    open_page,
    sized_context,
    wait_for_cookie,
    wait_for_no_cookie,
)


@pytest.fixture(params=["app.py", "server.py"])
def served(request: pytest.FixtureRequest) -> tuple[str, bool]:
    """The URL of the app started from ``tutorial/app.py`` or ``tutorial/server.py``, and
    whether it has the cookie route (``server.py``)."""
    if request.param == "server.py":
        return str(request.getfixturevalue("server")), True
    return str(request.getfixturevalue("app_py_server")), False


def _context(browser: Any) -> Any:
    """A new browser at 1440×1000."""
    return sized_context(browser, 1440, 1000)


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


def test_a_replaced_link_is_refused_in_the_tab_that_had_it_open(browser: Any, served: tuple[str, bool]) -> None:
    server, route = served
    a_ctx, b_ctx = _context(browser), _context(browser)
    a, b = a_ctx.new_page(), b_ctx.new_page()
    # A earns three stars, and B opens A's personal link.
    answer_count_level(a, server, first_count_level().answer())
    assert wait_for_cookie(a)["httpOnly"] is route  # set by the route, or by the page itself
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
    wait_for_cookie(a, new)
    open_page(a, server + "/")
    assert "3 stars" in _sidebar(a) and _link_token(a) == new
    # B's browser still holds the old token in its cookie: a new session there says so once and
    # the cookie is cleared, so the next visit is simply a new visitor's.
    wait_for_cookie(b, old)
    open_page(b, server + "/")
    assert "browser kept a profile opened with a personal link that has since been replaced" in _alerts(b)
    assert "0 stars" in _sidebar(b)
    wait_for_no_cookie(b)
    open_page(b, server + "/")
    assert "replaced" not in _alerts(b) and "0 stars" in _sidebar(b)
    a_ctx.close()
    b_ctx.close()


def test_the_cookie_is_http_only_when_served_by_server_py(browser: Any, server: str) -> None:
    ctx = sized_context(browser, 1440, 1000)
    page = ctx.new_page()
    answer_count_level(page, server, first_count_level().answer())
    cookie = wait_for_cookie(page)
    assert cookie["httpOnly"] and cookie["sameSite"] == "Lax" and cookie["path"] == "/"
    assert cookie["expires"] > 300 * 24 * 3600  # kept a year, not for the session
    assert "moon_learner" not in str(page.evaluate("document.cookie"))  # no script can read it
    open_page(page, server + "/")  # a new session: the cookie finds the profile
    assert "3 stars" in _sidebar(page) and _link_token(page) == cookie["value"]
    # Another site cannot plant a token, and the route takes nothing but a token.
    planted = ctx.request.post(server + "/profile-cookie", data=cookie["value"],
                               headers={"Origin": "http://evil.example"})
    assert planted.status == 403
    junk = ctx.request.post(server + "/profile-cookie", data="x; Path=/; Domain=evil",
                            headers={"Origin": server})
    assert junk.status == 400
    assert wait_for_cookie(page)["value"] == cookie["value"]
    ctx.close()
