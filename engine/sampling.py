"""Layouts of the tiles a seat has not seen, that agree with everything it has seen.

A *layout* gives every other seat its hidden tiles (and the widow or the bidder's discard,
when one is out of sight, to a face-down pile). A layout agrees with a :class:`PlayerView`
when every seat holds as many tiles as it shows, no seat holds a tile of a suit it has shown
it lacks (by failing to follow, trump-aware), and the tiles this seat saw (its hand, the
widow and its discard if it is the bidder, every tile played) are nowhere in it.

:class:`Constraints` counts those layouts exactly, deals one uniformly at random, or lists
them all when there are few; everything is driven by a ``random.Random`` the caller seeds.

>>> from engine import Game
>>> g = Game.new(seed=5)
>>> c = Constraints.from_view(g.view(0))
>>> c.count()  # 15 unseen tiles: 7 to seat 1, 7 to seat 2, 1 widow
51480
>>> layout = c.sample(random.Random(1))
>>> sorted(len(layout[h]) for h in c.holders)
[1, 7, 7]
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations
from math import comb

from engine.game import PlayerView
from engine.tiles import Tile
from engine.trump import Trump

__all__ = ["PILE", "Constraints", "view_digest"]

#: The holder key of the face-down pile (the unseen widow, or the bidder's discard).
PILE = -1

Layout = dict[int, tuple[Tile, ...]]


def view_digest(view: PlayerView, salt: str = "") -> int:
    """A stable 64-bit number from everything a seat sees (not Python's ``hash()``, which
    changes between runs): the same view gives the same number on every machine."""
    parts = [
        salt,
        f"seat={view.seat}",
        f"rules={sorted(view.rules.to_dict().items())}",
        f"phase={view.phase}",
        f"to_act={view.to_act}",
        "hand=" + " ".join(map(str, view.hand)),
        "widow=" + " ".join(map(str, view.widow)),
        f"discard={view.discard}",
        "bids=" + " ".join(f"{s}:{b}" for s, b in view.bids),
        f"bidder={view.bidder} bid={view.bid} trump={view.trump} leader={view.leader}",
        "trick=" + " ".join(map(str, view.current_trick)),
        "tricks=" + "|".join(f"{t.leader}:{' '.join(map(str, t.tiles))}:{t.winner}" for t in view.tricks),
        f"scores={view.scores} hand={view.hand_number} first={view.first_bidder}",
        f"sizes={view.hand_sizes}",
        "actions=" + "|".join(f"{s}:{a}" for s, a in view.actions),
    ]
    data = "\n".join(parts).encode()
    return int.from_bytes(hashlib.sha256(data).digest()[:8], "big")


@dataclass(frozen=True)
class Constraints:
    """What a seat knows about where the tiles it has not seen are.

    ``holders`` are the other seats (and :data:`PILE` for a face-down widow or discard),
    ``sizes`` how many hidden tiles each holds, ``allowed`` for each unseen tile the holders
    that may hold it.    """

    holders: tuple[int, ...]
    sizes: tuple[int, ...]
    tiles: tuple[Tile, ...]
    allowed: tuple[tuple[int, ...], ...]

    # -- construction -----------------------------------------------------------------
    @classmethod
    def from_view(cls, view: PlayerView) -> Constraints:
        """The constraints a seat's view puts on the unseen tiles."""
        unseen = sorted(view.unseen())
        n = view.rules.players
        others = [s for s in range(n) if s != view.seat]
        sizes = [view.hand_sizes[s] for s in others]
        pile = len(unseen) - sum(sizes)
        if pile < 0:
            raise ValueError("the view shows more hidden tiles in hands than it has not seen")
        holders = list(others)
        if pile > 0:
            holders.append(PILE)
            sizes.append(pile)
        voids = view.voids()
        return cls.build(holders, sizes, unseen, voids, view.trump)

    @classmethod
    def build(
        cls,
        holders: Sequence[int],
        sizes: Sequence[int],
        tiles: Sequence[Tile],
        voids: Mapping[int, frozenset[int | str]] | None = None,
        trump: Trump | None = None,
    ) -> Constraints:
        """Constraints from plain facts: holders and their sizes, the unseen tiles, and the
        suits each holder has shown it lacks (under ``trump``)."""
        if len(holders) != len(sizes):
            raise ValueError("one size per holder")
        if sum(sizes) != len(tiles):
            raise ValueError(f"the holders hold {sum(sizes)} tiles but {len(tiles)} are unseen")
        voids = voids or {}
        allowed = []
        for t in tiles:
            ok = []
            for h in holders:
                vs = voids.get(h, frozenset())
                if trump is not None and any(trump.follows(t, s) for s in vs):
                    continue
                ok.append(h)
            allowed.append(tuple(ok))
        return cls(tuple(holders), tuple(sizes), tuple(tiles), tuple(allowed))

    # -- groups ---------------------------------------------------------------------------
    def _groups(self) -> tuple[tuple[tuple[int, ...], tuple[Tile, ...]], ...]:
        """Tiles grouped by the holder indexes that may hold them."""
        index = {h: i for i, h in enumerate(self.holders)}
        groups: dict[tuple[int, ...], list[Tile]] = {}
        for t, ok in zip(self.tiles, self.allowed, strict=True):
            groups.setdefault(tuple(index[h] for h in ok), []).append(t)
        return tuple((k, tuple(v)) for k, v in sorted(groups.items()))

    def count(self) -> int:
        """The number of layouts that agree with what the seat has seen."""
        groups = self._groups()
        shape = tuple((k, len(v)) for k, v in groups)
        return _count(shape, 0, self.sizes)

    # -- drawing ----------------------------------------------------------------------------
    def sample(self, rng: random.Random) -> Layout:
        """One layout, every agreeing layout equally likely. Raises ``ValueError`` if none."""
        groups = self._groups()
        shape = tuple((k, len(v)) for k, v in groups)
        caps = self.sizes
        if _count(shape, 0, caps) == 0:
            raise ValueError("no layout agrees with what this seat has seen")
        hands: list[list[Tile]] = [[] for _ in self.holders]
        for g, (members, tiles) in enumerate(groups):
            options = []
            for split in _splits(len(tiles), members, caps):
                rest = tuple(c - s for c, s in zip(caps, split, strict=True))
                w = _multinomial(split) * _count(shape, g + 1, rest)
                if w:
                    options.append((w, split, rest))
            total = sum(w for w, _, _ in options)
            r = rng.randrange(total)
            pick = 0
            while r >= options[pick][0]:
                r -= options[pick][0]
                pick += 1
            _w, split, rest = options[pick]
            order = list(tiles)
            rng.shuffle(order)
            i = 0
            for h, s in enumerate(split):
                hands[h].extend(order[i : i + s])
                i += s
            caps = rest
        return {h: tuple(sorted(hands[i])) for i, h in enumerate(self.holders)}

    def samples(self, rng: random.Random, n: int) -> list[Layout]:
        """``n`` layouts drawn independently and uniformly."""
        return [self.sample(rng) for _ in range(n)]

    def enumerate(self) -> Iterator[Layout]:
        """Every agreeing layout, once each, in a fixed order."""
        groups = self._groups()
        shape = tuple((k, len(v)) for k, v in groups)
        k = len(self.holders)

        def rec(g: int, caps: tuple[int, ...], acc: list[list[Tile]]) -> Iterator[Layout]:
            if g == len(groups):
                if not any(caps):
                    yield {h: tuple(sorted(acc[i])) for i, h in enumerate(self.holders)}
                return
            members, tiles = groups[g]
            for split in _splits(len(tiles), members, caps):
                rest = tuple(c - s for c, s in zip(caps, split, strict=True))
                if _count(shape, g + 1, rest) == 0:
                    continue
                for parts in _deal_group(tiles, split):
                    yield from rec(g + 1, rest, [acc[i] + parts[i] for i in range(k)])

        yield from rec(0, self.sizes, [[] for _ in range(k)])

    def layouts(self, rng: random.Random, n: int, enumerate_up_to: int | None = None) -> tuple[list[Layout], bool]:
        """Up to ``n`` layouts: all of them (and ``True``) when there are at most
        ``enumerate_up_to`` (default ``n``), else ``n`` uniform draws (and ``False``)."""
        limit = n if enumerate_up_to is None else enumerate_up_to
        if self.count() <= limit:
            return list(self.enumerate()), True
        return self.samples(rng, n), False

    def agrees(self, layout: Mapping[int, Sequence[Tile]]) -> bool:
        """True if ``layout`` puts every unseen tile with a holder allowed to hold it, in the
        right numbers."""
        where: dict[Tile, int] = {}
        for h, tiles in layout.items():
            for t in tiles:
                where[t] = h
        if sorted(where) != sorted(self.tiles):
            return False
        for h, size in zip(self.holders, self.sizes, strict=True):
            if len(layout.get(h, ())) != size:
                return False
        return all(where[t] in ok for t, ok in zip(self.tiles, self.allowed, strict=True))


def _splits(n: int, members: tuple[int, ...], caps: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
    """Ways to put ``n`` tiles among the holder indexes ``members`` within ``caps``."""
    k = len(caps)

    def rec(i: int, left: int, acc: list[int]) -> Iterator[tuple[int, ...]]:
        if i == len(members):
            if left == 0:
                out = [0] * k
                for m, a in zip(members, acc, strict=True):
                    out[m] = a
                yield tuple(out)
            return
        m = members[i]
        for a in range(min(left, caps[m]) + 1):
            yield from rec(i + 1, left - a, [*acc, a])

    yield from rec(0, n, [])


def _multinomial(split: tuple[int, ...]) -> int:
    out, total = 1, 0
    for s in split:
        total += s
        out *= comb(total, s)
    return out


@lru_cache(maxsize=1 << 16)
def _count(shape: tuple[tuple[tuple[int, ...], int], ...], g: int, caps: tuple[int, ...]) -> int:
    if g == len(shape):
        return 0 if any(caps) else 1
    members, n = shape[g]
    total = 0
    for split in _splits(n, members, caps):
        rest = tuple(c - s for c, s in zip(caps, split, strict=True))
        total += _multinomial(split) * _count(shape, g + 1, rest)
    return total


def _deal_group(tiles: tuple[Tile, ...], split: tuple[int, ...]) -> Iterator[list[list[Tile]]]:
    """Every way to give ``split[i]`` of ``tiles`` to holder index ``i``."""

    def rec(i: int, left: tuple[Tile, ...]) -> Iterator[list[list[Tile]]]:
        if i == len(split):
            yield []
            return
        for chosen in combinations(left, split[i]):
            rest = tuple(t for t in left if t not in chosen)
            for tail in rec(i + 1, rest):
                yield [list(chosen), *tail]

    yield from rec(0, tiles)
