"""Browser tests of what a question shows before its answer, and of the hints after a miss:
no title, intro, rules note or trump mark gives the answer away; hints fit the mistake and
the trump; the tiles are written higher end first; a click on a tile picture picks it."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit

from moon_browser import click_key, open_page, pick_kind, runs, settle


def _level(page: Any, stage: str, number: int) -> Any:
    """Open Level ``number`` of the stage whose label is ``stage`` (``"1. The tiles"``) by its
    own link, ``/learn?level=<id>``, on the server of the page; its box."""
    from tutorial.services.items import course

    found = next(st for st in course().stages if f"{st.number}. {st.title}" == stage)
    parts = urlsplit(page.url)
    open_page(page, f"{parts.scheme}://{parts.netloc}/learn?level={found.levels[number - 1].id}")
    return page.locator(".st-key-learn-level-box")


def _click_picture(page: Any, selector: str) -> None:
    """A mouse click in the middle of a tile's picture (where a person clicks; ``force``:
    Playwright would otherwise refuse because the button takes the click)."""
    before = runs(page)
    page.locator(selector).click(force=True)
    settle(page, since=before)


def test_a_click_on_a_tile_picture_picks_it(page: Any, server: str) -> None:
    """The picture of a tile is part of its button: clicking it selects the tile; the
    keyboard still reaches the button itself. Selecting a tile moves no tile: the next one
    is where it was."""
    page.set_viewport_size({"width": 1280, "height": 800})
    open_page(page, f"{server}/learn")
    box = _level(page, "1. The tiles", 4)
    cells = page.locator("[class*='st-key-lv-tiles-which-stay-tiles-tile-']")

    def places() -> list[tuple[int, int]]:
        top = box.bounding_box()["y"]  # the click scrolls the page's main block: measure in the box
        return [(round(b["x"]), round(b["y"] - top)) for b in (c.bounding_box() for c in cells.all())]

    before = places()
    assert len(before) == 6
    _click_picture(page, ".st-key-lv-tiles-which-stay-tiles-tile-00 svg")
    assert "✓ 0-0" in box.inner_text()
    assert places() == before
    page.set_viewport_size({"width": 390, "height": 844})
    open_page(page, f"{server}/learn")
    box = _level(page, "1. The tiles", 4)
    _click_picture(page, ".st-key-lv-tiles-which-stay-tiles-tile-66 svg")
    assert "✓ 6-6" in box.inner_text()
    button = page.locator(".st-key-lv-tiles-which-stay-tiles-btn-21 button:visible")
    button.focus()
    before = runs(page)
    page.keyboard.press("Enter")
    settle(page, since=before)
    assert "✓ 2-1" in box.inner_text()


def test_learn_levels_give_nothing_away_and_hints_fit(page: Any, server: str) -> None:
    page.set_viewport_size({"width": 1280, "height": 800})
    open_page(page, f"{server}/learn")
    box = page.locator(".st-key-learn-level-box")
    assert "28" not in box.inner_text()  # Level 2 asks how many tiles a set has
    text = _level(page, "1. The tiles", 3).inner_text()
    assert "1-0, 2-0, 3-0" in text and "0-1" not in text
    # a missed double gets a hint about doubles
    box = _level(page, "2. Suits and rank", 2)
    for tile in ("31", "53"):
        _click_picture(page, f".st-key-lv-suits-two-suits-tiles-tile-{tile} svg")
    click_key(page, "lv-suits-two-suits-check")
    assert "Look at the doubles again" in box.inner_text()
    assert "six tiles" not in _level(page, "2. Suits and rank", 3).inner_text()
    text = _level(page, "3. Trump is a number", 6).inner_text()
    assert "6-6" not in text and "6-1" not in text
    # ranking with ones trump: no tile starred, none drawn as a trump, before the answer
    _level(page, "3. Trump is a number", 8)
    hand = page.locator(".st-key-lv-trump-beats-all-tiles-hand")
    assert "★" not in hand.inner_text() and hand.locator("svg[aria-label*=trump]").count() == 0
    assert "one blank" not in _level(page, "3. Trump is a number", 9).inner_text()
    assert "6-4 is the top" not in _level(page, "4. Doubles as trump", 5).inner_text()
    text = _level(page, "4. Doubles as trump", 6).inner_text()
    assert "4-4 does not follow" not in text and "HIGHER end" in text  # the lead is taught first
    assert "leads trumps" not in _level(page, "4. Doubles as trump", 7).inner_text()
    # no pick where every tile on offer is right; a Yes/No title says the topic, not the reason
    assert "pick every tile that is in play" not in _level(page, "1. The tiles", 6).inner_text().lower()
    title = _level(page, "3. Trump is a number", 3).locator("h2").first.inner_text()
    assert title and "without" not in title.lower(), title


def test_puzzles_mark_no_trumps_and_hint_at_the_mistake(page: Any, server: str) -> None:
    from engine import explain_play
    from tutorial.services.items import puzzles

    def first(kind: str) -> Any:
        return next(p for p in puzzles() if p.kind == kind)

    page.set_viewport_size({"width": 1280, "height": 800})
    open_page(page, f"{server}/puzzles")
    pick_kind(page, "Legal tiles")
    box = page.locator(".st-key-pz-box")
    hand = box.locator(f".st-key-pz-{first('legal_tiles').id}-tiles-hand")
    assert hand.count() and "★" not in hand.inner_text()
    assert hand.locator("svg[aria-label*=trump]").count() == 0
    # a best-play puzzle: an illegal tile is told it may not be played, with the reason
    open_page(page, f"{server}/puzzles")
    pick_kind(page, "Best play")
    play = first("play")
    bad = next(t for t in play.task.hand
               if not explain_play(play.task.hand, play.position.trick, play.position.trump, t).legal)
    click_key(page, f"pz-{play.id}-tiles-btn-{bad.high}{bad.low}")
    text = box.inner_text()
    assert "That tile may not be played" in text and play.hint(1) in text
    # that feedback carries the first hint; showing the answer is one button, one wording
    assert box.get_by_role("button", name="Show the answer", exact=True).count() == 1
    assert box.get_by_role("button", name="Show the solution").count() == 0
    assert box.get_by_role("button", name="Hint", exact=True).count() == 0
    # a wrong legal tile, then "Show the answer": the tile tried gets the engine's reason why
    legal = next(t for t in play.task.hand if t is not play.task.answer() and t is not bad
                 and explain_play(play.task.hand, play.position.trick, play.position.trump, t).legal)
    click_key(page, "pz-retry")
    click_key(page, f"pz-{play.id}-tiles-btn-{legal.high}{legal.low}")
    # at once its own reason (what beats it, or why it cannot win), then the hint
    reason = play.task.what_was_wrong(play.grade(str(legal)))
    text = " ".join(box.inner_text().split())
    assert reason and f"{reason} {play.hint(1)}" in text and str(play.answer()) not in reason, (reason, text)
    click_key(page, "pz-solution")
    text = box.inner_text()
    # what the button promised is what it gives: the answer, never called a hint
    assert "The answer:" in text and "Hint 2" not in text and "Solution:" not in text, text
    assert "Why your try was wrong" in text and play.grade(str(legal)).text.split(":")[0] in text, text
    # an is-it-a-trump puzzle: its hint speaks of the trump in force only
    open_page(page, f"{server}/puzzles")
    pick_kind(page, "Is it a trump?")
    trumpq = first("is_trump")
    click_key(page, f"pz-{trumpq.id}-hint")
    text = box.inner_text()
    assert f"Hint 1: {trumpq.hint(1)}" in text and "With doubles trump" not in text


def test_yes_no_intros_do_not_say_the_answer(page: Any, server: str) -> None:
    """The Yes/No trump levels (3.2, 3.3, 4.1, 4.2, 5.1) teach the rule without saying the
    answer of their question before it is answered: no "is a trump" of the tile's kind, no
    "never a trump", no "no trumps at all"; 3.3 is titled by its topic."""
    page.set_viewport_size({"width": 1280, "height": 800})
    open_page(page, f"{server}/learn")
    said = {
        ("3. Trump is a number", 2): ("6-3 is a trump", "lower end"),
        ("3. Trump is a number", 3): ("ordinary tile", "A big tile"),
        ("4. Doubles as trump", 1): ("doubles are the trumps",),
        ("4. Doubles as trump", 2): ("never a trump",),
        ("5. No trump (\"follow me\")", 1): ("no trumps at all",),
    }
    for (stage, number), giveaways in said.items():
        text = _level(page, stage, number).inner_text()
        assert "Check" in text or "Yes" in text, text  # not answered yet
        for words in giveaways:
            assert words.lower() not in text.lower(), (stage, number, words, text)
    assert _level(page, "3. Trump is a number", 3).locator("h2").first.inner_text().strip() == "Big and small tiles"


def test_puzzles_keep_the_hint_button_and_say_what_next_and_new_do(page: Any, server: str) -> None:
    """After a wrong try the Hint button stays in its place (it says the hint is shown, as the
    feedback carries it), and the page says what "Next puzzle" and "Make a new puzzle" do."""
    from tutorial.services.items import puzzles

    page.set_viewport_size({"width": 1280, "height": 800})
    open_page(page, f"{server}/puzzles")
    pick_kind(page, "Is it a trump?")
    box = page.locator(".st-key-pz-box")
    text = box.inner_text()
    assert "Next puzzle: the next puzzle of this list" in text and "Make a new puzzle: a fresh puzzle" in text, text
    assert box.get_by_role("button", name="Make a new puzzle").count() == 1
    assert box.get_by_role("button", name="New puzzle", exact=True).count() == 0
    shown = box.locator("[class*='-choice-yes']").first.get_attribute("class") or ""
    p = next(x for x in puzzles() if f"st-key-pz-{x.id}-choice-yes" in shown.split())
    wrong = "no" if p.answer_json() is True else "yes"
    click_key(page, f"pz-{p.id}-choice-{wrong}")
    assert "Not quite" in box.inner_text()
    hint = page.locator(f".st-key-pz-{p.id}-hint").get_by_role("button", name="Hint shown")
    assert hint.count() == 1 and hint.is_visible() and hint.is_disabled()
