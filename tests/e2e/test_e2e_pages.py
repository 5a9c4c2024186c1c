"""Browser tests: every page's accessibility (axe-core) and screenshots at desktop and
projector size (saved under artifacts/screenshots/ with MOON_SCREENSHOTS=1)."""

from __future__ import annotations

import os
from typing import Any

import pytest
from moon_browser import (
    SCREENSHOTS,
    axe_source,
    axe_violations,
    click,
    click_key,
    full_screenshot,
    open_page,
    runs,
    settle,
    shot,
    sized_context,
    step_mode,
    wait_for,
)

from tutorial.pages import PAGES as ALL_PAGES

#: Every page of tutorial/pages.py, by URL path, with the query that makes it interesting.
QUERIES = {"play": "?deal=21&level=basic"}
PAGES = {(p.url_path or p.key): p.url + QUERIES.get(p.key, "") for p in ALL_PAGES}


def _prepare(page: Any, name: str) -> None:
    """Bring a page to an interesting state before the scan or screenshot."""
    if name == "play":
        step_mode(page)
        if page.locator(".st-key-to-my-turn button").count():
            click_key(page, "to-my-turn")
        if page.locator(".st-key-bid-pass button").count():
            click_key(page, "bid-pass")
            if page.locator(".st-key-to-my-turn button").count():
                click_key(page, "to-my-turn")
    elif name == "classroom":
        page.locator(".st-key-class-deal input").fill("12")
        before = runs(page)
        page.locator(".st-key-class-deal input").press("Enter")
        settle(page, since=before)
        click_key(page, "class-go")
        for _ in range(3):
            click_key(page, "class-forward")
    elif name == "bidding-lab":
        click_key(page, "lab-run")


@pytest.mark.parametrize("name", list(PAGES))
def test_page_at_desktop_size_with_no_serious_accessibility_violations(page: Any, server: str, name: str) -> None:
    """Each page: screenshot at desktop size, then an axe-core scan (no serious or critical
    violation allowed; the full report goes to artifacts/axe/)."""
    open_page(page, server + PAGES[name])
    _prepare(page, name)
    shot(page, f"{name}-desktop.png")
    full_screenshot(page, SCREENSHOTS / f"{name}-desktop-full.png")
    assert not page.locator('[data-testid="stException"]').count(), name
    source = axe_source()
    if source is None:
        if os.environ.get("CI"):
            pytest.fail("axe-core could not be fetched with `npm pack axe-core` (set MOON_AXE_JS to a copy)")
        pytest.skip("axe-core could not be fetched (npm pack axe-core)")
    found = axe_violations(page, source)
    bad = [v for v in found if v.get("impact") in ("serious", "critical")]
    report = "\n".join(f"{v['impact']}: {v['id']}: {v['help']} ({len(v['nodes'])} nodes): "
                       f"{v['nodes'][0]['target']}" for v in found)
    (SCREENSHOTS.parent / "axe").mkdir(parents=True, exist_ok=True)
    (SCREENSHOTS.parent / "axe" / f"{name}.txt").write_text((report or "no violations") + "\n")
    assert not bad, report


def _sidebar_link(page: Any, server: str, path: str) -> Any:
    """The sidebar's link to ``path`` (a page of the app, no query), if it is on screen."""
    href = server + (path if path != "/" else "")
    return page.locator(f'[data-testid="stSidebarNav"] a[href="{href}"], [data-testid="stSidebarNav"] a[href="{href}/"]')


def test_screenshots_at_projector_size(browser: Any, server: str) -> None:
    """Every page at 1920x1080 with the large-tiles switch on, as a teacher goes through them:
    from page to page by the sidebar in one session (the switch stays on), opening by its
    address only a page with a query (a Play deal) or without the sidebar (the presenter)."""
    ctx = sized_context(browser, 1920, 1080)
    page = ctx.new_page()
    page.set_default_timeout(60_000)
    try:
        for name, path in PAGES.items():
            link = _sidebar_link(page, server, path) if "?" not in path and name != "presenter" else None
            if link is not None and link.count() and link.first.is_visible():
                click(page, link.first)
                wait_for(page, '[data-testid="stMainBlockContainer"] h1')
                settle(page)
                assert page.url.split("?")[0].rstrip("/") == (server + path).rstrip("/"), (name, page.url)
            else:
                open_page(page, server + path)
            # The presenter is full screen and sized for a projector: it has no sidebar switch.
            if name != "presenter" and not page.locator(".st-key-moon_large_tiles input").is_checked():
                click(page, page.get_by_text("Large tiles (projector)"))
            _prepare(page, name)
            shot(page, f"{name}-projector.png")
            assert not page.locator('[data-testid="stException"]').count(), name
    finally:
        ctx.close()
