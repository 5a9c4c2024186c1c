"""Browser tests of Learn keeping the learner's place (a link per level, reload, another page
and back, Home's "Continue learning") and of its one star number after a reload."""

from __future__ import annotations

import re
from typing import Any

from moon_browser import answer_count_level, click, first_count_level, open_page, wait_for_cookie, wait_ready

from store import events, learners, open_store
from tutorial.services.items import course


def _at(page: Any, stage: Any, number: int, level_id: str) -> None:
    """Learn shows level ``number`` of ``stage`` and its address names it."""
    assert page.url.endswith(f"/learn?level={level_id}"), page.url
    assert page.get_by_role("combobox", name="Stage").input_value() == f"{stage.number}. {stage.title}"
    checked = page.locator(".st-key-learn-level label:has(input:checked)").inner_text()
    assert checked.strip() == f"Level {number}", checked


def test_learn_opens_where_the_learner_stopped(page: Any, server: str) -> None:
    """A learner who got Stage 3 Level 1 right and Level 2 wrong: Home offers to continue at
    Stage 3, Level 2 and opens it; a reload, and Rules then Learn, keep it; the address
    names it; another level's link opens that level, and a link to no level says so, with
    the id shown as typed, and opens the learner's place."""
    stage = course().stages[2]
    one, two, three = stage.levels[:3]
    db = open_store()
    me, token = learners.create(db)
    events.write(db, me.id, events.LessonAnswer(one.id, True, stage_id=stage.id),
                 events.LessonAnswer(two.id, False, stage_id=stage.id))
    open_page(page, f"{server}/?me={token}")
    # Home's example tiles mark no trump: which tiles are trumps is Stage 3's question
    main = page.locator('[data-testid="stMain"]')
    assert main.locator("svg[aria-label*=trump]").count() == 0 and "carry a star" not in main.inner_text()
    path = page.locator(".st-key-home-path")
    assert f"Next: Stage {stage.number}, Level 2" in path.inner_text()
    link = path.get_by_role("link", name=re.compile("learning"))
    assert link.inner_text().strip().endswith("Continue learning")
    link.click()
    wait_ready(page)
    _at(page, stage, 2, two.id)
    page.reload()
    wait_ready(page)
    _at(page, stage, 2, two.id)
    click(page, page.locator('[data-testid="stSidebarNav"] a', has_text="Rules"))
    rules = page.locator('[data-testid="stMain"]').inner_text()
    # The Rules page cites its sections as the learner finds them there, never by a file.
    assert "§1 · The tiles" in rules and "docs/" not in rules and "rules.md" not in rules, rules[:400]
    click(page, page.locator('[data-testid="stSidebarNav"] a', has_text="Learn"))
    _at(page, stage, 2, two.id)
    click(page, page.locator(".st-key-learn-level label", has_text="Level 3"))
    _at(page, stage, 3, three.id)
    open_page(page, f"{server}/learn?level=*no-such*level")
    error = page.locator('[data-testid="stAlertContentError"]').inner_text()
    assert "The link names no level of the course: '*no-such*level'." in error, error
    _at(page, stage, 2, two.id)


def test_home_offers_the_level_after_the_one_just_answered(page: Any, server: str) -> None:
    """A level answered right, then the sidebar's Home: "Next" and "Continue learning" name
    the following level, as they do after a reload (not the level just done)."""
    from tutorial.services.progress import place_words

    c = course()
    lv = first_count_level()
    ids = [x.id for x in c.levels()]
    following = ids[ids.index(lv.id) + 1]
    answer_count_level(page, server, lv.answer())
    page.get_by_text("Right!").first.wait_for()
    click(page, page.locator('[data-testid="stSidebarNav"] a', has_text="Home"))
    path = page.locator(".st-key-home-path")
    path.wait_for()
    text = path.inner_text()
    assert f"Next: {place_words(c, following)}" in text, text
    link = path.get_by_role("link", name=re.compile("Continue learning"))
    assert (link.get_attribute("href") or "").endswith(f"learn?level={following}"), link.get_attribute("href")
    page.reload()
    wait_ready(page)
    assert f"Next: {place_words(c, following)}" in page.locator(".st-key-home-path").inner_text()


def test_one_star_number_after_a_wrong_answer_and_a_reload(page: Any, server: str) -> None:
    """Wrong, reload, right: the feedback, "Your best on this level" and the row of stars all
    say two stars (the wrong try before the reload counts)."""
    lv = first_count_level()
    stage = course().stage(lv.stage)
    number = [x.id for x in stage.levels].index(lv.id) + 1
    open_page(page, f"{server}/learn?level={lv.id}")
    answer_count_level(page, server, lv.answer() + 1, reopen=False)
    wait_for_cookie(page)
    page.reload()
    wait_ready(page)
    answer_count_level(page, server, lv.answer(), reopen=False)
    main = page.locator('[data-testid="stMain"]').inner_text()
    assert "★★☆ (2 of 3 stars" in main, main
    assert "Your best on this level: ★★☆" in main
    assert f"{number}: ★★☆" in main
    assert "3 of 3 stars" not in main
