"""Progress files that cannot poison a profile, a class or a dashboard, on SQLite and
PostgreSQL: every field checked before a row is written, readers that skip a bad stored row,
caps on what a file may claim, imported figures bounded by the course and marked as imported."""

from __future__ import annotations

import copy
import json
import logging
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from sqlalchemy import func, select, text

from engine.limits import quote
from store import classes, events, learners, limits, practice, stats, transfer
from store.db import Store, migrate
from store.events import LessonAnswer, PuzzleAnswer
from store.models import Game, Hand, Learner, LessonAttempt, PrincipleMiss, PuzzleAttempt, PuzzleRating

KNOWN = transfer.Known(frozenset({"tiles-1", "tiles-2", "tiles-3"}), frozenset({"p1", "p2"}))
TABLES = (LessonAttempt, PuzzleAttempt, Hand, Game, PrincipleMiss)


def v2(**tables: list[dict[str, Any]]) -> dict[str, Any]:
    return {"format": "moon-tutor-progress", "version": 2, **tables}


def rows(store: Store) -> int:
    """Every row of every table a file may add to."""
    with store.session() as s:
        return sum(int(s.scalar(select(func.count()).select_from(t)) or 0) for t in TABLES)


def refused(store: Store, obj: dict[str, Any], *words: str) -> str:
    """Import ``obj`` into a new learner: it must be refused with a message holding every one
    of ``words``, and write nothing."""
    me, _ = learners.create(store)
    before = rows(store)
    with pytest.raises(transfer.TransferError) as info:
        transfer.import_dict(store, me.id, obj, KNOWN)
    message = str(info.value)
    for w in words:
        assert w in message, message
    assert rows(store) == before
    assert stats.summary(store, me.id) == stats.Summary()
    return message


# -- every field of every version is checked ------------------------------------------------------


def test_a_file_with_negative_hints_is_refused_by_name_and_writes_nothing(store: Store) -> None:
    good = {"level": "tiles-1", "correct": True, "try": 1}
    obj = v2(lesson_attempts=[good, {"level": "tiles-2", "correct": True, "hints": -3}])
    refused(store, obj, "'lesson_attempts' entry 2", "'hints'", "-3")


LESSON = {"level": "tiles-1", "stage": "tiles", "answer": ["6-4"], "correct": True, "try": 1, "hints": 0,
          "seconds": 3.5, "par": 1, "at": "2026-11-30T10:00:00+00:00"}
PUZZLE = {"puzzle": "p1", "kind": "play", "themes": ["trump-in"], "answer": "6-4", "correct": True, "gave_up": False,
          "try": 1, "hints": 0, "seconds": 2, "rating_after": 1510.5, "at": "2026-11-30T10:01:00Z"}
HAND = {"game": "g1", "hand": 1, "record": {"seed": 3}, "at": "2026-11-30T10:02:00"}
GAME = {"game": "g1", "won": True, "hands": 1, "at": "2026-11-30T10:03:00"}
MISS = {"principle": "draw-trumps", "game": "g1", "hand": 1, "trick": 2, "tile": "6-6", "better": "5-5", "players": 3,
        "at": "2026-11-30T10:04:00Z"}
GOOD = {"lesson_attempts": LESSON, "puzzle_attempts": PUZZLE, "hands": HAND, "games": GAME, "principle_misses": MISS}


def with_field(table: str, name: str, value: Any) -> dict[str, Any]:
    row = dict(GOOD[table])
    row[name] = value
    return v2(**{table: [row]})


@pytest.mark.parametrize(("table", "name", "value"), [
    # the values the probe found crashing the upload (each on one database or both)
    ("lesson_attempts", "at", "0001-01-01T00:00:00+05:00"),
    ("puzzle_attempts", "at", "9999-12-31T23:59:59-05:00"),
    ("lesson_attempts", "try", 100000000000000000000),
    ("lesson_attempts", "try", 3000000000),
    ("puzzle_attempts", "try", 3000000000),
    ("lesson_attempts", "answer", float("nan")),
    ("puzzle_attempts", "answer", [1, float("inf")]),
    ("lesson_attempts", "level", "tiles-1\u0000"),
    ("puzzle_attempts", "puzzle", "p1\u0000"),
    # the rest of the ranges
    ("lesson_attempts", "try", 0),
    ("lesson_attempts", "hints", 101),
    ("lesson_attempts", "seconds", -1),
    ("lesson_attempts", "seconds", float("inf")),
    ("lesson_attempts", "par", 0),
    ("lesson_attempts", "imported_stars", 4),
    ("lesson_attempts", "stage", "x" * 201),
    ("lesson_attempts", "stage", "tiles\u0000"),
    ("lesson_attempts", "answer", "x" * 3000),
    ("lesson_attempts", "answer", "\ud800"),
    ("lesson_attempts", "at", "2019-12-31T23:59:59+00:00"),
    ("lesson_attempts", "at", "2099-01-01T00:00:00+00:00"),
    ("lesson_attempts", "at", "yesterday"),
    ("puzzle_attempts", "kind", "k" * 41),
    ("puzzle_attempts", "themes", ["t"] * 21),
    ("puzzle_attempts", "themes", "trump-in"),
    ("puzzle_attempts", "themes", ["x" * 61]),
    ("puzzle_attempts", "rating_after", float("nan")),
    ("puzzle_attempts", "rating_after", 1e300),
    ("puzzle_attempts", "gave_up", "no"),
    ("hands", "hand", -1),
    ("hands", "hand", 10**12),
    ("hands", "record", {"a": "\u0000"}),
    ("hands", "record", {"pad": "x" * 30_000}),
    ("hands", "game", "g\u0000"),
    ("games", "hands", 10**12),
    ("games", "won", 1),
    ("principle_misses", "principle", "draw trumps"),
    ("principle_misses", "principle", "d" * 61),
    ("principle_misses", "game", "g\u0000"),
    ("principle_misses", "hand", 0),
    ("principle_misses", "trick", 8),
    ("principle_misses", "tile", "7-7"),
    ("principle_misses", "better", ["5-5"]),
    ("principle_misses", "players", 2),
], ids=lambda v: quote(v, 24) if not isinstance(v, str) else v[:24])
def test_out_of_range_values_are_refused_with_a_message(store: Store, table: str, name: str, value: Any) -> None:
    refused(store, with_field(table, name, value), f"'{table}' entry 1", f"{name!r}")


def test_dates_more_than_a_day_ahead_are_refused(store: Store) -> None:
    soon, later = (datetime.now(UTC) + timedelta(hours=h) for h in (12, 48))
    refused(store, with_field("games", "at", later.isoformat()), "'games' entry 1", "'at'")
    me, _ = learners.create(store)
    assert transfer.import_dict(store, me.id, with_field("games", "at", soon.isoformat()), KNOWN)["games"] == 1


def test_the_probes_values_come_through_the_json_parser_as_refusals(store: Store) -> None:
    """The same values as the bytes of an uploaded file (NaN and a NUL escape as JSON has them)."""
    for raw in (b'{"format":"moon-tutor-progress","version":2,"lesson_attempts":[{"level":"tiles-1",'
                b'"correct":true,"answer":NaN}]}',
                b'{"format":"moon-tutor-progress","version":2,"lesson_attempts":[{"level":"tiles-1\\u0000",'
                b'"correct":true}]}'):
        refused(store, transfer.parse(raw), "'lesson_attempts' entry 1")


def test_every_field_of_a_good_file_is_kept(store: Store) -> None:
    me, _ = learners.create(store)
    obj = v2(**{k: [v] for k, v in GOOD.items()})
    assert transfer.import_dict(store, me.id, obj, KNOWN) == dict.fromkeys(GOOD, 1)
    out = transfer.export_dict(store, me.id)
    assert out["lesson_attempts"][0]["answer"] == ["6-4"] and out["puzzle_attempts"][0]["themes"] == ["trump-in"]
    assert out["hands"][0]["record"] == {"seed": 3} and out["games"][0]["won"] is True
    assert out["principle_misses"] == [{**MISS, "at": "2026-11-30T10:04:00+00:00"}]


def test_a_lesson_answer_is_stored_under_its_levels_stage_in_the_course(store: Store) -> None:
    known = transfer.Known(KNOWN.level_ids, KNOWN.puzzle_ids, {"tiles-1": "tiles"})
    me, _ = learners.create(store)
    transfer.import_dict(store, me.id, v2(lesson_attempts=[dict(LESSON, stage="Top of the class")]), known)
    klass, _ = classes.create_class(store, "Club")
    classes.join(store, klass.join_code, "Ada", me.id)
    assert classes.dashboard(store, klass).students[0]["stage"] == "tiles"


def test_version_1_fields_are_checked_too(store: Store) -> None:
    base = {"format": "moon-tutor-progress", "version": 1}
    refused(store, {**base, "stars": {"tiles-1": 9}}, "'stars'", "from 0 to 3")
    refused(store, {**base, "stars": {"tiles-1": True}}, "'stars'")
    refused(store, {**base, "stars": ["tiles-1"]}, "'stars'")
    refused(store, {**base, "puzzles_solved": ["p1", 7]}, "'puzzles_solved' entry 2")
    refused(store, {**base, "best_streak": -1}, "'best_streak'")
    refused(store, {**base, "games_won": 2.5}, "'games_won'")
    refused(store, {**base, "name": "A\u0000"}, "'name'")
    refused(store, {**base, "version": True}, "version")


# -- readers skip a bad stored row ----------------------------------------------------------------


def test_a_bad_row_already_stored_is_skipped_and_logged_by_every_reader(
    store: Store, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(limits, "_logged", set())  # each row is logged once per process
    klass, _ = classes.create_class(store, "Club")
    me, _ = learners.create(store)
    classes.join(store, klass.join_code, "Bad", me.id)
    events.write(store, me.id, LessonAnswer("tiles-1", True, stage_id="tiles"),
                 PuzzleAnswer("p1", True, themes=("trump-in",), rating=1400))
    with store.session() as s:  # written around every check, as a broken import or tool could have
        s.add_all([
            LessonAttempt(learner_id=me.id, level_id="tiles-2", stage_id="tiles", correct=True, hints=-3),
            LessonAttempt(learner_id=me.id, level_id="tiles-3", correct=True, imported_stars=1_000_000_000),
            LessonAttempt(learner_id=me.id, level_id="tiles-3", correct=True, try_number=0),
            PuzzleAttempt(learner_id=me.id, puzzle_id="p2", correct=True, hints=-3),
            PuzzleAttempt(learner_id=me.id, puzzle_id="p2", correct=True, themes=5),
            PuzzleAttempt(learner_id=me.id, puzzle_id="p2", correct=True, rating_after=float("inf")),
            PuzzleRating(puzzle_id="p2", rating=float("inf")),
        ])
    caplog.set_level(logging.WARNING, logger="store")
    summ = stats.summary(store, me.id)
    assert summ.stars == {"tiles-1": 3} and summ.puzzles_solved == ["p1"] and summ.streak == 1
    st = stats.learner_stats(store, me.id)
    assert st.theme_accuracy == {"trump-in": (1, 1)} and len(st.rating_history) == 1
    board = classes.dashboard(store, klass)
    assert [(x["name"], x["stars"], x["levels"], x["puzzles_solved"]) for x in board.students] == [
        ("Bad", 3, 1, 1)]
    assert "Bad,tiles,tiles,3,1,1," in classes.students_csv(board)
    assert practice.learned_ratings(store, {"p1", "p2"}).keys() == {"p1"}
    out = transfer.export_dict(store, me.id)
    assert len(out["lesson_attempts"]) == 1 and len(out["puzzle_attempts"]) == 1
    you, _ = learners.create(store)
    transfer.import_dict(store, you.id, json.loads(json.dumps(out)), KNOWN)  # the export loads again
    assert stats.summary(store, you.id).stars == {"tiles-1": 3}
    skipped = [r.getMessage() for r in caplog.records if r.name == "store"]
    assert any("lesson_attempts" in m and "hints" in m for m in skipped)
    assert any("puzzle_attempts" in m and "themes" in m for m in skipped)
    assert any("puzzle_ratings" in m for m in skipped)


def test_a_learner_whose_rating_is_not_a_number_still_has_a_dashboard(store: Store) -> None:
    klass, _ = classes.create_class(store, "Club")
    me, _ = learners.create(store)
    classes.join(store, klass.join_code, "Odd", me.id)
    with store.session() as s:
        learner = s.get(Learner, me.id)
        assert learner is not None
        learner.rating = float("inf")
    assert classes.dashboard(store, klass).students[0]["rating"] == 1500
    assert stats.learner_stats(store, me.id).rating == 1500


# -- caps: summary counts, not a row per hand ---------------------------------------------------------


def test_the_90_byte_file_adds_no_row_and_its_counts_are_capped(store: Store) -> None:
    raw = b'{"format":"moon-tutor-progress","version":1,"hands_played":50000,"games_won":50000}'
    assert len(raw) < 90
    refused(store, transfer.parse(raw), "'hands_played'", "10000")
    me, _ = learners.create(store)
    before = rows(store)
    ok = transfer.parse(b'{"format":"moon-tutor-progress","version":1,"hands_played":9000,"games_won":1500,'
                        b'"best_streak":12}')
    assert transfer.import_dict(store, me.id, ok, KNOWN) == dict.fromkeys(GOOD, 0)
    assert rows(store) == before  # summary counts on the learner, not a row per hand
    summ = stats.summary(store, me.id)
    assert (summ.hands_played, summ.games_won, summ.best_streak) == (9000, 1500, 12)
    # Loading it again changes nothing; hands played in the app count towards the file's figure.
    transfer.import_dict(store, me.id, ok, KNOWN)
    events.write(store, me.id, events.HandPlayed("g", 1, None), events.GameFinished("g", True, 1))
    summ = stats.summary(store, me.id)
    assert (summ.hands_played, summ.games_won) == (9001, 1501)
    # The figures travel in the version-2 file, still as counts.
    you, _ = learners.create(store)
    before = rows(store)
    transfer.import_dict(store, you.id, json.loads(json.dumps(transfer.export_dict(store, me.id))), KNOWN)
    assert rows(store) == before + 2  # the one hand and the one game
    assert stats.summary(store, you.id) == stats.summary(store, me.id)


def test_repeated_files_cannot_take_a_learner_past_the_caps(store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(transfer.CAPS, "hands", 3)
    me, _ = learners.create(store)
    transfer.import_dict(store, me.id, v2(hands=[{"game": "a", "hand": 1}, {"game": "a", "hand": 2}]), KNOWN)
    before = rows(store)
    with pytest.raises(transfer.TransferError, match="more than 3 hands played"):
        transfer.import_dict(store, me.id, v2(hands=[{"game": "b", "hand": 1}, {"game": "b", "hand": 2}]), KNOWN)
    assert rows(store) == before
    with pytest.raises(transfer.TransferError, match="at most 3 hands played"):
        transfer.check(v2(hands=[{"game": "c", "hand": i} for i in range(4)]), KNOWN)


# -- imported figures: bounded by the course, marked on the dashboard -----------------------------------


def test_imported_figures_are_bounded_by_the_course(store: Store) -> None:
    refused(store, with_field("lesson_attempts", "imported_stars", 1_000_000_000), "'imported_stars'")
    refused(store, {"format": "moon-tutor-progress", "version": 1, "stars": {"tiles-1": 1_000_000_000}}, "'stars'")
    refused(store, with_field("puzzle_attempts", "puzzle", "made-up-1"), "'puzzle'", "no puzzle")
    refused(store, with_field("lesson_attempts", "level", "made-up"), "'level'", "no level")
    refused(store, {"format": "moon-tutor-progress", "version": 1, "puzzles_solved": ["made-up-1"]},
            "'puzzles_solved'")
    refused(store, {"format": "moon-tutor-progress", "version": 1, "stars": {"made-up": 3}}, "'stars'", "no level")


def test_the_dashboard_and_its_csv_mark_what_came_from_a_file(store: Store) -> None:
    klass, _ = classes.create_class(store, "Club")
    earned, _ = learners.create(store)
    loaded, _ = learners.create(store)
    classes.join(store, klass.join_code, "Earned", earned.id)
    classes.join(store, klass.join_code, "Loaded", loaded.id)
    for lid in (earned.id, loaded.id):
        events.write(store, lid, LessonAnswer("tiles-1", True, stage_id="tiles"), PuzzleAnswer("p1", True))
    transfer.import_dict(store, loaded.id, v2(
        lesson_attempts=[dict(LESSON, level="tiles-2"), dict(LESSON, level="tiles-1", correct=False)],
        puzzle_attempts=[dict(PUZZLE, puzzle="p2")]), KNOWN)
    transfer.import_dict(store, loaded.id, {"format": "moon-tutor-progress", "version": 1,
                                            "stars": {"tiles-3": 2}}, KNOWN)
    board = classes.dashboard(store, klass)
    got = {x["name"]: (x["stars"], x["puzzles_solved"], x["imported_stars"], x["imported_puzzles"])
           for x in board.students}
    assert got == {"Earned": (3, 1, 0, 0), "Loaded": (8, 2, 5, 1)}
    # The class's per-level figures are the answers given in the app.
    assert [(lv["level"], lv["students"], lv["wrong_answers"]) for lv in board.levels] == [("tiles-1", 2, [])]
    lines = classes.students_csv(board).splitlines()
    assert lines[0].endswith(",answers_given,imported_stars,imported_puzzles")
    assert lines[2].startswith("Loaded,") and lines[2].endswith(",5,1") and lines[1].endswith(",0,0")


def test_the_migration_turns_what_an_old_version_1_file_made_into_marks_and_counts(store: Store) -> None:
    from alembic import command
    from alembic.config import Config

    from store.db import _MIGRATIONS

    cfg = Config()
    cfg.set_main_option("script_location", str(_MIGRATIONS))
    me, _ = learners.create(store)
    with store.engine.begin() as conn:
        cfg.attributes["connection"] = conn
        command.downgrade(cfg, "0003")
    with store.engine.begin() as conn:
        conn.execute(text("INSERT INTO lesson_attempts (learner_id, level_id, stage_id, correct, try_number, hints, "
                          "par, imported_stars, created_at) VALUES (:me, 'tiles-1', '', :t, 1, 0, 1, 2, :at), "
                          "(:me, 'tiles-2', '', :t, 1, 0, 1, NULL, :at)"),
                     {"me": me.id, "t": True, "at": datetime.now(UTC)})
        # An old version-1 import: a row per hand and per game won; and a hand and a game played here.
        for i in range(30):
            conn.execute(text("INSERT INTO hands (learner_id, game_key, hand_number, created_at) "
                              "VALUES (:me, 'imported-2026-11-01T10:00:00', :i, :at)"),
                         {"me": me.id, "i": i, "at": datetime.now(UTC)})
        for i in range(4):
            conn.execute(text("INSERT INTO games (learner_id, game_key, won, hands, created_at) "
                              "VALUES (:me, :k, :t, 0, :at)"),
                         {"me": me.id, "k": f"imported-2026-11-01T10:00:00-{i}", "t": True, "at": datetime.now(UTC)})
        conn.execute(text("INSERT INTO hands (learner_id, game_key, hand_number, created_at) "
                          "VALUES (:me, '3-abc', 1, :at)"), {"me": me.id, "at": datetime.now(UTC)})
        conn.execute(text("INSERT INTO games (learner_id, game_key, won, hands, created_at) "
                          "VALUES (:me, '3-abc', :t, 1, :at)"), {"me": me.id, "t": True, "at": datetime.now(UTC)})
    migrate(store)
    with store.session() as s:
        marks = dict(s.execute(select(LessonAttempt.level_id, LessonAttempt.imported)).all())
        learner = s.get(Learner, me.id)
        assert learner is not None and (learner.imported_hands, learner.imported_games_won) == (30, 4)
        assert s.scalar(select(func.count()).select_from(Hand)) == 1
        assert s.scalar(select(func.count()).select_from(Game)) == 1
    assert marks == {"tiles-1": True, "tiles-2": False}
    after = stats.summary(store, me.id)
    assert (after.hands_played, after.games_won, after.stars) == (31, 5, {"tiles-1": 2, "tiles-2": 3})
    from alembic.autogenerate import compare_metadata
    from alembic.migration import MigrationContext

    from store.models import Base

    with store.engine.connect() as c:
        diff = compare_metadata(MigrationContext.configure(c), Base.metadata)
    assert [d for d in diff if "imported" in repr(d)] == []


def test_a_checked_file_is_not_changed_by_checking(store: Store) -> None:
    obj = v2(**{k: [v] for k, v in GOOD.items()})
    same = copy.deepcopy(obj)
    transfer.check(obj, KNOWN)
    assert obj == same
