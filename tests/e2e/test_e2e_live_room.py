"""Browser tests of what the projector and the phones show in a live class (issue 36, the
teacher's walk of session 29): "End" asks in the live panel with "Yes, end the class" whole at
1920×1080, 1280×720 and 1024×768; while a question is open the room sees only how many answered
(no count per answer on the page nor in what the presenter's page receives), the spread comes at
the reveal, its rows in projector type; the results shown on the class summary stay on the
summary (the panel names nobody); the join screen tells the teacher, in a small line, that phones
cannot open a localhost address and how to fix it; on the phone nothing covers anything else
after "Join". Screenshots go to artifacts/screenshots/room-*.png (with MOON_SCREENSHOTS=1)."""

from __future__ import annotations

import re
from typing import Any

from moon_browser import (
    click,
    click_key,
    click_when_busy,
    open_presenter,
    runs,
    settle,
    shot,
    sized_context,
    stage,
    start_live,
    wait_for,
)

#: Deal 12 at move 12, basic computer: Seat 1 to play, its whole hand offered on the phones.
PRESENT = "/presenter?deal=12&computer=basic&move=12"

#: Whether the element ``sel`` is seen whole: inside the window, and the element at each of nine
#: points of it is that element or inside it (nothing covers or clips it).
_WHOLE = """(sel) => { const e = document.querySelector(sel);
  if (!e || !e.checkVisibility()) return {found: false};
  const r = e.getBoundingClientRect(), bad = [];
  for (const fx of [0.08, 0.5, 0.92]) for (const fy of [0.15, 0.5, 0.85]) {
    const x = r.left + fx * r.width, y = r.top + fy * r.height;
    const hit = x >= 0 && y >= 0 && x < innerWidth && y < innerHeight ? document.elementFromPoint(x, y) : null;
    if (!hit || !e.contains(hit)) bad.push([fx, fy, hit ? hit.className || hit.tagName : null]); }
  return {found: true, bad, box: [r.left, r.top, r.right, r.bottom]}; }"""


def press(page: Any, key: str) -> None:
    before = runs(page)
    page.keyboard.press(key)
    settle(page, since=before)


def test_the_end_confirmation_fits_the_live_panel(kept_page: Any, server: str) -> None:
    """A live class with its answer revealed (deal 12, move 5, strong: the reason, the plays as
    good and the worse line under the panel), then "End", at 1920×1080, 1280×720 and 1024×768
    (the same class's page, resized): the question and both its buttons are seen whole, inside
    the panel and the window, nothing covering them; "Cancel" brings the chart back."""
    pg = kept_page(1920, 1080)
    open_presenter(pg, server + "/presenter?deal=12&move=5&computer=strong")
    click_key(pg, "pres-ask")
    start_live(pg, close_join=True)
    wait_for(pg, ".live-chart", 30)
    press(pg, "ArrowRight")
    wait_for(pg, ".live-chart[data-revealed='1']", 30)
    for width, height in ((1920, 1080), (1280, 720), (1024, 768)):
        pg.set_viewport_size({"width": width, "height": height})
        click(pg, pg.locator(".st-key-live-end button").first)
        wait_for(pg, ".st-key-live-end-yes button", 30)
        for sel in (".st-key-live-end-yes button", ".st-key-live-end-no button", ".st-key-live-panel .live-end-ask"):
            seen = pg.evaluate(_WHOLE, sel)
            assert seen["found"] and not seen["bad"], (width, sel, seen)
        panel = pg.evaluate("() => { const r = document.querySelector('.st-key-live-panel').getBoundingClientRect();"
                            " return [r.left, r.top, r.right, r.bottom]; }")
        yes = pg.evaluate(_WHOLE, ".st-key-live-end-yes button")["box"]
        assert panel[0] <= yes[0] and yes[2] <= panel[2] and panel[1] <= yes[1] and yes[3] <= panel[3], (panel, yes)
        shot(pg, f"room-end-confirm-{width}x{height}.png")
        click(pg, pg.locator(".st-key-live-end-no button").first)
        wait_for(pg, ".live-chart[data-revealed='1']", 30)
        assert pg.locator(".st-key-live-end-yes").count() == 0


def test_a_click_on_a_busy_page_counts_once(kept_page: Any, server: str) -> None:
    """The CI failure of session 33: on a loaded machine the panel's timer (it is drawn again
    every second) sent its run request, the click's trigger in it, just before the click's own
    request, and "Cancel" (or "End", "Join screen") acted twice: the confirmation stayed. Each
    click here comes on a busy page (:func:`moon_browser.click_when_busy`) and acts once: "End"
    asks, "Cancel" brings the revealed chart back, "Join screen" opens it and its "Close"
    closes it, each still so after the panel is drawn again three times; beside it, "Show the
    numbers" shows them, and "Forward" and "Back" step one move each, five times over."""
    pg = kept_page(1280, 720)
    open_presenter(pg, server + "/presenter?deal=12&move=5&computer=strong")
    click_key(pg, "pres-ask")
    start_live(pg, close_join=True)
    wait_for(pg, ".live-chart", 30)
    press(pg, "ArrowRight")
    wait_for(pg, ".live-chart[data-revealed='1']", 30)
    for _ in range(2):
        click_when_busy(pg, ".st-key-live-end button", after=3)
        assert pg.locator(".st-key-live-end-yes button").count() == 1, "End did not ask (its click acted twice?)"
        click_when_busy(pg, ".st-key-live-end-no button", after=3)
        assert pg.locator(".st-key-live-end-yes").count() == 0, "Cancel left the question (its click acted twice?)"
        wait_for(pg, ".live-chart[data-revealed='1']", 30)
    click_when_busy(pg, ".st-key-live-join-open button", after=3)
    assert pg.locator(".live-join-big").count() == 1, "Join screen did not open (its click acted twice?)"
    click_when_busy(pg, ".st-key-live-join-close button", after=3)
    assert pg.locator(".live-join-big").count() == 0, "the join screen stayed (its Close acted twice?)"
    wait_for(pg, ".live-chart[data-revealed='1']", 30)
    # The presenter's own buttons, beside the panel: one click, one step.
    click_when_busy(pg, ".st-key-pres-numbers button", after=3)
    assert "Hide the numbers" in pg.locator(".st-key-pres-numbers button").inner_text()
    # Stepping: the presenter's buttons are outside the panel, but the panel's timer sends
    # their triggers too (less often than the panel's own: 1 click in 10 doubled before).
    move = int(stage(pg))
    for i in range(5):
        click_when_busy(pg, ".st-key-pres-forward button", after=2)
        assert int(stage(pg)) == move + 1, ("Forward stepped twice", i)
        click_when_busy(pg, ".st-key-pres-back button", after=2)
        assert int(stage(pg)) == move, ("Back stepped twice", i)


#: Every box on the phone's page that holds something (the leaves of Streamlit's elements, and
#: its toasts, which float over the page) and the pairs of them that overlap.
_OVERLAPS = """() => {
  const seen = e => e.checkVisibility() && e.getBoundingClientRect().width > 0 && e.getBoundingClientRect().height > 0;
  const main = document.querySelector('[data-testid=stMain]');
  const leaves = [...main.querySelectorAll('.stElementContainer')]
    .filter(e => seen(e) && !e.querySelector('.stElementContainer') && e.innerText.trim());
  const boxes = [...leaves, ...document.querySelectorAll('[data-testid=stToast]')].filter(seen)
    .map(e => { const r = e.getBoundingClientRect();
      return [e.innerText.trim().slice(0, 30), r.left, r.top, r.right, r.bottom]; });
  const out = [];
  for (let i = 0; i < boxes.length; i++) for (let j = i + 1; j < boxes.length; j++) {
    const [a, b] = [boxes[i], boxes[j]];
    if (a[1] < b[3] - 2 && b[1] < a[3] - 2 && a[2] < b[4] - 2 && b[2] < a[4] - 2) out.push([a[0], b[0]]); }
  return {count: boxes.length, out}; }"""


def _right_tile() -> str:
    """The basic computer's tile at deal 12, move 12 (the one right answer there)."""
    from engine import RuleSet
    from tutorial.services.classroom import generate_hand
    from tutorial.services.presenter import build_show

    hand, decisions = generate_hand(RuleSet(), 12, "basic")
    q = build_show(hand, decisions, "basic").question(12)
    assert not q.as_good and q.answer.action.startswith("play ")
    return q.answer.action.removeprefix("play ")


def test_the_room_sees_how_many_answered_then_the_spread_at_the_reveal(browser: Any, kept_page: Any,
                                                                        server: str) -> None:
    """The projector (1920×1080) starts a live class on deal 12, move 12: the join screen says to
    the teacher, in a small line under the code, that phones cannot open this localhost address,
    and how to fix it. A phone (390×844) joins as "Zoé": nothing on its page covers anything
    else. It taps the right tile: until the reveal the panel says "1 of 1 answered" and nothing
    per answer, neither on the page nor in any message the presenter's page received; at the
    reveal every tile's count is there, its rows in projector type. "Show the results to the
    class" names Zoé on the summary; back at the presentation the panel names nobody."""
    right = _right_tile()
    projector = kept_page(1920, 1080)
    frames: list[bytes] = []

    def listen(ws: Any) -> None:
        ws.on("framereceived", lambda payload: frames.append(payload if isinstance(payload, bytes)
                                                             else str(payload).encode()))

    projector.on("websocket", listen)
    open_presenter(projector, server + PRESENT)
    click_key(projector, "pres-ask")
    code = start_live(projector)
    # The teacher is told, on the join screen, in a line far smaller than the code.
    warn = projector.locator(".st-key-live-join-screen .live-warn")
    assert warn.count() == 1, "no warning about the localhost address on the join screen"
    said = warn.inner_text()
    assert "Phones cannot open" in said and "MOON_PUBLIC_URL" in said and "network address" in said, said
    size = "(sel) => parseFloat(getComputedStyle(document.querySelector(sel)).fontSize)"
    small, big = (projector.evaluate(size, sel) for sel in (".st-key-live-join-screen .live-warn",
                                                            ".live-join-big .live-code"))
    assert small <= 0.25 * big and small >= 16, (small, big)
    assert not projector.evaluate(_WHOLE, ".st-key-live-join-screen .live-warn")["bad"]
    shot(projector, "room-join-screen-1920x1080.png")
    click(projector, projector.locator(".st-key-live-join-close button").first)
    wait_for(projector, ".live-chart", 30)

    ctx = sized_context(browser, 390, 844)
    try:
        phone = ctx.new_page()
        phone.set_default_timeout(90_000)
        phone.goto(f"{server}/live?code={code}")
        wait_for(phone, ".st-key-live-name input", 120)
        settle(phone)
        phone.locator(".st-key-live-name input").fill("Zoé")
        click(phone, phone.locator("[data-testid=stFormSubmitButton] button").first)
        wait_for(phone, ".live-who", 60)
        # Looked at for a few seconds after "Join" (a toast would stay about four).
        for _ in range(6):
            found = phone.evaluate(_OVERLAPS)
            assert found["count"] >= 2 and not found["out"], found
            phone.wait_for_timeout(500)
        assert "Zoé" in phone.locator(".live-who").inner_text()
        shot(phone, "room-phone-joined-390x844.png")
        choice = phone.locator("[class*='st-key-live-choice-'] button", has_text=right)
        choice.wait_for(timeout=60_000)
        settle(phone)
        labels = phone.locator("[class*='st-key-live-choice-'] button").all_inner_texts()
        click(phone, choice)
        projector.wait_for_function("() => document.querySelector('.live-chart')?.dataset.answered === '1'",
                                    timeout=30_000)
        settle(projector)
        panel = projector.locator(".st-key-live-panel").inner_text()
        assert "1 of 1 answered" in " ".join(panel.split()), panel
        assert projector.locator(".st-key-live-panel :is(.live-bar, .live-n, .live-lab)").count() == 0
        assert not [t for t in labels if t in panel], (labels, panel)
        sent = b"".join(frames)
        assert sent.count(b"live-chart") >= 1, "no chart reached the presenter's page"
        for leak in (b'class="live-bar', b'data-n="', b'class="live-n"'):
            assert leak not in sent, leak
        shot(projector, "room-asked-1920x1080.png")

        press(projector, "ArrowRight")  # the reveal: the spread of answers
        wait_for(projector, ".live-chart[data-revealed='1']", 30)
        bars = projector.locator(".st-key-live-panel .live-bar")
        counts = {bars.nth(i).locator(".live-lab").inner_text().lstrip("✓ ").strip():
                  int(bars.nth(i).get_attribute("data-n") or -1) for i in range(bars.count())}
        assert counts == {t: int(t == right) for t in labels}, counts
        # The rows read from the back of the room: as large as "Right: 1 of 1" (34 px at 1920 wide).
        rows = projector.evaluate("""() => [...document.querySelectorAll('.st-key-live-panel :is(.live-lab, .live-n)')]
            .map(e => parseFloat(getComputedStyle(e).fontSize))""")
        assert rows and min(rows) >= 34, rows
        assert "Right: 1 of 1" in projector.locator(".st-key-live-panel").inner_text()
        assert "Zoé" not in projector.locator(".st-key-live-panel").inner_text()
        shot(projector, "room-revealed-1920x1080.png")

        click(projector, projector.locator(".st-key-live-summary-open button").first)
        wait_for(projector, ".st-key-live-summary", 30)
        click(projector, projector.locator(".st-key-live-names button").first)
        wait_for(projector, ".live-table[data-name=live-students]", 30)
        assert "Zoé" in projector.locator(".live-table[data-name=live-students]").inner_text()
        click(projector, projector.locator(".st-key-live-summary-close button").first)
        wait_for(projector, ".live-chart[data-revealed='1']", 30)
        settle(projector)
        assert stage(projector) == "12"
        panel = projector.locator(".st-key-live-panel").inner_text()
        assert "Right: 1 of 1" in panel and "Zoé" not in panel, panel
        shot(projector, "room-back-from-summary-1920x1080.png")
    finally:
        ctx.close()


#: "Pick every tile that belongs to the three-player set": 0-0, 3-0, 6-6, 5-0, 2-1 and 6-0 on
#: offer, 0-0, 6-6 and 2-1 the answer (the engine's, read below).
PICK_LEVEL = "tiles-which-stay"


def test_a_pick_every_tile_level_is_toggles_then_send_and_nothing_leaks_before_the_reveal(kept_page: Any,
                                                                                          server: str) -> None:
    """A deck's "pick every tile" level put to a live class (projector 1920×1080, a phone
    390×844): the phone offers one toggle per tile in the table's order (no choice naming
    several tiles, which would be the answer), a second tap unpicks, "Send" sends the set.
    Before the reveal neither the phone's page nor any message its websocket received holds
    the answer, its words or the reason. The projector counts the answer; at the reveal its
    chart has a bar per set (the right one, and the one sent), and the phone says the answer
    as the tiles, with the reason as a list, as the projector shows it."""
    from tutorial.services.decks import Deck, DeckEntry, deck_token
    from tutorial.services.items import course
    from tutorial.services.presenter import answer_words, build_item_show

    level = next(lv for lv in course().levels() if lv.id == PICK_LEVEL)
    tiles = [str(t) for t in level.position.tiles]
    answer = answer_words(level)  # "0-0, 6-6, 2-1"
    assert answer.count(",") >= 1
    sent_set = [t for t in tiles if t in level.answer_json()][:-1]  # one tile short of the answer
    projector = kept_page(1920, 1080)
    deck = Deck(title="Sets", entries=(DeckEntry(kind="level", ref=PICK_LEVEL),))
    open_presenter(projector, server + f"/presenter?deck={deck_token(deck)}&slide=0")
    code = start_live(projector, close_join=True)

    phone = kept_page(390, 844, "pick")
    phone.set_default_timeout(90_000)
    frames: list[bytes] = []
    phone.on("websocket", lambda ws: ws.on("framereceived", lambda payload: frames.append(
        payload if isinstance(payload, bytes) else str(payload).encode())))
    phone.goto(f"{server}/live?code={code}")
    wait_for(phone, ".st-key-live-name input", 120)
    settle(phone)
    phone.locator(".st-key-live-name input").fill("Ana")
    click(phone, phone.locator("[data-testid=stFormSubmitButton] button").first)
    toggles = phone.locator(".st-key-live-picks [data-testid=stCheckbox]")
    toggles.first.wait_for(timeout=60_000)
    settle(phone)
    assert toggles.all_inner_texts() == tiles  # one toggle per tile, in the table's order
    assert phone.locator("[class*='st-key-live-choice-']").count() == 0  # no list of sets to tap
    shot(phone, "room-phone-pick-390x844.png", full_page=True)
    # 3-0 picked then unpicked by a second tap; then the set one short of the answer.
    for t in ["3-0", "3-0", *sent_set]:
        click(phone, toggles.nth(tiles.index(t)).locator("label"))
    checked = phone.locator(".st-key-live-picks input[type=checkbox]").evaluate_all("es => es.map(e => e.checked)")
    assert checked == [t in sent_set for t in tiles], checked
    said = ", ".join(sent_set)
    assert f"Picked: {said}" in phone.locator(".live-picked").inner_text()
    shot(phone, "room-phone-picked-390x844.png", full_page=True)
    click(phone, phone.locator(".st-key-live-send button"))
    wait_for(phone, ".live-sent", 30)
    assert f"Answer received: {said}" in phone.locator(".live-sent").inner_text()
    assert phone.locator(".st-key-live-picks").count() == 0
    projector.wait_for_function("() => document.querySelector('.live-chart')?.dataset.answered === '1'",
                                timeout=30_000)
    settle(phone)
    # Nothing of the answer on the phone, nor in anything it received, before the reveal.
    body = phone.locator("body").inner_text()
    got = b"".join(frames)
    # The reason's words between its tile names (a page draws each tile name in a span of its own).
    reason = build_item_show(level, "level").reason
    words = [max(re.split(r"[0-6]-[0-6]", line), key=len).strip(" .,:") for line in reason.splitlines()]
    words = [w for w in words if len(w) >= 12]
    assert words, reason
    for secret in [answer, "The answer", *words]:
        assert secret not in body, secret
        assert secret.encode() not in got, secret
    assert b'class="live-reason"' not in got and b'live-revealed"' not in got
    assert projector.locator(".st-key-live-panel .live-bar").count() == 0

    press(projector, "ArrowRight")  # the reveal
    wait_for(projector, ".live-chart[data-revealed='1']", 30)
    bars = projector.locator(".st-key-live-panel .live-bar")
    counts = {bars.nth(i).locator(".live-lab").inner_text().lstrip("✓ ").strip():
              int(bars.nth(i).get_attribute("data-n") or -1) for i in range(bars.count())}
    assert counts == {answer: 0, said: 1}, counts
    assert projector.locator(".live-bar.live-right .live-lab").inner_text().lstrip("✓ ").strip() == answer
    shot(projector, "room-pick-revealed-1920x1080.png")
    wait_for(phone, ".live-revealed", 30)
    revealed = phone.locator(".live-revealed")
    assert f"Not this time: you answered {said}." in revealed.inner_text()
    assert f"The answer: {answer}" in revealed.inner_text()
    drawn = revealed.locator(".live-tiles[aria-label='The answer'] svg.moon-tile")
    assert [str(drawn.nth(i).get_attribute("aria-label")).split(" ")[0] for i in range(drawn.count())] == \
        answer.split(", ")
    # The reason as the projector shows it: a list, an item a line.
    items = phone.locator(".live-reason li").all_inner_texts()
    on_projector = projector.locator(".pres-reason li").all_inner_texts()
    assert len(items) >= 2 and items == on_projector, (items, on_projector)
    shot(phone, "room-phone-pick-reveal-390x844.png", full_page=True)


def test_a_pick_every_tile_bar_never_breaks_a_tile_name(page: Any) -> None:
    """A "pick every tile" bar's set of tiles ("2-1, 4-2, 6-2, 6-6"), in a label as narrow as
    at 1024×768, wraps between tiles, never at a tile name's hyphen ("4-" over "2")."""
    from tutorial.components import css
    from tutorial.services.live_html import unbroken_label

    label = unbroken_label("2-1, 4-2, 6-2, 6-6, 3-3")
    page.set_content(f'{css.sheet("live_host")}<div class="live-host"><div class="live-chart" data-pick="1">'
                     f'<div class="live-bar" style="width: 150px"><span class="live-lab">{label}</span>'
                     '<span class="live-track"></span><span class="live-n">1</span></div></div></div>')
    names = page.evaluate("() => [...document.querySelectorAll('.live-tile-name')].map(e => e.getClientRects().length)")
    assert len(names) == 5 and all(n == 1 for n in names), names
    assert page.evaluate("() => document.querySelector('.live-lab').getClientRects()[0].height") > 0
