"""Browser test: several sessions play a hand each at the same time on one server; none fails
and none sees another's game."""

from __future__ import annotations

import asyncio
import threading
from typing import Any
from urllib.parse import parse_qs, urlparse

from moon_browser import ARM, CHROMIUM, CHROMIUM_ARGS, RUNS, SETTLE, VISIBLE

from engine import Game, RuleSet
from tutorial.services.urlstate import decode, replay


async def _settle(page: Any, timeout: float = 120.0, quiet: float = 0.25, since: int | None = None) -> None:
    await page.evaluate(ARM)
    if not await page.evaluate(SETTLE, [since, quiet * 1000, timeout * 1000]):
        raise TimeoutError("the app did not settle")


async def _click(page: Any, selector: str) -> bool:
    loc = page.locator(selector)
    if await loc.count() == 0:
        return False
    await page.evaluate(ARM)
    before = await page.evaluate(RUNS)
    try:
        await loc.first.click(timeout=5000)
    except Exception:
        return False
    await _settle(page, since=before)
    return True


async def _one_session(browser: Any, server: str, deal: int) -> dict[str, Any]:
    ctx = await browser.new_context(viewport={"width": 1280, "height": 900})
    page = await ctx.new_page()
    page.set_default_timeout(120_000)
    await page.goto(f"{server}/play?deal={deal}")
    await page.wait_for_function(VISIBLE, arg=".st-key-table-hand svg.moon-tile", timeout=120_000, polling=20)
    await _settle(page)
    first_hand = await page.locator(".st-key-table-hand svg.moon-tile").evaluate_all(
        "els => els.map(e => e.getAttribute('data-tile'))")
    await page.locator(".st-key-play-settings button").first.click()  # the Table settings popover
    await _click(page, ".st-key-moon_play_mode button:has-text('Press Next')")
    await page.keyboard.press("Escape")
    for _ in range(120):
        if await page.locator(".st-key-hand-summary").count():
            break
        for sel in (".st-key-to-my-turn button:enabled", ".st-key-bid-4 button:enabled",
                    "[class*='st-key-bid-'] button:enabled", "[class*='st-key-discard-btn-'] button:enabled",
                    ".st-key-trump-buttons button", "[class*='st-key-hand-btn-'] button:enabled"):
            if await _click(page, sel):
                break
        else:
            await _settle(page)
    status = await page.locator(".st-key-hand-summary").inner_text()
    out = {
        "deal": deal,
        "url": page.url,
        "first_hand": first_hand,
        "summary": status,
        "errors": await page.locator('[data-testid="stException"]').count(),
        "line": await page.get_by_text(f"of game {deal} ·").count(),
    }
    await ctx.close()
    return out


async def _all(server: str, n: int) -> list[dict[str, Any]]:
    from playwright.async_api import async_playwright

    async with async_playwright() as p:
        browser = await p.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        try:
            return list(await asyncio.gather(*[_one_session(browser, server, 500 + i) for i in range(n)]))
        finally:
            await browser.close()


def _run_in_thread(server: str, n: int) -> list[dict[str, Any]]:
    """asyncio.run in a thread of its own (the sync Playwright of other tests owns this one's loop)."""
    box: dict[str, Any] = {}

    def target() -> None:
        try:
            box["value"] = asyncio.run(_all(server, n))
        except BaseException as e:  # re-raised in the test
            box["error"] = e

    t = threading.Thread(target=target, name="sessions-at-once")
    t.start()
    t.join(timeout=600)
    if "error" in box:
        raise box["error"]
    return list(box["value"])


#: Sessions at once: twice the CPU cores of the 2-core machine CI runs on, so the sessions'
#: script runs (each a thread of the one server, the basic players deciding in it) overlap
#: and wait on one another at every step of their hands. Two sessions would show that one
#: does not see the other's game; more only repeat the same checks on more hands (each
#: session costs about 7 s of a loaded 2-core machine: ten took 75 s, four 30 s).
SESSIONS = 4


def test_sessions_at_once(server: str) -> None:
    """:data:`SESSIONS` browsers (contexts of their own: other visitors) open the Play page on
    their own deals at once and play a hand each to its end through the buttons: none shows an
    error, each is dealt the hand of its own deal and ends a hand of that deal."""
    results = _run_in_thread(server, SESSIONS)
    assert len(results) == SESSIONS
    for r in results:
        deal = r["deal"]
        assert r["errors"] == 0, r
        assert "Hand 1 is over" in r["summary"], r
        # The session's first hand is the deal it asked for, not another session's.
        expected = [str(t) for t in Game.new(RuleSet(), deal).hands[0]]
        assert r["first_hand"] == expected, r
        query = {k: v[-1] for k, v in parse_qs(urlparse(r["url"]).query).items()}
        assert query["deal"] == str(deal)
        req = decode(query)
        game = replay(req.setup, req.moves)
        assert game.hand_finished
        assert r["line"] >= 1
