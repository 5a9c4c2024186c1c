"""Browser tests of the Play table: fair during the hand and open after it (or with "open
hands"), reasons back after a reload, Deal deals what the New game panel shows, the trick, the
status strip and the whole hand in one screen, and the table's wording."""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import parse_qs, urlencode, urlparse

import pytest
from moon_browser import (
    FEED,
    click,
    click_key,
    feed_moves,
    open_page,
    settle,
    shot,
    step_mode,
    table_setting,
    wait_ready,
    why_button,
)

from engine import Game, RuleSet, Tile
from engine.players import make_bot
from tutorial.services.players import bot_seed
from tutorial.services.urlstate import PlaySetup, encode

_TILE = re.compile(r"\b([0-6])-([0-6])\b")
#: A trump named ("fours" is a suit, "four tricks" a count).
_TRUMP_WORDS = re.compile(r"\bas trump\b|\bno trump\b|\b(blanks|ones|twos|threes|fours|fives|sixes|doubles)\b", re.I)


def _query(page: Any) -> dict[str, str]:
    return {k: v[-1] for k, v in parse_qs(urlparse(page.url).query).items()}


def _basic_game(deal: int, players: int, stop: Any) -> tuple[PlaySetup, Game]:
    """A game where every seat plays as the basic player of the Play page (seat 0 too),
    until ``stop(game)`` holds."""
    setup = PlaySetup(RuleSet(players=players), deal, 0, "basic")
    g = Game.new(setup.rules, deal)
    bots = [make_bot("basic", seed=bot_seed(deal, s)) for s in range(players)]
    while not stop(g):
        seat = g.to_act
        assert seat is not None
        g.apply(bots[seat].decide(g.view(seat)).action)
    return setup, g


def _link(server: str, setup: PlaySetup, g: Game) -> str:
    return f"{server}/play?{urlencode(encode(setup, [[str(a) for _, a in g.history]]))}"


def _named(text: str) -> set[Tile]:
    return {Tile(int(a), int(b)) for a, b in _TILE.findall(text)}


def _computer_bids_and_plays(g: Game) -> bool:
    """Stop on the learner's first turn in the play."""
    return g.hand_finished or (g.phase == "playing" and g.to_act == 0)


def _mid_hand(deal_from: int = 1) -> tuple[PlaySetup, Game]:
    for deal in range(deal_from, deal_from + 200):
        setup, g = _basic_game(deal, 3, _computer_bids_and_plays)
        if not g.hand_finished and g.bidder not in (None, 0):
            return setup, g
    raise AssertionError("no deal where a computer player wins the bid")


def _feed_text(page: Any) -> str:
    return page.locator(FEED).first.inner_text()


def test_the_table_is_fair_during_the_hand_reasons_survive_a_reload(page: Any, server: str) -> None:
    """During the hand no text in the feed or behind "Why?", nor the address, names a tile a
    seat has not played (the learner's own hand aside): not the discard, not the alternatives. After a
    reload the one-line reasons are there. "Open hands" shows everything and says so."""
    setup, g = _mid_hand()
    allowed = {t for tr in g.view(0).tricks for t in tr.tiles} | set(g.view(0).current_trick) | set(g.view(0).hand)
    open_page(page, _link(server, setup, g))
    step_mode(page)
    page.reload()
    wait_ready(page)
    feed = _feed_text(page)
    # The reasons came back with the game (not only "Seat 1 plays 5-3." and "Why?").
    assert re.search(r"passes\. I pass", feed) or re.search(r"bids \d+\. I bid", feed), feed
    assert not _named(feed) - allowed, (sorted(map(str, _named(feed) - allowed)), feed)
    assert "discards a tile face down" in feed and "I lay one tile aside face down" in feed, feed
    # A bid is a number at the table: a computer's bid reason names no trump.
    bid_reasons = re.findall(r"(?:bids \d+|shoots the moon)[^.\n]*\.\s*([^\n]*)", feed)
    assert bid_reasons, feed
    assert not [r for r in bid_reasons if _TRUMP_WORDS.search(r)], bid_reasons
    # The address bar does not name the face-down tile either.
    moves = _query(page)["moves"].split(".")
    assert not [m for m in moves if re.fullmatch(r"d\d\d", m)], moves
    assert sum(m.startswith("x") for m in moves) == 1, moves
    # Every "Why?" with its details: the tile played and its numbers, nothing still hidden
    # (at 1280 px, where the feed's column is narrowest).
    page.set_viewport_size({"width": 1280, "height": 800})
    keys = feed_moves(page)
    assert len(keys) >= 3, keys
    for key in keys:
        click(page, why_button(page, *key))
        toggle = page.locator('[class*="st-key-why-"][class*="-details"] label').first
        if toggle.count():
            click(page, toggle)
        box = page.locator(".st-key-feed-why").first.inner_text()
        assert not _named(box) - allowed, (sorted(map(str, _named(box) - allowed)), box)
        # The numbers fit the feed's column at 1280 px: nothing cut off on the right.
        cut = page.evaluate("""() => [...document.querySelectorAll('.st-key-feed-why *')]
            .filter(e => e instanceof HTMLElement && e.clientWidth > 40 && e.scrollWidth > e.clientWidth + 1)
            .map(e => `${e.tagName}.${e.className} ${e.scrollWidth}>${e.clientWidth}`)""")
        assert not cut, (key, cut, box)
    # Open hands: the status strip says so, and the discard is named.
    table_setting(page, "open-hands")
    assert "open hands" in page.locator(".st-key-table-status").first.inner_text()
    discard = next(a for _, a in g.history if a.kind == "discard")
    assert f"discards {discard.value}" in _feed_text(page)


def test_an_open_why_closes_when_its_move_leaves_the_feed(page: Any, server: str) -> None:
    """"Why?" draws only the feed again (a fragment of its own, its text one element: a few
    small messages, not the whole table's); the explanation closes when its move leaves the
    feed."""
    setup, g = _mid_hand()
    frames: list[Any] = []
    page.on("websocket", lambda ws: ws.on("framereceived", lambda m: frames.append(m)))
    open_page(page, _link(server, setup, g))
    step_mode(page)
    first = page.locator(".st-key-feed-why-pick button").first
    frames.clear()
    click(page, first)
    assert page.locator(".st-key-feed-why").count() == 1
    assert len(frames) <= 20, f"a click on Why? brought {len(frames)} messages"
    # Play on until the bidding's lines have left the feed (two tricks later).
    for _ in range(12):
        if "Bidding, widow and trump" not in _feed_text(page):
            break
        buttons = page.locator('[class*="st-key-hand-btn-"] button:enabled')
        if buttons.count():
            click(page, buttons.first)
        else:
            click_key(page, "to-my-turn")
    assert "Bidding, widow and trump" not in _feed_text(page)
    assert page.locator(".st-key-feed-why").count() == 0


def test_deal_deals_what_the_panel_shows_and_asks_mid_hand(page: Any, server: str) -> None:
    """A strong 4-player game from a link: the panel shows "strong" and four players (the
    number of players is the game's own choice, no house rule: the next deal keeps the table in
    view until the learner changes it); Deal deals exactly that (the status strip and the URL
    agree); in the middle of the learner's hand Deal asks first."""
    setup = PlaySetup(RuleSet(players=4), 7, 0, "strong")
    g = Game.new(setup.rules, 7)
    while g.phase == "bidding" and not any(s == 0 for s, _ in g.history):
        g.apply(g.legal_actions()[0])
    open_page(page, f"{server}/play?{urlencode(encode(setup, [[str(a) for _, a in g.history]]))}")
    step_mode(page)
    click(page, page.locator(".st-key-new-game-box summary").first)
    checked = page.locator(".st-key-play-level input[type=radio]:checked")
    assert checked.first.evaluate("e => e.closest('label').innerText").strip() == "strong"
    shown = page.locator(".st-key-play-rule-players input[type=radio]:checked").first
    players = re.search(r"\d", shown.evaluate("e => e.closest('label').innerText"))
    assert players and players.group(0) == "4", players
    click_key(page, "new-game")
    assert page.locator(".st-key-deal-confirm").count() == 1, "Deal mid-hand asks first"
    assert _query(page).get("deal") == "7"
    click_key(page, "deal-anyway")
    q = _query(page)
    # Three players, the classic count, is left out of the address.
    assert q.get("level") == "strong" and q.get("players", "3") == players.group(0) and q.get("deal") != "7", q
    assert "Seat 3" in page.locator(".st-key-table-trick").first.inner_text()
    assert "computer: strong" in page.locator(".st-key-table-status").first.inner_text()
    # Between two hands the game is still in progress: Deal asks before throwing it away too.
    setup = PlaySetup(RuleSet(), 7, 0, "basic")
    g = Game.new(setup.rules, 7)
    while not g.hand_finished:
        g.apply(g.legal_actions()[0])
    open_page(page, f"{server}/play?{urlencode(encode(setup, [[str(a) for _, a in g.history]]))}")
    click(page, page.locator(".st-key-new-game-box summary").first)
    click_key(page, "new-game")
    assert page.locator(".st-key-deal-confirm").count() == 1, "Deal between hands asks first"
    asked = page.locator(".st-key-deal-confirm").first.inner_text()
    assert "throws away the game you are playing (game 7, hand 1)" in asked, asked
    click_key(page, "deal-keep")
    assert _query(page).get("deal") == "7"


def _in_view(page: Any, width: int, height: int, label: str) -> None:
    """The status strip, the trick and the whole hand in the window, one below the other."""
    boxes = {}
    for sel in (".st-key-table-status", ".moon-middle", ".st-key-table-hand"):
        box = page.locator(sel).first.bounding_box()
        assert box is not None, (label, sel)
        assert box["y"] >= 0 and box["y"] + box["height"] <= height, (label, sel, box)
        assert box["x"] >= 0 and box["x"] + box["width"] <= width, (label, sel, box)
        boxes[sel] = box
    s, m, h = boxes.values()
    assert s["y"] + s["height"] <= m["y"] and m["y"] + m["height"] <= h["y"], (label, boxes)
    tiles = page.locator(".st-key-table-hand [class*=\"-tile-\"] svg.moon-tile:visible")
    buttons = page.locator(".st-key-table-hand [class*=\"-btn-\"] button:visible")
    for loc in (tiles, buttons):
        for i in range(loc.count()):
            b = loc.nth(i).bounding_box()
            assert b is not None and b["y"] + b["height"] <= height and b["x"] + b["width"] <= width, (label, b)
    if width > 640 and tiles.count():  # one row on a desktop, eight tiles too
        tops = {round(tiles.nth(i).bounding_box()["y"]) for i in range(tiles.count())}
        assert len(tops) == 1, (label, tops)
    # Every tile's label ("Play ★ 4-1", "Discard 6-6") on one line, inside its button.
    wrapped = buttons.evaluate_all("""bs => bs.map(b => {
        const p = b.querySelector('p'), r = p.getBoundingClientRect(), o = b.getBoundingClientRect();
        const one = r.height < 1.5 * parseFloat(getComputedStyle(p).lineHeight);
        return one && r.left >= o.left - 1 && r.right <= o.right + 1 ? null : b.innerText; }).filter(t => t)""")
    assert not wrapped, (label, wrapped)


def _scroll_under_the_strip(page: Any, label: str) -> None:
    """Scroll the page (Streamlit's ``stMain``, the way a learner's wheel does) until the stuck
    status strip covers the top of the trick, the hand still on screen."""
    strip = page.locator(".st-key-table-status").first.bounding_box()
    middle = page.locator(".moon-middle").first.bounding_box()
    assert strip is not None and middle is not None, label
    # Room to scroll that far, as below a longer page (the trick history late in a hand): early
    # in a hand the page may end too soon for the strip to reach the trick.
    page.evaluate("() => { document.querySelector('[data-testid=stMainBlockContainer]').style.setProperty('padding-bottom', '100vh', 'important'); }")
    stuck_bottom = 60 + strip["height"]  # stuck just below Streamlit's header
    page.evaluate("d => document.querySelector('[data-testid=stMain]').scrollBy({top: d, behavior: 'instant'})",
                  middle["y"] - stuck_bottom + 20)
    page.wait_for_timeout(200)
    strip = page.locator(".st-key-table-status").first.bounding_box()
    middle = page.locator(".moon-middle").first.bounding_box()
    assert strip["y"] + strip["height"] > middle["y"], (label, "the strip covers the trick", strip, middle)


def _play_from_under_the_strip(page: Any, width: int, height: int, button: str, label: str) -> None:
    """Scrolled so the strip covers the trick, the learner clicks ``button`` in the hand: once
    the table has moved on, the strip, the trick and the whole hand are in view again."""
    _scroll_under_the_strip(page, label)
    click(page, page.locator(f".st-key-table-hand [class*='st-key-{button}'] button:enabled:visible").first)
    # The page scrolls back once the run's table is drawn, which a loaded browser may finish a
    # moment after the app says the run ended: look until 2 s after the run.
    for _ in range(10):
        page.wait_for_timeout(200)
        try:
            _in_view(page, width, height, label)
            return
        except AssertionError:
            pass
    _in_view(page, width, height, label)


def _won_bid_on_deal_8() -> tuple[PlaySetup, Game]:
    """Deal 8, three players, basic: the learner bids 4, the others pass (the widow next)."""
    setup = PlaySetup(RuleSet(), 8, 0, "basic")
    g = Game.new(setup.rules, 8)
    while g.phase == "bidding":
        g.apply("bid 4" if g.to_act == 0 else "pass")
    return setup, g


@pytest.mark.parametrize("size", [(1280, 800), (1440, 900), (390, 844)], ids=["1280x800", "1440x900", "390x844"])
def test_trick_status_and_whole_hand_in_view(kept_page: Any, server: str, size: tuple[int, int]) -> None:
    """After the widow (eight tiles) and after a trick: the trick, the status strip and the
    whole hand together in the window, nothing overlapping; also when the page was scrolled
    so the stuck strip covered the trick before the learner's discard or play."""
    width, height = size
    page = kept_page(width, height)
    setup, g = _won_bid_on_deal_8()
    open_page(page, _link(server, setup, g))
    _in_view(page, width, height, "widow")
    shot(page, f"play-widow-{width}x{height}.png")
    _play_from_under_the_strip(page, width, height, "discard-btn-", "discard from under the strip")
    g.apply(g.legal_actions()[0])
    g.apply(g.legal_actions()[0])
    for _ in range(2):  # after the first trick, the learner to play
        g.apply(g.legal_actions()[0])
        while g.to_act != 0:
            g.apply(g.legal_actions()[0])
    open_page(page, _link(server, setup, g))
    _in_view(page, width, height, "after a trick")
    # The computer's latest move stands under the trick on a phone only (the feed is beside
    # the table on a wider window).
    latest = page.locator(".moon-latest")
    assert latest.count() == 1 and latest.first.is_visible() == (width <= 640), width
    _play_from_under_the_strip(page, width, height, "hand-btn-", "play from under the strip")


#: In the page: the app says a run has finished (as a loaded browser does before it has drawn
#: the run's table); once the page's own timers queued by then have fired (1.6 s later, in
#: the page's order of timers), ``window.__moonLate`` is set and, with ``late``, the hand's
#: block changes first (a node of no size: the run's table drawn late). With ``wheel``, the
#: learner turns the wheel as the run ends.
_RUN_ENDS = """([late, wheel]) => {
  window.__moonLate = false;
  const app = document.querySelector('[data-testid="stApp"]');
  app.setAttribute('data-test-script-state', 'running');
  setTimeout(() => {
    app.setAttribute('data-test-script-state', 'notRunning');
    // (once the page has heard the run end, before it looks at anything)
    if (wheel) queueMicrotask(() => document.querySelector('[data-testid="stMain"]')
      .dispatchEvent(new WheelEvent('wheel', {deltaY: 40, bubbles: true})));
    setTimeout(() => {
      if (late) document.querySelector('.st-key-table-hand').appendChild(document.createComment('late'));
      window.__moonLate = true;
    }, 1600);
  }, 0);
}"""


def _run_ends(page: Any, late: bool, wheel: bool = False) -> None:
    page.evaluate(_RUN_ENDS, [late, wheel])
    page.wait_for_function("() => window.__moonLate === true")


def test_a_table_drawn_after_the_run_still_comes_out_from_under_the_strip(kept_page: Any, server: str) -> None:
    """A loaded browser may draw a run's table seconds after the app says the run finished (CI:
    "discard from under the strip"): the page looks at the table whenever the page changes
    after a run, not at fixed times, and scrolls it out from under the stuck strip once. A
    learner who turns the wheel after the run is left where they scrolled."""
    width, height = 1280, 800
    page = kept_page(width, height)
    setup, g = _won_bid_on_deal_8()
    open_page(page, _link(server, setup, g))
    _run_ends(page, late=False)  # every look of the page has seen this table
    _scroll_under_the_strip(page, "a table drawn late")
    _run_ends(page, late=True)
    page.wait_for_function("""() => {
        const s = document.querySelector('.st-key-table-status').getBoundingClientRect();
        return document.querySelector('.moon-middle').getBoundingClientRect().top >= s.bottom - 1; }""",
                           timeout=5_000)
    _in_view(page, width, height, "a table drawn late")
    # The learner turns the wheel after the run: the table drawn later leaves the page alone.
    _scroll_under_the_strip(page, "the wheel turned")
    _run_ends(page, late=True, wheel=True)
    page.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
    strip = page.locator(".st-key-table-status").first.bounding_box()
    middle = page.locator(".moon-middle").first.bounding_box()
    assert strip is not None and middle is not None
    assert strip["y"] + strip["height"] > middle["y"], ("the learner's scroll stays", strip, middle)


@pytest.mark.parametrize("size", [(1280, 800), (390, 844)], ids=["1280x800", "390x844"])
def test_play_now_closes_the_panel_and_nothing_shows_above_the_stuck_strip(
        kept_page: Any, server: str, size: tuple[int, int]) -> None:
    """After "Play now" the New game panel is closed and the strip, the trick and the hand
    are in view; scrolled, the stuck strip hides the table up to the window's top (no part of
    the table shows between Streamlit's header and the strip)."""
    from io import BytesIO

    from PIL import Image

    width, height = size
    page = kept_page(width, height)
    open_page(page, f"{server}/play")
    assert page.locator(".st-key-new-game-box details[open]").count() == 1, "open before a game"
    click(page, page.locator(".st-key-play-now button:visible").first)
    page.locator(".st-key-table-hand svg.moon-tile").first.wait_for()
    settle(page)
    assert page.locator(".st-key-new-game-box details[open]").count() == 0, "the panel closed"
    _in_view(page, width, height, "after Play now")
    # Room to scroll 250 px (Play now deals at random: on a deal where the learner bids
    # first the page may end sooner, and the strip would never stick).
    page.evaluate("() => { document.querySelector('[data-testid=stMainBlockContainer]').style.setProperty('padding-bottom', '100vh', 'important'); }")
    page.mouse.move(width - 40, height - 100)
    page.mouse.wheel(0, 250)
    page.wait_for_timeout(600)
    strip = page.locator(".st-key-table-status").first.bounding_box()
    assert strip is not None and strip["y"] > 20, strip
    above = Image.open(BytesIO(page.screenshot(clip={"x": strip["x"] + 60, "y": 0, "width": min(250, strip["width"] - 70),
                                                     "height": strip["y"] - 2})))
    dark = sum(above.convert("L").histogram()[:200])
    assert not dark, f"{dark} pixels of the table show above the stuck strip"


@pytest.mark.parametrize("size", [(1280, 800), (1440, 900)], ids=["1280x800", "1440x900"])
def test_a_long_explanation_leaves_no_hole_beside_it(kept_page: Any, server: str, size: tuple[int, int]) -> None:
    """A long explanation (a bid's, its numbers shown: a list and a chart) in the feed's column
    left a screen-high blank under the table beside it (walk 3, B7): what is below the table
    (the chooser of trick history, scores, review and records, and what it shows) moves up
    into the table's column, right under the table, beside the explanation. Closed, it is
    below the table and the feed again, across both."""
    width, height = size
    page = kept_page(width, height)
    setup, g = _mid_hand()
    open_page(page, _link(server, setup, g))
    step_mode(page)
    click(page, why_button(page, *feed_moves(page)[0]))  # the first bid
    click(page, page.locator('[class*="st-key-why-"][class*="-details"] label').first)
    page.locator(".st-key-feed-why [data-testid='stPlotlyChart'], .st-key-feed-why [data-testid='stVegaLiteChart']").first.wait_for()
    settle(page)
    tabs = page.locator(".st-key-play-tabs").first
    page.wait_for_function("() => document.body.classList.contains('moon-why-beside')", timeout=10_000)
    box = page.locator(".st-key-feed-why").first.bounding_box()
    table = page.locator(".st-key-table-main").first.bounding_box()
    feed = page.locator(FEED).first.bounding_box()
    below = tabs.bounding_box()
    assert box and table and feed and below
    shot(page, f"play-why-long-{width}x{height}.png", full_page=True)
    assert box["height"] > height / 2, ("a long explanation", box)
    # In the table's column, right under the table, beside the explanation.
    assert abs(below["x"] - table["x"]) <= 2 and below["x"] + below["width"] <= table["x"] + table["width"] + 2, (below, table)
    assert 0 <= below["y"] - (table["y"] + table["height"]) <= 40, (below, table)
    assert below["y"] < box["y"] + box["height"], (below, box)
    # Closed: below the table and the feed again.
    click(page, page.locator(".st-key-why-close button").first)
    page.wait_for_function("() => !document.body.classList.contains('moon-why-beside')", timeout=10_000)
    feed = page.locator(FEED).first.bounding_box()
    below = tabs.bounding_box()
    assert feed and below and below["y"] >= feed["y"] + feed["height"] - 1, (below, feed)


def test_the_whys_tell_the_keyboard_that_arrows_move_between_them(page: Any, server: str) -> None:
    """The feed's "Why?" are one group, one Tab stop, whose buttons the arrow keys move
    between (walk 3, B8: nothing said so). Every "Why?" is described (``aria-describedby``)
    by a line that says it; that line is hidden until a "Why?" has the keyboard's focus, then
    shown in the feed, in the window; and what it says is so: → moves to the next "Why?",
    Enter opens its explanation."""
    setup, g = _mid_hand()
    open_page(page, _link(server, setup, g))
    step_mode(page)
    whys = page.locator(f"{FEED} .st-key-feed-why-pick button")
    assert whys.count() >= 2, whys.count()
    described = whys.evaluate_all("bs => bs.map(b => { const d = document.getElementById(b.getAttribute('aria-describedby') || '');"
                                  " return d ? d.textContent : null; })")
    assert len(set(described)) == 1 and described[0], described
    said = described[0].strip()
    assert "←" in said and "→" in said and "Enter" in said and "“Why?”" in said, said
    hint = page.locator(f"{FEED} .moon-feed-keys")
    assert not hint.is_visible(), "shown before the keyboard is on a Why?"
    # Tab from the control before the first "Why?" (the page's Tab order).
    whys.first.evaluate("""e => {
      const all = [...document.querySelectorAll('a[href], button, input, select, textarea, summary, [tabindex]')]
        .filter(x => !x.disabled && x.tabIndex >= 0 && x.getClientRects().length > 0);
      all[all.indexOf(e) - 1].focus();
    }""")
    page.keyboard.press("Tab")
    assert whys.first.evaluate("e => document.activeElement === e")
    hint.wait_for(state="visible")
    box = hint.bounding_box()
    assert box is not None and 0 <= box["y"] and box["y"] + box["height"] <= 1000, box
    assert hint.inner_text() == said
    page.keyboard.press("ArrowRight")
    assert whys.nth(1).evaluate("e => document.activeElement === e"), "→ moves to the next Why?"
    assert hint.is_visible()
    moves = feed_moves(page)
    before = page.evaluate("() => window.__moonRuns || 0")
    page.keyboard.press("Enter")
    settle(page, since=before)
    head = page.locator(".st-key-feed-why [data-testid='stMarkdownContainer']").first
    said_move = page.locator(f'{FEED} .moon-feed-line[data-move="{moves[1][0]}-{moves[1][1]}"] strong').first.inner_text()
    assert head.inner_text() == f"Why? {said_move}", (head.inner_text(), said_move)


@pytest.mark.parametrize("size", [(1280, 800), (390, 844)], ids=["1280x800", "390x844"])
def test_an_opened_why_is_in_sight(kept_page: Any, server: str, size: tuple[int, int]) -> None:
    """The explanation a "Why?" of the feed opens is drawn under the whole feed, below the
    fold (walk 2, B4: only the pressed chip changed colour where the learner looked). After the
    first line's "Why?" is pressed, the explanation's first line ("Why? …") is in the window,
    below Streamlit's header and the stuck status strip, nothing drawn over it."""
    width, height = size
    page = kept_page(width, height)
    setup, g = _mid_hand()
    open_page(page, _link(server, setup, g))
    step_mode(page)
    click(page, page.locator(f"{FEED} .st-key-feed-why-pick button").first)
    head = page.locator(".st-key-feed-why [data-testid='stMarkdownContainer']").first
    head.wait_for()
    assert head.inner_text().startswith("Why? "), head.inner_text()
    seen = """(e) => {
      const r = e.getBoundingClientRect();
      const at = document.elementFromPoint(r.left + Math.min(20, r.width / 2), r.top + Math.min(8, r.height / 2));
      return r.top >= 0 && r.bottom <= window.innerHeight && at !== null && e.contains(at);
    }"""
    for _ in range(40):  # the page's script scrolls once the run has settled
        if head.evaluate(seen):
            break
        page.wait_for_timeout(50)
    shot(page, f"play-why-open-{width}x{height}.png")
    assert head.evaluate(seen), (size, head.bounding_box())


def test_table_wording(page: Any, server: str) -> None:
    """"You lead" (not "You leads"); a 4-player hand's end says what the team took and what
    the bidder took."""
    setup, g = _basic_game(3, 4, lambda g: g.hand_finished)
    while g.bidder is None or g.tricks_won[g.bidder] == g.results[-1].side_tricks[g.bidder % 2]:
        setup, g = _basic_game(setup.deal + 1, 4, lambda g: g.hand_finished)
    open_page(page, _link(server, setup, g))
    text = page.locator(".st-key-hand-summary").first.inner_text()
    bidder = g.bidder
    team = g.results[-1].side_tricks[bidder % 2]
    assert f"team took {team} tricks" in text and f"took {g.tricks_won[bidder]})" in text, text
    setup, g = _basic_game(2, 3, lambda g: g.hand_finished or (g.phase == "playing" and g.to_act == 0
                                                              and not g.view(0).current_trick))
    assert not g.hand_finished
    open_page(page, _link(server, setup, g))
    cell = page.locator(".moon-trick-cell", has_text="You").first.inner_text()
    assert "lead" in cell and "leads" not in cell, cell


def _decisions(setup: PlaySetup, g: Game) -> dict[int, Any]:
    """The basic players' decisions of ``g``'s hand, by their index in its history (the
    Play page's players: seeded by the deal and the seat)."""
    bots = [make_bot("basic", seed=bot_seed(setup.deal, s)) for s in range(setup.rules.players)]
    replay = Game.new(setup.rules, setup.deal)
    out = {}
    for i, (seat, action) in enumerate(g.history):
        out[i] = bots[seat].decide(replay.view(seat))
        assert out[i].action == action
        replay.apply(action)
    return out


def test_a_computer_play_is_said_by_what_the_tile_does_until_the_hand_is_over(page: Any, server: str) -> None:
    """During the hand the feed says what each computer tile does ("I follow fives low with
    5-1; 5-5 is winning so far."), a lead's purpose waits for the end of the hand, and its
    "Why?" opens no numbers; once the hand is over every reason is said in full, with its
    numbers."""
    from engine.players.reasons import LATER
    from tutorial.services.describe import NUMBERS_AFTER_HAND

    setup, g = _mid_hand()
    plays = {i: d for i, d in _decisions(setup, g).items() if d.action.kind == "play"}
    assert plays, "a computer has played in the first trick"
    open_page(page, _link(server, setup, g))
    step_mode(page)
    feed = _feed_text(page)
    for d in plays.values():
        said = d.at_table().explanation.reason
        assert said in feed, (said, feed)
        assert d.explanation.reason not in feed, (d.explanation.reason, feed)
    first = min(plays)  # the lead: what it is, and why only if the table can see it
    lead = plays[first].at_table().explanation.reason
    assert LATER in lead or lead.endswith("so it takes this trick."), lead
    click(page, why_button(page, 1, first))
    box = page.locator(".st-key-feed-why").first.inner_text()
    assert NUMBERS_AFTER_HAND in box, box
    assert page.locator('[class*="st-key-why-"][class*="-details"]').count() == 0, "no numbers during the hand"
    # The hand over: the last trick's reasons in full, with their numbers.
    setup, done = _basic_game(1, 3, lambda game: game.hand_finished)
    last = {i: d for i, d in _decisions(setup, done).items() if d.action.kind == "play" and i >= len(done.history) - 3
            and done.history[i][0] != 0}
    open_page(page, _link(server, setup, done))
    feed = _feed_text(page)
    for d in last.values():
        assert d.explanation.reason in feed, (d.explanation.reason, feed)
    index = max(last)
    click(page, why_button(page, 1, index))
    box = page.locator(".st-key-feed-why").first.inner_text()
    assert NUMBERS_AFTER_HAND not in box
    assert page.locator('[class*="st-key-why-"][class*="-details"]').count() == 1, box


def _forced_follow_at_learners_turn() -> tuple[PlaySetup, Game, str, Tile]:
    """A basic game stopped at the learner's turn in the play, where a computer seat has
    just followed the suit led with its only tile of that suit, under a tile of the suit:
    its table reason, and the tile."""
    from engine.players.reasons import table_play_reason

    for deal in range(1, 200):
        setup = PlaySetup(RuleSet(players=3), deal, 0, "basic")
        g = Game.new(setup.rules, deal)
        bots = [make_bot("basic", seed=bot_seed(deal, s)) for s in range(3)]
        forced: list[tuple[str, Tile]] = []
        while not g.hand_finished:
            seat = g.to_act
            assert seat is not None
            if seat == 0 and g.phase == "playing" and forced:
                return setup, g, *forced[-1]
            view = g.view(seat)
            a = bots[seat].decide(view).action
            tile = a.value
            if not view.current_trick:
                forced = []
            if seat != 0 and a.kind == "play" and isinstance(tile, Tile) and view.current_trick and len(view.hand) > 1:
                trump = view.trump
                assert trump is not None
                suit = trump.suit_led(view.current_trick[0])
                said = table_play_reason(view, tile)
                alone = not [t for t in view.hand if t != tile and trump.follows(t, suit)]
                if alone and trump.follows(tile, suit) and said.startswith("I follow"):
                    forced.append((said, tile))
            g.apply(a)
    raise AssertionError("no forced follow before the learner's turn")


def test_a_forced_follow_is_not_said_low(page: Any, server: str) -> None:
    """A computer that follows with its only tile of the suit led did not choose to play
    low: the feed says "I follow fours with 4-1; ...", not "I follow fours low with 4-1",
    and does not tell the table it was the seat's only four."""
    setup, g, said, tile = _forced_follow_at_learners_turn()
    assert " low " not in said and " only " not in said, said
    open_page(page, _link(server, setup, g))
    step_mode(page)
    feed = _feed_text(page)
    shot(page.locator(FEED).first, "play-forced-follow-feed.png")
    assert said in feed, (said, feed)
    assert f"low with {tile}" not in feed, feed


def test_a_computers_moon_says_how_likely_what_it_wins_and_what_a_set_costs(page: Any, server: str) -> None:
    """Deal 3 with strong players: Seat 1 shoots the moon. Its reason says in words how
    likely all seven tricks are, that a made moon wins the game, and what a set costs; the
    words are those of the band of the plain chance its details show first once the hand is
    over ("I make it in 71% of 48 simulated deals" is "likely", 40% to 59% "about an even
    chance", 25% to 39% "might"), never "likely" for a 21 made in about a quarter of the deals
    (walk 35, finding 1)."""
    from engine import Action
    from engine.words import chance_band

    deal = 3
    setup = PlaySetup(RuleSet(players=3), deal, 0, "strong")
    g = Game.new(setup.rules, deal)
    bots = [make_bot("strong", seed=bot_seed(deal, s)) for s in range(3)]
    said = details = ""
    while g.phase == "bidding":
        seat = g.to_act
        assert seat is not None
        if seat == 0:
            g.apply(Action("pass") if Action("pass") in g.legal_actions() else g.legal_actions()[0])
            continue
        d = bots[seat].decide(g.view(seat))
        if d.action == Action.parse("bid 21"):
            said, details = d.at_table().explanation.reason, d.at_table().explanation.summary
        g.apply(d.action)
    assert "a made moon wins the game, and a set costs me 21 points" in said, said
    plain = re.match(r"I shoot the moon: I make it in (\d+)% of", details)
    assert plain is not None, details
    band = {"should": "should take", "likely": "is likely to take", "even": "has about an even chance to take",
            "might": "might take",
            "outside": "has only an outside chance to take"}[chance_band(int(plain.group(1)) / 100)]
    assert f"I shoot the moon: my hand {band} all seven tricks" in said, (said, details)
    open_page(page, _link(server, setup, g))
    step_mode(page)
    feed = _feed_text(page)
    assert "Seat 1 shoots the moon" in feed and said in feed, (said, feed)
    for width, height in ((1280, 800), (390, 844)):
        page.set_viewport_size({"width": width, "height": height})
        shot(page.locator(FEED).first, f"play-moon-feed-{width}.png")


def test_trick_row_shows_the_tiles_in_play_order(page: Any, server: str) -> None:
    """The current trick reads left to right in the order it was played, the leader first,
    whoever led (the seats' places around the table do not reorder it)."""
    for players, wanted in ((3, 2), (4, 3)):
        def my_turn_after(g: Game, wanted: int = wanted) -> bool:
            return g.hand_finished or (g.phase == "playing" and g.to_act == 0 and len(g.view(0).current_trick) == wanted)

        setup, g = next(x for deal in range(1, 200) if not (x := _basic_game(deal, players, my_turn_after))[1].hand_finished)
        view = g.view(0)
        assert view.leader is not None and view.leader != 0
        open_page(page, _link(server, setup, g))
        cells = page.locator(".moon-trick .moon-trick-cell")
        assert cells.count() == players
        shown = sorted((cells.nth(i).bounding_box()["x"], cells.nth(i).locator(".moon-cap").inner_text())
                       for i in range(players))
        names = [cap.split(" ")[0] if cap.startswith("You") else " ".join(cap.split(" ")[:2]) for _, cap in shown]
        order = [(view.leader + k) % players for k in range(players)]
        expected = ["You" if s == 0 else f"Seat {s}" for s in order]
        assert names == expected, (players, shown)
        assert "led" in shown[0][1], shown
        tiles = [cells.nth(i).locator("svg").count() for i in range(players)]
        assert sorted(tiles, reverse=True) == tiles, tiles


def _moon_by_seat_1(players: int) -> tuple[PlaySetup, Game]:
    """A game ended by a made moon: Seat 1 bids 21, the others pass, every seat then plays as
    the basic player."""
    for deal in range(1, 400):
        setup = PlaySetup(RuleSet(players=players), deal, 0, "basic")
        g = Game.new(setup.rules, deal)
        bots = [make_bot("basic", seed=bot_seed(deal, s)) for s in range(players)]
        while g.phase == "bidding":
            g.apply("bid 21" if g.to_act == 1 else "pass")
        while not g.hand_finished:
            seat = g.to_act
            assert seat is not None
            g.apply(bots[seat].decide(g.view(seat)).action)
        if g.results[-1].moon_won_game:
            return setup, g
    raise AssertionError("no deal where Seat 1 makes the moon")


def test_game_over_on_a_made_moon_says_so(page: Any, server: str) -> None:
    """A game ended by a made moon says that the moon won it (not only "Seat 1 won", which
    reads wrong when Seat 1's score is far from the target)."""
    for players, who in ((3, "Seat 1"), (4, "Seat 1")):
        setup, g = _moon_by_seat_1(players)
        assert g.phase == "game_over"
        open_page(page, _link(server, setup, g))
        text = page.locator(".st-key-hand-summary").first.inner_text()
        assert f"Game over: {who} shot the moon and made it" in text and "wins the game at once" in text, text
        if players == 4:
            assert "for their team" in text, text


def test_a_move_the_computer_would_not_make_still_gets_a_reason(page: Any, server: str) -> None:
    """A link whose computer moves are not the computer player's own (every seat plays its
    first legal move): each such move in the feed, and its "Why?", says that it came with the
    link and what the tile does, instead of nothing ("No explanation is available")."""
    setup = PlaySetup(RuleSet(players=3), 6, 0, "basic")
    g = Game.new(setup.rules, setup.deal)
    while g.phase == "bidding":
        g.apply("bid 4" if g.to_act == 1 else "pass")
    while not (g.phase == "playing" and g.to_act == 0 and len(g.view(0).current_trick) == 2):
        g.apply(g.legal_actions()[0])
    open_page(page, _link(server, setup, g))
    feed = _feed_text(page)
    assert "This move came with the link" in feed, feed
    played = re.findall(r"Seat \d plays \d-\d\.([^\n]*)", feed)
    assert played and all(r.strip() for r in played), feed
    assert re.search(r"\d-\d (?:leads|follows|cannot follow) ", feed), feed
    keys = feed_moves(page)
    boxes = []
    for key in keys:
        click(page, why_button(page, *key))
        boxes.append(page.locator(".st-key-feed-why").first.inner_text())
    assert not [b for b in boxes if "No explanation is available" in b], boxes
    assert [b for b in boxes if "This move came with the link" in b], boxes


# -- the table in every phase on a phone, the completed trick, the hand in the auction -----------
def _learner_bids_4(g: Game) -> None:
    """The auction of ``g`` to its end: the learner (seat 0) bids 4, the others pass."""
    while g.phase == "bidding":
        g.apply("bid 4" if g.to_act == 0 else "pass")


def _phases(players: int) -> list[tuple[str, PlaySetup, Game]]:
    """The learner's turns of every phase, with ``players`` players: the bid, the discard (three
    players: the widow), naming trump, the lead with a full hand, a follow with tiles that
    cannot be played (a "Why not?" under the title) with seven and with six tiles, and the lead
    after a completed trick (which stays on the table)."""
    def to(stop: Any, *, bids: bool = False, moon: bool = False, deal: int = 1) -> tuple[PlaySetup, Game]:
        for d in range(deal, deal + 300):
            setup = PlaySetup(RuleSet(players=players), d, 0, "basic")
            g = Game.new(setup.rules, d)
            bots = [make_bot("basic", seed=bot_seed(d, s)) for s in range(players)]
            if moon:  # the learner shoots the moon before the last seat has called
                while g.phase == "bidding" and g.to_act != 0:
                    g.apply("pass")
                if len(g.bids) == players - 1:
                    continue
                g.apply("bid 21")
            if bids:
                _learner_bids_4(g)
            while not g.hand_finished and not stop(g):
                seat = g.to_act
                assert seat is not None
                g.apply(bots[seat].decide(g.view(seat)).action)
            if not g.hand_finished:
                return setup, g
        raise AssertionError(f"no deal for {stop}")

    def follow(n: int) -> Any:
        def stop(g: Game) -> bool:
            v = g.view(0)
            if not (g.phase == "playing" and g.to_act == 0 and v.current_trick and len(v.hand) == n):
                return False
            legal = {a.value for a in g.legal_actions()}
            return any(t not in legal for t in v.hand)
        return stop

    cases = [("bid", *to(lambda g: g.to_act == 0))]
    if players == 3:  # the walk's: the learner shoots the moon, a seat after it never calls
        cases.append(("discard", *to(lambda g: g.phase == "discard", moon=True)))
    cases += [
        ("trump", *to(lambda g: g.phase == "trump", bids=True)),
        ("lead", *to(lambda g: g.phase == "playing", bids=True)),
        ("follow 7", *to(follow(7))),
        ("follow 6", *to(follow(6))),
        ("completed trick", *to(lambda g: g.phase == "playing" and g.to_act == 0 and not g.view(0).current_trick
                                and bool(g.view(0).tricks))),
    ]
    return cases


@pytest.mark.parametrize("players", [3, 4])
def test_phone_shows_status_trick_and_whole_hand_in_every_phase(kept_page: Any, server: str, players: int) -> None:
    """On a phone (390×844, touch), in every phase of the learner's turn (bid, widow, trump, a
    lead, a follow with "Why not?" and seven or six tiles, the lead after a completed trick):
    the status strip, the trick and the whole hand with its buttons in the window together,
    one below the other, and no empty band between Streamlit's header and the page's title.
    The auction says who bids first; after the learner's 21 (three players) the seat that never
    called is said not to bid, with the reason (Rules §4.5). Once the computer has moved, its
    latest move and that move's one-line reason are in the window too, under the trick (the
    feed of its moves is below the hand, out of the window)."""
    from tutorial.services.describe import describe_action

    width, height = 390, 844
    page = kept_page(width, height)
    for label, setup, g in _phases(players):
        open_page(page, _link(server, setup, g))
        title = page.locator(".st-key-play-top h1").first.bounding_box()
        assert title is not None and title["y"] < 80, (label, "a band above the title", title)
        shot(page, f"play-phone-{players}p-{label.replace(' ', '-')}.png")
        _in_view(page, width, height, f"{players} players, {label}")
        moved = [(s, a) for s, a in g.view(0).actions if s != 0]
        latest = page.locator(".moon-latest")
        if moved:
            said = describe_action(*moved[-1], you=0, players=players)
            line = latest.first.inner_text()
            assert line.startswith(f"{said}.") and len(line) > len(said) + 10, (label, said, line)
            box = latest.first.bounding_box()
            assert box is not None and 0 <= box["y"] and box["y"] + box["height"] <= height, (label, box)
        else:
            assert latest.count() == 0, (label, latest.first.inner_text())
        if label in ("bid", "discard", "trump"):
            first = g.first_bidder
            seat = f"Seat {first}" + (" (partner)" if players == 4 and first == 2 else "")
            who = "You bid" if first == 0 else f"{seat} bids" if label == "bid" else f"{seat} bid"
            text = _middle(page)[0]
            assert f"{who} first" in text, (label, text)
            silent = [s for s in range(players) if s not in {b[0] for b in g.bids}]
            if label == "discard":
                assert silent, g.bids
                names = " and ".join(f"Seat {s}" for s in sorted(silent, key=lambda s: (s - first) % players))
                verb = "does" if len(silent) == 1 else "do"
                assert f"{names} {verb} not bid: a 21 ends the bidding" in text, text
            else:
                assert "a 21 ends the bidding" not in text, text


def _learner_completes_a_trick(*, learner_wins: bool) -> tuple[PlaySetup, Game, Tile, int]:
    """A basic 3-player game at the learner's turn to play the last tile of a trick (after the
    first), the tile the basic player would play there, and the seat that takes the trick with
    it: the learner when ``learner_wins``, else a computer player."""
    from engine import trick_winner

    for deal in range(1, 300):
        setup = PlaySetup(RuleSet(players=3), deal, 0, "basic")
        g = Game.new(setup.rules, deal)
        bots = [make_bot("basic", seed=bot_seed(deal, s)) for s in range(3)]
        while not g.hand_finished:
            seat = g.to_act
            assert seat is not None
            view = g.view(seat)
            action = bots[seat].decide(view).action
            if seat == 0 and g.phase == "playing" and len(view.current_trick) == 2 and view.tricks:
                tile = action.value
                assert isinstance(tile, Tile) and view.trump is not None and view.leader is not None
                winner = (view.leader + trick_winner([*view.current_trick, tile], view.trump)) % 3
                if (winner == 0) == learner_wins:
                    return setup, g, tile, winner
            g.apply(action)
    raise AssertionError("no such deal")


def _middle(page: Any) -> tuple[str, int]:
    """The trick area's text and the number of tiles drawn in it."""
    middle = page.locator(".moon-middle").first
    return middle.inner_text(), middle.locator("svg.moon-tile").count()


def test_a_completed_trick_stays_on_the_table_until_the_next_lead(page: Any, server: str) -> None:
    """The learner's tile completes a trick: the trick area shows its three tiles, who took it
    and why (not the next trick's empty places), until the next lead: the learner's own lead,
    or in "Press Next" mode the computer's after Next; in automatic mode the completed trick
    is drawn before the computer leads. The learner's seat reads "You (Seat 0)" where the table
    lists seats (the trick's places, the tricks per seat)."""
    from engine import explain_winner

    # The learner takes the trick and leads next: the trick stays until the learner leads.
    setup, g, tile, _ = _learner_completes_a_trick(learner_wins=True)
    number = len(g.view(0).tricks) + 1
    open_page(page, _link(server, setup, g))
    step_mode(page)  # the computer players wait after the learner's lead: the new trick is seen
    click(page, page.locator(f".st-key-hand-btn-{tile.high}{tile.low} button").first)
    text, tiles = _middle(page)
    trick = (*g.view(0).current_trick, tile)
    assert f"Trick {number} of 7: You took it" in text and tiles == 3, text
    assert explain_winner(trick, g.trump).text in text, text
    you = page.locator(".moon-trick-cell", has_text="You").first.inner_text()
    assert "took it" in you and "lead" in you and "leads" not in you, you
    assert you.startswith("You (Seat 0)"), you
    assert "You (Seat 0):" in page.locator(".st-key-table-status").first.inner_text()
    lead = page.locator("[class*='st-key-hand-btn-'] button:enabled").first
    click(page, lead)
    text, tiles = _middle(page)
    assert f"Trick {number + 1} of 7" in text and tiles == 1, text
    assert f"Last trick ({number}): won by You" in page.locator(".st-key-table-trick").first.inner_text()

    # A computer takes it: in "Press Next" mode the trick stays until Next.
    setup, g, tile, winner = _learner_completes_a_trick(learner_wins=False)
    number = len(g.view(0).tricks) + 1
    open_page(page, _link(server, setup, g))
    step_mode(page)
    click(page, page.locator(f".st-key-hand-btn-{tile.high}{tile.low} button").first)
    text, tiles = _middle(page)
    assert f"Trick {number} of 7: Seat {winner} took it" in text and tiles == 3, text
    click_key(page, "next-move")
    text, tiles = _middle(page)
    assert "took it" not in text and tiles == 1, text

    # Automatic mode (the default, short pause): the completed trick is drawn before the lead.
    open_page(page, _link(server, setup, g))
    page.evaluate("""() => { window.__moonMiddles = [];
        new MutationObserver(() => { const m = document.querySelector('.moon-middle');
            if (m) window.__moonMiddles.push([m.innerText, m.querySelectorAll('svg.moon-tile').length]); })
          .observe(document.querySelector('[data-testid=stMain]'), {subtree: true, childList: true, characterData: true}); }""")
    click(page, page.locator(f".st-key-hand-btn-{tile.high}{tile.low} button").first)
    # The computer players' moves follow (the lead, the next seat's tile), up to the learner's turn.
    page.wait_for_function(f"() => document.querySelectorAll('.moon-middle svg.moon-tile').length === 2 && "
                           f"document.querySelector('.moon-middle').innerText.includes('Trick {number + 1} of 7')",
                           timeout=30_000, polling=50)
    seen = page.evaluate("() => window.__moonMiddles")
    assert [m for m in seen if f"Seat {winner} took it" in m[0] and m[1] == 3], seen[-5:]


@pytest.mark.parametrize("size", [(1280, 800), (390, 844)], ids=["1280x800", "390x844"])
def test_the_hand_in_the_auction_reads_as_in_the_play(kept_page: Any, server: str, size: tuple[int, int]) -> None:
    """While bidding (and while the computer players bid) the learner's hand is drawn as large
    as in the play, each tile's name right under it where the play puts its button ("2-2", not
    a small picture of pips to count)."""
    width, height = size
    page = kept_page(width, height)

    def tiles() -> list[dict[str, float]]:
        loc = page.locator(".st-key-table-hand svg.moon-tile")
        return [loc.nth(i).bounding_box() for i in range(loc.count())]

    def named(label: str, hand: list[str]) -> None:
        shown = tiles()
        assert len(shown) == len(hand), (label, shown)
        assert {round(b["width"]) for b in shown} == {round(in_play[0]["width"])}, (label, shown, in_play[0])
        names = page.locator(".st-key-table-hand .moon-hand-names .moon-cap")
        assert names.all_inner_texts() == hand, (label, names.all_inner_texts(), hand)
        for tile, name in zip(shown, (names.nth(i).bounding_box() for i in range(names.count())), strict=True):
            middle = name["x"] + name["width"] / 2
            assert tile["x"] <= middle <= tile["x"] + tile["width"], (label, tile, name)
            assert 0 <= name["y"] - (tile["y"] + tile["height"]) <= 12, (label, tile, name)
        shot(page, f"play-bidding-hand-{label.replace(' ', '-')}-{width}x{height}.png")

    setup, g = _basic_game(2, 3, lambda g: g.hand_finished or (g.to_act == 0 and g.phase == "playing"))
    assert not g.hand_finished
    open_page(page, _link(server, setup, g))
    in_play = tiles()
    assert in_play and page.locator(".st-key-table-hand [class*='st-key-hand-btn-'] button:visible").count() == len(in_play)
    setup, g = _basic_game(2, 3, lambda g: g.to_act == 0)
    assert g.phase == "bidding"
    open_page(page, _link(server, setup, g))
    hand = [str(t) for t in g.view(0).hand]
    named("your bid", hand)
    step_mode(page)  # the computer players bid when Next is pressed: their turn stays on screen
    click_key(page, "bid-pass")
    assert page.locator(".st-key-next-move").count() == 1
    named("their bids", hand)


def test_play_better_four_player_positions_say_your_seat_and_your_partner(page: Any, server: str) -> None:
    """Every four-player Play better stage (its positions on Learn, and its drill) says which
    seat the learner holds and who the partner is, as the Play table's seat choice does."""
    from lessons import load_course
    from lessons.strategy.drill import drill_of

    course = load_course()
    stages = [s for s in course.stages if s.part == "play-better" and s.levels[0].position.players == 4]
    assert len(stages) >= 3, [s.id for s in stages]
    for stage in stages:
        level = stage.levels[-1]
        you = level.position.to_play
        open_page(page, f"{server}/learn?level={level.id}")
        said = " ".join(page.locator(".st-key-learn-level-box").first.inner_text().split())
        assert f"You are Seat {you}; your partner is Seat {(you + 2) % 4}." in said, (stage.id, said)
    drill = drill_of(course.stage("pb-partners"))
    level = course.level(drill.level)
    open_page(page, f"{server}/learn?level={level.id}")
    best = str(level.answer())
    click(page, page.locator(f".st-key-lv-{level.id}-tiles-btn-{best.replace('-', '')} button:visible").first)
    click_key(page, "drill-start")
    said = " ".join(page.locator(".st-key-learn-drill").first.inner_text().split())
    assert f"You are Seat {drill.seat}; your partner is Seat {(drill.seat + 2) % 4}." in said, said


@pytest.mark.parametrize("players", [3, 4])
def test_phone_hand_of_seven_is_one_row_of_tappable_buttons(kept_page: Any, server: str, players: int) -> None:
    """The walk (390×844): the 7th tile of the hand wrapped to a row of its own. A hand of seven
    (a lead with three players, after the widow; a follow with four) is one row: every tile and
    its button on one line, each button at least 40 px wide (a finger's target), and seven
    buttons as wide as the widest of these ("Play ★ 4-2": seven trumps) fit the hand's width."""
    width, height = 390, 844
    page = kept_page(width, height)
    label, setup, g = next(c for c in _phases(players) if c[0] == ("lead" if players == 3 else "follow 7"))
    assert len(g.view(0).hand) == 7
    open_page(page, _link(server, setup, g))
    shot(page, f"play-phone-{players}p-seven.png")
    tiles = page.locator(".st-key-table-hand [class*=\"-tile-\"] svg.moon-tile:visible")
    buttons = page.locator(".st-key-table-hand [class*=\"-btn-\"] button:visible")
    buttons.nth(6).wait_for()  # the hand's buttons come once the computer players have moved
    assert tiles.count() == 7 and buttons.count() == 7, (tiles.count(), buttons.count())
    for loc in (tiles, buttons):
        boxes = [loc.nth(i).bounding_box() for i in range(7)]
        assert len({round(b["y"]) for b in boxes}) == 1, (label, boxes)
        assert all(b["x"] + b["width"] <= width for b in boxes), (label, boxes)
    widths = [buttons.nth(i).bounding_box()["width"] for i in range(7)]
    assert min(widths) >= 40, widths
    hand = page.locator(".st-key-table-hand").first
    room = hand.evaluate("e => e.getBoundingClientRect().width")
    gap = hand.evaluate("e => parseFloat(getComputedStyle(e).columnGap)")
    widest = buttons.evaluate_all("""bs => Math.max(...bs.map(b => {
        const c = b.cloneNode(true); c.querySelector('p').textContent = 'Play ★ 4-2';
        c.style.position = 'absolute'; b.parentElement.appendChild(c);
        const w = c.getBoundingClientRect().width; c.remove(); return w; }))""")
    assert 7 * widest + 6 * gap <= room, (widest, gap, room)


def _moon_before_the_learner(players: int) -> tuple[PlaySetup, Game, int]:
    """The walk: the first computer seat to call shoots the moon before the learner (seat 0)
    has called, the auction closes (Rules §4.5), every seat then plays as the basic player
    until the learner's first turn in trick 1; with the seat that shot the moon."""
    for deal in range(1, 100):
        setup = PlaySetup(RuleSet(players=players), deal, 0, "basic")
        g = Game.new(setup.rules, deal)
        if g.first_bidder == 0:
            continue
        mooner = g.first_bidder
        g.apply("bid 21")
        bots = [make_bot("basic", seed=bot_seed(deal, s)) for s in range(players)]
        while not (g.phase == "playing" and g.to_act == 0):
            seat = g.to_act
            assert seat is not None
            g.apply(bots[seat].decide(g.view(seat)).action)
        assert not g.view(0).tricks
        return setup, g, mooner
    raise AssertionError("no deal where a computer seat bids first")


@pytest.mark.parametrize("players", [3, 4])
def test_a_moon_before_your_turn_says_you_do_not_bid(kept_page: Any, server: str, players: int) -> None:
    """The walk: a computer seat shoots the moon, the learner's turn to bid never comes, and the
    next thing they saw was "your play" with trump named, with no word why. In trick 1 the
    table (on a desktop and on a phone, in the window) and the feed, right under the moon's
    line, say that a 21 ends the bidding and who never bids (Rules §4.5), the learner
    among them."""
    setup, g, mooner = _moon_before_the_learner(players)
    silent = [s for s in ((mooner + k) % players for k in range(1, players)) if s not in {b[0] for b in g.bids}]
    assert 0 in silent, g.bids
    names = " and ".join("you" if s == 0 else f"Seat {s}" + (" (partner)" if players == 4 and s == 2 else "")
                         for s in silent)
    who = f"Seat {mooner}" + (" (partner)" if players == 4 and mooner == 2 else "")
    said = f"{who} shot the moon: a 21 ends the bidding, so {names} do not bid this hand."
    page = kept_page(1280, 800)
    open_page(page, _link(server, setup, g))
    text = _middle(page)[0]
    assert said in text, text
    feed = " ".join(_feed_text(page).split())
    assert f"{who} shoots the moon (bid 21)." in feed and said in feed, feed
    after = feed[feed.index(f"{who} shoots the moon (bid 21)."):]
    assert after.index(said) < after.index(f"{who} names"), feed  # right under the moon's line
    shot(page, f"play-moon-note-{players}p.png")
    phone = kept_page(390, 844, "phone")
    open_page(phone, _link(server, setup, g))
    note = phone.locator(".moon-middle").get_by_text(said)
    box = note.bounding_box()
    assert box is not None and 0 <= box["y"] and box["y"] + box["height"] <= 844, box
    shot(phone, f"play-moon-note-{players}p-phone.png")
