"""The order the Puzzles page serves puzzles in (:mod:`puzzles.order`): easiest first, and no
two in a row with the same kind of answer where that can be avoided, over all puzzles and
over each kind's list (the Kind filter)."""

from __future__ import annotations

import itertools
from collections import Counter

from puzzles.order import answer_pattern, served, serving_order
from tutorial.services.items import puzzles


def _alike_in_a_row(keys: list[object]) -> int:
    return sum(a == b for a, b in itertools.pairwise(keys))


def _fewest_alike(keys: list[object]) -> int:
    """The fewest neighbours alike that any order of ``keys`` must have."""
    m = max(Counter(keys).values(), default=0)
    return max(0, 2 * m - len(keys) - 1)


def test_no_two_puzzles_in_a_row_have_the_same_kind_of_answer() -> None:
    everything = list(puzzles())
    lists = {"all": everything, **{k: [p for p in everything if p.kind == k] for k in {p.kind for p in everything}}}
    for name, ps in lists.items():
        order = served(ps)
        assert sorted(p.id for p in order) == sorted(p.id for p in ps), name
        keys = [answer_pattern(p) for p in order]
        assert _alike_in_a_row(keys) == _fewest_alike(keys), (name, [p.id for p in order])
    # the newcomer's "best play" list: the trump's double won two in a row (4-4, then 2-2)
    play = [p.answer_json() for p in served(lists["play"])]
    doubles = [i for i, a in enumerate(play) if a[0] == a[2]]
    assert all(b - a > 1 for a, b in itertools.pairwise(doubles)), play
    # and yes and no take turns among the "is it a trump?" questions
    yes_no = [p.answer_json() for p in served(lists["is_trump"])]
    assert _alike_in_a_row(yes_no) == _fewest_alike(yes_no), yes_no


def test_the_order_stays_easiest_first_where_nothing_repeats() -> None:
    ps = list(puzzles())
    by_rating = sorted(ps, key=lambda p: (p.rating, p.id))
    assert served(ps)[0] is by_rating[0]
    assert serving_order([1, 2, 3, 4], key=lambda n: n) == [1, 2, 3, 4]
    assert serving_order(list("aaabbb"), key=str) == list("ababab")
    assert serving_order(list("abbb"), key=str) == list("babb")  # a "b" first, or three in a row
    assert served(ps) == served(list(reversed(ps)))  # the same puzzles, the same order
