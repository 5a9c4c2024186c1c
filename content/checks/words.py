"""Shared words: why one tile ranks above another, what a lead calls, whether a tile is a trump."""

from __future__ import annotations

import itertools
from collections.abc import Sequence

from engine import Tile, Trump
from engine.trump import TRUMP, Suit, describe_suit


# -- shared rank words ---------------------------------------------------------------------
def _counts_as(a: Tile, b: Tile, k: int) -> str:
    """``a`` above ``b`` inside the suit of ``k``, each read with ``k`` first; a tile already
    written that way is not said "as" itself: ``"6-2 counts as 2-6 and 4-2 as 2-4"``,
    ``"4-2 counts as 2-4, above 2-1"`` (never ``"2-1 as 2-1"``)."""
    ra, rb = f"{k}-{a.other_end(k)}", f"{k}-{b.other_end(k)}"
    fa, fb = str(a) != ra, str(b) != rb
    if fa and fb:
        return f"{a} counts as {ra} and {b} as {rb}"
    if fa:
        return f"{a} counts as {ra}, above {b}"
    if fb:
        return f"{a} is above {b}, which counts as {rb}"
    return f"{a} ({a.other_end(k)}) is above {b} ({b.other_end(k)})"


def rank_reason(trump: Trump, suit: Suit, a: Tile, b: Tile) -> tuple[str, str]:
    """Why ``a`` beats ``b`` in a trick whose suit led is ``suit``: (code, words). Words that
    state a rule put it before a colon and the tiles after it (see :func:`rank_steps`)."""
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
        return "other-end", f"inside the trump suit a tile ranks by its other end: {_counts_as(a, b, k)}"
    assert isinstance(suit, int)
    if a.is_double:
        return "double-on-top", f"{a} is the double of the {describe_suit(suit)}, the highest tile of that suit"
    if a.high != suit or b.high != suit:
        return "two-suit-tile", (
            f"inside the {describe_suit(suit)} a tile ranks by its other end, whichever end is higher: "
            f"{_counts_as(a, b, suit)}"
        )
    return "other-end", f"inside the {describe_suit(suit)} a tile ranks by its other end: {_counts_as(a, b, suit)}"


def rank_steps(trump: Trump, suit: Suit, order: Sequence[Tile]) -> list[str]:
    """Why each tile of ``order`` (strongest first) ranks above the next, as sentences. Steps
    that follow the same rule make one sentence, the rule said once and each tile once: "Inside
    the sixes a tile ranks by its other end: 6-5 (5) is above 6-4 (4), which is above 6-1 (1).",
    so no sentence comes twice and no tile is said to count as itself."""
    chains: list[tuple[str, list[Tile], Suit | None]] = []
    for a, b in itertools.pairwise(order):
        code, words = rank_reason(trump, suit, a, b)
        if code in ("trump-beats-suit", "double-on-top"):
            chains.append((words, [], None))
            continue
        rule = words.partition(": ")[0]
        k = None if code == "doubles-by-number" else trump.value if trump.is_trump(a) else suit
        base = rule.removesuffix(", whichever end is higher")
        last = chains[-1] if chains else None
        if last and last[1] and last[1][-1] == a and last[0].removesuffix(", whichever end is higher") == base:
            chains[-1] = (max(last[0], rule, key=len), [*last[1], b], k)
        else:
            chains.append((rule, [a, b], k))
    out = []
    for rule, tiles, k in chains:
        if not tiles:
            text = rule
        else:
            named = [str(t) if not isinstance(k, int) else f"{t} ({t.other_end(k)})" for t in tiles]
            text = f"{rule}: {named[0]} is above " + ", which is above ".join(named[1:])
        out.append(text[0].upper() + text[1:] + ".")
    return out


def lead_words(trump: Trump, tile: Tile) -> str:
    """What a lead of ``tile`` calls, in words."""
    suit = trump.suit_led(tile)
    if suit == TRUMP:
        if trump.kind == "doubles":
            return f"{tile} is a double, and doubles are trump, so it leads trumps"
        return f"{tile} bears a {describe_suit(trump.value or 0, plural=False)}, so it is a trump {trump.while_clause()} and leads trumps"
    if tile.is_double:
        return f"{tile} is a double and not a trump, so it leads its own suit, {describe_suit(suit)}"
    return f"{tile} is not a trump, so its higher end names the suit: {describe_suit(suit)}"




def is_trump_reason(tr: Trump, t: Tile) -> str:
    """Whether ``t`` is a trump, and why."""
    if tr.kind == "none":
        return f"With no trump ('follow me') there are no trumps at all, so {t} is not one: it stays in its own suit{'s' if not t.is_double else ''}."
    if tr.kind == "doubles":
        if t.is_double:
            return f"{t} is a double, and doubles are trump: it is a trump and leaves the {describe_suit(t.high)}."
        return f"{t} is not a double, so it is not a trump while doubles are trump."
    k = tr.value
    assert k is not None
    if t.has(k):
        rest = "" if t.is_double else f" (it is no longer a {describe_suit(t.other_end(k), plural=False)})"
        return f"{t} bears a {describe_suit(k, plural=False)}, so it is a trump {tr.while_clause()}{rest}."
    return f"{t} bears no {describe_suit(k, plural=False)}, so it is not a trump {tr.while_clause()}."
