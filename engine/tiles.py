"""Tiles of the double-six set and the tile sets Moon is played with.

A tile is written high end first: ``6-4``, ``3-3``, ``0-0``.

>>> Tile(4, 6)
Tile(6, 4)
>>> str(Tile.parse("4-6"))
'6-4'
>>> len(tile_set(3)), len(tile_set(3, keep_double_blank=False)), len(tile_set(4))
(22, 21, 28)
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable
from functools import total_ordering
from typing import ClassVar

from engine.errors import ParseError
from engine.limits import quote

__all__ = ["ALL_TILES", "SUIT_NAMES", "Tile", "parse_tiles", "suit_name", "tile_set"]

#: Plural names of the number suits, by number.
SUIT_NAMES = ("blanks", "ones", "twos", "threes", "fours", "fives", "sixes")
_SINGULAR = ("blank", "one", "two", "three", "four", "five", "six")

_TILE_RE = re.compile(r"^\s*([0-6])\s*[-:/|]\s*([0-6])\s*$")


def suit_name(number: int, plural: bool = True) -> str:
    """The name of a number suit: ``suit_name(5) == "fives"``, ``suit_name(5, False) == "five"``."""
    return SUIT_NAMES[number] if plural else _SINGULAR[number]


@total_ordering
class Tile:
    """One domino tile. ``Tile(6, 4) == Tile(4, 6)``; the ends are stored high first.

    Tiles are immutable, hashable and ordered by (high, low), so ``sorted(hand)`` runs
    from 1-1 (or 0-0) up to 6-6. There is exactly one object per tile: ``Tile(6, 4) is
    Tile.parse("6-4")``.
    """

    __slots__ = ("_str", "high", "index", "low")
    _cache: ClassVar[dict[tuple[int, int], Tile]] = {}

    high: int
    low: int
    index: int
    _str: str

    def __new__(cls, a: int, b: int) -> Tile:
        if type(a) is not int or type(b) is not int:
            raise ParseError(f"a tile's ends are whole numbers 0 to 6, not {quote(a)} and {quote(b)}")
        key = (a, b) if a >= b else (b, a)
        tile = cls._cache.get(key)
        if tile is not None:
            return tile
        if not (0 <= a <= 6 and 0 <= b <= 6):
            raise ParseError(f"a tile's ends run from 0 to 6: {quote(a)}-{quote(b)} is not a tile")
        tile = object.__new__(cls)
        object.__setattr__(tile, "high", key[0])
        object.__setattr__(tile, "low", key[1])
        # A dense index 0..27: 0-0, 1-0, 1-1, 2-0, ... used for bit sets by the solver.
        object.__setattr__(tile, "index", key[0] * (key[0] + 1) // 2 + key[1])
        object.__setattr__(tile, "_str", f"{key[0]}-{key[1]}")
        cls._cache[key] = tile
        return tile

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Tile is immutable")

    def __reduce__(self) -> tuple[type, tuple[int, int]]:
        return (Tile, (self.high, self.low))

    def __copy__(self) -> Tile:
        return self

    def __deepcopy__(self, memo: object) -> Tile:
        return self

    @classmethod
    def parse(cls, text: str | Tile) -> Tile:
        """Read a tile written as ``"6-4"`` (either end first; ``6:4`` also works).

        >>> Tile.parse("3-5")
        Tile(5, 3)
        """
        if isinstance(text, Tile):
            return text
        if not isinstance(text, str):
            raise ParseError(f"a tile is written like '6-4', not {quote(text)}")
        m = _TILE_RE.match(text) if len(text) <= 40 else None
        if not m:
            raise ParseError(f"{quote(text)} is not a tile: write it as two numbers 0-6, like '6-4'")
        return cls(int(m.group(1)), int(m.group(2)))

    @property
    def is_double(self) -> bool:
        """True for 0-0, 1-1, ... 6-6."""
        return self.high == self.low

    @property
    def pips(self) -> int:
        """The total number of pips on the tile."""
        return self.high + self.low

    def has(self, number: int) -> bool:
        """True if either end of the tile shows ``number``."""
        return self.high == number or self.low == number

    def other_end(self, number: int) -> int:
        """The end opposite ``number`` (for a double, the same number)."""
        if self.high == number:
            return self.low
        if self.low == number:
            return self.high
        raise ValueError(f"{self} has no {suit_name(number, False)}")

    def __str__(self) -> str:
        return self._str

    def __repr__(self) -> str:
        return f"Tile({self.high}, {self.low})"

    def __eq__(self, other: object) -> bool:
        return self is other

    def __hash__(self) -> int:
        return self.index

    def __lt__(self, other: Tile) -> bool:
        if not isinstance(other, Tile):
            return NotImplemented
        return self.index < other.index


#: All 28 tiles of the double-six set, from 0-0 up to 6-6.
ALL_TILES: tuple[Tile, ...] = tuple(sorted(Tile(h, lo) for h in range(7) for lo in range(h + 1)))


@functools.cache
def tile_set(players: int = 3, keep_double_blank: bool = True) -> tuple[Tile, ...]:
    """The tiles Moon is played with, sorted low to high.

    Three players use the double-six set without the blanks, except 0-0: 22 tiles, or 21
    without 0-0 (the "no double blank" variant). Four players use all 28 tiles.
    """
    if players == 4:
        return ALL_TILES
    if players != 3:
        raise ValueError(f"Moon is played by 3 or 4 players, not {players}")
    return tuple(
        t for t in ALL_TILES if t.low != 0 or (keep_double_blank and t.high == 0)
    )


def parse_tiles(items: str | Iterable[str | Tile]) -> tuple[Tile, ...]:
    """Read several tiles: ``parse_tiles("6-4 5-3 1-1")`` or a list of strings/tiles."""
    if isinstance(items, str):
        items = items.replace(",", " ").split()
    return tuple(Tile.parse(x) if isinstance(x, str) else _as_tile(x) for x in items)


def _as_tile(x: object) -> Tile:
    if isinstance(x, Tile):
        return x
    raise ParseError(f"{quote(x)} is not a tile")
