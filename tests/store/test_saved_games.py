"""The learner's unfinished game (``store.saved_games``, migration 0006), on SQLite and
PostgreSQL: saved through the record path and the outbox, replaced, cleared when over, and a
bad stored row refused with a message."""

from __future__ import annotations

import logging

import pytest
from sqlalchemy import event, text
from sqlalchemy.exc import OperationalError

from store import learners, saved_games
from store.db import Store, StoreUnavailable
from store.events import GameCleared, GameFinished, GameSaved, Outbox, write
from store.stats import summary

GAME = {"deal": "42", "players": "4", "moves": "p.b5"}
LATER = {"deal": "42", "players": "4", "moves": "p.b5.p.p"}
OTHER = {"deal": "7", "moves": "p"}


def test_a_game_is_saved_replaced_and_cleared_per_learner(store: Store) -> None:
    me, _ = learners.create(store)
    you, _ = learners.create(store)
    assert saved_games.load(store, me.id) is None
    write(store, me.id, GameSaved(GAME))
    write(store, you.id, GameSaved(OTHER))
    got = saved_games.load(store, me.id)
    assert got is not None and got.query == GAME and got.updated_at.tzinfo is not None
    write(store, me.id, GameSaved(LATER))  # the next move replaces it
    assert saved_games.load(store, me.id).query == LATER  # type: ignore[union-attr]
    write(store, me.id, GameCleared(GAME))  # the same game (fewer moves) is over: it goes
    assert saved_games.load(store, me.id) is None
    assert saved_games.load(store, you.id).query == OTHER  # type: ignore[union-attr]
    # Saving and clearing touch no progress: a saved game is not a hand played.
    assert summary(store, me.id).hands_played == 0


def test_clearing_another_game_keeps_the_newer_one(store: Store) -> None:
    me, _ = learners.create(store)
    write(store, me.id, GameSaved(OTHER))  # saved since, from another browser
    write(store, me.id, GameCleared(GAME), GameFinished("g", won=True))
    assert saved_games.load(store, me.id).query == OTHER  # type: ignore[union-attr]
    write(store, me.id, GameCleared())  # a bad row dropped: whatever is there
    assert saved_games.load(store, me.id) is None
    write(store, me.id, GameCleared())  # nothing to clear is no error
    saved_games.save(store, me.id, GAME)
    assert saved_games.load(store, me.id).query == GAME  # type: ignore[union-attr]
    saved_games.drop(store, me.id)
    assert saved_games.load(store, me.id) is None


@pytest.mark.parametrize("bad", [
    ["deal", "42"],
    {},
    {"deal": 42},
    {"Deal": "42"},
    {"deal": "4\x002"},
    {"moves": "p." * 13_000},
    {f"k{'a' * i}": "1" for i in range(13)},
])
def test_a_bad_query_is_never_saved(store: Store, bad: object) -> None:
    me, _ = learners.create(store)
    with pytest.raises(saved_games.BadSavedGame):
        saved_games.save(store, me.id, bad)  # type: ignore[arg-type]
    write(store, me.id, GameSaved(bad))  # type: ignore[arg-type]  # skipped: the outbox is not stuck on it
    assert saved_games.load(store, me.id) is None


@pytest.mark.parametrize("stored", ['["deal", "42"]', '{"deal": 42}', '"p.b5"', '{"deal": "4\\u00002"}'])
def test_a_bad_stored_row_is_refused_with_a_message_and_logged(
        store: Store, stored: str, caplog: pytest.LogCaptureFixture) -> None:
    me, _ = learners.create(store)
    saved_games.save(store, me.id, GAME)
    with store.engine.begin() as c:  # written by hand, or by a bug
        c.execute(text("UPDATE saved_games SET query = :q WHERE learner_id = :id"), {"q": stored, "id": me.id})
    with caplog.at_level(logging.WARNING, logger="store"), pytest.raises(saved_games.BadSavedGame) as e:
        saved_games.load(store, me.id)
    assert str(e.value).startswith("Your saved game could not be read (what was stored ")
    saved_games.drop(store, me.id)
    assert saved_games.load(store, me.id) is None


def test_the_outbox_keeps_only_the_newest_save_and_loses_nothing(store: Store) -> None:
    me, _ = learners.create(store)
    box = Outbox()
    box.add(me.id, GameFinished("old", won=False))
    box.add(me.id, GameSaved(GAME))
    box.add(None, GameSaved(OTHER))  # a visitor's, waiting for a profile: not merged with mine
    box.add(me.id, GameSaved(LATER))
    assert [ev for _, ev in box.pending] == [GameFinished("old", won=False), GameSaved(OTHER), GameSaved(LATER)]
    box.pending.pop(1)
    flaky = _Flaky(store)  # the database goes away
    assert box.send(store, me.id, GameCleared(OTHER)) is False  # all kept, the clear replacing the save
    assert [ev for _, ev in box.pending] == [GameFinished("old", won=False), GameCleared(OTHER)]
    assert box.send(store, me.id, GameSaved(LATER)) is False
    with pytest.raises(StoreUnavailable):
        saved_games.load(store, me.id)
    flaky.down = False
    store._down_until = 0.0
    assert box.flush(store) and not box.pending
    assert saved_games.load(store, me.id).query == LATER  # type: ignore[union-attr]
    assert summary(store, me.id).games_won == 0 and summary(store, me.id).hands_played == 0


class _Flaky:
    """Every connection to the database fails while ``down``, as during a restart."""

    def __init__(self, store: Store) -> None:
        self.down = True
        event.listen(store.engine, "do_connect", self._connect)
        store.engine.dispose()

    def _connect(self, *args: object) -> None:
        if self.down:
            raise OperationalError("connect", {}, Exception("the server is restarting"))


def test_the_saved_game_goes_with_its_learner(store: Store) -> None:
    me, _ = learners.create(store)
    write(store, me.id, GameSaved(GAME))
    with store.engine.begin() as c:
        if store.engine.dialect.name == "sqlite":
            c.execute(text("PRAGMA foreign_keys = ON"))
        c.execute(text("DELETE FROM learners WHERE id = :id"), {"id": me.id})
    with store.engine.connect() as c:
        assert c.execute(text("SELECT count(*) FROM saved_games")).scalar() == 0
