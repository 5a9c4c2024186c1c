"""Browser tests of what a newcomer to Moon reads first: Learn's first questions speak of
Moon (three players) and the whole double-six set, not of four players, and the Rules page
opens on the standard three players whatever the last game was, with a switch to four."""

from __future__ import annotations

import re
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
    """After a 4-player game is dealt on Play, Rules still opens on 3 players (and says that
    each game chooses its number of players); the switch shows the 4-player rules (not as a
    house rule), and that choice stays through a reload and another page and back. A link
    asking for 9 players says it cannot."""
    open_page(page, f"{server}/play")
    click(page, page.locator(".st-key-play-rule-players label", has_text="4").first)
    page.locator(".st-key-sidebar-rules", has_text="4 players").wait_for()
    side = page.locator(".st-key-sidebar-rules").inner_text()
    assert re.search(r"Rules for a new game\s+4 players", side) and "next deal" not in side, side
    assert "As the New game panel shows (Play now deals 3 players, classic rules)" in side, side
    click_key(page, "new-game")
    assert "4 players" in page.locator('[data-testid="stSidebar"]').inner_text()
    click(page, page.locator('[data-testid="stSidebarNav"] a', has_text="Rules"))
    wait_ready(page)
    assert _shown_players(page) == "3 players (standard Moon)"
    main = page.locator(MAIN).inner_text()
    assert "House rule in force here: Four players" not in main
    assert "Three players, each for themselves" in main
    assert "The number of players is chosen for each game" in main
    click(page, page.locator(".st-key-rules-view-players button", has_text="4 players"))
    assert _shown_players(page) == "4 players (two teams)"
    main = page.locator(MAIN).inner_text()
    assert "Shown for four players: Four players in two partnerships" in main and "House rule in force" not in main
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


def _house_box(page: Any) -> str:
    """The Rules page's "House rules in force" box."""
    return page.locator('[data-testid="stVerticalBlock"]', has_text="House rules in force").last.inner_text()


def test_a_four_player_game_changes_no_house_rule_elsewhere(page: Any, server: str) -> None:
    """The number of players is the game's choice: after a 4-player game on Play (and in the
    next session of the same browser), the sidebar of Rules, the Bidding lab and Practice, the
    Rules page and the Bidding lab say nothing of four players; each page's sidebar says what
    applies there; the Rules page never says "classic rules" above a list of changes."""
    open_page(page, f"{server}/play")
    click(page, page.locator(".st-key-play-rule-players label", has_text="4").first)
    page.locator(".st-key-sidebar-rules", has_text="4 players").wait_for()
    side = page.locator(".st-key-sidebar-rules").inner_text()
    assert re.search(r"Rules for a new game\s+4 players", side) and "next deal" not in side, side
    assert "As the New game panel shows (Play now deals 3 players, classic rules)" in side, side
    click_key(page, "new-game")
    side = page.locator(".st-key-sidebar-rules")
    assert re.search(r"Rules of this game\s+4 players", side.inner_text()), side.inner_text()
    nav = page.locator('[data-testid="stSidebarNav"] a')
    click(page, nav.filter(has_text="Rules"))
    wait_ready(page)
    text = side.inner_text()
    assert re.search(r"House rules\s+classic rules", text) and "4 players" not in text, text
    assert _shown_players(page) == "3 players (standard Moon)"
    box = _house_box(page)
    assert "Four players" not in box and "None: these are the classic rules" in box, box
    click(page, nav.filter(has_text="Bidding lab"))
    page.locator(".st-key-sidebar-rules", has_text="Rules of this lab").wait_for()
    text = side.inner_text()
    assert re.search(r"Rules of this lab\s+3 players", text), text
    assert "House rules: 3 players" in page.locator(MAIN).inner_text()
    assert page.locator(".st-key-lab-players input[type=radio]:checked").first.evaluate(
        "e => e.closest('label').innerText").strip() == "3"
    click(page, nav.filter(has_text="Practice"))
    page.locator(".st-key-sidebar-rules", has_text="House rules").wait_for()
    assert "4 players" not in side.inner_text(), side.inner_text()
    # The next session of this browser (the house rules come back from its cookie): the same.
    open_page(page, f"{server}/learn?level=tiles-moon-set")
    text = side.inner_text()
    assert "4 players" not in text and "Your house rules (classic rules)" in text, text
    open_page(page, f"{server}/rules")
    assert "4 players" not in side.inner_text() and "Four players" not in _house_box(page)
    # A house rule changed: the list says it, and nothing says these are the classic rules.
    page.locator(".st-key-rules-editor-box summary").click()
    click(page, page.locator(".st-key-rules-page-rule-min_bid label", has_text="5").first)
    box = _house_box(page)
    assert "Lowest bid: 5" in box and "these are the classic rules" not in box.lower(), box
