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
        while not game.hand_finished:
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


def summarise(rates: list[float]) -> tuple[float, float, float]:
    """Median, p90 and best of per-run throughputs. Throughput is better when higher, so the
    p90 figure is the rate that 90% of runs reached (the 10th percentile of the rates)."""
    rates = sorted(rates)
    p90 = statistics.quantiles(rates, n=10, method="inclusive")[0] if len(rates) > 1 else rates[0]
    return statistics.median(rates), p90, rates[-1]


def main(argv: list[str] | None = None) -> None:
    """Print the benchmark table."""
    p = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    p.add_argument("--hands", type=int, default=2000)
    p.add_argument("--runs", type=int, default=7)
    p.add_argument("--seed", type=int, default=1)
    args = p.parse_args(argv)
    print(f"random play, {args.hands} hands per run, {args.runs} runs (hands per second)")
    print(f"{'players':>8} {'median':>10} {'p90':>10} {'best':>10}")
    for players in (3, 4):
        med, p90, best = summarise(measure(RuleSet(players=players), args.hands, args.runs, args.seed))
        print(f"{players:>8} {med:>10.0f} {p90:>10.0f} {best:>10.0f}")


if __name__ == "__main__":
    main()
