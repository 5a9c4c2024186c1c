"""``python -m lessons.strategy generate|check|stats|retext``: write, recheck or count Play better,
or write its words again (intros and questions) without solving anything."""

from __future__ import annotations

import argparse
import statistics
import sys
import time

from lessons.loader import load_course
from lessons.strategy.generate import giveaways, recheck, retext_all, write_all


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m lessons.strategy", description=__doc__)
    ap.add_argument("command", choices=("generate", "check", "stats", "retext"))
    ap.add_argument("principles", nargs="*", help="generate: only the stages of these principle ids")
    args = ap.parse_args(argv)
    if args.command == "generate":
        t = time.process_time()
        for path in write_all(only=args.principles):
            print(path)
        print(f"generated in {time.process_time() - t:.1f} s of CPU time")
        return 0
    if args.command == "retext":
        for path in retext_all():
            print(path)
        return 0
    course = load_course()
    levels = [lv for s in course.stages if s.part == "play-better" for lv in s.levels]
    if args.command == "check":
        problems = [msg for lv in levels for msg in recheck(lv)]
        problems += [msg for s in course.stages if s.part == "play-better" for msg in giveaways(s)]
        for msg in problems:
            print(msg)
        print(f"{len(levels)} positions rechecked, {len(problems)} problems")
        return 1 if problems else 0
    for s in course.stages:
        if s.part != "play-better":
            continue
        margins = []
        for lv in s.levels:
            task = lv.task
            n = int(task.param("layouts"))
            best = lv.answer()
            values = task.param("tricks")
            margins.append(min((values[str(best)] - values[o]) / n for o in values if o != str(best)))
        players = sorted({lv.position.players for lv in s.levels})
        print(f"{s.number}. {s.title}: {len(s.levels)} positions ({', '.join(f'{p} players' for p in players)}), "
              f"trick margin min {min(margins):.2f}, median {statistics.median(margins):.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
