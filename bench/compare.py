"""The arena on this tree against the arena of an older commit, on the same deals.

    python -m bench.compare REV [ARENA ARGS ...]
    python -m bench.compare ca971ea --games 30 --players 3 strong basic basic

Checks ``REV`` out in a git worktree (``.bench-worktrees/<commit>``, made once and kept),
runs ``python -m bench.arena ARENA ARGS --out FILE`` there and here, each in its own
process with its own tree first on ``PYTHONPATH`` (the worktree gets this tree's built
solver extension when it has none), and prints both tables and, game by game on the same
deals and seats, the games the first bot won only with one tree or only with the other
(with the sign test's two-sided p). The arena's JSON lines are the only interface, so any
commit whose arena writes them can be compared.

    python -m bench.compare --files NEW.jsonl OLD.jsonl

pairs two runs made apart (``python -m bench.arena ... --out FILE`` in each tree, same
``--seed``, ``--games`` and bots), so a long comparison can run in pieces.
"""

from __future__ import annotations

import argparse
import math
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from bench.arena import GameRecord, read_games, table

ROOT = Path(__file__).resolve().parent.parent


def worktree(rev: str) -> Path:
    """A git worktree of ``rev`` under ``.bench-worktrees/`` (made once), with this tree's
    built solver extension copied in when the commit's tree has none built."""
    commit = subprocess.run(
        ["git", "rev-parse", "--verify", f"{rev}^{{commit}}"], cwd=ROOT, check=True, capture_output=True, text=True
    ).stdout.strip()
    path = ROOT / ".bench-worktrees" / commit[:12]
    if not path.exists():
        subprocess.run(["git", "worktree", "add", "--detach", str(path), commit], cwd=ROOT, check=True)
    for so in (ROOT / "engine").glob("*.so"):
        if not (path / "engine" / so.name).exists():
            shutil.copy2(so, path / "engine" / so.name)
    return path


def run_arena(tree: Path, args: list[str]) -> list[GameRecord]:
    """The games of ``python -m bench.arena args`` run with ``tree``'s code."""
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "games.jsonl"
        env = {**os.environ, "PYTHONPATH": str(tree)}
        subprocess.run([sys.executable, "-m", "bench.arena", *args, "--out", str(out)], cwd=tree, env=env, check=True)
        return read_games([str(out)])


def paired(new: list[GameRecord], old: list[GameRecord]) -> str:
    """The games the first bot won with only one of the trees, on the same deal and seats,
    and the two-sided sign test of that difference."""
    before = {(r["seed"], r["rotation"]): r["winner_entry"] == 0 for r in old}
    pairs = [(r["winner_entry"] == 0, before[k]) for r in new if (k := (r["seed"], r["rotation"])) in before]
    only_new = sum(1 for now, then in pairs if now and not then)
    only_old = sum(1 for now, then in pairs if then and not now)
    n, least = only_new + only_old, min(only_new, only_old)
    p = min(1.0, 2 * sum(math.comb(n, i) for i in range(least + 1)) / 2**n) if n else 1.0
    return f"first bot: won only here {only_new}, only with the older tree {only_old} (sign p = {p:.2f})"


def main(argv: list[str] | None = None) -> None:
    """Run the comparison (see the module docstring)."""
    p = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    p.add_argument("rev", nargs="?", help="the older commit (any git revision)")
    p.add_argument("arena", nargs=argparse.REMAINDER, help="the arena's arguments (see python -m bench.arena -h)")
    p.add_argument("--files", nargs=2, metavar=("NEW", "OLD"), help="pair two arena --out files instead of running")
    args = p.parse_args(argv)
    if args.files:
        new, old = read_games([args.files[0]]), read_games([args.files[1]])
        names = args.files
    elif args.rev:
        old = run_arena(worktree(args.rev), args.arena)
        new = run_arena(ROOT, args.arena)
        names = ["this tree", args.rev]
    else:
        p.error("give the older commit, or --files NEW OLD")
    print(f"{names[0]}:\n{table(new)}\n\n{names[1]}:\n{table(old)}\n\n{paired(new, old)}")


if __name__ == "__main__":
    main()
