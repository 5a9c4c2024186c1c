"""The arena's ceiling player (:mod:`bench.oracle`): it sees every tile, so every contract it
bids is one it is sure to make, whatever the defence."""

from __future__ import annotations

import pytest

from bench.arena import play_game
from bench.oracle import OracleBot
from engine import Game, RuleSet
from engine.contract import side_seats, tricks_needed
from engine.players import make_bot


@pytest.mark.parametrize(("players", "levels"), [(3, ["oracle", "basic", "basic"]), (4, ["oracle", "basic"])])
def test_the_oracle_makes_every_contract_it_bids(players: int, levels: list[str]) -> None:
    for seed in (1, 2):
        res = play_game(levels, players, seed, rotation=seed % 2)
        st = res["stats"][0]
        assert st["bids"] > 0
        assert st["made"] == st["bids"]
        assert st["took"] >= st["bid_tricks"]


def test_the_oracle_bids_what_open_hands_play_guarantees_and_only_legal_actions() -> None:
    rules = RuleSet()
    bid = 0
    for seed in range(6):
        g = Game.new(rules, seed=seed)
        oracle = OracleBot()
        basic = {s: make_bot("basic", seed=s) for s in range(3)}
        while not g.hand_finished:
            seat = g.to_act
            assert seat is not None
            if seat == 0:
                a = oracle.decide_game(g)
                assert a in g.legal_actions()
            else:
                a = basic[seat].decide(g.view(seat)).action
            g.apply(a)
        res = g.results[-1]
        if res.bidder == 0:
            assert res.bid is not None
            took = sum(g.tricks_won[s] for s in side_seats(rules, 0))
            assert took >= tricks_needed(res.bid)
            bid += 1
    assert bid >= 2
