"""Fixtures of the store's tests: every test taking ``store`` runs twice, on a fresh SQLite
file and on PostgreSQL.

PostgreSQL comes from ``MOON_TEST_POSTGRES_URL`` (``.ci/run`` sets it) or, when that is not
set, from a private server this session starts with Debian's binaries (``store.pgserver``).
Only when neither is possible are the PostgreSQL runs skipped, with the reason; under CI
(``CI=true``) a missing PostgreSQL is an error instead.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import text

from store.db import Store, database_url, migrate
from store.models import Base
from store.pgserver import private_server, unavailable_reason


@pytest.fixture(scope="session")
def postgres_url() -> Iterator[str]:
    """A PostgreSQL URL for this test session (see the module docstring)."""
    url = os.environ.get("MOON_TEST_POSTGRES_URL")
    if url:
        yield database_url({"MOON_DATABASE_URL": url})
        return
    reason = unavailable_reason()
    if reason:
        if os.environ.get("CI") == "true":
            pytest.fail(f"CI must test the store on PostgreSQL: MOON_TEST_POSTGRES_URL is not set and {reason}")
        pytest.skip(f"no PostgreSQL for the store tests: {reason}")
    with private_server() as url:
        yield url


@pytest.fixture(scope="session")
def _pg_store(postgres_url: str) -> Iterator[Store]:
    s = Store(postgres_url, backoff=0.01)
    migrate(s)
    yield s
    s.dispose()


def _empty(store: Store) -> None:
    names = ", ".join(t.name for t in Base.metadata.sorted_tables)
    with store.engine.begin() as conn:
        conn.execute(text(f"TRUNCATE {names} RESTART IDENTITY CASCADE"))


@pytest.fixture(params=["sqlite", "postgresql"])
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Store]:
    """A migrated, empty store on SQLite, then on PostgreSQL."""
    if request.param == "sqlite":
        s = Store(f"sqlite:///{tmp_path / 'moon.sqlite3'}", backoff=0.01)
        migrate(s)
        yield s
        s.dispose()
    else:
        pg: Store = request.getfixturevalue("_pg_store")
        _empty(pg)
        yield pg
