"""AppTest and services: the progress download is built only when asked for, and a progress
file is checked field by field against the real course before anything is written."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from store import StoreUnavailable, events, learners, open_store, transfer
from store.events import LessonAnswer
from tutorial.components import profile
from tutorial.services.items import course, puzzles
from tutorial.services.progress import ProgressError, check_file, known_content
from tutorial.testing import errors, open_app


@pytest.mark.parametrize("page", ["learn", "progress"])
def test_a_page_run_does_not_build_the_progress_download(page: str, monkeypatch: pytest.MonkeyPatch) -> None:
    db = open_store()
    me, token = learners.create(db, "Big history")
    events.write(db, me.id, LessonAnswer(next(iter(course().levels())).id, True))
    calls: list[int] = []
    real = transfer.export_dict

    def counted(*args: Any) -> dict[str, Any]:
        calls.append(1)
        return real(*args)

    monkeypatch.setattr(transfer, "export_dict", counted)
    at = open_app(page, query={"me": token})
    at.run()
    assert not at.exception, errors(at)
    assert at.session_state["moon_learner_id"] == me.id
    assert [b for b in at.get("download_button") if "progress" in str(b.proto.label)]
    assert calls == []


def test_the_download_is_built_when_the_button_asks_for_it(monkeypatch: pytest.MonkeyPatch) -> None:
    db = open_store()
    me, token = learners.create(db)
    events.write(db, me.id, LessonAnswer(next(iter(course().levels())).id, True))
    build = profile.deferred_export(db, me.id, token, "fallback")
    assert json.loads(build()) == transfer.export_dict(db, me.id)
    # A press in a tab whose link was replaced since its last run gets nothing of the profile.
    stale = profile.deferred_export(db, me.id, token, "fallback")
    learners.reset_token(db, me.id)
    assert stale() == "fallback"
    build = profile.deferred_export(db, me.id, None, "fallback")  # a session opened by a class PIN
    assert json.loads(build()) == transfer.export_dict(db, me.id)

    def away(*_: Any) -> dict[str, Any]:
        raise StoreUnavailable("down")

    monkeypatch.setattr(transfer, "export_dict", away)
    assert build() == "fallback"


def test_a_progress_file_is_checked_against_the_course() -> None:
    known = known_content()
    level, puzzle = next(iter(course().levels())).id, puzzles()[0].id
    assert level in known.level_ids and puzzle in known.puzzle_ids
    good = {"format": "moon-tutor-progress", "version": 2,
            "lesson_attempts": [{"level": level, "correct": True}], "puzzle_attempts": [{"puzzle": puzzle,
                                                                                        "correct": False}]}
    assert check_file(json.dumps(good).encode()) == good
    bad = dict(good, lesson_attempts=[{"level": level, "correct": True}, {"level": level, "correct": True,
                                                                           "hints": -3}])
    with pytest.raises(ProgressError, match=re.escape("'lesson_attempts' entry 2): the number of hints ('hints') is out of range")):
        check_file(json.dumps(bad).encode())
    with pytest.raises(ProgressError, match="names no puzzle"):
        check_file(json.dumps(dict(good, puzzle_attempts=[{"puzzle": "made-up", "correct": True}])).encode())
    # A retired puzzle's answers still import (puzzles.retired: its id stays resolvable).
    retired = dict(good, puzzle_attempts=[{"puzzle": "is-trump-5036", "correct": True}])
    assert check_file(json.dumps(retired).encode()) == retired
    with pytest.raises(ProgressError, match="'stars'"):
        check_file(json.dumps({"format": "moon-tutor-progress", "stars": {level: 10**9}}).encode())


def test_the_teachers_dashboard_marks_progress_loaded_from_a_file() -> None:
    from store import classes

    db = open_store()
    klass, teacher = classes.create_class(db, "Club uploads")
    earned, _ = learners.create(db)
    loaded, _ = learners.create(db)
    classes.join(db, klass.join_code, "Earned", earned.id)
    classes.join(db, klass.join_code, "Loaded", loaded.id)
    first = next(iter(course().levels())).id
    events.write(db, earned.id, LessonAnswer(first, True))
    transfer.import_dict(db, loaded.id, {"format": "moon-tutor-progress", "version": 1, "stars": {first: 3},
                                         "puzzles_solved": [puzzles()[0].id]}, known_content())
    at = open_app("classes", query={"teacher": teacher})
    assert not at.exception, errors(at)
    students = at.dataframe[0].value
    marks = dict(zip(students["Student"], students["From a file"], strict=True))
    assert marks == {"Earned": "—", "Loaded": "3 stars, 1 puzzle"}
    assert any("From a file" in str(c.value) for c in at.caption)


@pytest.mark.parametrize("page", ["home", "learn", "progress", "practice", "puzzles"])
def test_a_bad_row_already_stored_breaks_no_page_of_the_student_or_the_teacher(page: str) -> None:
    from store import classes
    from store.models import LessonAttempt, PuzzleAttempt

    db = open_store()
    klass, teacher = classes.create_class(db, "Club bad row")
    me, token = learners.create(db)
    classes.join(db, klass.join_code, "Bad row", me.id)
    first = next(iter(course().levels()))
    with db.session() as s:  # as the probe's "hints": -3 file left it
        s.add_all([LessonAttempt(learner_id=me.id, level_id=first.id, stage_id=str(first.stage), correct=True,
                                 hints=-3),
                   PuzzleAttempt(learner_id=me.id, puzzle_id=puzzles()[0].id, correct=True, hints=-3, themes=7)])
    at = open_app(page, query={"me": token})
    assert not at.exception, errors(at)
    at = open_app("classes", query={"teacher": teacher})
    assert not at.exception, errors(at)
    assert list(at.dataframe[0].value["Student"]) == ["Bad row"]


@pytest.mark.parametrize("kind", [["deal"], {"deal": 1}])
def test_a_deck_link_whose_kind_is_a_list_or_an_object_shows_the_decks_message(kind: Any) -> None:
    import base64
    import zlib

    raw = json.dumps({"format": "moon-deck-1", "entries": [{"kind": kind}]}).encode()
    token = base64.urlsafe_b64encode(zlib.compress(raw)).decode().rstrip("=")
    at = open_app("presenter", query={"deck": token})
    assert not at.exception, errors(at)
    shown = [str(e.value).replace("\\", "") for e in at.error]  # the page escapes Markdown
    assert any(m.startswith("Entry 1, field 'kind': ") and "is not a kind of entry" in m for m in shown), shown


def _load(raw: bytes) -> None:
    from tutorial.components import profile

    profile.import_file(raw)


def test_loading_the_negative_hints_file_says_which_entry_and_field_and_changes_nothing() -> None:
    from streamlit.testing.v1 import AppTest

    level = next(iter(course().levels())).id
    raw = json.dumps({"format": "moon-tutor-progress", "version": 2, "lesson_attempts": [
        {"level": level, "correct": True}, {"level": level, "correct": True, "hints": -3}]}).encode()
    at = AppTest.from_function(_load, args=(raw,), default_timeout=60)
    at.run()
    assert not at.exception, errors(at)
    shown = [str(e.value).replace("\\", "") for e in at.error]
    assert any("'lesson_attempts' entry 2): the number of hints ('hints') is out of range" in m and "unchanged" in m for m in shown), shown
    assert at.session_state["moon_learner_id"] is None if "moon_learner_id" in at.session_state else True
