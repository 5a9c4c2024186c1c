"""The bot levels the benchmarks can play: the engine's levels, ``oracle``
(:mod:`bench.oracle`, a player that sees every tile) and ``pimc`` (:mod:`bench.pimc`, plain
sampling, the reference a fair player is held to). An older strong player is compared by
running the arena of its commit in a git worktree (:mod:`bench.compare`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.players import LEVELS as ENGINE_LEVELS
from engine.players import Bot

if TYPE_CHECKING:
    from bench.oracle import OracleBot

__all__ = ["BENCH_LEVELS", "bench_bot"]

#: The levels the benchmarks can play.
BENCH_LEVELS: tuple[str, ...] = (*ENGINE_LEVELS, "oracle", "pimc")


def bench_bot(level: str, seed: int | None = None, **options: Any) -> Bot | OracleBot:  # Any: each level's options differ in type
    """``make_bot`` for the benchmarks, which also know ``"oracle"`` (``options``: a level's
    own, of several types, as :class:`engine.players.strong.StrongSettings` takes them)."""
    if level == "oracle":
        from bench.oracle import OracleBot

        return OracleBot(seed, **options)
    if level == "pimc":
        from bench.pimc import PimcBot

        return PimcBot(seed, **options)
    from engine.players import make_bot

    return make_bot(level, seed=seed, **options)
