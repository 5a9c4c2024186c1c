"""Alembic environment: run by :func:`store.db.migrate` with a connection already open."""

from __future__ import annotations

from alembic import context

from store.models import Base

connection = context.config.attributes.get("connection")
if connection is None:  # pragma: no cover - the app always passes its connection
    raise RuntimeError("Run the migrations with store.db.migrate(store).")

context.configure(connection=connection, target_metadata=Base.metadata, render_as_batch=True)
with context.begin_transaction():
    context.run_migrations()
