"""Trump: a number (0-6), the doubles, or none ("follow me"), and what it does to suits.

A suit is a number 0-6 or the string ``"trump"`` (:data:`TRUMP`).

>>> sixes = Trump.parse("6")
>>> sixes.is_trump(Tile(6, 4)), sixes.suit_led(Tile(5, 3)), sixes.follows(Tile(6, 5), 5)
(True, 5, False)
>>> doubles = Trump.parse("doubles")
>>> doubles.suit_led(Tile(4, 4)), doubles.follows(Tile(4, 4), 4)
('trump', False)
>>> str(Trump.parse("none"))
'none'
"""

from __future__ import annotations

from typing import ClassVar, Literal, TypeGuard, get_args

from engine.errors import ParseError
from engine.limits import quote
from engine.tiles import ALL_TILES, Tile, suit_name

__all__ = ["ALL_TRUMPS", "TRUMP", "Suit", "Trump", "TrumpKind", "describe_suit"]

#: The suit led by a trump tile.
TRUMP = "trump"

#: A suit: a number 0-6, or :data:`TRUMP`.
Suit = int | str


def describe_suit(suit: Suit, plural: bool = True) -> str:
    """``5 -> "fives"``, ``"trump" -> "trumps"`` (``"a trump"`` style with plural=False)."""
    if suit == TRUMP:
        return "trumps" if plural else "trump"
    assert isinstance(suit, int)
    return suit_name(suit, plural)


#: The kind of a trump (``Trump.kind``): every tile bearing a number, the doubles, or none.
TrumpKind = Literal["number", "doubles", "none"]
_KINDS: tuple[TrumpKind, ...] = get_args(TrumpKind)


def _is_kind(kind: object) -> TypeGuard[TrumpKind]:
    return kind in _KINDS


class Trump:
    """The trump of a hand. Get one with :meth:`parse` (``"0"``-``"6"``, ``"doubles"``, ``"none"``)
    or :meth:`number`; there is one object per trump, so ``is`` and ``==`` agree.
    """

    __slots__ = ("_follow", "_is_trump", "_lead", "_power", "_str", "kind", "value")
    _cache: ClassVar[dict[str, Trump]] = {}

    kind: TrumpKind
    value: int | None
    _str: str
    _lead: tuple[Suit, ...]
    _is_trump: tuple[bool, ...]
    _follow: dict[Suit, frozenset[Tile]]
    _power: dict[Suit, dict[Tile, int]]

    def __new__(cls, kind: str, value: int | None = None) -> Trump:
        if kind == "number":
            if type(value) is not int or not 0 <= value <= 6:
                raise ParseError(f"a trump number runs from 0 to 6, not {quote(value)}")
        elif not _is_kind(kind) or value is not None:
            raise ParseError(f"trump is a number 0-6, 'doubles' or 'none', not {quote(kind)}")
        key = str(value) if kind == "number" else kind
        if key in cls._cache:
            return cls._cache[key]
        self = object.__new__(cls)
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "value", value)
        object.__setattr__(self, "_str", key)
        self._build()
        cls._cache[key] = self
        return self

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Trump is immutable")

    def __reduce__(self) -> tuple[type, tuple[str, int | None]]:
        return (Trump, (self.kind, self.value))

    def __copy__(self) -> Trump:
        return self

    def __deepcopy__(self, memo: object) -> Trump:
        return self

    # -- construction -----------------------------------------------------------------
    @classmethod
    def parse(cls, text: object) -> Trump:
        """Read a trump: ``"6"`` (or ``6``, ``"sixes"``), ``"doubles"``, ``"none"`` (or ``"no trump"``);
        anything else is a :class:`ParseError`."""
        if isinstance(text, Trump):
            return text
        if isinstance(text, int) and not isinstance(text, bool):
            return cls("number", text)
        if not isinstance(text, str):
            raise ParseError(f"trump is a number 0-6, 'doubles' or 'none', not {quote(text)}")
        if len(text) > 40:
            raise ParseError(f"{quote(text)} is not a trump: write a number 0-6, 'doubles' or 'none'")
        t = " ".join(text.strip().lower().split())
        if t in ("doubles", "double"):
            return cls("doubles")
        if t in ("none", "no trump", "no-trump", "notrump", "follow me", "follow-me"):
            return cls("none")
        if len(t) == 1 and t in "0123456":  # ASCII digits only: "²" and "٤" are not trumps
            return cls("number", int(t))
        for n in range(7):
            if t == suit_name(n):
                return cls("number", n)
        raise ParseError(f"{quote(text)} is not a trump: write a number 0-6, 'doubles' or 'none'")

    @classmethod
    def number(cls, n: int) -> Trump:
        """The trump where every tile bearing ``n`` is a trump."""
        return cls("number", n)

    def _build(self) -> None:
        lead: list[Suit] = [0] * 28
        is_trump = [False] * 28
        for t in ALL_TILES:
            if self.value is not None:  # a number trump
                tr = t.has(self.value)
            elif self.kind == "doubles":
                tr = t.is_double
            else:
                tr = False
            is_trump[t.index] = tr
            lead[t.index] = TRUMP if tr else t.high
        follow: dict[Suit, frozenset[Tile]] = {}
        power: dict[Suit, dict[Tile, int]] = {}
        suits: list[Suit] = [0, 1, 2, 3, 4, 5, 6]
        if self.kind != "none":
            suits.append(TRUMP)
        for s in suits:
            if isinstance(s, int):
                members = [t for t in ALL_TILES if not is_trump[t.index] and t.has(s)]
            else:
                members = [t for t in ALL_TILES if is_trump[t.index]]
            follow[s] = frozenset(members)
            p = {t: self._rank(t, s) for t in members}
            if s != TRUMP:
                # Every trump beats every tile of a number suit.
                for t in ALL_TILES:
                    if is_trump[t.index]:
                        p[t] = 100 + self._rank(t, TRUMP)
            power[s] = p
        if self.kind == "none":
            follow[TRUMP] = frozenset()
            power[TRUMP] = {}
        object.__setattr__(self, "_lead", tuple(lead))
        object.__setattr__(self, "_is_trump", tuple(is_trump))
        object.__setattr__(self, "_follow", follow)
        object.__setattr__(self, "_power", power)

    def _rank(self, tile: Tile, suit: Suit) -> int:
        if suit == TRUMP:
            if self.kind == "doubles":
                return tile.high
            # number trump: the double on top, then by the other end
            assert self.value is not None
            return 7 if tile.is_double else tile.other_end(self.value)
        assert isinstance(suit, int)
        return 7 if tile.is_double else tile.other_end(suit)

    # -- the rules --------------------------------------------------------------------
    def is_trump(self, tile: Tile) -> bool:
        """True if ``tile`` belongs to the trump suit."""
        return self._is_trump[tile.index]

    def suit_led(self, tile: Tile) -> Suit:
        """The suit a lead of ``tile`` calls: :data:`TRUMP` for a trump, else its higher end."""
        return self._lead[tile.index]

    def suits_of(self, tile: Tile) -> tuple[Suit, ...]:
        """The suits ``tile`` belongs to: ``(TRUMP,)`` for a trump; its number for a double;
        both numbers (high first) for any other tile."""
        if self.is_trump(tile):
            return (TRUMP,)
        if tile.is_double:
            return (tile.high,)
        return (tile.high, tile.low)

    def follows(self, tile: Tile, suit: Suit) -> bool:
        """True if ``tile`` follows ``suit``: a trump follows only trump; any other tile
        follows each number it bears."""
        return tile in self._follow.get(suit, ())

    def suit_members(self, suit: Suit) -> frozenset[Tile]:
        """All 28-set tiles that follow ``suit``."""
        return self._follow.get(suit, frozenset())

    def rank(self, tile: Tile, suit: Suit) -> int:
        """The rank of ``tile`` inside ``suit``, higher is better: 7 for the double (the top),
        otherwise the other end (under doubles trump, a trump double ranks by its number).

        Raises ``ValueError`` if ``tile`` does not belong to ``suit``.
        """
        if not self.follows(tile, suit):
            raise ValueError(f"{tile} is not one of the {describe_suit(suit)} {self.while_clause()}")
        return self._rank(tile, suit)

    def power(self, tile: Tile, suit_led: Suit) -> int:
        """Strength of ``tile`` in a trick whose suit led is ``suit_led``: 100 + rank for a trump,
        the rank for a tile following the suit led, -1 for a tile that can never win."""
        return self._power[suit_led].get(tile, -1)

    def order(self, suit: Suit) -> list[Tile]:
        """The 28-set tiles of ``suit`` from highest to lowest."""
        return sorted(self.suit_members(suit), key=lambda t: -self._rank(t, suit))

    # -- words ------------------------------------------------------------------------
    @property
    def name(self) -> str:
        """``"sixes"``, ``"doubles"`` or ``"no trump"``."""
        if self.value is not None:  # a number trump
            return suit_name(self.value)
        return "doubles" if self.kind == "doubles" else "no trump"

    def while_clause(self) -> str:
        """``"while sixes are trump"``, ``"while doubles are trump"``, ``"with no trump"``."""
        if self.kind == "none":
            return "with no trump"
        return f"while {self.name} are trump"

    def __str__(self) -> str:
        return self._str

    def __repr__(self) -> str:
        return f"Trump.parse({self._str!r})"

    def __eq__(self, other: object) -> bool:
        return self is other

    def __hash__(self) -> int:
        return hash(("Trump", self._str))


#: The nine trumps: 0..6, doubles, none.
ALL_TRUMPS: tuple[Trump, ...] = tuple(
    [Trump.number(n) for n in range(7)] + [Trump("doubles"), Trump("none")]
)
