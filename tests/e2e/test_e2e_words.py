"""Browser tests of what a newcomer to Moon reads first: Learn's first questions speak of
Moon (three players) and the whole double-six set, not of four players, and the Rules page
opens on the standard three players whatever the last game was, with a switch to four."""

from __future__ import annotations

from typing import Any

from moon_browser import click, click_key, open_page, wait_ready

MAIN = '[data-testid="stMain"]'


def _shown_players(page: Any) -> str:
    """The Rules page's players switch: the label of the option chosen."""
    return page.locator('.st-key-rules-view-players [aria-checked="true"]').inner_text().strip()


def test_learns_first_questions_are_about_moon_and_the_whole_set(page: Any, server: str) -> None:
    """Stage 1, Levels 1 and 2 count the whole double-six set (their position holds four
    players only for its 28 tiles): nothing beside them says "4 players" or gives the 28 of
    Level 2; Level 1 says first that Moon is a game for three. Level 3 is Moon's own set."""
    open_page(page, f"{server}/learn?level=tiles-sixes")
    main = page.locator(MAIN).inner_text()
    assert "Moon is a game for three players" in main, main[:600]
    for level in ("tiles-sixes", "tiles-double-six"):
        open_page(page, f"{server}/learn?level={level}")
        side = page.locator(".st-key-sidebar-rules").inner_text()
        assert "whole double-six set" in side, side
        assert "4 players" not in side and "Four players" not in side and "28" not in side, side
        assert "Rules for this question" not in page.locator(MAIN).inner_text()
    open_page(page, f"{server}/learn?level=tiles-moon-set")
    assert "3 players" in page.locator(".st-key-sidebar-rules").inner_text()


def test_rules_open_on_three_players_after_a_four_player_game(page: Any, server: str) -> None:
    """After a 4-player game is dealt on Play, Rules still opens on 3 players (and says what
    Play is set for); the switch shows the 4-player rules, and that choice stays through a
    reload and another page and back. A link asking for 9 players says it cannot."""
    open_page(page, f"{server}/play")
    click(page, page.locator(".st-key-play-rule-players label", has_text="4").first)
    click_key(page, "new-game")
    assert "4 players" in page.locator('[data-testid="stSidebar"]').inner_text()
    click(page, page.locator('[data-testid="stSidebarNav"] a', has_text="Rules"))
    wait_ready(page)
    assert _shown_players(page) == "3 players (standard Moon)"
    main = page.locator(MAIN).inner_text()
    assert "House rule in force here: Four players" not in main
    assert "Three players, each for themselves" in main
    assert "Your games on Play are set for 4 players" in main
    click(page, page.locator(".st-key-rules-view-players button", has_text="4 players"))
    assert _shown_players(page) == "4 players (two teams)"
    assert "House rule in force here: Four players in two partnerships" in page.locator(MAIN).inner_text()
    assert page.url.endswith("/rules?players=4"), page.url
    page.reload()
    wait_ready(page)
    assert _shown_players(page) == "4 players (two teams)"
    click(page, page.locator('[data-testid="stSidebarNav"] a', has_text="Learn"))
    click(page, page.locator('[data-testid="stSidebarNav"] a', has_text="Rules"))
    wait_ready(page)
    assert _shown_players(page) == "4 players (two teams)"
    click(page, page.locator(".st-key-rules-view-players button", has_text="3 players"))
    assert _shown_players(page) == "3 players (standard Moon)"
    assert "players=" not in page.url, page.url
    open_page(page, f"{server}/rules?players=9")
    warning = page.locator('[data-testid="stAlertContentWarning"]').inner_text()
    assert "The link asks for the rules for '9' players" in warning, warning
    assert _shown_players(page) == "3 players (standard Moon)"


def test_a_position_answered_in_practice_does_not_move_where_learn_opens(page: Any, server: str) -> None:
    """The walker's "Learn reopened at draw-trumps-8": a learner at Stage 3, Level 2 (Level 1
    right, Level 2 wrong) answers a Drawing trumps position that Practice serves (their game
    showed the principle missed), wrongly. Opened again (a new visit with the personal link),
    Home and Learn still say Stage 3, Level 2, not the Play better position answered last."""
    import time

    from sqlalchemy import select

    from store import events, learners, open_store
    from store.models import LessonAttempt
    from tutorial.services.items import course

    stage = course().stages[2]
    one, two = stage.levels[:2]
    db = open_store()
    me, token = learners.create(db)
    events.write(db, me.id, events.LessonAnswer(one.id, True, stage_id=stage.id),
                 events.LessonAnswer(two.id, False, stage_id=stage.id),
                 events.PrincipleMissed("8-0123456789", 2, 1, "draw-trumps", "6-6", "5-5", 3))
    open_page(page, f"{server}/practice?me={token}")
    box = page.locator(".st-key-practice-box")
    box.get_by_text("A Play better position for you").wait_for()
    cls = box.locator("[class*='-tiles-btn-']").first.get_attribute("class")
    level_id = next(c for c in cls.split() if c.startswith("st-key-prl-")).removeprefix("st-key-prl-").split("-tiles-btn-")[0]
    level = course().level(level_id)
    assert level.stage == "pb-draw-trumps"
    wrong = next(t for t in level.position.hand(level.position.to_play) if t != level.answer())
    click_key(page, f"prl-{level.id}-tiles-btn-{wrong.high}{wrong.low}")
    deadline = time.monotonic() + 30
    while not db.run(lambda s: s.scalars(select(LessonAttempt).where(LessonAttempt.learner_id == me.id,
                                                                     LessonAttempt.level_id == level.id)).all()):
        assert time.monotonic() < deadline, "the answer in Practice was not stored"
        time.sleep(0.2)
    page.context.clear_cookies()
    open_page(page, f"{server}/?me={token}")
    path = page.locator(".st-key-home-path").inner_text()
    assert f"Next: Stage {stage.number}, Level 2" in path, path
    open_page(page, f"{server}/learn")
    assert page.url.endswith(f"/learn?level={two.id}"), page.url
    assert page.get_by_role("combobox", name="Stage").input_value() == f"{stage.number}. {stage.title}"
