"""Game records: typed hand and game records and their JSON form (data only: the game
replays them, :meth:`engine.Game.replay`).

A record is what :meth:`engine.Game.record` writes: the rules, the deal number, and for each
hand its number, first bidder, how it was dealt (``"seed"``: from the deal number, or
``"given"``: written out, first hand only), the dealt hands and widow, and the actions in
notation. :class:`GameRecord` and :class:`HandRecord` are the typed form; ``to_dict`` and
``from_dict`` convert to and from the JSON form. :meth:`engine.Game.replay` rebuilds the
game, or the game as it stood after any action of any hand (``hand=``, ``upto=``).

Reading a record checks every field: a malformed record raises :class:`RecordError` (a
:class:`~engine.errors.ParseError`, so a ``ValueError``) naming the hand, the field and,
for actions, the action number; an action the rules do not allow raises
:class:`~engine.errors.IllegalAction` naming the hand and action.

>>> from engine import Game
>>> g = Game.new(seed=7)
>>> for a in ["bid 4", "pass", "pass"]:
...     g.apply(a)
>>> rec = g.to_record()
>>> rec.hands[0].actions[0], len(rec.hands), rec.seed
(Action.parse('bid 4'), 1, 7)
>>> Game.replay(rec, upto=1).bids
[(1, 4)]
>>> Game.replay(rec.to_dict()) == g
True
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from engine.actions import Action
from engine.deal import MAX_SEED
from engine.errors import ParseError
from engine.limits import MAX_HANDS, quote
from engine.rules import RuleSet
from engine.tiles import Tile

__all__ = [
    "MAX_ACTIONS",
    "RECORD_FORMAT",
    "GameRecord",
    "HandRecord",
    "RecordError",
]

#: The ``format`` field of a record.
RECORD_FORMAT = "moon-tutor-record"

#: The most actions a hand can have (bids, discard, trump and 28 plays, with room to spare);
#: a record whose hand lists more is refused before anything is replayed.
MAX_ACTIONS = 64

_DEALT = ("seed", "given")


class RecordError(ParseError):
    """A record that is not a record: the message names the hand and field that is wrong."""


def _tiles(value: object, where: str, count: int | None = None) -> tuple[Tile, ...]:
    """A list of tile strings (or tiles) as sorted tiles; anything else is a RecordError."""
    if not isinstance(value, list | tuple):
        raise RecordError(f"{where} must be a list of tiles like [\"6-4\", \"5-5\"], not {quote(value)}")
    if len(value) > 28:
        raise RecordError(f"{where} lists {len(value)} tiles; a set has 28")
    out = []
    for x in value:
        if isinstance(x, Tile):
            out.append(x)
            continue
        try:
            out.append(Tile.parse(x))
        except ParseError as e:
            raise RecordError(f"{where}: {e}") from None
    if count is not None and len(out) != count:
        raise RecordError(f"{where} has {len(out)} tiles, not {count}")
    return tuple(sorted(out))


def _whole(value: object, where: str, lo: int, hi: int) -> int:
    if type(value) is not int or not lo <= value <= hi:
        raise RecordError(f"{where} must be a whole number from {lo} to {hi}, not {quote(value)}")
    return value


@dataclass(frozen=True)
class HandRecord:
    """One hand of a record. ``hands`` and ``widow`` (the deal, by seat, before the widow is
    taken) may be ``None`` for a seeded hand, which the deal number fixes; ``number`` and
    ``first_bidder`` may be ``None`` when not written, and are then taken from the game."""

    actions: tuple[Action, ...] = ()
    dealt: str = "seed"
    number: int | None = None
    first_bidder: int | None = None
    hands: tuple[tuple[Tile, ...], ...] | None = None
    widow: tuple[Tile, ...] | None = None

    def to_dict(self) -> dict[str, Any]:  # Any: a hand's JSON form, of mixed value types
        """The JSON form (only the fields that are set)."""
        out: dict[str, Any] = {}  # Any: a hand's JSON form, of mixed value types
        if self.number is not None:
            out["number"] = self.number
        if self.first_bidder is not None:
            out["first_bidder"] = self.first_bidder
        out["dealt"] = self.dealt
        if self.hands is not None:
            out["hands"] = [[str(t) for t in h] for h in self.hands]
        if self.widow is not None:
            out["widow"] = [str(t) for t in self.widow]
        out["actions"] = [str(a) for a in self.actions]
        return out

    def cut(self, upto: int) -> HandRecord:
        """This hand with only its first ``upto`` actions."""
        return HandRecord(self.actions[: max(0, upto)], self.dealt, self.number, self.first_bidder,
                          self.hands, self.widow)

    @classmethod
    def from_dict(cls, data: object, rules: RuleSet, index: int = 1) -> HandRecord:
        """Read hand ``index`` (from 1) of a record; a wrong field raises :class:`RecordError`."""
        where = f"record: hand {index}"
        if not isinstance(data, Mapping):
            raise RecordError(f"{where} must be an object with its 'actions', not {quote(data)}")
        dealt = data.get("dealt", "seed")
        if dealt not in _DEALT:
            raise RecordError(f"{where}, field 'dealt' must be 'seed' or 'given', not {quote(dealt)}")
        if dealt == "given" and index > 1:
            raise RecordError(f"{where}, field 'dealt': only the first hand may be a given deal")
        number = data.get("number")
        if number is not None:
            number = _whole(number, f"{where}, field 'number'", 1, MAX_HANDS)
        first = data.get("first_bidder")
        if first is not None:
            first = _whole(first, f"{where}, field 'first_bidder'", 0, rules.players - 1)
        elif dealt == "given":
            first = 0
        hands = None
        if "hands" in data or dealt == "given":
            raw = data.get("hands")
            if not isinstance(raw, list | tuple) or len(raw) != rules.players:
                raise RecordError(
                    f"{where}, field 'hands' must be a list of {rules.players} hands, one per seat, "
                    f"not {quote(raw)}"
                )
            hands = tuple(_tiles(h, f"{where}, field 'hands', seat {s}", 7) for s, h in enumerate(raw))
        widow = None
        if "widow" in data or dealt == "given":
            widow = _tiles(data.get("widow", []), f"{where}, field 'widow'", 1 if rules.has_widow else 0)
        raw_actions = data.get("actions", [])
        if not isinstance(raw_actions, list | tuple):
            raise RecordError(f"{where}, field 'actions' must be a list of actions, not {quote(raw_actions)}")
        if len(raw_actions) > MAX_ACTIONS:
            raise RecordError(f"{where}, field 'actions' lists {len(raw_actions)} actions; a hand has at most {MAX_ACTIONS}")
        actions = []
        for i, text in enumerate(raw_actions, start=1):
            try:
                actions.append(Action.parse(text))
            except ParseError as e:
                raise RecordError(f"{where}, action {i}: {e}") from None
        return cls(tuple(actions), dealt, number, first, hands, widow)


@dataclass(frozen=True)
class GameRecord:
    """A whole game: the rules, the deal number and every hand so far (the last may be
    unfinished). ``engine`` is the version that wrote it."""

    rules: RuleSet
    seed: int
    hands: tuple[HandRecord, ...]
    engine: str = ""

    def to_dict(self) -> dict[str, Any]:  # Any: a record's JSON form, of mixed value types
        """The JSON form, as :meth:`engine.Game.record` returns it."""
        return {
            "format": RECORD_FORMAT,
            "engine": self.engine,
            "rules": self.rules.to_dict(),
            "seed": self.seed,
            "hands": [h.to_dict() for h in self.hands],
        }

    def upto(self, hand: int | None = None, actions: int | None = None) -> GameRecord:
        """The record cut after action ``actions`` of hand ``hand`` (from 1; the last hand
        and all its actions by default)."""
        n = len(self.hands) if hand is None else hand
        if type(n) is not int or not 1 <= n <= len(self.hands):
            raise IndexError(f"the record has hands 1 to {len(self.hands)}, not {quote(hand)}")
        kept = list(self.hands[:n])
        if actions is not None:
            kept[-1] = kept[-1].cut(actions)
        return GameRecord(self.rules, self.seed, tuple(kept), self.engine)

    @classmethod
    def from_dict(cls, data: object) -> GameRecord:
        """Read and check the JSON form; a malformed record raises :class:`RecordError`
        naming the field (the hand and action number too)."""
        if not isinstance(data, Mapping):
            raise RecordError(f"a record is a JSON object, not {type(data).__name__}")
        fmt = data.get("format", RECORD_FORMAT)
        if fmt != RECORD_FORMAT:
            raise RecordError(f"record: 'format' is {quote(fmt)}, not {RECORD_FORMAT!r}")
        for key in ("rules", "seed", "hands"):
            if key not in data:
                raise RecordError(f"record: the field {key!r} is missing")
        try:
            rules = RuleSet.from_dict(data["rules"])
        except ValueError as e:
            raise RecordError(f"record: field 'rules': {e}") from None
        seed = _whole(data["seed"], "record: field 'seed' (the deal number)", 0, MAX_SEED)
        hands = data["hands"]
        if not isinstance(hands, list | tuple) or not hands:
            raise RecordError(f"record: 'hands' must be a non-empty list of hands, not {quote(hands)}")
        if len(hands) > MAX_HANDS:
            raise RecordError(f"record: 'hands' lists {len(hands)} hands; a game has at most {MAX_HANDS}")
        engine = data.get("engine", "")
        return cls(
            rules,
            seed,
            tuple(HandRecord.from_dict(h, rules, i) for i, h in enumerate(hands, start=1)),
            engine if isinstance(engine, str) else "",
        )
