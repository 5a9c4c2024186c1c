"""The Play better principles a learner's own games show them missing (``store.practice``).

``principle_misses`` has one row per play of a learner's Play game that the hand review found
leaving a principle (the principle's id, the game, hand and trick, the tile played, the better
tile, the number of players), so Practice can serve positions of that principle. The rows go
with their learner.

Revision ID: 0009
Revises: 0008
Create Date: 2026-12-06
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "principle_misses",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("learner_id", sa.Integer(), nullable=False),
        sa.Column("principle", sa.String(length=60), nullable=False),
        sa.Column("game_key", sa.String(length=200), nullable=False),
        sa.Column("hand_number", sa.Integer(), nullable=False),
        sa.Column("trick", sa.Integer(), nullable=False),
        sa.Column("tile", sa.String(length=5), nullable=False),
        sa.Column("better", sa.String(length=5), nullable=False),
        sa.Column("players", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["learner_id"], ["learners.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("learner_id", "game_key", "hand_number", "trick"),
    )
    op.create_index("ix_principle_misses_learner", "principle_misses", ["learner_id", "id"], unique=False)


def downgrade() -> None:
    op.drop_index("ix_principle_misses_learner", table_name="principle_misses")
    op.drop_table("principle_misses")
