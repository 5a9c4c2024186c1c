"""A learner's unfinished Play game, kept so that it can be continued anywhere (another tab,
another browser opened with the personal link).

One row per learner (``saved_games``): the game's Play query (the same text parameters the
Play page keeps in its address: deal, players, rules, seat, level, moves) and when it was
last saved. The app writes it through :mod:`store.events` (events :class:`GameSaved` and
:class:`GameCleared`, so the outbox keeps them while the database is away); this module reads
it and checks what it reads.

What the store checks is the row's shape (:func:`query_fault`: a small object of short texts);
whether the query describes a game the rules allow is for the app to decide
(``tutorial.services.resume``). A row that fails either check is reported to the learner and
dropped, never served.

>>> query_fault({"deal": "42", "players": "4", "moves": "p.b5"}) is None
True
>>> query_fault({"deal": 42})
"the value of 'deal' is not text"
>>> query_fault(["deal", "42"])
'is not an object of texts'
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy.orm import Session

from store.db import Store
from store.limits import skip_row, text_fault
from store.models import Learner, now
from store.models import SavedGame as SavedGameRow

__all__ = [
    "MAX_KEYS",
    "MAX_QUERY_CHARS",
    "BadSavedGame",
    "GameCleared",
    "GameSaved",
    "SavedGame",
    "clear",
    "drop",
    "load",
    "put",
    "query_fault",
    "same_game",
    "save",
]

#: The most parameters a saved query may have (the Play page writes at most six).
MAX_KEYS = 12
#: The most characters of all its values together (the moves of a long game are the bulk:
#: the Play page's address allows 20,000 characters of moves).
MAX_QUERY_CHARS = 24_000
_KEY = re.compile(r"[a-z_]{1,20}")
#: The parameter holding the moves: two saved queries that differ only there are the same game.
MOVES = "moves"


class BadSavedGame(ValueError):
    """A stored row that is not a saved game; the message says what is wrong with it."""


@dataclass(frozen=True)
class SavedGame:
    """A learner's unfinished game as stored: its Play query and when it was saved."""

    query: dict[str, str]
    updated_at: datetime


@dataclass(frozen=True)
class GameSaved:
    """The learner's unfinished game is now ``query`` (it replaces any saved before)."""

    query: Mapping[str, str]


@dataclass(frozen=True)
class GameCleared:
    """The learner's game ``query`` is over: its saved copy goes. ``None`` drops whatever is
    saved; otherwise a saved game that is another one (saved since, from another browser) is
    kept."""

    query: Mapping[str, str] | None = None


def query_fault(query: object) -> str | None:
    """What is wrong with ``query`` as a saved game's query (``None`` when nothing): an object
    of at most :data:`MAX_KEYS` parameters named in lower-case letters, each text without
    control characters, :data:`MAX_QUERY_CHARS` characters in all."""
    if not isinstance(query, Mapping):
        return "is not an object of texts"
    if not query:
        return "is empty"
    if len(query) > MAX_KEYS:
        return f"has more than {MAX_KEYS} parameters"
    total = 0
    for key, value in query.items():
        if not isinstance(key, str) or not _KEY.fullmatch(key):
            return "has a parameter name that is not a short lower-case word"
        if not isinstance(value, str):
            return f"the value of {key!r} is not text"
        fault = text_fault(value, MAX_QUERY_CHARS)
        if fault:
            return f"the value of {key!r} {fault}"
        total += len(value)
    if total > MAX_QUERY_CHARS:
        return f"is longer than {MAX_QUERY_CHARS} characters"
    return None


def same_game(a: Mapping[str, str], b: Mapping[str, str]) -> bool:
    """Whether two queries are the same game (the same parameters but perhaps more moves)."""
    return {k: v for k, v in a.items() if k != MOVES} == {k: v for k, v in b.items() if k != MOVES}


# -- in a transaction (what :func:`store.events.write` calls) ---------------------------------
def put(s: Session, learner_id: int, query: Mapping[str, str]) -> None:
    """Save ``query`` as the learner's game in the transaction ``s`` (a query that fails
    :func:`query_fault` raises :class:`BadSavedGame` and nothing is written)."""
    fault = query_fault(query)
    if fault:
        raise BadSavedGame(f"The game to save {fault}.")
    row = s.get(SavedGameRow, learner_id)
    if row is None:
        s.add(SavedGameRow(learner_id=learner_id, query=dict(query), updated_at=now()))
    else:
        row.query, row.updated_at = dict(query), now()


def clear(s: Session, learner_id: int, query: Mapping[str, str] | None = None) -> None:
    """Delete the learner's saved game in the transaction ``s`` (only if it is the game
    ``query``, when given)."""
    row = s.get(SavedGameRow, learner_id)
    if row is None:
        return
    if query is not None and isinstance(row.query, Mapping) and not same_game(row.query, query):
        return
    s.delete(row)


# -- on their own -------------------------------------------------------------------------------
def save(store: Store, learner_id: int, query: Mapping[str, str]) -> None:
    """Save ``query`` as the learner's unfinished game (replacing any other), in one
    transaction. The app writes through :func:`store.events.write` instead (the outbox)."""
    def work(s: Session) -> None:
        s.get(Learner, learner_id, with_for_update=True)  # one write per learner at a time
        put(s, learner_id, query)

    store.run(work, immediate=True)


def drop(store: Store, learner_id: int) -> None:
    """Delete the learner's saved game, whatever it holds."""
    def work(s: Session) -> None:
        s.get(Learner, learner_id, with_for_update=True)
        clear(s, learner_id)

    store.run(work, immediate=True)


def load(store: Store, learner_id: int) -> SavedGame | None:
    """The learner's saved game, or ``None``. A stored row that is not a saved game raises
    :class:`BadSavedGame` with a sentence for the learner (and is logged once; the caller
    drops it with :func:`drop`)."""

    def work(s: Session) -> tuple[object, datetime] | None:
        row = s.get(SavedGameRow, learner_id)
        return None if row is None else (row.query, row.updated_at)

    got = store.run(work)
    if got is None:
        return None
    query, at = got
    fault = query_fault(query)
    if fault or not isinstance(query, Mapping):
        skip_row("saved_games", learner_id, "query")
        raise BadSavedGame(f"Your saved game could not be read (what was stored {fault}).")
    return SavedGame({str(k): str(v) for k, v in query.items()}, at)
