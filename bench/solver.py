"""Speed of the exact open-hands solver, and what each of its techniques is worth.

    python -m bench.solver [--deals N] [--seed S] [--repeat R] [--table-deals M] [--no-table]

Solves N seeded whole deals from the opening lead for 3 players (21 tiles in hand) and for
4 players (28 tiles): deal number ``seed`` for seed = S, S+1, ... is
``engine.deal.deal_hands(RuleSet(players=p).tiles, p, seed, 1)``, the trump cycles through
the nine (0..6, doubles, none), the leader is ``seed % p`` and the side is the leader
alone (3 players: the bidder) or the leader's team (4 players). Each deal is timed R times
with empty solver caches and the fastest time kept (the machine may be shared;
``--clock cpu`` times this process's CPU time instead of the wall clock); the
table prints median / p90 / max milliseconds per deal through the public
``engine.solver.solve``, and the search nodes (tiles tried), which do not depend on the
machine.

Then, unless ``--no-table``, the effect of each technique: the same measure over M deals
per case through a :class:`engine.solver.Solver` with everything on and with one technique
off at a time (or another way to probe the value), the configurations interleaved deal by
deal; ``time x`` and ``nodes x`` are the total time and nodes over the deals relative to
everything on.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from engine import ALL_TRUMPS, RuleSet, Tile, Trump
from engine.deal import deal_hands
from engine.solver import Solver, clear_caches, mask_of, solve

#: (label, Solver keyword arguments) for the technique table.
CONFIGS: tuple[tuple[str, dict[str, object]], ...] = (
    ("everything on", {}),
    ("no transposition table", {"tt": False}),
    ("table not kept between probes", {"keep_tt": False}),
    ("no quick bounds", {"quick": False}),
    ("no static move ordering", {"order": False}),
    ("no killer / best-move memory", {"killers": False}),
    ("no equivalent-tile pruning", {"equiv": False}),
    ("binary search on k, not a guess", {"probe": "binary"}),
    ("k = 1, 2, ... upward, not a guess", {"probe": "upward"}),
)

#: The speed goals, ms: (median, p90) per number of players.
GOALS = {3: (3.0, 15.0), 4: (40.0, 150.0)}


@dataclass(frozen=True)
class Deal:
    """One benchmark position: a whole deal from the opening lead."""

    seed: int
    players: int
    hands: tuple[tuple[Tile, ...], ...]
    trump: Trump
    leader: int
    side: frozenset[int]

    @property
    def side_mask(self) -> int:
        """The side as a seat bitmask."""
        return sum(1 << s for s in self.side)


def deals(players: int, count: int, seed: int) -> list[Deal]:
    """The benchmark deals for ``players``."""
    tiles = RuleSet(players=players).tiles
    out = []
    for sd in range(seed, seed + count):
        hands, _widow = deal_hands(tiles, players, sd, 1)
        leader = sd % players
        side = {leader} if players == 3 else {leader, (leader + 2) % 4}
        out.append(Deal(sd, players, hands, ALL_TRUMPS[sd % 9], leader, frozenset(side)))
    return out


@dataclass(frozen=True)
class Stats:
    """Per-deal times (ms) and node counts of one run over a list of deals."""

    ms: list[float]
    nodes: list[int]
    values: list[int]

    @staticmethod
    def _p90(xs: Sequence[float]) -> float:
        ys = sorted(xs)
        return ys[min(len(ys) - 1, int(0.9 * len(ys)))]

    @property
    def median(self) -> float:
        """Median ms."""
        return statistics.median(self.ms)

    @property
    def p90(self) -> float:
        """90th percentile ms."""
        return self._p90(self.ms)

    @property
    def max(self) -> float:
        """Slowest deal, ms."""
        return max(self.ms)

    @property
    def nodes_median(self) -> float:
        """Median nodes."""
        return statistics.median(self.nodes)

    @property
    def nodes_p90(self) -> float:
        """90th percentile nodes."""
        return self._p90(self.nodes)


#: The clock deals are timed with: wall time, or this process's CPU time (steadier on a
#: shared machine). Set by --clock.
CLOCK: list[Callable[[], float]] = [time.perf_counter]


def _time(fn: Callable[[], int], reset: Callable[[], None], repeat: int) -> tuple[float, int]:
    best = float("inf")
    value = -1
    clock = CLOCK[0]
    for _ in range(repeat):
        reset()
        t0 = clock()
        value = fn()
        best = min(best, (clock() - t0) * 1000)
    return best, value


def run_public(ds: Sequence[Deal], repeat: int) -> Stats:
    """Time ``engine.solver.solve`` on each deal (node counts from a separate Solver run)."""
    ms, nodes, values = [], [], []
    for d in ds:
        t, v = _time(lambda d=d: solve(d.hands, d.trump, d.leader, d.side), clear_caches, repeat)  # type: ignore[misc]
        s = Solver(d.trump, d.players)
        s.solve_masks([mask_of(h) for h in d.hands], d.leader, d.side_mask)
        ms.append(t)
        nodes.append(s.nodes)
        values.append(v)
    return Stats(ms, nodes, values)


def run_configs(ds: Sequence[Deal], configs: Sequence[dict[str, object]], repeat: int) -> list[Stats]:
    """Time ``Solver(**options).solve_masks`` on each deal for every configuration (one
    solver per trump and configuration), the configurations interleaved deal by deal so that
    a busy machine slows them all alike."""
    solvers: list[dict[Trump, Solver]] = [{} for _ in configs]
    runs: list[tuple[list[float], list[int], list[int]]] = [([], [], []) for _ in configs]
    for d in ds:
        masks = [mask_of(h) for h in d.hands]
        for options, cache, (ms, nodes, values) in zip(configs, solvers, runs, strict=True):
            s = cache.get(d.trump)
            if s is None:
                s = cache[d.trump] = Solver(d.trump, d.players, **options)  # type: ignore[arg-type]
            n0 = s.nodes
            t, v = _time(lambda s=s, d=d, m=masks: s.solve_masks(m, d.leader, d.side_mask), s.clear, repeat)  # type: ignore[misc]
            ms.append(t)
            nodes.append((s.nodes - n0) // repeat)
            values.append(v)
    return [Stats(ms, nodes, values) for ms, nodes, values in runs]


def main(argv: list[str] | None = None) -> None:
    """Print the benchmark tables."""
    p = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    p.add_argument("--deals", type=int, default=200, help="deals per case (default 200)")
    p.add_argument("--seed", type=int, default=1, help="first deal number (default 1)")
    p.add_argument("--repeat", type=int, default=3, help="times each deal is timed, fastest kept")
    p.add_argument("--table-deals", type=int, default=100, help="deals per case in the technique table")
    p.add_argument("--no-table", action="store_true", help="skip the technique table")
    p.add_argument("--clock", choices=("wall", "cpu"), default="wall", help="wall time (default) or CPU time")
    args = p.parse_args(argv)
    CLOCK[0] = time.perf_counter if args.clock == "wall" else time.process_time

    print(
        f"solve() on whole deals from the opening lead, {args.deals} deals per case "
        f"(seeds {args.seed}..{args.seed + args.deals - 1}), fastest of {args.repeat} {args.clock}-clock "
        "timings per deal"
    )
    print(
        f"{'case':<24} {'median ms':>9} {'p90 ms':>8} {'max ms':>8} {'goal med/p90':>13}  "
        f"{'nodes med':>9} {'nodes p90':>9}"
    )
    for players in (3, 4):
        st = run_public(deals(players, args.deals, args.seed), args.repeat)
        g_med, g_p90 = GOALS[players]
        ok = "ok" if st.median <= g_med and st.p90 <= g_p90 else "MISSED"
        label = f"{players} players, {7 * players} tiles"
        print(
            f"{label:<24} {st.median:>9.2f} {st.p90:>8.2f} {st.max:>8.1f} "
            f"{f'{g_med:g} / {g_p90:g}':>13}  {st.nodes_median:>9.0f} {st.nodes_p90:>9.0f}  {ok}",
            flush=True,
        )
    if args.no_table:
        return

    labels = [label for label, _ in CONFIGS]
    configs = [options for _, options in CONFIGS]
    for players in (3, 4):
        print()
        print(
            f"effect of each technique, {players} players: Solver.solve_masks on {args.table_deals} "
            f"deals, fastest of {args.repeat}, configurations interleaved deal by deal; "
            "x = total time (nodes) / everything on"
        )
        print(
            f"{'':<34} {'median ms':>9} {'p90 ms':>8} {'max ms':>8} {'nodes med':>9} "
            f"{'nodes p90':>9} {'time x':>7} {'nodes x':>7}"
        )
        stats = run_configs(deals(players, args.table_deals, args.seed), configs, args.repeat)
        base = stats[0]
        for label, st in zip(labels, stats, strict=True):
            if st.values != base.values:
                raise SystemExit(f"{label}: the values differ from everything on — a bug")
            tx = sum(st.ms) / sum(base.ms)
            nx = sum(st.nodes) / sum(base.nodes)
            print(
                f"{label:<34} {st.median:>9.2f} {st.p90:>8.2f} {st.max:>8.1f} {st.nodes_median:>9.0f} "
                f"{st.nodes_p90:>9.0f} {tx:>7.2f} {nx:>7.2f}"
            )


if __name__ == "__main__":
    main()
