"""What the strong player learns of a contract from its simulated deals: the tricks the bidder
takes under one (trump, discard) choice (:class:`ContractStats`)."""

from __future__ import annotations

from dataclasses import dataclass

from engine.tiles import Tile
from engine.trump import Trump

__all__ = ["ContractStats"]


@dataclass(frozen=True)
class ContractStats:
    """Tricks a bidder takes, one entry per simulated deal, for one (trump, discard) choice."""

    trump: Trump
    discard: Tile | None
    tricks: tuple[int, ...]
    #: when only yes/no probes were run: 1 if the bid was made in that deal, else 0
    made: tuple[int, ...] = ()
    #: True when deals short of the lowest bid are entered as one trick below it
    capped: bool = False
    #: the weight of each deal (the auction's likelihood); empty: all deals count alike
    weights: tuple[float, ...] = ()
    #: deals where the side takes fewer tricks than this are entered at it (only the tricks
    #: from one below the bid up were worked out exactly)
    floor: int = 0

    def _w(self, n: int) -> list[float]:
        w = list(self.weights[:n])
        return w if len(w) == n and sum(w) > 0 else [1.0] * n

    @property
    def deals(self) -> int:
        """How many simulated deals the numbers come from."""
        return len(self.tricks) or len(self.made)

    @property
    def exact(self) -> bool:
        """True when exact trick counts were computed (not only yes/no probes)."""
        return bool(self.tricks) and not self.capped

    def chance(self, need: int) -> float:
        """The chance of taking at least ``need`` tricks (for probes: of making the bid)."""
        if not self.tricks:
            w = self._w(len(self.made))
            return sum(x for x, m in zip(w, self.made, strict=True) if m) / max(1e-12, sum(w)) if w else 0.0
        w = self._w(len(self.tricks))
        return sum(x for x, t in zip(w, self.tricks, strict=True) if t >= need) / sum(w)

    def mean(self) -> float | None:
        """The average tricks, when exact counts were computed."""
        if not self.tricks or self.capped:
            return None
        w = self._w(len(self.tricks))
        return sum(x * t for x, t in zip(w, self.tricks, strict=True)) / sum(w)
