"""Browser tests: bad links and a bad deal number show a clear message, never a traceback,
and the Bidding lab recovers as soon as the box is fixed. Screenshots at desktop,
phone and projector size go to artifacts/screenshots/ (with MOON_SCREENSHOTS=1)."""

from __future__ import annotations

from typing import Any
from urllib.parse import quote

from moon_browser import open_page, runs, settle, shot, sized_context

BAD_LINKS = {
    "sup2": "/play?deal=" + quote("²"),
    "moves-3300-hands": "/play?deal=1&moves=" + quote("~".join(["p.p.p"] * 3300), safe=""),
    "target-5000-nines": "/play?deal=1&rules=" + quote("target:" + "9" * 5000, safe=""),
}
SIZES = {"desktop": (1440, 1000), "phone": (390, 844), "projector": (1920, 1080)}


def _alert_text(page: Any) -> str:
    return " ".join(page.locator('[data-testid="stAlert"]').all_inner_texts())


def test_bad_links_show_a_message_not_a_traceback(browser: Any, server: str) -> None:
    for size, (w, h) in SIZES.items():
        ctx = sized_context(browser, w, h)
        page = ctx.new_page()
        page.set_default_timeout(60_000)
        for name, path in BAD_LINKS.items():
            if size != "desktop" and name != "sup2":
                continue
            open_page(page, server + path)
            assert not page.locator('[data-testid="stException"]').count(), name
            text = _alert_text(page)
            assert text, f"no message for {name}"
            assert "Traceback" not in page.content()
            assert len(text) < 800, name
            shot(page, f"bad-link-{name}-{size}.png")
        ctx.close()


def test_bidding_lab_recovers_when_the_deal_number_is_fixed(page: Any, server: str) -> None:
    open_page(page, server + "/bidding-lab")
    box = page.locator(".st-key-lab-deal input")
    for raw, bad in (("²", True), ("9" * 5000, True), ("8", False)):
        box.fill(raw)
        before = runs(page)
        box.press("Enter")
        settle(page, since=before)
        assert not page.locator('[data-testid="stException"]').count(), raw[:10]
        alert = _alert_text(page)
        if bad:
            assert "deal number" in alert and len(alert) < 800
        else:
            assert "deal number" not in alert  # the page works again (AppTest checks the hand itself)
        if raw == "²":
            shot(page, "bidding-lab-bad-deal-desktop.png")
