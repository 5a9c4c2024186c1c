"""Alembic environment: run by :func:`store.db.migrate` with a connection already open."""

from __future__ import annotations

from alembic import context

from store.models import Base


def run() -> None:
    """Run the migrations on the connection :func:`store.db.migrate` passed."""
    connection = context.config.attributes.get("connection")
    if connection is None:
        raise RuntimeError("Run the migrations with store.db.migrate(store).")
    context.configure(connection=connection, target_metadata=Base.metadata, render_as_batch=True)
    with context.begin_transaction():
        context.run_migrations()


try:
    _in_alembic = context.config is not None
except AttributeError:  # imported outside Alembic (the doctest collection does)
    _in_alembic = False
if _in_alembic:
    run()
