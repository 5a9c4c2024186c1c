"""Actions and their text notation.

>>> [str(Action.parse(s)) for s in ["pass", "bid 5", "bid 21", "discard 1-3", "trump doubles", "play 4-6"]]
['pass', 'bid 5', 'bid 21', 'discard 3-1', 'trump doubles', 'play 6-4']
"""

from __future__ import annotations

from typing import ClassVar, Literal, TypeGuard, get_args

from engine.errors import ParseError
from engine.limits import is_ascii_number, quote
from engine.tiles import Tile
from engine.trump import Trump

__all__ = ["KINDS", "Action", "ActionKind"]

#: The kind of an action (``Action.kind``): a typo in ``action.kind == "plya"`` is a type error.
ActionKind = Literal["pass", "bid", "discard", "trump", "play"]
#: The kinds of action, in the order they happen in a hand.
KINDS: tuple[ActionKind, ...] = get_args(ActionKind)


def _is_kind(kind: object) -> TypeGuard[ActionKind]:
    return kind in KINDS

_Value = int | Tile | Trump | None

#: The bid values any rule set allows; only these bids are kept in the parse cache.
_CACHED_BIDS = frozenset((3, 4, 5, 6, 7, 21))
#: The longest bid number read (a bid is at most 21): longer ones are not notation.
_MAX_BID_DIGITS = 3


class Action:
    """One move: ``pass``, ``bid N``, ``discard T``, ``trump X`` or ``play T``.

    Actions are immutable, hashable, compare equal by value, and round-trip through
    ``str()`` and :meth:`parse`. Build them with :meth:`parse` or the class methods
    :meth:`pass_`, :meth:`bid`, :meth:`discard`, :meth:`name_trump`, :meth:`play`.
    """

    __slots__ = ("_str", "kind", "value")
    #: One object per action that can ever be legal; other (refused) bids are built afresh,
    #: so bogus input cannot grow the cache.
    _cache: ClassVar[dict[tuple[str, object], Action]] = {}

    kind: ActionKind
    value: _Value
    _str: str

    def __new__(cls, kind: str, value: _Value = None) -> Action:
        key = (kind, value)
        cached = cls._cache.get(key)
        if cached is not None:
            return cached
        if not _is_kind(kind):
            raise ParseError(f"{quote(kind)} is not an action: the actions are {', '.join(KINDS)}")
        if kind == "pass":
            if value is not None:
                raise ParseError("'pass' takes no value")
        elif kind == "bid":
            if type(value) is not int or value < 1:
                raise ParseError(f"a bid is a whole number of tricks (4-7) or 21, not {quote(value)}")
        elif kind in ("discard", "play"):
            if not isinstance(value, Tile):
                raise ParseError(f"'{kind}' needs a tile, not {quote(value)}")
        elif kind == "trump":
            if not isinstance(value, Trump):
                raise ParseError(f"'trump' needs a trump, not {quote(value)}")
        self = object.__new__(cls)
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "value", value)
        object.__setattr__(self, "_str", kind if value is None else f"{kind} {value}")
        if kind != "bid" or value in _CACHED_BIDS:
            cls._cache[key] = self
        return self

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Action is immutable")

    def __reduce__(self) -> tuple[type, tuple[str, _Value]]:
        return (Action, (self.kind, self.value))

    # -- constructors --------------------------------------------------------------------
    @classmethod
    def pass_(cls) -> Action:
        """The pass."""
        return cls("pass")

    @classmethod
    def bid(cls, n: int) -> Action:
        """A bid of ``n`` tricks (21 shoots the moon)."""
        return cls("bid", n)

    @classmethod
    def discard(cls, tile: Tile | str) -> Action:
        """The bidder's discard."""
        return cls("discard", Tile.parse(tile) if isinstance(tile, str) else tile)

    @classmethod
    def name_trump(cls, trump: Trump | str | int) -> Action:
        """Naming trump."""
        return cls("trump", Trump.parse(trump))

    @classmethod
    def play(cls, tile: Tile | str) -> Action:
        """Playing a tile to the trick."""
        return cls("play", Tile.parse(tile) if isinstance(tile, str) else tile)

    @classmethod
    def parse(cls, text: object) -> Action:
        """Read an action from its notation (case and extra spaces do not matter); anything
        else is a :class:`ParseError`."""
        if isinstance(text, Action):
            return text
        if not isinstance(text, str):
            raise ParseError(f"an action is written like 'play 6-4', not {quote(text)}")
        words = text.strip().lower().split(None, 1)
        if not words:
            raise ParseError("an empty string is not an action")
        kind = words[0]
        arg = words[1].strip() if len(words) > 1 else None
        shown = quote(text)
        if kind == "pass":
            if arg is not None:
                raise ParseError(f"{shown}: 'pass' takes nothing after it")
            return cls("pass")
        if kind not in KINDS:
            raise ParseError(
                f"{shown} is not an action: write pass, bid N, discard 3-1, trump 5 "
                "(or doubles, none) or play 6-4"
            )
        if arg is None:
            raise ParseError(f"{shown}: '{kind}' needs {'a number' if kind == 'bid' else 'a value'} after it")
        if kind == "bid":
            # ASCII digits only ("bid ²" is not a bid), and no int() of an overlong string.
            if not is_ascii_number(arg) or len(arg.lstrip("0")) > _MAX_BID_DIGITS:
                raise ParseError(f"{shown}: a bid is a number of tricks (4-7) or 21, written with the digits 0-9")
            n = int(arg)
            if n == 0:
                raise ParseError(f"{shown}: to bid nothing, write 'pass'")
            return cls("bid", n)
        try:
            if kind == "trump":
                return cls("trump", Trump.parse(arg))
            tile = Tile.parse(arg)
        except ParseError as e:
            raise ParseError(f"{shown}: {e}") from None
        return cls(kind, tile)

    @classmethod
    def cache_size(cls) -> int:
        """How many actions the parse cache holds (it never holds more than the legal ones)."""
        return len(cls._cache)

    # -- protocol -----------------------------------------------------------------------
    def __str__(self) -> str:
        return self._str

    def __repr__(self) -> str:
        return f"Action.parse({self._str!r})"

    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        if not isinstance(other, Action):
            return NotImplemented
        return self.kind == other.kind and self.value == other.value

    def __hash__(self) -> int:
        return hash(self._str)
