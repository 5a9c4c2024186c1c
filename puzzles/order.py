"""The order puzzles are served in: easiest first, with no two puzzles in a row that ask the
same thing with the same kind of answer, so that the answer of one never answers the next
by habit (two "best play" puzzles in a row both won by the trump's double, six "is it a
trump?" in a row all answered no).

>>> from types import SimpleNamespace as NS
>>> def p(pid, rating, pattern):
...     return NS(id=pid, rating=rating, pattern=pattern)
>>> ps = [p("a", 700, "x"), p("b", 700, "x"), p("c", 750, "y"), p("d", 800, "x")]
>>> [q.id for q in serving_order(ps, key=lambda q: q.pattern)]
['a', 'c', 'b', 'd']
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from typing import TYPE_CHECKING, TypeVar

if TYPE_CHECKING:
    from puzzles.loader import Puzzle

__all__ = ["KIND_GAP", "answer_pattern", "served", "serving_order"]

T = TypeVar("T")


def answer_pattern(puzzle: Puzzle) -> Hashable:
    """What a puzzle asks and the kind of answer it has, as a learner would see a repeat: its
    kind and the answer's shape where it has one (yes or no; a lead of trumps; for one tile to
    play, whether it is a double, whether a trump and whether a trump was led: a trump lead
    won by the trump's double is one pattern, whatever the trump), else its kind and themes."""
    ans = puzzle.answer_json()
    pos = puzzle.position
    shape: Hashable = None
    if isinstance(ans, bool) or (puzzle.kind == "suit_led" and ans == "trump"):
        shape = ans
    elif puzzle.kind in ("play", "ending", "strategy") and isinstance(ans, str):
        from engine import Tile

        tile = Tile.parse(ans)
        trump = pos.trump
        led_trump = bool(pos.trick) and trump is not None and trump.is_trump(pos.trick[0])
        shape = (tile.is_double, trump is not None and trump.is_trump(tile), led_trump)
    return (puzzle.kind, shape) if shape is not None else (puzzle.kind, tuple(sorted(puzzle.themes)))


def serving_order(items: Sequence[T], key: Callable[[T], Hashable], group: Callable[[T], Hashable] | None = None,
                  window: int = 0) -> list[T]:
    """``items`` (already easiest first) reordered so that no two neighbours share ``key``
    where that can be avoided: each next item is the first of the rest whose key differs
    from the last one served and that leaves the rest still possible to spread (a key that
    fills most of what is left is served before the others run out); when a repeat is bound
    to come, the first of the most common key. Deterministic: the same list gives the same
    order.

    >>> "".join(serving_order(list("abbb"), key=str))
    'babb'

    ``group`` and ``window``: of the items that keep to that rule, one whose group is not among
    the last ``window`` served comes first where there is one (the kinds of puzzles mixed, not
    only their answers):

    >>> "".join(serving_order(list("aAaAbc"), key=str, group=str.lower, window=2))
    'abcAaA'
    """
    from collections import Counter

    rest = [(key(item), item) for item in items]
    counts = Counter(k for k, _ in rest)
    out: list[T] = []
    last: Hashable = None

    def spreadable(after: Hashable) -> bool:
        """Whether what is left once an item of key ``after`` is served can be served
        with no two alike in a row (none first after ``after``)."""
        n = len(rest) - 1
        for k, c in counts.items():
            c -= k == after
            if c > (n - c if k == after else n - c + 1):
                return False
        return True

    recent: list[Hashable] = []
    while rest:
        fits = [j for j, (k, _) in enumerate(rest) if k != last and spreadable(k)]
        i = next((j for j in fits if group is None or group(rest[j][1]) not in recent), fits[0] if fits else None)
        if i is None:  # some repeat is bound to come: serve the most common key first
            other = [j for j, (k, _) in enumerate(rest) if k != last]
            i = max(other, key=lambda j: (counts[rest[j][0]], -j)) if other else 0
        last, item = rest.pop(i)
        counts[last] -= 1
        out.append(item)
        if group is not None and window:
            recent = [*recent, group(item)][-window:]
    return out


#: Each puzzle's pattern, by id (an id never changes its question: see ``puzzles/retired.py``).
_PATTERNS: dict[str, Hashable] = {}


def _pattern(puzzle: Puzzle) -> Hashable:
    if puzzle.id not in _PATTERNS:
        _PATTERNS[puzzle.id] = answer_pattern(puzzle)
    return _PATTERNS[puzzle.id]


#: How many puzzles of other kinds come before one of the same kind again, where there are any:
#: the whole list opened on four "Is it a trump?" in its first five (newcomer7 #11).
KIND_GAP = 4


def served(puzzles: Sequence[Puzzle]) -> list[Puzzle]:
    """The puzzles in the order the Puzzles page serves them: easiest first (by rating, then
    id), no two in a row of the same :func:`answer_pattern` where avoidable, and of those the
    easiest whose kind is not among the last :data:`KIND_GAP` served where there is one (the
    kinds mixed; a list of one kind keeps to the answers' rule alone)."""
    return serving_order(sorted(puzzles, key=lambda p: (p.rating, p.id)), _pattern, group=lambda p: p.kind,
                         window=KIND_GAP)
