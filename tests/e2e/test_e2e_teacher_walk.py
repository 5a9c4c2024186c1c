"""Browser tests of what a teacher's walk through a live lesson found (issue 36, session 27):
a tap that comes as the reveal re-lays a phone (390×844) lands on nothing, and a "Leave?" left
open does not outlive the question; a live class on a deal is named by its deal once it has
ended (the header, the summary, the questions CSV); the dashboard's wrong answers are all there
or say how many more; a code typed with a full stop or dashes is taken on every code box; an
arrow key pressed before the presenter is drawn is not lost; the join screen's QR code encodes
the link beside it, which opens the class's name box with its code filled in. Screenshots go to
artifacts/screenshots/walk-*.png (with MOON_SCREENSHOTS=1)."""

from __future__ import annotations

import csv
import io
import re
import time
from typing import Any

from moon_browser import (
    click,
    open_page,
    open_presenter,
    settle,
    shot,
    sized_context,
    start_live,
    wait_for,
)
from playwright.sync_api import expect

#: A hand of seven tiles, each a choice: the whole hand of answer buttons a phone shows.
HAND = ["6-6", "6-4", "5-5", "5-3", "4-1", "2-2", "0-0"]
PRESENT = "/presenter?deal=12&computer=basic&move=12"


def _spec(ref: str) -> Any:
    from store import live

    return live.QuestionSpec(ref, "move", "Seat 1 is to play. What would you play?",
                             tuple((f"play {t}", t) for t in HAND), ("play 6-4",), "Seat 1 plays 6-4",
                             "6-4 wins the trick.", {"seat": 1, "hand": HAND, "trump": "6"})


def _phone(browser: Any) -> Any:
    ctx = sized_context(browser, 390, 844)
    pg = ctx.new_page()
    pg.set_default_timeout(60_000)
    return pg


def _join_live(phone: Any, server: str, code: str, name: str, typed: str | None = None) -> None:
    phone.goto(f"{server}/live?code={code}")
    wait_for(phone, ".st-key-live-name input", 120)
    settle(phone)
    if typed is not None:
        phone.locator(".st-key-live-code input").fill(typed)
    phone.locator(".st-key-live-name input").fill(name)
    click(phone, phone.locator("[data-testid=stFormSubmitButton] button").first)


def test_a_tap_as_the_reveal_comes_lands_on_nothing_and_leave_does_not_outlive_the_question(
        browser: Any, server: str) -> None:
    """The reveal (and "Answer received") is shorter than the hand of buttons it replaces:
    "Leave this class" must not move into their place, so a late tap where a button was opens
    nothing. A "Leave?" opened and left is closed when the next question comes."""
    from store import live, open_store

    db = open_store()  # the server inherited this process's MOON_DATABASE_URL
    info, _ = live.start(db, "Walk")
    phone = _phone(browser)
    try:
        _join_live(phone, server, info.join_code, "Lou")
        wait_for(phone, ".live-waiting", 30)
        live.ask(db, info.id, _spec("walk-1"))
        wait_for(phone, "[class*='st-key-live-choice-'] button", 30)
        settle(phone)
        buttons = phone.locator("[class*='st-key-live-choice-'] button")
        assert buttons.count() == len(HAND)
        phone.evaluate("() => window.scrollTo(0, 0)")
        boxes = [buttons.nth(i).bounding_box() for i in range(buttons.count())]
        live.reveal(db, info.id)
        wait_for(phone, ".live-revealed", 30)
        settle(phone)
        shot(phone, "walk-phone-revealed-390x844.png", full_page=True)
        phone.evaluate("() => window.scrollTo(0, 0)")
        leave = phone.locator(".st-key-live-leave button").bounding_box()
        lowest = max(b["y"] + b["height"] for b in boxes)
        assert leave["y"] > lowest, (leave, lowest)  # below where every answer button was
        for b in boxes:  # a late tap on each button's place: nothing opens
            phone.touchscreen.tap(b["x"] + b["width"] / 2, b["y"] + b["height"] / 2)
        settle(phone)
        assert phone.locator(".st-key-live-leave-yes").count() == 0
        assert "You did not answer this one." in phone.locator(".live-got").inner_text()

        # "Leave?" opened, then the teacher asks the next question: the question, not "Leave?".
        click(phone, phone.locator(".st-key-live-leave button").first)
        wait_for(phone, ".st-key-live-leave-yes button", 30)
        live.ask(db, info.id, _spec("walk-2"))
        wait_for(phone, "[class*='st-key-live-choice-'] button", 30)
        settle(phone)
        assert phone.locator(".st-key-live-leave-yes").count() == 0
        assert phone.locator(".st-key-live-leave button").count() == 1
        # A tap after its reveal, on a phone not yet redrawn: said to have come too late.
        live.reveal(db, info.id)
        phone.locator("[class*='st-key-live-choice-'] button").first.tap()
        wait_for(phone, ".live-revealed", 30)
        expect(phone.locator(".live-got")).to_contain_text("came too late")
        assert phone.locator(".st-key-live-leave-yes").count() == 0
    finally:
        phone.context.close()


def test_a_live_class_on_a_deal_is_named_by_its_deal_once_ended(browser: Any, server: str) -> None:
    """While the class is open the projector calls the hand by its number, "Hand 1" (a deal number opens
    every hand in a student's browser); after End the header names the deal again, and the
    summary and the questions CSV name it (title and id), so the teacher can tell later which
    hand it was."""
    teacher_ctx = sized_context(browser, 1920, 1080, accept_downloads=True)
    teacher = teacher_ctx.new_page()
    teacher.set_default_timeout(90_000)
    try:
        open_presenter(teacher, server + PRESENT)
        assert teacher.locator(".pres-title").inner_text() == "Deal 12, hand 1"
        start_live(teacher, close_join=True)
        assert teacher.locator(".pres-title").inner_text() == "Hand 1"
        click(teacher, teacher.locator(".st-key-pres-ask button").first)
        wait_for(teacher, ".live-chart", 30)
        click(teacher, teacher.locator(".st-key-pres-forward button").first)  # the reveal
        wait_for(teacher, ".live-chart[data-revealed='1']", 30)
        click(teacher, teacher.locator(".st-key-live-end button").first)
        click(teacher, teacher.locator(".st-key-live-end-yes button").first)
        wait_for(teacher, ".st-key-live-ended-msg", 30)
        assert teacher.locator(".pres-title").inner_text() == "Deal 12, hand 1"
        click(teacher, teacher.locator(".st-key-live-summary-open button").first)
        wait_for(teacher, ".st-key-live-summary", 30)
        assert "Class summary: Deal 12, hand 1" in teacher.locator(".st-key-live-summary").inner_text()
        shot(teacher, "walk-summary-titled-1920x1080.png")
        with teacher.expect_download() as dl:
            teacher.locator(".st-key-live-csv-questions button").first.click()
        table = list(csv.DictReader(io.StringIO(open(dl.value.path(), "rb").read().decode("utf-8-sig"))))
        assert len(table) == 1, table
        assert table[0]["title"] == "Deal 12, hand 1 · Move 12" and table[0]["id"] == "deal-12/move-12", table
    finally:
        teacher_ctx.close()


def test_the_dashboard_lists_every_wrong_answer_or_says_how_many_more(teacher: Any, server: str) -> None:
    """Four students each give a different wrong answer to one level: the dashboard's cell has
    all four (in the order given), as the CSV does; with more, it says how many it leaves out."""
    from store import classes, events, learners, open_store
    from store.events import LessonAnswer
    from tutorial.services.items import course

    db = open_store()
    klass, token = classes.create_class(db, "Walk wrongs")
    levels = list(course().levels())
    level, other = levels[0], levels[1]
    for i, answer in enumerate((6, 5, 8, 9, 4, 3)):
        learner, _ = learners.create(db)
        classes.join(db, klass.join_code, f"Pupil {i}", learner.id)
        if i < 4:
            events.write(db, learner.id, LessonAnswer(level.id, False, answer=answer, stage_id=level.stage))
        events.write(db, learner.id, LessonAnswer(other.id, False, answer=answer, stage_id=other.stage))
    page = teacher
    page.set_viewport_size({"width": 1440, "height": 900})
    open_page(page, f"{server}/classes?teacher={token}")
    wait_for(page, ".st-key-class-codes")
    wait_for(page, "[data-testid=stDataFrame] td", 60, state="attached")
    cells = page.evaluate("""() => Array.from(document.querySelectorAll(
        '[data-testid=stDataFrame] td')).map(c => c.textContent)""")
    assert "6 (×1); 5 (×1); 8 (×1); 9 (×1)" in cells, cells
    assert "6 (×1); 5 (×1); 8 (×1); and 3 more (all in the CSV)" in cells, cells


def test_a_code_typed_with_a_full_stop_or_dashes_is_taken_and_a_wrong_one_refused(browser: Any,
                                                                                   server: str) -> None:
    """Classes → Join and the live class's phone take "srv-7ka." as SRV7KA; a wrong code dressed
    the same way is still told so."""
    from store import classes, live, open_store

    db = open_store()
    klass, _ = classes.create_class(db, "Loose codes")
    info, _ = live.start(db, "Loose live")
    phone = _phone(browser)
    try:
        open_page(phone, f"{server}/classes")
        wait_for(phone, ".st-key-class-code input")
        phone.locator(".st-key-class-code input").fill("zzz-zzz.")
        phone.locator(".st-key-class-name input").fill("Kit")
        click(phone, phone.locator("[data-testid=stFormSubmitButton] button").first)
        expect(phone.locator("[data-testid=stAlertContentError]")).to_contain_text("There is no class with this code")
        loose = f"{klass.join_code[:3].lower()}-{klass.join_code[3:].lower()}."
        phone.locator(".st-key-class-code input").fill(loose)
        click(phone, phone.locator("[data-testid=stFormSubmitButton] button").first)
        expect(phone.locator("[data-testid=stAlertContentSuccess]")).to_contain_text("Welcome, Kit!")

        phone.goto(f"{server}/live")
        wait_for(phone, ".st-key-live-name input", 120)
        settle(phone)
        phone.locator(".st-key-live-code input").fill("zzz-zzz.")
        phone.locator(".st-key-live-name input").fill("Kit")
        click(phone, phone.locator("[data-testid=stFormSubmitButton] button").first)
        expect(phone.locator("[data-testid=stAlertContentError]")).to_contain_text("No live class has this code")
        phone.locator(".st-key-live-code input").fill(f"“{info.join_code[:3]}-{info.join_code[3:]}.”")
        click(phone, phone.locator("[data-testid=stFormSubmitButton] button").first)
        wait_for(phone, ".live-waiting", 30)
        assert info.join_code in phone.locator(".live-who-code").inner_text()
    finally:
        phone.context.close()


def test_an_arrow_pressed_before_the_presenter_is_drawn_is_not_lost(browser: Any, server: str) -> None:
    """→ pressed as soon as the page's document is there, long before the board is drawn:
    the presenter reaches move 1 once it is ready."""
    ctx = sized_context(browser, 1920, 1080)
    page = ctx.new_page()
    page.set_default_timeout(90_000)
    try:
        page.goto(server + "/presenter?deal=12&computer=basic", wait_until="domcontentloaded")
        assert page.locator(".pres-stage").count() == 0  # pressed before the board is drawn
        page.keyboard.press("ArrowRight")
        wait_for(page, ".pres-stage[data-count='1']", 120)
        settle(page)
        assert re.search(r"[?&]move=1(&|$)", page.url), page.url
        assert page.locator(".pres-stage").get_attribute("data-count") == "1"
        time.sleep(1)  # played once: no second step
        assert page.locator(".pres-stage").get_attribute("data-count") == "1"
    finally:
        ctx.close()


def test_the_join_screens_qr_code_is_its_link_which_opens_the_name_box_with_the_code(browser: Any,
                                                                                    server: str) -> None:
    """The QR code on the presenter's join screen encodes exactly the link beside it (the same
    modules as that link's QR code); a phone that opens it finds the class's code filled in
    and the name box ready, and joins with a name alone."""
    from tutorial.services.live import qr_svg

    teacher_ctx = sized_context(browser, 1920, 1080)
    teacher = teacher_ctx.new_page()
    teacher.set_default_timeout(90_000)
    phone = _phone(browser)
    try:
        open_presenter(teacher, server + PRESENT)
        code = start_live(teacher)
        svg = teacher.locator(".live-join-big svg[aria-label^='QR code']")
        url = str(svg.get_attribute("aria-label")).split("QR code of ", 1)[1]
        assert url.endswith(f"/live?code={code}"), url
        drawn = teacher.evaluate("(e) => e.querySelector('path').getAttribute('d')", svg.element_handle())
        made = re.search(r' d="([^"]+)"', qr_svg(url))
        assert made is not None and drawn == made.group(1)  # the QR code is this link, module for module
        beside = teacher.locator(".live-join-big .live-text").inner_text()  # the link and code beside it
        assert url.split("?")[0] in beside and code in beside, beside
        phone.goto(url.replace(url.split("/live")[0], server))
        wait_for(phone, ".st-key-live-name input", 120)
        settle(phone)
        assert phone.locator(".st-key-live-code input").input_value() == code
        shot(phone, "walk-phone-scanned-390x844.png")
        phone.locator(".st-key-live-name input").fill("Scan")
        click(phone, phone.locator("[data-testid=stFormSubmitButton] button").first)
        wait_for(phone, ".live-waiting", 30)
        assert code in phone.locator(".live-who-code").inner_text()
    finally:
        phone.context.close()
        teacher_ctx.close()
