"""The database: where it is, opening it (migrations applied), sessions and retries.

>>> database_url({}).endswith("data/moon.sqlite3")
True
>>> database_url({"MOON_DATABASE_URL": "postgresql://u@h/db"})
'postgresql+psycopg://u@h/db'
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import Any, TypeVar

from sqlalchemy import create_engine, event
from sqlalchemy.engine import Engine
from sqlalchemy.engine.interfaces import DBAPIConnection
from sqlalchemy.exc import DBAPIError, OperationalError
from sqlalchemy.orm import Session, sessionmaker
from sqlalchemy.pool import ConnectionPoolEntry

__all__ = ["DATA_DIR", "DEFAULT_URL", "Store", "StoreUnavailable", "database_url", "migrate", "open_store"]

ROOT = Path(__file__).resolve().parents[1]
#: The folder of the default SQLite database (git-ignored).
DATA_DIR = ROOT / "data"
DEFAULT_URL = f"sqlite:///{DATA_DIR / 'moon.sqlite3'}"
_MIGRATIONS = Path(__file__).resolve().parent / "migrations"

T = TypeVar("T")


class StoreUnavailable(RuntimeError):
    """The database could not be reached (after retrying); nothing was written."""


def database_url(env: Mapping[str, str] | None = None, secret: str | None = None) -> str:
    """The database URL: ``MOON_DATABASE_URL`` from ``env`` (the process environment by
    default), else ``secret`` (the app passes Streamlit's secret of that name), else the
    SQLite file under ``data/``. ``postgresql://`` URLs get the psycopg 3 driver."""
    import os

    env = os.environ if env is None else env
    url = (env.get("MOON_DATABASE_URL") or secret or DEFAULT_URL).strip()
    for prefix in ("postgresql://", "postgres://"):
        if url.startswith(prefix):
            url = "postgresql+psycopg://" + url[len(prefix):]
    return url


def _is_transient(e: BaseException) -> bool:
    if isinstance(e, OperationalError):
        return True
    return isinstance(e, DBAPIError) and bool(e.connection_invalidated)


class Store:
    """One database: an engine and a session factory. Use :meth:`run` for work that should
    survive a short outage (it retries), or :meth:`session` for a plain transaction."""

    def __init__(self, url: str, *, retries: int = 3, backoff: float = 0.2, pause: float = 5.0,
                 echo: bool = False) -> None:
        self.url = url
        self.retries = retries
        self.backoff = backoff
        #: After the retries fail, calls fail at once for this many seconds (then try again).
        self.pause = pause
        self._down_until = 0.0
        kwargs: dict[str, Any] = {"echo": echo, "future": True}  # Any: create_engine's options differ in type
        if url.startswith("sqlite"):
            kwargs["connect_args"] = {"timeout": 30, "check_same_thread": False}
        else:
            kwargs.update(pool_pre_ping=True, pool_size=5, max_overflow=5, pool_recycle=1800)
        self.engine: Engine = create_engine(url, **kwargs)
        if url.startswith("sqlite"):
            event.listen(self.engine, "connect", _sqlite_pragmas)
        self._sessions = sessionmaker(self.engine, expire_on_commit=False)

    @property
    def dialect(self) -> str:
        """``sqlite`` or ``postgresql``."""
        return self.engine.dialect.name

    def __repr__(self) -> str:  # the URL may hold a password: never show it
        return f"Store({self.dialect})"

    @contextmanager
    def session(self, *, immediate: bool = False) -> Iterator[Session]:
        """A transaction: committed at the end of the block, rolled back on error.

        ``immediate=True`` serialises it with every other writer on SQLite: it starts with
        ``BEGIN IMMEDIATE``, which takes the database's write lock before the first read, so
        what the block reads cannot change before it writes (others wait, up to the busy
        timeout). On PostgreSQL it is a plain transaction: lock the rows the block reads
        (``session.get(Model, id, with_for_update=True)``, ``select(...).with_for_update()``)
        or take an advisory lock."""
        with self._sessions() as s, s.begin():
            if immediate and self.dialect == "sqlite":
                conn = s.connection()
                # The sqlite3 driver begins a transaction lazily, at the first write: begin it now.
                if not conn.connection.dbapi_connection.in_transaction:  # type: ignore[union-attr]
                    conn.exec_driver_sql("BEGIN IMMEDIATE")
            yield s

    def run(self, work: Callable[[Session], T], *, immediate: bool = False) -> T:
        """Run ``work(session)`` in a transaction, retrying a few times (with a growing pause)
        when the database is unreachable; raises :class:`StoreUnavailable` if it stays so (and,
        for the next ``pause`` seconds, at once: a page does not wait once per call).
        ``work`` must be safe to repeat (a failed try is rolled back whole). ``immediate``: see
        :meth:`session` (work that reads and then writes on what it read runs one at a time)."""
        if time.monotonic() < self._down_until:  # it just failed: do not make every caller wait again
            raise StoreUnavailable("The progress database cannot be reached just now.")
        delay = self.backoff
        for attempt in range(self.retries + 1):
            try:
                with self.session(immediate=immediate) as s:
                    out = work(s)
                self._down_until = 0.0
                return out
            except (OperationalError, DBAPIError) as e:
                if not _is_transient(e):
                    raise
                if attempt == self.retries:
                    self._down_until = time.monotonic() + self.pause
                    raise StoreUnavailable("The progress database cannot be reached just now.") from None
                time.sleep(delay)
                delay *= 3
        raise AssertionError("unreachable")  # pragma: no cover

    def dispose(self) -> None:
        """Close every pooled connection."""
        self.engine.dispose()


def _sqlite_pragmas(dbapi_conn: DBAPIConnection, _record: ConnectionPoolEntry) -> None:
    cur = dbapi_conn.cursor()
    cur.execute("PRAGMA foreign_keys=ON")
    cur.execute("PRAGMA journal_mode=WAL")
    cur.execute("PRAGMA busy_timeout=30000")
    cur.execute("PRAGMA synchronous=NORMAL")
    cur.close()


def migrate(store: Store, revision: str = "head") -> None:
    """Bring the database's tables up to ``revision`` with the Alembic migrations in
    ``store/migrations`` (several processes may call this at once)."""
    from alembic import command
    from alembic.config import Config

    cfg = Config()
    cfg.set_main_option("script_location", str(_MIGRATIONS))
    with store.engine.begin() as conn:
        if store.dialect == "postgresql":
            from sqlalchemy import text

            conn.execute(text("SELECT pg_advisory_xact_lock(4242001)"))
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, revision)


_open: dict[str, Store] = {}
_open_lock = threading.Lock()
#: URL -> until when (``time.monotonic``) opening it fails at once, after it could not be reached.
_open_failed: dict[str, float] = {}


def open_store(url: str | None = None, *, migrate_now: bool = True) -> Store:
    """The :class:`Store` for ``url`` (default :func:`database_url`), made once per process,
    its migrations applied. A SQLite file's folder is created when missing.

    When the database cannot be reached (the migrations cannot run) it raises
    :class:`StoreUnavailable` and keeps nothing: a later call tries again, once the store's
    ``pause`` has passed (calls before then fail at once, so a page does not wait on each)."""
    url = url or database_url()
    with _open_lock:
        store = _open.get(url)
        if store is not None:
            return store
        if time.monotonic() < _open_failed.get(url, 0.0):
            raise StoreUnavailable("The progress database cannot be reached just now.")
        if url.startswith("sqlite:///") and ":memory:" not in url:
            Path(url.removeprefix("sqlite:///")).parent.mkdir(parents=True, exist_ok=True)
        store = Store(url)
        if migrate_now:
            try:
                migrate(store)
            except (OperationalError, DBAPIError) as e:
                store.dispose()
                if not _is_transient(e):
                    raise
                _open_failed[url] = time.monotonic() + store.pause
                raise StoreUnavailable("The progress database cannot be reached just now.") from None
        _open_failed.pop(url, None)
        _open[url] = store
        return store
