"""How long the bots take to decide, and how far the strong bidder falls from the open-hands value.

    python -m bench.ai [--hands N] [--seed S] [--clock cpu|wall]
        decision time (median, p90, max) per level, players and phase, over N hands played
        by bots of that level in every seat (CPU seconds by default, which a busy shared
        machine does not inflate; --clock wall for elapsed time).

    python -m bench.ai --gap --hands 500 [--seed S] [--out FILE] [--merge FILE ...]
        the information limit: hands played by three strong bots; for each hand with a
        bidder, the open-hands value of the deal once its bid, discard and trump are made
        (every hand visible, the bidder against the other two) minus the tricks the bidder
        really took. Prints the mean shortfall per hand with a 95% interval.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import time
from collections.abc import Iterable
from typing import Any

from engine import Game, RuleSet
from engine.ai import make_bot
from engine.solver import Solver, mask_of


def _q(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))]


def time_decisions(
    level: str, players: int, hands: int, seed: int, clock: str = "cpu"
) -> dict[str, list[float]]:
    """Seconds per decision, by phase, over ``hands`` hands with ``level`` bots in every seat.
    ``clock="cpu"`` counts this process's CPU time (steady on a shared machine), ``"wall"``
    the elapsed time."""
    rules = RuleSet(players=players)
    bots = [make_bot(level, seed=seed + s) for s in range(players)]
    tick = time.process_time if clock == "cpu" else time.perf_counter
    out: dict[str, list[float]] = {}
    done = 0
    s = seed
    while done < hands:
        g = Game.new(rules, seed=s)
        s += 1
        while not g.hand_finished:
            seat = g.to_act
            assert seat is not None
            view = g.view(seat)
            t0 = tick()
            d = bots[seat].decide(view)
            out.setdefault(view.phase, []).append(tick() - t0)
            g.apply(d.action)
        done += 1
    return out


def timing_table(
    hands: int, seed: int, levels: Iterable[str] = ("basic", "strong"), clock: str = "cpu"
) -> str:
    """The decision-time table."""
    lines = [
        f"decision time ({clock} seconds) over {hands} hands per row (every seat played by the level)",
        f"{'level':<8} {'players':>7} {'phase':<9} {'decisions':>9} {'median s':>9} {'p90 s':>8} {'max s':>8}",
    ]
    for level in levels:
        for players in (3, 4):
            times = time_decisions(level, players, hands, seed, clock)
            for phase in ("bidding", "discard", "trump", "playing"):
                xs = times.get(phase)
                if not xs:
                    continue
                lines.append(
                    f"{level:<8} {players:>7} {phase:<9} {len(xs):>9} {statistics.median(xs):>9.4f} "
                    f"{_q(xs, 0.9):>8.4f} {max(xs):>8.4f}"
                )
    return "\n".join(lines)


def gap_hand(seed: int) -> dict[str, Any] | None:
    """Play hand 1 of deal ``seed`` with three strong bots; ``None`` if everyone passed."""
    rules = RuleSet()
    g = Game.new(rules, seed=seed)
    bots = [make_bot("strong", seed=seed * 8 + s) for s in range(3)]
    open_value: int | None = None
    while not g.hand_finished:
        if g.phase == "playing" and open_value is None:
            assert g.bidder is not None and g.trump is not None
            solver = Solver(g.trump, 3)
            open_value = solver.solve_masks([mask_of(h) for h in g.hands], g.bidder, 1 << g.bidder)
        seat = g.to_act
        assert seat is not None
        g.apply(bots[seat].decide(g.view(seat)).action)
    res = g.results[-1]
    if res.bidder is None or open_value is None:
        return None
    took = g.tricks_won[res.bidder]
    return {
        "seed": seed,
        "bidder": res.bidder,
        "bid": res.bid,
        "trump": str(res.trump),
        "open": open_value,
        "took": took,
        "gap": open_value - took,
        "made": bool(res.made),
    }


def gap_table(rows: list[dict[str, Any]]) -> str:
    """The information-limit summary of ``rows`` from :func:`gap_hand`."""
    n = len(rows)
    if not n:
        return "no hands"
    gaps = [r["gap"] for r in rows]
    mean = sum(gaps) / n
    sd = statistics.pstdev(gaps) if n > 1 else 0.0
    half = 1.96 * sd / math.sqrt(n)
    made = sum(r["made"] for r in rows)
    short = sum(1 for g in gaps if g > 0)
    over = sum(1 for g in gaps if g < 0)
    return "\n".join(
        [
            f"{n} hands with a strong bidder against two strong defenders (3 players)",
            f"open-hands value after bid, discard and trump: {sum(r['open'] for r in rows) / n:.3f} tricks per hand",
            f"tricks the bidder took:                        {sum(r['took'] for r in rows) / n:.3f} tricks per hand",
            f"shortfall: {mean:.3f} tricks per hand (95% interval {mean - half:.3f} to {mean + half:.3f}); "
            f"short in {short} hands, above the open value in {over}",
            f"bids made: {made}/{n} ({made / n:.0%})",
        ]
    )


def main(argv: list[str] | None = None) -> None:
    """Run the benchmark (see the module docstring)."""
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--hands", type=int, default=20)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--gap", action="store_true", help="measure the strong bidder against the open-hands value")
    p.add_argument("--out", help="with --gap: append one JSON line per hand to this file")
    p.add_argument("--merge", nargs="+", help="with --gap: print the summary of these JSON-lines files")
    p.add_argument("--levels", default="basic,strong", help="levels to time (comma-separated)")
    p.add_argument("--clock", choices=("cpu", "wall"), default="cpu", help="CPU time (default) or elapsed time")
    args = p.parse_args(argv)
    if args.merge:
        rows = []
        for path in args.merge:
            with open(path) as f:
                rows += [json.loads(line) for line in f if line.strip()]
        print(gap_table(rows))
        return
    if not args.gap:
        print(timing_table(args.hands, args.seed, args.levels.split(","), args.clock))
        return
    rows = []
    seed = args.seed
    out = open(args.out, "a") if args.out else None
    try:
        while len(rows) < args.hands:
            row = gap_hand(seed)
            seed += 1
            if row is None:
                continue
            rows.append(row)
            if out:
                out.write(json.dumps(row) + "\n")
                out.flush()
    finally:
        if out:
            out.close()
    print(gap_table(rows))


if __name__ == "__main__":
    main()
