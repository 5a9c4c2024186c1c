"""The plain sampler the strong player is held to (:mod:`bench.pimc`)."""

from __future__ import annotations

import pytest

from bench.ai import make_bot as ai_bot
from bench.pimc import PimcBot
from engine import Game, RuleSet
from engine.players import make_bot
from engine.players.analysis import analyse_play
from engine.sampling import Constraints
from engine.solver import Solver
from engine.tiles import Tile


@pytest.mark.parametrize("players", [3, 4])
def test_it_plays_whole_hands_legally(players: int) -> None:
    rules = RuleSet(players=players)
    for seed in range(3):
        g = Game.new(rules, seed=seed)
        bots = [PimcBot(seed=seed * 8 + s, layouts=12) for s in range(players)]
        while not g.hand_finished:
            seat = g.to_act
            assert seat is not None
            d = bots[seat].decide(g.view(seat))
            assert d.action in g.legal_actions()
            g.apply(d.action)


def test_with_every_layout_it_plays_the_most_tricks_on_average() -> None:
    rules = RuleSet()
    checked = 0
    for seed in range(40):
        g = Game.new(rules, seed=seed)
        walkers = [make_bot("basic", seed=s) for s in range(3)]
        while not g.hand_finished and checked < 10:
            seat = g.to_act
            assert seat is not None
            view = g.view(seat)
            if view.phase == "playing" and len(view.legal_actions()) > 1 and len(view.tricks) >= 4:
                assert view.trump is not None
                lays = list(Constraints.from_view(view).enumerate())
                an = analyse_play(view, lays, Solver(view.trump, 3), len(lays), True)
                chosen = PimcBot(seed=seed, layouts=len(lays)).decide(view).action.value
                assert isinstance(chosen, Tile)
                assert an.tricks[chosen] == pytest.approx(max(an.tricks.values()))
                checked += 1
            g.apply(walkers[seat].decide(view).action)
    assert checked >= 10


def test_bench_levels_name_it_with_its_layouts() -> None:
    bot = ai_bot("pimc:layouts=30", seed=1)
    assert isinstance(bot, PimcBot) and bot.layouts == 30
    with pytest.raises(ValueError, match="at least 1"):
        PimcBot(layouts=0)
    with pytest.raises(ValueError, match="reads the whole deal"):
        ai_bot("oracle")
