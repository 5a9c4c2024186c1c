"""The computer players, under their old name: everything lives in :mod:`engine.players`.

``engine.ai`` stays importable so that ``from engine.ai import make_bot`` keeps working.

>>> from engine.ai import make_bot
>>> make_bot("basic", seed=1).level
'basic'
"""

from __future__ import annotations

from engine.players import (
    GRADES,
    LEVELS,
    BasicBot,
    Bot,
    Candidate,
    Decision,
    Explanation,
    PhaseBot,
    PlayAnalysis,
    RandomBot,
    SeatGoal,
    StrongBot,
    StrongSettings,
    analyse_play,
    estimate_tricks,
    make_bot,
    play_tags,
    scoring_side,
    seat_goal,
    tricks_needed,
)

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
    "tricks_needed",
]
