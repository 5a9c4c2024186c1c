"""Browser tests of the presenter view: the keys (→ ← Page Down Page Up), "pause and ask"
revealed with → (a tile as good as the computer's by its numbers is an answer too), a deck loaded in the Classroom and stepped in the presenter, and the sizes
a room can read at 1920×1080 (tiles, every text), with screenshots at projector and phone
sizes under artifacts/screenshots/ (with MOON_SCREENSHOTS=1)."""

from __future__ import annotations

import json
import os
from typing import Any

import pytest
from moon_browser import (
    SCREENSHOTS,
    axe_source,
    axe_violations,
    click,
    click_key,
    open_page,
    open_presenter,
    runs,
    settle,
    shot,
    sized_context,
    stage,
    start_live,
    wait_for,
)

LINK = "/presenter?deal=12&computer=basic&move={move}"


def press(page: Any, key: str) -> None:
    before = runs(page)
    page.keyboard.press(key)
    settle(page, since=before)


_CONTROLS = """() => [...document.querySelectorAll(
    '.st-key-pres-controls button, .st-key-pres-controls a, .st-key-live-start button, .st-key-live-panel button')]
  .filter(e => e.checkVisibility())
  .map(e => { const b = e.getBoundingClientRect(); return [e.innerText.trim(), b.left, b.top, b.right, b.bottom]; })"""


def in_view(page: Any) -> list[str]:
    """Every control of the presenter (and the live panel) lies inside the window, and the page
    does not scroll; returns the controls' words."""
    size = page.viewport_size
    found = page.evaluate(_CONTROLS)
    out = [c for c in found if c[1] < 0 or c[2] < 0 or c[3] > size["width"] or c[4] > size["height"]]
    assert found and not out, (size, out)
    tall = page.evaluate("() => document.querySelector('[data-testid=stMain]').scrollHeight")
    assert tall <= size["height"] + 1, (size, tall)
    return [c[0] for c in found]


def test_keys_step_forward_and_back(projector: Any, server: str) -> None:
    open_presenter(projector, server + LINK.format(move=3))
    assert stage(projector) == "3"
    # The bidder holds the widow (the tallest picture): every control is still in view.
    assert any("Start a live class" in c for c in in_view(projector))
    # The bidder has just taken the widow: it shows face up, and in the bidder's hand.
    widow = projector.locator(".pres-widow")
    assert widow.get_attribute("data-widow") == "taken" and widow.locator("svg.moon-back").count() == 0
    taken = widow.locator("svg.moon-tile").get_attribute("data-tile")
    fresh = projector.locator(".pres-seat .pres-cell", has_text="widow").locator("svg")
    assert fresh.get_attribute("data-tile") == taken
    # Its word names that tile alone: framed (dashed), the word centred under it, not at the row's edge.
    cell = projector.locator(".pres-seat .pres-cell.pres-widow-tile")
    assert cell.count() == 1 and cell.evaluate("e => getComputedStyle(e).outlineStyle") == "dashed"
    pic, cap = cell.locator("svg").bounding_box(), cell.locator(".pres-cap").bounding_box()
    assert abs((pic["x"] + pic["width"] / 2) - (cap["x"] + cap["width"] / 2)) <= 1, (pic, cap)
    press(projector, "ArrowRight")
    assert stage(projector) == "4"
    # The tile laid aside: face up while the hands are open.
    assert widow.get_attribute("data-widow") == "discard" and widow.locator("svg.moon-back").count() == 0
    press(projector, "ArrowLeft")
    assert stage(projector) == "3"
    press(projector, "PageDown")
    press(projector, "PageDown")
    assert stage(projector) == "5"
    press(projector, "PageUp")
    assert stage(projector) == "4"
    # The place is kept in the link: a refresh stays on the move.
    assert "move=4" in projector.url
    open_presenter(projector, projector.url)
    assert stage(projector) == "4"


def test_pause_and_ask_then_reveal_with_the_arrow_key(projector: Any, server: str) -> None:
    open_presenter(projector, server + LINK.format(move=10))
    shown = projector.locator(".pres-tiles svg.moon-tile:not(.moon-back)").count()
    click_key(projector, "pres-ask")
    assert stage(projector, "asking") == "1"
    acting = projector.locator(".pres-seat.pres-act")
    assert acting.count() == 1
    own = acting.locator("svg.moon-tile:not(.moon-back)").count()
    # Every hand but the one to play is face down.
    assert projector.locator(".pres-tiles svg.moon-tile:not(.moon-back)").count() == own
    assert projector.locator(".pres-tiles svg.moon-back").count() == shown - own > 0
    assert "What would you play?" in projector.locator(".pres-talk").inner_text()
    assert "The computer" not in projector.locator(".pres-talk").inner_text()
    # The discard is face down to the class while the hands are hidden; nothing marks the answer.
    assert projector.locator(".pres-widow[data-widow=discard] svg.moon-back").count() == 1
    assert projector.locator(".pres-is-answer").count() == 0
    open_presenter(projector, projector.url)  # F5 keeps the pause: the hands stay hidden
    assert stage(projector, "asking") == "1" and stage(projector) == "10"
    assert projector.locator(".pres-tiles svg.moon-back").count() == shown - own
    shot(projector, "presenter-ask-1920x1080.png")
    press(projector, "ArrowRight")
    assert stage(projector, "revealed") == "1" and stage(projector) == "10"
    talk = projector.locator(".pres-talk").inner_text()
    assert "The computer: Seat" in talk and "Seat" in projector.locator(".pres-talk .pres-reason").last.inner_text()
    # The answer is marked as the answer; the tiles beside it step back.
    mark = projector.locator(".pres-is-answer")
    assert mark.count() == 1 and mark.inner_text().startswith("Answer")
    assert f"plays {mark.locator('svg').get_attribute('data-tile')}" in talk
    # The headline's tile name never breaks at its hyphen: one unbreakable box, on one line.
    names = projector.evaluate("""() => [...document.querySelectorAll('.pres-talk h2 .moon-tn')]
        .map(e => [e.textContent, e.getClientRects().length, getComputedStyle(e).whiteSpace])""")
    assert names and all(n == 1 and ws == "nowrap" for _, n, ws in names), names
    faded = projector.evaluate("""() => [...document.querySelectorAll('.pres-act .pres-cell:not(.pres-is-answer) svg')]
        .map(e => parseFloat(getComputedStyle(e).opacity))""")
    assert faded and max(faded) <= 0.6, faded
    shot(projector, "presenter-reveal-1920x1080.png")
    press(projector, "ArrowRight")
    assert stage(projector) == "11" and stage(projector, "asking") == "0"
    assert projector.locator(".pres-tiles svg.moon-back").count() == 0
    # A tile the strong computer's numbers rate as good as its own is an answer too: said in the
    # headline, marked on the table, and why (deal 1, move 9: 1-1 and 4-2 both let the trick go).
    open_presenter(projector, server + "/presenter?deal=1&players=3&computer=strong&move=9&ask=revealed")
    talk = projector.locator(".pres-talk").inner_text()
    assert "The computer: Seat 0 plays 1-1 or 4-2 (as good)" in talk, talk
    assert "4-2 is as good" in projector.locator(".pres-as-good").inner_text()
    marked = {projector.locator(".pres-is-answer svg").nth(i).get_attribute("data-tile")
              for i in range(projector.locator(".pres-is-answer").count())}
    assert marked == {"1-1", "4-2"}, marked
    # The word "Answer" under each right tile, the computer's own and the one as good, side by side
    # and clear of each other.
    tagged = {projector.locator(".pres-is-answer", has=projector.locator(".pres-answer-cap")).nth(i).locator(
        "svg").get_attribute("data-tile") for i in range(projector.locator(".pres-answer-cap").count())}
    assert tagged == {"1-1", "4-2"}, tagged
    first, second = (projector.locator(".pres-answer-cap").nth(i).bounding_box() for i in range(2))
    assert first and second and first["x"] + first["width"] <= second["x"] + 1, (first, second)
    # "× Classroom" takes the deal opened by its link into the Classroom, at the move on screen.
    click(projector, projector.locator(".st-key-pres-controls a", has_text="Classroom"))
    wait_for(projector, ".st-key-class-controls", 120)
    assert "deal=1" in projector.url and "move=9" in projector.url, projector.url
    assert "move 9 of" in projector.locator("[data-testid=stMain]").inner_text()


_ARROWS = """k => { const b = document.querySelector(`.st-key-${k} button`);
    const icons = [...b.querySelectorAll('[data-testid=stIconMaterial]')].map(e => e.textContent);
    const rest = b.innerText.replace(/arrow_[a-z]+/g, '');
    return [b.innerText, icons.filter(t => t.includes('arrow')).length + (rest.match(/[\u2190-\u2193]/g) || []).length]; }"""


def test_the_stepping_buttons_show_their_arrow_once(projector: Any, server: str) -> None:
    """Back, Forward and Reveal each show one arrow (their key), not an arrow icon and the key's
    arrow too ("← Back ←")."""
    open_presenter(projector, server + LINK.format(move=10))
    for key in ("pres-back", "pres-forward"):
        wait_for(projector, f".st-key-{key} button", 30)
        words, arrows = projector.evaluate(_ARROWS, key)
        assert arrows == 1, (key, words)
    click_key(projector, "pres-ask")
    assert stage(projector, "asking") == "1"
    wait_for(projector, ".st-key-pres-forward button", 30)
    words, arrows = projector.evaluate(_ARROWS, "pres-forward")
    assert "Reveal" in words and arrows == 1, words
    shot(projector, "presenter-arrows-1920x1080.png")


def test_back_to_the_classroom_opens_the_hand_presented_at_its_move(projector: Any, server: str) -> None:
    """A hand presented from the Classroom is kept in the presenter's address as a deck of that
    hand alone; "× Classroom" from it (in a new session: a reload) opens that hand at the move on
    screen, and makes no lesson deck of it."""
    from engine import RuleSet
    from tutorial.services.classroom import generate_hand
    from tutorial.services.decks import Deck, DeckEntry, deck_token

    hand, _ = generate_hand(RuleSet(), 12, "basic")
    entry = DeckEntry(kind="hand", record=hand.record, computer="basic", move=0, to=len(hand.actions))
    open_presenter(projector, server + f"/presenter?deck={deck_token(Deck(title='Deal 12', entries=(entry,)))}&slide=9")
    assert stage(projector) == "9"
    click(projector, projector.locator(".st-key-pres-controls a", has_text="Classroom"))
    wait_for(projector, ".st-key-class-controls", 120)
    main = projector.locator("[data-testid=stMain]").inner_text()
    assert f"move 9 of {len(hand.actions)}" in main, main
    assert "(1 entry)" not in main and "deck=" not in projector.url, projector.url


def test_pause_and_ask_warns_the_teacher_where_any_tile_is_right(projector: Any, server: str) -> None:
    """Deal 1 (three players, strong), move 8: every tile Seat 2 may play is as good. "Pause and
    ask" says so on the teacher's controls before asking (the stage says nothing of it), with
    the next move worth asking a click away; asked anyway, the reveal says every tile was right."""
    link = server + "/presenter?deal=1&players=3&computer=strong&move={move}"
    open_presenter(projector, link.format(move=8))
    assert projector.locator(".st-key-pres-ask button").count() == 0
    projector.locator(".st-key-pres-ask-poor button").first.click()
    wait_for(projector, ".st-key-pres-ask-next button", 30)
    menu = projector.locator("[data-testid=stPopoverBody]").inner_text()
    assert "Any tile is as good here: a poor moment to ask." in menu, menu
    # The question it recommends is named by the move it asks (the one played after "Move 9 of 26"),
    # not by the move on screen after it is played.
    assert "The next move worth asking is Seat 0's play at move 10." in menu, menu
    assert "as good" not in projector.locator(".pres-stage").inner_text()
    assert projector.locator(".st-key-pres-ask-next button").inner_text().endswith("Ask Seat 0's play at move 10")
    shot(projector, "presenter-poor-ask-1920x1080.png")
    # Its button lands paused on that question: Seat 0 to play, every other hand hidden.
    click_key(projector, "pres-ask-next")
    assert stage(projector) == "9" and stage(projector, "asking") == "1"
    assert "Seat 0 is to play." in projector.locator(".pres-talk").inner_text()
    assert "ask=1" in projector.url and "move=9" in projector.url, projector.url
    press(projector, "ArrowRight")
    assert stage(projector, "revealed") == "1"
    assert "The computer: Seat 0 plays" in projector.locator(".pres-talk").inner_text()
    # Back at move 8, asked anyway: the reveal says plainly that every tile was right.
    open_presenter(projector, link.format(move=8))
    projector.locator(".st-key-pres-ask-poor button").first.click()
    wait_for(projector, ".st-key-pres-ask-anyway button", 30)
    click_key(projector, "pres-ask-anyway")
    assert stage(projector, "asking") == "1" and stage(projector) == "8"
    press(projector, "ArrowRight")
    assert stage(projector, "revealed") == "1"
    said = projector.locator(".pres-talk .pres-every-right").inner_text()
    assert said == "Every tile Seat 2 could play was right here: any answer counts.", said


def test_a_heading_hovered_on_the_stage_shows_no_anchor_link(projector: Any, server: str) -> None:
    """The stage's headings ("The computer: …", "Move 26: …") carry no anchor link, hovered or not:
    nothing to click on a projector."""
    open_presenter(projector, server + "/presenter?deal=1&players=3&computer=strong&move=3&ask=revealed")
    projector.locator(".pres-talk h2").first.hover()
    projector.wait_for_timeout(300)
    links = projector.locator("[data-testid=stMain] [data-testid=stHeaderActionElements]")
    assert links.count() >= 1  # Streamlit adds them to the stage's headings: hidden
    assert all(not links.nth(i).is_visible() for i in range(links.count())), links.count()


_RESULT = """() => {
  const talk = document.querySelector('.pres-talk'), res = document.querySelector('.pres-talk .pres-result');
  const t = talk.getBoundingClientRect(), r = res.getBoundingClientRect();
  const sizes = [...document.querySelectorAll('.pres-talk .pres-reason')].map(e => parseFloat(getComputedStyle(e).fontSize));
  return {result: parseFloat(getComputedStyle(res).fontSize), reason: Math.max(...sizes), text: res.innerText,
          inside: r.top >= t.top - 1 && r.bottom <= t.bottom + 1 && r.bottom <= innerHeight};
}"""


@pytest.mark.parametrize(("width", "height"), [(1920, 1080), (1280, 720)])
def test_the_hands_result_is_as_big_as_the_commentary(kept_page: Any, server: str, width: int, height: int) -> None:
    """The last slide of deal 1 (three players, strong): the hand's result in projector type at
    least as big as the commentary above it, inside the words' panel."""
    pg = kept_page(width, height)
    open_presenter(pg, server + "/presenter?deal=1&players=3&computer=strong&move=26")
    got = pg.evaluate(_RESULT)
    assert got["text"].startswith("Hand 1: Seat 2 bid 5") and got["inside"], got
    assert got["result"] >= got["reason"] >= 20, got
    shot(pg, f"presenter-result-{width}x{height}.png")


def test_load_a_deck_in_the_classroom_and_present_it(page: Any, server: str, tmp_path: Any) -> None:
    deck = {"format": "moon-deck-1", "title": "Two positions", "entries": [
        {"kind": "deal", "deal": 5, "computer": "basic", "move": 3, "to": 4, "note": "Watch the lead."},
        {"kind": "deal", "deal": 6, "computer": "basic", "move": 8, "ask": True, "note": "Your turn, seat?"},
    ]}
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({**deck, "entries": [{"kind": "deal", "deal": "five"}]}))
    good = tmp_path / "deck.json"
    good.write_text(json.dumps(deck))
    open_page(page, server + "/classroom")
    summary = page.locator("[data-testid='stExpander'] summary", has_text="Lesson deck")
    # A deck with no title of its own is named once ("Lesson deck: Lesson deck" said it twice).
    assert summary.inner_text().strip().endswith("Lesson deck (0 entries)")
    assert "Lesson deck: Lesson deck" not in summary.inner_text()
    summary.click()
    upload = page.locator(".st-key-deck-upload input[type=file]")
    before = runs(page)
    upload.set_input_files(str(bad))
    settle(page, since=before, coming=True)
    err = page.locator("[data-testid='stAlertContentError']").inner_text()
    assert "Entry 1 (deal), field 'deal'" in err and "unchanged" in err
    before = runs(page)
    upload.set_input_files(str(good))
    settle(page, since=before, coming=True)
    assert page.locator(".st-key-deck-entry-1").count() == 1
    # The teacher is told what was loaded: its title and its slides (the presenter's count:
    # moves 3-4 of the first deal, the second's question).
    said = page.locator("[data-testid='stAlertContentSuccess']").inner_text()
    assert "Loaded “Two positions”: 3 slides" in said, said
    # The note boxes say that a note is shown as typed (no formatting: "**Seat 2**" keeps its
    # stars on the projector).
    for toggle in ("deck-items", "deck-notes"):
        click(page, page.locator(f".st-key-{toggle} label").first)
    assert "as typed" in str(page.locator(".st-key-deck-slide-note textarea").get_attribute("placeholder"))
    for key in ("deck-puzzle-note", "deck-level-note", "deck-slide-note"):
        page.locator(f".st-key-{key} [data-testid=stTooltipHoverTarget]").hover()
        tip = page.locator("[data-testid=stTooltipContent]").last
        tip.wait_for(state="visible", timeout=10_000)
        assert "as typed" in tip.inner_text() and "**this**" in tip.inner_text(), (key, tip.inner_text())
        page.mouse.move(0, 0)
    click(page, page.locator(".st-key-deck-present button"))
    wait_for(page, ".pres-stage", 120)
    settle(page)
    assert stage(page) == "3" and "Watch the lead." in page.locator(".pres-note").inner_text()
    assert page.locator(".pres-where").inner_text().startswith("Two positions · slide 1 of ")
    press(page, "ArrowRight")
    assert stage(page) == "4"
    press(page, "PageDown")  # the next entry opens on its question
    assert stage(page) == "8" and stage(page, "asking") == "1"
    assert "Your turn, seat?" in page.locator(".pres-note").inner_text()
    press(page, "ArrowRight")
    assert stage(page, "revealed") == "1"
    assert page.locator(".st-key-pres-forward button").first.is_disabled()
    press(page, "PageUp")
    press(page, "PageUp")
    assert stage(page) == "4"


_TEXTS = """() => {
  const out = [];
  const walker = document.createTreeWalker(document.querySelector('[data-testid=stMain]'), NodeFilter.SHOW_TEXT);
  let n;
  while ((n = walker.nextNode())) {
    const el = n.parentElement;
    if (!n.textContent.trim() || !el || el.closest('style,script,title')) continue;
    if (!el.checkVisibility() || el.getBoundingClientRect().width === 0) continue;
    out.push([n.textContent.trim().slice(0, 40), parseFloat(getComputedStyle(el).fontSize)]);
  }
  return out;
}"""
_HEIGHTS = "(sel) => [...document.querySelectorAll(sel)].map(e => e.getBoundingClientRect().height)"


@pytest.mark.parametrize("move", [0, 10, 14])
def test_sizes_a_room_can_read_at_1920x1080(projector: Any, server: str, move: int) -> None:
    open_presenter(projector, server + LINK.format(move=move))
    if move == 0:  # the widow, face down at the deal
        assert projector.locator(".pres-widow[data-widow=down] svg.moon-back").count() == 1
    if move == 10:  # the numbers, readable on a quarter-size picture
        click_key(projector, "pres-numbers")
        cells = projector.evaluate(
            "() => [...document.querySelectorAll('.pres-numbers td')].map(e => parseFloat(getComputedStyle(e).fontSize))")
        assert cells and min(cells) >= 28, cells
    # The stage uses the screen: it runs down most of the way to the bottom.
    assert projector.evaluate("() => document.querySelector('.pres-stage').getBoundingClientRect().bottom") >= 850
    hands = projector.evaluate(_HEIGHTS, ".pres-tiles svg.moon-tile")
    assert hands and min(hands) >= 90, hands
    trick = projector.evaluate(_HEIGHTS, ".pres-trick-tiles svg.moon-tile")
    if move:
        assert trick and min(trick) >= 140, trick
    texts = projector.evaluate(_TEXTS)
    assert len(texts) > 10
    small = [t for t in texts if t[1] < 24]
    assert not small, small
    reason = projector.evaluate(
        "() => parseFloat(getComputedStyle(document.querySelector('.pres-talk .pres-reason')).fontSize)")
    assert reason >= 28
    # No scrolling on a projector: the stage and its buttons fit in the window.
    bottom = projector.evaluate(
        "() => document.querySelector('.st-key-pres-controls').getBoundingClientRect().bottom")
    assert bottom <= 1080
    shot(projector, f"presenter-move{move}-1920x1080.png")


@pytest.mark.parametrize(("width", "height"), [(1280, 720), (390, 844)])
def test_screenshots_at_other_sizes(kept_page: Any, server: str, width: int, height: int) -> None:
    pg = kept_page(width, height)
    open_presenter(pg, server + LINK.format(move=3))  # the widow in hand: the tallest
    assert pg.locator(".st-key-pres-forward button:visible").count() >= 1
    if width >= 1280:
        assert any("Start a live class" in c for c in in_view(pg))
    shot(pg, f"presenter-move3-{width}x{height}.png", full_page=True)


def test_presenter_has_no_serious_accessibility_violations(projector: Any, server: str) -> None:
    """axe-core on the presenter, open and asking (no serious or critical violation)."""
    source = axe_source()
    if source is None:
        if os.environ.get("CI"):
            pytest.fail("axe-core could not be fetched with `npm pack axe-core` (set MOON_AXE_JS to a copy)")
        pytest.skip("axe-core could not be fetched (npm pack axe-core)")
    open_presenter(projector, server + LINK.format(move=10))
    click_key(projector, "pres-ask")
    found = axe_violations(projector, source)
    bad = [v for v in found if v.get("impact") in ("serious", "critical")]
    report = "\n".join(f"{v['impact']}: {v['id']}: {v['help']} ({len(v['nodes'])} nodes): "
                       f"{v['nodes'][0]['target']}" for v in found)
    (SCREENSHOTS.parent / "axe").mkdir(parents=True, exist_ok=True)
    (SCREENSHOTS.parent / "axe" / "presenter.txt").write_text((report or "no violations") + "\n")
    assert not bad, report


_BOXES = """() => [...document.querySelectorAll('.pres-top, .pres-body > *, .st-key-pres-controls, .st-key-live-panel')]
  .map(e => { const b = e.getBoundingClientRect(); return [b.left, b.top, b.right, b.bottom]; })"""


def _apart(page: Any) -> None:
    """The live panel overlaps neither the stage (its header, table and words) nor its buttons."""
    *stage_boxes, panel = page.evaluate(_BOXES)
    for box in stage_boxes:
        assert box[2] <= panel[0] or box[0] >= panel[2] or box[3] <= panel[1] or box[1] >= panel[3], (box, panel)


_SIZES = """() => Object.fromEntries(['.live-lab', '.live-n', '.live-count', '.pres-where'].map(
  sel => [sel, Math.min(...[...document.querySelectorAll(sel)].map(e => parseFloat(getComputedStyle(e).fontSize)))]))"""


#: Every tile and caption of the hands at the sides: its height, and whether it lies inside its seat.
_SIDES = """() => [...document.querySelectorAll('.pres-seat.pres-left, .pres-seat.pres-right')].flatMap(seat => {
  const b = seat.getBoundingClientRect();
  return [...seat.querySelectorAll('.pres-tiles svg, .pres-cap')].map(e => { const r = e.getBoundingClientRect();
    return [e.getAttribute('data-tile') || e.textContent, r.height,
            r.left >= b.left - 1 && r.right <= b.right + 1 && r.top >= b.top - 1 && r.bottom <= b.bottom + 1]; }); })"""


def _sides(page: Any, tall: float) -> None:
    """The side hands' tiles are at least ``tall`` px high, and every tile and caption ("Answer")
    lies inside its seat."""
    found = page.evaluate(_SIDES)
    tiles = [h for name, h, _ in found if name not in ("Answer", "widow")]
    assert tiles and min(tiles) >= tall, found
    assert all(inside for *_, inside in found), [f for f in found if not f[2]]


#: The numbers' table on screen (the stage's, or the one under the live chart): each row, whether
#: it lies in the window and every cell of it can be seen there (nothing covers or clips it);
#: each header, its width inside its padding, and each of its words: width, and seen whole;
#: the type sizes of every cell.
_NUMBERS = r"""() => {
  const tables = [...document.querySelectorAll('.pres-numbers table, .live-numbers table')].filter(t => t.checkVisibility());
  if (tables.length !== 1) return {tables: tables.length};
  const W = innerWidth, H = innerHeight;
  const seen = (el, r) => [[0.5, 0.5], [0.1, 0.5], [0.9, 0.5]].every(([fx, fy]) => {
    const x = r.left + fx * r.width, y = r.top + fy * r.height;
    if (x < 0 || y < 0 || x > W || y > H) return false;
    const hit = document.elementFromPoint(x, y);
    return !!hit && el.contains(hit); });
  const t = tables[0];
  const rows = [...t.querySelectorAll('tbody tr')].map(tr => { const r = tr.getBoundingClientRect();
    return [tr.innerText.replace(/\s+/g, ' '), r.top >= 0 && r.bottom <= H && r.left >= 0 && r.right <= W
            && [...tr.cells].every(c => seen(c, c.getBoundingClientRect()))]; });
  const heads = [...t.querySelectorAll('thead th')].map(th => { const cs = getComputedStyle(th);
    const inner = th.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight);
    const text = th.firstChild, words = [], re = /\S+/g;
    let m;
    while ((m = re.exec(text.textContent))) { const rg = document.createRange();
      rg.setStart(text, m.index); rg.setEnd(text, m.index + m[0].length);
      const r = rg.getBoundingClientRect(); words.push([m[0], r.width, seen(th, r)]); }
    return [th.textContent, inner, words]; });
  const sizes = [...t.querySelectorAll('th, td')].map(c => parseFloat(getComputedStyle(c).fontSize));
  return {tables: 1, rows, heads, sizes};
}"""


def _numbers_readable(page: Any, least: float) -> None:
    """"Show the numbers" reads in full: one table, every row in the window and seen whole, no
    header narrower than one of its words (nor any word cut off), every cell in type of at
    least ``least`` px."""
    found = page.evaluate(_NUMBERS)
    assert found["tables"] == 1, found
    rows, heads = found["rows"], found["heads"]
    assert len(rows) >= 2 and all(ok for _, ok in rows), (page.viewport_size, rows)
    narrow = [(h, inner, w) for h, inner, ws in heads for w, width, whole in ws if width > inner + 0.5 or not whole]
    assert heads and not narrow, (page.viewport_size, narrow)
    assert min(found["sizes"]) >= least, (page.viewport_size, found["sizes"])


def test_the_live_panel_keeps_clear_of_the_stage(kept_page: Any, server: str) -> None:
    """A live class on a deck (a hand asked, a level, a puzzle with no tiles, a level of two
    paragraphs with the teacher's note, its question in view beside the chart, a note), with the
    numbers shown and each answer revealed, at 1920×1080, 1280×720 and 1024×768: the answers
    panel never covers the stage, every control is in view, every word of the panel is in
    projector type, the hands at the sides stay inside their seats and readable, and the numbers'
    table reads in full (every row in view, every header as wide as its words)."""
    from tutorial.services.decks import Deck, DeckEntry, deck_token
    from tutorial.services.items import course, puzzles
    from tutorial.services.presenter import build_item_show

    level = next(x for x in course().levels() if x.kind == "trick_winner" and x.position.trump is not None)
    shows = (build_item_show(pz, "puzzle") for pz in puzzles())
    bare = next(i for i in shows if not (i.hands or i.trick or i.tiles))
    deck = Deck(title="Live check", entries=(
        # Deal 1's move 10: six tiles to choose from, each with its numbers.
        DeckEntry(kind="deal", deal=1, computer="strong", move=10, to=11, ask=True),
        DeckEntry(kind="level", ref=level.id), DeckEntry(kind="puzzle", ref=bare.ref),
        DeckEntry(kind="level", ref="tiles-sixes", note="Comptez les six"),
        DeckEntry(kind="note", title="Remember", note="The highest trump wins the trick.")))
    pg = kept_page(1920, 1080)
    open_presenter(pg, server + f"/presenter?deck={deck_token(deck)}&slide=0")
    start_live(pg, close_join=True)
    wait_for(pg, ".live-chart", 30)
    # The answers panel and the header read from the back of the room (7 px at 25% size).
    sizes = pg.evaluate(_SIZES)
    assert min(sizes.values()) >= 28, sizes
    _apart(pg)
    in_view(pg)
    press(pg, "ArrowRight")  # the reveal: "Right: …" and the marked answer
    wait_for(pg, ".live-chart[data-revealed='1']", 30)
    # Every word of the panel, its buttons too, in projector type.
    texts = pg.evaluate(_TEXTS.replace("[data-testid=stMain]", ".st-key-live-panel"))
    assert any(t[0] == "No answers yet" for t in texts) and any(t[0] == "End" for t in texts), texts
    assert min(t[1] for t in texts) >= 28, [t for t in texts if t[1] < 28]
    # Beside the panel, the stage's smallest words (seat names, "Laid aside by Seat 0", the
    # "Answer" tag, the trick's seats) and the controls are in projector type too.
    for where in (".pres-stage", ".st-key-pres-controls"):
        texts = pg.evaluate(_TEXTS.replace("[data-testid=stMain]", where))
        assert min(t[1] for t in texts) >= 28, [t for t in texts if t[1] < 28]
    said = [t[0] for t in pg.evaluate(_TEXTS.replace("[data-testid=stMain]", ".pres-stage"))]
    assert "Answer" in said and any(t.startswith("Laid aside by Seat") for t in said), said
    assert sum(t.startswith("Seat ") for t in said) >= 3, said
    _sides(pg, 90)
    # "Show the numbers" at the reveal: the whole table can be read, in projector type, and
    # the side hands keep their size.
    click_key(pg, "pres-numbers")
    assert pg.locator(".pres-numbers").count() == 1
    _numbers_readable(pg, 28)
    _sides(pg, 90)
    _apart(pg)
    in_view(pg)
    shot(pg, "presenter-live-numbers-1920x1080.png")
    pg.set_viewport_size({"width": 1280, "height": 720})
    _numbers_readable(pg, 18)
    _apart(pg)
    in_view(pg)
    shot(pg, "presenter-live-numbers-1280x720.png")
    pg.set_viewport_size({"width": 1024, "height": 768})
    _numbers_readable(pg, 15)
    _apart(pg)
    _sides(pg, 60)  # a 4:3 projector: the side hands two tiles a row, not four of 30 px
    shot(pg, "presenter-live-hand-1024x768.png")
    press(pg, "PageDown")  # move 11
    press(pg, "PageDown")  # the level, asked
    assert pg.locator(".pres-is-answer").count() == 0
    press(pg, "ArrowRight")
    assert stage(pg, "revealed") == "1" and "Answer:" in pg.locator(".pres-talk").inner_text()
    # The level's answer tile is marked at the reveal.
    assert pg.locator(".pres-is-answer svg").get_attribute("data-tile") in pg.locator(".pres-answer").inner_text()
    _apart(pg)
    shot(pg, "presenter-live-1024x768.png")
    in_view(pg)
    pg.set_viewport_size({"width": 1280, "height": 720})
    _apart(pg)
    shot(pg, "presenter-live-1280x720.png")
    press(pg, "PageDown")  # a puzzle with no tiles: its words take the stage, all the panel leaves
    talk, whole = pg.evaluate("""() => { const s = document.querySelector('.pres-stage').getBoundingClientRect();
        const p = document.querySelector('.st-key-live-panel').getBoundingClientRect();
        return [document.querySelector('.pres-talk').getBoundingClientRect().width,
                Math.min(s.right, p.left) - s.left]; }""")
    assert talk >= 0.9 * whole, (talk, whole)
    _apart(pg)
    in_view(pg)
    press(pg, "PageDown")  # its answer, revealed
    assert stage(pg, "revealed") == "1"
    in_view(pg)
    # A level of two paragraphs with the teacher's note: beside the chart of its answers, its
    # question is in view (and every word of its intro), then its answer.
    press(pg, "PageDown")
    for size in ({"width": 1280, "height": 720}, {"width": 1920, "height": 1080}):
        pg.set_viewport_size(size)
        fit = pg.evaluate(_LEVEL_FIT)
        assert fit["ask"] == [True] and len(fit["intro"]) == 2 and all(fit["intro"]), (size, fit)
        _apart(pg)
        in_view(pg)
    shot(pg, "presenter-live-level-1920x1080.png")
    press(pg, "PageDown")
    assert stage(pg, "revealed") == "1" and pg.evaluate(_LEVEL_FIT)["answer"] == [True]
    press(pg, "PageDown")  # the note slide: the teacher's words, nothing asked
    assert "The highest trump wins the trick." in pg.locator(".pres-note-slide").inner_text()
    assert stage(pg, "asking") == "0" and pg.locator(".st-key-pres-ask button").first.is_disabled()
    # Nothing asked here: the panel shows how to join, not the last question's chart.
    wait_for(pg, ".st-key-live-panel .live-join-line", 30)
    assert pg.locator(".st-key-live-panel .live-chart").count() == 0
    _apart(pg)
    in_view(pg)


#: The presenter's tiles (the hand asked, every hand, the trick) and the bottom of its table.
_BOARD = """() => { const h = s => [...document.querySelectorAll(s)].filter(e => e.checkVisibility())
    .map(e => e.getBoundingClientRect().height);
  const t = document.querySelector('.pres-talk');
  return {act: h('.pres-seat.pres-act .pres-tiles svg.moon-tile'), hands: h('.pres-tiles svg.moon-tile'),
          trick: h('.pres-trick-tiles svg.moon-tile'),
          bottom: document.querySelector('.pres-table').getBoundingClientRect().bottom,
          talk: [t.scrollHeight, t.clientHeight]}; }"""


#: A projector and a short one (the same page, resized).
WIDE_AND_SHORT = ((1920, 1080), (1280, 720))


def _board_at_each_size(page: Any) -> dict[tuple[int, int], Any]:
    """:data:`_BOARD` at each of :data:`WIDE_AND_SHORT`, by size."""
    found = {}
    for width, height in WIDE_AND_SHORT:
        page.set_viewport_size({"width": width, "height": height})
        found[(width, height)] = page.evaluate(_BOARD)
    return found


def test_a_live_class_keeps_the_board_as_large(kept_page: Any, server: str) -> None:
    """Deal 12, move 10 asked ("Pause and ask"), then revealed, with and without a live class at
    1920×1080 and 1280×720 (the same page, resized): with the live panel the hand asked, every
    hand and the trick are drawn as large as without it (the panel stands at the top of the
    words' column, the words under it), the table runs as far down the screen, the words fit
    their column with nothing to scroll, and the panel overlaps nothing."""
    pg = kept_page(*WIDE_AND_SHORT[0])
    plain = {}
    open_presenter(pg, server + LINK.format(move=10))
    click_key(pg, "pres-ask")
    plain["ask"] = _board_at_each_size(pg)
    press(pg, "ArrowRight")
    assert stage(pg, "revealed") == "1"
    plain["reveal"] = _board_at_each_size(pg)
    pg.set_viewport_size({"width": WIDE_AND_SHORT[0][0], "height": WIDE_AND_SHORT[0][1]})
    open_presenter(pg, server + LINK.format(move=10))
    click_key(pg, "pres-ask")
    start_live(pg, close_join=True)
    wait_for(pg, ".live-chart", 30)
    for step in ("ask", "reveal"):
        if step == "reveal":
            press(pg, "ArrowRight")
            wait_for(pg, ".live-chart[data-revealed='1']", 30)
        for width, height in WIDE_AND_SHORT:
            pg.set_viewport_size({"width": width, "height": height})
            live, was = pg.evaluate(_BOARD), plain[step][(width, height)]
            assert min(live["act"]) >= 0.95 * min(was["act"]), (width, step, live, was)
            assert live["trick"] and min(live["trick"]) >= 0.95 * min(was["trick"]), (width, step, live, was)
            if step == "reveal":  # every hand face up again, each as large as without the panel
                assert min(live["hands"]) >= 0.95 * min(was["hands"]), (width, step, live, was)
            assert live["bottom"] >= was["bottom"] - 0.02 * height and live["bottom"] >= 0.8 * height, (
                width, step, live, was)
            assert live["talk"][0] <= live["talk"][1], (width, step, live)
            _apart(pg)
            in_view(pg)
            shot(pg, f"presenter-live-board-{step}-{width}x{height}.png")


_FITS = """() => {
  const talk = document.querySelector('.pres-talk');
  const box = talk.getBoundingClientRect();
  const out = [];
  const walker = document.createTreeWalker(talk, NodeFilter.SHOW_TEXT);
  let n;
  while ((n = walker.nextNode())) {
    const el = n.parentElement;
    if (!n.textContent.trim() || !el.checkVisibility()) continue;
    const range = document.createRange();
    range.selectNodeContents(n);
    const r = range.getBoundingClientRect();
    if (r.top < box.top - 1 || r.bottom > box.bottom + 1 || r.bottom > innerHeight || r.right > innerWidth)
      out.push([n.textContent.trim().slice(0, 40), Math.round(r.bottom), Math.round(box.bottom)]);
  }
  const thumb = document.querySelector('.st-key-pres-jump [data-testid=stSliderThumbValue]');
  const label = thumb ? thumb.getBoundingClientRect().bottom : 0;
  return {out, scroll: talk.scrollHeight - talk.clientHeight, label};
}"""


def test_the_revealed_answer_fits_its_panel(kept_page: Any, server: str) -> None:
    """Deal 12, move 5 ("Pause and ask", then →) at 1920×1080 and 1280×720 (the same page,
    resized): the strong computer's answer, the tiles as good and why the others are worse,
    every line inside the panel (nothing to scroll to) and the window, the "Jump to" slider's
    label too; and so with the numbers shown."""
    pg = kept_page(*WIDE_AND_SHORT[0])
    open_presenter(pg, server + "/presenter?deal=12&move=5&computer=strong")
    click_key(pg, "pres-ask")
    press(pg, "ArrowRight")
    assert stage(pg, "revealed") == "1"
    assert pg.locator(".pres-talk .pres-worse:visible").count() >= 1
    for numbers in (False, True):
        for width, height in WIDE_AND_SHORT:
            pg.set_viewport_size({"width": width, "height": height})
            fit = pg.evaluate(_FITS)
            assert not fit["out"] and fit["scroll"] <= 1, (width, numbers, fit)
            assert 0 < fit["label"] <= height, (width, numbers, fit)
            in_view(pg)
            shot(pg, f"presenter-reveal-fits-{int(numbers)}-{width}x{height}.png")
        if not numbers:
            click_key(pg, "pres-numbers")
            wait_for(pg, ".pres-numbers table", 30)


_COLUMNS = """() => {
  const table = document.querySelector('.pres-numbers table');
  const rows = [...table.querySelectorAll('tbody tr')].map(r => [...r.cells].map(c => c.textContent.trim()));
  const heads = [...table.querySelectorAll('th')].map(h => {
    const lh = parseFloat(getComputedStyle(h).fontSize) * 1.4;
    return [h.textContent, Math.round(h.getBoundingClientRect().height / lh + 0.4)]; });
  return {rows, heads};
}"""


def test_the_numbers_of_a_trump_choice_match_their_words_and_fit_their_panel(kept_page: Any, server: str) -> None:
    """"Show the numbers" at deal 6, move 5 (the strong bidder names blanks, "against 100% with no
    trump"): at 1920×1080 the table has the "no trump" row the words name, no column is empty on
    most rows, and no header takes more than two lines. It fits its panel (a trump choice,
    nothing asked: the summary, nine rows, the expected tricks under them) at 1920×1080 and
    1280×720 (the same page, resized): nothing to scroll, every line inside the panel, no row
    of two lines, in type readable on a quarter-size picture (28 and 20 px)."""
    pg = kept_page(*ROOMS[0][:2])
    open_presenter(pg, server + "/presenter?deal=6&players=3&computer=strong&move=5")
    click_key(pg, "pres-numbers")
    wait_for(pg, ".pres-numbers table", 30)
    assert "with no trump" in pg.locator(".pres-numbers").inner_text()
    found = pg.evaluate(_COLUMNS)
    assert "no trump" in [r[0] for r in found["rows"]], found
    empty = [i for i in range(len(found["heads"])) if 2 * sum(bool(r[i]) for r in found["rows"]) < len(found["rows"])]
    assert not empty, found
    assert max(n for _, n in found["heads"]) <= 2, found
    shot(pg, "presenter-trump-numbers-1920x1080.png")
    for width, height, least in ROOMS:
        pg.set_viewport_size({"width": width, "height": height})
        talk = pg.evaluate("""() => { const t = document.querySelector('.pres-talk');
            return [t.scrollHeight, t.clientHeight]; }""")
        assert talk[0] <= talk[1], (width, talk)
        fit = pg.evaluate(_FITS)
        assert not fit["out"] and fit["scroll"] <= 0, (width, fit)
        rows = pg.evaluate("""() => [...document.querySelectorAll('.pres-numbers tbody tr')].map(r =>
            [r.cells[0].textContent, r.getBoundingClientRect().height])""")
        assert len(rows) == 9 and max(h for _, h in rows) < 1.5 * min(h for _, h in rows), rows
        sizes = pg.evaluate("""() => [...document.querySelectorAll('.pres-talk :is(th, td, p, h2)')]
            .map(e => parseFloat(getComputedStyle(e).fontSize))""")
        assert min(sizes) >= least, sizes
        in_view(pg)
        shot(pg, f"presenter-trump-numbers-fit-{width}x{height}.png")


#: Where a level's question, answer and intro paragraphs lie: each seen whole inside the words'
#: panel and the window (``[]`` when there is none, or it is folded away).
_LEVEL_FIT = """() => {
  const talk = document.querySelector('.pres-talk'), box = talk.getBoundingClientRect();
  const seen = e => { const r = e.getBoundingClientRect();
    return r.height > 0 && r.top >= box.top - 1 && r.bottom <= box.bottom + 1 && r.bottom <= innerHeight; };
  const all = s => [...talk.querySelectorAll(s)].filter(e => e.checkVisibility());
  return {ask: all('.pres-ask').map(seen), answer: all('.pres-answer').map(seen),
          intro: all('.pres-intro-words').map(seen), talk: [talk.scrollHeight, talk.clientHeight]};
}"""


def _level_in_view(page: Any, what: str, revealed: bool) -> None:
    """At 1920×1080, 1280×720 and 1024×768 (the same page, resized): the level's question is
    in view, and so is its answer once revealed (every control too, the page not scrolling);
    before the reveal its intro is in view too, and after it the intro is folded away."""
    for width, height in ((1920, 1080), (1280, 720), (1024, 768)):
        page.set_viewport_size({"width": width, "height": height})
        fit = page.evaluate(_LEVEL_FIT)
        assert fit["ask"] == [True], (what, width, height, fit)
        if revealed:
            assert fit["answer"] == [True] and fit["intro"] == [], (what, width, height, fit)
        else:
            assert fit["answer"] == [] and fit["intro"] and all(fit["intro"]), (what, width, height, fit)
        in_view(page)
        shot(page, f"presenter-level-{what}-{'revealed' if revealed else 'asked'}"
                                               f"-{width}x{height}.png")
    page.set_viewport_size({"width": 1920, "height": 1080})


#: The tiles on the stage drawn as trumps (gold, with the star: "5-5, trump" read out).
_TRUMPS_DRAWN = "() => document.querySelectorAll('.pres-stage svg.moon-tile[aria-label*=\"trump\"]').length"


def test_a_levels_words_and_the_slider_label_in_projector_type(projector: Any, server: str) -> None:
    """A lesson level of two paragraphs ("Two ends, numbers 0 to 6", with the teacher's note) on
    a deck at 1920×1080: its question first, both paragraphs of its intro under it in the same
    large type, and the "Jump to" label ("Slide 1") in the controls' type (28 px: 7 px on a
    quarter-size picture). That level, the level with the longest intro and question beside its
    tiles (a strategy position's tricks so far) and the one with the longest answer, asked and
    revealed, at 1920×1080, 1280×720 and 1024×768: the question and the answer in view, the
    intro too until the reveal. Then a puzzle that asks whether its tile is a trump ("Fives are
    trump. Is 5-5 a trump?"): the tile is not drawn as a trump before the reveal (that is the
    answer), and is after it."""
    from tutorial.services.decks import Deck, DeckEntry, deck_token
    from tutorial.services.items import course, puzzles
    from tutorial.services.presenter import build_item_show

    trump_puzzle = next(pz for pz in puzzles() if pz.kind == "is_trump" and pz.answer_json() is True)
    shows = [build_item_show(lv, "level") for lv in course().levels()]
    beside = max((x for x in shows if x.hands or x.trick or x.tiles), key=lambda x: len(x.intro + x.question))
    longest = max((x for x in shows if x.intro), key=lambda x: len(x.answer + x.reason))
    deck = Deck(title="Type check", entries=(DeckEntry(kind="level", ref="tiles-sixes", note="Comptez les six"),
                                             DeckEntry(kind="level", ref=beside.ref),
                                             DeckEntry(kind="level", ref=longest.ref),
                                             DeckEntry(kind="puzzle", ref=trump_puzzle.id),
                                             DeckEntry(kind="note", title="Next", note="More.")))
    open_presenter(projector, server + f"/presenter?deck={deck_token(deck)}&slide=0")
    sizes = projector.evaluate("""() => [...document.querySelectorAll('.pres-talk p')]
        .map(e => [e.textContent.slice(0, 30), parseFloat(getComputedStyle(e).fontSize)])""")
    assert "Comptez les six" in projector.locator(".pres-talk .pres-note").inner_text()
    assert sizes[0][0].startswith("In a full double-six set"), sizes  # the question, then the intro
    intro = [s for t, s in sizes if t.startswith(("Moon is a game", "A double-six set"))]
    assert len(intro) == 2 and min(intro) == max(intro) >= 40, sizes
    assert min(s for _, s in sizes) >= 28, sizes
    wait_for(projector, ".st-key-pres-jump [data-testid=stSliderThumbValue]", 30)
    label = projector.evaluate("""() => [...document.querySelectorAll(
        '.st-key-pres-jump [data-testid=stSliderThumbValue], .st-key-pres-jump [data-testid=stSliderThumbValue] *')]
        .filter(e => e.textContent.trim()).map(e => parseFloat(getComputedStyle(e).fontSize))""")
    assert label and min(label) >= 28, label
    shot(projector, "presenter-level-type-1920x1080.png")
    for ref in ("tiles-sixes", beside.ref, longest.ref):
        assert stage(projector, "revealed") == "0"
        _level_in_view(projector, ref, revealed=False)
        press(projector, "ArrowRight")  # the level's answer
        assert stage(projector, "revealed") == "1"
        _level_in_view(projector, ref, revealed=True)
        press(projector, "ArrowRight")  # the next slide, asked
    assert trump_puzzle.question in projector.locator(".pres-talk .pres-ask").inner_text()
    assert stage(projector, "revealed") == "0" and projector.locator(".pres-stage svg.moon-tile").count() >= 1
    assert projector.evaluate(_TRUMPS_DRAWN) == 0, "the tile is drawn as a trump before the reveal"
    shot(projector, "presenter-trump-puzzle-asked-1920x1080.png")
    press(projector, "ArrowRight")
    assert stage(projector, "revealed") == "1" and projector.evaluate(_TRUMPS_DRAWN) >= 1


def test_the_numbers_of_a_move_fit_its_panel_at_1280x720(kept_page: Any, server: str) -> None:
    """"Show the numbers" on a move (deal 7, move 10, strong) at 1280×720: the computer's summary
    stands for its reason and the table is packed, every line inside the panel and the window."""
    pg = kept_page(1280, 720)
    open_presenter(pg, server + "/presenter?deal=7&players=3&computer=strong&move=10")
    click_key(pg, "pres-numbers")
    wait_for(pg, ".pres-numbers table", 30)
    assert pg.locator(".pres-talk .pres-summary").count() == 1
    fit = pg.evaluate(_FITS)
    assert not fit["out"] and fit["scroll"] <= 1, fit
    in_view(pg)
    shot(pg, "presenter-move-numbers-1280x720.png")


_SHORT = """() => {
  const thumb = document.querySelector('.st-key-pres-jump [data-testid=stSliderThumbValue]');
  const rail = document.querySelector('.st-key-pres-jump [data-testid=stSlider]');
  const box = e => e && e.checkVisibility() ? Math.round(e.getBoundingClientRect().bottom) : null;
  return {page: document.querySelector('[data-testid=stMain]').scrollHeight, label: box(thumb), slider: box(rail)};
}"""


#: A short and a 4:3 projector.
SHORT_PROJECTORS = ((1280, 720), (1024, 768))


def test_every_state_fits_a_short_projector(kept_page: Any, server: str) -> None:
    """A short or 4:3 projector (1280×720, 1024×768: the same page, resized at each step): deal
    12 with the trick and the widow laid aside (move 6, strong; move 10, basic) and a
    four-player table (deal 3, move 2), plain, asked ("Pause and ask") and revealed (→): the
    page does not scroll, every control is in the window, on one row ("Start a live class" went
    to a second row at 1024x768 once "Show the numbers" came back at the reveal), and "Jump to"
    shows its slider and its label ("Move 6") inside it."""
    pg = kept_page(*SHORT_PROJECTORS[0])
    for link in ("/presenter?deal=12&computer=strong&move=6", "/presenter?deal=12&computer=basic&move=10",
                 "/presenter?deal=3&players=4&computer=basic&move=2"):
        pg.set_viewport_size({"width": SHORT_PROJECTORS[0][0], "height": SHORT_PROJECTORS[0][1]})
        open_presenter(pg, server + link)
        for step in ("plain", "asked", "revealed"):
            if step == "asked":
                click_key(pg, "pres-ask")
                assert stage(pg, "asking") == "1"
            elif step == "revealed":
                press(pg, "ArrowRight")
                assert stage(pg, "revealed") == "1"
            for width, height in SHORT_PROJECTORS:
                pg.set_viewport_size({"width": width, "height": height})
                wait_for(pg, ".st-key-pres-jump [data-testid=stSliderThumbValue]", 30)
                fit = pg.evaluate(_SHORT)
                assert fit["page"] <= height + 1, (width, link, step, fit)
                assert fit["label"] and fit["label"] <= height, (width, link, step, fit)
                assert fit["slider"] and fit["slider"] <= height, (width, link, step, fit)
                tops = [c[2] for c in pg.evaluate(_CONTROLS)]  # a second row would be a button's height lower
                assert max(tops) - min(tops) <= 5, (width, link, step, "the controls take more than one row", tops)
                in_view(pg)
                if step == "revealed":
                    shot(pg, f"presenter-short-{link.split('deal=')[1][:2]}-{width}x{height}.png")


_JOIN = """() => { const e = document.querySelector('.st-key-live-panel .live-join-small');
  if (!e || !e.checkVisibility()) return null;
  const r = e.getBoundingClientRect(), code = e.querySelector('.live-code-small');
  return {code: e.dataset.code, text: e.innerText, size: parseFloat(getComputedStyle(e).fontSize),
          codeSize: parseFloat(getComputedStyle(code).fontSize), bottom: r.bottom, right: r.right}; }"""


#: A projector and a short one (the same page, resized), with the least type each must show
#: (readable on a quarter-size picture).
ROOMS = ((1920, 1080, 28), (1280, 720, 20))


def test_an_open_question_keeps_the_join_code(kept_page: Any, server: str) -> None:
    """A live class (deal 12, move 5, strong) at 1920×1080 and 1280×720 (the same page,
    resized): while the question is open, and after its reveal, the live panel still says where
    to join and the class's code (as on the join screen), in small but readable type, inside the
    window; everything fits, the revealed reason under the panel too."""
    pg = kept_page(1920, 1080)
    open_presenter(pg, server + "/presenter?deal=12&move=5&computer=strong")
    click_key(pg, "pres-ask")
    code = start_live(pg, close_join=True)
    wait_for(pg, ".live-chart", 30)
    for step in ("asked", "revealed"):
        if step == "revealed":
            press(pg, "ArrowRight")
            wait_for(pg, ".live-chart[data-revealed='1']", 30)
        for width, height, least in ROOMS:
            pg.set_viewport_size({"width": width, "height": height})
            wait_for(pg, ".st-key-live-panel .live-join-small", 30)
            join = pg.evaluate(_JOIN)
            assert join and join["code"] == code and code in join["text"] and "/live" in join["text"], (step, join)
            assert join["size"] >= least and join["codeSize"] >= 1.2 * least, (width, step, join)
            assert join["bottom"] <= height and join["right"] <= width, (width, step, join)
            fit = pg.evaluate(_FITS)
            assert not fit["out"] and fit["scroll"] <= 1, (width, step, fit)
            _apart(pg)
            in_view(pg)
            shot(pg, f"presenter-live-join-{step}-{width}x{height}.png")


def test_the_teachers_note_in_the_reasons_type(projector: Any, server: str) -> None:
    """A deck's position with the teacher's note (asked, at 1920×1080): the note is in the
    reason's type (38 px, 9.5 px on a quarter-size picture), asked and revealed."""
    from tutorial.services.decks import Deck, DeckEntry, deck_token

    deck = Deck("Note size", (DeckEntry("deal", note="Who plays after Seat 2?", deal=1, computer="strong", move=5,
                                        ask=True), DeckEntry("note", title="Then", note="More.")))
    open_presenter(projector, server + f"/presenter?deck={deck_token(deck)}&slide=0")
    size = "(s) => parseFloat(getComputedStyle(document.querySelector(s)).fontSize)"
    assert stage(projector, "asking") == "1"
    assert projector.evaluate(size, ".pres-talk .pres-note") >= 37.5
    press(projector, "ArrowRight")
    assert stage(projector, "revealed") == "1"
    note = projector.evaluate(size, ".pres-talk .pres-note")
    assert note >= 37.5 and note >= projector.evaluate(size, ".pres-talk .pres-reason"), note
    assert "Who plays after Seat 2?" in projector.locator(".pres-talk .pres-note").inner_text()
    shot(projector, "presenter-note-1920x1080.png")


#: The header's parts (title, trump, contract, where): each one's box and its lines of text.
_HEADER = """() => [...document.querySelector('.pres-top').children].map(e => {
  const r = e.getBoundingClientRect(), cs = getComputedStyle(e.querySelector('h1') || e);
  return [e.innerText, Math.round(r.top), Math.round(r.bottom),
          Math.round(r.height / parseFloat(cs.lineHeight === 'normal' ? 1.2 * parseFloat(cs.fontSize) : cs.lineHeight))];
})"""


#: The projectors every slide must fit: wide, short and 4:3 (one page, resized).
PROJECTORS = ((1920, 1080), (1280, 720), (1024, 768))


def test_the_header_is_one_line(kept_page: Any, server: str) -> None:
    """A deal link that names no rules (deal 12, move 10, and asked): the header says the
    classic rules are played, and its parts (title, trump, contract, move and rules) share one
    line, each one line high, at 1920×1080, 1280×720 and 1024×768 (the same page, resized)."""
    from tutorial.components.presenter import UNSAID_RULES

    pg = kept_page(*PROJECTORS[0])
    open_presenter(pg, server + LINK.format(move=25))  # "Move 25 of 26": the widest move
    for step in ("shown", "asked"):
        if step == "asked":
            pg.set_viewport_size({"width": PROJECTORS[0][0], "height": PROJECTORS[0][1]})
            open_presenter(pg, server + LINK.format(move=10))
            click_key(pg, "pres-ask")
        for width, height in PROJECTORS:
            pg.set_viewport_size({"width": width, "height": height})
            parts = pg.evaluate(_HEADER)
            assert len(parts) == 4 and UNSAID_RULES in parts[3][0], parts
            first = min(bottom for _, _, bottom, _ in parts)
            assert all(top < first for _, top, _, _ in parts), (width, step, parts)  # side by side
            assert all(lines == 1 for *_, lines in parts), (width, step, parts)
            if step == "asked":
                shot(pg, f"presenter-header-{width}x{height}.png")


#: The word "widow" under the widow's tile in the bidder's hand: its box, its cell's, and whether
#: it shows whole (nothing cuts its text; it is the topmost thing at its centre).
_WIDOW_WORD = """() => { const c = document.querySelector('.pres-seat .pres-cell.pres-widow-tile');
  const cap = c.querySelector('.pres-cap'), R = e => { const r = e.getBoundingClientRect();
    return [r.left, r.top, r.right, r.bottom]; }, b = R(cap);
  const top = document.elementFromPoint((b[0] + b[2]) / 2, (b[1] + b[3]) / 2);
  return {word: cap.textContent, box: b, cell: R(c), whole: cap.scrollWidth <= cap.clientWidth + 1,
          top: !!top && cap.contains(top)}; }"""


def test_the_widows_word_shows_whole_on_a_phone(kept_page: Any, server: str) -> None:
    """Deal 1 (three players, strong), move 3 on a phone (390×844): Seat 2, at the side, has
    taken the widow. Asked and revealed, the word "widow" under that tile lies inside the window
    and its cell, whole and uncovered (it stood half outside the window, cut to "dow")."""
    phone = kept_page(390, 844, "widow")
    for ask in ("1", "revealed"):
        open_presenter(phone, server + f"/presenter?deal=1&players=3&computer=strong&move=3&ask={ask}")
        phone.locator(".pres-cell.pres-widow-tile .pres-cap").scroll_into_view_if_needed()
        got = phone.evaluate(_WIDOW_WORD)
        box = got["box"]
        assert got["word"] == "widow", got
        assert box[0] >= 0 and box[2] <= 390 and box[1] >= 0 and box[3] <= 844, (ask, got)  # in the window
        assert _inside(box, got["cell"]) and got["whole"] and got["top"], (ask, got)
        shot(phone, f"presenter-phone-widow-{ask}-390x844.png")


def test_a_decks_header_is_one_line_on_every_projector(kept_page: Any, server: str) -> None:
    """A deck's position before the bidding ("Follow suit, Friday · slide 1 of 3 · move 0 of 26"
    beside "Trump: Not named yet" and "Contract: Bidding") at 1280×800, 1280×720, 1024×768 and
    1920×1080 (the same page, resized): the header's parts share one line, each one line high,
    and the page fits the window (at 1280×800 the header took two lines, the page 802 px)."""
    from tutorial.services.decks import Deck, DeckEntry, deck_token

    deck = Deck("Follow suit, Friday", (DeckEntry("deal", deal=12, computer="basic", move=0, to=2),
                                        DeckEntry("puzzle", ref="trick-winner-2008"),
                                        DeckEntry("level", ref="tiles-which-stay")))
    pg = kept_page(1280, 800)
    try:
        open_presenter(pg, server + f"/presenter?deck={deck_token(deck)}&slide=0")
        for width, height in ((1280, 800), (1280, 720), (1024, 768), (1920, 1080)):
            pg.set_viewport_size({"width": width, "height": height})
            pg.wait_for_timeout(300)
            parts = pg.evaluate(_HEADER)
            assert len(parts) == 4 and "Follow suit, Friday · slide 1 of" in parts[3][0], parts
            first = min(bottom for _, _, bottom, _ in parts)
            assert all(top < first for _, top, _, _ in parts), (width, height, parts)  # side by side
            assert all(lines == 1 for *_, lines in parts), (width, height, parts)
            tall = pg.evaluate("() => document.querySelector('[data-testid=stMain]').scrollHeight")
            assert tall <= height, (width, height, tall)
            shot(pg, f"presenter-deck-header-{width}x{height}.png")
    finally:
        pg.set_viewport_size({"width": 1920, "height": 1080})


def test_the_hint_under_a_question_in_projector_type(projector: Any, server: str) -> None:
    """The grey hint under an asked move ("Every other hand is hidden…") is in projector type:
    at least 28 px at 1920×1080 (7 px on a quarter-size picture)."""
    open_presenter(projector, server + LINK.format(move=10))
    click_key(projector, "pres-ask")
    hint = projector.locator(".pres-talk .pres-help")
    assert "Every other hand is hidden" in hint.inner_text()
    assert hint.evaluate("(e) => parseFloat(getComputedStyle(e).fontSize)") >= 28


#: Draw each ``[name, html]`` stage in the presenter's place (``html`` null: the stage drawn) (the page's own style sheets, its
#: controls under it) and list what does not fit: a tile's cell (with its ring) outside the
#: table or the window, over another cell or the words' panel; a caption outside its cell; the
#: words' panel scrolling or past the window; the page scrolling.
_SLIDES_FIT = """(stages) => {
  const out = [];
  const main = document.querySelector('[data-testid=stMain]');
  let host = document.querySelector('.pres-stage').parentElement;
  const inside = (a, b) => a.left >= b.left - 1 && a.right <= b.right + 1 && a.top >= b.top - 1 && a.bottom <= b.bottom + 1;
  const apart = (a, b) => a.right <= b.left + 1 || b.right <= a.left + 1 || a.bottom <= b.top + 1 || b.bottom <= a.top + 1;
  const ringed = e => { const r = e.getBoundingClientRect(), s = getComputedStyle(e);
    const o = s.outlineStyle === 'none' ? 0 : parseFloat(s.outlineWidth) + parseFloat(s.outlineOffset);
    return {left: r.left - o, right: r.right + o, top: r.top - o, bottom: r.bottom + o}; };
  const win = {left: 0, top: 0, right: innerWidth, bottom: innerHeight};
  for (const [name, html] of stages) {
    if (html) host.innerHTML = html;  // null: the stage on the page, as the app drew it
    const st = host.querySelector('.pres-stage'), talk = st.querySelector('.pres-talk');
    const table = st.querySelector('.pres-table'), say = [];
    const t = talk.getBoundingClientRect();
    if (talk.scrollHeight > talk.clientHeight + 1 || talk.scrollWidth > talk.clientWidth + 1)
      say.push(['words scroll', talk.scrollHeight, talk.clientHeight]);
    if (!inside(t, win)) say.push(['words out of the window', Math.round(t.bottom)]);
    if (main.scrollHeight > innerHeight + 1) say.push(['page scrolls', main.scrollHeight]);
    if (table) {
      const b = table.getBoundingClientRect();
      if (!apart(b, t)) say.push(['table over the words']);
      const cells = [...table.querySelectorAll('.pres-cell')].map(ringed);
      cells.forEach((c, i) => {
        if (!inside(c, b) || !inside(c, win)) say.push(['tile out of the table', i, Math.round(c.left), Math.round(c.right)]);
        if (!apart(c, t)) say.push(['tile over the words', i]);
        cells.slice(i + 1).forEach((d, j) => { if (!apart(c, d)) say.push(['tiles overlap', i, i + j + 1]); });
      });
      for (const cap of table.querySelectorAll('.pres-cap')) {
        if (!inside(cap.getBoundingClientRect(), ringed(cap.parentElement))) say.push(['caption out of its cell', cap.textContent]);
      }
    }
    if (say.length) out.push([name, say]);
  }
  return out;
}"""


def test_every_level_and_puzzle_fits_as_a_slide(kept_page: Any, server: str) -> None:
    """Every lesson level and puzzle as a deck's slide, asked and revealed, at 1920×1080,
    1280×720 and 1024×768 (the same page, resized): each tile (with its ring and "Answer")
    inside the table, none over another or over the words; the words (the question, the answer,
    the reason, the intro) inside their panel with nothing to scroll; the page not scrolling.
    The widest, "Which tiles stay?" (six tiles in a row, a reason of six lines), is stepped for
    real, its reason drawn as a list; every other is drawn in its place (the same page, style
    sheets and controls) and measured."""
    from tutorial.services.decks import Deck, DeckEntry, deck_token
    from tutorial.services.items import course, puzzles
    from tutorial.services.presenter import build_item_show
    from tutorial.services.presenter_html import item_html

    deck = Deck(title="Mme Lefèvre — trumps & “leads” <i>1</i>", entries=(
        DeckEntry(kind="level", ref="tiles-which-stay", note="Élèves: which stay?"),))
    pg = kept_page(*PROJECTORS[0])
    open_presenter(pg, server + f"/presenter?deck={deck_token(deck)}&slide=0")
    where = pg.locator(".pres-where").inner_text()
    for revealed in (False, True):
        assert stage(pg, "revealed") == str(int(revealed))
        for width, height in PROJECTORS:
            pg.set_viewport_size({"width": width, "height": height})
            bad = pg.evaluate(_SLIDES_FIT, [["tiles-which-stay", None]])
            assert not bad, (width, revealed, bad)
            in_view(pg)
            shot(pg, f"presenter-widest-level-{int(revealed)}-{width}x{height}.png")
        if not revealed:
            press(pg, "ArrowRight")
    # The reason: its first sentence, then a line a tile (a list, not "… - 0-0 is … - 3-0 …").
    assert pg.locator(".pres-talk .pres-reason li").count() == 6
    assert " - " not in pg.locator(".pres-talk .pres-reason").inner_text()
    items = [build_item_show(x, "level") for x in course().levels()] + [build_item_show(x, "puzzle") for x in puzzles()]
    stages = [[f"{x.ref} {'revealed' if r else 'asked'}", item_html(x, revealed=r, where=where)]
              for x in items for r in (False, True)]
    for width, height in PROJECTORS:
        pg.set_viewport_size({"width": width, "height": height})
        bad = pg.evaluate(_SLIDES_FIT, stages)
        assert not bad, (width, height, len(bad), bad[:12])


#: The table of a hand: every tile's cell (its box, its ring's outer box, its seat's box, its word
#: "Answer"'s box), the words on the table (seat names, "Laid aside by Seat 0") with their lines,
#: and the "Jump to" label's box and size beside the lowest control.
_TABLE = """() => {
  const R = e => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
  const cells = [...document.querySelectorAll('.pres-table .pres-cell')].map(c => {
    const cs = getComputedStyle(c), box = R(c);
    const ring = cs.outlineStyle === 'none' ? 0 : parseFloat(cs.outlineWidth) + parseFloat(cs.outlineOffset);
    const seat = c.closest('.pres-seat'), cap = c.querySelector('.pres-answer-cap');
    return {tile: c.querySelector('svg').dataset.tile || 'back', box,
            frame: cs.outlineStyle === 'none' ? null : box.map((v, i) => i < 2 ? v - ring : v + ring),
            seat: seat ? R(seat) : null, cap: cap ? R(cap) : null}; });
  const lines = e => { const cs = getComputedStyle(e);
    return [e.textContent, Math.round(e.getBoundingClientRect().height / parseFloat(cs.lineHeight)),
            parseFloat(cs.fontSize)]; };
  const words = [...document.querySelectorAll('.pres-table .pres-name > span, .pres-table .pres-trick-title')].map(lines);
  const thumb = document.querySelector('.st-key-pres-jump [data-testid=stSliderThumbValue]');
  const ctrl = Math.max(...[...document.querySelectorAll('.st-key-pres-controls :is(button, a)')]
    .filter(e => e.checkVisibility()).map(e => e.getBoundingClientRect().bottom));
  return {cells, words, thumb: thumb && thumb.checkVisibility() ?
            [...R(thumb), parseFloat(getComputedStyle(thumb).fontSize)] : null, ctrl};
}"""


def _inside(inner: list[float], outer: list[float]) -> bool:
    return (inner[0] >= outer[0] - 1 and inner[1] >= outer[1] - 1
            and inner[2] <= outer[2] + 1 and inner[3] <= outer[3] + 1)


def _marks_apart(table: dict[str, Any], where: Any) -> None:
    """Every ring inside its tile's cell and seat, no two rings over each other, the word
    "Answer" inside its cell, and every word on the table on one line."""
    framed = [c for c in table["cells"] if c["frame"]]
    for c in framed:
        assert _inside(c["frame"], c["box"]), ("ring out of its cell", where, c)
        assert c["seat"] is None or _inside(c["frame"], c["seat"]), ("ring out of its seat", where, c)
    for i, a in enumerate(framed):
        for b in framed[i + 1:]:
            f, g = a["frame"], b["frame"]
            apart = f[2] <= g[0] + 1 or g[2] <= f[0] + 1 or f[3] <= g[1] + 1 or g[3] <= f[1] + 1
            assert apart, ("rings overlap", where, a, b)
    for c in table["cells"]:
        assert c["cap"] is None or _inside(c["cap"], c["box"]), ("Answer out of its cell", where, c)
    assert table["words"] and all(n == 1 for _, n, _ in table["words"]), (where, table["words"])


def test_the_reveal_adds_the_marks_and_moves_nothing(kept_page: Any, server: str) -> None:
    """Deal 12 asked ("Pause and ask") at the widow's discard (move 3) and at moves 5, 8 and 11,
    then revealed (→), at 1920×1080, 1280×720 and 1024×768 (the same page, resized before and
    after the reveal): every tile's cell (every hand, the trick, the widow) has the same box
    before and after the reveal (within 1 px), the answer's ring lies inside its cell and seat,
    rings never overlap, "Answer" stays inside its cell, the words on the table ("Seat 0",
    "bidder · 2 tricks", "Laid aside by Seat 0") are each one line, and the page does not
    scroll. The seat names are in projector type (38 units: 9.5 px on a quarter-size picture at
    1920×1080) and the "Jump to" label ("Move 11") is inside the window; over 800 px high it is
    under the slider, clear of the buttons, in projector type too (36 units)."""
    pg = kept_page(*PROJECTORS[0])
    for move in (3, 5, 8, 11):
        pg.set_viewport_size({"width": PROJECTORS[0][0], "height": PROJECTORS[0][1]})
        open_presenter(pg, server + LINK.format(move=move))
        click_key(pg, "pres-ask")
        assert stage(pg, "asking") == "1" and stage(pg, "revealed") == "0"
        asked = {}
        for width, height in PROJECTORS:
            pg.set_viewport_size({"width": width, "height": height})
            wait_for(pg, ".st-key-pres-jump [data-testid=stSliderThumbValue]", 30)
            asked[width] = pg.evaluate(_TABLE)
            _marks_apart(asked[width], (width, move, "asked"))
        press(pg, "ArrowRight")
        assert stage(pg, "revealed") == "1"
        for width, height in PROJECTORS:
            pg.set_viewport_size({"width": width, "height": height})
            u = min(0.000926 * height, 0.000521 * width)  # the presenter's unit (--u), in px
            wait_for(pg, ".st-key-pres-jump [data-testid=stSliderThumbValue]", 30)
            shown = pg.evaluate(_TABLE)
            assert any(c["cap"] for c in shown["cells"]) and any(c["frame"] for c in shown["cells"]), (move, shown)
            assert [c["tile"] for c in shown["cells"]] == [c["tile"] for c in asked[width]["cells"]], move
            moved = [(a["tile"], a["box"], b["box"]) for a, b in zip(asked[width]["cells"], shown["cells"], strict=True)
                     if max(abs(x - y) for x, y in zip(a["box"], b["box"], strict=True)) > 1]
            assert not moved, (width, move, moved)
            _marks_apart(shown, (width, move, "revealed"))
            for table in (asked[width], shown):
                names = [size for text, _, size in table["words"] if text.startswith("Seat ")]
                assert names and min(names) >= max(38 * u, 24) - 0.1, (width, move, table["words"])
                thumb = table["thumb"]
                assert thumb and thumb[3] <= height, (width, move, thumb)
                if height > 800:  # room under the slider: the label there, in projector type
                    assert thumb[4] >= max(36 * u, 20) - 0.1 and thumb[1] >= table["ctrl"], (
                        width, move, thumb, table["ctrl"])
            in_view(pg)
            shot(pg, f"presenter-reveal-still-{move}-{width}x{height}.png")


#: Each seat of the table: its tiles' cells (the tile, its box, its ring's outer box, its words'
#: boxes and whether they show whole), whether every tile, ring and word lies inside the seat, and
#: its name's lines and smallest type.
_SEATS = """() => {
  const R = e => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
  const inside = (a, b) => a[0] >= b[0] - 1 && a[1] >= b[1] - 1 && a[2] <= b[2] + 1 && a[3] <= b[3] + 1;
  return [...document.querySelectorAll('.pres-table .pres-seat')].map(seat => {
    const sb = R(seat), out = [];
    const cells = [...seat.querySelectorAll('.pres-cell')].map(c => {
      const cs = getComputedStyle(c), box = R(c), pic = R(c.querySelector('svg'));
      const ring = cs.outlineStyle === 'none' ? null : parseFloat(cs.outlineWidth) + parseFloat(cs.outlineOffset);
      const frame = ring === null ? null : box.map((v, i) => i < 2 ? v - ring : v + ring);
      if (!inside(pic, sb)) out.push(['tile out of its seat', pic, sb]);
      if (frame && !inside(frame, sb)) out.push(['ring out of its seat', frame, sb]);
      const caps = [...c.querySelectorAll(':scope > .pres-cap')].map(cap => {
        const cb = R(cap), range = document.createRange();
        range.selectNodeContents(cap);
        const words = range.getBoundingClientRect();
        if (!inside(cb, box) || !inside(cb, sb)) out.push(['words out of their cell or seat', cap.textContent, cb, box]);
        if (cap.scrollWidth > cap.clientWidth + 1 || words.width > cb[2] - cb[0] + 1)
          out.push(['words cut', cap.textContent]);
        return [cap.textContent, parseFloat(getComputedStyle(cap).fontSize)]; });
      return {tile: c.querySelector('svg').dataset.tile || 'back', box, caps}; });
    const name = seat.querySelector('.pres-name'), ns = getComputedStyle(name);
    const lines = Math.round(name.getBoundingClientRect().height / parseFloat(ns.lineHeight === 'normal' ? 1.2 * parseFloat(ns.fontSize) : ns.lineHeight));
    const type = Math.min(...[...name.querySelectorAll('span')].map(s => parseFloat(getComputedStyle(s).fontSize)));
    return {seat: seat.dataset.seat, side: seat.matches('.pres-left, .pres-right'), cells, out,
            name: [name.textContent, lines, type]};
  });
}"""


#: The "Jump to" label's box and the controls' bottom.
_LABEL_AND_CONTROLS = """() => { const r = document.querySelector('.st-key-pres-jump [data-testid=stSliderThumbValue]').getBoundingClientRect();
  return [[r.left, r.top, r.right, r.bottom], document.querySelector('.st-key-pres-controls').getBoundingClientRect().bottom]; }"""


#: Each bar's name in the live chart: its words and whether they show whole (not cut to "discar…").
_BAR_NAMES = """() => [...document.querySelectorAll('.live-chart .live-lab')]
  .map(e => [e.textContent, e.scrollWidth <= e.clientWidth + 1])"""


def test_a_live_class_fits_every_projector(browser: Any, kept_page: Any, server: str) -> None:
    """A live class at 1024×768 and 1280×720 (the same page, resized): deal 1, move 3 (Seat 2
    has taken the widow), "Pause and ask", a phone answers 0-0, then the reveal: asked and
    revealed the page does not scroll, every control (the stage's and the panel's) is in the
    window, the panel overlaps nothing, every line of the words lies inside their box, each of
    the chart's names shows whole ("✓ discard 6-1", not "✓ discar…"), and the words' box is at
    least 40% of the window wide (a 235 px column of 13 px type at 1024×768). At 1920×1080 too,
    where "Jump to" shows: its label ("Move 3") lies under the buttons, clear of them, and inside
    the window (it overlapped "Forward" by 15 px)."""
    pg = kept_page(1024, 768)
    phone_ctx = sized_context(browser, 390, 844)
    try:
        open_presenter(pg, server + "/presenter?deal=1&players=3&computer=strong&move=3")
        code = start_live(pg, close_join=True)
        phone = phone_ctx.new_page()
        phone.goto(server + f"/live?code={code}")
        wait_for(phone, ".st-key-live-name input", 120)
        settle(phone)
        phone.locator(".st-key-live-name input").fill("Eve")
        click(phone, phone.locator("[data-testid=stFormSubmitButton] button").first)
        wait_for(phone, ".live-waiting", 30)
        click_key(pg, "pres-ask")
        wait_for(pg, ".live-chart", 30)
        wait_for(phone, "[class*='st-key-live-choice-'] button", 30)
        click(phone, phone.locator("[class*='st-key-live-choice-'] button", has_text="0-0").first)
        pg.wait_for_function("() => document.querySelector('.live-chart')?.dataset.answered === '1'", timeout=30_000)
        for step in ("asked", "revealed"):
            if step == "revealed":
                pg.set_viewport_size({"width": 1024, "height": 768})
                press(pg, "ArrowRight")
                wait_for(pg, ".live-chart[data-revealed='1']", 30)
                assert "0-0 (1 student)" in pg.locator(".pres-talk").inner_text()
            for width, height in PROJECTORS:
                pg.set_viewport_size({"width": width, "height": height})
                pg.wait_for_timeout(300)
                where = (step, width)
                if height > 800:
                    wait_for(pg, ".st-key-pres-jump [data-testid=stSliderThumbValue]", 30)
                    label, ctrl = pg.evaluate(_LABEL_AND_CONTROLS)
                    assert label[1] >= ctrl - 1 and label[3] <= height, (where, label, ctrl)
                in_view(pg)
                _apart(pg)
                fit = pg.evaluate(_FITS)
                assert not fit["out"] and fit["scroll"] <= 1, (where, fit)
                if step == "revealed":
                    names = pg.evaluate(_BAR_NAMES)
                    assert len(names) == 8 and all(whole for _, whole in names), (where, names)
                talk = pg.locator(".pres-talk").bounding_box()
                assert talk and talk["width"] >= 0.4 * width, (where, talk)
                shot(pg, f"presenter-live-4-3-{step}-{width}x{height}.png")
    finally:
        phone_ctx.close()
        pg.set_viewport_size({"width": 1920, "height": 1080})


@pytest.mark.parametrize("live", [False, True], ids=["plain", "live"])
def test_the_reveal_moves_nothing_with_or_without_a_live_class(kept_page: Any, server: str, live: bool) -> None:
    """Deal 12 asked ("Pause and ask") at moves 10 (Seat 2, at the side), 11 and 14 (Seat 0), then
    revealed, without and with a live class, each at 1920×1080, 1280×720 and 1024×768: every
    tile's cell keeps its box at the reveal (within 1 px); every tile, ring and word ("Answer",
    "widow") lies inside its seat, each word inside its cell and whole; every seat's name is one
    line (beside a 4:3 projector's live panel a side seat's role may go under its name) in
    projector type; and "Answer" is in projector type (28 px at 1920×1080, in proportion
    below: 7 px on a quarter-size picture), the same size with a live class as without."""
    sizes = ((1920, 1080), (1280, 720), (1024, 768))
    pg = kept_page(1920, 1080)
    answer: dict[int, float] = {}
    try:
        for move in (10, 11, 14):
            open_presenter(pg, server + LINK.format(move=move))
            click_key(pg, "pres-ask")
            if live:
                start_live(pg, close_join=True)
                wait_for(pg, ".live-chart", 30)
            seen: dict[tuple[int, int], Any] = {}
            for step in ("asked", "revealed"):
                if step == "revealed":
                    pg.set_viewport_size({"width": 1920, "height": 1080})
                    press(pg, "ArrowRight")
                    assert stage(pg, "revealed") == "1"
                    if live:
                        wait_for(pg, ".live-chart[data-revealed='1']", 30)
                for width, height in sizes:
                    pg.set_viewport_size({"width": width, "height": height})
                    pg.wait_for_timeout(300)
                    seats, where = pg.evaluate(_SEATS), (live, move, step, width)
                    least = 28 * min(width / 1920, height / 1080) - 0.5
                    assert not [s["out"] for s in seats if s["out"]], (where, [s["out"] for s in seats if s["out"]])
                    for s in seats:
                        _, lines, type_ = s["name"]
                        assert lines == 1 or (live and width <= 1150 and s["side"]), (where, s["name"])
                        assert type_ >= least, (where, s["name"])
                    cells = [(s["seat"], c["tile"], c["box"]) for s in seats for c in s["cells"]]
                    if step == "asked":
                        seen[width, height] = cells
                    else:
                        assert [c[:2] for c in cells] == [c[:2] for c in seen[width, height]], where
                        moved = [(a[:2], a[2], b[2]) for a, b in zip(seen[width, height], cells, strict=True)
                                 if max(abs(x - y) for x, y in zip(a[2], b[2], strict=True)) > 1]
                        assert not moved, (where, moved)
                        tags = [size for s in seats for c in s["cells"] for text, size in c["caps"]
                                if text.startswith("Answer")]
                        assert len(tags) == 1 and tags[0] >= least, (where, tags)
                        answer[width] = tags[0]
                    shot(pg, f"presenter-still-{'live' if live else 'plain'}-{move}-{step}-{width}x{height}.png")
    finally:
        pg.set_viewport_size({"width": 1920, "height": 1080})
    # "Answer" the same size with a live class as without (28, 18.7 and 14.9 px).
    assert all(abs(answer[w] - 28 * min(w / 1920, h / 1080)) < 0.5 for w, h in sizes), answer


#: Each seat's tile height (its first tile; every tile of a hand is as tall) and tile count.
_HAND_SIZES = """() => Object.fromEntries([...document.querySelectorAll('.pres-table .pres-seat')].map(s => {
  const t = [...s.querySelectorAll('.pres-tiles svg.moon-tile')];
  return [s.dataset.seat, [t.length ? t[0].getBoundingClientRect().height : 0, t.length]]; }))"""


def test_the_hands_keep_their_size_from_move_to_move(kept_page: Any, server: str) -> None:
    """Deal 1 (three players, strong) stepped with → and Page Down from the deal to move 12, at
    1920×1080, 1280×720 and 1024×768: no seat's tiles get smaller from one slide to the next (a
    whole trick on the table, moves 8 and 11, narrowed the side hands' columns: 166 to 145 px)."""
    pg = kept_page(1920, 1080)
    last: dict[tuple[int, int], dict[str, list[float]]] = {}
    try:
        open_presenter(pg, server + "/presenter?deal=1&players=3&computer=strong&move=0")
        for move in range(13):
            assert stage(pg) == str(move)
            for width, height in PROJECTORS:
                pg.set_viewport_size({"width": width, "height": height})
                pg.wait_for_timeout(300)
                now = pg.evaluate(_HAND_SIZES)
                before = last.get((width, height), {})
                shrunk = {s: (before[s][0], h) for s, (h, n) in now.items() if n and s in before and h < before[s][0] - 0.5}
                assert not shrunk, (move, width, shrunk)
                last[width, height] = now
            pg.set_viewport_size({"width": 1920, "height": 1080})
            if move < 12:
                press(pg, "PageDown" if move % 4 == 3 else "ArrowRight")
            if move in (4, 8):
                shot(pg, f"presenter-steady-{move}-1920x1080.png")
    finally:
        pg.set_viewport_size({"width": 1920, "height": 1080})


#: Every tile's height on the table: each seat's first tile (every tile of a hand is as tall),
#: the widow's and the trick's; and each seat's name's height in lines of its "Seat N".
_TABLE_SIZES = """() => {
  const h = e => e ? e.getBoundingClientRect().height : 0;
  const seats = Object.fromEntries([...document.querySelectorAll('.pres-table .pres-seat')].map(s =>
    [s.dataset.seat, [h(s.querySelector('.pres-tiles svg.moon-tile')),
                      h(s.querySelector('.pres-name')) / h(s.querySelector('.pres-who'))]]));
  return {seats, widow: h(document.querySelector('.pres-widow-tiles svg.moon-tile')),
          trick: h(document.querySelector('.pres-trick-tiles svg.moon-tile'))};
}"""


def test_the_hand_asked_is_the_largest_on_the_table(kept_page: Any, server: str) -> None:
    """"Pause and ask" at deal 1 (strong): moves 3 (Seat 2 lays a tile aside: eight tiles at the
    side), 8 (Seat 2, six tiles at the side), 9 (Seat 0 at the bottom) and 10 (Seat 1 at the other
    side), asked and revealed, at 1920×1080, 1280×720 and 1024×768: the hand asked (the only one
    face up) has tiles at least as tall as every other hand's backs and a tenth of the window's
    height; a hand asked at the side (moves 3 and 8) also as tall as one click before (at move 3
    its eight tiles went from 166 to 108 px at 1920×1080 in three rows, from 111 to 72 at
    1280×720), as the widow's and the trick's tiles (the widow stood at 150 beside them), with
    every seat's name on one line; so is the hand at the bottom at 1920×1080 (move 9:
    167 px at 1920×1080, not 151, and "Seat 2 · bidder · 1 trick" on one line)."""
    pg = kept_page(1920, 1080)
    try:
        for move in (3, 8, 9, 10):
            open_presenter(pg, server + f"/presenter?deal=1&players=3&computer=strong&move={move}")
            before: dict[int, dict[str, Any]] = {}
            for width, height in PROJECTORS:
                pg.set_viewport_size({"width": width, "height": height})
                pg.wait_for_timeout(300)
                before[width] = pg.evaluate(_TABLE_SIZES)
            pg.set_viewport_size({"width": 1920, "height": 1080})
            if move == 8:  # every tile is right here: the teacher is told first, and asks anyway
                pg.locator(".st-key-pres-ask-poor button").first.click()
                wait_for(pg, ".st-key-pres-ask-anyway button", 30)
                click_key(pg, "pres-ask-anyway")
            else:
                click_key(pg, "pres-ask")
            assert stage(pg, "asking") == "1"
            asked = pg.evaluate("() => document.querySelector('.pres-seat.pres-act').dataset.seat")
            for step in ("asked", "revealed"):
                if step == "revealed":
                    pg.set_viewport_size({"width": 1920, "height": 1080})
                    press(pg, "ArrowRight")
                    assert stage(pg, "revealed") == "1"
                for width, height in PROJECTORS:
                    pg.set_viewport_size({"width": width, "height": height})
                    pg.wait_for_timeout(300)
                    sizes = pg.evaluate(_TABLE_SIZES)
                    own = sizes["seats"][asked][0]
                    where = (move, step, width, asked, before[width], sizes)
                    backs = [h for s, (h, _) in sizes["seats"].items() if s != asked]
                    assert all(own >= h - 0.5 for h in backs), where
                    assert own >= 0.1 * height - 0.5, where
                    if move in (3, 8):  # a hand at the side (move 10, the other side: not yet)
                        assert own >= before[width]["seats"][asked][0] - 0.5, where
                        assert own >= sizes["widow"] - 0.5 and own >= sizes["trick"] - 0.5, where
                        assert all(lines < 1.5 for _, lines in sizes["seats"].values()), where
                    if move == 9 and width > 1150 and height > 800:  # the hand at the bottom, 16:9
                        assert own >= before[width]["seats"][asked][0] - 0.5, where  # 151 < 167 at 1920
                        assert all(lines < 1.5 for _, lines in sizes["seats"].values()), where
                    in_view(pg)
                    if move == 3:
                        shot(pg, f"presenter-asked-largest-{step}-{width}x{height}.png")
    finally:
        pg.set_viewport_size({"width": 1920, "height": 1080})


#: The hand asked's tiles' boxes (to compare asked and revealed) and whether the page scrolls.
_ASKED_BOXES = """() => [...document.querySelectorAll('.pres-seat.pres-act .pres-tiles svg.moon-tile')].map(e => {
  const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom].map(Math.round); })"""


def test_the_hand_asked_beside_a_live_panel_is_the_largest_on_the_table(kept_page: Any, server: str) -> None:
    """A live class at 1024×768 and 1280×720, deal 1 (strong), moves 3 (eight tiles at the
    side) and 8 (six): "Pause and ask", then the reveal. The hand asked has tiles at least as
    tall as the widow's, the trick's and every other hand's, and an eighth of the window's
    height; the reveal moves none of them and the page does not scroll. At 1024×768, move 3,
    it stood 65 px in two columns of four rows beside a widow of 77 (the walk saw 42)."""
    pg = kept_page(1920, 1080)
    try:
        for width, height in ((1024, 768), (1280, 720)):
            pg.set_viewport_size({"width": width, "height": height})
            for move in (3, 8):
                open_presenter(pg, server + f"/presenter?deal=1&players=3&computer=strong&move={move}")
                start_live(pg, close_join=True)
                wait_for(pg, ".st-key-live-panel", 30)
                if move == 8:  # every tile is right here: the teacher is told first, and asks anyway
                    pg.locator(".st-key-pres-ask-poor button").first.click()
                    wait_for(pg, ".st-key-pres-ask-anyway button", 30)
                    click_key(pg, "pres-ask-anyway")
                else:
                    click_key(pg, "pres-ask")
                assert stage(pg, "asking") == "1"
                pg.wait_for_timeout(500)
                sizes = pg.evaluate(_TABLE_SIZES)
                asked = pg.evaluate("() => document.querySelector('.pres-seat.pres-act').dataset.seat")
                own = sizes["seats"][asked][0]
                others = [h for s, (h, _) in sizes["seats"].items() if s != asked] + [sizes["widow"], sizes["trick"]]
                where = (width, move, asked, sizes)
                assert all(own >= h - 0.5 for h in others), where
                assert own >= height / 8, where
                boxes = pg.evaluate(_ASKED_BOXES)
                if move == 3:
                    shot(pg, f"presenter-live-asked-largest-{width}x{height}.png")
                press(pg, "ArrowRight")
                wait_for(pg, ".live-chart[data-revealed='1']", 30)
                pg.wait_for_timeout(500)
                assert pg.evaluate(_ASKED_BOXES) == boxes, where
                assert pg.evaluate("() => document.documentElement.scrollHeight - innerHeight") <= 1, where
    finally:
        pg.set_viewport_size({"width": 1920, "height": 1080})


def test_the_controls_keep_their_place_from_move_to_question_to_reveal(kept_page: Any, server: str) -> None:
    """Without a live class at 1024×768 and 1280×720, deal 1 (strong), moves 3, 9 and 10: the
    controls' row (and the move bar under it) stands at the same height on the move, at "Pause
    and ask" and at the reveal, and the page does not scroll (at 1024×768, move 3, it jumped
    from y=458 to 589 at the question, the board using 70% of the window)."""
    pg = kept_page(1024, 768)
    top = "() => Math.round(document.querySelector('.st-key-pres-controls').getBoundingClientRect().top)"
    try:
        for width, height in ((1024, 768), (1280, 720)):
            pg.set_viewport_size({"width": width, "height": height})
            for move in (3, 9, 10):
                open_presenter(pg, server + f"/presenter?deal=1&players=3&computer=strong&move={move}")
                seen = [pg.evaluate(top)]
                click_key(pg, "pres-ask")
                assert stage(pg, "asking") == "1"
                pg.wait_for_timeout(300)
                seen.append(pg.evaluate(top))
                press(pg, "ArrowRight")
                assert stage(pg, "revealed") == "1"
                pg.wait_for_timeout(300)
                seen.append(pg.evaluate(top))
                where = (width, move, seen)
                assert max(seen) - min(seen) <= 1, where
                assert pg.evaluate("() => document.documentElement.scrollHeight - innerHeight") <= 1, where
                in_view(pg)
    finally:
        pg.set_viewport_size({"width": 1920, "height": 1080})


#: The widow's title: its words on each line (from each word's box), live or not.
_WIDOW_TITLE_LINES = """() => {
  const t = document.querySelector('.pres-widow .pres-trick-title'), node = t.firstChild, text = node.textContent;
  const lines = new Map(); let at = 0;
  for (const word of text.split(/\\s/)) {
    const r = document.createRange(); r.setStart(node, at); r.setEnd(node, at + word.length); at += word.length + 1;
    const top = Math.round(r.getBoundingClientRect().top);
    lines.set(top, [...(lines.get(top) || []), word]);
  }
  return [...lines.values()].map(ws => ws.join(' '));
}"""


@pytest.mark.parametrize("live", [False, True], ids=["plain", "live"])
def test_the_widows_title_keeps_its_words_together_during_a_question(kept_page: Any, server: str,
                                                                     live: bool) -> None:
    """Deal 1, move 3 (Seat 2 lays a tile aside, eight tiles at the side), "Pause and ask" at
    1920×1080, 1280×720 and 1024×768, with and without a live class: the widow's title "Widow:
    Seat 2 took it" on at most two lines, "Seat 2 took it" whole on one (the middle column is
    as narrow as its longest word, and at 1920×1080 the title went to three lines, "it" alone)."""
    pg = kept_page(1920, 1080)
    try:
        open_presenter(pg, server + "/presenter?deal=1&players=3&computer=strong&move=3")
        if live:
            start_live(pg, close_join=True)
        click_key(pg, "pres-ask")
        assert stage(pg, "asking") == "1"
        for width, height in PROJECTORS:
            pg.set_viewport_size({"width": width, "height": height})
            pg.wait_for_timeout(300)
            lines = pg.evaluate(_WIDOW_TITLE_LINES)
            assert " ".join(lines) == "Widow: Seat 2 took it", lines
            assert len(lines) <= 2 and lines[-1].endswith("Seat 2 took it"), (width, lines)
            if width == 1920:
                shot(pg, f"presenter-widow-title-{'live' if live else 'plain'}-{width}x{height}.png")
    finally:
        pg.set_viewport_size({"width": 1920, "height": 1080})


#: The cells of a puzzle's or level's tiles (their boxes) and whether its words' panel scrolls.
_ITEM_CELLS = """() => {
  const t = document.querySelector('.pres-talk');
  return {cells: [...document.querySelectorAll('.pres-table .pres-cell')].map(c => {
            const r = c.getBoundingClientRect(); return [c.querySelector('svg').dataset.tile, r.left, r.top, r.right, r.bottom]; }),
          scroll: t.scrollHeight - t.clientHeight};
}"""

#: Every ``[name, asked html, revealed html]`` slide drawn in the stage's place, asked then
#: revealed: the tiles' cells that move at the reveal, and the words' panel scrolling or a tile
#: out of its table or over the words (either time).
_ITEMS_STILL = """(slides) => {
  const host = document.querySelector('.pres-stage').parentElement, out = [];
  const box = e => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
  const draw = html => { host.innerHTML = html;
    const t = host.querySelector('.pres-talk'), tb = box(host.querySelector('.pres-table')), tw = box(t);
    const cells = [...host.querySelectorAll('.pres-table .pres-cell')].map(box);
    const out = cells.filter(c => c[1] < tb[1] - 1 || c[3] > tb[3] + 1 || c[0] < tw[2] - 1 && c[2] > tw[0] + 1
                                  && c[1] < tw[3] - 1 && c[3] > tw[1] + 1).length;
    return {cells, scroll: t.scrollHeight - t.clientHeight, out}; };
  for (const [name, asked, revealed] of slides) {
    const a = draw(asked), r = draw(revealed);
    const moved = a.cells.filter((c, i) => c.some((v, j) => Math.abs(v - r.cells[i][j]) > 1)).length;
    if (moved || a.scroll > 1 || r.scroll > 1 || a.out || r.out) out.push([name, moved, a.scroll, r.scroll, a.out, r.out]);
  }
  return out;
}"""


@pytest.mark.parametrize("live", [False, True], ids=["plain", "live"])
def test_a_level_slides_reveal_moves_nothing_with_or_without_a_live_class(kept_page: Any, server: str,
                                                                          live: bool) -> None:
    """A deck's level slides ("Spot the trumps", a reason of a line a tile; "Which tiles stay?"),
    asked then revealed, without and with a live class, at 1920×1080, 1280×720 and 1024×768:
    every tile's cell keeps its box at the reveal (within 1 px; in a live class the tiles
    shrank from 157×289 to 102×187 px and went to a strip at the top, the question box under
    them), the words' panel does not scroll, and the page does not either. In the live class,
    every puzzle and level with a long reason and no hands, drawn in the stage's place asked
    then revealed at 1920×1080, 1280×720 and 1024×768, moves no tile either, each tile inside its table
    and clear of the words, the words whole."""
    from tutorial.services.decks import Deck, DeckEntry, deck_token
    from tutorial.services.items import course, puzzles
    from tutorial.services.presenter import build_item_show
    from tutorial.services.presenter_html import LONG_REASON, item_html
    from tutorial.services.text import lines_html

    refs = ("trump-pick", "tiles-which-stay")
    deck = Deck(title="Week 3", entries=tuple(DeckEntry(kind="level", ref=r) for r in refs))
    pg = kept_page(1920, 1080)
    try:
        open_presenter(pg, server + f"/presenter?deck={deck_token(deck)}&slide=0")
        if live:
            start_live(pg, close_join=True)
            wait_for(pg, ".live-chart", 30)
        for ref in refs:
            seen: dict[int, Any] = {}
            for step in ("asked", "revealed"):
                if step == "revealed":
                    pg.set_viewport_size({"width": 1920, "height": 1080})
                    press(pg, "ArrowRight")
                    assert stage(pg, "revealed") == "1"
                    if live:
                        wait_for(pg, ".live-chart[data-revealed='1']", 30)
                for width, height in PROJECTORS:
                    pg.set_viewport_size({"width": width, "height": height})
                    pg.wait_for_timeout(300)
                    wait_for(pg, ".st-key-pres-controls button", 30)
                    got, where = pg.evaluate(_ITEM_CELLS), (live, ref, step, width)
                    assert len(got["cells"]) >= 6, where
                    assert got["scroll"] <= 1, (where, got["scroll"])
                    if step == "asked":
                        seen[width] = got["cells"]
                    else:
                        moved = [(a, b) for a, b in zip(seen[width], got["cells"], strict=True)
                                 if a[0] != b[0] or max(abs(x - y) for x, y in zip(a[1:], b[1:], strict=True)) > 1]
                        assert not moved, (where, moved)
                    in_view(pg)
                    shot(pg, f"presenter-level-still-{'live' if live else 'plain'}-{ref}-{step}-{width}x{height}.png")
            pg.set_viewport_size({"width": 1920, "height": 1080})
            press(pg, "ArrowRight")
        if live:
            where = pg.locator(".pres-where").inner_text()
            shows = [build_item_show(x, "level") for x in course().levels()] + \
                [build_item_show(x, "puzzle") for x in puzzles()]
            longs = [x for x in shows if (x.trick or x.tiles) and not x.hands
                     and ("<ul>" in lines_html(x.reason) or len(x.reason) > LONG_REASON)]
            assert len(longs) >= 10, len(longs)
            slides = [[x.ref, item_html(x, revealed=False, where=where), item_html(x, revealed=True, where=where)]
                      for x in longs]
            for width, height in PROJECTORS:
                pg.set_viewport_size({"width": width, "height": height})
                pg.wait_for_timeout(300)
                bad = pg.evaluate(_ITEMS_STILL, slides)
                assert not bad, (width, bad)
    finally:
        pg.set_viewport_size({"width": 1920, "height": 1080})


#: The "poor moment" menu's box, the boxes of the seats, and the menu's smallest and largest type.
_POOR_MENU = """() => { const R = e => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
  const pop = document.querySelector('[data-testid=stPopoverBody]');
  const type = [...pop.querySelectorAll('p, button, button *')].filter(e => e.textContent.trim())
    .map(e => parseFloat(getComputedStyle(e).fontSize));
  return {menu: R(pop), seats: [...document.querySelectorAll('.pres-seat')].map(R), type: Math.min(...type)}; }"""


def test_the_poor_moment_menu_is_in_projector_type_over_no_hand(kept_page: Any, server: str) -> None:
    """Deal 1 (three players, strong), move 8, "Pause and ask": the menu saying it is a poor
    moment to ask opens over the teacher's controls, inside the window and over no seat's hand,
    in projector type (28 px at 1920×1080, 7 px on a quarter-size picture; it was 14 px over
    Seat 0's hand), at 1920×1080, 1280×720 and 1024×768."""
    pg = kept_page(1920, 1080)
    try:
        open_presenter(pg, server + "/presenter?deal=1&players=3&computer=strong&move=8")
        pg.locator(".st-key-pres-ask-poor button").first.click()
        wait_for(pg, ".st-key-pres-ask-anyway button", 30)
        for width, height in PROJECTORS:
            pg.set_viewport_size({"width": width, "height": height})
            pg.wait_for_timeout(300)
            got = pg.evaluate(_POOR_MENU)
            menu = got["menu"]
            assert menu[0] >= 0 and menu[1] >= 0 and menu[2] <= width and menu[3] <= height, (width, menu)
            over = [s for s in got["seats"] if s[0] < menu[2] - 1 and menu[0] < s[2] - 1 and s[1] < menu[3] - 1
                    and menu[1] < s[3] - 1]
            assert not over, (width, menu, over)
            assert got["type"] >= max(28 * min(width / 1920, height / 1080), 20) - 0.1, (width, got["type"])
            shot(pg, f"presenter-poor-menu-{width}x{height}.png")
    finally:
        pg.set_viewport_size({"width": 1920, "height": 1080})
