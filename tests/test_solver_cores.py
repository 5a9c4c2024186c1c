"""The solver's two cores side by side: the compiled search (engine/_csolver.c) and the
pure-Python one (engine/solver.py) give the same values and visit the same nodes.

The whole solver suite (tests/test_solver.py) runs on each core; here the two are compared
directly, on random positions (hypothesis) checked against the brute-force reference, along
lines of play of whole deals with kept solvers, and with every technique switched off in
turn; plus the choice of the core (``MOON_SOLVER``, the fallback when the extension is not
built) and the compiled core's own input checks.
"""

from __future__ import annotations

import random
import subprocess
import sys

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_solver import deal_position, random_line, random_position, sides

from engine import ALL_TRUMPS, Trump, tile_set
from engine.solver import CORE_ENV, PROBES, Solver, default_core, mask_of

from helpers import reference, reference_move_values

TILES = {t.index: t for t in tile_set(4)}


def pair(trump: Trump, players: int, **options: object) -> tuple[Solver, Solver]:
    """A compiled and a pure-Python solver with the same options."""
    return (
        Solver(trump, players, core="c", **options),  # type: ignore[arg-type]
        Solver(trump, players, core="python", **options),  # type: ignore[arg-type]
    )


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    players=st.sampled_from([3, 4]),
    trump=st.sampled_from(ALL_TRUMPS),
    tricks=st.integers(1, 3),
    played=st.integers(0, 3),
    seed=st.integers(0, 2**32 - 1),
    mine=st.booleans(),
    floor=st.integers(0, 4),
)
def test_both_cores_match_the_reference_on_random_positions(
    players: int, trump: Trump, tricks: int, played: int, seed: int, mine: bool, floor: int
) -> None:
    """A random position (1-3 tricks left, any number of tiles of the trick played): each
    core's solve, floor, can_take and move_values equal the exhaustive minimax, and the two
    cores visit the same number of nodes."""
    hands, leader, trick = random_position(random.Random(seed), players, trump, tricks, played % players)
    side = sides(players, leader)[0 if mine else 1]
    want = reference(hands, trump, leader, side, trick)
    values = {TILES[t.index].index: v for t, v in reference_move_values(hands, trump, leader, side, trick).items()}
    masks, smask, idx = [mask_of(h) for h in hands], sum(1 << s for s in side), [t.index for t in trick]
    left = len(hands[(leader + len(trick)) % players])
    c, py = pair(trump, players)
    for s in (c, py):
        assert s.solve_masks(masks, leader, smask, idx) == want
        assert s.solve_masks(masks, leader, smask, idx, floor) == max(want, min(floor, left))
        assert s.move_values_masks(masks, leader, smask, idx) == values
        for k in (want, want + 1):
            assert s.can_take_masks(masks, leader, smask, k, idx) == (k <= want)
    assert c.nodes == py.nodes


def _line(players: int, seed: int, rng: random.Random) -> tuple[Trump, int, list[tuple[list[int], int, list[int]]]]:
    """A whole deal and the positions along one random line of play through it."""
    masks, trump, leader, side = deal_position(players, seed)
    return trump, side, random_line(masks, leader, trump, players, rng)


@pytest.mark.parametrize("players", [3, 4])
def test_kept_solvers_agree_along_whole_deals(players: int) -> None:
    """Eighteen whole deals (every trump twice), two solvers of each core kept per trump and
    asked, deal after deal, about every position along a random line of play, for both sides:
    solve, can_take and move_values give the same answers, and the node counts stay equal
    after every call (the tables are kept and reset at the same moments: the players' node
    budgets run out at the same point whichever core runs)."""
    rng = random.Random(players)
    kept: dict[Trump, tuple[Solver, Solver]] = {}
    full = (1 << players) - 1
    for seed in range(300, 318):
        trump, side, line = _line(players, seed, rng)
        c, py = kept.setdefault(trump, pair(trump, players))
        for hands, leader, trick in line:
            for s in (side, full ^ side):
                v = c.solve_masks(hands, leader, s, trick)
                assert v == py.solve_masks(hands, leader, s, trick), (seed, hands, leader, trick)
                assert c.move_values_masks(hands, leader, s, trick) == py.move_values_masks(hands, leader, s, trick)
                k = rng.randrange(0, 9)
                assert c.can_take_masks(hands, leader, s, k, trick) == py.can_take_masks(hands, leader, s, k, trick)
                assert c.nodes == py.nodes, (seed, hands, leader, trick)


OPTIONS: list[dict[str, object]] = [
    {"tt": False},
    {"keep_tt": False},
    {"quick": False},
    {"order": False},
    {"killers": False},
    {"equiv": False},
    {"tt": False, "quick": False, "order": False, "killers": False, "equiv": False},
    *({"probe": p} for p in PROBES),
]


@pytest.mark.parametrize("options", OPTIONS, ids=lambda o: "-".join(f"{k}={v}" for k, v in o.items()))
def test_every_technique_off_counts_the_same_nodes(options: dict[str, object]) -> None:
    """Each technique switched off (and all of them): the two cores still give the same values
    and node counts, on whole three-player deals and on four-player deals from the fourth
    trick (without a table, from the third and the fifth)."""
    rng = random.Random(5)
    bare = options.get("tt") is False
    for players, seeds, start in ((3, range(40, 49), 6 if bare else 0), (4, range(40, 44), 16 if bare else 12)):
        for seed in seeds:
            trump, side, line = _line(players, seed, rng)
            c, py = pair(trump, players, **options)
            for hands, leader, trick in line[start : start + 3]:
                assert c.solve_masks(hands, leader, side, trick) == py.solve_masks(hands, leader, side, trick)
                assert c.move_values_masks(hands, leader, side, trick) == py.move_values_masks(
                    hands, leader, side, trick
                )
                assert c.nodes == py.nodes, (options, seed)


# -- choosing the core ---------------------------------------------------------------------


def test_the_environment_picks_the_core(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(CORE_ENV, raising=False)
    assert default_core() == "c"
    assert Solver("6", 3).core == "c"
    monkeypatch.setenv(CORE_ENV, "python")
    assert default_core() == "python"
    assert Solver("6", 3).core == "python"
    assert Solver("6", 3, core="c").core == "c"
    monkeypatch.setenv(CORE_ENV, "fortran")
    with pytest.raises(ValueError, match="MOON_SOLVER must be one of"):
        Solver("6", 3)
    with pytest.raises(ValueError, match="core must be one of"):
        Solver("6", 3, core="fortran")


def _without_extension(code: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    """Run ``code`` in a fresh interpreter where the compiled core cannot be imported."""
    prelude = "import sys, logging; sys.modules['engine._csolver'] = None; logging.basicConfig();"
    return subprocess.run(
        [sys.executable, "-c", prelude + code], capture_output=True, text=True, timeout=60, env=env, check=False
    )


def test_without_the_extension_the_python_core_runs_and_says_so() -> None:
    import os

    env = {k: v for k, v in os.environ.items() if k != CORE_ENV}
    out = _without_extension(
        "import engine.solver as s; from engine import parse_tiles as p;"
        "print(s.default_core(), s.Solver('6', 3).core, s.solve([p('6-6 6-5'), p('5-5 4-3'), p('6-4 2-1')], '6', 0, {0}))",
        env,
    )
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == ["python", "python", "2"]
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 1 and "compiled solver core is not built" in lines[0] and "pure-Python" in lines[0]
    env[CORE_ENV] = "c"
    out = _without_extension("import engine.solver as s; s.Solver('6', 3)", env)
    assert out.returncode != 0 and "MOON_SOLVER=c but the compiled solver core is not built" in out.stderr


# -- the compiled core's input checks -------------------------------------------------------


@pytest.mark.parametrize(
    ("hands", "leader", "side", "trick", "message"),
    [
        ([0b11, 0b1100], 0, 1, [], "needs 3 hands"),
        ([0b11, 0b1100, 1 << 28], 0, 1, [], "not a mask of tiles"),
        ([0b11, 0b110, 0b11000], 0, 1, [], "in two hands"),
        ([0b11, 0b1100, 0b110000], 3, 1, [], "leader"),
        ([0b11, 0b1100, 0b110000], 0, 8, [], "side"),
        ([0b11, 0b1100, 0b110000], 0, 1, [40], "not a tile index"),
        ([0b1, 0b1100, 0b110000], 0, 1, [2], "also in a hand"),
        ([0b11, 0b1100, 0b10000], 0, 1, [], "seat 2 holds 1 tiles but should hold 2"),
        ([0b1, 0b100, 0b10000], 0, 1, [7, 8, 9], "at most 2"),
    ],
)
def test_the_compiled_core_refuses_an_inconsistent_position(
    hands: list[int], leader: int, side: int, trick: list[int], message: str
) -> None:
    """The compiled search reads its tables by tile index: a position it cannot search is a
    ValueError, never a crash (the pure-Python one does not check the bitmask calls)."""
    s = Solver("6", 3, core="c")
    with pytest.raises(ValueError, match=message):
        s.solve_masks(hands, leader, side, trick)
    with pytest.raises(ValueError, match=message):
        s.move_values_masks(hands, leader, side, trick)
    with pytest.raises(ValueError, match=message):
        s.can_take_masks(hands, leader, side, 1, trick)


def test_the_benchmark_times_both_cores_side_by_side(capsys: pytest.CaptureFixture[str]) -> None:
    """``python -m bench.solver`` prints, in one run, both cores for every player count and
    trump kind (a tiny run: nine deals, one per trump, no technique table)."""
    from bench.solver import main

    main(["--deals", "9", "--repeat", "1", "--no-table"])
    rows = [line.replace("all trumps", "all").split() for line in capsys.readouterr().out.splitlines()]
    for players in ("3", "4"):
        for kind in ("all", "number", "doubles", "none"):
            cores = {r[3] for r in rows if r[:3] == [players, "players,", kind]}
            assert cores == {"c", "python"}, (players, kind)
