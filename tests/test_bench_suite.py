"""``python -m bench.suite``: the suite's CPU time by kind of process."""

from __future__ import annotations

from bench import suite


def test_each_process_of_a_run_is_given_its_kind() -> None:
    chromium = "/usr/lib/chromium/chromium\0--type=renderer\0--no-sandbox"
    server = "/work/.venv/bin/python\0-m\0streamlit\0run\0/work/tutorial/server.py\0--server.port\08501"
    driver = "/venv/site-packages/playwright/driver/node\0/venv/site-packages/playwright/driver/package/cli.js"
    worker = "/work/.venv/bin/python\0-c\0import sys;exec(eval(sys.stdin.readline()))"
    assert suite.own_kind(chromium) == "Chromium"
    assert suite.own_kind(server) == "server"
    assert suite.own_kind(driver) == "Playwright"
    assert suite.own_kind("/usr/lib/postgresql/15/bin/postgres\0-D\0/tmp/pg") == "PostgreSQL"
    assert suite.own_kind("/work/.venv/bin/python\0-m\0pytest\0-n\0auto") == "pytest"
    assert suite.own_kind(worker) == "pytest"
    # A server's worker pool: its parent's kind.
    assert suite.own_kind("/work/.venv/bin/python\0-c\0from multiprocessing.spawn import spawn_main") is None


def test_a_run_is_timed_and_its_cpu_time_given_by_kind() -> None:
    run = suite.run_pytest("probe", ["--collect-only", "-q", "-p", "no:xdist", "tests/test_words.py"], 0.05)
    assert run.returncode == 0 and run.wall > 0
    assert run.processes["pytest"] >= 1 and run.by_kind["pytest"] > 0
    assert suite.total(run) >= run.total_cpu and suite.total(run) >= sum(run.by_kind.values())
    text = suite.report([run, run])
    assert "probe    pytest" in text and "unseen" in text and text.splitlines()[-1].startswith("suite")
