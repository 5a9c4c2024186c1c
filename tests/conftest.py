"""Shared test set-up: the app under test (AppTest and the browser tests' ``streamlit run``)
keeps its progress in a throw-away SQLite file, never in ``data/moon.sqlite3``."""

from __future__ import annotations

import os
import tempfile

if not os.environ.get("MOON_DATABASE_URL"):
    os.environ["MOON_DATABASE_URL"] = f"sqlite:///{tempfile.mkdtemp(prefix='moon-test-db-')}/moon.sqlite3"
