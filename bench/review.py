"""Time of a hand review (what the Play page's Hand review tab waits for).

    python -m bench.review [--hands N] [--players 3 4] [--seed S]

Plays N hands with basic computer players on every seat (they leave plays to grade, so the
review's checks run), then times :func:`engine.review.review_hand` of each hand as the app
asks it (every play; the bid, discard and trump of seat 0) and prints seconds: median, p90
and max, with the graded plays per hand.
"""

from __future__ import annotations

import argparse
import statistics
import time

from engine import Game, RuleSet
from engine.players import make_bot
from engine.review import review_hand


def played_hands(players: int, hands: int, seed: int) -> list[Game]:
    """``hands`` hands that were bid and played (thrown-in deals skipped), by basic players."""
    out: list[Game] = []
    deal = seed
    while len(out) < hands:
        g = Game.new(RuleSet(players=players), deal)
        bots = [make_bot("basic", seed=s) for s in range(players)]
        while not g.hand_finished:
            seat = g.to_act
            assert seat is not None
            g.apply(bots[seat].decide(g.view(seat)).action)
        if not g.results[-1].thrown_in:
            out.append(g)
        deal += 1
    return out


def summarise(times: list[float]) -> tuple[float, float, float]:
    """Median, p90 and max of the times (seconds)."""
    times = sorted(times)
    p90 = statistics.quantiles(times, n=10, method="inclusive")[-1] if len(times) > 1 else times[0]
    return statistics.median(times), p90, times[-1]


def main(argv: list[str] | None = None) -> None:
    """Print the benchmark table."""
    p = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    p.add_argument("--hands", type=int, default=8)
    p.add_argument("--players", type=int, nargs="+", default=[3, 4])
    p.add_argument("--seed", type=int, default=1)
    args = p.parse_args(argv)
    print(f"hand review, {args.hands} hands of basic players each (seconds)")
    print(f"{'players':>8} {'median':>8} {'p90':>8} {'max':>8} {'graded':>8}")
    for players in args.players:
        times, graded = [], 0
        for g in played_hands(players, args.hands, args.seed):
            t0 = time.perf_counter()
            r = review_hand(g, contract_seats=[0])
            times.append(time.perf_counter() - t0)
            graded += len(r.graded())
        med, p90, top = summarise(times)
        print(f"{players:>8} {med:>8.2f} {p90:>8.2f} {top:>8.2f} {graded / len(times):>8.1f}")


if __name__ == "__main__":
    main()
