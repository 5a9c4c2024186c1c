"""Moon Tutor's store: learners, every answer they give, ratings, reviews and classes, kept in
a SQL database with SQLAlchemy 2 and Alembic migrations.

Streamlit-free on purpose (the app's components call it; so do the tests and
``python -m bench.store``). The default database is a SQLite file (``data/moon.sqlite3``);
``MOON_DATABASE_URL`` switches to PostgreSQL (``postgresql://…``, driven by psycopg 3). The same
code and migrations serve both.

The modules, each with one job:

- :mod:`store.db` — :class:`Store` (engine, sessions, retries), :func:`open_store`, the URL.
- :mod:`store.models` — the tables.
- :mod:`store.learners` — profiles, tokens (only their hashes are stored), rename, reset.
- :mod:`store.events` — writing answers, give-ups, hands and games (and the outbox that keeps
  them while the database is away).
- :mod:`store.stats` — stars, streaks and statistics computed from the rows.
- :mod:`store.glicko2` and :mod:`store.repetition` — pure rating and review-schedule maths.
- :mod:`store.practice` — the next puzzle for Practice, due reviews, the daily puzzle.
- :mod:`store.classes` — classes, join codes, PINs, the teacher dashboard and its CSV.
- :mod:`store.transfer` — the progress file (export and import) built from the rows.
- :mod:`store.limits` — the ranges and caps a stored row and a progress file keep to.
- :mod:`store.live` — the live class: sessions, questions, players, answers.
- :mod:`store.saved_games` — each learner's unfinished Play game ("Continue your game").
"""

from __future__ import annotations

from store.db import DEFAULT_URL, Store, StoreUnavailable, database_url, open_store

__all__ = ["DEFAULT_URL", "Store", "StoreUnavailable", "database_url", "open_store"]
