"""Browser tests of what the learner sees around the questions: tile names that never break at
the hyphen (phone), the Bidding lab's written tile names, a ranking question's order on the
tiles, when missed puzzles come back, and the sidebar's rules saying whose rules they are."""

from __future__ import annotations

import re
from typing import Any

from moon_browser import click, open_page

from store import events, learners, open_store
from tutorial.services.items import puzzles

#: Every written tile name in the main part of the page that the browser drew on two lines
#: (its characters' boxes on more than one line), and every one whose text may wrap at all.
SPLIT_NAMES = r"""() => {
  const main = document.querySelector('[data-testid="stMain"]');
  const walker = document.createTreeWalker(main, NodeFilter.SHOW_TEXT);
  const split = [], loose = [];
  let n, count = 0;
  while ((n = walker.nextNode())) {
    const el = n.parentElement;
    if (!el || el.closest('svg, [data-testid="stAlert"], [data-testid="stExpander"]') || !el.offsetParent) continue;
    for (const m of n.data.matchAll(/(?<![\w-])[0-6]-[0-6](?![\w-])/g)) {
      count += 1;
      const r = document.createRange();
      r.setStart(n, m.index); r.setEnd(n, m.index + 3);
      const tops = new Set([...r.getClientRects()].map(b => Math.round(b.top)));
      if (tops.size > 1) split.push(m[0] + ' in: ' + n.data.slice(0, 60));
      if (getComputedStyle(el).whiteSpace !== 'nowrap') loose.push(m[0] + ' in: ' + n.data.slice(0, 60));
    }
  }
  return {count, split, loose};
}"""


def _names_hold(page: Any) -> int:
    found = page.evaluate(SPLIT_NAMES)
    assert not found["split"], found["split"]
    assert not found["loose"], found["loose"]
    return int(found["count"])


def test_tile_names_never_break_on_a_phone(page: Any, server: str) -> None:
    """At 390×844 no tile name in Learn's intro, the tiles' captions and buttons, or the
    Bidding lab breaks at its hyphen, and the Bidding lab names every tile of its hand; a
    Learn hand of seven tiles takes two rows at most, with "Check my answer" in view with it."""
    page.set_viewport_size({"width": 390, "height": 844})
    open_page(page, f"{server}/learn?level=suits-rank-twos")
    page.locator(".st-key-learn-level-box .moon-pick svg").first.wait_for()
    page.locator("[class*='suits-rank-twos-tiles-btn-'] button:visible").first.wait_for()
    page.locator(".st-key-learn-level-box [data-testid='stButton']:visible", has_text="Check").first.wait_for()
    assert _names_hold(page) >= 8  # the intro's names, the pictures' captions, the buttons
    # A hand of seven: two rows at most, and "Check my answer" in view with it.
    open_page(page, f"{server}/learn?level=follow-basic")
    cells = page.locator("[class*='lv-follow-basic-tiles-tile-']")
    cells.nth(6).locator("button:visible").first.wait_for()
    hand = page.locator(".st-key-lv-follow-basic-tiles-hand")
    hand.scroll_into_view_if_needed()
    boxes = [cells.nth(i).bounding_box() for i in range(cells.count())]
    assert len(boxes) == 7 and len({round(b["y"]) for b in boxes}) <= 2, boxes
    row = hand.bounding_box()
    assert all(b["x"] + b["width"] <= row["x"] + row["width"] + 1 for b in boxes), (boxes, row)
    check = page.locator(".st-key-learn-level-box [data-testid='stButton']:visible", has_text="Check my answer")
    button = check.first.bounding_box()
    assert button["y"] + button["height"] - row["y"] <= 844 - 60, (row, button)  # both fit on the screen
    check.first.scroll_into_view_if_needed()
    assert hand.bounding_box()["y"] >= 0, "the hand scrolled out when the button came into view"
    _names_hold(page)
    open_page(page, f"{server}/bidding-lab")
    hand = page.locator('[role="group"][aria-label="The hand being studied"]')
    pictures = hand.locator("svg[role=img]")
    captions = hand.locator(".moon-cap")
    assert pictures.count() == 7 and captions.count() == 7, hand.inner_html()[:300]
    for i in range(7):
        name = captions.nth(i).inner_text().strip()
        assert re.fullmatch(r"[0-6]-[0-6]", name), name
        assert name in (pictures.nth(i).get_attribute("aria-label") or ""), name
    _names_hold(page)


def test_a_ranking_question_shows_the_order_on_the_tiles(page: Any, server: str) -> None:
    """Each tile picked in a ranking question says its place ("1st", "2nd") under it."""
    open_page(page, f"{server}/learn?level=suits-rank-twos")
    key = ".st-key-lv-suits-rank-twos-tiles"
    buttons = page.locator(f"[class*='{key[1:]}-btn-'] button")
    buttons.first.wait_for()
    names = [b.inner_text().split()[-1] for b in buttons.all()]
    assert len(names) >= 3, names
    first, second = names[2], names[0]
    for t in (first, second):
        click(page, page.locator(f"{key}-btn-{t.replace('-', '')} button").first)
    for t in names:
        caption = page.locator(f"{key}-tile-{t.replace('-', '')} .moon-cap").all_inner_texts()
        assert caption == {first: ["1st"], second: ["2nd"]}.get(t, []), (t, caption)


def test_practice_says_when_missed_puzzles_come_back(page: Any, server: str) -> None:
    """Right after a miss no review is due yet: Practice says when the puzzle comes back, as a
    wait the learner reads ("in 10 minutes", not a UTC clock), never a bare "0 puzzle reviews
    due"; and a rating after one puzzle is said to be still settling, not "1049 (± 636)"."""
    db = open_store()
    me, token = learners.create(db)
    missed = next(iter(puzzles()))
    events.write(db, me.id, events.PuzzleAnswer(missed.id, False, kind=missed.kind, themes=tuple(missed.themes)))
    open_page(page, f"{server}/practice?me={token}")
    main = page.locator('[data-testid="stMain"]').inner_text()
    assert "0 puzzle reviews" not in main, main
    assert "1 puzzle comes back for review in 10 minutes" in main, main
    assert "UTC" not in main, main
    assert "Your puzzle rating: not settled yet" in main and "1 so far" in main, main
    assert not re.search(r"rating: \d+ \(± \d+\)", main), main


def test_progress_and_practice_say_the_puzzle_rating_in_the_same_words(page: Any, server: str) -> None:
    """After one puzzle the rating is not settled: Progress says so in Practice's words (and
    its help counts the tries), never a bare number with "Glicko-2, ± 636 (95%)"."""
    db = open_store()
    me, token = learners.create(db)
    missed = next(iter(puzzles()))
    events.write(db, me.id, events.PuzzleAnswer(missed.id, False, kind=missed.kind, themes=tuple(missed.themes)))
    page.set_viewport_size({"width": 1280, "height": 800})
    open_page(page, f"{server}/progress?me={token}")
    metric = page.locator('[data-testid="stMetric"]', has_text="Puzzle rating")
    metric.wait_for()
    value = metric.locator('[data-testid="stMetricValue"]').inner_text()
    assert value.strip() == "not settled yet", value
    cut = "(v) => [v, ...v.querySelectorAll('*')].some(e => e.scrollWidth > e.clientWidth)"
    assert not metric.locator('[data-testid="stMetricValue"]').evaluate(cut), "the words are cut off"
    metric.locator('[data-testid="stTooltipIcon"], [data-testid="stTooltipHoverTarget"]').first.hover()
    tip = page.locator('[data-testid="stTooltipContent"]')
    tip.wait_for()
    assert "It settles after about fifteen first tries at puzzles; 1 so far." in tip.inner_text(), tip.inner_text()
    assert "Glicko" not in page.locator('[data-testid="stMain"]').inner_text()
    open_page(page, f"{server}/practice?me={token}")
    main = page.locator('[data-testid="stMain"]').inner_text()
    assert "Your puzzle rating: not settled yet (it settles after about fifteen first tries at puzzles; 1 so far)" in main


def test_the_sidebar_says_whose_rules_it_shows(page: Any, server: str) -> None:
    """On Play the sidebar shows the open game's rules, labelled so, also after the New game
    panel's number of players changes: the game keeps its own to its end, and the panel's are
    said to be a new game's from that panel, never "the next deal" (the game's next hand keeps
    four players); elsewhere it shows the house rules, labelled, which name no number of
    players."""
    open_page(page, f"{server}/play?deal=5&players=4")
    side = page.locator('[data-testid="stSidebar"]')
    click(page, page.locator(".st-key-new-game-box summary").first)
    click(page, page.get_by_text("House rules:").first)
    click(page, page.locator(".st-key-play-rule-players label", has_text="3").first)
    text = side.inner_text()
    assert re.search(r"Rules of this game\s+4 players", text), text
    assert "This game keeps them to its end. A new game dealt from the New game panel: 3 players" in text, text
    assert "next deal" not in text, text
    click(page, page.locator('[data-testid="stSidebarNav"] a', has_text="Practice"))
    page.locator('[data-testid="stSidebar"] :text("House rules")').first.wait_for()
    text = side.inner_text()
    assert re.search(r"House rules\s+classic rules", text) and "Rules of this game" not in text, text
    assert "3 players" not in text and "4 players" not in text, text

