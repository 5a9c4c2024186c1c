"""Browser test of "Continue your game": a 4-player game begun in one browser is offered on
Home in another browser opened with the personal link, and reopens with the same hand and
moves. A screenshot of the offer goes to artifacts/screenshots/ (with MOON_SCREENSHOTS=1)."""

from __future__ import annotations

import time
from typing import Any
from urllib.parse import parse_qs, urlencode, urlparse

from moon_browser import (
    click,
    click_key,
    open_page,
    settle,
    shot,
    sized_context,
    wait_for,
    wait_for_cookie,
)


def _query(page: Any) -> dict[str, str]:
    return {k: v[-1] for k, v in parse_qs(urlparse(page.url).query).items()}


def _hand(page: Any) -> list[str]:
    """The keys of the learner's tile buttons (one per tile in the hand)."""
    keys = page.locator("[class*='st-key-hand-btn-']").evaluate_all(
        "els => els.map(e => [...e.classList].find(c => c.startsWith('st-key-hand-btn-')))")
    return sorted(str(k) for k in keys)


def test_the_unfinished_game_continues_in_a_new_browser_with_the_personal_link(browser: Any, server: str) -> None:
    ctx = sized_context(browser, 1280, 800)
    page = ctx.new_page()
    # Seats 1-3 have passed: the learner (seat 0) bids 4 and names trump, and is to lead.
    open_page(page, f"{server}/play?deal=42&players=4&moves=p.p.p")
    click_key(page, "bid-4")
    click(page, page.locator(".st-key-trump-buttons button").first)
    wait_for(page, "[class*='st-key-hand-btn-'] button:enabled")
    played = _query(page)
    hand = _hand(page)
    assert played.get("players") == "4" and played.get("moves", "").startswith("p.p.p.b4.t"), played
    assert len(hand) == 7, hand
    # The first move made the learner's profile; its token is the cookie and the personal link.
    wait_for_cookie(page)
    token = next(c["value"] for c in ctx.cookies() if c["name"] == "moon_learner")
    ctx.close()

    other = sized_context(browser, 1280, 800)
    page = other.new_page()
    open_page(page, f"{server}/?me={token}")
    wait_for(page, ".st-key-continue-game")
    offer = page.locator(".st-key-continue-game").inner_text()
    # The game goes by its number, as Play's table says "Hand 1 of game 42": never "deal 42".
    assert "Your unfinished game" in offer and "4 players (two teams) · game 42, hand 1, " in offer, offer
    assert "deal" not in offer.lower(), offer
    shot(page, "resume-home-1280x800.png")
    # "Play now" asks before it replaces the saved game, as Deal asks mid-hand; kept, the
    # offer stays.
    click_key(page, "home-play-now")
    wait_for(page, ".st-key-home-play-now-confirm")
    asked = page.locator(".st-key-home-play-now-confirm").inner_text()
    assert "throws away your unfinished game" in asked, asked
    click_key(page, "home-play-now-keep")
    settle(page)
    assert page.locator(".st-key-home-play-now-confirm").count() == 0
    assert "/play" not in page.url and page.locator(".st-key-continue-game").count() == 1
    page.locator(".st-key-continue-game a").first.click()
    wait_for(page, "[class*='st-key-hand-btn-']")
    settle(page)
    again = _query(page)
    assert again == played, (again, played)
    assert _hand(page) == hand
    # On Play, mid-hand: it asks too, and "Keep my game" keeps the hand.
    click_key(page, "play-now")
    wait_for(page, ".st-key-play-now-confirm")
    assert "throws away the game you are playing" in page.locator(".st-key-play-now-confirm").inner_text()
    click_key(page, "play-now-keep")
    settle(page)
    assert page.locator(".st-key-play-now-confirm").count() == 0
    assert _query(page) == played and _hand(page) == hand
    # "Start a new game" starts it: three players, a new deal.
    click_key(page, "play-now")
    wait_for(page, ".st-key-play-now-confirm")
    click_key(page, "play-now-anyway")
    page.wait_for_function("d => new URLSearchParams(location.search).get('deal') !== d", arg=played["deal"])
    settle(page)
    fresh = _query(page)
    assert fresh.get("players", "3") == "3" and fresh.get("deal") != played.get("deal"), fresh
    assert page.locator(".st-key-play-now-confirm").count() == 0
    other.close()


def test_a_game_link_asks_before_it_replaces_your_unfinished_game(browser: Any, server: str) -> None:
    """The walk: opening a game link (another deal, or the same deal with moves of its own)
    silently replaced the learner's unfinished game. A link asks first, as "Play now" does:
    "Keep my game" opens theirs, unchanged; "Open the link's game" opens the link's. A link
    to their own game at a later move (a reload) asks nothing."""
    from store import learners, open_store, saved_games

    ctx = sized_context(browser, 1280, 800)
    page = ctx.new_page()
    open_page(page, f"{server}/play?deal=42&players=4&moves=p.p.p")
    click_key(page, "bid-4")
    click(page, page.locator(".st-key-trump-buttons button").first)
    wait_for(page, "[class*='st-key-hand-btn-'] button:enabled")
    played = _query(page)
    hand = _hand(page)
    wait_for_cookie(page)
    for link in ("deal=76482", "deal=42&players=4&moves=p.p.b4"):  # another deal; the same one, edited
        open_page(page, f"{server}/play?{link}")
        wait_for(page, ".st-key-play-link-confirm")
        asked = page.locator(".st-key-play-link-confirm").inner_text()
        assert "This link opens another game: game " in asked, asked
        assert "throws away your unfinished game (game 42, hand 1)" in asked, asked
        assert ("game 42, 4 players, with moves other than yours" in asked) == link.startswith("deal=42"), asked
        assert link.startswith("deal=42") or "game 76482, 3 players." in asked, asked
        assert "deal" not in asked.lower(), asked
        assert page.locator("[class*='st-key-hand-btn-']").count() == 0  # nothing replaced meanwhile
        shot(page, "resume-link-asks-1280x800.png")
        click_key(page, "play-link-keep")
        wait_for(page, "[class*='st-key-hand-btn-'] button:enabled")
        settle(page)
        assert _query(page) == played and _hand(page) == hand, (_query(page), played)
        assert page.locator(".st-key-play-link-confirm").count() == 0
    open_page(page, f"{server}/play?{urlencode(played)}")  # a reload of their game: no question
    wait_for(page, "[class*='st-key-hand-btn-'] button:enabled")
    assert page.locator(".st-key-play-link-confirm").count() == 0 and _hand(page) == hand
    open_page(page, f"{server}/play?deal=76482")
    click_key(page, "play-link-open")
    page.wait_for_function("() => new URLSearchParams(location.search).get('deal') === '76482'")
    settle(page)
    assert page.locator(".st-key-play-link-confirm").count() == 0
    token = next(c["value"] for c in ctx.cookies() if c["name"] == "moon_learner")
    db = open_store()
    me = learners.find(db, token)
    assert me is not None
    deadline = time.monotonic() + 30  # saved once the computer's moves reach the learner's turn
    while (saved := saved_games.load(db, me.id)) is None or saved.query.get("deal") != "76482":
        assert time.monotonic() < deadline, saved
        time.sleep(0.2)
    ctx.close()
