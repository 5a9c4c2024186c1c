"""A learner's unfinished Play game, kept to be continued anywhere (``store.saved_games``).

``saved_games`` has one row per learner: the Play page's query that rebuilds the game (a JSON
object of texts: deal, players, rules, seat, level, moves) and when it was last saved. The row
goes with its learner.

Revision ID: 0006
Revises: 0005
Create Date: 2026-12-05
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "saved_games",
        sa.Column("learner_id", sa.Integer(), nullable=False),
        sa.Column("query", sa.JSON(), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["learner_id"], ["learners.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("learner_id"),
    )


def downgrade() -> None:
    op.drop_table("saved_games")
