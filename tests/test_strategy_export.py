"""The export rows of Play better positions (`python -m puzzles export`) carry everything an
outside program needs: each row's answer is re-derived here from the row alone (the rules, the
deal, the auction, the discard, trump, every trick with who played which tile, the trick in
progress), replayed with the engine and solved over the layouts again."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest

from engine import Game, RuleSet
from engine.strategy import fair_answer
from puzzles.__main__ import export_rows

ROWS = [r for r in export_rows() if r["kind"] == "strategy"]


def game_from_row(row: Mapping[str, Any]) -> Game:
    """The hand up to the decision, from the row's deal, auction, discard, trump and plays."""
    rules = RuleSet.from_dict(row["rules"])
    g = Game.from_deal(rules, row["deal"]["hands"], row["deal"]["widow"], row["first_bidder"], seed=0)
    for _seat, bid in row["bids"]:
        g.apply("pass" if bid == 0 else f"bid {bid}")
    while g.phase in ("discard", "trump"):
        g.apply(f"discard {row['discard']}" if g.phase == "discard" else f"trump {row['trump']}")
    plays = [p for t in row["tricks_played"] for p in t["plays"]] + row["trick_in_progress"]["plays"]
    for seat, tile in plays:
        assert g.to_act == seat
        g.apply(f"play {tile}")
    for done, t in zip(g.tricks, row["tricks_played"], strict=True):
        assert (done.leader, done.winner) == (t["leader"], t["winner"])
    return g


def test_there_are_strategy_rows_with_three_and_four_players() -> None:
    assert len(ROWS) >= 24
    assert {r["rules"]["players"] for r in ROWS} == {3, 4}


@pytest.mark.parametrize("row", ROWS, ids=[r["id"] for r in ROWS])
def test_each_exported_answer_is_rederived_from_the_row_alone(row: dict[str, Any]) -> None:
    g = game_from_row(row)
    seat = row["seat"]
    assert g.to_act == seat == row["to_play"]
    view = g.view(seat)
    assert sorted(map(str, view.hand)) == sorted(row["hands"][seat])
    basis = row["fair_answer"]
    fa = fair_answer(view, samples=basis["layouts"], seed=basis["sample_seed"])
    assert fa.exhaustive == basis["every_layout"] and fa.layouts == basis["layouts"]
    assert fa.total_layouts == basis["agreeing_layouts"]
    assert list(fa.side) == basis["side"] and fa.need == basis["need"] and fa.goal == basis["goal"]
    assert {str(t): round(v, 4) for t, v in fa.tricks.items()} == basis["tricks"]
    assert {str(t): round(v, 2) for t, v in fa.chance.items()} == basis["chance"]
    assert row["accepted"] == [str(fa.best)] == [row["answer"]]
    assert fa.clear_best()
    assert row["principle"] == row["params"]["principle"] == row["stage"].removeprefix("pb-")
