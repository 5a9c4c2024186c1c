"""The check kinds on their own: answer reading, feedback codes, and independent cross-checks
of the engine-backed answers (scoring against docs/rules.md §7, endings against a brute-force
search)."""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence

import pytest

from content import AnswerError, FieldError, Position, make_task
from content.scoring import score_hand
from engine import RuleSet, Tile, parse_tiles

from helpers import reference_move_values


def task(kind: str, pos: dict[str, object], **params: object):  # type: ignore[no-untyped-def]
    return make_task(kind, Position.from_dict(pos), params)


# -- reading answers -----------------------------------------------------------------------------
def test_answers_are_read_in_every_reasonable_form() -> None:
    t = task("play", {"trump": "6", "leader": 0, "trick": ["5-4", "6-2"], "hands": {"2": "6-1 6-3 2-1"}}, goal="win")
    for form in ("6-3", "3-6", " 6-3 ", "play 6-3", Tile(6, 3)):
        assert t.grade(form).correct, form
    with pytest.raises(AnswerError):
        t.grade("seven")
    with pytest.raises(AnswerError):
        t.grade(12)
    w = task("trick_winner", {"trump": "6", "leader": 0, "trick": ["5-1", "5-3", "6-1"]})
    assert w.grade(2).correct and w.grade("6-1").correct and not w.grade(0).correct
    with pytest.raises(AnswerError):
        w.grade("4-4")
    s = task("score_hand", {"bidder": 0, "bid": 5, "tricks_won": [5, 1, 1]})
    assert s.grade([5, 1, 1]).correct and s.grade("5, 1, 1").correct and s.grade(["+5", "1", "1"]).correct
    with pytest.raises(AnswerError):
        s.grade([5, 1])
    g = task("game_winner", {"bidder": 0, "bid": 4, "tricks_won": [4, 2, 1], "scores": [0, 0, 0]})
    assert g.grade(None).correct and g.grade("nobody").correct and g.grade("play on").correct
    assert task("is_trump", {"trump": "6", "tiles": ["6-4"]}).grade("yes").correct
    assert task("suit_led", {"trump": "6", "tiles": ["5-3"]}).grade("fives").correct


# -- feedback from engine reason codes ------------------------------------------------------------
def test_legal_tiles_feedback_codes() -> None:
    t = task("legal_tiles", {"trump": "6", "leader": 0, "trick": ["3-2"], "hands": {"1": "6-3 5-3 5-1 4-4 2-1"}})
    assert t.answer_json() == ["5-3"]
    assert t.grade(["5-3", "6-3"]).code == "trump-cannot-follow"
    assert t.grade(["2-1"]).code == "must-follow"
    assert t.grade([]).code == "empty"
    void = task("legal_tiles", {"trump": "6", "leader": 0, "trick": ["5-4"], "hands": {"1": "6-5 3-1 2-2"}})
    assert void.grade(["3-1"]).code == "missed-free"
    lead = task("legal_tiles", {"trump": "6", "leader": 0, "hands": {"0": "6-5 3-1"}})
    assert lead.grade(["3-1"]).code == "missed-lead"
    two = task("legal_tiles", {"trump": "none", "leader": 0, "trick": ["3-2"], "hands": {"1": "5-3 6-6"}})
    fb = two.grade(["6-6"])
    assert fb.code == "must-follow" and "5-3" in fb.text and fb.reasons == ("must-follow", "follows")
    assert two.features()["traps"] == ["two-suit-tile"]


def test_trick_winner_feedback_codes() -> None:
    t = task("trick_winner", {"trump": "1", "leader": 0, "trick": ["3-2", "6-6", "5-5"]})
    fb = t.grade(1)
    assert fb.code == "cannot-win" and "Pips do not count" in fb.text and fb.reasons == ("only-of-suit",)
    t = task("trick_winner", {"trump": "6", "leader": 0, "trick": ["5-1", "5-3", "6-1"]})
    assert t.grade(1).code == "trumped" and t.grade(1).reasons == ("only-trump",)
    t = task("trick_winner", {"trump": "4", "leader": 0, "trick": ["6-5", "4-1", "4-3"]})
    assert t.grade(1).code == "lower-trump"
    t = task("trick_winner", {"trump": "none", "leader": 0, "trick": ["3-2", "5-3", "6-1"]})
    assert t.grade(0).code == "lower-in-suit"


def test_play_and_rank_feedback_codes() -> None:
    t = task("play", {"trump": "6", "leader": 0, "trick": ["5-4", "6-2"], "hands": {"2": "6-1 6-3 2-1"}}, goal="win")
    assert t.grade("6-1").code == "under-trump" and t.grade("2-1").code == "throw-off-cannot-win"
    d = task("play", {"trump": "2", "leader": 0, "trick": ["6-5", "6-4"], "hands": {"2": "6-6 6-1 3-1"}}, goal="duck")
    assert d.answer_json() == "6-1" and d.grade("6-6").code == "wins-the-trick" and d.grade("3-1").code == "must-follow"
    r = task("rank", {"trump": "none", "tiles": ["3-2", "5-3", "3-3", "6-3"]}, suit=3)
    assert r.grade(["3-3", "3-2", "5-3", "6-3"]).code == "two-suit-tile"
    assert r.grade(["6-3", "3-3", "5-3", "3-2"]).code == "double-on-top"
    with pytest.raises(AnswerError):
        r.grade(["3-3", "5-3"])


def test_a_question_without_a_unique_answer_is_refused() -> None:
    with pytest.raises(FieldError) as info:
        task("play", {"trump": "6", "leader": 0, "trick": ["5-4", "5-5"], "hands": {"2": "6-1 4-3 2-1"}}, goal="duck")
    assert info.value.field == "goal" and "2 legal tiles duck" in info.value.message
    with pytest.raises(FieldError):
        task("ending", {"trump": "6", "leader": 0, "show": [0, 1, 2],
                        "hands": {"0": "6-6 5-5 3-2", "1": "6-5 4-4 3-1", "2": "6-4 5-4 2-1"}}, need=2)


# -- scoring: the engine's numbers against docs/rules.md §7, written out independently ----------
def _rules_md_score(rules: RuleSet, bidder: int, bid: int, won: Sequence[int]) -> list[int]:
    teams = rules.teams()
    side_tricks = [sum(won[s] for s in team) for team in teams]
    bs = rules.side_of(bidder)
    made = side_tricks[bs] >= (7 if bid == 21 else bid)
    if rules.scoring == "marks":
        return [(1 if made else 0) if i == bs else (0 if made else 1) for i in range(len(teams))]
    return [(bid if made else -bid) if i == bs else side_tricks[i] for i in range(len(teams))]


def test_scoring_agrees_with_the_rule_book() -> None:
    rng = random.Random(5)
    for _ in range(400):
        rules = rng.choice([RuleSet(), RuleSet(players=4), RuleSet(scoring="marks"), RuleSet(moon_wins_game=False),
                            RuleSet(players=4, scoring="marks")])
        n = rules.players
        won = [0] * n
        for _ in range(7):
            won[rng.randrange(n)] += 1
        bidder = rng.randrange(n)
        bid = rng.choice(rules.bid_values)
        scores = [rng.randrange(-10, 21) for _ in rules.teams()]
        got = score_hand(rules, bidder, bid, won, scores)
        want = _rules_md_score(rules, bidder, bid, won)
        assert list(got.change) == want
        assert list(got.scores) == [a + b for a, b in zip(scores, want, strict=True)]
        top = max(got.scores)
        moon = bid == 21 and got.made and rules.moon_wins_game
        expect = rules.side_of(bidder) if moon else (
            got.scores.index(top) if top >= rules.target and got.scores.count(top) == 1 else None)
        assert got.winner == expect


# -- endings: the solver's unique answer against a brute-force search ------------------------------
def test_shipped_short_endings_agree_with_brute_force() -> None:
    from puzzles import load_puzzles

    checked = 0
    for p in load_puzzles():
        pos = p.position
        if p.kind != "ending" or len(pos.hand(pos.to_play or 0)) > 3:
            continue
        side = set(pos.side_of(pos.to_play or 0))
        hands = [list(pos.hand(s)) for s in range(pos.players)]
        tr = pos.trump
        assert tr is not None and pos.leader is not None
        values = reference_move_values(hands, tr, pos.leader, side, pos.trick)
        good = [t for t, v in values.items() if v >= p.task.p["need"]]
        assert good == [p.answer()], p.id
        checked += 1
    assert checked >= 10


def test_doc_example_of_the_checks_module() -> None:
    pos = Position.from_dict({"trump": "6", "leader": 0, "trick": ["5-1"], "hands": {"1": "6-5 5-3 2-1"}})
    t = make_task("legal_tiles", pos, {})
    assert t.answer_json() == ["5-3"]
    assert list(itertools.chain(parse_tiles("5-3"))) == list(t.answer())


def test_docs_describe_every_kind() -> None:
    from pathlib import Path

    from content import KINDS

    text = (Path(__file__).resolve().parent.parent / "docs" / "content.md").read_text(encoding="utf-8")
    for kind in KINDS:
        assert f"| `{kind}` |" in text, kind


@pytest.mark.parametrize("rules", [{}, {"players": 4}, {"keep_double_blank": False}])
@pytest.mark.parametrize("trump", ["6", "doubles", "none", "1"])
def test_count_and_pick_tiles_select_the_same_tiles_with_the_same_fields(rules: dict[str, object], trump: str) -> None:
    """Counting the tiles of a selection and picking them from every tile on offer (the whole
    double-six set when the question is which tiles are in the set, else the set in play) find
    the same tiles: one selector, one vocabulary (``of``, ``suit``) for both."""
    from content import KINDS

    assert KINDS["count"].params == KINDS["pick_tiles"].params
    ruleset = RuleSet.from_dict(rules)
    fields: list[dict[str, object]] = [{"of": "set"}, *({"of": "suit", "suit": s} for s in range(7))]
    if trump != "none":
        fields.append({"of": "trumps"})
    for f in fields:
        offer = RuleSet(players=4).tiles if f["of"] == "set" else ruleset.tiles
        counted = make_task("count", Position.from_dict({"trump": trump}, ruleset), f)
        picked = make_task("pick_tiles", Position.from_dict({"trump": trump, "tiles": [str(t) for t in offer]},
                                                            ruleset), f)
        assert counted.answer() == len(picked.answer()), f
        assert set(counted.members()) == set(picked.answer()), f


def test_check_modules_use_no_private_name_of_another_module() -> None:
    """What several modules share is public in one place (CONTRIBUTING: never reach into
    another module's private names): no ``from x import _name`` between our modules."""
    import ast
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    ours = ("content", "lessons", "puzzles", "notebook", "engine")
    found = []
    for package in ("content", "lessons", "puzzles", "notebook"):
        for path in sorted((root / package).rglob("*.py")):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[0] in ours:
                    found += [f"{path.relative_to(root)}: {node.module}.{a.name}"
                              for a in node.names if a.name.startswith("_")]
    assert found == []


def test_every_kind_declares_how_it_is_answered_in_one_place() -> None:
    """Each kind's class says how it is answered, its short title, its choice labels and its
    hint; the app and the generator read them from there."""
    from content import KINDS
    from puzzles.generate import HINTS
    from tutorial.services.items import TILE_KINDS, choice_label, kind_title, mode_of

    assert set(HINTS) == set(KINDS)
    for kind, cls in KINDS.items():
        assert cls.mode in ("one", "many", "order", "number", "numbers"), kind
        assert cls.short_title and cls.hint, kind
        assert mode_of(kind) == cls.mode and kind_title(kind) == cls.short_title, kind
        assert HINTS[kind] == cls.hint, kind
        assert (kind in TILE_KINDS) == cls.tile_choices, kind
        assert cls.__module__ == f"content.checks.{kind}", kind  # one module per kind
    assert choice_label("suit_led", "5") == "Fives" and choice_label("suit_led", "trump") == "Trumps"
    assert choice_label("game_winner", "1", players=4) == "Team 1 (Seats 1 & 3)"
    assert choice_label("bid", "bid 21") == "Bid 21 (moon)" and choice_label("trump_choice", "none") == "No trump"
    assert choice_label("legal_tiles", "6-4") == "6-4"


def test_score_feedback_says_the_changes_in_words() -> None:
    """A score's explanation ends with each side's change in words ("In all: Seat 0 +5,
    Seat 1 +1 and Seat 2 +1."), never a programmer's list ("[5, 1, 1]")."""
    s = task("score_hand", {"bidder": 0, "bid": 5, "tricks_won": [5, 1, 1]})
    assert s.explain().endswith("In all: Seat 0 +5, Seat 1 +1 and Seat 2 +1."), s.explain()
    four = task("score_hand", {"rules": {"players": 4}, "bidder": 1, "bid": 5, "tricks_won": [1, 3, 1, 2]})
    assert four.explain().endswith("In all: Team 0 +2 and Team 1 +5."), four.explain()
    from tutorial.services.items import course

    for lv in course().levels():
        if lv.kind == "score_hand":
            assert "[" not in lv.task.explain() and "In all: " in lv.task.explain(), (lv.id, lv.task.explain())
