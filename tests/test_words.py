"""One name per idea: each way of putting the game into words is written once, in the words
module of its layer (``engine/words.py`` for the engine and everything built on it,
``tutorial/services/describe.py`` for the app), and the sentences built from it read the same
wherever they are shown."""

from __future__ import annotations

import ast
import importlib.util
from pathlib import Path

import pytest

from engine import Action
from engine.review import DecisionReview
from engine.trump import Trump
from engine.words import action_phrase, chance_adverb, chance_words
from tutorial.services.describe import describe_action, move_label

ROOT = Path(__file__).resolve().parent.parent

#: Each word helper and the one module that defines it.
HOME = {
    "chance_words": "engine/words.py",
    "chance_adverb": "engine/words.py",
    "trump_phrase": "engine/words.py",
    "trump_sentence": "engine/words.py",
    "as_trump": "engine/words.py",
    "action_phrase": "engine/words.py",
    "tricks_needed": "engine/contract.py",
    "seat_name": "tutorial/services/describe.py",
    "move_label": "tutorial/services/describe.py",
    "describe_action": "tutorial/services/describe.py",
}


def _definitions() -> dict[str, list[str]]:
    """Where each name of :data:`HOME` is defined (a function or method), over every package
    of the project (a top-level folder with an ``__init__.py``, tests left out)."""
    found: dict[str, list[str]] = {name: [] for name in HOME}
    for pkg in sorted(p.parent for p in ROOT.glob("*/__init__.py")):
        if pkg.name == "tests":
            continue
        for path in sorted(pkg.rglob("*.py")):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.name in found:
                    found[node.name].append(path.relative_to(ROOT).as_posix())
    return found


def test_each_word_helper_is_defined_once_in_its_words_module() -> None:
    found = _definitions()
    assert {name: where for name, where in found.items() if where != [HOME[name]]} == {}


def test_engine_ai_the_old_name_is_gone() -> None:
    assert importlib.util.find_spec("engine.ai") is None


def test_a_chance_reads_the_same_in_a_reason_and_in_a_review() -> None:
    """Both forms of a chance come from one table: the adjective a review says ("was as
    likely as not to make") is the adverb a reason says ("makes five tricks about as likely
    as not"), band for band."""
    for pct in range(101):
        p = pct / 100
        assert chance_adverb(p).removeprefix("about ").replace("surely", "sure") == chance_words(p), p
    review = DecisionReview(1, 0, "trump", Action.parse("trump 2"), Action.parse("trump 3"), 0.45, 0.62,
                            Trump.parse("3"), 17.0, None, "mistake")
    assert "goes from likely to as likely as not (62% with the strong player's choice, 45% with yours)" in review.describe()


@pytest.mark.parametrize(
    ("action", "you", "me", "them", "label"),
    [
        ("pass", "You pass", "passed", "Seat 1 passes", "pass"),
        ("bid 5", "You bid 5", "bid 5", "Seat 1 bids 5", "bid 5"),
        ("bid 21", "You shoot the moon (bid 21)", "shot the moon", "Seat 1 shoots the moon (bid 21)", "bid 21 (moon)"),
        ("trump 6", "You name sixes trump", "named sixes trump", "Seat 1 names sixes trump", "sixes"),
        ("trump none", "You name no trump", "named no trump", "Seat 1 names no trump", "no trump"),
        ("play 6-4", "You play 6-4", "played 6-4", "Seat 1 plays 6-4", "6-4"),
    ],
)
def test_an_action_in_words_at_the_table_in_the_review_and_as_a_label(
    action: str, you: str, me: str, them: str, label: str
) -> None:
    a = Action.parse(action)
    assert describe_action(0, a, you=0, players=3) == you
    assert describe_action(1, a, you=0, players=3) == them
    assert action_phrase(a, "past") == me
    assert move_label(a) == label


def test_a_hidden_discard_stays_hidden() -> None:
    a = Action.parse("discard 3-1")
    assert describe_action(1, a, you=0, players=3) == "Seat 1 discards a tile face down"
    assert describe_action(0, a, you=0, players=3) == "You discard 3-1"
    assert describe_action(1, a, you=0, players=3, show_discard=True) == "Seat 1 discards 3-1"
