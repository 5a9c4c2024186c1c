"""The Play better principles a learner's games show them missing (``principle_misses``,
migration 0009) and the answers to Play better positions that Practice reads: written once per
play, checked on the way in and on the way out, on SQLite and PostgreSQL."""

from __future__ import annotations

import logging
import re

import pytest
from sqlalchemy import func, select, text

from store import learners, practice, transfer
from store.db import Store
from store.events import LessonAnswer, Outbox, PrincipleMissed, write
from store.models import PrincipleMiss

MISS = PrincipleMissed(game_key="8-0123456789", hand_number=2, trick=3, principle="draw-trumps", tile="6-6",
                       better="5-5", players=3)


def _rows(store: Store) -> int:
    return int(store.run(lambda s: s.scalar(select(func.count()).select_from(PrincipleMiss))) or 0)


def test_migration_0009_makes_the_table_the_model_describes(store: Store) -> None:
    from alembic.autogenerate import compare_metadata
    from alembic.migration import MigrationContext

    from store.models import Base

    with store.engine.connect() as c:
        assert c.execute(text("SELECT version_num FROM alembic_version")).scalar() == "0010"
        diff = compare_metadata(MigrationContext.configure(c), Base.metadata)
    assert [d for d in diff if "principle_misses" in repr(d)] == []


def test_a_miss_is_kept_once_per_play_and_read_back_per_learner(store: Store) -> None:
    me, _ = learners.create(store)
    other, _ = learners.create(store)
    write(store, me.id, MISS)
    write(store, me.id, MISS)  # the review drawn again, or another session: still one row
    write(store, me.id, PrincipleMissed(MISS.game_key, 2, 5, "give-up-cheaply", "4-1", "2-0", 3))
    write(store, other.id, MISS)
    assert _rows(store) == 3
    mine = practice.game_misses(store, me.id)
    assert [(m.principle, m.game_key, m.hand_number, m.trick, m.tile, m.better, m.players, m.in_game)
            for m in mine] == [("draw-trumps", MISS.game_key, 2, 3, "6-6", "5-5", 3, True),
                               ("give-up-cheaply", MISS.game_key, 2, 5, "4-1", "2-0", 3, True)]
    assert mine[0].at.tzinfo is not None
    assert [m.trick for m in practice.game_misses(store, other.id)] == [3]


@pytest.mark.parametrize("field, value", [
    ("principle", "Draw Trumps"), ("principle", "x" * 61), ("principle", ""),
    ("game_key", ""), ("game_key", "8\x00"), ("game_key", "k" * 201),
    ("hand_number", 0), ("hand_number", 201), ("hand_number", True),
    ("trick", 0), ("trick", 8), ("trick", "3"),
    ("tile", "6-7"), ("tile", "<b>6-6</b>"), ("better", "66"),
    ("players", 2), ("players", 5),
])
def test_a_miss_out_of_shape_is_not_written_nor_does_it_stop_the_outbox(
        store: Store, field: str, value: object, caplog: pytest.LogCaptureFixture) -> None:
    me, _ = learners.create(store)
    bad = PrincipleMissed(**{**MISS.__dict__, field: value})
    box = Outbox()
    with caplog.at_level(logging.WARNING, logger="store"):
        assert box.send(store, me.id, bad)
    assert box.send(store, me.id, MISS)  # what follows it is written
    assert [m.trick for m in practice.game_misses(store, me.id)] == [3]
    assert _rows(store) == 1


def test_a_bad_stored_row_is_skipped_and_logged(store: Store, caplog: pytest.LogCaptureFixture) -> None:
    me, _ = learners.create(store)
    write(store, me.id, MISS)
    with store.session() as s:
        # An id of its own per database: a row is logged once per process.
        rid = 9001 if store.engine.dialect.name == "sqlite" else 9002
        s.add(PrincipleMiss(id=rid, learner_id=me.id, principle="draw-trumps", game_key="9-x", hand_number=1, trick=99,
                            tile="6-6", better="5-5", players=3))
    with caplog.at_level(logging.WARNING, logger="store"):
        assert [m.trick for m in practice.game_misses(store, me.id)] == [3]
    assert f"principle_misses row {rid}" in caplog.text and "'trick'" in caplog.text


def test_position_answers_say_which_were_right_at_the_first_try_without_a_hint(store: Store) -> None:
    me, _ = learners.create(store)
    write(store, me.id, LessonAnswer("draw-trumps-1", False, stage_id="pb-draw-trumps"),
          LessonAnswer("draw-trumps-1", True, stage_id="pb-draw-trumps", try_number=2),
          LessonAnswer("draw-trumps-2", True, stage_id="pb-draw-trumps", hints=1),
          LessonAnswer("draw-trumps-3", True, stage_id="pb-draw-trumps"),
          LessonAnswer("tiles-1", False, stage_id="tiles"))
    got = practice.position_answers(store, me.id, ["draw-trumps-1", "draw-trumps-2", "draw-trumps-3"])
    assert [(a.level_id, a.correct, a.clean) for a in got] == [
        ("draw-trumps-1", False, False), ("draw-trumps-1", True, False), ("draw-trumps-2", True, False),
        ("draw-trumps-3", True, True)]
    assert practice.position_answers(store, me.id, []) == []


def test_the_misses_go_with_their_learner(store: Store) -> None:
    me, _ = learners.create(store)
    write(store, me.id, MISS)
    with store.engine.begin() as c:
        if store.engine.dialect.name == "sqlite":
            c.execute(text("PRAGMA foreign_keys=ON"))
        c.execute(text("DELETE FROM learners WHERE id = :id"), {"id": me.id})
    assert _rows(store) == 0


@pytest.mark.parametrize("field, value, says", [
    ("principle", "Draw Trumps", "the principle ('principle') is not a principle's id"),
    ("trick", 8, "the trick ('trick') is out of range (a whole number from 1 to 7, not 8)"),
    ("tile", "<b>", "the tile played ('tile') is not a tile"),
    ("players", 5, "the number of players ('players') is out of range"),
])
def test_a_progress_file_with_a_bad_miss_is_refused_and_writes_nothing(
        store: Store, field: str, value: object, says: str) -> None:
    me, _ = learners.create(store)
    write(store, me.id, MISS)
    obj = transfer.export_dict(store, me.id)
    rows = obj["principle_misses"]
    assert isinstance(rows, list) and rows[0]["trick"] == 3
    rows[0][field] = value
    you, _ = learners.create(store)
    with pytest.raises(transfer.TransferError, match=re.escape(
            f"Principle missed in a game 1 ('principle_misses' entry 1): {says}")):
        transfer.import_dict(store, you.id, obj, transfer.Known(frozenset(), frozenset()))
    assert practice.game_misses(store, you.id) == []
