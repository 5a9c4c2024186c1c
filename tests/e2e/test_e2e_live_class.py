"""Browser tests of the teacher's live class (teacher8's walk, session 33): a move asked again
after its reveal is a new question (the projector's chart starts empty beside the face-down
question, the phones answer again). Screenshots go to artifacts/screenshots/class-*.png (with
MOON_SCREENSHOTS=1)."""

from __future__ import annotations

from typing import Any

from moon_browser import click, click_key, open_presenter, runs, settle, shot, start_live, wait_for

#: Deal 12 at move 12, basic computer: Seat 1 to play, its whole hand offered on the phones.
PRESENT = "/presenter?deal=12&computer=basic&move=12"

_CHART = "() => { const c = document.querySelector('.st-key-live-panel .live-chart'); return c ? " \
         "{revealed: c.dataset.revealed, answered: c.dataset.answered, question: c.dataset.question, " \
         "text: c.innerText} : null }"


def press(page: Any, key: str) -> None:
    before = runs(page)
    page.keyboard.press(key)
    settle(page, since=before)


def _chart(page: Any, revealed: str, answered: str, timeout: float = 30.0) -> dict[str, str]:
    page.wait_for_function(
        "([r, a]) => { const c = document.querySelector('.st-key-live-panel .live-chart');"
        " return c && c.dataset.revealed === r && c.dataset.answered === a }",
        arg=[revealed, answered], timeout=timeout * 1000)
    found = page.evaluate(_CHART)
    assert found is not None
    return dict(found)


def _join(phone: Any, server: str, code: str, name: str) -> None:
    phone.goto(f"{server}/live?code={code}")
    wait_for(phone, ".st-key-live-name input", 120)
    settle(phone)
    phone.locator(".st-key-live-name input").fill(name)
    click(phone, phone.locator("[data-testid=stFormSubmitButton] button").first)
    wait_for(phone, ".live-who", 60)


def test_a_move_asked_again_after_its_reveal_is_a_new_question(kept_page: Any, server: str) -> None:
    """1024×768 projector (teacher8 #1): move 12 asked, a phone answers, → reveals, → the next
    move, ← back, "Pause and ask" again. The panel beside the face-down question shows no
    "Right:", no ✓ and no count per answer: "0 of 1 answered" of a new question; the phone
    gets the answer buttons again, its tap counts, and the next → reveals this time's answers."""
    projector = kept_page(1024, 768, "reask")
    open_presenter(projector, server + PRESENT)
    click_key(projector, "pres-ask")
    code = start_live(projector, close_join=True)
    phone = kept_page(390, 844, "reask-phone")
    _join(phone, server, code, "Fay")
    buttons = phone.locator("[class*='st-key-live-choice-'] button")
    buttons.first.wait_for(timeout=60_000)
    settle(phone)
    click(phone, buttons.first)
    first = _chart(projector, "0", "1")
    press(projector, "ArrowRight")  # the reveal
    _chart(projector, "1", "1")
    wait_for(phone, ".live-revealed", 30)
    press(projector, "ArrowRight")  # the next move (not asked)
    press(projector, "ArrowLeft")  # back to move 12
    click_key(projector, "pres-ask")  # asked again
    again = _chart(projector, "0", "0")
    assert again["question"] != first["question"], (first, again)
    assert "Right:" not in again["text"] and "✓" not in again["text"], again
    assert projector.locator(".st-key-live-panel .live-bar").count() == 0
    assert "0 of 1 answered" in " ".join(again["text"].split()), again
    shot(projector, "class-reask-1024x768.png")
    # The phone answers again.
    wait_for(phone, "[class*='st-key-live-choice-'] button", 30)
    assert phone.locator(".live-revealed").count() == 0
    settle(phone)
    click(phone, phone.locator("[class*='st-key-live-choice-'] button").last)
    wait_for(phone, ".live-got", 30)
    shot(phone, "class-reask-phone-390x844.png")
    _chart(projector, "0", "1")
    press(projector, "ArrowRight")
    revealed = _chart(projector, "1", "1")
    assert revealed["question"] == again["question"]
    assert projector.locator(".st-key-live-panel .live-bar").count() >= 2


#: Whether the element ``sel`` is seen whole: inside the window, and the element at each of nine
#: points of it is that element or inside it (nothing covers or clips it).
_WHOLE = """(sel) => { const e = document.querySelector(sel);
  if (!e || !e.checkVisibility()) return {found: false};
  const r = e.getBoundingClientRect(), bad = [];
  for (const fx of [0.05, 0.5, 0.95]) for (const fy of [0.15, 0.5, 0.85]) {
    const x = r.left + fx * r.width, y = r.top + fy * r.height;
    const hit = x >= 0 && y >= 0 && x < innerWidth && y < innerHeight ? document.elementFromPoint(x, y) : null;
    if (!hit || !e.contains(hit)) bad.push([fx, fy, hit ? hit.className || hit.tagName : null]); }
  return {found: true, bad, box: [r.left, r.top, r.right, r.bottom]}; }"""

#: How far each box, or a box round it that scrolls, scrolls inside itself (0: its content fits).
_INNER_SCROLL = """() => Object.fromEntries(['.st-key-live-panel', '.pres-talk'].map(sel => {
  let e = document.querySelector(sel), most = e ? 0 : -1;
  for (; e && e !== document.body; e = e.parentElement) {
    if (getComputedStyle(e).overflowY !== 'visible') most = Math.max(most, e.scrollHeight - e.clientHeight); }
  return [sel, Math.max(-1, most)]; }))"""


def test_a_revealed_discard_with_eight_bars_keeps_the_whole_panel_in_view(kept_page: Any, server: str) -> None:
    """teacher8 #3 (1920×1080, deal 1, three players, strong, move 3: Seat 2's discard, eight
    bars, three wrong answers chosen, each with its line under the panel): at the reveal the
    panel scrolled inside itself, its join line sliced and "Join screen / Class summary / End"
    out of sight. Now the panel's chart, join line and buttons are seen whole, End in the
    window, neither the panel nor the words under it scrolling; the same at 1280×720 and
    1024×768."""
    from store import live, open_store

    db = open_store()  # the server inherited this process's MOON_DATABASE_URL
    projector = kept_page(1920, 1080, "fit")
    open_presenter(projector, server + "/presenter?deal=1&players=3&computer=strong&move=3")
    click_key(projector, "pres-ask")
    code = start_live(projector, close_join=True)
    _chart(projector, "0", "0")
    sid = live.open_by_code(db, code).id
    view = live.host_view(db, sid)
    assert view is not None and view.question is not None
    for name, tile in (("Ann", "3-1"), ("Ben", "3-1"), ("Cal", "0-0"), ("Dan", "6-4"), ("Eve", "6-1")):
        _, token = live.join(db, code, name)
        live.answer(db, token, view.question.id, f"discard {tile}")
    _chart(projector, "0", "5")
    press(projector, "ArrowRight")
    _chart(projector, "1", "5")
    projector.wait_for_function("() => document.querySelectorAll('.pres-talk .pres-chosen').length >= 1", timeout=30_000)
    for width, height in ((1920, 1080), (1280, 720), (1024, 768)):
        projector.set_viewport_size({"width": width, "height": height})
        projector.wait_for_timeout(600)
        shot(projector, f"class-reveal-8-bars-{width}x{height}.png")
        projector.screenshot(path=f"/tmp/treask-shots/reveal-{width}.png")
        assert projector.evaluate(_INNER_SCROLL) == {".st-key-live-panel": 0, ".pres-talk": 0}, (width, height)
        for sel in (".st-key-live-panel .live-join-small", ".st-key-live-end button",
                    ".st-key-live-summary-open button", ".st-key-live-join-open button"):
            seen = projector.evaluate(_WHOLE, sel)
            assert seen["found"] and not seen["bad"], (width, sel, seen)
        # Every bar inside the panel and the window, its choice's name whole (not cut short).
        bars = projector.evaluate("""() => { const p = document.querySelector('.st-key-live-panel')
            .getBoundingClientRect();
          return [...document.querySelectorAll('.st-key-live-panel .live-bar')].map(b => {
            const r = b.getBoundingClientRect(), lab = b.querySelector('.live-lab');
            return [lab.innerText, r.left >= p.left && r.right <= p.right && r.top >= p.top && r.bottom <= p.bottom
                    && r.bottom <= innerHeight, lab.scrollWidth <= lab.clientWidth + 1]; }); }""")
        assert len(bars) == 8 and all(inside and whole for _lab, inside, whole in bars), (width, bars)


def test_a_deck_links_first_slide_keeps_its_header_on_one_line(kept_page: Any, server: str) -> None:
    """teacher8 #7: a deck link's slide 1 (a position, the deck's long title in its header) at
    1920×1080 wrapped its header to two lines and the page scrolled (1108 px in 1080), "Slide 1"
    cut by the window's edge. The header keeps one line and the page its window."""
    from tutorial.services.decks import Deck, DeckEntry, deck_token

    deck = Deck(title="Période 3 — la défausse", entries=(
        DeckEntry(kind="deal", deal=1, computer="strong", move=11, note="Regardez la défausse de Seat 2."),
        DeckEntry(kind="level", ref="tiles-sixes"), DeckEntry(kind="note", title="Remember", note="Trumps win."),
        DeckEntry(kind="note", title="End", note="Merci.")))
    pg = kept_page(1920, 1080, "deck")
    open_presenter(pg, server + f"/presenter?deck={deck_token(deck)}")
    for width, height in ((1920, 1080),):
        shot(pg, f"class-deck-slide1-{width}x{height}.png")
        pg.screenshot(path=f"/tmp/treask-shots/deck-{width}.png")
        top = pg.evaluate("""() => { const t = document.querySelector('.pres-top'),
          kids = [...t.children].map(c => c.getBoundingClientRect());
          return {where: t.querySelector('.pres-where').innerText,
                  one: kids.every(r => r.top < kids[0].bottom), tops: kids.map(r => [r.top, r.bottom])}; }""")
        assert top["where"].startswith("Période 3 — la défausse · slide 1 of 4"), top
        page = pg.evaluate("() => [document.querySelector('[data-testid=stMain]').scrollHeight, innerHeight]")
        assert page[0] <= page[1], (width, page)
        assert top["one"], (width, top)  # every part of the header beside the title, none under it
