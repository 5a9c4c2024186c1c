"""Browser tests of the store: progress survives a refresh, a browser restart and a server
restart; two servers on one PostgreSQL database share progress; a teacher and three students.
Screenshots of Home (personal link), Progress and the teacher dashboard go to
artifacts/screenshots/ (with MOON_SCREENSHOTS=1)."""

from __future__ import annotations

import csv
import io
import os
from collections.abc import Iterator
from typing import Any

import pytest
from moon_browser import (
    SCREENSHOTS,
    answer_count_level,
    app_server,
    app_servers,
    click,
    click_key,
    first_count_level,
    full_screenshot,
    open_page,
    settle,
    sized_context,
    wait_for,
    wait_for_cookie,
    wait_ready,
)

from store.pgserver import private_server, unavailable_reason
from tutorial.components.profile import COOKIE_ROUTE


def _wait_for_cookie(page: Any) -> None:
    wait_for_cookie(page)


def _sidebar(page: Any) -> str:
    return str(page.locator('[data-testid="stSidebar"]').inner_text())


def _personal_link(page: Any, base: str) -> str:
    open_page(page, base + "/")
    text = str(page.locator(".st-key-profile-link code").inner_text()).strip()
    assert "?me=" in text, text
    return text.split("?me=")[1]


def _shot(page: Any, name: str, width: int, height: int) -> None:
    page.set_viewport_size({"width": width, "height": height})
    settle(page)
    full_screenshot(page, SCREENSHOTS / f"store-{name}-{width}x{height}.png")


def test_progress_survives_refresh_browser_restart_and_server_restart(browser: Any, server: str) -> None:
    """Progress made on the session's server survives a refresh and a browser restart (the
    browser's stored state in a new context), and a server restart: a new server process on
    the same database, which never saw the progress, finds it by the stored cookie (cookies
    are the host's, whatever the port) and by the personal link."""
    lv = first_count_level()
    url = server
    ctx = sized_context(browser, 1440, 1000)
    page = ctx.new_page()
    answer_count_level(page, url, lv.answer())
    assert "3 stars" in _sidebar(page)
    _wait_for_cookie(page)
    page.reload()
    wait_ready(page)
    assert page.url.split("?")[0] == url + "/learn"
    assert "3 stars" in _sidebar(page)  # refresh
    token = _personal_link(page, url)
    _shot(page, "home", 1440, 1000)
    _shot(page, "home", 390, 844)
    storage = ctx.storage_state()
    ctx.close()
    ctx = sized_context(browser, 1440, 1000, storage_state=storage)
    page = ctx.new_page()
    open_page(page, url + "/")
    assert "3 stars" in _sidebar(page)  # browser restart: the stored cookie finds it
    ctx.close()
    with app_server() as url:  # the server started again: a new process on the same database
        ctx = sized_context(browser, 1440, 1000, storage_state=storage)
        page = ctx.new_page()
        open_page(page, url + "/progress")
        assert "3 stars" in _sidebar(page)
        assert _personal_link(page, url) == token
        ctx.close()
        # Another browser with no cookie starts empty; the personal link opens the progress.
        ctx = sized_context(browser, 1440, 1000)
        page = ctx.new_page()
        open_page(page, url + "/")
        assert "0 stars" in _sidebar(page)
        open_page(page, f"{url}/?me={token}")
        assert "3 stars" in _sidebar(page)
        ctx.close()


def _three_star_link(browser: Any, server: str) -> tuple[Any, str]:
    """A learner made in a browser of their own (three stars on the first counting level) and
    their personal link's token, that browser closed: the level and the token."""
    lv = first_count_level()
    ctx = sized_context(browser, 1440, 900)
    page = ctx.new_page()
    answer_count_level(page, server, lv.answer())
    token = _personal_link(page, server)
    ctx.close()
    return lv, token


def test_personal_link_is_kept_as_soon_as_its_page_shows_the_profile(browser: Any, server: str) -> None:
    """A personal link opened in a new browser: once Home shows the profile, the browser holds
    it. Another address opened at once (the next page, a new session) shows the same progress,
    and the cookie stays the link's learner."""
    _, token = _three_star_link(browser, server)
    ctx = sized_context(browser, 1440, 900)
    page = ctx.new_page()
    page.goto(f"{server}/?me={token}")
    page.wait_for_function("() => (document.querySelector('.st-key-home-path') || {}).innerText"
                           "?.includes('3 stars over 1 level')", timeout=90_000, polling=20)
    open_page(page, server + "/progress")
    main = str(page.locator('[data-testid="stMainBlockContainer"]').inner_text())
    assert "Nothing yet" not in main, main
    assert "3 stars" in _sidebar(page), _sidebar(page)
    wait_for_cookie(page, token)
    page.wait_for_timeout(2000)  # no script of the link's page may replace it later
    assert [c["value"] for c in ctx.cookies() if c["name"] == "moon_learner"] == [token]
    open_page(page, server + "/")
    assert "3 stars over 1 level" in str(page.locator(".st-key-home-path").inner_text())
    ctx.close()


def test_a_tab_opened_before_the_personal_link_leaves_the_browser_its_profile(browser: Any, server: str) -> None:
    """A tab opened before the personal link (a new visitor's, with no profile), answered in
    once the link's page has shown the profile: the answer makes that tab a profile of its own,
    but the browser keeps the link's cookie, and its next page shows the link's progress."""
    lv, token = _three_star_link(browser, server)
    ctx = sized_context(browser, 1440, 900)
    early = ctx.new_page()
    open_page(early, f"{server}/learn?level={lv.id}")
    link = ctx.new_page()
    open_page(link, f"{server}/?me={token}")
    assert "3 stars" in _sidebar(link)
    wait_for_cookie(link, token)
    # A wrong answer in the early tab makes it a profile (no stars); its page then asks the
    # server to keep that profile in the browser's cookie.
    with early.expect_response(lambda r: r.url.endswith(COOKIE_ROUTE) and r.request.method == "POST"):
        answer_count_level(early, server, lv.answer() + 1, reopen=False)
    assert "0 stars" in _sidebar(early)
    assert [c["value"] for c in ctx.cookies() if c["name"] == "moon_learner"] == [token]
    later = ctx.new_page()
    open_page(later, server + "/progress")
    assert "3 stars" in _sidebar(later), _sidebar(later)
    ctx.close()


@pytest.fixture(scope="module")
def pg_url() -> Iterator[str]:
    url = os.environ.get("MOON_TEST_POSTGRES_URL")
    if url:
        yield url
        return
    reason = unavailable_reason()
    if reason:
        if os.environ.get("CI") == "true":
            pytest.fail(f"CI must run this on PostgreSQL: {reason}")
        pytest.skip(f"no PostgreSQL: {reason}")
    with private_server("moon_e2e") as url:
        yield url


def test_two_servers_on_one_postgresql_database_share_progress(browser: Any, pg_url: str,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    """Progress made on one server is found on another server on the same PostgreSQL
    database: a browser new to the second server starts empty, and the personal link made on
    the first opens the progress there. (The second server's first page is asked for before
    the progress is made, so that its first run overlaps the first server's pages.)"""
    monkeypatch.setenv("MOON_DATABASE_URL", pg_url)
    lv = first_count_level()
    with app_servers(2) as (one, two):
        other = sized_context(browser, 1440, 1000)
        there = other.new_page()
        there.goto(two + "/")  # drawn while the first server is used below
        ctx = sized_context(browser, 1440, 1000)
        page = ctx.new_page()
        answer_count_level(page, one, lv.answer() + 1)  # wrong, then right: two stars
        answer_count_level(page, one, lv.answer(), reopen=False)
        assert "2 stars" in _sidebar(page)
        token = _personal_link(page, one)
        ctx.close()
        wait_ready(there)
        assert "0 stars" in _sidebar(there)
        open_page(there, f"{two}/?me={token}")
        assert "2 stars" in _sidebar(there)
        other.close()


def test_teacher_and_three_students(kept_page: Any, server: str) -> None:
    lv = first_count_level()
    tpage = kept_page(1440, 1000, "teacher")
    open_page(tpage, server + "/classes")
    tpage.locator(".st-key-class-new-name input").fill("Moon club")
    click(tpage, tpage.get_by_role("button", name="Make the class"))
    wait_for(tpage, ".st-key-class-codes")
    code = str(tpage.locator(".st-key-class-codes div[style*='letter-spacing']").inner_text()).strip()
    assert len(code) == 6
    students = [("Ana", [lv.answer()]), ("Ben", [lv.answer() + 2, lv.answer()]), ("Cleo", [lv.answer() + 2])]
    for name, answers in students:
        page = kept_page(1440, 1000, name)
        open_page(page, server + "/classes")
        page.locator(".st-key-class-code input").fill(code.lower())
        page.locator(".st-key-class-name input").fill(name)
        click(page, page.get_by_role("button", name="Join"))
        assert f"Welcome, {name}" in str(page.locator('[data-testid="stAlert"]').inner_text())
        for i, value in enumerate(answers):
            answer_count_level(page, server, value, reopen=i == 0)
        if name == "Ben":  # a student never sees the dashboard: a made-up teacher link opens nothing
            open_page(page, server + "/classes?teacher=" + "x" * 32)
            assert "This teacher link opens no class" in str(page.locator('[data-testid="stAlert"]').inner_text())
        page.close()
    click_key(tpage, "class-refresh")
    # The grid's own text (its accessible table, of the columns in view; the cells are drawn on a
    # canvas): each Rating cell reads "new", never an empty cell the canvas draws as "None".
    wait_for(tpage, "[data-testid=stDataFrame] td", state="attached")
    grid = tpage.evaluate("""() => Array.from(document.querySelectorAll('[data-testid=stDataFrame]')[0]
        .querySelectorAll('tr')).map(r => Array.from(r.children).map(c => c.textContent))""")
    rating = grid[0].index("Rating")
    assert [row[rating] for row in grid[1:]] == ["new", "new", "new"]
    _shot(tpage, "dashboard", 1440, 1000)
    _shot(tpage, "dashboard", 390, 844)
    page_text = str(tpage.locator('[data-testid="stMain"]').inner_text())
    assert "Students' progress (3)" in page_text
    assert "“new” while it is provisional" in page_text  # no student has a rating to compare yet
    # The CSV files are the dashboard, one table each, in UTF-8 with a byte-order mark (Excel on
    # Windows reads the accents), titles beside ids: Ana right first time (3 stars), Ben after a
    # wrong try (2), Cleo wrong.
    from tutorial.services.items import course

    stage = next(s for s in course().stages if s.id == lv.stage)
    stage_title = f"{stage.number}. {stage.title}"
    with tpage.expect_download() as dl:
        tpage.locator(".st-key-class-csv button").click()
    raw = open(dl.value.path(), "rb").read()
    assert raw.startswith(b"\xef\xbb\xbfstudent,stage_id,stage,")
    rows = list(csv.reader(io.StringIO(raw.decode("utf-8-sig"))))
    assert [r[:4] for r in rows[1:]] == [["Ana", lv.stage, stage_title, "3"], ["Ben", lv.stage, stage_title, "2"],
                                         ["Cleo", lv.stage, stage_title, "0"]]
    assert [r[rows[0].index("rating_provisional")] for r in rows[1:]] == ["yes", "yes", "yes"]
    with tpage.expect_download() as dl:
        tpage.locator(".st-key-class-csv-answers button").click()
    raw = open(dl.value.path(), "rb").read()
    assert raw.startswith(b"\xef\xbb\xbfkind,id,title,")
    rows = list(csv.reader(io.StringIO(raw.decode("utf-8-sig"))))
    assert rows[1:] == [["level", lv.id, lv.title, lv.stage, stage_title, "3", "1", f"{lv.answer() + 2} (×2)"]]
    # On screen: the students, the levels (one right first time of three, wrong answers
    # counted) and the puzzles (none yet).
    assert tpage.locator('[data-testid="stDataFrame"]').count() == 2
    # A puzzle named by its kind's question: "Is it a trump? Fives are trump…", never "?:".
    from sqlalchemy import select

    from store import classes, events, open_store
    from store.models import ClassMember
    from tutorial.services.items import item_title, kind_title, puzzles

    db = open_store()
    klass = classes.find_by_code(db, code)
    assert klass is not None
    ana = db.run(lambda s: s.scalar(select(ClassMember.learner_id).where(ClassMember.class_id == klass.id,
                                                                          ClassMember.display_name == "Ana")))
    pz = next(p for p in puzzles() if kind_title(p.kind).endswith("?"))
    events.write(db, int(ana), events.PuzzleAnswer(pz.id, False, answer="no", kind=pz.kind))
    click_key(tpage, "class-refresh")
    with tpage.expect_download() as dl:
        tpage.locator(".st-key-class-csv-answers button").click()
    rows = list(csv.reader(io.StringIO(open(dl.value.path(), "rb").read().decode("utf-8-sig"))))
    title = next(r[2] for r in rows[1:] if r[1] == pz.id)
    assert title == item_title(pz) and title.startswith(kind_title(pz.kind) + " ") and "?:" not in title, title


def test_progress_page_screenshots(page: Any, server: str) -> None:
    lv = first_count_level()
    answer_count_level(page, server, lv.answer() + 1)
    open_page(page, server + "/practice")
    for _ in range(3):  # answer whatever Practice picks: a wrong try, then the solution
        if page.locator(".st-key-practice-box button:has-text('Show the answer')").count():
            click(page, page.locator(".st-key-practice-box button:has-text('Show the answer')").first)
        click_key(page, "practice-next")
    open_page(page, server + "/progress")
    wait_for(page, '[data-testid="stMetricLabel"]')
    wait_for(page, ".js-plotly-plot")
    text = str(page.locator('[data-testid="stMain"]').inner_text())
    assert "Puzzle rating" in text and "To revisit" in text
    assert page.locator(".js-plotly-plot").count() >= 2
    _shot(page, "progress", 1440, 1000)
    _shot(page, "progress", 390, 844)
