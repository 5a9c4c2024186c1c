"""Imported progress kept apart: the summary counts a progress file claims (hands played,
games won) as two counts on the learner, and a mark on every answer loaded from a file.

Revision ID: 0003
Revises: 0002
Create Date: 2026-12-04
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("learners", sa.Column("imported_hands", sa.Integer(), nullable=False, server_default="0"))
    op.add_column("learners", sa.Column("imported_games_won", sa.Integer(), nullable=False, server_default="0"))
    for table in ("lesson_attempts", "puzzle_attempts"):
        op.add_column(table, sa.Column("imported", sa.Boolean(), nullable=False, server_default=sa.false()))
    # Rows a version-1 file made (they carry its stars) came from a file too.
    op.execute(sa.text("UPDATE lesson_attempts SET imported = :yes WHERE imported_stars IS NOT NULL")
               .bindparams(yes=True))


def downgrade() -> None:
    for table in ("puzzle_attempts", "lesson_attempts"):
        with op.batch_alter_table(table) as batch:
            batch.drop_column("imported")
    with op.batch_alter_table("learners") as batch:
        batch.drop_column("imported_games_won")
        batch.drop_column("imported_hands")
