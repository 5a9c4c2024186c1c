"""The rule set: which variant of each rule of Moon is in force.

Defaults are the rules of ``RULES.md`` (the classic three-player game to 21 points).

>>> RuleSet().players, RuleSet().target, RuleSet(scoring="marks").target
(3, 21, 7)
>>> RuleSet.from_dict(RuleSet(players=4).to_dict()) == RuleSet(players=4)
True
"""

from __future__ import annotations

import functools
from dataclasses import asdict, dataclass, fields
from typing import Any, cast

from engine.errors import ParseError
from engine.tiles import Tile, tile_set
from engine.trump import ALL_TRUMPS, Trump

__all__ = ["VARIANTS", "RuleSet"]

#: A plain-words description of every field of :class:`RuleSet`, for settings pages and lessons.
VARIANTS: dict[str, str] = {
    "players": "3 players (22-tile set, a widow) or 4 players in two partnerships (28 tiles).",
    "keep_double_blank": "Three players keep 0-0 (22 tiles, one widow tile). Off: 0-0 is "
    "removed too, 21 tiles, no widow, and blanks cannot be trump.",
    "trump_before_widow": "The bidder names trump first, then takes the widow and discards.",
    "min_bid": "The lowest bid allowed (4 by default; 3 or 5 by house rule).",
    "all_pass": "'redeal': when everybody passes the hand is thrown in. 'force-last': the last "
    "player may not pass if everyone before passed, and must bid at least the minimum.",
    "doubles_trump": "The bidder may name doubles as trump.",
    "no_trump": "The bidder may name no trump ('follow me').",
    "moon_wins_game": "A made bid of 21 (shooting the moon) wins the game at once. Off: it "
    "scores 21 points (or one mark) like any made bid.",
    "moon_overcall": "After a bid of 21 the auction goes on: a later player may also bid 21 "
    "and takes the contract over. Off: a 21 ends the auction.",
    "scoring": "'points': bids and tricks score points, first to the target (21) wins. "
    "'marks': a made bid earns the bidder a mark, a set earns each opponent one; first to 7.",
    "target": "The score that ends the game: 21 points or 7 marks unless set otherwise.",
    "tie_break": "'play-on': players tied for the lead at or above the target play more hands. "
    "'bidder-out': a bidder who makes the bid and so reaches the target wins, whatever the others have.",
}

_CHOICES: dict[str, tuple[Any, ...]] = {
    "players": (3, 4),
    "min_bid": (3, 4, 5),
    "all_pass": ("redeal", "force-last"),
    "scoring": ("points", "marks"),
    "tie_break": ("play-on", "bidder-out"),
}


_BID_VALUES = {m: (*range(m, 8), 21) for m in (3, 4, 5)}


@functools.cache
def _trumps_allowed(doubles: bool, no_trump: bool, no_blanks: bool) -> tuple[Trump, ...]:
    out = []
    for t in ALL_TRUMPS:
        if t.kind == "doubles" and not doubles:
            continue
        if t.kind == "none" and not no_trump:
            continue
        if t.kind == "number" and t.value == 0 and no_blanks:
            continue
        out.append(t)
    return tuple(out)


@dataclass(frozen=True)
class RuleSet:
    """Which variant of each rule is in force. Frozen; defaults are the rules of RULES.md.

    ``target=None`` means the usual target for the scoring: 21 points or 7 marks.
    """

    players: int = 3
    keep_double_blank: bool = True
    trump_before_widow: bool = False
    min_bid: int = 4
    all_pass: str = "redeal"
    doubles_trump: bool = True
    no_trump: bool = True
    moon_wins_game: bool = True
    moon_overcall: bool = False
    scoring: str = "points"
    target: int = None  # type: ignore[assignment]
    tie_break: str = "play-on"

    def __post_init__(self) -> None:
        for f in fields(self):
            value = getattr(self, f.name)
            if f.name in _CHOICES:
                if value not in _CHOICES[f.name] or isinstance(value, bool):
                    allowed = ", ".join(repr(c) for c in _CHOICES[f.name])
                    raise ValueError(f"rules: {f.name} must be one of {allowed}, not {value!r}")
            elif f.type in ("bool", bool):
                if not isinstance(value, bool):
                    raise ValueError(f"rules: {f.name} must be true or false, not {value!r}")
        if cast("int | None", self.target) is None:
            object.__setattr__(self, "target", 21 if self.scoring == "points" else 7)
        if type(self.target) is not int or self.target < 1:
            raise ValueError(f"rules: target must be a whole number of at least 1, not {self.target!r}")
        if self.players == 4:
            if not self.keep_double_blank:
                raise ValueError(
                    "rules: four-player Moon uses all 28 tiles, so 0-0 cannot be removed "
                    "(keep_double_blank=False is a three-player variant)"
                )
            if self.trump_before_widow:
                raise ValueError(
                    "rules: four-player Moon has no widow, so trump_before_widow cannot be set"
                )
        elif self.trump_before_widow and not self.keep_double_blank:
            raise ValueError(
                "rules: without 0-0 there is no widow, so trump_before_widow cannot be set"
            )

    # -- derived facts ------------------------------------------------------------------
    @property
    def has_widow(self) -> bool:
        """True when a widow tile is dealt (three players with 0-0 kept)."""
        return self.players == 3 and self.keep_double_blank

    @property
    def tiles(self) -> tuple[Tile, ...]:
        """The tiles in play: 22, 21 or 28."""
        return tile_set(self.players, self.keep_double_blank)

    @property
    def bid_values(self) -> tuple[int, ...]:
        """The bids allowed, lowest first: ``(4, 5, 6, 7, 21)`` by default."""
        return _BID_VALUES[self.min_bid]

    @property
    def trumps(self) -> tuple[Trump, ...]:
        """The trumps the bidder may name under these rules."""
        return _trumps_allowed(self.doubles_trump, self.no_trump, self.players == 3 and not self.keep_double_blank)

    def teams(self) -> tuple[tuple[int, ...], ...]:
        """The scoring sides: one per seat with 3 players; (0, 2) and (1, 3) with 4."""
        if self.players == 4:
            return ((0, 2), (1, 3))
        return ((0,), (1,), (2,))

    def side_of(self, seat: int) -> int:
        """The index in :attr:`scores` of the side ``seat`` scores for."""
        return seat % 2 if self.players == 4 else seat

    def differences(self) -> dict[str, Any]:
        """The fields that differ from the defaults (what a URL or a summary needs to say)."""
        default = RuleSet().to_dict()
        return {k: v for k, v in self.to_dict().items() if v != default[k]}

    def describe(self) -> list[str]:
        """One line per rule that differs from the classic game, for a house-rules summary."""
        return [f"{k} = {v}: {VARIANTS[k]}" for k, v in self.differences().items()]

    # -- (de)serialisation ---------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        """A plain dict of every field (JSON-serialisable)."""
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> RuleSet:
        """Build a rule set from a dict; missing fields take their defaults.

        Unknown fields and wrong values raise ``ValueError`` naming the field.
        """
        if not isinstance(data, dict):
            raise ParseError(f"rules must be a mapping of field to value, not {type(data).__name__}")
        names = {f.name for f in fields(cls)}
        unknown = sorted(set(data) - names)
        if unknown:
            raise ValueError(
                f"rules: unknown field {unknown[0]!r} (the fields are {', '.join(sorted(names))})"
            )
        return cls(**data)
