"""The Classroom's hand: a recorded hand, the stops a teacher steps through (the deal, the
contract, each trick) and the computer's commentary on every move. No Streamlit.

>>> from engine import RuleSet
>>> from tutorial.services.session import FirstLegal
>>> hand, _ = generate_hand(RuleSet(all_pass="force-last"), 12, factory=lambda level, seed=None: FirstLegal())
>>> t = Timeline(hand)
>>> [s.label for s in t.stops][:3]
['The deal', 'The contract', 'Trick 1']
>>> t.game_at(t.stops[-1].count).hand_finished
True
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import ClassVar

from engine import Action, Game, RuleSet
from engine.limits import quote
from tutorial.services.decks import Deck, DeckEntry, DeckError, deck_from_token, deck_token
from tutorial.services.players import BotFactory, Choice, Decider, bot_seed, decision_action, default_factory
from tutorial.services.records import HandFile, RecordError, hand_record, load_hand
from tutorial.services.urlstate import LEVELS, LinkError, decode_rules, encode_rules, parse_deal_number

__all__ = ["ClassroomLink", "Commentary", "Stop", "Timeline", "generate_hand", "hand_from_token", "hand_token"]


@dataclass(frozen=True)
class Stop:
    """A point to stop at: its label and how many of the hand's actions come before it."""

    label: str
    count: int


@dataclass(frozen=True)
class Commentary:
    """What the computer says about one move: the move made, the move it would make, and its
    decision (whose explanation says why)."""

    index: int
    seat: int
    action: Action
    decision: Choice | None

    @property
    def suggested(self) -> Action | None:
        return None if self.decision is None else decision_action(self.decision)

    @property
    def agrees(self) -> bool:
        return self.suggested is None or self.suggested is self.action


def generate_hand(
    rules: RuleSet,
    deal: int,
    level: str = "basic",
    *,
    factory: BotFactory | None = None,
    progress: Callable[[float], None] | None = None,
) -> tuple[HandFile, dict[int, Choice]]:
    """The first hand of deal ``deal`` played by computer players at every seat.

    Returns the hand and the decisions taken (by action index), which are its commentary.
    """
    make = factory or default_factory()
    game = Game.new(rules, deal)
    bots: dict[int, Decider] = {s: make(level, seed=bot_seed(deal, s, 1)) for s in range(rules.players)}
    decisions: dict[int, Choice] = {}
    steps = 0
    expected = rules.players * 7 + rules.players + 2
    while not game.hand_finished:
        seat = game.to_act
        assert seat is not None
        d = bots[seat].decide(game.view(seat))
        decisions[len(game.history)] = d
        game.apply(decision_action(d))
        steps += 1
        if progress is not None:
            progress(min(1.0, steps / expected))
    return load_hand(hand_record(game.record(), 0)), decisions


@dataclass
class Timeline:
    """A hand to step through. ``commentary`` caches the computer's decision per action."""

    hand: HandFile
    commentary: dict[int, Choice] = field(default_factory=dict)
    #: The computer level whose decisions are in ``commentary``.
    commentary_level: str = ""
    #: The deal number, when the computer played the whole hand from it (at ``played_by``).
    deal: int | None = None
    #: The computer level that played the hand from ``deal`` (the commentary may switch level).
    played_by: str = ""
    stops: list[Stop] = field(default_factory=list, init=False)
    _games: dict[int, Game] = field(default_factory=dict, init=False, repr=False)

    def __post_init__(self) -> None:
        stops = [Stop("The deal", 0)]
        game = self.game_at(0)
        n = len(self.hand.actions)
        contract_at: int | None = None
        for i, text in enumerate(self.hand.actions, start=1):
            before = len(game.tricks)
            game.apply(text)
            if contract_at is None and (game.phase == "playing" or game.hand_finished) and not game.tricks:
                contract_at = i
                stops.append(Stop("The contract" if game.phase == "playing" else "The bidding", i))
            if len(game.tricks) > before:
                stops.append(Stop(f"Trick {len(game.tricks)}", i))
        if stops[-1].count != n:
            stops.append(Stop("The end", n))
        self.stops = stops

    @property
    def rules(self) -> RuleSet:
        return self.hand.rules

    def game_at(self, count: int) -> Game:
        """The hand after ``count`` actions (cached)."""
        if count not in self._games:
            self._games[count] = self.hand.game_at(count)
        return self._games[count].clone()

    def moves(self, start: int, end: int) -> list[tuple[int, int, Action]]:
        """The actions with index in [start, end): (index, seat, action)."""
        game = self.game_at(start)
        out = []
        for i in range(start, end):
            seat = game.to_act
            assert seat is not None
            a = Action.parse(self.hand.actions[i])
            out.append((i, seat, a))
            game.apply(a)
        return out

    def comment(self, index: int, bot_for: Callable[[int], Decider]) -> Commentary:
        """The computer's view of action ``index`` (asked once, then remembered)."""
        game = self.game_at(index)
        seat = game.to_act
        assert seat is not None
        action = Action.parse(self.hand.actions[index])
        if index not in self.commentary:
            self.commentary[index] = bot_for(seat).decide(game.view(seat))
        return Commentary(index, seat, action, self.commentary[index])


@dataclass(frozen=True)
class ClassroomLink:
    """What the Classroom's address holds, so a reload (or a second browser) opens the same
    place: the hand the computer played from a deal number (``deal``, ``players``, ``rules``,
    ``computer``: the names of the presenter's link), the move on screen (``move``), and the
    lesson deck being put together (``deck``, packed as in the presenter's deck link).

    A hand loaded from a file (or shown from "Hands played here") has no deal number: its
    record is in the address instead (``hand``, packed as a one-entry deck: :func:`hand_token`),
    with its move.

    >>> link = ClassroomLink(RuleSet(players=4, min_bid=5), 12, "basic", 9, "eJyr")
    >>> link.to_query()
    {'deal': '12', 'players': '4', 'rules': 'min_bid:5', 'computer': 'basic', 'move': '9', 'deck': 'eJyr'}
    >>> ClassroomLink.parse(link.to_query()) == link
    True
    >>> print(ClassroomLink.parse({"deal": "7", "move": "x"}))
    The move in the link, 'x', is not a move number: use a whole number from 0 to 99.
    >>> ClassroomLink(move=5, hand="eJzz").to_query()
    {'hand': 'eJzz', 'move': '5'}
    >>> ClassroomLink.parse({"hand": "eJzz", "move": "5"}) == ClassroomLink(move=5, hand="eJzz")
    True
    """

    rules: RuleSet = field(default_factory=RuleSet)
    deal: int | None = None
    computer: str = "strong"
    move: int = 0
    deck: str = ""
    #: A hand record with no deal number, packed by :func:`hand_token` (only without ``deal``).
    hand: str = ""

    #: Every parameter of the Classroom's address.
    PARAMS: ClassVar[tuple[str, ...]] = ("deal", "players", "rules", "computer", "move", "deck", "hand")

    def to_query(self) -> dict[str, str]:
        """The address's parameters (the hand's only with a deal number or a packed record, the
        deck's only with a deck)."""
        q: dict[str, str] = {}
        if self.deal is not None:
            q.update(deal=str(self.deal), players=str(self.rules.players))
            rules = encode_rules(self.rules)
            if rules:
                q["rules"] = rules
            q.update(computer=self.computer, move=str(self.move))
        elif self.hand:
            q.update(hand=self.hand, move=str(self.move))
        if self.deck:
            q["deck"] = self.deck
        return q

    @classmethod
    def parse(cls, q: Mapping[str, str]) -> ClassroomLink | LinkError:
        """The address's parameters read back, or the :class:`LinkError` naming what is wrong."""
        try:
            return cls._read(q)
        except LinkError as e:
            return e

    @classmethod
    def _read(cls, q: Mapping[str, str]) -> ClassroomLink:
        deck = str(q.get("deck", "")).strip()
        if "deal" not in q:
            hand = str(q.get("hand", "")).strip()
            return cls(deck=deck, hand=hand, move=_move(q)) if hand else cls(deck=deck)
        deal = parse_deal_number(str(q.get("deal", "")), " in the link")
        players = str(q.get("players", "3")).strip() or "3"
        if players not in ("3", "4"):
            raise LinkError(f"The link asks for {quote(players, 20)} players: Moon is played by 3 or 4.")
        rules = decode_rules(str(q.get("rules", "")), int(players))
        computer = str(q.get("computer", "strong")).strip().lower() or "strong"
        if computer not in LEVELS:
            raise LinkError(f"The computer player in the link, {quote(computer, 20)}, is 'basic' or 'strong'.")
        return cls(rules, deal, computer, _move(q), deck)


def _move(q: Mapping[str, str]) -> int:
    raw = str(q.get("move", "0")).strip() or "0"
    if not (raw.isascii() and raw.isdigit() and len(raw) <= 2):
        raise LinkError(f"The move in the link, {quote(raw, 20)}, is not a move number: use a whole number "
                        "from 0 to 99.")
    return int(raw)


def hand_token(hand: HandFile) -> str:
    """A hand record packed for the Classroom's address: a one-entry deck token
    (:func:`tutorial.services.decks.deck_token`), so it is checked like a deck link when read."""
    return deck_token(Deck(entries=(DeckEntry("hand", record=hand.record),)))


def hand_from_token(token: str) -> HandFile:
    """The hand of a :func:`hand_token`; :class:`LinkError` with the reason for a damaged one.

    >>> from engine import Game
    >>> g = Game.new(RuleSet(), 3)
    >>> while not g.hand_finished:
    ...     g.apply(g.legal_actions()[-1 if g.phase == "bidding" else 0])
    >>> hand = load_hand(hand_record(g.record(), 0))
    >>> hand_from_token(hand_token(hand)).actions == hand.actions
    True
    >>> hand_from_token("eJyrVkrLz1eyUkpKLFKqBQA")
    Traceback (most recent call last):
    ...
    tutorial.services.urlstate.LinkError: The hand in the address cannot be used. This deck link is damaged (it does not unpack); ask for the link again.
    """
    try:
        deck = deck_from_token(token)
    except DeckError as e:
        raise LinkError(f"The hand in the address cannot be used. {e}") from None
    if len(deck.entries) != 1 or deck.entries[0].kind != "hand" or deck.entries[0].record is None:
        raise LinkError("The hand in the address cannot be used: it holds no hand record.")
    try:
        return load_hand(deck.entries[0].record)
    except RecordError as e:
        raise LinkError(f"The hand in the address cannot be used. {e}") from None
