"""A private, throw-away PostgreSQL server for tests and benchmarks: ``initdb`` in a temporary
folder, ``pg_ctl start`` on a free local port, stopped and deleted afterwards
(:func:`private_server`; :func:`private_cluster` also lets a test stop and start it). Uses Debian's
``postgresql`` binaries; as root it runs them as the ``postgres`` user (PostgreSQL refuses
to run as root).
"""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

__all__ = ["PrivateServer", "find_bin", "private_cluster", "private_server", "unavailable_reason"]


def find_bin() -> Path | None:
    """The folder of ``initdb`` and ``pg_ctl`` (newest version), or ``None``."""
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=lambda p: int(p.split("/")[4]))
    if found:
        return Path(found[-1]).parent
    initdb = shutil.which("initdb")
    return Path(initdb).parent if initdb else None


def _runner() -> list[str] | None:
    if os.geteuid() != 0:
        return []
    try:
        pwd.getpwnam("postgres")
    except KeyError:
        return None
    return ["runuser", "-u", "postgres", "--"]


def unavailable_reason() -> str | None:
    """Why no private server can be started here (``None`` when one can)."""
    if find_bin() is None:
        return "PostgreSQL is not installed (apt-get install postgresql)"
    if _runner() is None:
        return "running as root and there is no 'postgres' user to run the server"
    return None


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class PrivateServer:
    """A private server's handle: its ``url``, and :meth:`stop` / :meth:`start` to take it
    away and bring it back on the same port (a real outage, for tests)."""

    def __init__(self, bindir: Path, run: list[str], tmp: Path, port: int, dbname: str) -> None:
        self.url = f"postgresql+psycopg://postgres@127.0.0.1:{port}/{dbname}"
        self._pg_ctl = [*run, str(bindir / "pg_ctl"), "-D", str(tmp / "data")]
        self._opts = f"-p {port} -k {tmp} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off"
        self._log = tmp / "log"
        self._env = {**os.environ, "LC_ALL": "C.UTF-8", "LANG": "C.UTF-8"}
        self.running = False

    def start(self) -> None:
        """Start the server (and wait until it takes connections)."""
        subprocess.run([*self._pg_ctl, "-o", self._opts, "-l", str(self._log), "-w", "-t", "60", "start"],
                       check=True, capture_output=True, env=self._env)
        self.running = True

    def stop(self) -> None:
        """Stop the server (open connections are closed)."""
        subprocess.run([*self._pg_ctl, "-m", "fast", "-w", "stop"], check=True, capture_output=True, env=self._env)
        self.running = False


@contextmanager
def private_cluster(dbname: str = "moon_test") -> Iterator[PrivateServer]:
    """Start a private server with one database; yields its :class:`PrivateServer` (stopped
    and deleted afterwards)."""
    reason = unavailable_reason()
    if reason:
        raise RuntimeError(reason)
    bindir = find_bin()
    assert bindir is not None
    run = _runner() or []
    tmp = Path(tempfile.mkdtemp(prefix="moon-pg-"))
    if run:
        shutil.chown(tmp, "postgres", "postgres")
    port = _free_port()
    server = PrivateServer(bindir, run, tmp, port, dbname)
    try:
        subprocess.run([*run, str(bindir / "initdb"), "-D", str(tmp / "data"), "-U", "postgres", "-A", "trust",
                        "-E", "UTF8", "--no-sync"], check=True, capture_output=True, env=server._env)
        server.start()
        subprocess.run([*run, str(bindir / "createdb"), "-h", "127.0.0.1", "-p", str(port), "-U", "postgres",
                        dbname], check=True, capture_output=True, env=server._env)
        yield server
    finally:
        if server.running:
            subprocess.run([*server._pg_ctl, "-m", "fast", "-w", "stop"], capture_output=True, env=server._env)
        shutil.rmtree(tmp, ignore_errors=True)


@contextmanager
def private_server(dbname: str = "moon_test") -> Iterator[str]:
    """Start a private server with one database; yields its SQLAlchemy URL."""
    with private_cluster(dbname) as server:
        yield server.url
