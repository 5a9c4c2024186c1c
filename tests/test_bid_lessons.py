"""The bid questions (lessons and puzzles) judge a learner's bid by the bar of the position's
own rules: 50% to make with three players, 65% with four (``StrongSettings.threshold``)."""

from __future__ import annotations

import functools
import tomllib
from typing import Any

import pytest

from content.checks import BID_TOLERANCE
from content.checks.bid import RATED
from engine import Action
from engine.players import make_bot
from engine.words import percent
from lessons import loader as lesson_loader
from puzzles import loader as puzzle_loader


def _bid_ids() -> list[str]:
    """The ids of the bid questions, read from the data files alone (cheap: the items are
    loaded, and their answers computed, only when a test here runs)."""
    ids = []
    for data, table in ((lesson_loader.DATA_DIR, "level"), (puzzle_loader.DATA_DIR, "puzzle")):
        for path in sorted(data.glob("*.toml")):
            entries = tomllib.loads(path.read_text(encoding="utf-8")).get(table, [])
            ids += [e["id"] for e in entries if e.get("kind") == "bid"]
    return ids


@functools.cache
def _items() -> dict[str, Any]:
    """Every bid question of the course and the puzzles, by id, loaded once."""
    items = [*(lv for lv in lesson_loader.load_course().levels() if lv.kind == "bid"),
             *(p for p in puzzle_loader.load_puzzles() if p.kind == "bid")]
    return {it.id: it for it in items}


def test_the_data_files_list_every_bid_question_and_both_player_counts() -> None:
    assert sorted(_bid_ids()) == sorted(_items())
    assert {it.rules.players for it in _items().values()} == {3, 4}


@pytest.mark.parametrize("item_id", _bid_ids())
def test_a_bid_question_uses_the_bar_of_its_own_rules(item_id: str) -> None:
    item = _items()[item_id]
    task = item.task
    want = make_bot("strong", seed=0).threshold(item.rules)
    assert want == (0.65 if item.rules.players == 4 else 0.5)
    assert task.threshold() == want
    answer = item.answer()
    accepted = task.accepted()
    assert answer in accepted
    for choice in item.choices():
        if not choice.startswith("bid ") or choice == "bid 21" or choice not in task.legal:
            continue
        p = task.chance(int(choice.split()[1]))
        if choice in accepted and choice != answer:
            # Accepted beside the strong player's own answer: close enough to the bar.
            assert p is not None and p >= want - BID_TOLERANCE - 1e-9, (choice, p, want)
        if choice not in accepted:
            fb = item.grade(choice)
            assert not fb.correct
            if fb.code == "overbid":
                # Too risky: the feedback names the chance and the bar of these rules.
                assert p is not None and p < want - BID_TOLERANCE
                assert f"at only {percent(p)}" in fb.text
                assert f"worth making from about {percent(want)}" in fb.text
                assert ("with four players" in fb.text) == (item.rules.players == 4)
            if fb.code in ("overbid", "moon-too-risky"):
                # A rating is never called a chance: the note says so exactly when it is one.
                rated = task.candidate(Action("bid", int(choice.split()[1]))).rated_chance is not None
                assert (RATED in fb.text) == rated, (choice, fb.text)
                assert "puts its chance" not in fb.text


def test_a_four_player_bid_well_under_the_bar_is_too_risky() -> None:
    """bid-13003 (four players): the strong player bids 5; a bid of 7, which it makes in
    about a fifth of its deals, is too risky at the four-player bar, and the feedback names
    that bar."""
    item = _items()["bid-13003"]
    p7 = item.task.chance(7)
    assert p7 is not None and p7 < 0.65 - BID_TOLERANCE
    fb = item.grade("bid 7")
    assert not fb.correct and fb.code == "overbid"
    assert "worth making from about 65% with four players" in fb.text
