"""Browser test of a live class: the teacher starts it on the presenter (1920×1080), three
students join on phones (390×844; one first types a wrong code), the question the presenter
asks reaches the phones, each answers with one tap, the count and the chart on the projector
follow within seconds (how many answered; the spread of answers only at the reveal), the reveal
shows how many got it (and each phone whether it was right), a
late joiner is scored out of the questions asked while in the class, and the class summary
downloads as CSV. Screenshots go to artifacts/screenshots/live-*.png (with MOON_SCREENSHOTS=1)."""

from __future__ import annotations

import csv
import io
import time
from typing import Any

import pytest
from moon_browser import (
    click,
    open_presenter,
    settle,
    shot,
    sized_context,
    start_live,
    wait_for,
    wait_runs,
)

PRESENT = "/presenter?deal=12&computer=basic&move=12"


def _data(page: Any, selector: str, attr: str) -> str | None:
    return page.evaluate(
        f"() => {{ const e = document.querySelector({selector!r}); return e ? e.getAttribute({attr!r}) : null }}")


def _wait_attr(page: Any, selector: str, attr: str, value: str, timeout: float = 20.0) -> float:
    """Wait until the element's attribute has ``value``; returns the seconds it took."""
    t0 = time.perf_counter()
    page.wait_for_function(
        "([sel, attr, value]) => { const e = document.querySelector(sel); return e && e.getAttribute(attr) === value }",
        arg=[selector, attr, value], timeout=timeout * 1000)
    return time.perf_counter() - t0


def _join(phone: Any, base: str, code: str, name: str) -> None:
    phone.locator(".st-key-live-code input").fill(code)
    phone.locator(".st-key-live-name input").fill(name)
    click(phone, phone.locator("[data-testid=stFormSubmitButton] button").first)


def test_a_live_class_with_three_phones_and_the_projector(browser: Any, server: str) -> None:
    teacher_ctx = sized_context(browser, 1920, 1080, accept_downloads=True)
    teacher = teacher_ctx.new_page()
    teacher.set_default_timeout(90_000)
    phones_ctx = [sized_context(browser, 390, 844)
                  for _ in range(3)]
    try:
        open_presenter(teacher, server + PRESENT)
        code = start_live(teacher)
        # The address names the class by its public code: the host token never shows on the projector.
        assert len(code) == 6 and f"live={code}" in teacher.url and "host=" not in teacher.url
        assert teacher.locator(".live-join-big svg[aria-label^='QR code']").count() == 1
        assert f"/live?code={code}" in str(teacher.locator(".live-join-big svg").get_attribute("aria-label"))
        # The projector does not name the deal, which a student's browser could open with every hand.
        title = teacher.locator(".pres-title").inner_text()
        assert "12" not in title and "deal" not in title.lower(), title

        names = ["Ada", "Ben", "Cy"]
        phones = []
        for i, (ctx, name) in enumerate(zip(phones_ctx, names, strict=True)):
            phone = ctx.new_page()
            phone.set_default_timeout(90_000)
            phone.goto(server + (f"/live?code={code}" if i else "/live"))  # two scan the QR, one types
            wait_for(phone, ".st-key-live-name input", 120)
            settle(phone)
            if i == 0:
                _join(phone, server, "ZZZZZZ", name)
                err = phone.locator("[data-testid='stAlertContentError']").inner_text()
                assert "No live class has this code" in err
                # A Classes code typed here is named for what it is, with where to use it.
                from store import classes, open_store

                klass, _ = classes.create_class(open_store(), "Year 8")  # the server's database
                _join(phone, server, klass.join_code, name)
                said = phone.locator("[data-testid='stAlertContentError']", has_text=f"{klass.join_code} is a class code")
                said.wait_for(timeout=30_000)
                err = said.inner_text()
                assert "Classes page" in err and "No live class has this code" not in err, err
                shot(phone, "live-phone-wrong-code-390x844.png")
            else:
                assert phone.locator(".st-key-live-code input").input_value() == code
            # The first phone types the code spaced out, as the board spaces it (13 characters).
            _join(phone, server, f" {' '.join(code)} " if i == 0 else code, name)
            wait_for(phone, ".live-waiting", 30)
            phones.append(phone)
        shot(phones[0], "live-phone-waiting-390x844.png")
        _wait_attr(teacher, ".live-join-big .live-count", "data-players", "3")
        shot(teacher, "live-join-1920x1080.png")
        click(teacher, teacher.locator(".st-key-live-join-close button").first)

        click(teacher, teacher.locator(".st-key-pres-ask button").first)  # "pause and ask" at move 12
        for phone in phones:
            wait_for(phone, "[class*='st-key-live-choice-'] button", 30)
        shot(phones[0], "live-phone-question-390x844.png", full_page=True)
        # The question is a heading without Streamlit's chain-link anchor after it.
        assert "What would you play?" in phones[0].locator(".live-phone [role=heading]").inner_text()
        assert phones[0].locator(".live-phone [data-testid=stHeaderActionElements]").count() == 0
        labels = phones[0].locator("[class*='st-key-live-choice-'] button").all_inner_texts()
        # The player's whole hand, legal or not: which tiles may follow is part of the question.
        hand = phones[0].locator(".live-tiles[aria-label$=\"'s hand\"] svg.moon-tile").count()
        assert len(labels) == hand >= 2, (labels, hand)
        # Everyone sees the same question; Ada and Cy tap the first choice, Ben the second.
        taps = [0, 1, 0]
        latencies = []
        for n, (phone, k) in enumerate(zip(phones, taps, strict=True), start=1):
            assert phone.locator("[class*='st-key-live-choice-'] button").all_inner_texts() == labels
            click(phone, phone.locator("[class*='st-key-live-choice-'] button").nth(k))
            assert "Answer received" in phone.locator(".live-got").inner_text()
            assert phone.locator("[class*='st-key-live-choice-'] button").count() == 0  # one tap
            latencies.append(_wait_attr(teacher, ".live-chart", "data-answered", str(n), timeout=10))
            if n == 1:  # F5 on the projector with the question open: it stays open, its answer kept
                hidden = teacher.locator(".pres-tiles svg.moon-back").count()
                # Every stage the projector draws after F5, from its first: the hands stay hidden throughout.
                teacher.add_init_script("""window.__moonStages = []; new MutationObserver(() => {
                    const s = document.querySelector('.pres-stage'); if (!s) return;
                    const v = s.dataset.asking + ',' + s.querySelectorAll('.pres-tiles svg.moon-back').length;
                    if (window.__moonStages.at(-1) !== v) window.__moonStages.push(v);
                  }).observe(document, {subtree: true, childList: true, attributes: true});""")
                teacher.reload()
                wait_for(teacher, ".pres-stage", 120)
                assert teacher.locator(".pres-stage").get_attribute("data-asking") == "1"
                assert "ask=1" in teacher.url
                _wait_attr(teacher, ".live-chart", "data-answered", "1", timeout=30)
                assert hidden > 0 and teacher.evaluate("() => window.__moonStages") == [f"1,{hidden}"]
                # The question is still open on the phones that have not answered.
                settle(phones[1])
                assert phones[1].locator("[class*='st-key-live-choice-'] button").all_inner_texts() == labels
        # The projector follows within the 2 s goal (its panel looks every second).
        assert max(latencies) < 4.0, latencies
        # Until the reveal the room sees how many answered, not what: no bar, no count per answer.
        assert teacher.locator(".live-bar").count() == 0
        assert "3 of 3 answered" in " ".join(teacher.locator(".st-key-live-panel").inner_text().split())
        assert "Ada" not in teacher.locator(".st-key-live-panel").inner_text()  # no names before the reveal
        shot(teacher, "live-chart-1920x1080.png")

        before = teacher.evaluate("() => window.__moonRuns || 0")
        teacher.keyboard.press("ArrowRight")  # the presenter's → reveals, on the projector and the phones
        settle(teacher, since=before)
        _wait_attr(teacher, ".live-chart", "data-revealed", "1", timeout=10)
        bars = teacher.locator(".live-bar")  # the spread of answers, at the reveal
        counts = {bars.nth(i).locator(".live-lab").inner_text().lstrip("✓ ").strip():
                  int(bars.nth(i).get_attribute("data-n") or 0) for i in range(bars.count())}
        assert counts[labels[0]] == 2 and counts[labels[1]] == 1, counts
        panel = teacher.locator(".st-key-live-panel").inner_text()
        right_label = teacher.locator(".live-bar.live-right .live-lab").inner_text().lstrip("✓ ").strip()
        right_names = [n for n, k in zip(names, taps, strict=True) if labels[k] == right_label]
        assert f"Right: {len(right_names)} of 3" in panel
        assert not [n for n in names if n in panel], panel  # nobody is named on the projector unasked
        shot(teacher, "live-reveal-1920x1080.png")
        # A tile that may not be played is counted wrong, with the engine's reason at the reveal.
        said = teacher.locator(".st-key-live-panel .live-illegal").all_inner_texts()
        bad = {t.split(" may not be played: ")[0] for t in said}
        assert bad and bad <= {labels[k] for k in taps} - {right_label}, (said, labels, right_label)
        for phone, name in zip(phones, names, strict=True):
            wait_for(phone, ".live-revealed", 30)
            got = phone.locator(".live-got").inner_text()
            assert got.startswith("Right!") == (name in right_names), (name, got)
            assert "The answer:" in phone.locator(".live-revealed").inner_text()
            mine = labels[taps[names.index(name)]]
            if mine in bad:
                assert phone.locator(".live-illegal").inner_text().startswith(f"{mine} may not be played: ")
        shot(phones[1], "live-phone-reveal-390x844.png", full_page=True)

        # A phone that opens the projector's address gets neither the hands nor the controls.
        spy = phones[2].context.new_page()
        spy.goto(teacher.url)
        wait_for(spy, '[data-testid="stAlert"]', 120)
        settle(spy)
        assert "It opens only in the browser of the teacher who started it" in spy.locator("body").inner_text()
        assert spy.locator(".pres-stage").count() == 0
        for key in ("live-end", "live-summary-open", "live-join-open", "live-start"):
            assert spy.locator(f".st-key-{key}").count() == 0, key
        spy.close()
        # A late joiner (after the reveal) is scored out of the questions asked while in the class.
        phones_ctx.append(browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True))
        late = phones_ctx[-1].new_page()
        late.set_default_timeout(90_000)
        late.goto(f"{server}/live?code={code}")
        wait_for(late, ".st-key-live-name input", 120)
        settle(late)
        _join(late, server, code, "Dee")
        wait_for(late, ".st-key-live-leave-box", 30)
        # A reload keeps the place (the deal, the move and the class) and the controls.
        url = teacher.url
        teacher.reload()
        wait_for(teacher, ".pres-stage", 120)
        wait_for(teacher, ".st-key-live-summary-open button", 30)
        assert teacher.url == url and teacher.locator(".pres-stage").get_attribute("data-count") == "12"
        assert "Nothing to present" not in teacher.locator("body").inner_text()
        assert teacher.locator(".live-table").count() == 0  # the stage, not the class summary

        click(teacher, teacher.locator(".st-key-live-summary-open button").first)
        wait_for(teacher, ".live-table", 30)
        body = teacher.locator("body").inner_text()
        assert all(n not in body for n in names)  # names and scores only when the teacher shows them
        # Each question's row names its move: the rows of one hand read apart.
        asked = teacher.locator(".live-table[data-name=live-questions] tbody tr td").nth(1).inner_text()
        assert asked.startswith("Move 12 · ") and "What would you play?" in asked, asked
        click(teacher, teacher.locator(".st-key-live-names button").first)
        wait_for(teacher, ".live-table[data-name=live-students]", 30)
        rows = teacher.locator(".live-table[data-name=live-students] tbody tr").all_inner_texts()
        scored = {r.split("\t")[0]: r.split("\t")[1] for r in rows}
        assert len(rows) == 4 and scored["Dee"] == "0 of 0", rows
        assert all(scored[n].endswith(" of 1") for n in names), rows
        shot(teacher, "live-summary-1920x1080.png")
        with teacher.expect_download() as dl:
            teacher.locator(".st-key-live-csv button").first.click()
        raw = open(dl.value.path(), "rb").read()
        assert raw.startswith(b"\xef\xbb\xbf")  # the byte-order mark: a spreadsheet reads UTF-8
        table = list(csv.reader(io.StringIO(raw.decode("utf-8-sig"))))
        assert table[0] == ["student", "answered", "right", "asked_while_in_class"]
        assert sorted(r[0] for r in table[1:]) == [*names, "Dee"]
        assert {r[0]: r[2] for r in table[1:] if r[0] != "Dee"} == {n: ("1" if n in right_names else "0") for n in names}
        assert {r[0]: r[3] for r in table[1:]} == {**{n: "1" for n in names}, "Dee": "0"}
        assert len(table) == 5  # one table per file: the questions are in their own file
        with teacher.expect_download() as dl:
            teacher.locator(".st-key-live-csv-questions button").first.click()
        qraw = open(dl.value.path(), "rb").read()
        assert qraw.startswith(b"\xef\xbb\xbf")
        qtable = list(csv.reader(io.StringIO(qraw.decode("utf-8-sig"))))
        assert qtable[0][-1] == "wrong_answers" and len(qtable) == 2
        wrong = [labels[k] for k in taps if labels[k] != right_label]
        assert sorted(qtable[1][-1].split("; ")) == sorted(f"{w} (×{wrong.count(w)})" for w in set(wrong))
        # "End" asks first, then the teacher is back at the hand (no names on screen).
        click(teacher, teacher.locator(".st-key-live-summary-close button").first)
        wait_for(teacher, ".pres-stage", 30)
        click(teacher, teacher.locator(".st-key-live-end button").first)
        wait_for(teacher, ".st-key-live-end-yes button", 30)
        click(teacher, teacher.locator(".st-key-live-end-yes button").first)
        wait_for(teacher, ".st-key-live-ended-msg", 30)
        assert teacher.locator(".pres-stage").count() == 1
        # Said above the stage, in the first screenful, whatever the slide's height.
        teacher.evaluate("() => window.scrollTo(0, 0)")
        ended = teacher.locator(".st-key-live-ended-msg").bounding_box()
        stage = teacher.locator(".pres-stage").bounding_box()
        assert ended["y"] + ended["height"] <= min(1080, stage["y"] + 1), (ended, stage)
        assert all(n not in teacher.locator("body").inner_text() for n in names)
    finally:
        for ctx in phones_ctx:
            ctx.close()
        teacher_ctx.close()


def test_isolation_each_phone_sees_only_its_class_and_bad_links_open_nothing(kept_page: Any, server: str) -> None:
    """Two classes at once (made through the store the server uses): a question asked in one
    reaches only that class's phone; an ended class's code and a bad teacher link get a plain
    message and open nothing (an ended class's QR link says so at once, and its projector's
    address offers the slide without the class)."""
    from store import live, open_store

    db = open_store()  # the server inherited this process's MOON_DATABASE_URL
    one, _ = live.start(db, "Class one")
    two, _ = live.start(db, "Class two")
    ended, _ = live.start(db, "Yesterday")
    live.end(db, ended.id)
    phones = []
    for i, (info, name) in enumerate(zip((one, two), ("Ada", "Ben"), strict=True)):
        phone = kept_page(390, 844, str(i))
        phone.set_default_timeout(90_000)
        phone.goto(f"{server}/live?code={info.join_code}")
        wait_for(phone, ".st-key-live-name input", 120)
        settle(phone)
        _join(phone, server, info.join_code, name)
        wait_for(phone, ".live-waiting", 30)
        phones.append(phone)
    spec = live.QuestionSpec("iso-1", "move", "Seat 1 is to play. What would you play?",
                             (("play 6-4", "6-4"), ("play 5-5", "5-5")), ("play 6-4",), "Seat 1 plays 6-4",
                             "6-4 is the only winner.", {"seat": 1, "hand": ["6-4", "5-5"], "trump": "6"})
    live.ask(db, one.id, spec)
    wait_for(phones[0], "[class*='st-key-live-choice-'] button", 30)
    wait_runs(phones[1], 2)  # the other phone looks every second or so: twice, time to (wrongly) show it
    assert phones[1].locator("[class*='st-key-live-choice-'] button").count() == 0
    assert phones[1].locator(".live-waiting").count() == 1
    assert "What would you play?" not in phones[1].locator("body").inner_text()

    late = kept_page(390, 844, "2")
    late.set_default_timeout(90_000)
    late.goto(f"{server}/live")
    wait_for(late, ".st-key-live-name input", 120)
    settle(late)
    _join(late, server, ended.join_code, "Cy")
    assert "has ended" in late.locator("[data-testid='stAlertContentError']").inner_text()
    assert late.locator(".live-waiting").count() == 0
    # The ended class's QR link says so at once, before a name is typed.
    late.goto(f"{server}/live?code={ended.join_code}")
    wait_for(late, ".st-key-live-name input", 120)
    settle(late)
    assert "has ended" in late.locator("[data-testid='stAlertContentWarning']").inner_text()
    # Its projector's address, opened elsewhere: ended, and the slide without the class.
    late.goto(f"{server}{PRESENT}&live={ended.join_code}")
    wait_for(late, "[data-testid='stAlert']", 120)
    settle(late)
    assert f"The live class {ended.join_code} has ended" in late.locator("[data-testid='stAlert']").first.inner_text()
    assert "join on their phones" not in late.locator("body").inner_text()
    click(late, late.locator(".st-key-live-ended-plain button"))
    wait_for(late, ".st-key-pres-controls", 120)
    settle(late)
    assert "deal=12" in late.url and "live=" not in late.url, late.url
    assert "has ended" not in late.locator("body").inner_text()

    late.goto(server + PRESENT + "&host=" + "A" * 43)  # a made-up teacher link
    wait_for(late, "[data-testid='stAlertContentError']", 120)
    settle(late)
    assert "live-class link is unknown" in late.locator("[data-testid='stAlertContentError']").first.inner_text()
    for key in ("live-end", "live-summary-open", "live-join-open"):
        assert late.locator(f".st-key-{key}").count() == 0
    assert late.locator('[data-testid="stException"]').count() == 0


def test_a_live_class_started_on_a_revealed_slide_shows_no_chart(kept_page: Any, server: str) -> None:
    """Started on a slide whose answer is already shown, the projector's panel draws no chart of
    zeros beside the answer: it says the slide was not asked in this live class."""
    from store import live, open_store

    teacher = kept_page(1920, 1080)
    teacher.set_default_timeout(90_000)
    open_presenter(teacher, server + PRESENT + "&ask=revealed")
    code = start_live(teacher)
    live.join(open_store(), code, "Ada")
    click(teacher, teacher.locator(".st-key-live-join-close button").first)
    wait_for(teacher, ".live-unasked", 30)
    wait_runs(teacher, 2)  # the panel redraws every second: twice, still no chart
    assert "Not asked in this live class" in teacher.locator(".live-unasked").inner_text()
    assert teacher.locator(".live-chart").count() == 0
    shot(teacher, "live-started-revealed-1920.png")


def test_a_made_up_live_code_on_the_projector_says_no_class_has_it(kept_page: Any, server: str) -> None:
    page = kept_page(1920, 1080)
    page.set_default_timeout(90_000)
    page.goto(f"{server}/presenter?deal=12&move=5&live=ZZZZZZ")
    wait_for(page, "[data-testid='stAlert']", 120)
    settle(page)
    said = page.locator("[data-testid='stAlert']").first.inner_text()
    assert "No live class has the code ZZZZZZ" in said
    body = page.locator("body").inner_text()
    assert "projector's address of the live class" not in body and "/live?code=ZZZZZZ" not in body
    shot(page, "live-made-up-code-1920x1080.png")
    click(page, page.locator(".st-key-live-none-start button"))
    wait_for(page, ".live-join-big", 60)
    code = str(page.locator(".live-join-big").get_attribute("data-code"))
    assert len(code) == 6 and code != "ZZZZZZ" and f"live={code}" in page.url and "deal=12" in page.url
    assert "No live class has the code" not in page.locator("body").inner_text()
    # The server is opened as localhost, which no phone can open: that is for the teacher, in a
    # small line under the join screen (and on the button they start with), not in the way in
    # the room reads.
    assert "Phones cannot open" not in page.locator(".live-join-big").inner_text()
    assert "Phones cannot open" in page.locator(".st-key-live-join-screen .live-warn").inner_text()
    page.goto(f"{server}/presenter?deal=12&move=5&live=ZZZZZZ")
    wait_for(page, ".st-key-live-none-plain button", 120)
    settle(page)
    click(page, page.locator(".st-key-live-none-plain button"))
    wait_for(page, ".st-key-pres-controls", 120)
    settle(page)
    assert "deal=12" in page.url and "live=" not in page.url, page.url
    assert page.locator(".st-key-live-start button").first.is_visible()
    # The class started above is still open: the presenter says so (no code, no title: it may be
    # projected), and starting another ends it, as End does, so it opens nothing more.
    from store import live, open_store
    from store.live import LiveError

    db = open_store()  # the server inherited this process's MOON_DATABASE_URL
    assert live.open_by_code(db, code).join_code == code
    others = page.locator(".st-key-live-others")
    assert "Another of your live classes is still open" in others.inner_text()
    assert code not in others.inner_text()
    shot(page, "live-other-open-1920x1080.png")
    page.locator(".st-key-live-start button").first.hover()
    wait_for(page, "[data-testid=stTooltipContent]", 30)
    assert "Phones cannot open" in page.locator("[data-testid=stTooltipContent]").inner_text()
    click(page, page.locator(".st-key-live-start button").first)
    wait_for(page, ".live-join-big", 60)
    second = str(page.locator(".live-join-big").get_attribute("data-code"))
    assert second != code and page.locator(".st-key-live-others").count() == 0
    # Revealed before anyone answered, the chart says so (not "Right: 0 of 0").
    click(page, page.locator(".st-key-live-join-close button").first)
    click(page, page.locator(".st-key-pres-ask button").first)
    wait_for(page, ".live-chart", 30)
    click(page, page.locator(".st-key-pres-forward button").first)  # the reveal
    _wait_attr(page, ".live-chart", "data-revealed", "1", timeout=30)
    assert "No answers yet" in page.locator(".live-chart .live-names").inner_text()
    assert "Right: 0 of 0" not in page.locator(".st-key-live-panel").inner_text()
    with pytest.raises(LiveError, match="has ended"):
        live.open_by_code(db, code)
    assert live.open_by_code(db, second).join_code == second
    # Back on the slide without the class: the notice's own button ends it.
    page.goto(f"{server}/presenter?deal=12&move=5")
    wait_for(page, ".st-key-live-others-end button", 120)
    settle(page)
    click(page, page.locator(".st-key-live-others-end button"))
    page.wait_for_selector(".st-key-live-others", state="detached", timeout=30_000)
    with pytest.raises(LiveError, match="has ended"):
        live.open_by_code(db, second)


def test_a_blank_double_as_trump_reads_as_two_halves_on_the_phone(browser: Any) -> None:
    """0-0 as trump was a yellow tile with a star over its only mark, the divider: the star now
    sits in a blank end, so the divider runs whole across the tile (no white of the badge on
    it) and the two halves show."""
    import io

    from moon_browser import ROOT
    from PIL import Image

    from tutorial.services.live_html import _tiles_html

    ctx = sized_context(browser, 390, 844, device_scale_factor=2)
    page = ctx.new_page()
    try:
        css = (ROOT / "tutorial" / "static" / "css" / "live_phone.css").read_text()
        page.set_content(f"<html><head><meta name='viewport' content='width=device-width'><style>{css}</style></head>"
                         f"<body class='live-phone'>{_tiles_html(('0-0', '6-0', '3-3'), '0', True, 'hand')}</body></html>")
        shot(page, "live-phone-blank-trumps-390x844.png")
        tile = page.locator("svg.moon-tile").first
        assert tile.get_attribute("aria-label") == "0-0 (double), trump"
        box = tile.bounding_box()
        assert box is not None and 70 <= box["height"] <= 80  # the phone's 76 px tiles
        img = Image.open(io.BytesIO(tile.screenshot())).convert("RGB")
        w, h = img.size
        mid = round(h * 57 / 114)  # the divider: 5 of padding and one 52-unit half down

        def lum(x: int, y: int) -> float:
            r, g, b = img.getpixel((x, y))  # type: ignore[misc]
            return 0.3 * r + 0.59 * g + 0.11 * b

        inner = range(round(w * 13 / 62), round(w * 49 / 62))
        band = range(mid - 3, mid + 4)
        assert all(min(lum(x, y) for y in band) < 205 for x in inner)  # the divider, unbroken
        white = [(x, y) for x in inner for y in band if min(img.getpixel((x, y))) > 245]  # type: ignore[arg-type]
        assert not white, white[:5]  # no badge over it
    finally:
        ctx.close()


_TOP_OF = """sel => { const e = document.querySelector(sel); return e ? e.getBoundingClientRect().top : null }"""


def test_a_phone_shows_its_top_when_the_reveal_or_the_next_question_comes(kept_page: Any, server: str) -> None:
    """A student taps the last of many answer buttons (the page scrolled down to it): the
    reveal, then the next question, come into view from their top (the verdict, the prompt),
    not scrolled past; and no answer button of the new question looks touched."""
    from store import live, open_store

    db = open_store()  # the server inherited this process's MOON_DATABASE_URL
    info, _ = live.start(db, "Scroll")
    phone = kept_page(390, 844, "scroll")
    phone.set_default_timeout(90_000)
    phone.goto(f"{server}/live?code={info.join_code}")
    wait_for(phone, ".st-key-live-name input", 120)
    settle(phone)
    _join(phone, server, info.join_code, "Ann")
    wait_for(phone, ".live-waiting", 30)
    tiles = ["6-6", "6-5", "6-4", "6-3", "6-2", "6-1", "5-5", "5-4", "5-3", "4-4", "4-3", "3-3"]

    def spec(ref: str, prompt: str) -> Any:
        return live.QuestionSpec(ref, "move", prompt, tuple((f"play {t}", t) for t in tiles), ("play 6-6",),
                                 "Seat 1 plays 6-6", "6-6 is the only winner.",
                                 {"seat": 1, "hand": tiles, "trump": "6"})

    live.ask(db, info.id, spec("top-1", "Seat 1 is to play. What would you play?"))
    wait_for(phone, "[class*='st-key-live-choice-'] button", 30)
    settle(phone)
    last = phone.locator("[class*='st-key-live-choice-'] button").last
    click(phone, last)  # scrolled into view first, as a thumb would
    wait_for(phone, ".live-got", 30)
    phone.mouse.wheel(0, 700)  # the student scrolls on down, past "Answer received"
    phone.wait_for_timeout(400)
    assert phone.evaluate(_TOP_OF, ".live-got") < 0, "the page should be scrolled past the top before the reveal"
    live.reveal(db, info.id)
    wait_for(phone, ".live-revealed", 30)
    settle(phone)
    phone.wait_for_timeout(800)
    top = phone.evaluate(_TOP_OF, ".live-revealed .live-got")
    assert 0 <= top < 844 // 2, f"the verdict is at y={top}, not in view from the top"
    assert "Not this time: you answered 3-3." in phone.locator(".live-got").inner_text()

    live.ask(db, info.id, spec("top-2", "Seat 2 took the widow. Which tile would you lay aside?"))
    wait_for(phone, "[class*='st-key-live-choice-'] button", 30)
    settle(phone)
    phone.wait_for_timeout(800)
    heading = phone.evaluate(_TOP_OF, ".live-phone [role=heading]")
    assert 0 <= heading < 844 // 2, f"the new question's prompt is at y={heading}, not in view from the top"
    buttons = phone.locator("[class*='st-key-live-choice-'] button")
    looks = phone.evaluate("""() => [...document.querySelectorAll("[class*='st-key-live-choice-'] button")]
        .map(b => { const s = getComputedStyle(b); return s.backgroundColor + '|' + s.borderColor + '|' + s.color })""")
    assert len(set(looks)) == 1, f"an answer button of the new question looks touched: {looks}"
    assert buttons.count() == len(tiles)
    assert phone.evaluate("() => !!document.activeElement.closest(\"[class*='st-key-live-choice-']\")") is False
    shot(phone, "live-phone-next-question-top-390x844.png")
