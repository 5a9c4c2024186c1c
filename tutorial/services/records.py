"""Hand records: one hand of a game as a small JSON file that replays anywhere.

A *hand record* is a game record (the format of :meth:`engine.Game.record`) with a single
hand, dealt as given: the four (or three) hands as dealt, the widow, the first bidder and
every action. The Classroom loads them; the Play page offers one for every hand played.

>>> import json
>>> from engine import Game
>>> g = Game.new(seed=3)
>>> while not g.hand_finished:
...     g.apply(g.legal_actions()[-1 if g.phase == "bidding" else 0])
>>> rec = hand_record(g.record(), 0)
>>> load_hand(json.dumps(rec)).actions == g.record()["hands"][0]["actions"]
True
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, TypeAlias

from engine import Game, IllegalAction, ParseError, RuleSet
from engine.game import replay
from engine.limits import quote
from engine.record import RECORD_FORMAT
from tutorial.services.uploads import MAX_JSON_DEPTH, read_json, read_upload

__all__ = [
    "MAX_JSON_DEPTH",
    "MAX_RECORD_BYTES",
    "HandFile",
    "RecordError",
    "RecordJSON",
    "hand_record",
    "load_hand",
    "read_json",
    "replay_hand",
]

#: A game or hand record as :meth:`engine.Game.record` writes it (the JSON of a file).
RecordJSON: TypeAlias = dict[str, Any]  # Any: the engine's type for it (Game.record)

#: Uploaded records larger than this are refused (a hand record is about 1 kB).
MAX_RECORD_BYTES = 200_000


class RecordError(ValueError):
    """A record that cannot be read or replayed; the message says what is wrong."""


@dataclass(frozen=True)
class HandFile:
    """A loaded hand: its rules, deal and actions (checked by replaying them)."""

    record: RecordJSON
    rules: RuleSet
    actions: list[str]
    title: str

    def game_at(self, count: int) -> Game:
        """The hand after its first ``count`` actions."""
        return replay_hand(self.record, count)


def hand_record(game_record: RecordJSON, index: int) -> RecordJSON:
    """Hand ``index`` (0-based) of a game record, as a stand-alone one-hand record."""
    hands = game_record["hands"]
    if not 0 <= index < len(hands):
        raise IndexError(f"the game has {len(hands)} hands, not {index + 1}")
    entry = hands[index]
    if "hands" not in entry:
        # A seeded hand without its deal written out: replay to find it.
        entry = replay(game_record, hand=index + 1).record()["hands"][-1]
    return {
        "format": RECORD_FORMAT,
        "engine": game_record.get("engine", ""),
        "rules": game_record["rules"],
        "seed": game_record["seed"],
        "hand_number": entry.get("number", index + 1),
        "hands": [
            {
                "dealt": "given",
                "first_bidder": entry["first_bidder"],
                "hands": entry["hands"],
                "widow": entry["widow"],
                "actions": list(entry["actions"]),
            }
        ],
    }


def replay_hand(record: RecordJSON, count: int | None = None) -> Game:
    """Replay the one hand of ``record`` up to ``count`` actions (all of them by default)."""
    return replay(record, upto=count, hand=1 if count is not None else None)


def load_hand(data: str | bytes | Mapping[str, object]) -> HandFile:
    """Read a record (JSON text, bytes or a dict) and check it replays.

    A game record with several hands gives its last hand. Anything wrong raises
    :class:`RecordError` with a message for the user.
    """
    got = read_upload(data, "hand record", MAX_RECORD_BYTES, RecordError)
    if not isinstance(got, dict):
        raise RecordError("A hand record is a JSON object with 'rules', 'seed' and 'hands'.")
    try:
        game = Game.replay(got)
    except (ParseError, IllegalAction) as e:
        raise RecordError(f"This record does not replay: {e}") from None
    except (ValueError, TypeError, KeyError, RecursionError) as e:  # pragma: no cover - the engine raises its own
        raise RecordError(f"This record does not replay: {quote(str(e))}") from None
    full = game.record()
    one = hand_record(full, len(full["hands"]) - 1)
    try:
        replay_hand(one)
    except (ParseError, IllegalAction, ValueError) as e:  # pragma: no cover - defensive
        raise RecordError(f"This record does not replay: {e}") from None
    rules = RuleSet.from_dict(one["rules"])
    actions = list(one["hands"][0]["actions"])
    title = f"deal {one['seed']}, hand {one['hand_number']} ({rules.players} players)"
    return HandFile(one, rules, actions, title)
