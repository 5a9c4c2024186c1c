"""Browser tests: a real Chromium driving the app served by ``streamlit run``."""

from __future__ import annotations

import re
from typing import Any

from moon_browser import (
    click,
    click_key,
    enabled_with_prefix,
    exists,
    open_page,
    play_hand,
    runs,
    settle,
    sized_context,
    step_mode,
)


def _errors(page: Any) -> list[str]:
    return page.locator('[data-testid="stException"]').all_inner_texts()


def test_finish_a_lesson_level(page: Any, server: str) -> None:
    open_page(page, f"{server}/learn")
    box = page.locator(".st-key-learn-level-box")
    assert "how many tiles bear a six" in box.inner_text().lower()
    field = page.get_by_label("Your answer")
    field.fill("6")
    before = runs(page)
    field.press("Enter")
    settle(page, since=before)
    click_key(page, "lv-tiles-sixes-check")
    assert "Not quite" in box.inner_text()
    field = page.get_by_label("Your answer")
    field.fill("7")
    before = runs(page)
    field.press("Enter")
    settle(page, since=before)
    click_key(page, "lv-tiles-sixes-check")
    assert "Right!" in box.inner_text()
    assert exists(page, "learn-next")
    assert not _errors(page)


def test_play_a_hand_to_the_end(page: Any, server: str) -> None:
    open_page(page, f"{server}/play?deal=5")
    step_mode(page)
    play_hand(page)
    summary = page.locator(".st-key-hand-summary").inner_text()
    assert "Hand 1 is over" in summary
    assert "moves=" in page.url
    assert not _errors(page)


def test_a_shared_deal_link_rebuilds_the_game(page: Any, browser: Any, server: str) -> None:
    open_page(page, f"{server}/play?deal=31")
    step_mode(page)
    for _ in range(8):
        if exists(page, "to-my-turn"):
            click_key(page, "to-my-turn")
        elif exists(page, "bid-pass"):
            click_key(page, "bid-pass")
        elif enabled_with_prefix(page, "hand-btn-").count():
            click(page, enabled_with_prefix(page, "hand-btn-").first)
    link = page.url
    assert "deal=31" in link and "moves=" in link
    mine = page.locator(".st-key-table-hand svg.moon-tile").evaluate_all(
        "els => els.map(e => e.getAttribute('data-tile'))")
    status = page.get_by_text(re.compile(r"Hand 1 of game 31")).inner_text()
    other = sized_context(browser, 1440, 1000).new_page()
    open_page(other, link)
    again = other.locator(".st-key-table-hand svg.moon-tile").evaluate_all(
        "els => els.map(e => e.getAttribute('data-tile'))")
    assert mine and again == mine
    assert other.get_by_text(re.compile(r"Hand 1 of game 31")).inner_text() == status
    other.context.close()


def test_a_bad_link_says_what_is_wrong(page: Any, server: str) -> None:
    open_page(page, f"{server}/play?deal=banana")
    alert = page.locator('[data-testid="stAlert"]').first.inner_text()
    assert "deal number" in alert
    assert not _errors(page)
    open_page(page, f"{server}/play?deal=-1")  # a minus sign is no "whole number" mistake: say what deals are
    alert = page.locator('[data-testid="stAlert"]').first.inner_text()
    assert "'-1', is not a deal number: deals are numbered from 0 up" in alert, alert
    assert not _errors(page)


def test_tiles_are_images_with_labels(page: Any, server: str) -> None:
    open_page(page, f"{server}/play?deal=5")
    tiles = page.locator("svg.moon-tile")
    assert tiles.count() >= 7 + 14  # your hand, and the others' tiles face down
    labels = tiles.evaluate_all("els => els.map(e => [e.getAttribute('role'), e.getAttribute('aria-label')])")
    assert all(role == "img" and label for role, label in labels)
    hand = page.locator(".st-key-table-hand svg.moon-tile").evaluate_all(
        "els => els.map(e => e.getAttribute('aria-label'))")
    assert hand and all(re.match(r"^\d-\d", h) for h in hand)
    assert page.locator("svg.moon-back").first.get_attribute("aria-label") == "face-down tile"


def test_the_status_line_names_the_game_and_rules_say_one_number_deals_it(page: Any, server: str) -> None:
    """Every hand of a game comes from its one deal number (docs/rules.md §3.4): the table
    names hand 2 of game 31 as such (not "deal 31" again, as if the number dealt hand 2
    alone), and the Rules page says one number deals the whole game, in the same words."""
    from urllib.parse import urlencode

    from engine import Game
    from tutorial.services.urlstate import PlaySetup, encode

    setup = PlaySetup(deal=31)
    g = Game.new(setup.rules, 31)
    while not g.hand_finished:
        g.apply("bid 4" if g.phase == "bidding" and g.to_act == 0 else g.legal_actions()[0])
    first = [str(a) for _, a in g.history]
    open_page(page, f"{server}/play?{urlencode(encode(setup, [first, []]))}")
    status = page.locator(".st-key-table-status").first.inner_text()
    assert status.startswith("Hand 2 of game 31 ·"), status
    assert "deal 31" not in status, status
    open_page(page, f"{server}/rules")
    rules = page.locator('[data-testid="stMain"]').first.inner_text()
    assert "one deal number deals a whole game" in rules, rules[:600]
    assert '"Hand 2 of game 2024" is the second hand dealt from deal number 2024' in rules, rules[:600]
