"""The strong computer player, in three modules: :mod:`.settings` (its knobs, one
:class:`Tuning` per player count), :mod:`.contracts` (what its simulated deals say of a
contract: the deal pool, solving and the trump race) and :mod:`.bot` (its decision in each
phase). Why its knobs have their values is told in ``docs/strong-player.md``."""

from __future__ import annotations

from engine.players.strong.bot import StrongBot
from engine.players.strong.contracts import Contracts, ContractStats
from engine.players.strong.settings import FOUR, THREE, SolverFactory, StrongSettings, Tuning

__all__ = ["FOUR", "THREE", "ContractStats", "Contracts", "SolverFactory", "StrongBot", "StrongSettings", "Tuning"]
