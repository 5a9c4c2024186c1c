"""Browser test: text a user gives (a learner's name, a class name, a student's name, a deck
title, a teacher's note) is shown literally on every page that shows it: no link, bold,
italics, colour, icon or formula is made from its Markdown or HTML, and no bare address in it
turns into a link."""

from __future__ import annotations

import re
from typing import Any

from moon_browser import click, open_page, runs, settle, sized_context, wait_for, wait_for_cookie

from tutorial.services.decks import Deck, DeckEntry, deck_token
from tutorial.services.items import course

#: A learner's or student's name (40 characters: the longest a name may be).
NAME = "**B** [l](http://e.vil) <i>x</i> :red[R]"
#: A class name: bare addresses, a formula, an icon.
CLASS = "www.e.vil $x^2$ :material/home: a@e.vil"
#: A deck title and a teacher's note (a blank line would end an HTML block).
TITLE = "**B** [l](http://e.vil) <i>x</i> :red[R] $x^2$ :material/home: :smile:"
NOTE = "Look here.\n\n**B** [l](http://e.vil) <i>x</i> :red[R] https://e.vil"


def _shown(el: Any) -> str:
    """The text a reader sees (the invisible word joiners that keep addresses from turning
    into links left out)."""
    return " ".join(str(el.inner_text()).replace("\u2060", "").split())


def _literal(page: Any, selector: str, text: str) -> None:
    el = page.locator(selector).first
    shown = _shown(el)
    assert " ".join(text.split()) in shown, (selector, shown)
    made = {
        "a link": el.locator("a[href*='e.vil'], a[href^='mailto']").count(),
        "bold": el.locator("strong, b", has_text=re.compile(r"^B$")).count(),
        "italics": el.locator("i, em", has_text=re.compile(r"^x$")).count(),
        "colour": el.locator(".stMarkdownColoredText").count(),
        "an icon": el.locator("[aria-label='home icon']").count(),
        "a formula": el.locator(".katex").count(),
    }
    assert not any(made.values()), (selector, made)


def _enter(page: Any, selector: str, value: str) -> None:
    box = page.locator(selector)
    box.fill(value)
    before = runs(page)
    box.press("Enter")
    settle(page, since=before)


def test_names_titles_and_notes_are_shown_literally(browser: Any, server: str) -> None:
    lv = next(lv for lv in course().levels() if lv.kind == "count")
    student = sized_context(browser, 1440, 1000)
    page = student.new_page()
    open_page(page, server + "/learn")
    _enter(page, f".st-key-lv-{lv.id}-number input", str(lv.answer()))
    click(page, page.locator(f".st-key-lv-{lv.id}-check button"))
    wait_for_cookie(page)
    # Home: the learner renames themselves.
    open_page(page, server + "/")
    page.locator(".st-key-profile-link button", has_text="Rename").click()
    page.locator(".st-key-profile-name-input input").fill(NAME)
    click(page, page.locator(".st-key-profile-rename button"))
    page.keyboard.press("Escape")
    open_page(page, server + "/")
    _literal(page, ".st-key-profile-link", f"Saved as you go for {NAME}.")
    # Classes: a teacher makes a class, the learner joins it under that name.
    teacher = sized_context(browser, 1440, 1000)
    tpage = teacher.new_page()
    open_page(tpage, server + "/classes")
    tpage.locator(".st-key-class-new-name input").fill(CLASS)
    click(tpage, tpage.get_by_role("button", name="Make the class"))
    wait_for(tpage, ".st-key-class-codes")
    _literal(tpage, '[data-testid="stMain"] h2', CLASS)
    code = str(tpage.locator(".st-key-class-codes div[style*='letter-spacing']").inner_text()).strip()
    teacher.close()
    open_page(page, server + "/classes")
    page.locator(".st-key-class-code input").fill(code)
    page.locator(".st-key-class-name input").fill(NAME)
    click(page, page.get_by_role("button", name="Join"))
    _literal(page, '[data-testid="stAlert"]', f"Welcome, {NAME}!")
    _literal(page, '[data-testid="stMain"] [data-testid="stCaptionContainer"]:has-text("You are in")',
             f"You are in {CLASS} as {NAME}.")
    # Classroom: the deck's title, in the deck's heading.
    open_page(page, server + "/classroom")
    page.locator("[data-testid='stExpander'] summary", has_text="Lesson deck").click()
    _enter(page, ".st-key-deck-title input", TITLE)
    _literal(page, "[data-testid='stExpander'] summary:has-text('Lesson deck')", f"Lesson deck: {TITLE} (0 entries)")
    # Presenter: a deck's note, by link.
    deck = Deck(TITLE, (DeckEntry("deal", note=NOTE, deal=5, computer="basic", move=3),))
    page.goto(f"{server}/presenter?deck={deck_token(deck)}")
    wait_for(page, ".pres-stage", 120)
    settle(page)
    _literal(page, ".pres-note", NOTE)
    _literal(page, ".pres-stage", NOTE)
    student.close()
