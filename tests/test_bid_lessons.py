"""The bid questions (lessons and puzzles) judge a learner's bid by the bar of the position's
own rules: 50% to make with three players, 65% with four (``StrongSettings.threshold``)."""

from __future__ import annotations

from typing import Any

import pytest

from engine.ai import make_bot
from engine.words import percent
from lessons.checks import BID_TOLERANCE
from lessons.loader import load_course
from puzzles.loader import load_puzzles


def _bid_items() -> list[Any]:
    return [*(lv for lv in load_course().levels() if lv.kind == "bid"),
            *(p for p in load_puzzles() if p.kind == "bid")]


ITEMS = _bid_items()


def test_there_are_bid_questions_for_three_and_four_players() -> None:
    assert {it.rules.players for it in ITEMS} == {3, 4}


@pytest.mark.parametrize("item", ITEMS, ids=lambda it: it.id)
def test_a_bid_question_uses_the_bar_of_its_own_rules(item: Any) -> None:
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


def test_a_four_player_bid_well_under_the_bar_is_too_risky() -> None:
    """bid-13003 (four players): the strong player bids 4; a bid of 6, which it makes in
    under half its deals, is too risky at the four-player bar (it was accepted at 50%)."""
    item = next(it for it in ITEMS if it.id == "bid-13003")
    p6 = item.task.chance(6)
    assert p6 is not None and p6 < 0.65 - BID_TOLERANCE
    fb = item.grade("bid 6")
    assert not fb.correct and fb.code == "overbid"
    assert "worth making from about 65% with four players" in fb.text
