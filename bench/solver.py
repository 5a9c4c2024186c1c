"""Speed of the exact open-hands solver on both its cores, and what each technique is worth.

    python -m bench.solver [--deals N] [--seed S] [--repeat R] [--table-deals M] [--no-table]
                           [--core c|python]

Solves N seeded whole deals from the opening lead for 3 players (21 tiles in hand) and for
4 players (28 tiles): deal number ``seed`` for seed = S, S+1, ... is
``engine.deal.deal_hands(RuleSet(players=p).tiles, p, seed, 1)``, the trump cycles through
the nine (0..6, doubles, none), the leader is ``seed % p`` and the side is the leader
alone (3 players: the bidder) or the leader's team (4 players). Each deal is timed R times
with empty solver caches and the fastest time kept (the machine may be shared;
``--clock cpu`` times this process's CPU time instead of the wall clock), through the
public ``engine.solver.solve`` on each core (``MOON_SOLVER``: the compiled one and the
pure-Python one, interleaved deal by deal, in one run); the table prints median / p90 / max
milliseconds per deal for every trump kind (a number suit, doubles, none) and all deals,
the search nodes (tiles tried; the same on both cores and on any machine) and the speed-up
(the Python median over the compiled one). The values of the two cores must agree.

Then, unless ``--no-table``, the effect of each technique: the same measure over M deals
per case through a :class:`engine.solver.Solver` (on ``--core``, by default the compiled
one when built) with everything on and with one technique off at a time (or another way to
probe the value), the configurations interleaved deal by deal; ``time x`` and ``nodes x``
are the total time and nodes over the deals relative to everything on.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass

from engine import ALL_TRUMPS, RuleSet, Tile, Trump
from engine.deal import deal_hands
from engine.solver import CORE_ENV, CORES, Solver, clear_caches, default_core, mask_of, solve

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

#: The speed goals of the pure-Python core, ms: (median, p90) per number of players.
GOALS = {3: (3.0, 15.0), 4: (40.0, 150.0)}
#: The goal of the compiled core, median ms: within twice the same algorithm written in C and
#: measured from outside on deals of this kind (0.047 ms with 3 players, 0.52 ms with 4).
C_GOALS = {3: 2 * 0.047, 4: 2 * 0.52}
#: The trump kinds the table breaks the deals down by.
KINDS = ("number", "doubles", "none")


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


@contextmanager
def core_env(core: str) -> Iterator[None]:
    """Make ``core`` the default core (``MOON_SOLVER``) for the block."""
    before = os.environ.get(CORE_ENV)
    os.environ[CORE_ENV] = core
    try:
        yield
    finally:
        if before is None:
            del os.environ[CORE_ENV]
        else:
            os.environ[CORE_ENV] = before


def run_public(ds: Sequence[Deal], repeat: int, cores: Sequence[str] = CORES) -> dict[str, Stats]:
    """Time ``engine.solver.solve`` on each deal on each core, the cores interleaved deal by
    deal (node counts from a separate Solver run)."""
    runs: dict[str, tuple[list[float], list[int], list[int]]] = {c: ([], [], []) for c in cores}
    warm: set[Trump] = set()
    for d in ds:
        if d.trump not in warm:  # build the per-trump tables outside the timings
            warm.add(d.trump)
            Solver(d.trump, d.players)
        for core in cores:
            ms, nodes, values = runs[core]
            with core_env(core):
                t, v = _time(lambda d=d: solve(d.hands, d.trump, d.leader, d.side), clear_caches, repeat)  # type: ignore[misc]
            s = Solver(d.trump, d.players, core=core)
            s.solve_masks([mask_of(h) for h in d.hands], d.leader, d.side_mask)
            ms.append(t)
            nodes.append(s.nodes)
            values.append(v)
    return {c: Stats(*runs[c]) for c in cores}


def by_kind(ds: Sequence[Deal], st: Stats) -> dict[str, Stats]:
    """``st`` for all the deals (key ``"all"``) and for the deals of each trump kind."""
    out = {"all": st}
    for kind in KINDS:
        pick = [i for i, d in enumerate(ds) if d.trump.kind == kind]
        out[kind] = Stats([st.ms[i] for i in pick], [st.nodes[i] for i in pick], [st.values[i] for i in pick])
    return out


def run_configs(
    ds: Sequence[Deal], configs: Sequence[dict[str, object]], repeat: int, core: str | None = None
) -> list[Stats]:
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
                s = cache[d.trump] = Solver(d.trump, d.players, core=core, **options)  # type: ignore[arg-type]
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
    p.add_argument("--core", choices=CORES, default=None, help="the core of the technique table (default: c when built)")
    args = p.parse_args(argv)
    CLOCK[0] = time.perf_counter if args.clock == "wall" else time.process_time
    core = args.core or default_core()
    cores = CORES if default_core() == "c" or args.core == "c" else ("python",)

    print(
        f"solve() on whole deals from the opening lead, {args.deals} deals per case "
        f"(seeds {args.seed}..{args.seed + args.deals - 1}), fastest of {args.repeat} {args.clock}-clock "
        f"timings per deal, cores {' and '.join(cores)} interleaved deal by deal"
    )
    if len(cores) == 1:
        print("(the compiled core is not built: the pure-Python core only)")
    print(
        f"{'case':<28} {'core':<7} {'deals':>5} {'median ms':>9} {'p90 ms':>8} {'max ms':>8} {'goal':>13}  "
        f"{'nodes med':>9} {'nodes p90':>9} {'speed-up':>8}"
    )
    for players in (3, 4):
        ds = deals(players, args.deals, args.seed)
        runs = run_public(ds, args.repeat, cores)
        if any(st.values != runs["python"].values or st.nodes != runs["python"].nodes for st in runs.values()):
            raise SystemExit(f"{players} players: the cores differ in values or nodes — a bug")
        kinds = {c: by_kind(ds, st) for c, st in runs.items()}
        for kind in ("all", *KINDS):
            if not kinds["python"][kind].ms:
                continue
            for c in cores:
                st = kinds[c][kind]
                label = f"{players} players, {kind if kind != 'all' else 'all trumps'}"
                goal, ok = "", ""
                if kind == "all" and c == "python":
                    g_med, g_p90 = GOALS[players]
                    goal = f"{g_med:g} / {g_p90:g}"
                    ok = "ok" if st.median <= g_med and st.p90 <= g_p90 else "MISSED"
                elif kind == "all":
                    goal = f"med {C_GOALS[players]:g}"
                    ok = "ok" if st.median <= C_GOALS[players] else "MISSED"
                up = kinds["python"][kind].median / st.median if c != "python" else 1.0
                print(
                    f"{label:<28} {c:<7} {len(st.ms):>5} {st.median:>9.3f} {st.p90:>8.3f} {st.max:>8.1f} "
                    f"{goal:>13}  {st.nodes_median:>9.0f} {st.nodes_p90:>9.0f} {up:>7.1f}x  {ok}",
                    flush=True,
                )
    if args.no_table:
        return

    labels = [label for label, _ in CONFIGS]
    configs = [options for _, options in CONFIGS]
    for players in (3, 4):
        print()
        print(
            f"effect of each technique, {players} players, {core} core: Solver.solve_masks on {args.table_deals} "
            f"deals, fastest of {args.repeat}, configurations interleaved deal by deal; "
            "x = total time (nodes) / everything on"
        )
        print(
            f"{'':<34} {'median ms':>9} {'p90 ms':>8} {'max ms':>8} {'nodes med':>9} "
            f"{'nodes p90':>9} {'time x':>7} {'nodes x':>7}"
        )
        stats = run_configs(deals(players, args.table_deals, args.seed), configs, args.repeat, core)
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
