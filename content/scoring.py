"""Scoring a hand and deciding the game, done by the engine's own code.

The lessons and puzzles score hands with :func:`engine.score_hand`, the very function the
engine's :class:`~engine.Game` uses, so content and rules cannot drift apart.

>>> from engine import RuleSet
>>> r = score_hand(RuleSet(), bidder=1, bid=5, tricks_won=(1, 4, 2), scores=(3, 10, 6))
>>> r.made, r.change, r.scores, r.winner
(False, (1, -5, 2), (4, 5, 8), None)
"""

from __future__ import annotations

from engine.scoring import HandScore, score_hand

__all__ = ["HandScore", "score_hand"]
