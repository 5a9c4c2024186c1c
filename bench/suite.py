"""Wall and CPU time of the test suite, by kind of process.

    python -m bench.suite [--phase unit|e2e ...] [--interval S] [--json FILE] [-- PYTEST_ARGS ...]
    python -m bench.suite --show FILE

Runs the suite's pytest runs as ``make test`` does (``unit``: ``pytest -n auto -m "not e2e"``,
then ``e2e``: ``pytest tests/e2e -p no:xdist``; ``--phase`` keeps some of them), or, with
arguments after ``--``, one pytest run with those arguments (``-- tests/e2e/test_e2e_play.py
--durations=20``). pytest's own output goes to the terminal as usual. For each run it prints
the wall time and the CPU time (user + system) of every process the run started, summed by
kind (``--json`` keeps the figures; ``--show`` prints them again):

- **pytest**: pytest itself and its xdist workers (and what they start that is none of the
  kinds below: a solver's worker pool, ``git``, ``npm``);
- **server**: the app's ``streamlit run`` servers and their worker pools;
- **Chromium**: every Chromium process (browser, renderers, GPU and utility processes);
- **Playwright**: Playwright's driver (``node``), which passes the test's commands to Chromium;
- **PostgreSQL**: the store tests' private database server, when the run starts one.

A process is of the kind of its nearest ancestor (itself included) that has one, so a worker
a server spawned counts as the server's. The processes are read from ``/proc`` every
``--interval`` seconds (Linux); a process that lived less than that may be missed: what the
kernel gives for the run's processes waited for (``getrusage``) beyond the sum of the kinds is
printed as "unseen". The total is the kinds plus that: ``getrusage`` alone misses the
processes nobody of the run waited for (Chromium's, after Playwright closes the browser),
which the reads of ``/proc`` see.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TICK = os.sysconf("SC_CLK_TCK")
KINDS = ("pytest", "server", "Chromium", "Playwright", "PostgreSQL")

PHASES: dict[str, list[str]] = {
    "unit": ["-n", "auto", "-m", "not e2e"],
    "e2e": ["tests/e2e", "-p", "no:xdist"],
}


@dataclass
class Proc:
    ppid: int
    cmd: str
    cpu: float = 0.0
    kind: str | None = None


@dataclass
class Run:
    name: str
    args: list[str]
    wall: float = 0.0
    total_cpu: float = 0.0
    returncode: int = 0
    by_kind: dict[str, float] = field(default_factory=dict)
    processes: dict[str, int] = field(default_factory=dict)
    load: str = ""


def own_kind(cmd: str) -> str | None:
    """The kind of a process from its command line alone (``None``: its parent's kind)."""
    words = cmd.split("\0")
    exe = Path(words[0]).name if words else ""
    if "chrom" in exe or "chrome" in exe or "headless_shell" in exe:
        return "Chromium"
    if exe == "node" and any("playwright" in w for w in words):
        return "Playwright"
    if exe.startswith("postgres") or exe == "pg_ctl" or "/postgresql/" in words[0]:
        return "PostgreSQL"
    if any(w == "streamlit" for w in words[1:4]) and "run" in words:
        return "server"
    if "pytest" in cmd or "xdist" in cmd or "execnet" in cmd or "exec(eval(sys.stdin" in cmd:
        return "pytest"
    return None


def _read(pid: str) -> tuple[int, float, str, int] | None:
    """(parent pid, CPU seconds, command line, start time in ticks) of process ``pid``."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
        cmd = Path(f"/proc/{pid}/cmdline").read_bytes().decode(errors="replace").rstrip("\0")
    except OSError:
        return None
    rest = stat[stat.rfind(")") + 2:].split()
    # fields after the name: state(3) ppid(4) ... utime(14) stime(15) ... starttime(22)
    return int(rest[1]), (int(rest[11]) + int(rest[12])) / TICK, cmd, int(rest[19])


class Sampler(threading.Thread):
    """Reads the CPU time of every process under ``root`` every ``interval`` seconds."""

    def __init__(self, root: int, interval: float) -> None:
        super().__init__(daemon=True)
        self.root = root
        self.interval = interval
        self.seen: dict[tuple[int, int], Proc] = {}
        self.done = threading.Event()

    def sample(self) -> None:
        table: dict[int, tuple[int, float, str, int]] = {}
        for entry in os.listdir("/proc"):
            if entry.isdigit():
                got = _read(entry)
                if got is not None:
                    table[int(entry)] = got
        for pid, (ppid, cpu, cmd, start) in table.items():
            key = (pid, start)
            proc = self.seen.get(key)
            if proc is None:
                if not self._under(pid, table):
                    continue
                proc = self.seen[key] = Proc(ppid, cmd)
            proc.cpu = max(proc.cpu, cpu)
            proc.cmd = cmd or proc.cmd

    def _under(self, pid: int, table: dict[int, tuple[int, float, str, int]]) -> bool:
        hops = 0
        while pid in table and hops < 64:
            if pid == self.root:
                return True
            pid = table[pid][0]
            hops += 1
        return False

    def run(self) -> None:
        while not self.done.is_set():
            self.sample()
            self.done.wait(self.interval)

    def stop(self) -> None:
        self.done.set()
        self.join()

    def by_kind(self) -> tuple[dict[str, float], dict[str, int]]:
        """CPU seconds and process count by kind (each process: its nearest ancestor's kind)."""
        by_pid = {pid: proc for (pid, _), proc in self.seen.items()}
        cpu: dict[str, float] = dict.fromkeys(KINDS, 0.0)
        count: dict[str, int] = dict.fromkeys(KINDS, 0)
        for proc in self.seen.values():
            kind, at, hops = own_kind(proc.cmd), proc, 0
            while kind is None and at.ppid in by_pid and hops < 64:
                at = by_pid[at.ppid]
                kind = own_kind(at.cmd)
                hops += 1
            kind = kind or "pytest"
            cpu[kind] += proc.cpu
            count[kind] += 1
        return cpu, count


def children_cpu() -> float:
    use = resource.getrusage(resource.RUSAGE_CHILDREN)
    return use.ru_utime + use.ru_stime


def run_pytest(name: str, args: list[str], interval: float) -> Run:
    """One pytest run with ``args``, measured."""
    result = Run(name, args, load=" ".join(f"{x:.2f}" for x in os.getloadavg()))
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))}
    before = children_cpu()
    t0 = time.monotonic()
    proc = subprocess.Popen([sys.executable, "-m", "pytest", *args], cwd=ROOT, env=env)
    sampler = Sampler(proc.pid, interval)
    sampler.start()
    result.returncode = proc.wait()
    result.wall = time.monotonic() - t0
    sampler.stop()
    result.total_cpu = children_cpu() - before
    result.by_kind, result.processes = sampler.by_kind()
    return result


def report(runs: list[Run]) -> str:
    lines = [f"{'run':<8} {'kind':<11} {'CPU s':>8} {'share':>6} {'procs':>6}"]
    for r in runs:
        rows = [(k, r.by_kind[k], r.processes[k]) for k in KINDS if r.processes[k]]
        rows.append(("unseen", unseen(r), 0))
        for kind, cpu, n in rows:
            share = cpu / total(r) if total(r) else 0.0
            lines.append(f"{r.name:<8} {kind:<11} {cpu:8.1f} {share:6.0%} {n or '':>6}")
        lines.append(f"{r.name:<8} {'all':<11} {total(r):8.1f}   wall {r.wall:.1f} s  "
                     f"(exit {r.returncode}; load at start {r.load})")
    if len(runs) > 1:
        lines.append(f"{'suite':<8} {'all':<11} {sum(total(r) for r in runs):8.1f}   "
                     f"wall {sum(r.wall for r in runs):.1f} s")
    return "\n".join(lines)


def unseen(run: Run) -> float:
    """CPU seconds the kernel counted for the run's waited-for processes beyond the kinds'."""
    return max(0.0, run.total_cpu - sum(run.by_kind.values()))


def total(run: Run) -> float:
    """The run's CPU seconds: every kind, plus :func:`unseen`."""
    return sum(run.by_kind.values()) + unseen(run)


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    extra: list[str] | None = None
    if "--" in argv:
        at = argv.index("--")
        argv, extra = argv[:at], argv[at + 1:]
    ap = argparse.ArgumentParser(prog="python -m bench.suite", description=__doc__.split("\n\n")[0])
    ap.add_argument("--phase", action="append", choices=list(PHASES),
                    help="run only this phase of `make test` (repeatable; default: unit, then e2e)")
    ap.add_argument("--interval", type=float, default=0.25, help="seconds between reads of /proc")
    ap.add_argument("--json", type=Path, help="also write the figures to this file")
    ap.add_argument("--show", type=Path, help="print the figures kept by --json, run nothing")
    opts = ap.parse_args(argv)
    if opts.show:
        print(report([Run(**r) for r in json.loads(opts.show.read_text())]))
        return 0
    plan = [("pytest", extra)] if extra is not None else [(p, PHASES[p]) for p in (opts.phase or list(PHASES))]
    runs = [run_pytest(name, args, opts.interval) for name, args in plan]
    text = report(runs)
    print("\n" + text)
    if opts.json:
        opts.json.write_text(json.dumps([r.__dict__ for r in runs], indent=1))
    return max(r.returncode for r in runs)


if __name__ == "__main__":
    raise SystemExit(main())
