"""Every puzzle and lesson level a deck can hold becomes a question for the phones: one tap
(at least two choices, distinct, at least one right and at least one wrong, and the choices the
engine counts right are exactly the ones its own grading accepts), or, for a "pick every …"
level, one toggle per tile or action whose one right set is the one the engine's grading
accepts; no choice's shape (how many tiles it names) gives the answer away."""

from __future__ import annotations

import itertools
import json
import re
from typing import Any

import pytest

from store import live
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
        assert all(label.strip() for _, label in spec.choices), where
        if mode_of(item.kind) == "many":  # toggles: the set picked is graded, exactly one set is right
            assert spec.view.get(live.PICK) is True and len(spec.right) == 1, where
            assert values == [str(c) for c in sorted(item.choices(), key=values.index)], where
            for r in range(len(values) + 1):
                for places in itertools.combinations(range(len(values)), r):
                    ok = bool(item.grade([values[i] for i in places]).correct)
                    assert ok == (live.pick_value(places) == spec.right[0]), (where, places)
            continue
        assert not spec.view.get(live.PICK), where
        assert spec.right and set(spec.right) < set(values), where  # one right at least, one wrong at least
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
        if spec.view.get(live.PICK):  # the right set, said as its toggles' words
            places = live.pick_places(spec.right[0], len(spec.choices)) or ()
            right_words = {", ".join(spec.choices[i][1] for i in places) or "none"}
        assert show.answer == spec.answer_label == answer_words(item), item.kind
        assert spec.answer_label in right_words, (item.kind, spec.answer_label, right_words)
        if item.kind == "trick_winner":
            tile = spec.answer_label.split(" ")[0]
            assert tile in [str(t) for t in item.position.trick] and "(Seat " in spec.answer_label, spec.answer_label


def test_choices_come_in_the_tables_order_whatever_the_question_is_called() -> None:
    """The phones and the projector's chart list a question's choices in one stable order
    (the same for every class that asks it): a set of tiles in the order the table shows
    them (by seat, each hand in its order), numbers upward, "none" last; a "pick every …"
    level's toggles in the table's order."""
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
        keys = [choice_order(item, [v] if one.view.get(live.PICK) else json.loads(v)) for v, _ in one.choices]
        assert keys == sorted(keys), (item.kind, one.choices)
    # "Pick every legal tile": one toggle per tile of the hand, in the hand's order.
    _kind, legal = firsts["legal_tiles"]
    hand = [str(t) for t in next(h for h in legal.position.hands if h is not None)]
    labels = [lab for _v, lab in item_spec(build_item_show(legal, "level"), legal, "x").choices]
    assert labels == hand, (labels, hand)
    _kind, count = firsts["count"]
    numbers = [int(lab) for _v, lab in item_spec(build_item_show(count, "level"), count, "x").choices]
    assert numbers == sorted(numbers)
    _kind, pick = firsts["pick_tiles"]
    shown = [str(t) for t in pick.position.tiles]
    labels = [lab for _v, lab in item_spec(build_item_show(pick, "level"), pick, "x").choices]
    assert labels == shown, (labels, shown)


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


#: A tile as the phones write it ("6-4").
_TILE = re.compile(r"\b[0-6]-[0-6]\b")


def _shape(spec: live.QuestionSpec, value: str, label: str) -> int:
    """How many things a choice names: a toggle is one; a list (an order, scores) its length;
    else the tiles its words name."""
    if spec.view.get(live.PICK):
        return 1
    try:
        parsed = json.loads(value)
    except ValueError:
        parsed = None
    return len(parsed) if isinstance(parsed, list) else len(_TILE.findall(label))


def test_no_choice_gives_the_answer_away_by_its_shape() -> None:
    """"Which tiles may you play?" offered "0-0", "0-0, 6-6, 2-1", "3-0", "none": the only
    choice naming several tiles was the answer. For every check kind a phone is asked (each
    puzzle and level, and "What would you play?" at a move), every choice names as many tiles
    (or things) as every other."""
    from engine import RuleSet
    from tutorial.services.classroom import generate_hand
    from tutorial.services.live import move_spec
    from tutorial.services.presenter import build_show

    specs: list[tuple[str, live.QuestionSpec]] = []
    for n, (kind, item) in enumerate(_items()):
        specs.append((f"{item.kind} {item.id}", item_spec(build_item_show(item, kind), item,
                                                          question_ref(kind, n, 0, kind))))
    hand, decisions = generate_hand(RuleSet(), 12, "basic")
    show = build_show(hand, decisions, "basic")
    for q in show.questions:  # every move of the hand, the bidding and the play
        specs.append((f"move {q.count}", move_spec(q, show.scenes[q.count], f"m{q.count}")))
    kinds = {where.split()[0] for where, _ in specs}
    assert {"legal_tiles", "pick_tiles", "legal_actions", "rank", "count", "move"} <= kinds, kinds
    for where, spec in specs:
        shapes = {_shape(spec, v, lab) for v, lab in spec.choices}
        assert len(shapes) == 1, (where, spec.choices)


def test_a_pick_questions_chart_has_a_bar_per_set_the_rarest_together() -> None:
    """The projector's chart of a "pick every …" question: the right set first (even when nobody
    gave it), then the sets given, most given first, the rarest sharing "Other sets"."""
    from tutorial.services.live import MAX_SET_ROWS, OTHER_SETS, chart_choices

    tiles = ("0-0", "3-0", "6-6", "5-0", "2-1", "6-0")
    q = live.QuestionInfo(1, 1, "r", "level", "Pick", tuple((t, t) for t in tiles), (live.pick_value([0, 2, 4]),),
                          "0-0, 6-6, 2-1", "", {live.PICK: True}, 0, False, True)
    given = {live.pick_value(p): n for p, n in (([0], 5), ([0, 2], 4), ([1], 3), ([3], 2), ([5], 1), ([1, 3], 1))}
    rows, counts = chart_choices(q, given)
    assert [lab for _v, lab in rows] == ["0-0, 6-6, 2-1", "0-0", "0-0, 6-6", "3-0", "Other sets"]
    assert len(rows) == MAX_SET_ROWS + 1 and counts[OTHER_SETS] == 4 and sum(counts.values()) == sum(given.values())
    rows, counts = chart_choices(q, {live.pick_value([]): 2})
    assert [lab for _v, lab in rows] == ["0-0, 6-6, 2-1", "none"] and counts == {q.right[0]: 0, "pick:": 2}
