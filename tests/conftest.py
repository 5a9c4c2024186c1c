"""Shared pytest set-up.

- The app under test (AppTest and the browser tests' ``streamlit run``) keeps its progress in
  a throw-away SQLite file, never in ``data/moon.sqlite3``.
- ``tests/`` is on ``sys.path`` (this file lives there), so tests import the shared helpers
  with ``from helpers import ...`` (fixed deals, a game driver, the reference solver).
- Doctests are collected by pytest itself: ``--doctest-modules`` over the packages in
  ``pyproject.toml``'s ``testpaths`` (scripts that run on import, the Streamlit pages and the
  notebook, are ``--ignore``\\ d there). No test keeps a list of modules to doctest.
  A run that covers one of those packages and runs none of its doctests fails at the end
  (:func:`pytest_sessionfinish`), so a collection mistake cannot pass unnoticed.
"""

from __future__ import annotations

import os
import re
import tempfile
from pathlib import Path

import pytest

from engine import Game, RuleSet

from helpers import deal_game

# One file per test process: xdist workers inherit the controller's environment, so a URL this
# conftest made (marked by _OWN_DB) is replaced in each worker; two workers migrating one fresh
# file at once failed with "table ... already exists". A URL the user set is kept.
_OWN_DB = "MOON_TEST_OWN_DATABASE"
if not os.environ.get("MOON_DATABASE_URL") or os.environ.get(_OWN_DB) == "1":
    os.environ["MOON_DATABASE_URL"] = f"sqlite:///{tempfile.mkdtemp(prefix='moon-test-db-')}/moon.sqlite3"
    os.environ[_OWN_DB] = "1"

ROOT = Path(__file__).resolve().parent.parent
#: The packages whose docstring examples pytest runs.
DOCTEST_PACKAGES = ("engine", "content", "lessons", "puzzles", "notebook", "tutorial", "store")

_doctests_seen: set[str] = set()


def _covered_packages(config: pytest.Config) -> set[str]:
    """The doctest packages this run collects as a whole directory (or the whole project)."""
    out: set[str] = set()
    for arg in config.args:
        path = Path(arg.split("::")[0])
        path = (path if path.is_absolute() else Path(config.invocation_params.dir) / path).resolve()
        for pkg in DOCTEST_PACKAGES:
            if path in (ROOT, ROOT / pkg):
                out.add(pkg)
    return out


class _DoctestWatch:
    """Notes each package whose doctests ran. A plugin of its own, not a hook of this file:
    pytest calls a conftest's test hooks only for the tests under its directory (``tests/``),
    so the doctests of ``engine/`` and the rest never reached it in a single-process run
    (with xdist the controller's reports go to every plugin, which hid it)."""

    @staticmethod
    def pytest_runtest_logreport(report: pytest.TestReport) -> None:
        if report.when == "call" and (report.head_line or "").startswith("[doctest]"):
            _doctests_seen.add(report.nodeid.split("/")[0])


def pytest_configure(config: pytest.Config) -> None:
    """Register :class:`_DoctestWatch` for the whole run."""
    if not config.pluginmanager.has_plugin("moon-doctest-watch"):
        config.pluginmanager.register(_DoctestWatch(), "moon-doctest-watch")


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    """Fail the run when a covered package ran no doctest at all."""
    config = session.config
    if not config.getoption("doctestmodules", default=False) or exitstatus != 0 or hasattr(config, "workerinput"):
        return
    marks = config.getoption("markexpr")
    if config.getoption("keyword") or (marks and not re.fullmatch(r"not \w+( and not \w+)*", marks)):
        return  # a run filtered down to some tests may legitimately leave the doctests out
    missing = sorted(_covered_packages(config) - _doctests_seen)
    if missing:
        writer = config.get_terminal_writer()
        writer.line()
        writer.line(
            f"conftest: no doctest ran in {', '.join(missing)}: check --doctest-modules and testpaths",
            red=True,
        )
        session.exitstatus = pytest.ExitCode.TESTS_FAILED


@pytest.fixture
def game3() -> Game:
    """The three-player fixed deal (:data:`helpers.HANDS3`, widow 0-0), seat 0 first."""
    return deal_game(RuleSet())


@pytest.fixture
def game4() -> Game:
    """The four-player fixed deal (:data:`helpers.HANDS4`), seat 0 first."""
    return deal_game(RuleSet(players=4))
