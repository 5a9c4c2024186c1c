"""The store's speed on SQLite and PostgreSQL.

    python -m bench.store [--writes N] [--runs R] [--students S] [--answers A] [--renders K]

1. Answers written per second: R runs of N answers, each answer its own transaction through
   ``store.events.write`` (as the app writes them: the row, the review schedule and, for a
   puzzle's first try, both ratings). Prints median and p90 (the rate 90% of runs reached).
2. The teacher dashboard for a class of S students with A answers each (80% lesson answers,
   20% puzzles): K builds of ``store.classes.dashboard`` plus its CSV, median and p90 seconds
   (goal p90 ≤ 1 s).

SQLite is a fresh file in a temporary folder; PostgreSQL is ``MOON_TEST_POSTGRES_URL`` if set,
else a private server started with Debian's binaries (skipped with the reason if neither).
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import timedelta

from store import classes, events, learners
from store.db import Store, database_url, migrate
from store.events import LessonAnswer, PuzzleAnswer
from store.models import ClassMember, Learner, LessonAttempt, PuzzleAttempt, now


def _pct(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


def writes_per_second(store: Store, writes: int, runs: int, seed: int = 1) -> list[float]:
    """Answers per second of each run (one transaction per answer)."""
    rng = random.Random(seed)
    me, _ = learners.create(store)
    rates = []
    for r in range(runs):
        t0 = time.perf_counter()
        for i in range(writes):
            if i % 5 == 4:
                events.write(store, me.id, PuzzleAnswer(f"bench-{r}-{i}", rng.random() < 0.6, answer="6-4",
                                                        themes=("trump",), rating=1400))
            else:
                events.write(store, me.id, LessonAnswer(f"level-{i % 40}", rng.random() < 0.7, answer=[str(i % 7)],
                                                        stage_id=f"stage-{i % 8}", try_number=1 + i % 3))
        rates.append(writes / (time.perf_counter() - t0))
    return rates


def fill_class(store: Store, students: int, answers: int, seed: int = 2) -> classes.ClassInfo:
    """A class of ``students`` with ``answers`` answers each, inserted in bulk."""
    rng = random.Random(seed)
    klass, _ = classes.create_class(store, "Bench class")
    start = now() - timedelta(days=30)
    with store.session() as s:
        for k in range(students):
            lr = Learner(token_hash=learners.token_hash(learners.new_token()), name=f"Student {k}",
                         rating=1500 + rng.gauss(0, 150))
            s.add(lr)
            s.flush()
            s.add(ClassMember(class_id=klass.id, learner_id=lr.id, display_name=f"Student {k:02d}"))
            rows: list[LessonAttempt | PuzzleAttempt] = []
            for i in range(answers):
                at = start + timedelta(minutes=i)
                if i % 5 == 4:
                    rows.append(PuzzleAttempt(learner_id=lr.id, puzzle_id=f"p{rng.randrange(186)}", kind="play",
                                              themes=["trump"], answer="6-4", correct=rng.random() < 0.6,
                                              created_at=at))
                else:
                    lv = rng.randrange(120)
                    rows.append(LessonAttempt(learner_id=lr.id, level_id=f"level-{lv:03d}", stage_id=f"s{lv // 10}",
                                              answer=[str(rng.randrange(5))], correct=rng.random() < 0.7,
                                              try_number=1 + rng.randrange(3), hints=rng.randrange(2), created_at=at))
            s.add_all(rows)
    return klass


def dashboard_seconds(store: Store, klass: classes.ClassInfo, renders: int) -> list[float]:
    out = []
    for _ in range(renders):
        t0 = time.perf_counter()
        board = classes.dashboard(store, klass)
        classes.students_csv(board)
        classes.answers_csv(board)
        out.append(time.perf_counter() - t0)
    return out


@contextmanager
def _sqlite() -> Iterator[Store]:
    with tempfile.TemporaryDirectory(prefix="moon-bench-") as tmp:
        s = Store(f"sqlite:///{tmp}/bench.sqlite3")
        migrate(s)
        yield s
        s.dispose()


@contextmanager
def _postgres() -> Iterator[Store | str]:
    url = os.environ.get("MOON_TEST_POSTGRES_URL")
    if url:
        s = Store(database_url({"MOON_DATABASE_URL": url}))
        migrate(s)
        yield s
        s.dispose()
        return
    from store.pgserver import private_server, unavailable_reason

    reason = unavailable_reason()
    if reason:
        yield reason
        return
    with private_server("moon_bench") as u:
        s = Store(u)
        migrate(s)
        yield s
        s.dispose()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[1])
    ap.add_argument("--writes", type=int, default=300)
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--students", type=int, default=30)
    ap.add_argument("--answers", type=int, default=500)
    ap.add_argument("--renders", type=int, default=10)
    args = ap.parse_args()
    print(f"load average before: {open('/proc/loadavg').read().split()[:3]}")
    for name, opener in (("SQLite", _sqlite), ("PostgreSQL", _postgres)):
        with opener() as store:
            if isinstance(store, str):
                print(f"{name}: skipped ({store})")
                continue
            rates = writes_per_second(store, args.writes, args.runs)
            print(f"{name}: answers written per second over {args.runs} runs of {args.writes}: "
                  f"median {statistics.median(rates):.0f}, p90 {_pct(rates, 0.1):.0f}")
            klass = fill_class(store, args.students, args.answers)
            secs = dashboard_seconds(store, klass, args.renders)
            print(f"{name}: dashboard for {args.students} students x {args.answers} answers, {args.renders} builds: "
                  f"median {statistics.median(secs) * 1000:.0f} ms, p90 {_pct(secs, 0.9) * 1000:.0f} ms")
    print(f"load average after: {open('/proc/loadavg').read().split()[:3]}")


if __name__ == "__main__":
    main()
