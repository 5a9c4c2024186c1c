"""Computer players for Moon, each of which says why it chose what it did.

``make_bot(level, seed=None, **options)`` gives a bot; ``bot.decide(view)`` returns a
:class:`Decision` with the :class:`~engine.actions.Action` and an :class:`Explanation`
(``reason``: one plain sentence; ``summary`` and ``candidates``: the numbers behind it).
A bot sees only a :class:`~engine.game.PlayerView`, never a game, so it cannot see a hidden
tile; its randomness comes from a ``random.Random`` seeded by the bot's seed and a digest
of the view, so the same view and seed give the same decision whatever the hidden tiles are.

Levels:

- ``"random"``: a legal action at random.
- ``"basic"``: rules of thumb. It bids from its doubles and trump length, draws trump, wins
  a trick as cheaply as it can, and throws off its lowest tile.
- ``"strong"``: it samples layouts of the unseen tiles that agree with everything the seat
  has seen (voids, the widow and discard it knows, the tiles played), each counted by how
  well it fits the bidding and the trump another seat named
  (:func:`~engine.players.bidding.play_weights`; its reason says "going by the bidding" when
  that changed the play). It lists them all when there are few, solves each with all hands open (:mod:`engine.solver`), and picks the play
  with the best average for its side: the bidder's side looks first at its chance to make the
  bid, then at its tricks; defenders look at the chance to set the bid, then at their own
  tricks (in three players each defender scores its own tricks). It bids the level and
  trump with the best expected score (:mod:`~engine.players.bidding`), reading the auction
  by weighting its simulated deals, and discards and names trump by the chance of making
  the bid, on the same simulated deals as its bid.

The package's modules: :mod:`~engine.players.decision` (the decision and explanation types),
:mod:`~engine.players.facts` (facts about a view: sides, goal, tags, rule-of-thumb counts),
:mod:`~engine.players.base` and :mod:`~engine.players.simple` (the random and basic players),
:mod:`~engine.players.analysis` (play analysis), :mod:`~engine.players.bidding` (bidding by
expected score, the auction's weights), :mod:`~engine.players.strong` (the strong
player: its :class:`StrongSettings`, what its simulated deals say of a contract, and its
decisions),
:mod:`~engine.players.wording` (the summaries) and
:mod:`~engine.players.reasons` (the plain reasons).

>>> from engine import Game
>>> g = Game.new(seed=11)
>>> bot = make_bot("basic", seed=1)
>>> d = bot.decide(g.view(g.to_act))
>>> d.action in g.legal_actions()
True
"""

from __future__ import annotations

from typing import Any

from engine.players.analysis import PlayAnalysis, analyse_play
from engine.players.base import Bot, PhaseBot
from engine.players.decision import Candidate, Decision, Explanation
from engine.players.facts import SeatGoal, estimate_tricks, play_tags, scoring_side, seat_goal
from engine.players.simple import BasicBot, RandomBot
from engine.players.strong import StrongBot, StrongSettings

__all__ = [
    "GRADES",
    "LEVELS",
    "BasicBot",
    "Bot",
    "Candidate",
    "Decision",
    "Explanation",
    "PhaseBot",
    "PlayAnalysis",
    "RandomBot",
    "SeatGoal",
    "StrongBot",
    "StrongSettings",
    "analyse_play",
    "estimate_tricks",
    "make_bot",
    "play_tags",
    "scoring_side",
    "seat_goal",
]

#: The bot levels :func:`make_bot` knows.
LEVELS = ("random", "basic", "strong")

#: Hindsight grades, by the drop in chance to make (or set) the bid, in percentage points.
GRADES = (("blunder", 15.0), ("mistake", 10.0), ("inaccuracy", 5.0))


def make_bot(level: str, seed: int | None = None, **options: Any) -> Bot:  # Any: each level's options differ in type
    """A bot of ``level`` (``"random"``, ``"basic"`` or ``"strong"``); ``options`` go to its
    class (see :class:`BasicBot`, and :class:`StrongSettings` for the strong player)."""
    if level == "random":
        if options:
            raise TypeError(f"the random bot takes no options, not {sorted(options)}")
        return RandomBot(seed)
    if level == "basic":
        return BasicBot(seed, **options)
    if level == "strong":
        return StrongBot(seed, **options)
    raise ValueError(f"unknown bot level {level!r}: choose one of {', '.join(LEVELS)}")
