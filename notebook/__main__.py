"""``python -m notebook``: the reference runs whose numbers the notebook quotes, and the two
searches that found its hands. Anyone can repeat them::

    python -m notebook reference contracts --deals 500 --seed 2026   # experiments 1 and 3
    python -m notebook reference trump --layouts 400 --seed 2026     # experiment 2
    python -m notebook reference match --deals 40 --seed 2026 --out match.jsonl  # experiment 4
    python -m notebook dilemma --seed 2026 --search 30 --layouts 30  # how DILEMMA_DEAL was found
    python -m notebook puzzle --seed 2026 --search 30                # how DISCARD_DEAL was found
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from collections.abc import Sequence

from notebook.display import Progress, Row
from notebook.experiments import (
    DILEMMA_DEAL,
    all_contracts,
    contract_study,
    makes_by,
    match_summary,
    mean_se,
    paired_difference,
    seat_summary,
    strong_vs_basic,
    trump_chances,
)

__all__ = ["main"]


def _print_rows(rows: Sequence[Row]) -> None:
    if not rows:
        print("(none)")
        return
    keys = list(rows[0])
    print(" | ".join(keys))
    for r in rows:
        print(" | ".join(str(r[k]) for k in keys))


def _reference(which: str, deals: int, layouts: int, seed: int, out: str | None = None) -> None:
    start = time.perf_counter()
    done: dict[int, list[Row]] = {}
    if out and os.path.exists(out):
        with open(out) as f:
            for line in f:
                item = json.loads(line)
                done[item["deal"]] = item["rows"]
    if which == "contracts":
        rows = contract_study(deals, seed, Progress(deals, "deals", notebook=False))
        print(f"Experiments 1 and 3: {deals} deals, seed {seed}")
        for contract in ("a number", "doubles", "no trump"):
            n = sum(r["contract"] == contract for r in rows)
            print(f"\ncontract {contract}: {n} deals")
            _print_rows(makes_by(rows, "trumps held" if contract == "a number" else "doubles held", contract))
        num = [r for r in rows if r["contract"] == "a number"]
        print("\nnumber trump, mean tricks by trumps held x doubles held (cells with >= 10 deals):")
        cells: dict[tuple[int, int], list[int]] = {}
        for r in num:
            cells.setdefault((r["trumps held"], min(r["doubles held"], 3)), []).append(r["tricks"])
        for (t, d), v in sorted(cells.items()):
            if len(v) >= 10:
                print(f"trumps {t}, doubles {d}{'+' if d == 3 else ''}: {statistics.fmean(v):.2f} ({len(v)} deals)")
        gains = [r["tricks"] - r["without widow"] for r in rows]
        m, se = mean_se(gains)
        print(f"\nwidow: mean gain {m:.2f} ± {se:.2f} tricks; gains {sorted(set(gains))}; "
              f"share with a gain {100 * sum(g > 0 for g in gains) / len(gains):.0f}%")
    elif which == "trump":
        chances = trump_chances(DILEMMA_DEAL, layouts, seed, progress=Progress(layouts * 9, "layouts", notebook=False))
        print(f"Experiment 2: hand {DILEMMA_DEAL}, {layouts} layouts per trump, seed {seed}")
        for name, row in chances.items():
            print(f"{name:>9}: " + "  ".join(f"{b}: {v:5.1f}%" for b, v in row.items()))
    elif which == "match":
        rows = []
        for d in range(deals):  # deal by deal, so a long run can be cut short and resumed
            if out and d in done:
                rows.extend(done[d])
                continue
            these = strong_vs_basic(1, seed + d)
            rows.extend(these)
            if out:
                with open(out, "a") as f:
                    f.write(json.dumps({"deal": d, "rows": these}) + "\n")
            print(f"deal {d + 1}/{deals} done after {time.perf_counter() - start:.0f} s", file=sys.stderr, flush=True)
        print(f"Experiment 4: {deals} deals x 3 seatings = {deals * 3} hands, seed {seed}")
        _print_rows(match_summary(rows))
        _print_rows(seat_summary(rows))
        m, se, n = paired_difference(rows)
        for player in ("strong", "basic"):
            hands = sum(r["player"] == player for r in rows)
            bids = [r for r in rows if r["player"] == player and r["bidder"]]
            made = sum(bool(r["made"]) for r in bids)
            print(f"{player}: won the auction in {len(bids)} of {hands} hands, made {made} of those bids")
        print(f"strong minus basic, per deal: {m:.2f} ± {se:.2f} points per hand ({n} deals)")
    print(f"runtime {time.perf_counter() - start:.0f} s")


def _dilemma_search(seed: int, search: int, layouts: int) -> None:
    """Hands where two trumps are close for some bid, or where the best trump changes with the bid."""
    for hand_number in range(1, search + 1):
        ch = trump_chances((seed, hand_number), layouts, seed)
        # a dilemma: the best trump for one bid is not the best for another, both being live
        live = {b: sorted(ch, key=lambda n: -ch[n][b])[:2] for b in (4, 5, 6)}
        flips = any(
            live[a][0] != live[b][0] and ch[live[a][0]][a] >= 30 and ch[live[b][0]][b] >= 30
            and ch[live[b][0]][a] >= 30
            for a in (4, 5) for b in (5, 6) if a < b
        )
        tops = {n for b in (4, 5, 6) for n in live[b]}
        text = "; ".join(f"{n} " + "/".join(f"{ch[n][b]:.0f}" for b in (4, 5, 6)) for n in sorted(tops))
        print(f"hand {hand_number}: % makes 4/5/6: {text}{'  <- dilemma' if flips else ''}", flush=True)


def _puzzle_search(seed: int, search: int) -> None:
    """Hands where few of the 72 discard-and-trump choices reach the solver's best."""
    for hand_number in range(1, search + 1):
        table = all_contracts((seed, hand_number))
        best = max(table.values())
        winners = sorted(k for k, v in table.items() if v == best)
        trumps = sorted({t for _, t in winners})
        print(f"hand {hand_number}: best {best} tricks by {len(winners)} of 72 choices; trumps {trumps}", flush=True)


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m notebook reference contracts|trump|match`` and the two searches."""
    parser = argparse.ArgumentParser(prog="python -m notebook", description=(__doc__ or "").split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    ref = sub.add_parser("reference", help="a reference run whose numbers the notebook quotes")
    ref.add_argument("which", choices=["contracts", "trump", "match"])
    ref.add_argument("--deals", type=int, default=1000)
    ref.add_argument("--layouts", type=int, default=400)
    ref.add_argument("--seed", type=int, default=2026)
    ref.add_argument("--out", help="match: keep each finished deal in this JSON-lines file and resume from it")
    dil = sub.add_parser("dilemma", help="search hands for a real trump dilemma (experiment 2)")
    dil.add_argument("--seed", type=int, default=2026)
    dil.add_argument("--search", type=int, default=40)
    dil.add_argument("--layouts", type=int, default=40)
    puz = sub.add_parser("puzzle", help="search hands for the discard-and-trump exercise")
    puz.add_argument("--seed", type=int, default=2026)
    puz.add_argument("--search", type=int, default=60)
    args = parser.parse_args(argv)
    if args.command == "reference":
        _reference(args.which, args.deals, args.layouts, args.seed, args.out)
    elif args.command == "dilemma":
        _dilemma_search(args.seed, args.search, args.layouts)
    else:
        _puzzle_search(args.seed, args.search)
    return 0


if __name__ == "__main__":
    sys.exit(main())
