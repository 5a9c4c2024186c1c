"""Every puzzle and lesson level a deck can hold becomes a one-tap question for the phones:
at least two choices, distinct, at least one right and at least one wrong, and the choices the
engine counts right are exactly the ones its own grading accepts."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tutorial.services.items import course, mode_of, puzzles
from tutorial.services.live import item_spec, question_ref
from tutorial.services.presenter import build_item_show


def _items() -> list[tuple[str, Any]]:
    return [("level", lv) for lv in course().levels()] + [("puzzle", p) for p in puzzles()]


@pytest.mark.slow
def test_every_puzzle_and_level_makes_a_one_tap_question() -> None:
    items = _items()
    assert len(items) > 200  # the whole course and puzzle set, not a sample
    for n, (kind, item) in enumerate(items):
        ref = question_ref(kind, n, 0, kind)
        spec = item_spec(build_item_show(item, kind), item, ref)
        values = [v for v, _ in spec.choices]
        where = f"{kind} {item.id}"
        assert len(values) >= 2, where
        assert len(set(values)) == len(values), where
        assert spec.right and set(spec.right) < set(values), where  # one right at least, one wrong at least
        assert all(label.strip() for _, label in spec.choices), where
        for v in values:
            raw = v if mode_of(item.kind) == "one" and item.choices() else json.loads(v)
            ok = bool(item.grade(raw).correct)  # every choice is an answer the grader reads
            assert ok == (v in spec.right), (where, v)
