"""The strong player's decisions over fixed seeded hands, for the regression test
``tests/test_strong_golden.py``: every action (bid, trump, discard, play) of hands played
with the strong player in every seat, three and four players, with the numbers behind each
choice (every candidate's chance, tricks, game chance and score, and the deals they come from).

Regenerate the golden file ``tests/golden/strong_decisions.json`` only when a change of the
strong player's decisions is meant (say why in the commit)::

    .venv/bin/python tests/strong_golden.py --write
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from engine import Game, RuleSet
from engine.players import make_bot

#: The golden file the test compares against.
GOLDEN = Path(__file__).parent / "golden" / "strong_decisions.json"

#: (name, rules, deal seeds, hands per game): each game plays that many hands from its deal seed.
CASES: tuple[tuple[str, dict[str, Any], tuple[int, ...], int], ...] = (
    ("3p", {"players": 3}, (1, 2, 3, 4), 2),
    ("3p-trump-first", {"players": 3, "trump_before_widow": True}, (5, 6), 1),
    ("3p-force-last", {"players": 3, "all_pass": "force-last"}, (7, 8), 1),
    ("4p", {"players": 4}, (1, 2, 3, 4), 2),
    ("4p-force-last", {"players": 4, "all_pass": "force-last"}, (5, 6), 1),
)


def _num(x: float | None) -> float | None:
    return None if x is None else round(x, 6)


def play(rules: dict[str, Any], seed: int, hands: int) -> list[list[Any]]:
    """Every decision of ``hands`` hands of one game, strong players in every seat."""
    rs = RuleSet(**rules)
    game = Game.new(rs, seed=seed)
    bots = {s: make_bot("strong", seed=seed * 16 + s) for s in range(rs.players)}
    out: list[list[Any]] = []
    for h in range(hands):
        while not game.hand_finished:
            seat = game.to_act
            assert seat is not None
            d = bots[seat].decide(game.view(seat))
            # The chance each candidate was weighed by: a bid's rated chance where it counts
            # some deals in part, else the plain chance.
            cands = [
                [str(c.action), _num(c.goal_chance if c.rated_chance is None else c.rated_chance), _num(c.tricks),
                 _num(c.game_chance), _num(c.score), c.layouts]
                for c in d.explanation.candidates
            ]
            out.append([game.phase, seat, str(d.action), d.explanation.layouts, cands])
            game.apply(d.action)
        if game.phase == "game_over" or h + 1 == hands:
            break
        game.next_hand()
    return out


def record() -> dict[str, list[list[Any]]]:
    """The decisions of every case, keyed ``"<case>/<seed>"``."""
    return {f"{name}/{seed}": play(rules, seed, hands) for name, rules, seeds, hands in CASES for seed in seeds}


if __name__ == "__main__":
    got = record()
    if "--write" in sys.argv[1:]:
        GOLDEN.write_text(json.dumps(got, indent=0) + "\n")
        print(f"wrote {GOLDEN} ({sum(len(v) for v in got.values())} decisions)")
    else:
        print(json.dumps(got)[:2000])
