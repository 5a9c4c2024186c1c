"""Browser tests of what the projector and the phones show in a live class (issue 36, the
teacher's walk of session 29): "End" asks in the live panel with "Yes, end the class" whole at
1920×1080, 1280×720 and 1024×768; while a question is open the room sees only how many answered
(no count per answer on the page nor in what the presenter's page receives), the spread comes at
the reveal, its rows in projector type; the results shown on the class summary stay on the
summary (the panel names nobody); the join screen tells the teacher, in a small line, that phones
cannot open a localhost address and how to fix it; on the phone nothing covers anything else
after "Join". Screenshots go to artifacts/screenshots/room-*.png (with MOON_SCREENSHOTS=1)."""

from __future__ import annotations

from typing import Any

from moon_browser import (
    click,
    click_key,
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
