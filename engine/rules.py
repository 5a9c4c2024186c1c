"""The rule set: which variant of each rule of Moon is in force.

Defaults are the rules of ``docs/rules.md`` (the classic three-player game to 21 points).

>>> RuleSet().players, RuleSet().target, RuleSet(scoring="marks").target
(3, 21, 7)
>>> RuleSet.from_dict(RuleSet(players=4).to_dict()) == RuleSet(players=4)
True
"""

from __future__ import annotations

import functools
from dataclasses import asdict, dataclass, fields
from typing import Any, cast

from engine.errors import RulesError
from engine.limits import quote
from engine.tiles import Tile, tile_set
from engine.trump import ALL_TRUMPS, Trump

__all__ = ["TARGET_RANGE", "VARIANTS", "RuleSet"]

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
    "target": "The score that ends the game: 21 points or 7 marks unless set otherwise "
    "(1 to 250 points, or 1 to 25 marks).",
    "tie_break": "'play-on': players tied for the lead at or above the target play more hands. "
    "'bidder-out': a bidder who makes the bid and so reaches the target wins, whatever the others have.",
}

_CHOICES: dict[str, tuple[object, ...]] = {
    "players": (3, 4),
    "min_bid": (3, 4, 5),
    "all_pass": ("redeal", "force-last"),
    "scoring": ("points", "marks"),
    "tie_break": ("play-on", "bidder-out"),
}


#: The targets allowed, by scoring: a game to more would take longer than anyone plays.
TARGET_RANGE: dict[str, tuple[int, int]] = {"points": (1, 250), "marks": (1, 25)}

_INT_FIELDS = ("players", "min_bid", "target")

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
    """Which variant of each rule is in force. Frozen; defaults are the rules of docs/rules.md.

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
            if f.name in _INT_FIELDS and value is not None and type(value) is not int:
                # 3.0, True, "3": a number field takes a whole number and nothing else.
                raise RulesError(f"rules: {f.name} must be a whole number, not {quote(value)}")
            if f.name in _CHOICES:
                if value not in _CHOICES[f.name] or isinstance(value, bool):
                    allowed = ", ".join(repr(c) for c in _CHOICES[f.name])
                    raise RulesError(f"rules: {f.name} must be one of {allowed}, not {quote(value)}")
            elif f.type in ("bool", bool):
                if not isinstance(value, bool):
                    raise RulesError(f"rules: {f.name} must be true or false, not {quote(value)}")
        if cast("int | None", self.target) is None:
            object.__setattr__(self, "target", 21 if self.scoring == "points" else 7)
        lo, hi = TARGET_RANGE[self.scoring]
        if not lo <= self.target <= hi:
            raise RulesError(
                f"rules: target must be a whole number from {lo} to {hi} when playing for "
                f"{self.scoring}, not {quote(self.target)}"
            )
        if self.players == 4:
            if not self.keep_double_blank:
                raise RulesError(
                    "rules: four-player Moon uses all 28 tiles, so 0-0 cannot be removed "
                    "(keep_double_blank=False is a three-player variant)"
                )
            if self.trump_before_widow:
                raise RulesError(
                    "rules: four-player Moon has no widow, so trump_before_widow cannot be set"
                )
        elif self.trump_before_widow and not self.keep_double_blank:
            raise RulesError(
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

    def differences(self) -> dict[str, Any]:  # Any: rule fields are of differing types (int, bool, str)
        """The fields that differ from the defaults (what a URL or a summary needs to say)."""
        default = RuleSet().to_dict()
        return {k: v for k, v in self.to_dict().items() if v != default[k]}

    def describe_setting(self, name: str) -> str:
        """One field of the rule set as it stands, in plain words for a learner.

        >>> RuleSet(min_bid=5).describe_setting("min_bid")
        'Lowest bid: 5 tricks.'
        """
        r = self
        match name:
            case "players":
                return (
                    "Four players in two partnerships (seats 0 and 2 against 1 and 3), all 28 tiles."
                    if r.players == 4
                    else "Three players, each for themselves."
                )
            case "keep_double_blank":
                if r.players == 4:
                    return "All 28 tiles are used."
                return (
                    "0-0 stays in: 22 tiles, so one tile is left over as the widow."
                    if r.keep_double_blank
                    else "0-0 is taken out too: 21 tiles, no widow, and blanks cannot be trump."
                )
            case "trump_before_widow":
                return (
                    "The bidder names trump first, then picks up the widow and discards."
                    if r.trump_before_widow
                    else "The bidder picks up the widow and discards before naming trump."
                )
            case "min_bid":
                return f"Lowest bid: {r.min_bid} tricks."
            case "all_pass":
                return (
                    "If everyone before the last bidder passes, the last bidder must bid."
                    if r.all_pass == "force-last"
                    else "If everyone passes, the hand is thrown in and dealt again."
                )
            case "doubles_trump":
                return "Doubles may be named trump." if r.doubles_trump else "Doubles may not be named trump."
            case "no_trump":
                return "No trump (follow me) may be named." if r.no_trump else "The bidder must name a trump."
            case "moon_wins_game":
                return (
                    "Making a bid of 21 (shooting the moon) wins the game on the spot."
                    if r.moon_wins_game
                    else "Making a bid of 21 scores like any made bid (21 points, or one mark)."
                )
            case "moon_overcall":
                return (
                    "After a 21, later players may also bid 21 and take the contract."
                    if r.moon_overcall
                    else "A bid of 21 ends the bidding."
                )
            case "scoring":
                return (
                    "Marks: a made bid earns one mark, a set bid gives each opponent one."
                    if r.scoring == "marks"
                    else "Points: the bidder scores the bid (or loses it); the others score their tricks."
                )
            case "target":
                unit = "marks" if r.scoring == "marks" else "points"
                return f"The game is played to {r.target} {unit}."
            case "tie_break":
                return (
                    "A bidder who makes the bid and so reaches the target wins at once."
                    if r.tie_break == "bidder-out"
                    else "Players tied for the lead at the target play on until one is ahead."
                )
        raise KeyError(name)

    def describe(self) -> list[str]:
        """One sentence per rule that differs from the classic game, for a house-rules summary.

        >>> RuleSet(players=4, min_bid=5).describe()
        ['Four players in two partnerships (seats 0 and 2 against 1 and 3), all 28 tiles.', 'Lowest bid: 5 tricks.']
        """
        usual_target = 21 if self.scoring == "points" else 7
        return [
            self.describe_setting(k)
            for k in self.differences()
            if not (k == "target" and self.target == usual_target)
        ]

    # -- (de)serialisation ---------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:  # Any: rule fields are of differing types (int, bool, str)
        """A plain dict of every field (JSON-serialisable)."""
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> RuleSet:  # Any: each field's value is checked as the rule set is made
        """Build a rule set from a dict; missing fields take their defaults.

        Unknown fields and wrong values raise :class:`~engine.errors.RulesError` (a
        ``ValueError``) naming the field.
        """
        if not isinstance(data, dict):
            raise RulesError(f"rules must be a mapping of field to value, not {type(data).__name__}")
        names = {f.name for f in fields(cls)}
        for key in data:
            if not isinstance(key, str):
                raise RulesError(f"rules: a field name is text, not {quote(key)}")
        unknown = sorted(set(data) - names)
        if unknown:
            raise RulesError(
                f"rules: unknown field {quote(unknown[0])} (the fields are {', '.join(sorted(names))})"
            )
        return cls(**data)
