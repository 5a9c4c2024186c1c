"""Names in a class and in a live class, on SQLite and PostgreSQL: unique whatever their case
and spacing (with the migration that folds the names already stored, duplicates kept), a
student coming back to their own place, PINs said as four digits, the classes a teacher's
profile made, and every wrong answer (puzzles too) in the dashboard's answers CSV."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from sqlalchemy import select, text

from store import classes, events, learners, live
from store.db import Store, migrate
from store.events import PuzzleAnswer
from store.models import ClassMember, LivePlayer


def test_a_class_name_is_unique_whatever_its_case_and_spaces(store: Store) -> None:
    klass, _ = classes.create_class(store, "Club")
    a, _ = learners.create(store)
    b, _ = learners.create(store)
    classes.join(store, klass.join_code, "Dup", a.id)
    for other in ("dup", " DUP  ", "Dup"):
        with pytest.raises(classes.ClassError, match="'Dup' is taken"):
            classes.join(store, klass.join_code, other, b.id)
    # The student who holds the name comes back under any spelling of it, as they were.
    assert classes.join(store, klass.join_code, "  dup", a.id) == classes.Joined(a.id, "Dup", True)
    with store.session() as s:
        assert list(s.scalars(select(ClassMember.name_key))) == ["dup"]


def test_a_pin_class_said_as_four_digits_and_a_name_in_another_case_needs_the_pin(store: Store) -> None:
    klass, _ = classes.create_class(store, "Club", pin_required=True)
    a, _ = learners.create(store)
    b, _ = learners.create(store)
    with pytest.raises(classes.ClassError) as e:
        classes.join(store, klass.join_code, "Ada", a.id, "12a4")
    assert "four digits (0–9)" in str(e.value) and "4-digit" not in str(e.value)
    with pytest.raises(classes.ClassError, match=r"asks for a PIN\. A PIN is four digits \(0–9\)"):
        classes.join(store, klass.join_code, "Ada", a.id, None)
    classes.join(store, klass.join_code, "Ada", a.id, "2580")
    with pytest.raises(classes.ClassError, match="not right"):
        classes.join(store, klass.join_code, "ADA", b.id, "1111")
    assert classes.join(store, klass.join_code, "ada", b.id, "2580") == classes.Joined(a.id, "Ada", True)


def test_a_code_and_a_pin_typed_in_full_width_digits_join_the_class(store: Store) -> None:
    """Some phone keyboards type full-width letters and digits: they read as the plain ones."""
    klass, _ = classes.create_class(store, "Club", pin_required=True)
    a, _ = learners.create(store)
    b, _ = learners.create(store)
    wide = "".join(chr(ord(ch) + 0xFEE0) for ch in klass.join_code)  # "K9KNNA" as "Ｋ９ＫＮＮＡ"
    assert classes.join(store, wide, "Ada", a.id, " ２５８０ ") == classes.Joined(a.id, "Ada", False)
    assert classes.join(store, klass.join_code, "ada", b.id, "2580") == classes.Joined(a.id, "Ada", True)
    info, _ = live.start(store)
    wide = "".join(chr(ord(ch) + 0xFEE0) for ch in info.join_code)
    assert live.join(store, wide, "Ada")[0].session_id == info.id


def test_a_live_name_is_unique_whatever_its_case_and_a_profile_comes_back_to_its_answers(store: Store) -> None:
    info, _ = live.start(store)
    me, _ = learners.create(store)
    p1, t1 = live.join(store, info.join_code, "Dup", learner_id=me.id)
    for other in ("dup", "  DUP "):
        with pytest.raises(LiveError_, match="'Dup' is taken"):
            live.join(store, info.join_code, other)
    q = live.ask(store, info.id, live.QuestionSpec("r", "move", "?", (("a", "A"), ("b", "B")), ("a",), "A", "."))
    live.answer(store, t1, q.id, "a")
    # The same browser (its profile) joins again after leaving, in any case: the same place.
    p2, t2 = live.join(store, info.join_code, "dup", learner_id=me.id)
    assert (p2.id, p2.name, p2.back) == (p1.id, "Dup", True) and t2 != t1
    view = live.student_view(store, t2)
    assert view is not None and view.mine == "a"
    assert [(x["name"], x["answered"]) for x in live.summary(store, info.id).students] == [("Dup", 1)]


LiveError_ = live.LiveError


def test_the_classes_a_profile_made_are_found_again_and_open_for_it_only(store: Store) -> None:
    me, _ = learners.create(store)
    other, _ = learners.create(store)
    first, _ = classes.create_class(store, "Year 7", owner_id=me.id)
    second, _ = classes.create_class(store, "Year 8", owner_id=me.id)
    classes.create_class(store, "Not mine", owner_id=other.id)
    classes.create_class(store, "Nobody's")
    assert [c.name for c in classes.owned_classes(store, me.id)] == ["Year 8", "Year 7"]
    assert classes.find_owned(store, first.join_code.lower(), me.id) == first
    assert classes.find_owned(store, second.join_code, other.id) is None
    assert classes.find_owned(store, second.join_code, None) is None


def test_every_wrong_answer_of_a_puzzle_is_in_the_answers_csv(store: Store) -> None:
    klass, _ = classes.create_class(store, "Club")
    a, _ = learners.create(store)
    b, _ = learners.create(store)
    classes.join(store, klass.join_code, "Carlos Díaz", a.id)
    classes.join(store, klass.join_code, "=cmd", b.id)
    events.write(store, a.id, PuzzleAnswer("play-3001", False, answer="5-3"))
    events.write(store, a.id, PuzzleAnswer("play-3001", True, answer="6-4", try_number=2))
    events.write(store, b.id, PuzzleAnswer("play-3001", False, answer="2-1"))
    events.write(store, b.id, PuzzleAnswer("play-3001", False, answer="5-3", try_number=2))
    board = classes.dashboard(store, klass)
    assert board.puzzles == [{"puzzle": "play-3001", "students": 2, "first_time_right": 0,
                              "wrong_answers": [("5-3", 2), ("2-1", 1)]}]
    rows = classes.answers_csv(board, {"play-3001": "Follow the fives"}).splitlines()
    assert rows[1] == "puzzle,play-3001,Follow the fives,,,2,0,5-3 (×2); 2-1 (×1)"
    students = classes.students_csv(board)
    assert students.encode("utf-8").startswith(b"\xef\xbb\xbf") and "\nCarlos Díaz," in students
    assert "\n'=cmd," in students


def test_the_migration_folds_stored_names_and_keeps_the_duplicates(store: Store) -> None:
    from alembic import command
    from alembic.autogenerate import compare_metadata
    from alembic.config import Config
    from alembic.migration import MigrationContext

    from store.db import _MIGRATIONS
    from store.models import Base

    cfg = Config()
    cfg.set_main_option("script_location", str(_MIGRATIONS))
    a, _ = learners.create(store)
    b, _ = learners.create(store)
    with store.engine.begin() as conn:
        cfg.attributes["connection"] = conn
        command.downgrade(cfg, "0004")
    at = datetime.now(UTC)
    with store.engine.begin() as conn:
        conn.execute(text("INSERT INTO classes (id, name, join_code, teacher_token_hash, pin_required, created_at) "
                          "VALUES (1, 'Club', 'AAAAAA', 'h', :f, :at)"), {"f": False, "at": at})
        conn.execute(text("INSERT INTO class_members (class_id, learner_id, display_name, joined_at) "
                          "VALUES (1, :a, 'Dup', :at), (1, :b, 'dup', :at)"), {"a": a.id, "b": b.id, "at": at})
        conn.execute(text("INSERT INTO live_sessions (id, join_code, host_token_hash, title, created_at, expires_at) "
                          "VALUES (1, 'BBBBBB', 'h', 'Live', :at, :later)"),
                     {"at": at, "later": datetime(2100, 1, 1, tzinfo=UTC)})
        conn.execute(text("INSERT INTO live_players (session_id, name, token_hash, joined_at) "
                          "VALUES (1, 'Ana', 't1', :at), (1, 'ANA', 't2', :at), (1, 'Ben', 't3', :at)"), {"at": at})
    migrate(store)
    with store.session() as s:
        members = s.execute(select(ClassMember.display_name, ClassMember.name_key).order_by(ClassMember.id)).all()
        players = s.execute(select(LivePlayer.name, LivePlayer.name_key).order_by(LivePlayer.id)).all()
    assert members[0] == ("Dup", "dup") and members[1][0] == "dup" and members[1][1].startswith("dup#")
    assert players[0] == ("Ana", "ana") and players[1][1].startswith("ana#") and players[2] == ("Ben", "ben")
    # A new join of the name finds the first holder; the second keeps their place.
    c, _ = learners.create(store)
    with pytest.raises(classes.ClassError, match="'Dup' is taken"):
        classes.join(store, "AAAAAA", "DUP", c.id)
    assert classes.join(store, "AAAAAA", "dup", b.id).returning
    with store.engine.connect() as conn:
        assert conn.execute(text("SELECT version_num FROM alembic_version")).scalar() == "0010"
        diff = compare_metadata(MigrationContext.configure(conn), Base.metadata)
    assert diff == []
