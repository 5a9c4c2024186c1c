"""Any JSON in any field of a progress file, loaded into SQLite and PostgreSQL: it is refused
with ``TransferError`` (nothing written) or loaded, and every reader still works; never a
``TypeError``, an ``OverflowError`` or a database error (1,000 examples on each database;
marked slow: about ten seconds)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given
from hypothesis import strategies as st

from store import classes, learners, stats, transfer
from store.db import Store
from tests.test_upload_fuzz import EXAMPLES, KNOWN, MAX_MESSAGE, PROGRESS_PATHS, VALUES, progress_file

from helpers import examples


@pytest.mark.slow
@given(version=st.sampled_from([1, 2]), path=PROGRESS_PATHS, value=VALUES)
@examples(EXAMPLES, HealthCheck.function_scoped_fixture)
def test_any_json_in_any_field_of_a_progress_file_loads_or_is_refused_on_both_databases(
    store: Store, version: int, path: tuple[Any, ...], value: Any
) -> None:
    me, _ = learners.create(store)
    # As an upload: the file's bytes (NaN and lone surrogates as Python's JSON writes them).
    raw = json.dumps(progress_file(version, path, value)).encode()
    try:
        transfer.import_dict(store, me.id, transfer.parse(raw), KNOWN)
    except transfer.TransferError as e:
        assert len(str(e)) < MAX_MESSAGE
        assert stats.summary(store, me.id) == stats.Summary()
        return
    summ = stats.summary(store, me.id)
    assert all(0 <= n <= 3 for n in summ.stars.values()) and set(summ.stars) <= KNOWN.level_ids
    assert set(summ.puzzles_solved) <= KNOWN.puzzle_ids
    stats.learner_stats(store, me.id)
    again = json.loads(json.dumps(transfer.export_dict(store, me.id)))
    you, _ = learners.create(store)
    transfer.import_dict(store, you.id, again, KNOWN)  # what was loaded can be saved and loaded again
    klass, _ = classes.create_class(store, "Fuzz")
    classes.join(store, klass.join_code, "Me", me.id)
    board = classes.dashboard(store, klass)
    classes.students_csv(board)
    classes.answers_csv(board)
