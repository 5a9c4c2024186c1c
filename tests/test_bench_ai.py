"""The open-hands loss benchmark (``python -m bench.ai --dd-loss``) and its information limit."""

from __future__ import annotations

from bench.ai import dd_losses, dd_table, limit_loss
from engine import Game, RuleSet
from engine.contract import goal_of
from engine.players import make_bot
from engine.sampling import Constraints
from engine.solver import Solver, mask_of


def test_with_every_tile_known_the_play_best_in_expectation_loses_nothing() -> None:
    # Hands played by basic players; at each decision with more than one legal play where the
    # view leaves a single layout of the unseen tiles, the play best in expectation is the
    # play best with every tile known.
    rules = RuleSet(players=3)
    seen = 0
    for seed in range(1, 30):
        g = Game.new(rules, seed=seed)
        bots = [make_bot("basic", seed=seed * 8 + s) for s in range(3)]
        while not g.hand_finished:
            seat = g.to_act
            assert seat is not None
            view = g.view(seat)
            if view.phase == "playing" and len(view.legal_actions()) > 1 and Constraints.from_view(view).count() == 1:
                assert g.trump is not None and g.bidder is not None and g.bid is not None and g.leader is not None
                side = sum(1 << x for x in goal_of(rules, seat, g.bidder, g.bid).seats)
                trick = [t.index for t in g.current_trick]
                vals = Solver(g.trump, 3).move_values_masks([mask_of(h) for h in g.hands], g.leader, side, trick)
                assert limit_loss(view, vals, 10, seed) == 0
                seen += 1
            g.apply(bots[seat].decide(view).action)
    assert seen >= 5


def test_the_limit_is_checked_on_every_decision_with_a_loss_and_the_table_says_how_many() -> None:
    rows = dd_losses("basic", 3, 150, seed=1, limit=40)
    lossy = [r for r in rows if r["loss"] > 0]
    assert lossy, "basic players give up a trick somewhere in 150 decisions"
    assert all("limit_loss" in r for r in lossy)
    assert not any("limit_loss" in r for r in rows if r["loss"] == 0)
    assert all(0 <= r["limit_loss"] <= 7 for r in lossy)
    table = dd_table({("basic", 3): rows})
    assert f"of {len(lossy)} decisions with a loss lose with the play best in expectation too" in table
