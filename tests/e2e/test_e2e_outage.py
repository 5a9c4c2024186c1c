"""Browser test of a real outage: an app server on a private PostgreSQL cluster that is
stopped, first when the server starts, then while it runs. A browser with no profile yet
answers on Learn, is told the answers wait, and once the database is back its profile is made
(the cookie set) and every answer is a row, in order."""

from __future__ import annotations

import os
import time
from typing import Any

import pytest
from moon_browser import app_server, click, open_page, runs, settle, sized_context
from sqlalchemy import select

from store import learners
from store.db import Store
from store.models import LessonAttempt
from store.pgserver import PrivateServer, private_cluster, unavailable_reason
from tutorial.services.items import course


def _level() -> Any:
    return next(lv for lv in course().levels() if lv.kind == "count")


def _answer(page: Any, value: int) -> None:
    lv = _level()
    box = page.locator(f".st-key-lv-{lv.id}-number input")
    box.fill(str(value))
    before = runs(page)
    box.press("Enter")
    settle(page, since=before)
    click(page, page.locator(f".st-key-lv-{lv.id}-check button"))


def _main(page: Any) -> str:
    return str(page.locator('[data-testid="stMain"]').inner_text())


def _until_saved(page: Any) -> None:
    """Move between Learn and Puzzles in this session (each a run, which sends what waits)
    until no answer waits; the store tries the database again a few seconds after a failure."""
    deadline = time.monotonic() + 90
    names = ["Puzzles", "Learn"]
    while "waiting to be saved" in _main(page):
        assert time.monotonic() < deadline, "the answers were not saved after the database came back"
        click(page, page.locator('[data-testid="stSidebarNav"] a', has_text=names[0]).first)
        names.reverse()


def _token(ctx: Any) -> str:
    deadline = time.monotonic() + 30
    while True:
        found = [c["value"] for c in ctx.cookies() if c["name"] == "moon_learner"]
        if found:
            return str(found[0])
        assert time.monotonic() < deadline, "no profile cookie was set"
        time.sleep(0.2)


def _rows(pg: PrivateServer, token: str) -> list[tuple[Any, bool, int]]:
    db = Store(pg.url)
    try:
        me = learners.find(db, token)
        assert me is not None, "the cookie opens no profile"
        with db.session() as s:
            rows = s.execute(select(LessonAttempt.answer, LessonAttempt.correct, LessonAttempt.try_number)
                             .where(LessonAttempt.learner_id == me.id).order_by(LessonAttempt.id)).all()
        return [(r[0], r[1], r[2]) for r in rows]
    finally:
        db.dispose()


def _first_visit(browser: Any, pg: PrivateServer, base: str, answers: list[int], kept: int | None = None) -> None:
    """A fresh browser answers on Learn while ``pg`` is stopped; then it is started again.
    ``kept``: the answer a second miss shows, which ends the level as its next try."""
    lv = _level()
    ctx = sized_context(browser, 1440, 1000)
    page = ctx.new_page()
    stored = [*answers, *([] if kept is None else [kept])]
    try:
        open_page(page, f"{base}/learn")
        for value in answers:
            _answer(page, value)
        assert f"{len(stored)} answers are waiting to be saved" in _main(page)
        assert not [c for c in ctx.cookies() if c["name"] == "moon_learner"]  # no profile could be made yet
        pg.start()
        _until_saved(page)
        expected = [(v, v == lv.answer(), i) for i, v in enumerate(stored, start=1)]
        assert _rows(pg, _token(ctx)) == expected
    finally:
        ctx.close()


def test_a_new_learners_answers_in_a_postgresql_outage_are_saved_when_it_is_back(
        browser: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    reason = unavailable_reason()
    if reason:
        if os.environ.get("CI") == "true":
            pytest.fail(f"CI must run this on PostgreSQL: {reason}")
        pytest.skip(f"no PostgreSQL: {reason}")
    lv = _level()
    with private_cluster("moon_outage") as pg:
        pg.stop()  # the app server starts while its database is down
        monkeypatch.setenv("MOON_DATABASE_URL", pg.url)
        with app_server() as base:
            _first_visit(browser, pg, base, [lv.answer() + 1, lv.answer()])
            pg.stop()  # and now it goes away while the server runs
            _first_visit(browser, pg, base, [lv.answer() + 2, lv.answer() + 1], kept=lv.answer())
