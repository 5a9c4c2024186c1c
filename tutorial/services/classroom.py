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

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from engine import Action, Game, RuleSet
from tutorial.services.players import BotFactory, Decider, bot_seed, decision_action, default_factory
from tutorial.services.records import HandFile, hand_record, load_hand

__all__ = ["Commentary", "Stop", "Timeline", "generate_hand"]


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
    decision: Any

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
) -> tuple[HandFile, dict[int, Any]]:
    """The first hand of deal ``deal`` played by computer players at every seat.

    Returns the hand and the decisions taken (by action index), which are its commentary.
    """
    make = factory or default_factory()
    game = Game.new(rules, deal)
    bots: dict[int, Decider] = {s: make(level, seed=bot_seed(deal, s, 1)) for s in range(rules.players)}
    decisions: dict[int, Any] = {}
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
    commentary: dict[int, Any] = field(default_factory=dict)
    #: The computer level whose decisions are in ``commentary``.
    commentary_level: str = ""
    #: The deal number, when the computer played the whole hand from it (at ``commentary_level``).
    deal: int | None = None
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
