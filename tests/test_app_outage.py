"""AppTest: a learner with no profile yet answers while the database is away (or could not
even be opened when the server started): every page says the answers are waiting, and when the
database is back the profile is made and every answer written, in order."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import event, select
from sqlalchemy.exc import OperationalError

import store.db
from store import Store, learners, open_store
from store.models import LessonAttempt
from tutorial.services.items import course
from tutorial.testing import errors, open_app, texts


def _level() -> Any:
    return next(lv for lv in course().levels() if lv.kind == "count")


def _answer(at: Any, lv: Any, value: int) -> None:
    at.number_input(key=f"lv-{lv.id}-number").set_value(value).run()
    at.button(key=f"lv-{lv.id}-check").click().run()
    assert not at.exception, errors(at)


def _rows(db: Store, learner_id: int) -> list[tuple[Any, bool, int]]:
    with db.session() as s:
        rows = s.execute(select(LessonAttempt.answer, LessonAttempt.correct, LessonAttempt.try_number)
                         .where(LessonAttempt.learner_id == learner_id).order_by(LessonAttempt.id)).all()
    return [(r[0], r[1], r[2]) for r in rows]


@contextmanager
def _refused(db: Store) -> Iterator[None]:
    """Every new connection to ``db`` is refused inside the block (pooled ones are closed)."""

    def refuse(*_: object) -> None:
        raise OperationalError("connect", {}, Exception("the database is restarting"))

    db.engine.dispose()
    event.listen(db.engine, "do_connect", refuse)
    try:
        yield
    finally:
        event.remove(db.engine, "do_connect", refuse)
        db._down_until = 0.0  # the pause after a failure is over


def _waiting(at: Any, n: int) -> bool:
    return f"{n} answers are waiting to be saved" in texts(at)


def test_a_new_learners_answers_wait_on_every_page_and_make_the_profile_when_the_database_is_back() -> None:
    lv = _level()
    db = open_store()
    with _refused(db):
        at = open_app("learn", state={"learn-stage": lv.stage, "learn-level": lv.id})
        for value in (lv.answer() + 1, lv.answer() + 2):  # the second miss ends the level: the
            _answer(at, lv, value)  # answer it shows is kept as the third try
        assert at.session_state["moon_learner_id"] is None if "moon_learner_id" in at.session_state else True
        assert _waiting(at, 3)
        for page in ("views/puzzles.py", "views/practice.py", "views/play.py", "views/home.py"):
            at.switch_page(page).run()
            assert not at.exception, errors(at)
            assert _waiting(at, 3), page
    at.switch_page("views/learn.py").run()  # the database is back: the next run sends it all
    assert not at.exception, errors(at)
    assert "waiting to be saved" not in texts(at)
    lid, token = at.session_state["moon_learner_id"], at.session_state["moon_learner_token"]
    assert learners.find(db, token).id == lid  # type: ignore[union-attr]
    assert _rows(db, lid) == [(lv.answer() + 1, False, 1), (lv.answer() + 2, False, 2), (lv.answer(), True, 3)]


def test_answers_wait_when_the_database_could_not_be_opened_at_start(tmp_path: Path,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    url = f"sqlite:///{tmp_path / 'opened-later.sqlite3'}"
    monkeypatch.setenv("MOON_DATABASE_URL", url)
    real = store.db.migrate

    def unreachable(*_: object, **__: object) -> None:
        raise OperationalError("connect", {}, Exception("the database is starting"))

    monkeypatch.setattr(store.db, "migrate", unreachable)
    lv = _level()
    at = open_app("learn", state={"learn-stage": lv.stage, "learn-level": lv.id})
    _answer(at, lv, lv.answer() + 1)
    _answer(at, lv, lv.answer())
    assert _waiting(at, 2)
    at.switch_page("views/home.py").run()
    assert "Progress cannot be saved on this server just now" in texts(at) and _waiting(at, 2)
    monkeypatch.setattr(store.db, "migrate", real)  # the database is up now
    store.db._open_failed.pop(url, None)  # and the pause after the failure is over
    try:
        at.switch_page("views/learn.py").run()
        assert not at.exception, errors(at)
        assert "waiting to be saved" not in texts(at)
        db = open_store(url)
        lid = at.session_state["moon_learner_id"]
        assert learners.find(db, at.session_state["moon_learner_token"]).id == lid  # type: ignore[union-attr]
        assert _rows(db, lid) == [(lv.answer() + 1, False, 1), (lv.answer(), True, 2)]
    finally:
        opened = store.db._open.pop(url, None)
        if opened is not None:
            opened.dispose()
