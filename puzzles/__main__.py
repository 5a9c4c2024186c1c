"""Command line for the content: ``python -m puzzles COMMAND``.

- ``export`` — one JSON object per line for every shipped puzzle and every lesson level
  (see docs/content.md for the fields and each kind's ``answer``);
- ``stats`` — counts per stage, per kind and per difficulty band;
- ``check`` — load and validate every lesson and puzzle file, print every problem
  (exit 1 if any); ``check --regenerate`` also rebuilds every generated puzzle from its
  seed and compares.

New puzzles: ``python -m puzzles.generate --kind K --count N --seed S``.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from typing import Any

from lessons.loader import check_course, load_course
from puzzles.loader import BANDS, band_of, check_puzzles, load_puzzles


def export_rows() -> list[dict[str, Any]]:  # Any: JSON rows of mixed value types
    """Every lesson level and puzzle as an export row (lessons first)."""
    rows: list[dict[str, Any]] = []  # Any: JSON rows of mixed value types
    for stage in load_course().stages:
        for level in stage.levels:
            row = level.export("lesson")
            row["stage"] = stage.id
            rows.append(row)
    rows += [p.export("puzzle") for p in load_puzzles()]
    return rows


def stats_text() -> str:
    course = load_course()
    puzzles = load_puzzles()
    out = ["Lessons: levels per stage"]
    total = 0
    for s in course.stages:
        out.append(f"  {s.number:2d}. {s.title:<40} {len(s.levels):3d}")
        total += len(s.levels)
    out.append(f"  {'total':<44}{total:3d}")
    lk = Counter(lv.kind for lv in course.levels())
    pk = Counter(p.kind for p in puzzles)
    out.append("")
    out.append(f"{'kind':<16}{'lessons':>8}{'puzzles':>8}")
    for k in sorted(set(lk) | set(pk)):
        out.append(f"{k:<16}{lk[k]:>8}{pk[k]:>8}")
    out.append(f"{'total':<16}{sum(lk.values()):>8}{sum(pk.values()):>8}")
    out.append("")
    bands = Counter(p.band for p in puzzles)
    out.append("Puzzles per difficulty band")
    for name, low in BANDS:
        out.append(f"  {name:<14} (rating {low}+){bands[name]:>6}")
    src = Counter(p.source.get("kind") for p in puzzles)
    out.append("")
    out.append(f"Puzzles: {len(puzzles)} ({src['generated']} generated, {src['hand-written']} hand-written); "
               f"open-hands endings: {pk['ending']}")
    themes = Counter(t for p in puzzles for t in p.themes)
    out.append("Themes: " + ", ".join(f"{t} {c}" for t, c in themes.most_common()))
    assert all(band_of(p.rating) == p.band for p in puzzles)
    return "\n".join(out)


def check(regenerate: bool) -> int:
    _course, errors = check_course()
    puzzles, perrors = check_puzzles()
    errors += perrors
    if regenerate:
        import tomllib

        from content.tomlw import dumps_entries
        from puzzles.generate import generate_one

        for p in puzzles:
            if p.source.get("kind") != "generated" or p.seed is None:
                continue
            made = generate_one(p.kind, p.seed)
            again = tomllib.loads(dumps_entries("puzzle", [made]))["puzzle"][0] if made else None
            if again != p.raw:
                print(f"{p.file}: entry '{p.id}': does not regenerate identically from seed {p.seed}")
                errors.append(None)  # type: ignore[arg-type]
    for e in errors:
        if e is not None:
            print(e)
    print(f"{len(errors)} problem(s)")
    return 1 if errors else 0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m puzzles", description="Moon Tutor content: export, stats, check.")
    sub = ap.add_subparsers(dest="cmd", required=True)
    sub.add_parser("export", help="one JSON object per line for every puzzle and lesson level")
    sub.add_parser("stats", help="counts per stage, kind and difficulty band")
    c = sub.add_parser("check", help="validate every content file")
    c.add_argument("--regenerate", action="store_true", help="also rebuild generated puzzles from their seeds")
    args = ap.parse_args(argv)
    if args.cmd == "export":
        for row in export_rows():
            sys.stdout.write(json.dumps(row, ensure_ascii=False) + "\n")
        return 0
    if args.cmd == "stats":
        print(stats_text())
        return 0
    return check(args.regenerate)


if __name__ == "__main__":
    raise SystemExit(main())
