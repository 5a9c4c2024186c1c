"""Which tiles a question is about: the tiles of the set in play, the trumps, or the tiles that
follow a suit. The kinds ``count`` (how many?) and ``pick_tiles`` (which ones?) ask about the
same selections, written the same way in an entry: ``of = "set"``, ``of = "trumps"`` or
``of = "suit"`` with ``suit = N``.

>>> from content.model import Position
>>> from engine import Tile
>>> pos = Position.from_dict({"trump": "6", "tiles": ["6-1", "5-5", "3-2"]})
>>> sel = Selection("suit", 5)
>>> [str(t) for t in pos.tiles if sel.fits(pos, t)], len(sel.of_set(pos))
(['5-5'], 5)
>>> Selection("trumps").fits(pos, Tile(6, 1)), Selection("set").fits(pos, Tile(3, 0))
(True, False)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal, cast, get_args

from content.errors import FieldError
from content.model import Position, parse_suit
from engine import Tile, Trump
from engine.trump import TRUMP, Suit

if TYPE_CHECKING:
    from content.checks.base import AnyTask

__all__ = ["OF", "PARAMS", "Of", "Selection"]

#: What a selection takes: the tiles of the set in play, the trumps, or a suit's followers.
Of = Literal["set", "trumps", "suit"]
OF: tuple[Of, ...] = get_args(Of)

#: The entry fields of a selection, as the kinds that use one declare them (``Task.params``).
PARAMS: dict[str, str] = {
    "of": "'set' (the tiles of these rules' set), 'trumps' (the trumps), or 'suit' (the tiles "
    "that follow the suit in 'suit', under the trump if one is named)",
    "suit": "for of = 'suit': a number 0-6 (or 'trump')",
}


@dataclass(frozen=True)
class Selection:
    """The tiles of the set (``"set"``), the trumps (``"trumps"``) or the tiles that follow
    ``suit`` under the trump in force (``"suit"``)."""

    of: Of
    suit: Suit | None = None

    @classmethod
    def read(cls, task: AnyTask) -> Selection:
        """The selection of ``task``'s entry (its fields ``of`` and ``suit``); a question about
        trumps needs the trump named (:class:`~content.errors.FieldError` otherwise)."""
        of = task.param("of", required=True)
        if of not in OF:
            raise FieldError("of", f"of is 'set', 'trumps' or 'suit', not {of!r}")
        suit = parse_suit(task.param("suit", required=True), "suit") if of == "suit" else None
        if of == "trumps" or suit == TRUMP:
            task.trump()
        return cls(cast("Of", of), suit)

    def fits(self, position: Position, tile: Tile) -> bool:
        """Whether ``tile`` is one of the selected tiles in ``position`` (the trump in force
        decides trumps and suits; none named counts as no trump)."""
        if self.of == "set":
            return tile in position.rules.tiles
        trump = position.trump or Trump.parse("none")
        if self.of == "trumps":
            return trump.is_trump(tile)
        assert self.suit is not None
        return trump.follows(tile, self.suit)

    def of_set(self, position: Position) -> list[Tile]:
        """The selected tiles among the whole set in play."""
        return [t for t in position.rules.tiles if self.fits(position, t)]
