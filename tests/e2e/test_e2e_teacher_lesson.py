"""Browser tests of a teacher's lesson on the presenter (issue 36): "Jump to" any move, the
rules an old deck or a typed link plays said on the page (and kept after F5), the numbers
button only where there are numbers, no "Large tiles" switch on the Presenter, a live class's
projector (the board's width, big tiles, the numbers readable and never under the panel), the
summary's way back to the slide, and the join screen's way to the join page. Screenshots go
to artifacts/screenshots/lesson-*.png (with MOON_SCREENSHOTS=1)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from moon_browser import (
    click,
    open_presenter,
    runs,
    settle,
    shot,
    sized_context,
    stage,
    wait_for,
)

LINK = "/presenter?deal=12&computer=basic&move={move}"


def test_jump_to_any_move_on_the_slider(projector: Any, server: str) -> None:
    """A click on the "Jump to" slider goes straight to that move, the address follows (a
    reload stays there), and the arrow keys step on from it one move at a time."""
    open_presenter(projector, server + LINK.format(move=12))
    track = projector.locator(".st-key-pres-jump [data-orientation=horizontal][style*='touch-action']").first
    box = track.bounding_box()
    assert box is not None and box["y"] + box["height"] <= 1080  # in the projector's first screenful
    before = runs(projector)
    projector.mouse.click(box["x"] + box["width"] * 0.25, box["y"] + box["height"] / 2)
    settle(projector, since=before)
    jumped = int(stage(projector))
    assert 4 <= jumped <= 9, jumped  # a quarter of the way through 26 moves
    assert f"move={jumped}" in projector.url
    assert projector.locator(".st-key-pres-jump [data-testid=stSliderThumbValue]").inner_text() == f"Move {jumped}"
    shot(projector, "lesson-jump-1920x1080.png")
    before = runs(projector)
    projector.keyboard.press("ArrowRight")
    settle(projector, since=before)
    assert stage(projector) == str(jumped + 1)
    projector.reload()
    wait_for(projector, ".pres-stage", 120)
    settle(projector)
    assert stage(projector) == str(jumped + 1)


def test_classic_rules_said_for_an_old_deck_and_a_typed_link_after_f5(projector: Any, server: str) -> None:
    """A deck saved before decks named their rules, and a deal link typed without players,
    play the classic rules: the stage says so beside the move, and still does after F5."""
    import json

    from tutorial.services.decks import DECK_FORMAT, deck_token, load_deck

    old = load_deck(json.dumps({"format": DECK_FORMAT, "title": "Old lesson", "entries": [
        {"kind": "deal", "deal": 12, "move": 3, "to": 6, "computer": "basic"}]}).encode())
    for url in (f"/presenter?deck={deck_token(old)}", "/presenter?deal=12&computer=basic"):
        open_presenter(projector, server + url)
        where = projector.locator(".pres-where")
        assert "· classic rules" in where.inner_text(), (url, where.inner_text())
        before = runs(projector)
        projector.keyboard.press("ArrowRight")
        settle(projector, since=before)
        projector.reload()
        wait_for(projector, ".pres-stage", 120)
        settle(projector)
        assert "· classic rules" in projector.locator(".pres-where").inner_text(), url
        assert stage(projector) in ("1", "4"), url
    shot(projector, "lesson-typed-link-1920x1080.png")


def test_the_presenter_is_always_large_and_keeps_the_classrooms_switch(projector: Any, server: str) -> None:
    """"Large tiles" is a switch of the other pages: the presenter (always drawn for a
    projector) neither offers it nor takes its bigger type over its own sizes, and the
    Classroom comes back with the switch as the teacher left it."""
    from moon_browser import open_page

    font = "() => getComputedStyle(document.documentElement).fontSize"
    open_page(projector, server + "/classroom")
    click(projector, projector.get_by_text("Large tiles (projector)"))
    assert projector.evaluate(font) == "20px"
    click(projector, projector.locator(f'[data-testid="stSidebarNav"] a[href="{server}/presenter"]').first)
    wait_for(projector, ".st-key-pres-message", 60)
    assert projector.locator(".st-key-moon_large_tiles").count() == 0
    assert projector.evaluate(font) == "16px"
    click(projector, projector.get_by_text("Go to the Classroom"))
    wait_for(projector, ".st-key-moon_large_tiles", 60)
    settle(projector)
    assert projector.locator(".st-key-moon_large_tiles input").is_checked()
    assert projector.evaluate(font) == "20px"


def test_the_numbers_button_shows_only_where_there_are_numbers(projector: Any, server: str) -> None:
    """At the deal there is no move and so no figures: no "Show the numbers" button; one move
    on, the button is there and shows the computer's figures."""
    open_presenter(projector, server + LINK.format(move=0))
    assert projector.locator(".st-key-pres-numbers").count() == 0
    before = runs(projector)
    projector.keyboard.press("ArrowRight")
    settle(projector, since=before)
    wait_for(projector, ".st-key-pres-numbers button", 30)
    click(projector, projector.locator(".st-key-pres-numbers button"))
    wait_for(projector, ".pres-numbers", 30)


_BOX = "(sel) => { const e = document.querySelector(sel); if (!e) return null; const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom] }"
_HEIGHTS = "(sel) => [...document.querySelectorAll(sel)].map(e => Math.round(e.getBoundingClientRect().height))"
# The "Jump to" bar's box, its thumb's and the thumb's label's ("Move 8"), when it is shown
# (null when it is hidden or absent).
_JUMP = """() => { const e = document.querySelector('.st-key-pres-jump-box');
  const label = document.querySelector('.st-key-pres-jump [data-testid=stSliderThumbValue]');
  const t = label && label.parentElement;
  if (!e || !t || !e.checkVisibility() || !t.checkVisibility() || !label.checkVisibility()) return null;
  const b = x => { const r = x.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
  const tiles = [...document.querySelectorAll('.pres-stage svg.moon-tile')].filter(x => x.checkVisibility()).map(b);
  return {bar: b(e), thumb: b(t), label: b(label), tiles}; }"""


def _bar_in_view(projector: Any, width: int, height: int, where: object) -> None:
    """The "Jump to" bar shown, clear of the controls and of every tile, its thumb and the move
    beside it inside the window, the page unscrolled."""
    bar = projector.evaluate(_JUMP)
    controls = projector.evaluate(_BOX, ".st-key-pres-controls")
    assert bar is not None, ("the move bar is hidden", where)
    assert not _meets(bar["bar"], controls) and bar["bar"][3] <= height, (bar, controls, where)
    assert not any(_meets(bar["bar"], tile) for tile in bar["tiles"]), (bar, where)  # over no tile
    for part in (bar["thumb"], bar["label"]):
        assert 0 <= part[0] and part[2] <= width and part[3] <= height, (bar, where)
    assert projector.evaluate("() => document.documentElement.scrollHeight") <= height, where


@contextmanager
def _live_phone(projector: Any, browser: Any, server: str, name: str) -> Iterator[Any]:
    """Start a live class on the projector's slide, close its join screen, and join it from a
    phone (390×844) as ``name``; yields the phone's page (its browser closed afterwards)."""
    click(projector, projector.locator(".st-key-live-start button").first)
    wait_for(projector, ".live-join-big", 30)
    code = str(projector.locator(".live-join-big").get_attribute("data-code"))
    click(projector, projector.locator(".st-key-live-join-close button").first)
    with _phone(browser, server, code, name) as phone:
        yield phone


@contextmanager
def _phone(browser: Any, server: str, code: str, name: str) -> Iterator[Any]:
    """A phone (390×844) joined to the live class ``code`` as ``name`` (its browser closed afterwards)."""
    ctx = sized_context(browser, 390, 844)
    try:
        phone = ctx.new_page()
        phone.set_default_timeout(90_000)
        phone.goto(server + f"/live?code={code}")
        wait_for(phone, ".st-key-live-name input", 120)
        settle(phone)
        phone.locator(".st-key-live-name input").fill(name)
        click(phone, phone.locator("[data-testid=stFormSubmitButton] button").first)
        yield phone
    finally:
        ctx.close()


def test_the_numbers_table_is_compact_and_fits_beside_the_table(projector: Any, server: str) -> None:
    """"Show the numbers" on a move of the strong computer: a compact table (the figures that
    differ, then what every move shares once) that fits on the screen in projector type."""
    open_presenter(projector, server + "/presenter?deal=12&players=3&computer=strong&move=13")
    click(projector, projector.locator(".st-key-pres-numbers button"))
    wait_for(projector, ".pres-numbers table", 30)
    box = projector.evaluate(_BOX, ".pres-numbers")
    assert box[3] <= 1080, box  # its last line on the screen
    cells = projector.evaluate(
        "() => [...document.querySelectorAll('.pres-numbers td')].map(e => parseFloat(getComputedStyle(e).fontSize))")
    assert cells and min(cells) >= 28, cells  # 7 px and more at a quarter of the size
    assert projector.locator(".pres-numbers .live-note").count() >= 1
    shot(projector, "lesson-numbers-1920x1080.png")


def test_a_live_lesson_on_the_projector_and_a_phone(projector: Any, browser: Any, server: str) -> None:
    """A live class at 1920×1080: the asked hand's tiles big beside the panel, a phone that
    chooses a legal but weaker tile told why it is worse (and the projector too), the numbers in
    the panel in view, and the class summary ("Hand 1") leading back to the slide."""
    open_presenter(projector, server + "/presenter?deal=12&players=3&computer=strong&move=13")
    with _live_phone(projector, browser, server, "Ada") as phone:
        wait_for(phone, ".live-waiting", 30)
        click(projector, projector.locator(".st-key-pres-ask button").first)
        wait_for(projector, ".live-chart", 30)
        asked = projector.evaluate(_HEIGHTS, ".pres-seat.pres-act .pres-tiles svg.moon-tile")
        assert asked and min(asked) >= 160, asked  # beside the panel, as big as without it
        # The panel covers no part of the stage (its header, table and words).
        panel = projector.evaluate(_BOX, ".st-key-live-panel")
        parts = projector.evaluate("""() => [...document.querySelectorAll('.pres-top, .pres-body > *')].map(e => {
            const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; })""")
        assert len(parts) == 3 and all(b[2] <= panel[0] or b[0] >= panel[2] or b[3] <= panel[1] or b[1] >= panel[3]
                                       for b in parts), (parts, panel)
        shot(projector, "lesson-live-ask-1920x1080.png")
        # Seat 1, twos (trumps) led, none left in hand: 6-5 is legal, and worse than the computer's 4-1.
        weaker = phone.locator("[class*='st-key-live-choice-'] button", has_text="6-5")
        weaker.wait_for(timeout=30_000)
        settle(phone)
        labels = phone.locator("[class*='st-key-live-choice-'] button").all_inner_texts()
        assert labels == ["4-1", "4-3", "5-4", "6-3", "6-5"], labels  # the hand's order, as on the table
        click(phone, weaker)
        projector.wait_for_function("() => document.querySelector('.live-chart')?.dataset.answered === '1'",
                                    timeout=20_000)
        before = runs(projector)
        projector.keyboard.press("ArrowRight")  # the reveal
        settle(projector, since=before)
        # Why 6-5 is worse, in plain words beside 4-1: in the stage's words, a line on each wrong
        # answer chosen (the chart does not say it again).
        said = projector.locator(".pres-talk .pres-worse", has_text="6-5 ")
        said.wait_for(timeout=20_000)
        wait_for(projector, ".st-key-live-panel .live-chart[data-revealed='1'] .live-names", 30)
        line = "6-5: the bid is set less often than with 4-1."
        assert said.inner_text() == line.replace(":", " (1 student):", 1), said.inner_text()
        assert "less often" not in projector.locator(".st-key-live-panel").inner_text()
        # The words and the result under the chart read from the back of the room: a step above 28 px.
        size = "(sel) => parseFloat(getComputedStyle(document.querySelector(sel)).fontSize)"
        assert projector.evaluate(size, ".pres-talk .pres-worse") >= 34
        assert projector.evaluate(size, ".st-key-live-panel .live-names b") >= 34
        wait_for(phone, ".live-revealed", 30)
        assert line in phone.locator(".live-revealed").inner_text()  # the projector's sentence
        shot(phone, "lesson-phone-worse-390x844.png", full_page=True)
        click(projector, projector.locator(".st-key-pres-numbers button"))
        wait_for(projector, ".live-numbers table", 30)
        numbers = projector.evaluate(_BOX, ".live-numbers")
        stage_box = projector.evaluate(_BOX, ".pres-stage")
        assert numbers[3] <= 1080 and numbers[0] >= stage_box[2], numbers  # in view, beside the stage
        shot(projector, "lesson-live-numbers-1920x1080.png")
        count = stage(projector)
        click(projector, projector.locator(".st-key-live-summary-open button").first)
        wait_for(projector, ".st-key-live-summary", 30)
        assert "Class summary: Hand 1" in projector.locator(".st-key-live-summary").inner_text()
        click(projector, projector.locator(".st-key-live-summary-close button"))
        wait_for(projector, ".pres-stage", 30)
        assert stage(projector) == count


def test_a_live_discard_reveal_says_a_plain_line_on_each_wrong_answer_chosen(projector: Any, browser: Any,
                                                                            server: str) -> None:
    """Deal 1 (three players, strong), move 3: Seat 2 lays 6-1 aside; two students lay 0-0
    aside, one 3-1 (the computer weighed 3-1 fully, 0-0 in three deals). At the reveal the
    projector says one plain line on each wrong answer chosen, most chosen first, with how
    many chose it, and nothing of a wrong answer nobody chose; in full at 1920×1080, 1280×720
    and 1024×768, the panel whole beside or above it (every bar, the code, its buttons). Each
    phone reads its own tile's line: the same sentence as the projector's, for either tile."""
    open_presenter(projector, server + "/presenter?deal=1&players=3&computer=strong&move=3")
    picks = {"Ada": "0-0", "Bo": "0-0", "Cy": "3-1"}
    lines = {"0-0": "0-0: the bid is never made, against always with 6-1.",
             "3-1": "3-1: the bid is never made, against always with 6-1."}
    sizes = ((1920, 1080), (1280, 720), (1024, 768))
    with _live_phone(projector, browser, server, "Ada") as ada:
        code = str(projector.locator(".st-key-live-panel [data-code]").first.get_attribute("data-code"))
        with _phone(browser, server, code, "Bo") as bo, _phone(browser, server, code, "Cy") as cy:
            phones = {"Ada": ada, "Bo": bo, "Cy": cy}
            for phone in phones.values():
                wait_for(phone, ".live-waiting", 60)
            click(projector, projector.locator(".st-key-pres-ask button").first)
            wait_for(projector, ".live-chart", 30)
            for name, phone in phones.items():
                chosen = phone.locator("[class*='st-key-live-choice-'] button", has_text=picks[name])
                chosen.wait_for(timeout=60_000)
                settle(phone)
                click(phone, chosen)
            projector.wait_for_function("() => document.querySelector('.live-chart')?.dataset.answered === '3'",
                                        timeout=30_000)
            click(projector, projector.locator(".st-key-pres-forward button").first)
            wait_for(projector, ".live-chart[data-revealed='1']", 30)
            said = projector.locator(".pres-talk .pres-worse.pres-chosen p")
            said.first.wait_for(timeout=30_000)
            assert said.all_inner_texts() == [lines["0-0"].replace(":", " (2 students):", 1),
                                              lines["3-1"].replace(":", " (1 student):", 1)]
            assert projector.locator(".pres-talk .pres-worse").count() == 1  # no line on every worse play
            for name, phone in phones.items():
                revealed = phone.locator(".live-revealed", has_text="never made")
                revealed.wait_for(timeout=30_000)
                assert lines[picks[name]] in revealed.inner_text(), (name, revealed.inner_text())
            shot(cy, "live-discard-phone-390x844.png", full_page=True)
            try:
                for width, height in sizes:
                    projector.set_viewport_size({"width": width, "height": height})
                    projector.wait_for_timeout(400)
                    shot(projector, f"live-discard-reveal-{width}x{height}.png")
                    got = projector.evaluate(_REVEALED)
                    where = (width, got)
                    assert not got["cut"] and got["scroll"] <= 1, where  # every line in full
                    assert not _meets(got["talk"], got["panel"]), where
                    # Under the panel (at every projector size in a live class) the words set
                    # the page's height: the controls stay in view.
                    assert got["controls"][3] <= height, where
                    _bar_in_view(projector, width, height, where)  # the teacher keeps stepping: 1280x720, 4:3 too
                    parts = projector.evaluate(_PANEL_SHOWN)
                    assert sum(1 for p in parts if p[0][:1] in "✓d") == 8, parts  # the chart's eight bars
                    assert any("End" in p[0] for p in parts) and any(p[3] for p in parts), parts
                    assert all(p[1] and p[2] for p in parts), (width, parts)  # whole, nothing over it
            finally:
                projector.set_viewport_size({"width": 1920, "height": 1080})


def test_join_as_a_student_leaves_no_stale_class_in_the_address(browser: Any, server: str) -> None:
    """A class's dashboard address (``?class=``) opened on a phone that did not make the class
    offers "Join this class as a student": it opens the join page with the code filled in, and
    its address (``?code=``) no longer names the dashboard, so a reload stays on the join page."""
    from moon_browser import open_page

    from store import classes, open_store

    klass, _ = classes.create_class(open_store(), "Year 10")  # the server's database
    ctx = sized_context(browser, 390, 844)
    try:
        phone = ctx.new_page()
        phone.set_default_timeout(90_000)
        open_page(phone, server + f"/classes?class={klass.join_code}")
        click(phone, phone.locator(".st-key-class-join-as-student button"))
        phone.wait_for_url(f"**/classes?code={klass.join_code}", timeout=30_000)
        assert "class=" not in phone.url
        assert phone.locator(".st-key-class-code input").input_value() == klass.join_code
        phone.reload()
        phone.wait_for_function("(c) => document.querySelector('.st-key-class-code input')?.value === c",
                                arg=klass.join_code, timeout=60_000)
        settle(phone)
        assert not phone.get_by_text("dashboard opens only").count()
        shot(phone, "lesson-join-as-student-390x844.png", full_page=True)
    finally:
        ctx.close()


def test_a_levels_choices_on_the_phone_come_in_order(projector: Any, browser: Any, server: str) -> None:
    """A lesson level answered by a number, put to a live class from a deck: the phone's
    choices go upward (the same order for every class), and a "pick every legal tile" level
    offers a toggle per tile in the hand's order."""
    from tutorial.services.decks import Deck, DeckEntry, deck_token
    from tutorial.services.items import course

    levels = course().levels()
    count = next(x for x in levels if x.kind == "count")
    legal = next(x for x in levels if x.kind == "legal_tiles")
    deck = Deck(title="Order", entries=(DeckEntry(kind="level", ref=count.id), DeckEntry(kind="level", ref=legal.id)))
    open_presenter(projector, server + f"/presenter?deck={deck_token(deck)}&slide=0")
    with _live_phone(projector, browser, server, "Bo") as phone:
        wait_for(phone, "[class*='st-key-live-choice-'] button", 60)
        settle(phone)
        numbers = [int(t) for t in phone.locator("[class*='st-key-live-choice-'] button").all_inner_texts()]
        assert len(numbers) >= 3 and numbers == sorted(numbers), numbers
        before = runs(projector)
        projector.keyboard.press("PageDown")  # the reveal
        settle(projector, since=before)
        wait_for(projector, ".live-chart[data-revealed='1']", 30)
        chart = projector.locator(".live-chart .live-lab").all_inner_texts()
        assert [int(t.lstrip("✓ ")) for t in chart] == numbers, chart  # the projector's bars in the same order
        before = runs(projector)
        projector.keyboard.press("PageDown")  # the next level: which tiles may be played
        settle(projector, since=before)
        # One toggle per tile of the hand, in the hand's order: no list of several tiles to tap,
        # which would be the answer.
        toggles = phone.locator(".st-key-live-picks [data-testid=stCheckbox]")
        toggles.first.wait_for(timeout=60_000)
        settle(phone)
        hand = [str(t) for t in next(h for h in legal.position.hands if h is not None)]
        assert toggles.all_inner_texts() == hand, (toggles.all_inner_texts(), hand)
        assert phone.locator("[class*='st-key-live-choice-']").count() == 0
        shot(phone, "lesson-phone-choices-390x844.png", full_page=True)


# Where a revealed answer's parts are: the talk's text lines cut off (outside the talk's box or
# the window), the talk's scroll, the seat asked, its name, its cells, the "Answer" tag, the
# tiles' pictures, the panel and the controls; and the smallest type on the stage.
_REVEALED = """() => {
  const box = e => { if (!e) return null; const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
  const all = s => [...document.querySelectorAll(s)].filter(e => e.checkVisibility()).map(box);
  const talk = document.querySelector('.pres-talk');
  const tb = talk.getBoundingClientRect();
  const cut = [];
  const walker = document.createTreeWalker(talk, NodeFilter.SHOW_TEXT);
  let n;
  while ((n = walker.nextNode())) {
    if (!n.textContent.trim() || !n.parentElement.checkVisibility()) continue;
    const range = document.createRange();
    range.selectNodeContents(n);
    for (const r of range.getClientRects())
      if (r.top < tb.top - 1 || r.bottom > tb.bottom + 1 || r.bottom > innerHeight || r.right > innerWidth)
        cut.push(n.textContent.trim().slice(0, 40));
  }
  const sizes = [...document.querySelectorAll('.pres-stage *')].filter(e => e.checkVisibility()
    && [...e.childNodes].some(c => c.nodeType === 3 && c.textContent.trim())).map(e => parseFloat(getComputedStyle(e).fontSize));
  const act = document.querySelector('.pres-seat.pres-act');
  return {cut, scroll: talk.scrollHeight - talk.clientHeight, talk: box(talk),
          seat: box(act), name: box(act.querySelector('.pres-name')),
          cells: [...act.querySelectorAll('.pres-cell')].map(box),
          answers: [...act.querySelectorAll('.pres-is-answer')].filter(e => e.checkVisibility())
            .map(c => [box(c), [...c.querySelectorAll('.pres-answer-cap')].filter(e => e.checkVisibility()).map(box)]),
          tags: all('.pres-answer-cap'),
          tiles: all('.pres-act svg.moon-tile'), heights: all('.pres-act svg.moon-tile').map(b => b[3] - b[1]),
          panel: box(document.querySelector('.st-key-live-panel')),
          controls: box(document.querySelector('.st-key-pres-controls')), smallest: Math.min(...sizes)};
}"""


def _meets(a: list[float], b: list[float]) -> bool:
    """Whether the boxes ``a`` and ``b`` overlap (more than a pixel's rounding)."""
    return a[0] < b[2] - 1 and b[0] < a[2] - 1 and a[1] < b[3] - 1 and b[1] < a[3] - 1


def _inside(a: list[float], b: list[float]) -> bool:
    return a[0] >= b[0] - 1 and a[1] >= b[1] - 1 and a[2] <= b[2] + 1 and a[3] <= b[3] + 1


def test_a_live_reveal_shows_every_word_at_every_projector_size_nothing_overlapping(projector: Any, browser: Any,
                                                                                   server: str) -> None:
    """A live class revealed at deal 12, move 8 (Seat 2, the answer on a side hand), move 11
    (Seat 2 again: 5-5 makes the bid every time like the answer, with fewer tricks, and the
    phone that chose it says why the tricks count) and move 12 (Seat 0, four answers at the
    bottom), at 1920×1080, 1280×720 and 1024×768: the computer's
    words in full and right under the answers panel when under it (no empty band between), (the answer, its reason, the plays as good and a line on the wrong answer chosen, the same
    line at every size), the asked hand about as large as while asked (16:9), an "Answer" tag in
    each right cell (the computer's tile and every tile as good), each ring and tag inside its own
    cell, the tags clear of each other and of every tile, the cells inside the seat's frame and
    clear of its name, the type at the projector bar (28 px at 1920 wide, in proportion below), "Jump to" under the controls
    at every size, asked and revealed; after End, one short line says so and the lesson still
    fits the window, its controls and "Jump to" in view, and once the line is closed the slide
    is as before the class."""
    sizes = ((1920, 1080), (1280, 720), (1024, 768))
    open_presenter(projector, server + "/presenter?deal=12&players=3&computer=strong&move=8")
    worse_lines = {}
    with _live_phone(projector, browser, server, "Ada") as phone:
        wait_for(phone, ".live-waiting", 30)
        wait_for(projector, ".st-key-live-panel", 30)
        _reveal_at_sizes(projector, phone, sizes, worse_lines)
    # The wrong answer chosen, in its plain line, the same at every size.
    assert all(len(lines) == 1 for lines in worse_lines.values()), worse_lines
    assert worse_lines[8] == {"0-0 (1 student): the bid is never made, against always with 4-2."}
    assert worse_lines[11] == {"5-5 (1 student): the bid is made as often, with fewer tricks than with 5-2: each is "
                               "a point the others do not score."}
    _ended_fits(projector, sizes)


def _reveal_at_sizes(projector: Any, phone: Any, sizes: tuple[tuple[int, int], ...],
                     worse_lines: dict[int, set[str]]) -> None:
    """Moves 8, 11 and 12 asked (the phone choosing a weaker tile), then revealed, at each size."""
    picks = {8: "0-0", 11: "5-5", 12: "6-6"}
    answers = {8: 2, 11: 3, 12: 4}  # the computer's tile and those as good: 4-2, 5-2; 5-2, 0-0, 1-1; 5-1, 3-3, 4-4, 6-4
    try:
        at = 8
        for move in picks:
            for _ in range(move - at):
                before = runs(projector)
                projector.keyboard.press("ArrowRight")
                settle(projector, since=before)
            at = move
            assert stage(projector) == str(move)
            click(projector, projector.locator(".st-key-pres-ask button").first)
            wait_for(projector, ".live-chart", 30)
            projector.wait_for_timeout(1_000)
            assert projector.locator("[data-testid=stTooltipContent]:visible").count() == 0  # none left hanging
            asked = {}
            for width, height in sizes:
                projector.set_viewport_size({"width": width, "height": height})
                projector.wait_for_timeout(300)
                asked[width] = min(projector.evaluate(_HEIGHTS, ".pres-seat.pres-act svg.moon-tile"))
                _bar_in_view(projector, width, height, ("asked", move, width))
            projector.set_viewport_size({"width": 1920, "height": 1080})
            weaker = phone.locator("[class*='st-key-live-choice-'] button", has_text=picks[move])
            weaker.wait_for(timeout=30_000)
            settle(phone)
            click(phone, weaker)
            projector.wait_for_function("() => document.querySelector('.live-chart')?.dataset.answered === '1'",
                                        timeout=20_000)
            before = runs(projector)
            projector.locator(".st-key-pres-forward button").first.click()  # the reveal, the mouse left on it
            settle(projector, since=before)
            wait_for(projector, ".live-chart[data-revealed='1']", 30)
            projector.wait_for_timeout(1_000)
            assert projector.locator("[data-testid=stTooltipContent]:visible").count() == 0
            if move == 11:  # 100% against 100%: the phone says the tricks decide, and why
                phone.locator(".live-revealed", has_text="5-5: ").wait_for(timeout=30_000)
                said = phone.locator(".live-revealed").inner_text()
                assert ("5-5: the bid is made as often, with fewer tricks than with 5-2: each is a point the others "
                        "do not score.") in said, said
                shot(phone, "lesson-phone-tie-390x844.png", full_page=True)
            for width, height in sizes:
                projector.set_viewport_size({"width": width, "height": height})
                projector.wait_for_timeout(300)
                got = projector.evaluate(_REVEALED)
                where = (move, width, got)
                assert not got["cut"] and got["scroll"] <= 1, where  # the computer's words in full
                assert got["talk"][1] >= got["panel"][3] or got["talk"][2] <= got["panel"][0], where
                if got["talk"][1] >= got["panel"][3]:  # under the chart, right under it: no empty band
                    assert got["talk"][1] - got["panel"][3] <= 0.02 * height, where  # its 1.4vh margin
                assert got["controls"][3] <= height, where
                _bar_in_view(projector, width, height, where)  # the teacher keeps stepping: 1280x720, 4:3 too
                # The hand asked stays large: at the bottom as tall as while asked, at a side at least
                # 70% of that beside the other side and the trick (a 4:3 projector's
                # narrow stage keeps the bottom hand in one row).
                least = asked[width] - 1 if move == 12 else 0.7 * asked[width] - 1
                assert width < 1280 or min(got["heights"]) >= least, (asked[width], where)
                # An "Answer" tag in each right cell (the computer's tile and each as good), inside
                # it, over no tile and clear of the other tags.
                assert len(got["answers"]) == answers[move] and len(got["tags"]) == answers[move], where
                for cell, tags in got["answers"]:
                    assert len(tags) == 1 and _inside(tags[0], cell), (cell, tags, where)
                tags = got["tags"]
                assert not any(_meets(tag, tile) for tag in tags for tile in got["tiles"]), where
                assert not any(_meets(a, b) for i, a in enumerate(tags) for b in tags[i + 1:]), where
                assert all(_inside(cell, got["seat"]) for cell in got["cells"]), where  # rings in the frame
                assert not any(_meets(got["name"], cell) for cell in got["cells"]), where  # clear of the name
                assert got["smallest"] >= 28 * min(width / 1920, height / 1080) - 0.5, where
                worse = projector.locator(".pres-talk .pres-worse")
                assert worse.count() == 1
                worse_lines.setdefault(move, set()).add(worse.inner_text())
                assert worse.inner_text().partition(": ")[2] not in projector.locator(".st-key-live-panel").inner_text()
                shot(projector, f"lesson-live-revealed-{move}-{width}x{height}.png")
    finally:
        projector.set_viewport_size({"width": 1920, "height": 1080})


def _ended_fits(projector: Any, sizes: tuple[tuple[int, int], ...]) -> None:
    """End, then at each size: one short line, the controls and "Jump to" in view; closed, the
    slide as before."""
    click(projector, projector.locator(".st-key-live-end button").first)
    click(projector, projector.locator(".st-key-live-end-yes button").first)
    wait_for(projector, ".st-key-live-ended-msg", 30)
    try:
        for width, height in sizes:
            projector.set_viewport_size({"width": width, "height": height})
            projector.wait_for_timeout(300)
            notice = projector.evaluate(_BOX, ".st-key-live-ended-msg")
            assert notice[3] - notice[1] <= 70 * height / 1080 + 1, (width, notice)  # one short line
            # The controls in view, and "Jump to" under them: the teacher keeps stepping.
            box = projector.evaluate(_BOX, ".st-key-pres-controls")
            assert box is not None and box[3] <= height, (width, box)
            assert projector.evaluate("() => document.documentElement.scrollHeight") <= height, width
            _bar_in_view(projector, width, height, ("ended", width))
            shot(projector, f"lesson-live-ended-{width}x{height}.png")
    finally:
        projector.set_viewport_size({"width": 1920, "height": 1080})
    # Closed, the lesson is as before the class: the same slide, "Jump to" back, no class in the address.
    click(projector, projector.locator(".st-key-live-ended-close button").first)
    wait_for(projector, ".st-key-pres-jump-box", 30)
    assert projector.locator(".st-key-live-ended-msg").count() == 0 and "live=" not in projector.url
    assert stage(projector) == "12" and projector.evaluate(_BOX, ".st-key-pres-jump-box")[3] <= 1080


# The live panel's parts (each chart row, the join code, its buttons): whether each shows whole
# inside the panel's box and the window, and is the topmost thing at its centre (nothing over it).
_PANEL_SHOWN = """() => {
  const panel = document.querySelector('.st-key-live-panel');
  const pb = panel.getBoundingClientRect();
  const parts = [...panel.querySelectorAll('.live-bar, .live-code, .live-code-small, button')]
    .filter(e => e.checkVisibility());
  return parts.map(e => {
    const r = e.getBoundingClientRect();
    const whole = r.top >= pb.top - 1 && r.bottom <= pb.bottom + 1 && r.bottom <= innerHeight + 1 && r.height > 0;
    const top = document.elementFromPoint((r.left + r.right) / 2, (r.top + r.bottom) / 2);
    return [e.innerText.trim().slice(0, 30), whole, !!top && panel.contains(top), e.matches('[class*=live-code]')];
  });
}"""


@pytest.mark.parametrize(("kind", "ref"), [("level", "tiles-which-stay"), ("puzzle", "trick-winner-2008")])
def test_a_deck_levels_live_reveal_shows_the_whole_panel(projector: Any, browser: Any, server: str, kind: str,
                                                         ref: str) -> None:
    """A deck's slide put to a live class, a phone answering, then revealed (a level with a
    reason of a line a tile, "Which tiles stay?", and a puzzle with a one-line reason): at 1920×1080, 1280×720 and 1024×768 the panel shows whole (every bar of the
    chart, the join code, Join screen / Class summary / End), nothing of the slide over it, and
    the slide's words clear of it and whole, as on a hand's slide. The level's phone, which
    sent a wrong set, is told first which tiles it left out (and took wrongly)."""
    from tutorial.services.decks import Deck, DeckEntry, deck_token

    deck = Deck(title="Which stay", entries=(DeckEntry(kind=kind, ref=ref),))
    open_presenter(projector, server + f"/presenter?deck={deck_token(deck)}&slide=0")
    try:
        with _live_phone(projector, browser, server, "Ann") as phone:
            if kind == "level":  # "Which tiles stay?" picks every tile: a toggle, then Send
                choice = phone.locator(".st-key-live-picks [data-testid=stCheckbox] label").first
                choice.wait_for(timeout=60_000)
                settle(phone)
                click(phone, choice)
                click(phone, phone.locator(".st-key-live-send button"))
                # A second student sends another set: the chart has a bar per set given, and the right one.
                from store import live, open_store

                db = open_store()
                code = str(projector.locator(".live-join-small").get_attribute("data-code"))
                _player, token = live.join(db, code, "Ben")
                asked = live.student_view(db, token)
                assert asked is not None and asked.question is not None and asked.question.picks
                live.answer(db, token, asked.question.id, live.pick_value([1]))
                expected = "2"
            else:
                choice = phone.locator("[class*='st-key-live-choice-'] button").first
                choice.wait_for(timeout=60_000)
                settle(phone)
                click(phone, choice)
                expected = "1"
            projector.wait_for_function("(n) => document.querySelector('.live-chart')?.dataset.answered === n",
                                        arg=expected, timeout=20_000)
            before = runs(projector)
            projector.keyboard.press("ArrowRight")  # the reveal
            settle(projector, since=before)
            wait_for(projector, ".live-chart[data-revealed='1']", 30)
            if kind == "level":  # Ann's set (the first tile only): what it left out, first, on her phone
                right = live.pick_places(asked.question.right[0], len(asked.question.choices))
                assert right is not None and right != (0,)
                tiles = [label for _value, label in asked.question.choices]
                missed = [tiles[i] for i in right if i != 0]
                said = ((f"You left out {', '.join(missed[:-1])} and {missed[-1]}." if len(missed) > 1
                         else f"You left out {missed[0]}.") if missed else "")
                if 0 not in right:
                    said = f"{said} You picked {tiles[0]}, which is not in the answer.".strip()
                got = phone.locator(".live-revealed .live-illegal")
                got.wait_for(timeout=30_000)
                assert got.inner_text() == said, (got.inner_text(), said)
                text = phone.locator(".live-revealed").inner_text()
                assert text.index(said) < text.index("The answer:"), text
                shot(phone.locator(".live-revealed"), "lesson-phone-pick-misses-390x844.png")
            for width, height in ((1920, 1080), (1280, 720), (1024, 768)):
                projector.set_viewport_size({"width": width, "height": height})
                projector.wait_for_timeout(400)
                parts = projector.evaluate(_PANEL_SHOWN)
                names = [p[0] for p in parts]
                assert sum(1 for p in parts if p[0][:1] in "✓0123456n") >= 3, parts  # the chart's rows
                assert any("End" in n for n in names) and any("Join" in n for n in names), parts
                assert any(p[3] for p in parts), parts  # the join code
                assert all(p[1] and p[2] for p in parts), (width, parts)  # whole, nothing over it
                panel = projector.evaluate(_BOX, ".st-key-live-panel")
                talk = projector.evaluate(_BOX, ".pres-talk")
                assert not _meets(panel, talk), (width, panel, talk)
                scroll = projector.evaluate("() => { const t = document.querySelector('.pres-talk');"
                                            " return t.scrollHeight - t.clientHeight; }")
                assert scroll <= 1, (width, scroll)  # the words whole too, nothing to scroll
                shot(projector, f"lesson-deck-live-reveal-{ref}-{width}x{height}.png")
    finally:
        projector.set_viewport_size({"width": 1920, "height": 1080})
