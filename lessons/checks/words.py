"""Shared words: why one tile ranks above another, what a lead calls, whether a tile is a trump."""

from __future__ import annotations

from engine import (
    Tile,
    Trump,
)
from engine.trump import TRUMP, Suit
from lessons.checks.base import (
    _many,
    _one,
)


# -- shared rank words ---------------------------------------------------------------------
def rank_reason(trump: Trump, suit: Suit, a: Tile, b: Tile) -> tuple[str, str]:
    """Why ``a`` beats ``b`` in a trick whose suit led is ``suit``: (code, words)."""
    ta, tb = trump.is_trump(a), trump.is_trump(b)
    if ta and not tb:
        return "trump-beats-suit", f"{a} is a trump {trump.while_clause()}, and any trump beats every tile that is not"
    if ta and tb:
        if trump.kind == "doubles":
            return "doubles-by-number", f"with doubles trump, the doubles rank by their number: {a} is above {b}"
        k = trump.value
        assert k is not None
        if a.is_double:
            return "double-on-top", f"{a} is the double of the trump suit, the highest trump"
        return "other-end", (
            f"inside the trump suit a tile ranks by its other end: {a} counts as {k}-{a.other_end(k)}, "
            f"{b} as {k}-{b.other_end(k)}"
        )
    assert isinstance(suit, int)
    if a.is_double:
        return "double-on-top", f"{a} is the double of the {_many(suit)}, the highest tile of that suit"
    x, y = a.other_end(suit), b.other_end(suit)
    if a.high != suit or b.high != suit:
        return "two-suit-tile", (
            f"inside the {_many(suit)} a tile ranks by its other end, whichever end is higher: "
            f"{a} counts as {suit}-{x} and {b} as {suit}-{y}"
        )
    return "other-end", f"inside the {_many(suit)} a tile ranks by its other end: {a} ({x}) is above {b} ({y})"


def lead_words(trump: Trump, tile: Tile) -> str:
    """What a lead of ``tile`` calls, in words."""
    suit = trump.suit_led(tile)
    if suit == TRUMP:
        if trump.kind == "doubles":
            return f"{tile} is a double, and doubles are trump, so it leads trumps"
        return f"{tile} bears a {_one(trump.value or 0)}, so it is a trump {trump.while_clause()} and leads trumps"
    if tile.is_double:
        return f"{tile} is a double and not a trump, so it leads its own suit, {_many(suit)}"
    return f"{tile} is not a trump, so its higher end names the suit: {_many(suit)}"




def is_trump_reason(tr: Trump, t: Tile) -> str:
    """Whether ``t`` is a trump, and why."""
    if tr.kind == "none":
        return f"With no trump ('follow me') there are no trumps at all, so {t} is not one: it stays in its own suit{'s' if not t.is_double else ''}."
    if tr.kind == "doubles":
        if t.is_double:
            return f"{t} is a double, and doubles are trump: it is a trump and leaves the {_many(t.high)}."
        return f"{t} is not a double, so it is not a trump while doubles are trump."
    k = tr.value
    assert k is not None
    if t.has(k):
        rest = "" if t.is_double else f" (it is no longer a {_one(t.other_end(k))})"
        return f"{t} bears a {_one(k)}, so it is a trump {tr.while_clause()}{rest}."
    return f"{t} bears no {_one(k)}, so it is not a trump {tr.while_clause()}."
