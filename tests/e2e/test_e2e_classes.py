"""Browser tests of classes as a teacher and students use them: the teacher (1440×900) makes a
class with the button only (Enter in the name box makes nothing), projects a join screen that
shows the code and its QR code and nothing else, sees the teacher link only when they ask (after
a reload too, in the browser that made the class; another browser that opens the teacher link
drops it from its address bar and keeps it HttpOnly, until a new link replaces it), and finds
their class again on the Classes page; students on phones (390×844) join a class and a
live class (the join screen's address, opened on a phone, offers the join form with its code,
and the form goes away once joined), where names are one name whatever their case, a long pasted name is cut to 40 with
a word (in a live class too), a PIN is said as four digits (five digits too), a live-class code typed there links to Live class, a phone that joins as a student with their PIN stays that
student after a reload, leaving asks first and coming back from the same
phone takes the old place back, and a tap after the reveal is said to have come too late."""

from __future__ import annotations

import time
from typing import Any

from moon_browser import click, open_page, runs, settle, sized_context, wait_for, wait_for_cookie, wait_runs
from playwright.sync_api import expect

LONG = "Maximiliana Alexandrovna Konstantinopolska-Weatherby"  # 52 characters


def _phone(browser: Any) -> Any:
    ctx = sized_context(browser, 390, 844)
    pg = ctx.new_page()
    pg.set_default_timeout(60_000)
    return pg


def _alert(page: Any) -> str:
    return str(page.locator('[data-testid="stAlert"]').last.inner_text())


def _revealed(page: Any) -> str:
    """The teacher link's token, after a click on "Show the teacher link"."""
    click(page, page.locator(".st-key-class-link-reveal button").first)
    wait_for(page, ".st-key-class-codes code")
    return str(page.locator(".st-key-class-codes code").inner_text()).split("teacher=")[1].strip()


def _class_cookie(page: Any, code: str, token: str, timeout: float = 30.0) -> dict[str, Any]:
    """The browser's cookie that keeps the teacher link of class ``code``, once it holds ``token``."""
    deadline = time.monotonic() + timeout
    while True:
        found = [c for c in page.context.cookies() if c["name"] == f"moon_class_{code}" and c["value"] == token]
        if found:
            return dict(found[0])
        assert time.monotonic() < deadline, f"no teacher-link cookie for {code}: {page.context.cookies()}"
        page.wait_for_timeout(50)


def test_a_class_made_by_the_button_projected_safely_and_found_again(teacher: Any, page: Any, server: str) -> None:
    other, page = page, teacher
    open_page(page, server + "/classes")
    name = page.locator(".st-key-class-new-name input")
    name.fill("Moon club Friday")
    before = runs(page)
    name.press("Enter")  # before the PIN option is ticked: nothing is made
    settle(page, since=before)
    assert "teacher=" not in page.url and page.locator(".st-key-class-codes").count() == 0
    page.locator(".st-key-class-new-pin label").click()
    click(page, page.get_by_role("button", name="Make the class"))
    wait_for(page, ".st-key-class-codes")
    main = page.locator("[data-testid=stMain]")
    assert "teacher=" not in main.inner_text(), "the teacher link shows beside the join code"
    assert "PIN of four digits" in main.inner_text()
    # The dashboard keeps the app's navigation: on to the Presenter or the Classroom.
    nav = page.locator("[data-testid=stSidebar] [data-testid=stSidebarNav]")
    assert page.locator("[data-testid=stSidebar]").is_visible() and nav.is_visible()
    assert {"Presenter", "Classroom"} <= set(nav.inner_text().split("\n")), nav.inner_text()
    code = page.locator(".class-join-code").inner_text().strip()
    assert "teacher=" not in page.url and f"class={code}" in page.url  # no secret in the address bar
    # Said before it is shown: this browser keeps the link (elsewhere only a new one can be made),
    # and how the dashboard comes back in it (done below: the Classes page, Your classes).
    said = page.locator(".st-key-class-codes").inner_text()
    assert "This browser keeps it" in said and "Your classes opens this dashboard again" in said, said
    assert "a reload shows it again" not in said, said  # the Classes page itself shows the list
    token = _revealed(page)  # shown when asked
    assert len(token) >= 20
    # Kept in an HttpOnly cookie of this browser, which no script of the page can read.
    kept = _class_cookie(page, code, token)
    assert kept["httpOnly"] and kept["sameSite"] == "Lax" and kept["path"] == "/"
    assert token not in str(page.evaluate("document.cookie"))
    # The test server is opened as localhost, which no phone can open: the teacher's view says so.
    assert "localhost" in server or "127.0.0.1" in server
    assert "Phones cannot open" in page.locator(".st-key-class-codes .live-warn").inner_text()
    href = str(page.get_by_role("link", name="Show the join screen for the projector").get_attribute("href"))
    assert token not in href
    # The join screen: the code and its QR code, big; no name, score, link or sidebar.
    open_page(page, server + href)
    assert token not in page.content() and token not in page.url
    screen = page.locator(".class-screen")
    assert screen.get_attribute("data-code") == code and code in screen.inner_text()
    assert "Moon club Friday" in screen.locator(".class-title").inner_text()  # the right class, two in a room
    qr = page.locator(".class-screen svg[aria-label^='QR code']")
    assert f"/classes?code={code}" in str(qr.get_attribute("aria-label")) and qr.bounding_box()["height"] > 400
    assert float(page.evaluate("() => parseFloat(getComputedStyle(document.querySelector('.class-code')).fontSize)")) >= 56
    assert page.locator("[data-testid=stSidebar]").is_hidden()
    assert all(page.locator(f"[data-testid={c}]").is_hidden() for c in ("stExpandSidebarButton", "stSidebarCollapsedControl"))
    assert "Students" not in page.locator("[data-testid=stMain]").inner_text()
    # No address phones can open (the test server answers on this computer only): the screen
    # the teacher projects says so itself.
    assert "Phones cannot open" in page.locator(".class-screen .live-warn").inner_text()
    # The join form for a phone that opened this address sits below the first screenful.
    assert page.locator(".st-key-class-screen-join").bounding_box()["y"] >= 900
    page.set_viewport_size({"width": 1920, "height": 1080})  # and on a projector
    page.wait_for_timeout(200)
    assert page.locator(".st-key-class-screen-join").bounding_box()["y"] >= 1080
    assert page.locator(".class-code").bounding_box()["y"] + page.locator(".class-code").bounding_box()["height"] <= 1080
    page.set_viewport_size({"width": 1440, "height": 900})
    # Back on the Classes page, the class this browser made is listed and opens its dashboard.
    open_page(page, server + "/classes")
    mine = page.locator(".st-key-class-mine")
    assert "Moon club Friday" in mine.inner_text()
    assert code not in mine.inner_text()  # the list may be projected: a code would let anyone join
    click(page, mine.get_by_role("link", name="Moon club Friday", exact=True))
    wait_for(page, ".st-key-class-codes")
    assert page.locator(".class-join-code").inner_text().strip() == code and "teacher=" not in page.url
    # A new session in the browser that made the class: the link is still there, behind its reveal.
    assert "teacher=" not in page.locator("[data-testid=stMain]").inner_text()
    assert _revealed(page) == token
    # Another browser opens the teacher link: the secret leaves its address bar too (the class
    # code stays), its F5 still opens the dashboard, and the link is kept HttpOnly there.
    open_page(other, f"{server}/classes?teacher={token}")
    wait_for(other, ".st-key-class-codes")
    assert "teacher=" not in other.url and f"class={code}" in other.url, other.url
    _class_cookie(other, code, token)
    open_page(other, other.url)
    wait_for(other, ".st-key-class-codes")
    assert other.locator(".class-join-code").inner_text().strip() == code and "teacher=" not in other.url
    # A new teacher link, asked first; the old one stops.
    click(page, page.locator(".st-key-class-new-link button").first)
    assert "old one stops working" in page.locator(".st-key-class-new-link-box").inner_text()
    click(page, page.locator(".st-key-class-new-link-yes button").first)
    # Made, said, and not shown until asked: the page may be on the projector.
    assert "A new teacher link is made" in page.locator(".st-key-class-codes").inner_text()
    assert "teacher=" not in page.locator("[data-testid=stMain]").inner_text()
    new = _revealed(page)
    assert len(new) >= 20 and new != token
    _class_cookie(page, code, new)  # the browser now keeps the new one: a reload shows it
    # The other browser's old link: said to be replaced, and its class code opens nothing now;
    # a student who lands there is offered the join form.
    open_page(other, f"{server}/classes?teacher={token}")
    assert "newer teacher link may have replaced it" in _alert(other)
    open_page(other, f"{server}/classes?class={code}")
    assert "opens only in the browser" in _alert(other)
    # "Join this class as a student" opens the join page with the code (test_e2e_teacher_lesson.py).
    assert other.get_by_role("button", name="Join this class as a student").count() == 1
    # A code that names no class says so, and offers no class to join.
    open_page(other, f"{server}/classes?class=zzzzzz")
    assert "No class has the code ZZZZZZ" in _alert(other)
    assert "opens only in the browser" not in other.locator("[data-testid=stMain]").inner_text()
    assert other.get_by_role("button", name="Join this class as a student").count() == 0
    # A malformed live-class code in a link says what a code looks like, as "Join" would.
    open_page(other, f"{server}/live?code=abc")
    assert "A live-class code is 6 letters and digits" in _alert(other)
    open_page(page, f"{server}/classes?class={code}")
    assert _revealed(page) == new
    from store import classes, open_store

    db = open_store()
    assert classes.find_by_teacher_token(db, token) is None
    assert classes.find_by_teacher_token(db, new) is not None


def _join_class(page: Any, code: str, name: str, pin: str | None = None) -> None:
    page.locator(".st-key-class-code input").fill(code)
    page.locator(".st-key-class-name input").fill(name)
    if pin is not None:
        page.locator(".st-key-class-pin input").fill(pin)
    click(page, page.get_by_role("button", name="Join"))


def test_the_dashboard_opens_with_its_students_shown_and_the_join_screen_beside_the_code(teacher: Any,
                                                                                          server: str) -> None:
    """The teacher's dashboard opens with "Students' progress (2)" open, the names in its grid
    (the room gets the join screen, which shows no name); the button to the join screen sits
    beside the code, on the first screenful; the box still folds away."""
    from store import classes, learners, open_store

    db = open_store()  # the server inherited this process's MOON_DATABASE_URL
    klass, token = classes.create_class(db, "Projected")
    for name in ("Quillon", "Rosamund"):
        learner, _ = learners.create(db)
        classes.join(db, klass.join_code, name, learner.id)
    page = teacher
    page.set_viewport_size({"width": 1920, "height": 1080})
    open_page(page, f"{server}/classes?teacher={token}")
    wait_for(page, ".st-key-class-codes")
    box = page.locator(".st-key-class-students-box")
    expect(box).to_contain_text("Students' progress (2)")
    assert box.locator("details").get_attribute("open") is not None  # open without a click
    wait_for(page, ".st-key-class-students-box [data-testid=stDataFrame] td", state="attached")
    cells = page.evaluate("""() => Array.from(document.querySelectorAll(
        '.st-key-class-students-box [data-testid=stDataFrame] td')).map(c => c.textContent)""")
    assert "Quillon" in cells and "Rosamund" in cells, cells
    # The join screen's button sits beside the code, on the first screenful.
    code = page.locator(".class-join-code")
    link = page.locator(".st-key-class-codes").get_by_role("link", name="Show the join screen for the projector")
    assert link.get_attribute("href") == f"/classes?join={klass.join_code}"
    cb, lb = code.bounding_box(), link.bounding_box()
    assert lb["y"] + lb["height"] <= 1080 and abs(lb["x"] - cb["x"]) < 40 and 0 < lb["y"] - cb["y"] < 200, (cb, lb)
    # Folded by the teacher: no name in sight.
    click(page, box.locator("summary"))
    expect(box.locator("details")).not_to_have_attribute("open", "")
    assert page.locator("[data-testid=stDataFrame]").filter(visible=True).count() == 0


def test_class_names_are_one_name_whatever_the_case_long_names_cut_pins_are_digits(browser: Any,
                                                                                  server: str) -> None:
    from store import classes, open_store

    db = open_store()  # the server inherited this process's MOON_DATABASE_URL
    klass, _ = classes.create_class(db, "Names", pin_required=True)
    one, two = _phone(browser), _phone(browser)
    try:
        # The join screen's address, copied from the projector: on a phone, the form with its code.
        open_page(one, f"{server}/classes?join={klass.join_code}")
        # The form first; the projector's screen is not drawn on a phone.
        wait_for(one, ".st-key-class-code input", 60)
        assert one.locator(".class-screen").is_hidden()
        assert one.locator(".st-key-class-code input").input_value() == klass.join_code
        _join_class(one, klass.join_code, "Dup", "12345")  # one digit too many: not "asks for a PIN"
        assert "four digits (0–9), like 2580, and nothing else" in _alert(one), _alert(one)
        _join_class(one, klass.join_code, "Dup", "12a4")
        assert "four digits (0–9)" in _alert(one) and "4-digit" not in _alert(one)
        # A live class's code typed here: said, with a link to Live class carrying the code.
        from store import live

        lesson, _ = live.start(db, "Mixed up")
        _join_class(one, lesson.join_code.lower(), "Dup", "2580")
        assert f"{lesson.join_code} is a live-class code" in _alert(one), _alert(one)
        to_live = one.get_by_role("link", name=f"Live class: join with {lesson.join_code}")
        assert f"live?code={lesson.join_code}" in str(to_live.get_attribute("href"))
        _join_class(one, f" {' '.join(klass.join_code)} ", "Dup", "2580")  # spaced out as on the board
        assert "Welcome, Dup!" in _alert(one)
        # Joined: the filled form gives way to the welcome and where to go next.
        assert one.locator(".st-key-class-name input").count() == 0
        assert one.get_by_role("link", name="Learn the game").is_visible()
        open_page(two, f"{server}/classes?code={klass.join_code}")
        # The QR's link fills the code in (a loaded machine may draw the form's value a moment late).
        expect(two.locator(".st-key-class-code input")).to_have_value(klass.join_code, timeout=30_000)
        _join_class(two, klass.join_code, "dup", "1111")
        assert "not right" in _alert(two)  # "dup" is Dup's name: it needs Dup's PIN
        # A long name pasted whole: joined, cut to 40, and told so.
        two.locator(".st-key-class-name input").fill(LONG)
        assert two.locator(".st-key-class-name input").input_value() == LONG
        _join_class(two, klass.join_code, LONG, "1111")
        assert f"Welcome, {LONG[:40]}!" in _alert(two) and "yours was shortened to" in _alert(two)
        # Back under the same long name (the walker's "as ZZZZ…Z."): told again, not cut silently.
        click(two, two.get_by_role("button", name="Join another class"))
        _join_class(two, klass.join_code, LONG, "1111")
        said = _alert(two)
        assert f"Welcome back, {LONG[:40]}!" in said and \
            f"Names are at most 40 characters: yours was shortened to “{LONG[:40]}”" in said, said
        # The same phone then joins as Dup with Dup's PIN: from then on it is Dup, after a reload too
        # (its cookie carries a token that opens Dup, not the phone's own profile).
        own = wait_for_cookie(two)["value"]
        click(two, two.get_by_role("button", name="Join another class"))
        _join_class(two, klass.join_code, "dup", "2580")
        assert "Welcome back, Dup!" in _alert(two)
        deadline = time.monotonic() + 30
        while wait_for_cookie(two)["value"] == own:
            assert time.monotonic() < deadline, "the phone's cookie still opens its own profile"
            two.wait_for_timeout(50)
        open_page(two, f"{server}/classes")
        main = two.locator("[data-testid=stMain]").inner_text()
        assert "as Dup." in main and LONG[:40] not in main
        # The long name in a live class: cut, and said so while the phone waits (it redraws
        # every 1.5 s: after two redraws the word stays).
        open_page(one, f"{server}/live?code={lesson.join_code}")
        _join_live(one, LONG)
        wait_for(one, ".live-waiting")
        assert _says_who(one, LONG[:40].strip()), one.locator(".live-who").inner_text()
        wait_runs(one, 2)
        assert f"Names are at most 40 characters: yours was shortened to “{LONG[:40].strip()}”" in _alert(one), \
            _alert(one)
    finally:
        one.context.close()
        two.context.close()


def _says_who(page: Any, name: str, code: str = "") -> bool:
    """Whether the phone's first line names the student as joined: "Welcome, Ada! You are in
    class K7M3QA" (back in their place: "Welcome back, Ada: your earlier answers are kept. You
    are in class K7M3QA") until the first answer on this phone, then "You are Ada in class
    K7M3QA"."""
    who = page.locator(".live-who").inner_text()
    return who.startswith((f"Welcome, {name}! You are in class {code}", f"You are {name} in class {code}",
                           f"Welcome back, {name}: your earlier answers are kept. You are in class {code}"))


def _join_live(page: Any, name: str) -> None:
    page.locator(".st-key-live-name input").fill(name)
    click(page, page.locator("[data-testid=stFormSubmitButton] button").first)


def test_a_live_student_leaves_only_when_sure_and_comes_back_to_their_answers(browser: Any, server: str) -> None:
    from store import live, open_store

    db = open_store()
    info, _ = live.start(db, "Come and go")
    live.ask(db, info.id, live.QuestionSpec("q1", "move", "Which tile?", (("a", "6-4"), ("b", "5-5")), ("a",),
                                            "6-4", "It wins."))
    ada, other = _phone(browser), _phone(browser)
    try:
        open_page(ada, f"{server}/live?code={info.join_code}")
        _join_live(ada, "Ada")
        wait_for(ada, "[class*='st-key-live-choice-'] button")
        assert _says_who(ada, "Ada", info.join_code), ada.locator(".live-who").inner_text()
        click(ada, ada.locator("[class*='st-key-live-choice-'] button").first)
        assert "Answer received" in ada.locator(".live-got").inner_text()
        # "ADA" from another phone is Ada's name.
        open_page(other, f"{server}/live?code={info.join_code}")
        _join_live(other, " ADA ")
        assert "'Ada' is taken" in _alert(other)
        # Leaving asks first; "Stay" keeps the place.
        click(ada, ada.locator(".st-key-live-leave button").first)
        assert "Leave the live class?" in ada.locator(".st-key-live-leave-box").inner_text()
        click(ada, ada.locator(".st-key-live-leave-no button").first)
        assert ada.locator(".live-who").count() == 1
        click(ada, ada.locator(".st-key-live-leave button").first)
        shown = ada.locator(".st-key-live-leave-box code").inner_text()  # her personal link, to come back elsewhere
        link = shown.split("?me=")[1].strip()
        assert live.host_view(db, info.id).players == 1  # type: ignore[union-attr]
        click(ada, ada.locator(".st-key-live-leave-yes button").first)
        wait_for(ada, ".st-key-live-name input")
        assert live.host_view(db, info.id).players == 0  # type: ignore[union-attr]  # the room no longer counts her
        # Back from the same phone, the name typed in another case: the same place, answer kept.
        ada.locator(".st-key-live-code input").fill(info.join_code)
        _join_live(ada, "ada")
        wait_for(ada, ".live-got")
        assert _says_who(ada, "Ada", info.join_code), ada.locator(".live-who").inner_text()
        assert "Answer received: 6-4" in ada.locator(".live-got").inner_text()
        assert [(s["name"], s["answered"]) for s in live.summary(db, info.id).students] == [("Ada", 1)]
        assert live.host_view(db, info.id).players == 1  # type: ignore[union-attr]
        # From another phone with the personal link her phone showed, Ada's place is hers again
        # at once: that browser is now hers, as a reopened one is (no form to fill in again).
        open_page(other, f"{server}/live?code={info.join_code}&me={link}")
        wait_for(other, ".live-got")
        assert _says_who(other, "Ada", info.join_code), other.locator(".live-who").inner_text()
        assert "Answer received: 6-4" in other.locator(".live-got").inner_text()
        assert [(s["name"], s["answered"]) for s in live.summary(db, info.id).students] == [("Ada", 1)]
        # A tap that reaches the class after the reveal is not counted, and the phone says it came
        # too late (not "You did not answer"). Revealed just after the phone looked, so its buttons
        # are still there (it looks again 1.5 s later).
        live.ask(db, info.id, live.QuestionSpec("q2", "move", "And now?", (("a", "6-4"), ("b", "5-5")), ("b",),
                                                "5-5", "It is safe."))
        wait_for(other, "[class*='st-key-live-choice-'] button")
        looked = runs(other)
        while runs(other) <= looked:
            other.wait_for_timeout(20)
        live.reveal(db, info.id)
        click(other, other.locator("[class*='st-key-live-choice-'] button").first)
        wait_for(other, ".live-revealed")
        got = other.locator(".live-got").inner_text()
        assert "came too late" in got and "did not answer" not in got, got
        assert [(s["name"], s["answered"]) for s in live.summary(db, info.id).students] == [("Ada", 1)]
    finally:
        ada.context.close()
        other.context.close()
