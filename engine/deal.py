"""Seeded, portable dealing.

Deals come from a small 64-bit generator (SplitMix64) written out here, so a deal number
gives the same tiles on every machine and every Python version (Python's ``random`` and
``hash()`` make no such promise).
"""

from __future__ import annotations

from collections.abc import Sequence
from operator import attrgetter

from engine.tiles import Tile

__all__ = ["MAX_SEED", "SeededStream", "check_seed", "deal_hands", "first_bidder_for", "shuffled"]

_MASK = (1 << 64) - 1
_INDEX = attrgetter("index")
#: Deal numbers run from 0 to MAX_SEED.
MAX_SEED = _MASK


class SeededStream:
    """SplitMix64: a tiny, well-mixed, portable stream of 64-bit numbers."""

    __slots__ = ("state",)

    def __init__(self, seed: int, *salt: int) -> None:
        state = seed & _MASK
        for s in salt:
            state = self._mix((state ^ (s * 0xD1B54A32D192ED03)) & _MASK)
        self.state = state

    @staticmethod
    def _mix(z: int) -> int:
        z = (z + 0x9E3779B97F4A7C15) & _MASK
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def next64(self) -> int:
        """The next 64-bit number."""
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform number in ``range(n)`` (rejection sampling, no modulo bias)."""
        limit = (_MASK + 1) - ((_MASK + 1) % n)
        while True:
            x = self.next64()
            if x < limit:
                return x % n


def check_seed(seed: int) -> int:
    """Return ``seed`` if it is a valid deal number, else raise ``ValueError``."""
    if type(seed) is not int or not 0 <= seed <= MAX_SEED:
        from engine.limits import quote

        raise ValueError(f"a deal number is a whole number from 0 to {MAX_SEED}, not {quote(seed)}")
    return seed


def shuffled(tiles: Sequence[Tile], stream: SeededStream) -> list[Tile]:
    """A Fisher-Yates shuffle of ``tiles`` driven by ``stream``."""
    out = list(tiles)
    for i in range(len(out) - 1, 0, -1):
        j = stream.below(i + 1)
        out[i], out[j] = out[j], out[i]
    return out


def deal_hands(
    tiles: Sequence[Tile], players: int, seed: int, hand_number: int
) -> tuple[tuple[tuple[Tile, ...], ...], tuple[Tile, ...]]:
    """The deal of hand ``hand_number`` of the game with deal number ``seed``.

    Returns the hands by seat (7 tiles each, sorted) and the widow (the tiles left over).
    """
    order = shuffled(sorted(tiles, key=_INDEX), SeededStream(seed, 1, hand_number))
    hands = tuple(tuple(sorted(order[7 * s : 7 * s + 7], key=_INDEX)) for s in range(players))
    return hands, tuple(sorted(order[7 * players :], key=_INDEX))


def first_bidder_for(seed: int, players: int) -> int:
    """The first bidder of the first hand of the game with deal number ``seed``."""
    return SeededStream(seed, 2).below(players)
