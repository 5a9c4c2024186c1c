"""Browser tests of access to a profile: a personal link replaced in one browser stops working
in another browser's tab that had it open (it can no longer read, write or replace the link)."""

from __future__ import annotations

from typing import Any

from moon_browser import click, click_key, open_page, runs, settle

from tutorial.services.items import course


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


def test_a_replaced_link_is_refused_in_the_tab_that_had_it_open(browser: Any, server: str) -> None:
    lv = next(lv for lv in course().levels() if lv.kind == "count")
    a_ctx = browser.new_context(viewport={"width": 1440, "height": 1000})
    b_ctx = browser.new_context(viewport={"width": 1440, "height": 1000})
    a, b = a_ctx.new_page(), b_ctx.new_page()
    # A earns three stars, and B opens A's personal link.
    open_page(a, f"{server}/learn")
    box = a.locator(f".st-key-lv-{lv.id}-number input")
    box.fill(str(lv.answer()))
    before = runs(a)
    box.press("Enter")
    settle(a, since=before)
    click_key(a, f"lv-{lv.id}-check")
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
    open_page(a, server + "/")
    assert "3 stars" in _sidebar(a) and _link_token(a) == new
    a_ctx.close()
    b_ctx.close()
