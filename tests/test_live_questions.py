"""Every puzzle and lesson level a deck can hold becomes a one-tap question for the phones:
at least two choices, distinct, at least one right and at least one wrong, and the choices the
engine counts right are exactly the ones its own grading accepts."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tutorial.services.items import course, mode_of, puzzles
from tutorial.services.live import item_spec, question_ref
from tutorial.services.presenter import answer_words, build_item_show


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


def test_every_check_kind_says_its_answer_as_the_learner_chooses_it() -> None:
    """One item of every check kind: the answer the presenter, the phones and the summary
    (and its CSV) show is the words of a choice the engine counts right, never an index."""
    firsts: dict[str, tuple[str, Any]] = {}
    for kind, item in _items():
        firsts.setdefault(item.kind, (kind, item))
    assert len(firsts) >= 15  # every check kind of the content
    for n, (kind, item) in enumerate(firsts.values()):
        show = build_item_show(item, kind)
        spec = item_spec(show, item, question_ref(kind, n, 0, kind))
        right_words = {label for v, label in spec.choices if v in spec.right}
        assert show.answer == spec.answer_label == answer_words(item), item.kind
        assert spec.answer_label in right_words, (item.kind, spec.answer_label, right_words)
        if item.kind == "trick_winner":
            tile = spec.answer_label.split(" ")[0]
            assert tile in [str(t) for t in item.position.trick] and "(Seat " in spec.answer_label, spec.answer_label


def test_choices_come_in_the_tables_order_whatever_the_question_is_called() -> None:
    """The phones and the projector's chart list a question's choices in one stable order
    (the same for every class that asks it): a set of tiles in the order the table shows
    them (by seat, each hand in its order), numbers upward, "none" last."""
    from tutorial.services.presenter import choice_order

    firsts: dict[str, tuple[str, Any]] = {}
    for kind, item in _items():
        if mode_of(item.kind) != "one":
            firsts.setdefault(item.kind, (kind, item))
    assert {"legal_tiles", "count", "pick_tiles", "score_hand"} <= set(firsts)
    for kind, item in firsts.values():
        show = build_item_show(item, kind)
        one = item_spec(show, item, question_ref(kind, 1, 0, kind))
        other = item_spec(show, item, question_ref(("deck", "another"), 7, 0, kind))
        assert one.choices == other.choices, item.kind
        keys = [choice_order(item, json.loads(v)) for v, _ in one.choices]
        assert keys == sorted(keys), (item.kind, one.choices)
    _kind, legal = firsts["legal_tiles"]
    hand = [str(t) for t in next(h for h in legal.position.hands if h is not None)]
    labels = [lab for _v, lab in item_spec(build_item_show(legal, "level"), legal, "x").choices]
    assert labels[-1] == "none"
    tiles = [lab for lab in labels[:-1] if "," not in lab]
    assert tiles == sorted(tiles, key=hand.index), (labels, hand)
    _kind, count = firsts["count"]
    numbers = [int(lab) for _v, lab in item_spec(build_item_show(count, "level"), count, "x").choices]
    assert numbers == sorted(numbers)
    _kind, pick = firsts["pick_tiles"]
    shown = [str(t) for t in pick.position.tiles]
    for _v, lab in item_spec(build_item_show(pick, "level"), pick, "x").choices:
        parts = [p for p in lab.split(", ") if p != "none"]
        assert parts == sorted(parts, key=shown.index), (lab, shown)


def test_a_count_offers_the_answer_among_its_nearest_miscounts() -> None:
    """"How many trumps?" (six sixes) offered 0, 4, 5, 6 while the class's real mistakes were 7
    and 8: a count's choices are the answer and the four nearest counts, within 0 and the set."""
    counts = [(kind, item) for kind, item in _items() if item.kind == "count"]
    assert counts
    for n, (kind, item) in enumerate(counts):
        spec = item_spec(build_item_show(item, kind), item, question_ref(kind, n, 0, kind))
        numbers = [json.loads(v) for v, _ in spec.choices]
        answer, top = item.task.answer(), len(item.position.rules.tiles)
        lowest = max(0, min(answer - 2, top - 4))
        assert numbers == list(range(lowest, lowest + 5)), (item.id, answer, numbers)
    sixes = next(item for _kind, item in counts if item.task.answer() == 6)
    spec = item_spec(build_item_show(sixes, "level"), sixes, "x")
    assert [json.loads(v) for v, _ in spec.choices] == [4, 5, 6, 7, 8]
