"""A live-class student who leaves is no longer counted in the room.

``live_players.left_at`` is when the student pressed "Leave this class" (empty while they are
in it; a student who joins again takes their row back and it is emptied). The presenter counts
only the students with none.

Revision ID: 0008
Revises: 0007
Create Date: 2026-12-05
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("live_players", sa.Column("left_at", sa.DateTime(timezone=True), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("live_players") as batch:
        batch.drop_column("left_at")
