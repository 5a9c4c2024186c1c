"""The rules of Moon, the three-player (and four-player partnership) domino game.

Pure Python with no UI imports. The public API:

- :class:`Tile`, :func:`tile_set` — tiles and the 22/21/28-tile sets
- :class:`Trump` — a number, doubles or none, and what it does to suits
- :func:`legal_plays`, :func:`trick_winner`, :func:`explain_play`, :func:`explain_winner`
  — following suit and winning tricks, with a :class:`Reason` for each answer
- :class:`RuleSet` — the house rules in force
- :class:`Action` — ``pass``, ``bid 5``, ``discard 3-1``, ``trump 6``, ``play 6-4``
- :class:`Game`, :class:`PlayerView`, :class:`Phase` — a whole game, what one seat may see,
  and where the game stands
- :func:`tricks_needed`, :func:`side_seats`, :func:`goal_of` — contract facts: what a bid
  asks for, which seats play together for it and against it
- :func:`score_hand`, :func:`game_winner` — scoring a finished hand, deciding the game
- :class:`GameRecord`, :class:`HandRecord` — typed records; :meth:`Game.replay` rebuilds a
  game up to any hand and action
- :class:`IllegalAction`, :class:`ParseError` (with :class:`RulesError` and
  :class:`RecordError`) — errors; the limits on input are in :mod:`engine.limits`
"""

from engine.actions import Action
from engine.contract import MOON, Goal, bid_made, goal_of, other_seats, side_seats, tricks_needed
from engine.errors import IllegalAction, ParseError, RulesError
from engine.game import PHASES, Game, HandResult, Phase, PlayerView, TrickRecord
from engine.play import (
    REASON_CODES,
    Reason,
    check_play,
    explain_play,
    explain_winner,
    legal_plays,
    trick_winner,
)
from engine.record import GameRecord, HandRecord, RecordError
from engine.rules import VARIANTS, RuleSet
from engine.scoring import HandScore, game_winner, score_hand
from engine.tiles import ALL_TILES, SUIT_NAMES, Tile, parse_tiles, suit_name, tile_set
from engine.trump import ALL_TRUMPS, TRUMP, Suit, Trump, describe_suit
from engine.version import __version__

__all__ = [
    "ALL_TILES",
    "ALL_TRUMPS",
    "MOON",
    "PHASES",
    "REASON_CODES",
    "SUIT_NAMES",
    "TRUMP",
    "VARIANTS",
    "Action",
    "Game",
    "GameRecord",
    "Goal",
    "HandRecord",
    "HandResult",
    "HandScore",
    "IllegalAction",
    "ParseError",
    "Phase",
    "PlayerView",
    "Reason",
    "RecordError",
    "RuleSet",
    "RulesError",
    "Suit",
    "Tile",
    "TrickRecord",
    "Trump",
    "__version__",
    "bid_made",
    "check_play",
    "describe_suit",
    "explain_play",
    "explain_winner",
    "game_winner",
    "goal_of",
    "legal_plays",
    "other_seats",
    "parse_tiles",
    "score_hand",
    "side_seats",
    "suit_name",
    "tile_set",
    "trick_winner",
    "tricks_needed",
]
