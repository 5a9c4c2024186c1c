"""Browser tests of Learn keeping the learner's place (a link per level, reload, another page
and back, Home's "Continue learning") and of its one star number after a reload."""

from __future__ import annotations

from typing import Any

from moon_browser import answer_count_level, first_count_level, open_page, wait_ready

from tutorial.services.items import course


def test_one_star_number_after_a_wrong_answer_and_a_reload(page: Any, server: str) -> None:
    """Wrong, reload, right: the feedback, "Your best on this level" and the row of stars all
    say two stars (the wrong try before the reload counts)."""
    lv = first_count_level()
    stage = course().stage(lv.stage)
    number = [x.id for x in stage.levels].index(lv.id) + 1
    open_page(page, f"{server}/learn?level={lv.id}")
    answer_count_level(page, server, lv.answer() + 1, reopen=False)
    page.wait_for_function("() => document.cookie.includes('moon_learner=')", timeout=30_000)
    page.reload()
    wait_ready(page)
    answer_count_level(page, server, lv.answer(), reopen=False)
    main = page.locator('[data-testid="stMain"]').inner_text()
    assert "★★☆ (2 of 3 stars" in main, main
    assert "Your best on this level: ★★☆" in main
    assert f"{number}: ★★☆" in main
    assert "3 of 3 stars" not in main
