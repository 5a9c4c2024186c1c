"""Types of the solver's compiled core (engine/_csolver.c); see :class:`engine.solver.Solver`."""

from collections.abc import Sequence

class Core:
    """The compiled search of one :class:`engine.solver.Solver` (same values, same nodes)."""

    def __init__(
        self,
        tables: bytes,
        players: int,
        tt: bool,
        keep_tt: bool,
        quick: bool,
        order: bool,
        killers: bool,
        equiv: bool,
        probe: int,
    ) -> None: ...
    @property
    def nodes(self) -> int: ...
    @property
    def players(self) -> int: ...
    def solve(
        self, hands: Sequence[int], leader: int, side: int, trick: Sequence[int] = (), floor: int = 0, /
    ) -> int: ...
    def can_take(
        self, hands: Sequence[int], leader: int, side: int, k: int, trick: Sequence[int] = (), /
    ) -> bool: ...
    def move_values(
        self, hands: Sequence[int], leader: int, side: int, trick: Sequence[int] = (), /
    ) -> dict[int, int]: ...
    def clear(self) -> None: ...
