"""Browser tests of students joining cleanly (issue 36, the teacher's walk of session 34): a
join screen opened as ``localhost`` gives the phones this computer's network address (and,
when there is none the phones could open, says so on the screen itself, big); a student who
leaves a live class and joins again from the same phone under a new name gets it, answers
kept, or is told the name is taken; the phone's "Leave?" opens in view; a class link's form
says up front that the class asks for a PIN. Screenshots go to artifacts/screenshots/join-*.png
(with MOON_SCREENSHOTS=1)."""

from __future__ import annotations

from typing import Any

from moon_browser import (
    ROOT,
    app_server,
    click,
    open_page,
    open_presenter,
    settle,
    shot,
    sized_context,
    start_live,
    wait_for,
)


def _font(page: Any, selector: str) -> float:
    return float(page.evaluate("(sel) => parseFloat(getComputedStyle(document.querySelector(sel)).fontSize)",
                               selector))


def test_a_join_screen_opened_as_localhost_gives_phones_the_network_address(browser: Any) -> None:
    """The app as ``make run`` starts it (answering on every interface), opened as
    ``http://localhost:PORT`` as the README says: the class's join screen, its QR code and the
    live class's join screen name this computer's network address, which phones can open, and
    warn of nothing (a computer on no network: the warning, on the screen itself)."""
    from store import classes, open_store
    from tutorial.services.live import local_address

    klass, _ = classes.create_class(open_store(), "Network club")
    addr = local_address()
    with app_server(script=ROOT / "tutorial" / "server.py", address="0.0.0.0") as url:
        port = url.rsplit(":", 1)[1]
        ctx = sized_context(browser, 1920, 1080)
        page = ctx.new_page()
        page.set_default_timeout(90_000)
        try:
            open_page(page, f"http://localhost:{port}/classes?join={klass.join_code}")
            wait_for(page, ".class-screen")
            settle(page)
            shot(page, "join-class-screen-localhost-1920x1080.png")
            shown = page.locator(".class-screen .class-url").inner_text()
            qr = str(page.locator(".class-screen svg[aria-label^='QR code']").get_attribute("aria-label"))
            if addr is None:  # no network address here: the screen says phones cannot open it
                assert "Phones cannot open" in page.locator(".class-screen .live-warn").inner_text()
            else:
                assert shown == f"http://{addr}:{port}/classes", shown
                assert qr == f"QR code of http://{addr}:{port}/classes?code={klass.join_code}", qr
                assert page.locator(".live-warn").count() == 0
            # The live class's join screen and its QR code, on the same app.
            open_presenter(page, f"http://localhost:{port}/presenter?deal=12&move=5")
            start_live(page)
            line = page.locator(".live-join-big .live-url").inner_text()
            qr = str(page.locator(".live-join-big svg[aria-label^='QR code']").get_attribute("aria-label"))
            shot(page, "join-live-screen-localhost-1920x1080.png")
            if addr is not None:
                assert line == f"http://{addr}:{port}/live", line
                assert qr.startswith(f"QR code of http://{addr}:{port}/live?code="), qr
                assert page.locator(".live-warn").count() == 0
        finally:
            ctx.close()


def test_a_join_screen_no_phone_can_open_says_so_on_the_screen_in_large_type(projector: Any, server: str) -> None:
    """The test server answers on this computer only (``--server.address 127.0.0.1``): no
    address phones can open exists, and the join screen the teacher projects says so itself,
    in the screen's large type, under the code."""
    from store import classes, open_store

    klass, _ = classes.create_class(open_store(), "Closed club")
    open_page(projector, f"{server}/classes?join={klass.join_code}")
    wait_for(projector, ".class-screen")
    settle(projector)
    shot(projector, "join-class-screen-unreachable-1920x1080.png")
    warn = projector.locator(".class-screen .live-warn")
    assert warn.count() == 1, "no warning on the join screen"
    said = warn.inner_text()
    assert "Phones cannot open" in said and "answers on this computer only" in said and "MOON_PUBLIC_URL" in said, said
    assert _font(projector, ".class-screen .live-warn") >= 32
    code = projector.locator(".class-code").bounding_box()
    assert code["y"] + code["height"] <= 1080  # the code still on the first screenful


def _join_live(phone: Any, code: str, name: str) -> None:
    phone.locator(".st-key-live-code input").fill(code)
    phone.locator(".st-key-live-name input").fill(name)
    click(phone, phone.locator("[data-testid=stFormSubmitButton] button").first)


def _leave(phone: Any) -> None:
    """"Leave this class", then "Yes, leave": the join form again."""
    click(phone, phone.locator(".st-key-live-leave button").first)
    click(phone, phone.locator(".st-key-live-leave-yes button").first)
    wait_for(phone, ".st-key-live-name input")


def test_a_student_back_under_a_new_name_gets_it_and_leave_asks_in_view(kept_page: Any, server: str) -> None:
    """On a phone (390×844): "Leave this class" opens its question in view (the gap above it
    out of sight, "Yes, leave" on screen). Back from the same phone under another student's
    name, the student keeps their earlier name and is told why; under a free name they get
    it, with their answer kept and "Welcome back"."""
    from playwright.sync_api import expect

    from store import live, open_store

    db = open_store()
    info, _ = live.start(db, "Names")
    live.join(db, info.join_code, "Bob")
    live.ask(db, info.id, live.QuestionSpec("n1", "move", "Which tile?", (("a", "6-4"), ("b", "5-5")), ("a",),
                                            "6-4", "It wins."))
    phone = kept_page(390, 844, "1")
    open_page(phone, f"{server}/live?code={info.join_code}")
    wait_for(phone, ".st-key-live-name input")
    _join_live(phone, info.join_code, "A" * 60)
    wait_for(phone, "[class*='st-key-live-choice-'] button")
    click(phone, phone.locator("[class*='st-key-live-choice-'] button").first)
    wait_for(phone, ".live-got")
    # "Leave?" where the button was, in view.
    click(phone, phone.locator(".st-key-live-leave button").first)
    wait_for(phone, ".st-key-live-leave-yes button")
    for part in ("[data-testid=stAlert]", ".st-key-live-leave-yes button", ".st-key-live-leave-no button"):
        expect(phone.locator(f".st-key-live-leave-box {part}")).to_be_in_viewport(ratio=1)
    shot(phone, "join-phone-leave-390x844.png")
    click(phone, phone.locator(".st-key-live-leave-yes button").first)
    wait_for(phone, ".st-key-live-name input")
    # Another student's name: the earlier name kept, and why.
    _join_live(phone, info.join_code, " bob ")
    wait_for(phone, ".live-who")
    who = phone.locator(".live-who").inner_text()
    assert who.startswith(f"Welcome back, {'A' * 40}: your earlier answers are kept. You are in class"), who
    said = phone.locator("[data-testid=stAlert]").first.inner_text()
    assert "The name “bob” is taken in this class by another student" in said, said
    # A free name: theirs now, the answer kept.
    _leave(phone)
    _join_live(phone, info.join_code, "Bob  Fixed")
    wait_for(phone, ".live-got")
    who = phone.locator(".live-who").inner_text()
    assert who.startswith(f"Welcome back, Bob Fixed: your earlier answers are kept. You are in class {info.join_code}"), who
    assert "Answer received: 6-4" in phone.locator(".live-got").inner_text()
    assert phone.locator("[data-testid=stAlert]").count() == 0  # nothing about a name taken or cut
    shot(phone, "join-phone-back-renamed-390x844.png")
    assert sorted(s["name"] for s in live.summary(db, info.id).students) == ["Bob", "Bob Fixed"]


def test_a_class_link_says_before_join_that_the_class_asks_for_a_pin(kept_page: Any, server: str) -> None:
    """A phone that opens a class's link (the join screen's QR code) reads, before Join, that
    this class asks for a PIN; a class without one keeps the general words."""
    from store import classes, open_store

    db = open_store()
    with_pin, _ = classes.create_class(db, "Pin club", pin_required=True)
    without, _ = classes.create_class(db, "Open club")
    phone = kept_page(390, 844, "2")
    open_page(phone, f"{server}/classes?code={with_pin.join_code}")
    wait_for(phone, ".st-key-class-pin input")
    label = phone.locator(".st-key-class-pin label").inner_text()
    assert "this class asks for one" in label and "only if" not in label, label
    assert "Pin club" not in phone.locator("[data-testid=stMain]").inner_text()  # nothing else of the class
    shot(phone, "join-class-link-pin-390x844.png")
    open_page(phone, f"{server}/classes?code={without.join_code}")
    wait_for(phone, ".st-key-class-pin input")
    assert "only if your teacher asked for one" in phone.locator(".st-key-class-pin label").inner_text()


def _qr_modules(svg: str) -> set[tuple[int, int]]:
    """The dark modules of a QR code as the page draws it (``segno``'s inline SVG: one path of
    horizontal runs, ``M``/``m`` moves and ``h`` runs), read back from the drawing itself."""
    import re

    d = re.search(r'<path class="qrline"[^>]*\sd="([^"]+)"', svg)
    assert d, svg[:200]
    x = y = 0.0
    dark: set[tuple[int, int]] = set()
    for cmd, a, b in re.findall(r"([Mmh])(-?[\d.]+)(?:\s+(-?[\d.]+))?", d.group(1)):
        if cmd == "M":
            x, y = float(a), float(b)
        elif cmd == "m":
            x, y = x + float(a), y + float(b)
        else:
            dark |= {(int(y), int(x) + i) for i in range(int(float(a)))}
            x += float(a)
    return dark


def _qr_of(url: str) -> set[tuple[int, int]]:
    """The dark modules of the QR code of ``url`` (error correction M, a quiet zone of 4)."""
    import segno

    rows = segno.make(url, error="m", micro=False).matrix
    return {(r + 4, c + 4) for r, row in enumerate(rows) for c, v in enumerate(row) if v}


def test_the_live_qr_carries_the_code_and_its_link_fills_it_in_on_a_phone(projector: Any, kept_page: Any,
                                                                          server: str) -> None:
    """The live class's QR code, as the projector draws it, is the QR code of ``/live?code=…``
    (its modules read back from the page and matched with that address's), not of a code-less
    ``/live``; that link on a phone (390×844) fills in "Code on the board"; a bad code in a link
    is shown back as it reads, with the words "Join" would say."""
    open_presenter(projector, f"{server}/presenter?deal=12&move=5")
    code = start_live(projector)
    svg = str(projector.locator(".live-join-big .live-qr").inner_html())
    url = f"{server}/live?code={code}"
    assert _qr_modules(svg) == _qr_of(url), "the QR code drawn is not the one of " + url
    assert _qr_modules(svg) != _qr_of(f"{server}/live")
    phone = kept_page(390, 844, "q")
    open_page(phone, url)
    wait_for(phone, ".st-key-live-name input")
    from playwright.sync_api import expect

    expect(phone.locator(".st-key-live-code input")).to_have_value(code, timeout=30_000)
    shot(phone, "join-live-qr-link-390x844.png")
    open_page(phone, f"{server}/live?code=zz9")
    expect(phone.locator(".st-key-live-code input")).to_have_value("ZZ9", timeout=30_000)
    expect(phone.locator("[data-testid=stAlert]")).to_contain_text("A live-class code is 6 letters and digits")


def test_a_phone_on_the_join_screens_address_gets_the_form_first_and_after_join_the_welcome_only(
        kept_page: Any, server: str) -> None:
    """A phone (390×844) that opens ``/classes?join=CODE`` reads the join form first, the code
    filled in under the page's title, with no QR code; after Join, the welcome and nothing of the
    projector's screen ("Scan the QR code"). At 1280×720 the screen is the projector's, the form
    below its first screenful."""
    from playwright.sync_api import expect

    from store import classes, open_store

    klass, _ = classes.create_class(open_store(), "Phone club")
    phone = kept_page(390, 844, "j")
    open_page(phone, f"{server}/classes?join={klass.join_code}")
    wait_for(phone, ".st-key-class-code input")
    expect(phone.locator(".st-key-class-code input")).to_have_value(klass.join_code, timeout=30_000)
    expect(phone.locator(".st-key-class-code input")).to_be_in_viewport(ratio=1)
    expect(phone.locator(".st-key-class-screen-join [data-testid=stFormSubmitButton] button")).to_be_in_viewport()
    assert phone.locator(".class-screen svg").is_hidden() and phone.locator(".class-screen").is_hidden()
    shot(phone, "join-class-screen-phone-390x844.png")
    phone.locator(".st-key-class-name input").fill("Pia")
    click(phone, phone.get_by_role("button", name="Join"))
    wait_for(phone, ".st-key-class-joined")
    main = phone.locator("[data-testid=stMain]").inner_text()
    assert "Welcome, Pia!" in main and "Scan the QR code" not in main and phone.locator(".class-screen").count() == 0
    shot(phone, "join-class-screen-phone-joined-390x844.png")
    wide = kept_page(1280, 720, "jw")
    open_page(wide, f"{server}/classes?join={klass.join_code}")
    wait_for(wide, ".class-screen")
    settle(wide)
    expect(wide.locator(".class-screen svg")).to_be_visible()
    assert wide.locator(".st-key-class-screen-join").bounding_box()["y"] >= 720
    shot(wide, "join-class-screen-1280x720.png")


def test_a_reopened_browser_finds_its_live_place_without_the_form(kept_page: Any, server: str) -> None:
    """A phone joins a live class, then its browser is closed and opened again on ``/live``
    (a new page, the same cookies): its place is taken back at once, "Welcome back, Bob", the
    answer kept. Another phone opening ``/live`` gets the join form, and not Bob's place."""
    from store import live, open_store

    db = open_store()
    info, _ = live.start(db, "Reopen")
    live.ask(db, info.id, live.QuestionSpec("r1", "move", "Which tile?", (("a", "6-4"), ("b", "5-5")), ("a",),
                                            "6-4", "It wins."))
    phone = kept_page(390, 844, "r")
    open_page(phone, f"{server}/live?code={info.join_code}")
    wait_for(phone, ".st-key-live-name input")
    _join_live(phone, info.join_code, "Bob")
    wait_for(phone, "[class*='st-key-live-choice-'] button")
    click(phone, phone.locator("[class*='st-key-live-choice-'] button").first)
    wait_for(phone, ".live-got")
    phone.close()  # the browser closed; its cookies kept
    again = kept_page(390, 844, "r")
    open_page(again, f"{server}/live")
    wait_for(again, ".live-who")
    who = again.locator(".live-who").inner_text()
    assert who.startswith(f"Welcome back, Bob: your earlier answers are kept. You are in class {info.join_code}"), who
    assert "Answer received: 6-4" in again.locator(".live-got").inner_text()
    assert again.locator(".st-key-live-name input").count() == 0
    shot(again, "join-live-reopened-390x844.png")
    other = kept_page(390, 844, "r2")
    open_page(other, f"{server}/live")
    wait_for(other, ".st-key-live-name input")
    assert other.locator(".live-who").count() == 0
