"""Deprecated: the old name of :mod:`engine.players`, kept so that code outside this project
that still says ``from engine.ai import make_bot`` works. Every name of :mod:`engine.players`
is found here, with a :class:`DeprecationWarning`; import it from :mod:`engine.players`.

>>> import warnings
>>> with warnings.catch_warnings(record=True) as caught:
...     warnings.simplefilter("always")
...     from engine.ai import make_bot
>>> make_bot("basic", seed=1).level, caught[0].category.__name__
('basic', 'DeprecationWarning')
"""

from __future__ import annotations

import warnings
from typing import Any

from engine import players as _players

__all__: list[str] = []


def __getattr__(name: str) -> Any:  # Any: each name keeps its engine.players type for the caller
    if name in _players.__all__:
        warnings.warn(f"engine.ai is the old name of engine.players: import {name} from engine.players",
                      DeprecationWarning, stacklevel=2)
        return getattr(_players, name)
    raise AttributeError(f"module 'engine.ai' has no attribute {name!r}")
