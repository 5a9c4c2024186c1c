"""Browser tests of the Play table's fit (issue 35, the newcomer walk): what the keyboard or a
script scrolls into view never sits under the stuck status strip, and on a phone the seat
boxes' names fit on one line, the boxes of a row of one height."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode

import pytest
from moon_browser import FEED, click, open_page, settle, shot, step_mode

from engine import Game, RuleSet
from engine.players import make_bot
from tutorial.services.players import bot_seed
from tutorial.services.urlstate import PlaySetup, encode


def _link(server: str, setup: PlaySetup, g: Game) -> str:
    return f"{server}/play?{urlencode(encode(setup, [[str(a) for _, a in g.history]]))}"


#: The stuck strip's bottom, and for the element of the test's mark: its box and whether it
#: has the focus.
_PLACES = """() => {
  const s = document.querySelector('.st-key-table-status').getBoundingClientRect();
  const el = document.querySelector('[data-moon-test]');
  const r = el.getBoundingClientRect();
  return {strip: s.bottom, top: r.top, bottom: r.bottom, focused: document.activeElement === el,
          height: window.innerHeight};
}"""


#: Focus what comes before the marked element in the Tab order (without scrolling), then
#: scroll the page so that half of the marked element is under the stuck strip.
_BEFORE_AND_UNDER = """() => {
  const el = document.querySelector('[data-moon-test]');
  const all = [...document.querySelectorAll('a[href], button, input, select, textarea, summary, [tabindex]')]
    .filter(e => !e.disabled && e.tabIndex >= 0 && e.getClientRects().length > 0);
  const before = all[all.indexOf(el) - 1];
  if (before) before.focus({preventScroll: true});
  const main = document.querySelector('[data-testid="stMain"]');
  for (let k = 0; k < 3; k++) {
    const s = document.querySelector('.st-key-table-status').getBoundingClientRect();
    const r = el.getBoundingClientRect();
    main.scrollBy({top: r.top + r.height / 2 - s.bottom, behavior: 'instant'});
  }
}"""


@pytest.mark.parametrize("size", [(1280, 800), (390, 844)], ids=["1280x800", "390x844"])
def test_what_is_scrolled_into_view_is_not_under_the_stuck_strip(
        kept_page: Any, server: str, size: tuple[int, int]) -> None:
    """After a four-player hand (the partner's moon: a long status strip), every "Why?" of
    the computer's moves, first left half under the stuck strip (the page scrolled as the
    walk found it), then reached with the keyboard (Tab, or an arrow key from the "Why?" before
    it), is shown whole below the strip; scrolled into view
    by a script, it lands below the strip too. On the wide screen with large tiles (a
    projector), whose strip is taller still."""
    width, height = size
    page = kept_page(width, height)
    setup, g = _partner_moons(lambda g: g.hand_finished)
    open_page(page, _link(server, setup, g))
    step_mode(page)
    if width > 640:
        click(page, page.locator('[data-testid="stSidebar"] label', has_text="Large tiles").first)
    # Room to scroll: the strip sticks, whatever the length of the page below the feed.
    page.evaluate("() => { document.querySelector('[data-testid=stMainBlockContainer]')"
                  ".style.setProperty('padding-bottom', '100vh', 'important'); }")
    whys = page.locator(f"{FEED} .st-key-feed-why-pick button")
    count = whys.count()
    assert count >= 3, count
    checked, skipped = 0, []
    for i in range(count):
        whys.nth(i).evaluate("e => { document.querySelectorAll('[data-moon-test]').forEach(x => x.removeAttribute('data-moon-test'));"
                             " e.setAttribute('data-moon-test', '1'); }")
        # Half of this "Why?" under the stuck strip (the strip is stuck once the page scrolls),
        # the keyboard on what comes before it (Tab order: the page's order).
        page.evaluate(_BEFORE_AND_UNDER)
        at = page.evaluate(_PLACES)
        if not (at["top"] < at["strip"] < at["bottom"]):
            skipped.append((i, at))
            continue  # the page cannot scroll this one under the strip
        # The "Why?" are one group (st.pills): Tab reaches the first, the arrow keys the others.
        key = "Tab" if i == 0 else "ArrowRight"
        page.keyboard.press(key)
        page.wait_for_timeout(150)
        at = page.evaluate(_PLACES)
        assert at["focused"], (i, f"{key} from the element before reaches this one", at)
        assert at["strip"] <= at["top"] and at["bottom"] <= at["height"], (size, i, "under the strip after Tab", at)
        # Scrolled into view by a script: below the strip as well.
        page.evaluate("() => document.querySelector('[data-moon-test]').scrollIntoView({block: 'start'})")
        at = page.evaluate(_PLACES)
        assert at["strip"] <= at["top"], (size, i, "under the strip after scrollIntoView", at)
        checked += 1
    assert checked >= 2, (checked, skipped)
    shot(page, f"play-why-below-strip-{width}x{height}.png")


def _partner_moons(stop: Any = None) -> tuple[PlaySetup, Game]:
    """A four-player game at the learner's turn in the play after a trick, the partner the
    bidder of 21 (the walk's "Seat 2 (partner) · bidder · bid 21 (moon) ..." box, whose facts
    are the longest a seat box has): the others pass, then every seat plays as the basic
    player of the Play page (until ``stop(game)``, when given)."""
    deal = 3
    setup = PlaySetup(RuleSet(players=4), deal, 0, "basic")
    g = Game.new(setup.rules, deal)
    bots = [make_bot("basic", seed=bot_seed(deal, s)) for s in range(4)]
    while g.phase == "bidding":
        g.apply("bid 21" if g.to_act == 2 else "pass")
    stop = stop or (lambda g: g.phase == "playing" and g.to_act == 0 and bool(g.view(0).tricks))
    while not stop(g):
        seat = g.to_act
        assert seat is not None and not g.hand_finished
        g.apply(bots[seat].decide(g.view(seat)).action)
    assert g.bidder == 2
    return setup, g


@pytest.mark.parametrize("size", [(390, 844), (1280, 800)], ids=["390x844", "1280x800"])
def test_seat_names_fit_one_line_and_the_seat_boxes_are_one_height(
        kept_page: Any, server: str, size: tuple[int, int]) -> None:
    """Four players, the partner the bidder of 21: each seat box's name ("Seat 2 (partner)" on
    a wide screen) is on one line, and the three seat boxes are of one height; on a phone the
    partner's box says "partner"."""
    width, height = size
    page = kept_page(width, height)
    setup, g = _partner_moons()
    open_page(page, _link(server, setup, g))
    settle(page)
    # A name's lines: the distinct tops of its text's boxes (its words, on one line or more).
    boxes = page.evaluate("""() => [...document.querySelectorAll('.moon-seat-box')].map(b => {
      const range = document.createRange();
      range.selectNodeContents(b.querySelector('.moon-seat'));
      const tops = [...range.getClientRects()].filter(r => r.width > 0).map(r => Math.round(r.top));
      return {text: b.innerText, lines: new Set(tops).size, height: b.getBoundingClientRect().height};
    })""")
    assert len(boxes) == 3, boxes
    assert all(b["lines"] == 1 for b in boxes), (size, boxes)
    heights = [round(b["height"]) for b in boxes]
    assert max(heights) - min(heights) <= 1, (size, heights, boxes)
    partner = next(b["text"] for b in boxes if b["text"].startswith("Seat 2"))
    assert "partner" in partner, partner
    shot(page, f"play-seat-boxes-{width}x{height}.png")
