"""The points one side scores in a hand, with their chances: the table the strong player's
race model of the game is built on (:data:`engine.players.odds.HAND_POINTS`).

    python -m bench.handpoints --players 3 --hands 3000 [--level basic]

Plays whole games of one bot level (basic by default, as :data:`HAND_POINTS` was measured)
from deal 1 on, until at least ``--hands`` hands are done, and prints each side's change of
score in every hand as a share of all (a hand thrown in counts 0; a made 21 that won the
game is counted as ``moon``).
"""

from __future__ import annotations

import argparse
from collections import Counter

from bench.legacy_strong import bench_bot as make_bot
from engine import Game, RuleSet


def hand_points(players: int, hands: int, level: str = "basic") -> tuple[int, dict[int | str, float]]:
    """Play games of ``level`` bots until ``hands`` hands are done; return the hands played
    and the share of each side's score change (``"moon"``: a made 21 that won the game)."""
    rules = RuleSet(players=players)
    count: Counter[int | str] = Counter()
    played = seed = 0
    while played < hands:
        seed += 1
        game = Game.new(rules, seed=seed)
        bots = {s: make_bot(level, seed=seed * 16 + s) for s in range(players)}
        while True:
            while not game.hand_finished:
                seat = game.to_act
                assert seat is not None
                game.apply(bots[seat].decide(game.view(seat)).action)
            res = game.results[-1]
            played += 1
            for side, change in enumerate(res.change):
                moon = res.moon_won_game and res.bidder is not None and rules.side_of(res.bidder) == side
                count["moon" if moon else change] += 1
            if game.phase == "game_over":
                break
            game.next_hand()
    total = sum(count.values())
    return played, {k: v / total for k, v in count.items()}


def main(argv: list[str] | None = None) -> None:
    """Print the table (see the module docstring)."""
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--players", type=int, choices=(3, 4), default=3)
    p.add_argument("--hands", type=int, default=3000)
    p.add_argument("--level", default="basic")
    args = p.parse_args(argv)
    played, shares = hand_points(args.players, args.hands, args.level)
    print(f"{played} hands, {args.players} players, {args.level} bots: points a side scores in a hand")
    for k in sorted(shares, key=lambda k: (isinstance(k, str), k)):
        print(f"{k!s:>6} {shares[k]:.4f}")


if __name__ == "__main__":
    main()
