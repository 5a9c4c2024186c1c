"""Access to the engine's heavier helpers, loaded only when a check needs them.

- ``engine.solver`` (the open-hands solver) for "take N of the last K tricks" endings;
- ``engine.ai`` (the strong computer player) for bid / trump questions.

Both are imported lazily, so lessons that do not need them load without them; a check that
needs a missing one raises :class:`~lessons.errors.OracleMissing` saying which.
"""

from __future__ import annotations

import importlib
from types import ModuleType

from lessons.errors import OracleMissing

__all__ = ["ai", "available", "solver"]


def _load(name: str, why: str) -> ModuleType:
    try:
        return importlib.import_module(name)
    except ImportError as e:
        if e.name not in (name, name.rsplit(".", 1)[0]) and name not in str(e):
            raise
        raise OracleMissing(f"{why} needs the module {name}, which is not installed") from None


def solver() -> ModuleType:
    """The ``engine.solver`` module (``solve``, ``move_values``)."""
    return _load("engine.solver", "an open-hands ending")


def ai() -> ModuleType:
    """The ``engine.ai`` module (``make_bot``)."""
    return _load("engine.ai", "a bid or trump question")


def available(name: str) -> bool:
    """True if ``"solver"`` or ``"ai"`` can be imported."""
    try:
        (solver if name == "solver" else ai)()
    except OracleMissing:
        return False
    return True
