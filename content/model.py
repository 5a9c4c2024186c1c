"""The position a lesson level or a puzzle shows, checked by the engine.

A :class:`Position` is everything on the table that a question may need: the rules, trump,
the hands (each shown to the learner or hidden), the trick so far and who led it, the
auction, the bidder and the bid, the tricks won and the scores, and loose ``tiles`` that a
question is about ("rank these tiles"). Only the fields a question needs are given.

:meth:`Position.from_dict` reads the ``position`` table of a content file and refuses an
impossible position with a :class:`~content.errors.FieldError` naming the field: a tile that
is not a tile or not in the set of these rules, a tile in two places, hands whose sizes do
not fit the trick so far, a trick that could not have been played (every play is replayed
through the engine's :func:`~engine.explain_play`), an auction the engine refuses.

>>> p = Position.from_dict({"trump": "6", "leader": 0, "trick": ["5-1"],
...                         "hands": {"1": "6-5 5-3 2-1"}})
>>> p.to_play, [str(t) for t in p.hand(1)]
(1, ['2-1', '5-3', '6-5'])
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TypeAlias

from content.errors import FieldError
from engine import Game, IllegalAction, ParseError, RuleSet, Tile, Trump, explain_play
from engine.trump import TRUMP, Suit, describe_suit

__all__ = [
    "JSON",
    "POSITION_FIELDS",
    "Position",
    "parse_seat",
    "parse_suit",
    "parse_tile",
    "parse_tiles_field",
    "parse_trump",
    "suit_to_json",
]

#: A value as a content file or an export holds it (TOML and JSON): what a position's
#: :meth:`~Position.to_dict` and a task's ``to_json`` write, what ``expected`` holds.
JSON: TypeAlias = "str | int | float | bool | Sequence[JSON] | Mapping[str, JSON] | None"

#: The fields a ``position`` table may hold, with what each means.
POSITION_FIELDS: dict[str, str] = {
    "rules": "the house rules, a RuleSet dict (lessons only; a puzzle has its own 'rules')",
    "trump": "'0'..'6', 'doubles' or 'none'",
    "hands": "tiles by seat: a table whose keys are seat numbers, e.g. {1 = '6-5 5-3'}",
    "show": "the seats whose hands the learner sees (default: the seat to play, or every "
    "given hand when nobody is to play)",
    "leader": "the seat that led the trick so far",
    "trick": "the tiles played to the current trick, in play order",
    "played": "tiles of earlier tricks of this hand (out of play)",
    "widow": "the widow tile (three players), when it matters",
    "first_bidder": "the seat that bid first",
    "bids": "the auction so far from the first bidder: 'pass' or a number, in turn",
    "bidder": "the seat that won the auction",
    "bid": "the winning bid",
    "tricks_won": "tricks taken this hand, by seat",
    "scores": "the scores by side (seat with 3 players, team with 4) before this hand ends",
    "tiles": "loose tiles a question is about (rank these, is it a trump...)",
    "to_play": "the seat to act (checked against the one the position implies)",
}


# -- small parsers that name the field ----------------------------------------------------
def parse_tile(value: object, where: str) -> Tile:
    """A tile from ``"6-4"`` (or a Tile); a FieldError naming ``where`` otherwise."""
    try:
        if isinstance(value, Tile):
            return value
        if not isinstance(value, str):
            raise ParseError(f"a tile is written like '6-4', not {value!r}")
        return Tile.parse(value)
    except ParseError as e:
        raise FieldError(where, str(e)) from None


def parse_tiles_field(value: object, where: str) -> tuple[Tile, ...]:
    """Tiles from a list of strings or one string ``"6-4 5-3"``; each must be a tile."""
    if isinstance(value, str):
        items: list[object] = list(value.replace(",", " ").split())
    elif isinstance(value, list | tuple):
        items = list(value)
    else:
        raise FieldError(where, f"expected a list of tiles like ['6-4', '5-3'], not {value!r}")
    return tuple(parse_tile(x, where) for x in items)


def parse_seat(value: object, where: str, players: int) -> int:
    """A seat number 0..players-1."""
    if isinstance(value, str) and value.strip().isdigit():
        value = int(value)
    if type(value) is not int or not 0 <= value < players:
        raise FieldError(where, f"a seat is a number 0 to {players - 1}, not {value!r}")
    return value


def parse_trump(value: object, where: str) -> Trump:
    """A trump: ``"0"``..``"6"``, ``"doubles"``, ``"none"`` (a number 0-6 also works)."""
    try:
        if isinstance(value, bool):
            raise ParseError(f"{value!r} is not a trump")
        return Trump.parse(value)
    except ParseError as e:
        raise FieldError(where, str(e)) from None


def parse_suit(value: object, where: str) -> Suit:
    """A suit: a number 0..6 (or its name, ``"fives"``) or ``"trump"``."""
    if isinstance(value, bool):
        raise FieldError(where, f"a suit is a number 0-6 or 'trump', not {value!r}")
    if isinstance(value, int) and 0 <= value <= 6:
        return value
    if isinstance(value, str):
        t = value.strip().lower()
        if t in ("trump", "trumps"):
            return TRUMP
        if t.isdigit() and 0 <= int(t) <= 6:
            return int(t)
        for n in range(7):
            if t in (describe_suit(n), describe_suit(n, plural=False)):
                return n
    raise FieldError(where, f"a suit is a number 0-6 or 'trump', not {value!r}")


def suit_to_json(suit: Suit) -> str:
    """A suit as export text: ``"5"`` or ``"trump"``."""
    return str(suit)


def _int(value: object, where: str, lo: int | None = None, hi: int | None = None) -> int:
    if type(value) is not int:
        raise FieldError(where, f"expected a whole number, not {value!r}")
    if (lo is not None and value < lo) or (hi is not None and value > hi):
        span = f"{lo} to {hi}" if hi is not None else f"at least {lo}"
        raise FieldError(where, f"must be {span}, not {value}")
    return value


def _bid_value(value: object, where: str) -> int:
    if isinstance(value, str) and value.strip().lower() == "pass":
        return 0
    if type(value) is int and value > 0:
        return value
    raise FieldError(where, f"a bid is 'pass' or a number of tricks, not {value!r}")


def auction_game(
    rules: RuleSet,
    first_bidder: int,
    bids: Sequence[int],
    hands: Mapping[int, Sequence[Tile]] | None = None,
    widow: Sequence[Tile] = (),
) -> Game:
    """A :class:`~engine.Game` dealt with the given hands (the other hands filled in from
    the tiles left, in order) after the given bids (0 = pass). The engine checks every bid;
    an illegal one raises :class:`~engine.IllegalAction`."""
    hands = dict(hands or {})
    used = {t for h in hands.values() for t in h} | set(widow)
    free = [t for t in rules.tiles if t not in used]
    deal: list[list[Tile]] = []
    for seat in range(rules.players):
        if seat in hands:
            deal.append(list(hands[seat]))
        else:
            deal.append(free[:7])
            free = free[7:]
    wid = list(widow)
    if rules.has_widow and not wid:
        wid = free[:1]
    game = Game.from_deal(rules, deal, wid, first_bidder, seed=0)
    for value in bids:
        game.apply("pass" if value == 0 else f"bid {value}")
    return game


@dataclass(frozen=True)
class Position:
    """A position on the table; see :data:`POSITION_FIELDS`. Build it with :meth:`from_dict`
    (which checks it); :meth:`to_dict` writes it back."""

    rules: RuleSet = field(default_factory=RuleSet)
    trump: Trump | None = None
    hands: tuple[tuple[Tile, ...] | None, ...] = ()
    shown: frozenset[int] = frozenset()
    leader: int | None = None
    trick: tuple[Tile, ...] = ()
    played: tuple[Tile, ...] = ()
    widow: tuple[Tile, ...] = ()
    first_bidder: int | None = None
    bids: tuple[tuple[int, int], ...] = ()
    bidder: int | None = None
    bid: int | None = None
    tricks_won: tuple[int, ...] | None = None
    scores: tuple[int, ...] | None = None
    tiles: tuple[Tile, ...] = ()
    to_play: int | None = None

    # -- facts -------------------------------------------------------------------------
    @property
    def players(self) -> int:
        return self.rules.players

    def hand(self, seat: int) -> tuple[Tile, ...]:
        """The tiles of ``seat`` (a ValueError if the position does not give them)."""
        h = self.hands[seat] if 0 <= seat < len(self.hands) else None
        if h is None:
            raise ValueError(f"the position does not give the hand of seat {seat}")
        return h

    def has_hand(self, seat: int) -> bool:
        return 0 <= seat < len(self.hands) and self.hands[seat] is not None

    def seat_of(self, index: int) -> int:
        """The seat that played ``trick[index]``."""
        assert self.leader is not None
        return (self.leader + index) % self.players

    def side_of(self, seat: int) -> tuple[int, ...]:
        """The seats on ``seat``'s side: itself with 3 players, its partnership with 4."""
        return tuple(self.rules.teams()[self.rules.side_of(seat)])

    def auction_done(self) -> bool:
        if not self.bids:
            return False
        values = [b for _, b in self.bids]
        return len(values) == self.players or (21 in values and not self.rules.moon_overcall)

    def game_after_bids(self) -> Game:
        """The engine's game after this position's auction (see :func:`auction_game`)."""
        given = {s: h for s, h in enumerate(self.hands) if h is not None and len(h) == 7}
        return auction_game(
            self.rules, self.first_bidder or 0, [b for _, b in self.bids], given, self.widow
        )

    # -- reading -----------------------------------------------------------------------
    @classmethod
    def from_dict(cls, raw: object, rules: RuleSet | None = None) -> Position:
        """Read and check a ``position`` table. ``rules`` comes from the puzzle entry; a
        lesson gives them as ``position.rules``. Field names in errors are relative to the
        position (``"hands.1"``); the loader puts them under ``position``."""
        if raw is None:
            raw = {}
        if not isinstance(raw, Mapping):
            raise FieldError("", f"a position is a table of fields, not {type(raw).__name__}")
        unknown = sorted(set(raw) - set(POSITION_FIELDS))
        if unknown:
            raise FieldError(unknown[0], f"unknown field (a position may hold {', '.join(POSITION_FIELDS)})")
        if "rules" in raw:
            if rules is not None:
                raise FieldError("rules", "a puzzle gives its rules at the top of the entry, not here")
            try:
                rules = RuleSet.from_dict(raw["rules"])
            except (ValueError, TypeError) as e:
                raise FieldError("rules", str(e)) from None
        rules = rules or RuleSet()
        n = rules.players
        allowed = set(rules.tiles)

        def in_set(tiles: Iterable[Tile], where: str) -> None:
            for t in tiles:
                if t not in allowed:
                    raise FieldError(where, f"{t} is not in the {len(allowed)}-tile set of these rules")

        trump = parse_trump(raw["trump"], "trump") if "trump" in raw else None
        if trump is not None and trump not in rules.trumps:
            raise FieldError("trump", f"these rules do not allow {trump.name} as trump")

        hands: list[tuple[Tile, ...] | None] = [None] * n
        raw_hands = raw.get("hands", {})
        if isinstance(raw_hands, list):
            raw_hands = {str(i): h for i, h in enumerate(raw_hands) if h is not None}
        if not isinstance(raw_hands, Mapping):
            raise FieldError("hands", "hands are a table of seat = tiles, e.g. {0 = '6-4 5-3'}")
        for key, value in raw_hands.items():
            seat = parse_seat(key, f"hands.{key}", n)
            tiles = parse_tiles_field(value, f"hands.{key}")
            in_set(tiles, f"hands.{key}")
            hands[seat] = tuple(sorted(tiles))

        leader = parse_seat(raw["leader"], "leader", n) if "leader" in raw else None
        trick = parse_tiles_field(raw.get("trick", []), "trick")
        in_set(trick, "trick")
        if trick and leader is None:
            raise FieldError("leader", "a trick so far needs the seat that led it")
        if trick and trump is None:
            raise FieldError("trump", "a trick so far needs the trump of the hand")
        if len(trick) > n:
            raise FieldError("trick", f"a trick has at most {n} tiles, one per player, not {len(trick)}")
        played = parse_tiles_field(raw.get("played", []), "played")
        in_set(played, "played")
        widow = parse_tiles_field(raw.get("widow", []), "widow")
        in_set(widow, "widow")
        if len(widow) > (1 if rules.has_widow else 0):
            raise FieldError("widow", "these rules deal " + ("one widow tile" if rules.has_widow else "no widow"))
        tiles = parse_tiles_field(raw.get("tiles", []), "tiles")
        if len(set(tiles)) != len(tiles):
            dup = next(t for t in tiles if tiles.count(t) > 1)
            raise FieldError("tiles", f"{dup} is listed twice")

        # No tile in two places.
        seen: dict[Tile, str] = {}
        places = [(f"hands.{s}", h) for s, h in enumerate(hands) if h is not None]
        places += [("trick", trick), ("played", played)]
        for where, group in places:
            for t in group:
                if t in seen:
                    other = seen[t]
                    raise FieldError(where, f"{t} appears twice ({other} and {where})"
                                     if other != where else f"{t} appears twice in {where}")
                seen[t] = where

        # The widow is either still face down or in the bidder's hand (checked below).
        widow_holder: int | None = None
        for t in widow:
            if t in seen and not seen[t].startswith("hands."):
                raise FieldError("widow", f"{t} appears twice ({seen[t]} and widow)")
            if t in seen:
                widow_holder = int(seen[t].split(".")[1])

        # Hand sizes must fit the trick so far.
        in_trick = {(leader + i) % n for i in range(len(trick))} if leader is not None else set()
        sizes = {s: len(h) + (1 if s in in_trick else 0) for s, h in enumerate(hands) if h is not None}
        bidder_before_discard = None
        if sizes and len(set(sizes.values())) > 1:
            lines = ", ".join(
                f"seat {s} holds {len(hands[s] or ())}" + (" and has played" if s in in_trick else "")
                for s in sorted(sizes)
            )
            raise FieldError("hands", f"the hands do not have the same number of tiles for this trick: {lines}")
        for s, size in sizes.items():
            limit = 8 if (not trick and not trump and rules.has_widow) else 7
            if size > limit:
                raise FieldError(f"hands.{s}", f"a hand holds at most {limit} tiles, not {size}")
            if size == 8:
                bidder_before_discard = s
        tricks_won = None
        if "tricks_won" in raw:
            tw = raw["tricks_won"]
            if not isinstance(tw, list) or len(tw) != n:
                raise FieldError("tricks_won", f"give the tricks won by each of the {n} seats")
            tricks_won = tuple(_int(x, "tricks_won", 0, 7) for x in tw)
            if sum(tricks_won) > 7:
                raise FieldError("tricks_won", f"a hand has 7 tricks, not {sum(tricks_won)}")
            if sizes and leader is not None:
                base = next(iter(sizes.values()))
                if base != 7 - sum(tricks_won):
                    raise FieldError(
                        "tricks_won",
                        f"{sum(tricks_won)} tricks are finished, so each player started this trick "
                        f"with {7 - sum(tricks_won)} tiles, but the hands show {base}",
                    )
        if played and sizes and leader is not None:
            base = next(iter(sizes.values()))
            if len(played) != n * (7 - base):
                raise FieldError(
                    "played",
                    f"with {base} tiles per hand, {7 - base} tricks ({n * (7 - base)} tiles) are "
                    f"finished, not {len(played)} tiles",
                )

        # The trick so far must have been legal: replay it through the engine.
        if trick and leader is not None and trump is not None:
            for i, tile in enumerate(trick):
                seat = (leader + i) % n
                h = hands[seat]
                if h is None:
                    continue
                reason = explain_play((*h, tile), trick[:i], trump, tile)
                if not reason.legal:
                    raise FieldError(
                        "trick", f"seat {seat} could not have played {tile}: {reason.text}"
                    )

        # The auction: replayed through the engine.
        first_bidder = parse_seat(raw["first_bidder"], "first_bidder", n) if "first_bidder" in raw else None
        raw_bids = raw.get("bids", [])
        if not isinstance(raw_bids, list):
            raise FieldError("bids", "the bids are a list like ['pass', 5, 'pass']")
        values = [_bid_value(b, f"bids.{i}") for i, b in enumerate(raw_bids)]
        if len(values) > n and not rules.moon_overcall:
            raise FieldError("bids", f"each of the {n} players bids once")
        fb = first_bidder if first_bidder is not None else 0
        auction: Game | None = None
        if values or first_bidder is not None:
            try:
                auction = auction_game(rules, fb, values)
            except IllegalAction as e:
                raise FieldError("bids", f"the engine refuses this auction: {e}") from None
        bids = tuple(((fb + i) % n, v) for i, v in enumerate(values))

        bidder = parse_seat(raw["bidder"], "bidder", n) if "bidder" in raw else None
        bid = None
        if "bid" in raw:
            bid = _bid_value(raw["bid"], "bid")
            if bid not in rules.bid_values:
                raise FieldError("bid", f"{bid} is not a bid under these rules ({', '.join(map(str, rules.bid_values))})")
        if auction is not None and auction.bidder is not None:
            if bidder is not None and bidder != auction.bidder:
                raise FieldError("bidder", f"the auction makes seat {auction.bidder} the bidder, not seat {bidder}")
            if bid is not None and bid != auction.bid:
                raise FieldError("bid", f"the auction's winning bid is {auction.bid}, not {bid}")
            bidder, bid = auction.bidder, auction.bid
        if widow_holder is not None and (bidder is None or widow_holder != bidder):
            raise FieldError("widow", f"the widow is in the hand of seat {widow_holder}, but only the bidder takes it")
        if bidder_before_discard is not None and bidder is not None and bidder_before_discard != bidder:
            raise FieldError(f"hands.{bidder_before_discard}", "only the bidder holds 8 tiles (after taking the widow)")
        if (bidder is None) != (bid is None) and "tricks_won" in raw:
            raise FieldError("bid" if bid is None else "bidder", "give both the bidder and the bid")

        scores = None
        if "scores" in raw:
            sc = raw["scores"]
            sides = len(rules.teams())
            if not isinstance(sc, list) or len(sc) != sides:
                raise FieldError("scores", f"give one score per side ({sides} sides under these rules)")
            scores = tuple(_int(x, "scores") for x in sc)

        # Who is to play.
        implied: int | None = None
        if leader is not None:
            implied = (leader + len(trick)) % n if len(trick) < n else None
        elif auction is not None and auction.phase == "bidding":
            implied = auction.to_act
        elif auction is not None and auction.phase in ("discard", "trump"):
            implied = auction.bidder
        to_play = implied
        if "to_play" in raw:
            given = parse_seat(raw["to_play"], "to_play", n)
            if implied is not None and given != implied:
                raise FieldError("to_play", f"the position has seat {implied} to play, not seat {given}")
            to_play = given

        if "show" in raw:
            show_raw = raw["show"]
            if not isinstance(show_raw, list):
                raise FieldError("show", "show is a list of seats")
            shown = frozenset(parse_seat(s, "show", n) for s in show_raw)
            for s in shown:
                if hands[s] is None:
                    raise FieldError("show", f"seat {s}'s hand is shown but not given")
        elif to_play is not None and hands[to_play] is not None:
            shown = frozenset([to_play])
        else:
            shown = frozenset(s for s, h in enumerate(hands) if h is not None)

        return cls(
            rules=rules, trump=trump, hands=tuple(hands), shown=shown, leader=leader, trick=trick,
            played=played, widow=widow, first_bidder=first_bidder, bids=bids, bidder=bidder,
            bid=bid, tricks_won=tricks_won, scores=scores, tiles=tiles, to_play=to_play,
        )

    # -- writing -----------------------------------------------------------------------
    def to_dict(self, with_rules: bool = False) -> dict[str, JSON]:
        """The position as a content-file table (only the fields that are set)."""
        out: dict[str, JSON] = {}
        if with_rules and self.rules.differences():
            out["rules"] = self.rules.differences()
        if self.trump is not None:
            out["trump"] = str(self.trump)
        given = {str(s): " ".join(str(t) for t in h) for s, h in enumerate(self.hands) if h is not None}
        if given:
            out["hands"] = given
        default_show = (
            frozenset([self.to_play]) if self.to_play is not None and self.has_hand(self.to_play)
            else frozenset(int(s) for s in given)
        )
        if self.shown != default_show:
            out["show"] = sorted(self.shown)
        if self.leader is not None:
            out["leader"] = self.leader
        if self.trick:
            out["trick"] = [str(t) for t in self.trick]
        if self.played:
            out["played"] = [str(t) for t in self.played]
        if self.widow:
            out["widow"] = [str(t) for t in self.widow]
        if self.first_bidder is not None:
            out["first_bidder"] = self.first_bidder
        if self.bids:
            out["bids"] = ["pass" if b == 0 else b for _, b in self.bids]
        if self.bidder is not None and not self.bids:
            out["bidder"] = self.bidder
        if self.bid is not None and not self.bids:
            out["bid"] = self.bid
        if self.tricks_won is not None:
            out["tricks_won"] = list(self.tricks_won)
        if self.scores is not None:
            out["scores"] = list(self.scores)
        if self.tiles:
            out["tiles"] = [str(t) for t in self.tiles]
        return out

    def hands_json(self) -> list[list[str]]:
        """Hands by seat as the learner sees them: an empty list for a hidden hand."""
        return [
            [str(t) for t in h] if (h is not None and s in self.shown) else []
            for s, h in enumerate(self.hands)
        ]
