"""A whole game of Moon: deal, bidding, widow and discard, trump, seven tricks, scoring,
hands until someone reaches the target, records and replay.

The state object follows the OpenSpiel style: :meth:`Game.legal_actions`,
:meth:`Game.apply`, :meth:`Game.clone`; what one seat may know is :meth:`Game.view`.

>>> g = Game.new(seed=7)
>>> g.phase, len(g.hands), [len(h) for h in g.hands], len(g.widow)
(<Phase.BIDDING: 'bidding'>, 3, [7, 7, 7], 1)
>>> while not g.hand_finished:
...     g.apply(g.legal_actions()[-1 if g.phase == "bidding" else 0])
>>> sum(g.tricks_won)
7
>>> Game.replay(g.record()) == g
True
"""

from __future__ import annotations

import secrets
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from operator import attrgetter
from typing import Any

from engine.actions import Action
from engine.deal import check_seed, deal_hands, first_bidder_for
from engine.errors import IllegalAction, ParseError
from engine.limits import MAX_HANDS, quote
from engine.play import Reason, explain_play, legal_plays, trick_winner
from engine.record import RECORD_FORMAT, GameRecord, HandRecord, RecordError
from engine.rules import RuleSet
from engine.scoring import score_hand
from engine.tiles import ALL_TILES, Tile
from engine.trump import Suit, Trump
from engine.version import __version__
from engine.words import trump_phrase

__all__ = ["PHASES", "RECORD_FORMAT", "Game", "HandResult", "Phase", "PlayerView", "TrickRecord", "replay"]


class Phase(StrEnum):
    """Where a game stands. A :class:`~enum.StrEnum`: each member equals its string, so
    ``game.phase == "playing"`` still holds.

    >>> Phase.PLAYING == "playing", Phase("hand_over").finished
    (True, True)
    """

    BIDDING = "bidding"
    DISCARD = "discard"
    TRUMP = "trump"
    PLAYING = "playing"
    HAND_OVER = "hand_over"
    GAME_OVER = "game_over"

    @property
    def finished(self) -> bool:
        """True once the hand is over (``hand_over`` or ``game_over``)."""
        return self in (Phase.HAND_OVER, Phase.GAME_OVER)


#: The phases of a game, in order.
PHASES: tuple[Phase, ...] = tuple(Phase)

_PASS = Action("pass")
_INDEX = attrgetter("index")
_PLAY = {t: Action("play", t) for t in ALL_TILES}
_DISCARD = {t: Action("discard", t) for t in ALL_TILES}


@dataclass(frozen=True)
class TrickRecord:
    """A finished trick: who led, the tiles in play order, and the seat that won it."""

    leader: int
    tiles: tuple[Tile, ...]
    winner: int
    players: int = 3

    @property
    def seats(self) -> tuple[int, ...]:
        """The seat that played each tile, in play order."""
        return tuple((self.leader + i) % self.players for i in range(len(self.tiles)))

    def played_by(self, seat: int) -> Tile:
        """The tile ``seat`` played to this trick."""
        return self.tiles[(seat - self.leader) % self.players]


@dataclass(frozen=True)
class HandResult:
    """How a hand ended. ``change`` and ``scores`` are by side (seat with 3 players, team
    with 4). A thrown-in hand has ``thrown_in=True``, no bidder and no change."""

    hand_number: int
    first_bidder: int
    bidder: int | None
    bid: int | None
    trump: Trump | None
    tricks_won: tuple[int, ...]
    side_tricks: tuple[int, ...]
    made: bool | None
    change: tuple[int, ...]
    scores: tuple[int, ...]
    thrown_in: bool = False
    moon_won_game: bool = False

    def describe(self) -> str:
        """A sentence: "Seat 1 bid 5 with fives trump, took 6 tricks and made it (+5)."."""
        if self.thrown_in:
            return f"Hand {self.hand_number}: everybody passed; the hand was thrown in."
        assert self.bidder is not None and self.bid is not None and self.trump is not None
        four = len(self.change) == 2
        side = self.bidder % 2 if four else self.bidder
        trump = trump_phrase(self.trump)
        took = self.side_tricks[side]
        verdict = "made it" if self.made else "was set"
        tricks = f"{took} trick{'s' if took != 1 else ''}"
        if four:  # the team's tricks count, not the bidder's alone
            return (
                f"Hand {self.hand_number}: Seat {self.bidder} bid {self.bid} with {trump}; team {side} took "
                f"{tricks} (Seat {self.bidder} took {self.tricks_won[self.bidder]}) and {verdict} "
                f"({self.change[side]:+d})."
            )
        return f"Hand {self.hand_number}: Seat {self.bidder} bid {self.bid} with {trump}, took {tricks} and {verdict} ({self.change[side]:+d})."


@dataclass(frozen=True)
class PlayerView:
    """Exactly what one seat may know: its own hand, the widow only once it took it, its own
    discard, and every public bid and play. A computer player gets only this.

    ``actions`` lists this hand's actions as (seat, action); another seat's discard shows as
    ``None``. ``tricks`` are the finished tricks of this hand.
    """

    seat: int
    rules: RuleSet
    phase: Phase
    to_act: int | None
    hand: tuple[Tile, ...]
    widow: tuple[Tile, ...]
    discard: Tile | None
    bids: tuple[tuple[int, int], ...]
    bidder: int | None
    bid: int | None
    trump: Trump | None
    leader: int | None
    current_trick: tuple[Tile, ...]
    tricks: tuple[TrickRecord, ...]
    tricks_won: tuple[int, ...]
    scores: tuple[int, ...]
    hand_number: int
    first_bidder: int
    hand_sizes: tuple[int, ...]
    actions: tuple[tuple[int, Action | None], ...]
    results: tuple[HandResult, ...] = field(default=())
    winner: int | None = None

    @property
    def hand_finished(self) -> bool:
        """True once the hand is over: the phase is ``hand_over`` or ``game_over``."""
        return self.phase.finished

    def legal_actions(self) -> list[Action]:
        """The actions this seat may take now (empty when it is not its turn)."""
        if self.to_act != self.seat:
            return []
        return _legal_actions(
            self.rules, self.phase, self.hand, self.bids, self.trump, self.current_trick, self.seat
        )

    def played(self) -> frozenset[Tile]:
        """Every tile played so far this hand (finished tricks and the current one)."""
        out = set(self.current_trick)
        for t in self.tricks:
            out.update(t.tiles)
        return frozenset(out)

    def unseen(self) -> frozenset[Tile]:
        """The tiles this seat has not seen: in other hands, or in the widow or discard if it
        did not see them."""
        seen = set(self.hand) | self.played() | set(self.widow)
        if self.discard is not None:
            seen.add(self.discard)
        return frozenset(t for t in self.rules.tiles if t not in seen)

    def voids(self) -> dict[int, frozenset[Suit]]:
        """For each other seat, the suits it has shown it holds none of (by not following)."""
        out: dict[int, set[Suit]] = {s: set() for s in range(self.rules.players) if s != self.seat}
        if self.trump is None:
            return {s: frozenset(v) for s, v in out.items()}
        tricks = [(t.leader, t.tiles) for t in self.tricks]
        if self.current_trick and self.leader is not None:
            tricks.append((self.leader, self.current_trick))
        n = self.rules.players
        for leader, tiles in tricks:
            suit = self.trump.suit_led(tiles[0])
            for i in range(1, len(tiles)):
                seat = (leader + i) % n
                if seat != self.seat and not self.trump.follows(tiles[i], suit):
                    out[seat].add(suit)
        return {s: frozenset(v) for s, v in out.items()}

    def explain(self, tile: Tile) -> Reason:
        """Why this seat may or may not play ``tile`` now."""
        if self.trump is None:
            raise ValueError("no trump has been named yet")
        return explain_play(self.hand, self.current_trick, self.trump, tile)


def _legal_actions(
    rules: RuleSet,
    phase: Phase,
    hand: Sequence[Tile],
    bids: Sequence[tuple[int, int]],
    trump: Trump | None,
    trick: Sequence[Tile],
    seat: int,
) -> list[Action]:
    if phase == Phase.PLAYING:
        assert trump is not None
        return [_PLAY[t] for t in legal_plays(hand, trick, trump)]
    if phase == Phase.BIDDING:
        high = max((b for _, b in bids), default=0)
        out = [] if _must_bid(rules, bids) else [_PASS]
        for v in rules.bid_values:
            if v > high or (v == 21 and high == 21 and rules.moon_overcall):
                out.append(Action("bid", v))
        return out
    if phase == Phase.DISCARD:
        return [_DISCARD[t] for t in hand]
    if phase == Phase.TRUMP:
        return [Action("trump", t) for t in rules.trumps]
    return []


def _must_bid(rules: RuleSet, bids: Sequence[tuple[int, int]]) -> bool:
    """Under "force-last", the last player to bid may not pass if all before passed."""
    return (
        rules.all_pass == "force-last"
        and len(bids) == rules.players - 1
        and all(b == 0 for _, b in bids)
    )


class Game:
    """A game of Moon from the first deal to the winner.

    Make one with :meth:`new` (a seeded deal) or :meth:`from_deal` (a given deal), then
    :meth:`apply` actions (an :class:`Action` or its text) until :attr:`phase` is
    ``"hand_over"``; :meth:`next_hand` deals the next hand, until ``"game_over"``.
    An illegal action raises :class:`IllegalAction` and changes nothing.
    """

    # -- construction -------------------------------------------------------------------
    def __init__(self, rules: RuleSet, seed: int) -> None:
        """Use :meth:`new` or :meth:`from_deal`."""
        if not isinstance(rules, RuleSet):
            raise TypeError(f"rules must be a RuleSet, not {type(rules).__name__}")
        self._rules = rules
        self._seed = check_seed(seed)
        self._n = rules.players
        self._scores = [0] * len(rules.teams())
        self._results: list[HandResult] = []
        self._past: list[HandRecord] = []  # records of finished hands
        self._winner: int | None = None
        self._hand_number = 0
        self._first_bidder = 0
        self._dealt = "seed"

    @classmethod
    def new(cls, rules: RuleSet | None = None, seed: int | None = None) -> Game:
        """A new game dealt from deal number ``seed`` (a random one when ``None``).

        The same seed and rules give the same deals everywhere.
        """
        rules = RuleSet() if rules is None else rules
        if seed is None:
            seed = secrets.randbelow(10**9)
        game = cls(rules, seed)
        hands, widow = deal_hands(rules.tiles, rules.players, seed, 1)
        game._start_hand(1, first_bidder_for(seed, rules.players), hands, widow, "seed")
        return game

    @classmethod
    def from_deal(
        cls,
        rules: RuleSet | None,
        hands: Sequence[Iterable[Tile | str]],
        widow: Iterable[Tile | str] = (),
        first_bidder: int = 0,
        seed: int | None = None,
    ) -> Game:
        """A game whose first hand is the given deal (later hands are dealt from ``seed``).

        ``hands`` are by seat; tiles may be :class:`Tile` or text like ``"6-4"``.
        A deal that does not match the rules (tile count, a tile twice, a tile not in the
        set, a wrong widow) raises ``ValueError`` saying what is wrong.
        """
        rules = RuleSet() if rules is None else rules
        if seed is None:
            seed = secrets.randbelow(10**9)
        parsed = tuple(tuple(sorted(_tiles(h, f"hand of seat {i}"))) for i, h in enumerate(hands))
        wid = tuple(sorted(_tiles(widow, "widow")))
        _check_deal(rules, parsed, wid)
        if type(first_bidder) is not int or not 0 <= first_bidder < rules.players:
            raise ValueError(f"first_bidder must be a seat 0-{rules.players - 1}, not {quote(first_bidder)}")
        game = cls(rules, seed)
        game._start_hand(1, first_bidder, parsed, wid, "given")
        return game

    def _start_hand(
        self,
        number: int,
        first_bidder: int,
        hands: tuple[tuple[Tile, ...], ...],
        widow: tuple[Tile, ...],
        dealt: str,
    ) -> None:
        self._hand_number = number
        self._first_bidder = first_bidder
        self._dealt = dealt
        self._deal = hands
        self._deal_widow = widow
        self._hands = [list(h) for h in hands]
        self._widow = widow
        self._widow_taken = False
        self._discard: Tile | None = None
        self._phase = Phase.BIDDING
        self._to_act: int | None = first_bidder
        self._bids: list[tuple[int, int]] = []
        self._bidder: int | None = None
        self._bid: int | None = None
        self._trump: Trump | None = None
        self._leader: int | None = None
        self._trick: list[Tile] = []
        self._tricks: list[TrickRecord] = []
        self._tricks_won = [0] * self._n
        self._log: list[tuple[int, Action]] = []

    # -- read-only state ----------------------------------------------------------------
    @property
    def rules(self) -> RuleSet:
        """The rule set of this game."""
        return self._rules

    @property
    def seed(self) -> int:
        """The deal number: with the rules, it fixes every seeded deal of the game."""
        return self._seed

    @property
    def phase(self) -> Phase:
        """One of :data:`PHASES`."""
        return self._phase

    @property
    def hand_finished(self) -> bool:
        """True once the hand is over: the phase is ``hand_over`` or ``game_over``."""
        return self._phase.finished

    @property
    def to_act(self) -> int | None:
        """The seat to act, or ``None`` when the hand or game is over."""
        return self._to_act

    @property
    def hands(self) -> tuple[tuple[Tile, ...], ...]:
        """Every seat's tiles now, by seat, each sorted."""
        return tuple(tuple(h) for h in self._hands)

    @property
    def deal(self) -> tuple[tuple[Tile, ...], ...]:
        """The hands as they were dealt this hand (before the widow)."""
        return self._deal

    @property
    def widow(self) -> tuple[Tile, ...]:
        """The widow dealt this hand (one tile with three players and 0-0 kept, else none)."""
        return self._widow

    @property
    def widow_taken(self) -> bool:
        """True once the bidder has taken the widow into hand."""
        return self._widow_taken

    @property
    def discard(self) -> Tile | None:
        """The bidder's discard, once made (hidden from the other seats)."""
        return self._discard

    @property
    def bids(self) -> list[tuple[int, int]]:
        """The auction so far, as (seat, bid) with 0 for a pass."""
        return list(self._bids)

    @property
    def bidder(self) -> int | None:
        """The seat that won the auction."""
        return self._bidder

    @property
    def bid(self) -> int | None:
        """The winning bid."""
        return self._bid

    @property
    def trump(self) -> Trump | None:
        """The trump named for this hand."""
        return self._trump

    @property
    def leader(self) -> int | None:
        """The seat that leads (or led) the current trick."""
        return self._leader

    @property
    def current_trick(self) -> tuple[Tile, ...]:
        """The tiles played to the current trick, in play order."""
        return tuple(self._trick)

    @property
    def tricks(self) -> tuple[TrickRecord, ...]:
        """The finished tricks of this hand."""
        return tuple(self._tricks)

    @property
    def tricks_won(self) -> tuple[int, ...]:
        """Tricks won this hand, by seat."""
        return tuple(self._tricks_won)

    @property
    def scores(self) -> tuple[int, ...]:
        """Scores (points or marks) by seat with 3 players, by team with 4 (team 0 = seats 0, 2)."""
        return tuple(self._scores)

    @property
    def hand_number(self) -> int:
        """The number of the hand being played, from 1."""
        return self._hand_number

    @property
    def first_bidder(self) -> int:
        """The seat that bids first this hand."""
        return self._first_bidder

    @property
    def winner(self) -> int | None:
        """The winning seat (3 players) or team (4 players), once the game is over."""
        return self._winner

    @property
    def results(self) -> tuple[HandResult, ...]:
        """How each finished hand ended, thrown-in hands included."""
        return tuple(self._results)

    @property
    def history(self) -> tuple[tuple[int, Action], ...]:
        """This hand's actions so far as (seat, action)."""
        return tuple(self._log)

    def side_of(self, seat: int) -> int:
        """The index in :attr:`scores` of the side ``seat`` plays for."""
        return self._rules.side_of(seat)

    # -- actions ------------------------------------------------------------------------
    def legal_actions(self) -> list[Action]:
        """Every action the seat to act may take (empty once the hand is over)."""
        if self._to_act is None:
            return []
        return _legal_actions(
            self._rules, self._phase, self._hands[self._to_act], self._bids,
            self._trump, self._trick, self._to_act,
        )

    def explain(self, action: Action | str) -> Reason | None:
        """For a play, why the seat to act may or may not play that tile (else ``None``)."""
        a = Action.parse(action)
        if self._phase != Phase.PLAYING or a.kind != "play" or self._to_act is None:
            return None
        assert self._trump is not None and isinstance(a.value, Tile)
        return explain_play(self._hands[self._to_act], self._trick, self._trump, a.value)

    def apply(self, action: Action | str) -> None:
        """Take ``action`` for the seat to act. Raises :class:`IllegalAction` (naming the
        rule) or :class:`ParseError` (bad notation), and then changes nothing."""
        a = Action.parse(action)
        phase = self._phase
        seat = self._to_act
        if seat is None:
            if phase == Phase.GAME_OVER:
                raise IllegalAction("the game is over", "game-over")
            raise IllegalAction("the hand is over: deal the next hand first", "hand-over")
        if phase == Phase.PLAYING:
            if a.kind != "play":
                raise IllegalAction(f"it is time to play a tile, not to {a.kind}", "wrong-phase")
            self._play(seat, a)
        elif phase == Phase.BIDDING:
            self._bid_action(seat, a)
        elif phase == Phase.DISCARD:
            if a.kind != "discard":
                raise IllegalAction(
                    f"the bidder must discard a tile now, not {a.kind}", "wrong-phase"
                )
            self._do_discard(seat, a)
        elif phase == Phase.TRUMP:
            if a.kind != "trump":
                raise IllegalAction(f"the bidder must name trump now, not {a.kind}", "wrong-phase")
            self._name_trump(seat, a)
        self._log.append((seat, a))

    def _bid_action(self, seat: int, a: Action) -> None:
        rules = self._rules
        if a.kind not in ("pass", "bid"):
            raise IllegalAction(f"it is time to bid or pass, not to {a.kind}", "wrong-phase")
        high = max((b for _, b in self._bids), default=0)
        if a.kind == "pass":
            if _must_bid(rules, self._bids):
                raise IllegalAction(
                    f"everyone else passed, so you must bid at least {rules.min_bid} "
                    "(house rule: the last bidder is forced)",
                    "must-bid",
                )
            value = 0
        else:
            assert isinstance(a.value, int)
            value = a.value
            if value not in rules.bid_values:
                allowed = ", ".join(str(v) for v in rules.bid_values)
                raise IllegalAction(f"{value} is not a bid: the bids are {allowed}", "bid-value")
            if value <= high and not (value == 21 and high == 21 and rules.moon_overcall):
                raise IllegalAction(
                    f"a bid must be higher than the highest bid so far ({high})", "bid-too-low"
                )
        self._bids.append((seat, value))
        done = len(self._bids) == self._n or (value == 21 and not rules.moon_overcall)
        if not done:
            self._to_act = (seat + 1) % self._n
            return
        best = max(b for _, b in self._bids)
        if best == 0:
            self._finish_thrown_in()
            return
        # The highest bid wins; with moon overcalls, the last 21.
        self._bidder = [s for s, b in self._bids if b == best][-1]
        self._bid = best
        self._to_act = self._bidder
        if rules.has_widow and not rules.trump_before_widow:
            self._take_widow()
            self._phase = Phase.DISCARD
        else:
            self._phase = Phase.TRUMP

    def _take_widow(self) -> None:
        assert self._bidder is not None
        self._hands[self._bidder] = sorted(self._hands[self._bidder] + list(self._widow), key=_INDEX)
        self._widow_taken = True

    def _do_discard(self, seat: int, a: Action) -> None:
        tile = a.value
        assert isinstance(tile, Tile)
        hand = self._hands[seat]
        if tile not in hand:
            raise IllegalAction(f"you can only discard a tile from your hand; {tile} is not in it", "not-in-hand")
        hand.remove(tile)
        self._discard = tile
        if self._trump is None:
            self._phase = Phase.TRUMP
        else:
            self._start_play()

    def _name_trump(self, seat: int, a: Action) -> None:
        tr = a.value
        assert isinstance(tr, Trump)
        if tr not in self._rules.trumps:
            if tr.kind == "doubles":
                why = "under these house rules the bidder may not name doubles as trump"
            elif tr.kind == "none":
                why = "under these house rules the bidder may not choose no trump"
            else:
                why = "blanks cannot be trump when 0-0 is removed (there are no blanks in play)"
            raise IllegalAction(why, "trump-not-allowed")
        self._trump = tr
        if self._rules.has_widow and not self._widow_taken:
            self._take_widow()
            self._phase = Phase.DISCARD
        else:
            self._start_play()

    def _start_play(self) -> None:
        self._phase = Phase.PLAYING
        self._leader = self._bidder
        self._to_act = self._bidder

    def _play(self, seat: int, a: Action) -> None:
        tile = a.value
        trump = self._trump
        hand = self._hands[seat]
        trick = self._trick
        assert isinstance(tile, Tile) and trump is not None
        if tile not in legal_plays(hand, trick, trump):
            reason = explain_play(hand, trick, trump, tile)
            raise IllegalAction(reason.text, reason.code)
        hand.remove(tile)
        trick.append(tile)
        n = self._n
        if len(trick) < n:
            self._to_act = (seat + 1) % n
            return
        # The trick is complete.
        leader = self._leader
        assert leader is not None
        winner = (leader + trick_winner(trick, trump)) % n
        self._tricks.append(TrickRecord(leader, tuple(trick), winner, n))
        self._tricks_won[winner] += 1
        self._trick = []
        self._leader = winner
        self._to_act = winner
        if len(self._tricks) == 7:
            self._score_hand()

    # -- scoring ------------------------------------------------------------------------
    def _finish_thrown_in(self) -> None:
        self._phase = Phase.HAND_OVER
        self._to_act = None
        self._results.append(
            HandResult(
                self._hand_number, self._first_bidder, None, None, None,
                tuple(self._tricks_won), tuple(0 for _ in self._scores), None,
                tuple(0 for _ in self._scores), tuple(self._scores), thrown_in=True,
            )
        )

    def _score_hand(self) -> None:
        bidder, bid = self._bidder, self._bid
        assert bidder is not None and bid is not None
        scored = score_hand(self._rules, bidder, bid, self._tricks_won, self._scores)
        self._scores = list(scored.scores)
        self._results.append(
            HandResult(
                self._hand_number, self._first_bidder, bidder, bid, self._trump,
                tuple(self._tricks_won), scored.side_tricks, scored.made, scored.change,
                scored.scores, moon_won_game=scored.moon_won_game,
            )
        )
        self._to_act = None
        if scored.winner is None:
            self._phase = Phase.HAND_OVER
        else:
            self._winner = scored.winner
            self._phase = Phase.GAME_OVER

    def next_hand(self) -> None:
        """Deal the next hand (from ``"hand_over"``); the next seat clockwise bids first.

        A game is limited to :data:`engine.limits.MAX_HANDS` hands: past that, the next hand
        is refused with the code ``"too-many-hands"``.
        """
        if self._phase == Phase.GAME_OVER:
            raise IllegalAction("the game is over: no more hands are dealt", "game-over")
        if self._phase != Phase.HAND_OVER:
            raise IllegalAction("the hand is not over yet: all seven tricks are played out", "hand-not-over")
        if self._hand_number >= MAX_HANDS:
            raise IllegalAction(
                f"a game has at most {MAX_HANDS} hands: start a new game", "too-many-hands"
            )
        self._past.append(self._hand_record())
        number = self._hand_number + 1
        hands, widow = deal_hands(self._rules.tiles, self._n, self._seed, number)
        self._start_hand(number, (self._first_bidder + 1) % self._n, hands, widow, "seed")

    def undo(self) -> Action:
        """Take back the last action and return it, as python-chess's ``Board.pop()``.

        At the start of a hand (no action yet), the previous hand is taken back to its end
        and its last action undone too, so ``undo()`` walks back through the whole game.
        Raises ``IndexError`` when there is nothing to take back.
        """
        if not self._log:
            if not self._past:
                raise IndexError("nothing to undo: no action has been taken")
            entry = self._past.pop()
            if not entry.actions:  # pragma: no cover - a finished hand has actions
                raise IndexError("nothing to undo")
            self._rewind(entry, len(entry.actions) - 1)
            return entry.actions[-1]
        entry = self._hand_record()
        self._rewind(entry, len(entry.actions) - 1)
        return entry.actions[-1]

    def _rewind(self, entry: HandRecord, keep: int) -> None:
        """Restart hand ``entry`` and replay its first ``keep`` actions; a finished hand's
        result and score change are taken back first."""
        assert entry.hands is not None and entry.widow is not None and entry.number is not None
        if len(self._results) >= entry.number:
            del self._results[entry.number - 1 :]
        self._scores = list(self._results[-1].scores) if self._results else [0] * len(self._rules.teams())
        self._winner = None
        assert entry.first_bidder is not None
        self._start_hand(entry.number, entry.first_bidder, entry.hands, entry.widow, entry.dealt)
        for a in entry.actions[:keep]:
            self.apply(a)

    # -- copies, views, records ---------------------------------------------------------
    def clone(self) -> Game:
        """An independent copy of the game."""
        g = Game.__new__(Game)
        g.__dict__.update(self.__dict__)
        g._scores = list(self._scores)
        g._results = list(self._results)
        g._past = list(self._past)
        g._hands = [list(h) for h in self._hands]
        g._bids = list(self._bids)
        g._trick = list(self._trick)
        g._tricks = list(self._tricks)
        g._tricks_won = list(self._tricks_won)
        g._log = list(self._log)
        return g

    def view(self, seat: int) -> PlayerView:
        """What ``seat`` may know now (see :class:`PlayerView`)."""
        if type(seat) is not int or not 0 <= seat < self._n:
            raise ValueError(f"seat must be 0-{self._n - 1}, not {seat!r}")
        is_bidder = seat == self._bidder
        actions = tuple(
            (s, a if (a.kind != "discard" or s == seat) else None) for s, a in self._log
        )
        return PlayerView(
            seat=seat,
            rules=self._rules,
            phase=self._phase,
            to_act=self._to_act,
            hand=tuple(self._hands[seat]),
            widow=self._widow if (is_bidder and self._widow_taken) else (),
            discard=self._discard if is_bidder else None,
            bids=tuple(self._bids),
            bidder=self._bidder,
            bid=self._bid,
            trump=self._trump,
            leader=self._leader,
            current_trick=tuple(self._trick),
            tricks=tuple(self._tricks),
            tricks_won=tuple(self._tricks_won),
            scores=tuple(self._scores),
            hand_number=self._hand_number,
            first_bidder=self._first_bidder,
            hand_sizes=tuple(len(h) for h in self._hands),
            actions=actions,
            results=tuple(self._results),
            winner=self._winner,
        )

    def _hand_record(self) -> HandRecord:
        return HandRecord(
            actions=tuple(a for _, a in self._log),
            dealt=self._dealt,
            number=self._hand_number,
            first_bidder=self._first_bidder,
            hands=self._deal,
            widow=self._deal_widow,
        )

    def to_record(self) -> GameRecord:
        """The game so far as a typed :class:`engine.record.GameRecord`."""
        return GameRecord(self._rules, self._seed, (*self._past, self._hand_record()), __version__)

    def record(self) -> dict[str, Any]:  # Any: a record's JSON form, of mixed value types
        """The game so far as a JSON-serialisable dict: rules, deal number, every hand's
        deal and actions, and the engine version. :meth:`replay` rebuilds the game from it
        (the typed form and the format are in :mod:`engine.record`)."""
        return self.to_record().to_dict()

    @classmethod
    def replay(cls, record: Mapping[str, object] | GameRecord, upto: int | None = None, *,
               hand: int | None = None) -> Game:
        """Rebuild a game from :meth:`record`, or the game as it stood after action ``upto``
        of hand ``hand`` (see :func:`replay`).

        A malformed record raises :class:`ParseError` naming the field; an illegal action
        raises :class:`IllegalAction` whose message says which hand and action of the
        record it is.
        """
        return replay(record, upto, hand=hand)

    # -- comparison ---------------------------------------------------------------------
    def _key(self) -> tuple[object, ...]:
        return (
            self._rules, self._seed, self._hand_number, self._first_bidder, self._dealt,
            self._deal, self._deal_widow, self.hands, self._widow_taken, self._discard,
            self._phase, self._to_act, tuple(self._bids), self._bidder, self._bid, self._trump,
            self._leader, tuple(self._trick), tuple(self._tricks), tuple(self._tricks_won),
            tuple(self._scores), tuple(self._results), self._winner, tuple(self._log),
            tuple(self._past),
        )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Game):
            return NotImplemented
        return self._key() == other._key()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return (
            f"<Game seed={self._seed} hand={self._hand_number} phase={self._phase} "
            f"to_act={self._to_act} scores={list(self._scores)}>"
        )


def _tiles(items: Iterable[Tile | str], what: str) -> list[Tile]:
    if isinstance(items, str):
        items = items.replace(",", " ").split()
    out = []
    for x in items:
        try:
            out.append(x if isinstance(x, Tile) else Tile.parse(x))
        except ParseError as e:
            raise ValueError(f"{what}: {e}") from None
    return out


def _check_deal(rules: RuleSet, hands: tuple[tuple[Tile, ...], ...], widow: tuple[Tile, ...]) -> None:
    if len(hands) != rules.players:
        raise ValueError(f"the deal needs {rules.players} hands, one per seat, not {len(hands)}")
    for i, h in enumerate(hands):
        if len(h) != 7:
            raise ValueError(f"hand of seat {i} has {len(h)} tiles; each player gets 7")
    want_widow = 1 if rules.has_widow else 0
    if len(widow) != want_widow:
        raise ValueError(f"the widow must have {want_widow} tile{'s' if want_widow != 1 else ''}, not {len(widow)}")
    allowed = set(rules.tiles)
    seen: dict[Tile, str] = {}
    for where, tiles in [(f"hand of seat {i}", h) for i, h in enumerate(hands)] + [("widow", widow)]:
        for t in tiles:
            if t not in allowed:
                raise ValueError(f"{where}: {t} is not in the {len(allowed)}-tile set of these rules")
            if t in seen:
                raise ValueError(f"{t} is dealt twice (in the {seen[t]} and the {where})")
            seen[t] = where


def replay(record: GameRecord | Mapping[str, object], upto: int | None = None, *, hand: int | None = None) -> Game:
    """The game of ``record`` after action ``upto`` of hand ``hand``.

    By default every hand and action is replayed. ``hand`` (from 1) stops at that hand;
    ``upto`` keeps only that hand's first ``upto`` actions (``upto=0`` is the start of the
    hand). A malformed record raises :class:`RecordError`; an action the rules refuse
    raises :class:`~engine.errors.IllegalAction` naming the hand and action number; a
    seeded hand whose written deal, widow, number or first bidder differs from the deal
    number's is a :class:`RecordError` too.
    """
    rec = record if isinstance(record, GameRecord) else GameRecord.from_dict(record)
    if hand is not None or upto is not None:
        try:
            rec = rec.upto(hand, upto)
        except IndexError as e:
            raise RecordError(f"record: {e}") from None
    rules, seed = rec.rules, rec.seed
    game: Game | None = None
    for h, entry in enumerate(rec.hands, start=1):
        where = f"record: hand {h}"
        if game is None:
            if entry.dealt == "given":
                assert entry.hands is not None and entry.widow is not None
                try:
                    game = Game.from_deal(rules, entry.hands, entry.widow,
                                          entry.first_bidder or 0, seed=seed)
                except ValueError as e:
                    raise RecordError(f"{where}, field 'hands': {e}") from None
            else:
                game = Game.new(rules, seed)
        else:
            try:
                game.next_hand()
            except IllegalAction as e:
                raise IllegalAction(f"{where}: cannot start it: {e}", e.code) from None
        if entry.number is not None and entry.number != game.hand_number:
            raise RecordError(f"{where}, field 'number': {entry.number} does not match its place (hand {game.hand_number})")
        if entry.dealt == "seed":
            _check_seeded(rules, seed, game.hand_number, entry, where)
        if entry.first_bidder is not None and entry.first_bidder != game.first_bidder:
            raise RecordError(
                f"{where}, field 'first_bidder': {entry.first_bidder} does not match the "
                f"deal (seat {game.first_bidder} bids first)"
            )
        for i, action in enumerate(entry.actions, start=1):
            try:
                game.apply(action)
            except IllegalAction as e:
                raise IllegalAction(f"{where}, action {i} ({str(action)!r}): {e}", e.code) from None
    assert game is not None
    return game


def _check_seeded(rules: RuleSet, seed: int, number: int, entry: HandRecord, where: str) -> None:
    """A seeded hand's written deal and widow must be the deal number's."""
    if entry.hands is None and entry.widow is None:
        return
    hands, widow = deal_hands(rules.tiles, rules.players, seed, number)
    if entry.hands is not None and entry.hands != hands:
        raise RecordError(f"{where}, field 'hands': the recorded deal is not the deal of number {seed}")
    if entry.widow is not None and entry.widow != widow:
        raise RecordError(f"{where}, field 'widow': the recorded widow is not the widow of deal number {seed}")
