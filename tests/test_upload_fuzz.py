"""Any JSON in any field of an uploaded file gets the reader's own error (or a good result):
the progress file (``TransferError`` / ``ProgressError``), the lesson deck (``DeckError``) and
the hand record (``RecordError``), never a ``TypeError``, an ``OverflowError`` or a database
error. 1,000 examples each, derandomised; the readers are pure, so each takes a few seconds
(marked slow: ``make quick`` leaves them out). The progress file's writes to both databases
are fuzzed in ``tests/store/test_uploads_fuzz.py``.
"""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given
from hypothesis import strategies as st

from engine import Game
from store import transfer
from tutorial.services.decks import Deck, DeckError, dump_deck, load_deck
from tutorial.services.progress import ProgressError, check_file
from tutorial.services.records import HandFile, RecordError, hand_record, load_hand

from helpers import examples

EXAMPLES = 1000
MAX_MESSAGE = 400

KNOWN = transfer.Known(frozenset({"tiles-1", "tiles-2"}), frozenset({"p1", "p2"}))

#: Strings that broke readers before: dates out of range, NUL, a lone surrogate, known ids.
AWKWARD = st.sampled_from([
    "0001-01-01T00:00:00+05:00", "9999-12-31T23:59:59-05:00", "2026-11-30T10:00:00", "2019-01-01", "\x00",
    "tiles-1\x00", "\ud800", "tiles-1", "p1", "deal", "hand", "puzzle", "level", "strong", "basic", "", " ",
    "moon-tutor-progress", "moon-deck-1", "moon-tutor-record", "x" * 300,
])
SCALARS = (st.none() | st.booleans() | st.integers() | st.sampled_from([3000000000, 10**20, -3, 0, 1, 2**63])
           | st.floats() | st.text(max_size=12) | AWKWARD)
JSONISH = st.recursive(
    SCALARS,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8) | AWKWARD, inner, max_size=4),
    max_leaves=12,
)
#: Taking a field out is a mutation too.
DELETE = object()
VALUES = JSONISH | st.just(DELETE)


def mutate(doc: Any, path: tuple[Any, ...], value: Any) -> Any:
    """``doc`` with the field at ``path`` set to ``value`` (or taken out)."""
    doc = copy.deepcopy(doc)
    target = doc
    for key in path[:-1]:
        target = target[key]
    if value is DELETE:
        if isinstance(target, dict):
            target.pop(path[-1], None)
        else:
            del target[path[-1]]
    else:
        target[path[-1]] = value
    return doc


# -- the progress file --------------------------------------------------------------------------------

V2 = {
    "format": "moon-tutor-progress", "version": 2, "name": "Ada", "stars": {"tiles-1": 3}, "puzzles_solved": ["p1"],
    "best_streak": 1, "streak": 1, "hands_played": 1, "games_won": 1,
    "lesson_attempts": [{"level": "tiles-1", "stage": "tiles", "answer": ["6-4"], "correct": True, "try": 1,
                         "hints": 0, "seconds": 3.5, "par": 1, "imported_stars": None,
                         "at": "2026-11-30T10:00:00+00:00"}],
    "puzzle_attempts": [{"puzzle": "p1", "kind": "play", "themes": ["trump-in"], "answer": "6-4", "correct": True,
                         "gave_up": False, "try": 1, "hints": 0, "seconds": 2.0, "rating_after": 1510.5,
                         "at": "2026-11-30T10:01:00+00:00"}],
    "hands": [{"game": "g1", "hand": 1, "record": {"seed": 3}, "at": "2026-11-30T10:02:00+00:00"}],
    "games": [{"game": "g1", "won": True, "hands": 1, "at": "2026-11-30T10:03:00+00:00"}],
}
V1 = {"format": "moon-tutor-progress", "version": 1, "stars": {"tiles-1": 2}, "puzzles_solved": ["p1"],
      "best_streak": 4, "streak": 0, "hands_played": 3, "games_won": 1}
_TOP = [(k,) for k in V2]
_ROWS = [(table, 0, name) for table in ("lesson_attempts", "puzzle_attempts", "hands", "games")
         for name in V2[table][0]] + [(table, 0) for table in ("lesson_attempts", "puzzle_attempts", "hands", "games")]
PROGRESS_PATHS = st.sampled_from(_TOP + _ROWS + [("stars", "tiles-1"), ("stars", "tiles-2"), ("puzzles_solved", 0),
                                                 ("lesson_attempts", 0, "answer", 0),
                                                 ("puzzle_attempts", 0, "themes", 0), ("hands", 0, "record", "x")])


def progress_file(version: int, path: tuple[Any, ...], value: Any) -> dict[str, Any]:
    base = V2 if version == 2 else V1
    if version == 1 and path[0] not in V1:
        path = path[:1]  # a version-1 file has only the summary: set the field itself
    return mutate(base, path, value)


@pytest.mark.slow
@given(version=st.sampled_from([1, 2]), path=PROGRESS_PATHS, value=VALUES)
@examples(EXAMPLES, HealthCheck.filter_too_much)
def test_any_json_in_any_field_of_a_progress_file_gets_its_own_error(
    version: int, path: tuple[Any, ...], value: Any
) -> None:
    obj = progress_file(version, path, value)
    try:
        checked = transfer.check(obj, KNOWN)
    except transfer.TransferError as e:
        assert len(str(e)) < MAX_MESSAGE
    else:
        assert checked.version == obj.get("version", 1)
    try:
        check_file(json.dumps(obj).encode(), KNOWN)
    except ProgressError as e:
        assert len(str(e)) < MAX_MESSAGE


# -- the lesson deck ---------------------------------------------------------------------------------------


def _record() -> dict[str, Any]:
    g = Game.new(seed=3)
    while not g.hand_finished:
        g.apply(g.legal_actions()[-1 if g.phase == "bidding" else 0])
    return json.loads(json.dumps(hand_record(g.record(), 0)))


RECORD = _record()
DECK = {"format": "moon-deck-1", "title": "Fuzz", "entries": [
    {"kind": "deal", "deal": 12, "move": 2, "to": 4, "ask": True, "note": "n", "computer": "basic",
     "rules": {"players": 3}},
    {"kind": "hand", "record": RECORD, "move": 1, "note": "h"},
    {"kind": "puzzle", "id": "p1", "note": "p"},
    {"kind": "level", "id": "tiles-1"},
]}
_DECK_FIELDS = ("kind", "note", "deal", "rules", "computer", "move", "to", "ask", "record", "id", "other")
DECK_PATHS = st.sampled_from(
    [("format",), ("title",), ("entries",), ("other",)]
    + [("entries", i) for i in range(4)]
    + [("entries", i, f) for i in range(4) for f in _DECK_FIELDS]
    + [("entries", 0, "rules", "players"), ("entries", 0, "rules", "target"), ("entries", 1, "record", "rules"),
       ("entries", 1, "record", "seed"), ("entries", 1, "record", "hands"), ("entries", 1, "record", "format")]
)


@pytest.mark.slow
@given(path=DECK_PATHS, value=VALUES, second=st.none() | st.tuples(DECK_PATHS, VALUES))
@examples(EXAMPLES, HealthCheck.filter_too_much)
def test_any_json_in_any_field_of_a_deck_gets_the_decks_own_error(
    path: tuple[Any, ...], value: Any, second: tuple[tuple[Any, ...], Any] | None
) -> None:
    deck = mutate(DECK, path, value)
    if second is not None:
        try:
            deck = mutate(deck, *second)
        except (KeyError, IndexError, TypeError):
            pass  # the first change took the field's parent away
    try:
        got = load_deck(json.dumps(deck), puzzle_ids={"p1"}, level_ids={"tiles-1"})
    except DeckError as e:
        assert len(str(e)) < MAX_MESSAGE
    else:
        assert isinstance(got, Deck) and load_deck(dump_deck(got)) == got


def test_a_deck_whose_kind_is_a_list_or_an_object_names_the_field() -> None:
    for kind in (["deal"], {"deal": 1}, 7, None, True):
        raw = json.dumps({"format": "moon-deck-1", "entries": [{"kind": kind}]})
        try:
            load_deck(raw)
        except DeckError as e:
            assert str(e).startswith("Entry 1, field 'kind':"), str(e)
        else:
            raise AssertionError(f"a deck with kind {kind!r} was read")


# -- the hand record -----------------------------------------------------------------------------------------

RECORD_PATHS = st.sampled_from([
    ("format",), ("engine",), ("rules",), ("seed",), ("hand_number",), ("hands",), ("hands", 0),
    ("hands", 0, "dealt"), ("hands", 0, "first_bidder"), ("hands", 0, "hands"), ("hands", 0, "hands", 1),
    ("hands", 0, "hands", 1, 0), ("hands", 0, "widow"), ("hands", 0, "widow", 0), ("hands", 0, "actions"),
    ("hands", 0, "actions", 0), ("hands", 0, "actions", 3), ("rules", "players"), ("rules", "target"),
    ("rules", "min_bid"), ("rules", "scoring"), ("other",),
])


@pytest.mark.slow
@given(path=RECORD_PATHS, value=VALUES)
@examples(EXAMPLES, HealthCheck.filter_too_much)
def test_any_json_in_any_field_of_a_hand_record_gets_the_records_own_error(
    path: tuple[Any, ...], value: Any
) -> None:
    rec = mutate(RECORD, path, value)
    try:
        got = load_hand(json.dumps(rec))
    except RecordError as e:
        assert len(str(e)) < MAX_MESSAGE
    else:
        assert isinstance(got, HandFile) and got.actions == got.record["hands"][0]["actions"]
