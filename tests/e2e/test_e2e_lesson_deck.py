"""Browser test of a teacher's lesson (1440×900): a lesson deck put together in the Classroom
(the deck panel stays open while its title changes; puzzles and levels listed by title; a
reload keeps the hand at its move and the deck),
presented and stepped with the arrow keys, and its link cut off on the way (plain words: the
link is damaged); the house rules changed on Rules and the deck survive an F5 there (this
browser keeps them), and "× Classroom" from a presenter opened by the deck's link brings the deck
into the Classroom. Then the server's log since this module started (it runs after the presenter
tests) holds no warning, error or stack trace."""

from __future__ import annotations

import json
import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from moon_browser import click, click_key, open_page, runs, server_log, settle, shot, wait_for

#: What Streamlit writes in its log when something is wrong: a level name, a traceback, or the
#: "Stack (most recent call last)" its own warnings carry (they have no level name).
_BAD = re.compile(r"\b(WARNING|ERROR|CRITICAL)\b|Traceback|Stack \(most recent call last\)|Warning:")


@pytest.fixture(scope="module")
def log_mark(server: str) -> Iterator[int]:
    """Where the server's log stood when this module started."""
    log = server_log(server)
    yield log.stat().st_size if log.exists() else 0


def _panel_open(page: Any) -> bool:
    return bool(page.evaluate("() => [...document.querySelectorAll('[data-testid=stExpander] details')]"
                              ".some(d => d.open && d.querySelector('summary').innerText.includes('Lesson deck'))"))


def _summary(page: Any) -> Any:
    return page.locator("[data-testid=stExpander] summary", has_text="Lesson deck")


def test_a_lesson_deck_keeps_its_panel_open_names_items_by_title_and_a_cut_link_is_damaged(
        teacher: Any, server: str, log_mark: int) -> None:
    page = teacher
    open_page(page, server + "/classroom")
    page.locator(".st-key-class-deal input").fill("12")
    click_key(page, "class-go")
    wait_for(page, "[data-testid=stExpander] summary")
    click(page, _summary(page))
    assert _panel_open(page)
    # A new title: the panel stays open (its label changes with the title).
    title = page.locator(".st-key-deck-title input")
    title.fill("Follow suit, Friday")
    before = runs(page)
    title.press("Enter")
    settle(page, since=before)
    # (Checked at the end: the lesson goes on either way, so the log below sees all of it.)
    folded = not _panel_open(page)
    if folded:
        click(page, _summary(page))
    assert "Follow suit, Friday" in _summary(page).inner_text()
    # A position (with moves after it), a puzzle and a level: listed by what a teacher reads.
    page.locator(".st-key-deck-more input").fill("2")
    page.locator(".st-key-deck-more input").press("Tab")
    settle(page)
    click_key(page, "deck-add-hand")
    assert _panel_open(page)
    click(page, page.locator(".st-key-deck-items label").first)
    click_key(page, "deck-add-puzzle")
    click_key(page, "deck-add-level")
    listed = page.locator("[class*='st-key-deck-entry-']").all_inner_texts()
    # The pickers name them: the puzzle by what it asks (its id last), the level as "title (id)".
    puzzle_id = page.locator(".st-key-deck-puzzle input").input_value().rsplit(" · ", 1)[-1].strip()
    level_title, level_id = re.fullmatch(r"(.*) \((.*)\)",
                                         page.locator(".st-key-deck-level input").input_value().strip()
                                         ).groups()  # type: ignore[union-attr]
    assert len(listed) == 3 and "moves 0–2" in listed[0]
    assert listed[1].startswith("2. Puzzle: ") and puzzle_id not in listed[1], listed[1]
    assert listed[2].startswith(f"3. Level: {level_title}") and level_id not in listed[2], listed[2]
    href = str(page.locator("a[href*='/presenter?deck=']").get_attribute("href"))
    # F5 keeps the hand at its move and the deck being built: the address holds them.
    click_key(page, "class-forward")
    where = re.search(r"move \d+ of \d+", page.locator("[data-testid=stMain]").inner_text())
    assert where is not None and "deal=12" in page.url and "deck=" in page.url
    open_page(page, page.url)
    wait_for(page, ".st-key-class-controls", 120)
    assert where.group(0) in page.locator("[data-testid=stMain]").inner_text()
    assert "Follow suit, Friday (3 entries)" in _summary(page).inner_text()
    # Presented and stepped, as in class.
    click_key(page, "deck-present")
    wait_for(page, ".pres-stage", 120)
    settle(page)
    before = runs(page)
    page.keyboard.press("ArrowRight")
    settle(page, since=before)
    assert page.locator(".pres-stage").get_attribute("data-count") == "1"
    # The deck's link, cut off on its way (a chat, a line break): the same plain words as garbage.
    open_page(page, server + href[:len(href) - 40])
    text = page.locator("[data-testid=stMain]").inner_text()
    assert "This deck link is damaged" in text and "JSON" not in text and "line 1" not in text
    # House rules changed on Rules, then F5 there: this browser kept them, and the deck too
    # (the Classroom opened from the sidebar, with no deck in its address, still has it).
    _kept(page, "moon_deck")
    open_page(page, server + "/rules")
    click(page, page.locator("[data-testid=stExpander] summary", has_text="Change the house rules"))
    click(page, page.locator(".st-key-rules-page-rule-min_bid label", has_text="5").first)
    assert "Lowest bid: 5 tricks." in page.locator("[data-testid=stMain]").inner_text()
    _kept(page, "moon_rules")
    open_page(page, server + "/rules")
    assert "Lowest bid: 5 tricks." in page.locator("[data-testid=stMain]").inner_text()
    click(page, page.locator("[data-testid=stSidebarNav] a", has_text="Classroom"))
    wait_for(page, "[data-testid=stExpander] summary")
    assert "Follow suit, Friday (3 entries)" in _summary(page).inner_text()
    side = page.locator(".st-key-sidebar-rules").inner_text()
    assert "1 house rule" in side and "players ·" not in side, side  # each game chooses its players
    # Under these house rules the position is still the 3-player deal it was added as, and the
    # saved file says so (its rules and computer players), as its presenter link does.
    assert "Deal 12, 3 players, strong computer" in page.locator(".st-key-deck-entry-0").inner_text()
    with page.expect_download() as got:
        click(page, page.locator(".st-key-deck-save button"))
    saved = json.loads(Path(got.value.path()).read_text(encoding="utf-8"))
    assert saved["entries"][0]["rules"] == {"players": 3} and saved["entries"][0]["computer"] == "strong"
    assert "moon_rules" not in str(page.evaluate("document.cookie"))  # HttpOnly: no script reads them
    # A browser that opened only the deck's link: "× Classroom" brings the deck into the Classroom.
    page.context.clear_cookies()
    open_page(page, server + href)
    wait_for(page, ".pres-stage", 120)
    click(page, page.locator(".st-key-pres-controls a", has_text="Classroom"))
    wait_for(page, "[data-testid=stExpander] summary")
    assert "Follow suit, Friday (3 entries)" in _summary(page).inner_text()
    assert not folded, "the Lesson deck panel folded shut when its title changed"


def _kept(page: Any, name: str, timeout: float = 30.0) -> None:
    """Wait until the browser keeps cookie ``name`` (set HttpOnly by the server's route)."""
    deadline = time.monotonic() + timeout
    while not any(c["name"] == name and c["httpOnly"] for c in page.context.cookies()):
        assert time.monotonic() < deadline, f"no {name} cookie: {page.context.cookies()}"
        page.wait_for_timeout(50)


def test_the_deck_builders_puzzle_picker_is_searched_by_what_a_puzzle_asks(teacher: Any, server: str,
                                                                          log_mark: int) -> None:
    """The deck builder's puzzle picker lists each puzzle by its question (its kind in words,
    its difficulty, its id last): typing words of the question finds it, and the one chosen is
    the one added, listed by the same question."""
    page = teacher
    page.set_viewport_size({"width": 1280, "height": 800})
    open_page(page, server + "/classroom")
    wait_for(page, "[data-testid=stExpander] summary")
    if not _panel_open(page):
        click(page, _summary(page))
    click(page, page.locator(".st-key-deck-items label").first)
    wait_for(page, ".st-key-deck-puzzle input")
    assert page.locator(".st-key-deck-puzzle input").input_value().endswith(" · beginner · is-trump-5037")
    page.locator(".st-key-deck-puzzle input").click()
    page.keyboard.type("how many trumps")
    wanted = ("Counting: Sixes are trump in three-player Moon. How many trumps are there? · beginner · "
              "hw-count-sixes-trump")
    option = page.get_by_role("option", name=wanted)
    option.wait_for(timeout=30_000)
    assert all("How many trumps" in o for o in page.get_by_role("option").all_inner_texts())
    shot(page, "deck-puzzle-picker-1280x800.png")
    before = runs(page)
    option.click()
    settle(page, since=before)
    assert page.locator(".st-key-deck-puzzle input").input_value() == wanted
    # Under the picker, the chosen puzzle in full, however narrow the window.
    assert ("Counting · beginner (rating 700): Sixes are trump in three-player Moon. How many trumps are there?"
            in page.locator("[data-testid=stMain]").inner_text())
    click_key(page, "deck-add-puzzle")
    listed = page.locator("[class*='st-key-deck-entry-']").all_inner_texts()
    assert len(listed) == 1 and listed[0].startswith("1. Puzzle: Counting: Sixes are trump in three-player Moon."), listed
    page.set_viewport_size({"width": 390, "height": 844})
    settle(page)  # the add's run and the narrower layout drawn before the picker is opened
    page.locator(".st-key-deck-puzzle input").scroll_into_view_if_needed()
    page.locator(".st-key-deck-puzzle input").click()
    page.get_by_role("option").first.wait_for(timeout=30_000)
    shot(page, "deck-puzzle-picker-open-390x844.png")
    page.keyboard.press("Escape")
    for width, height in ((390, 844), (1920, 1080)):
        page.set_viewport_size({"width": width, "height": height})
        page.locator(".st-key-deck-puzzle").scroll_into_view_if_needed()
        shot(page, f"deck-puzzle-picker-{width}x{height}.png")


def test_the_deck_builder_warns_of_a_position_asked_where_any_tile_is_right(teacher: Any, server: str,
                                                                           log_mark: int) -> None:
    """Deal 1 (three players, strong) at move 8: every tile Seat 2 may play is as good. Added with
    "what would you play?", the deck builder says it is a poor moment to ask and names the next
    move worth asking; at move 9 it says nothing."""
    page = teacher
    page.set_viewport_size({"width": 1440, "height": 900})
    open_page(page, server + "/classroom?deal=1&players=3&computer=strong&move=8")
    wait_for(page, "[data-testid=stExpander] summary", 120)
    if not _panel_open(page):
        click(page, _summary(page))
    click(page, page.locator(".st-key-deck-ask label").first)
    click_key(page, "deck-add-hand")
    warned = page.locator(".st-key-deck-ask-warning").inner_text()
    assert "any tile is as good at move 8: a poor moment to ask" in warned, warned
    assert "The next move worth asking is move 9." in warned, warned
    page.locator(".st-key-deck-ask-warning").scroll_into_view_if_needed()
    shot(page, "deck-poor-ask-1440x900.png")
    open_page(page, re.sub(r"move=\d+", "move=9", page.url))
    wait_for(page, ".st-key-deck-ask label", 120)
    assert "move 9 of" in page.locator("[data-testid=stMain]").inner_text()
    click(page, page.locator(".st-key-deck-ask label").first)
    click_key(page, "deck-add-hand")
    assert page.locator(".st-key-deck-ask-warning").count() == 0
    assert len(page.locator("[class*='st-key-deck-entry-']").all_inner_texts()) == 2


def test_a_note_slide_without_a_title_is_listed_by_its_words_once(teacher: Any, server: str, log_mark: int) -> None:
    """A note slide with no title: the deck lists it by its words, once."""
    page = teacher
    open_page(page, server + "/classroom")
    wait_for(page, "[data-testid=stExpander] summary")
    if not _panel_open(page):
        click(page, _summary(page))
    click(page, page.locator(".st-key-deck-notes label").first)
    words = "Remember: **trumps** beat everything. <i>Élan</i> — ça va?"
    page.locator(".st-key-deck-slide-note textarea").fill(words)
    page.locator(".st-key-deck-slide-note textarea").press("Tab")
    settle(page)
    click_key(page, "deck-add-note")
    listed = page.locator("[class*='st-key-deck-entry-']").all_inner_texts()
    assert len(listed) == 1 and listed[0].split("\n")[0].strip() == f"1. Note: {words}", listed


def test_the_server_log_has_no_warning_after_a_lesson(server: str, log_mark: int) -> None:
    """A normal lesson (the deck above, and the presenter tests before this module) leaves no
    warning, error or stack trace in the server's log."""
    with server_log(server).open(encoding="utf-8", errors="replace") as f:
        f.seek(log_mark)
        bad = [line.rstrip() for line in f if _BAD.search(line)]
    assert bad == [], "the server logged:\n" + "\n".join(bad[:20])
