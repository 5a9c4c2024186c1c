"""Names are unique in a class and in a live class whatever their case and spacing, and a class
remembers the profile that made it (so its teacher finds it again on the Classes page).

``class_members.name_key`` and ``live_players.name_key`` hold the name folded
(:func:`store.learners.name_key`: single-spaced, case-folded), each unique in its class or
session. Names already stored that fold to the same key (say "Dup" and "dup" in one class) stay
as they are: the first one joined keeps the plain key, every later one gets its key followed by
``#`` and its row id, so nobody loses their place and a new join of the name finds the first.

``classes.owner_id`` is the learner who made the class (empty for the classes made before; a
plain column, as learners are never deleted: a foreign key would need a copy of ``classes`` on
SQLite, which would cascade to every class member).

Revision ID: 0005
Revises: 0004
Create Date: 2026-12-04
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None

#: The key's length (a folded 40-character name can grow: "ß" folds to "ss").
KEY_LENGTH = 160


def _key(name: str) -> str:
    """The folded name as this migration stores it (the same rule as ``store.learners.name_key``
    when it was written; a migration never changes)."""
    text = "".join(ch for ch in str(name) if ch.isprintable())
    return " ".join(text.split()).casefold()[:KEY_LENGTH]


def _fill(table: str, group: str, name: str) -> None:
    conn = op.get_bind()
    rows = conn.execute(sa.text(f"SELECT id, {group}, {name} FROM {table} ORDER BY id")).all()
    seen: set[tuple[int, str]] = set()
    for row_id, owner, value in rows:
        key = _key(value)
        if (owner, key) in seen:
            key = f"{key[:KEY_LENGTH - 12]}#{row_id}"
        seen.add((owner, key))
        conn.execute(sa.text(f"UPDATE {table} SET name_key = :k WHERE id = :id"), {"k": key, "id": row_id})


def upgrade() -> None:
    for table, group, name in (("class_members", "class_id", "display_name"), ("live_players", "session_id", "name")):
        op.add_column(table, sa.Column("name_key", sa.String(length=KEY_LENGTH), nullable=False, server_default=""))
        _fill(table, group, name)
        op.create_index(f"ix_{table}_name_key", table, [group, "name_key"], unique=True)
    op.add_column("classes", sa.Column("owner_id", sa.Integer(), nullable=True))
    op.create_index("ix_classes_owner_id", "classes", ["owner_id"], unique=False)


def _drop_column(table: str, column: str) -> None:
    # ALTER TABLE … DROP COLUMN, never a copy of the table: on SQLite, dropping the old table
    # would cascade to the rows that hang on it (class members, live answers).
    op.execute(f"ALTER TABLE {table} DROP COLUMN {column}")


def downgrade() -> None:
    op.drop_index("ix_classes_owner_id", table_name="classes")
    _drop_column("classes", "owner_id")
    for table in ("live_players", "class_members"):
        op.drop_index(f"ix_{table}_name_key", table_name=table)
        _drop_column(table, "name_key")
