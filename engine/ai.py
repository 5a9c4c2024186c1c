"""The computer players, under their old name: everything lives in :mod:`engine.players`.

``engine.ai`` stays importable so that ``from engine.ai import make_bot`` keeps working; it
exports exactly what :mod:`engine.players` exports.

>>> from engine.ai import make_bot
>>> make_bot("basic", seed=1).level
'basic'
"""

from __future__ import annotations

from engine import players as _players
from engine.players import *  # noqa: F403 -- the old name re-exports the package whole

__all__ = list(_players.__all__)
