"""Random-play throughput of the rules engine.

    python -m bench.engine [--hands N] [--runs R] [--seed S]

Plays N random hands (random legal action at every step, from the deal to the score) for
3 and 4 players, R times each, and prints hands per second: median, p90 (the slow end:
the 10th percentile of throughput) and max over the runs.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from engine import Game, RuleSet


def play_random_hands(rules: RuleSet, hands: int, seed: int) -> int:
    """Play ``hands`` hands with random legal actions; returns the number of actions taken."""
    rng = random.Random(seed)
    actions = 0
    game = Game.new(rules, seed=seed)
    for _ in range(hands):
        while game.phase not in ("hand_over", "game_over"):
            game.apply(rng.choice(game.legal_actions()))
            actions += 1
        if game.phase == "game_over":
            seed += 1
            game = Game.new(rules, seed=seed)
        else:
            game.next_hand()
    return actions


def measure(rules: RuleSet, hands: int, runs: int, seed: int) -> list[float]:
    """Hands per second of each run."""
    rates = []
    for r in range(runs):
        t0 = time.perf_counter()
        play_random_hands(rules, hands, seed + 1000 * r)
        rates.append(hands / (time.perf_counter() - t0))
    return rates


def main(argv: list[str] | None = None) -> None:
    """Print the benchmark table."""
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--hands", type=int, default=2000)
    p.add_argument("--runs", type=int, default=7)
    p.add_argument("--seed", type=int, default=1)
    args = p.parse_args(argv)
    print(f"random play, {args.hands} hands per run, {args.runs} runs")
    print(f"{'players':>8} {'median hands/s':>15} {'p90 (slow) hands/s':>19} {'best hands/s':>13}")
    for players in (3, 4):
        rates = sorted(measure(RuleSet(players=players), args.hands, args.runs, args.seed))
        slow = rates[max(0, int(len(rates) * 0.1) - 0)] if len(rates) < 10 else rates[len(rates) // 10]
        print(f"{players:>8} {statistics.median(rates):>15.0f} {slow:>19.0f} {rates[-1]:>13.0f}")


if __name__ == "__main__":
    main()
