"""Answers to Play better positions given in Practice marked as such: ``lesson_attempts``
gains ``practice`` (false for every earlier row). Such an answer counts for its level's stars
but is not where Learn resumes (``store.stats.Summary.last_level``): a position Practice
served last no longer reopens Learn at that level.

Revision ID: 0010
Revises: 0009
Create Date: 2026-12-06
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("lesson_attempts", sa.Column("practice", sa.Boolean(), nullable=False, server_default=sa.false()))


def downgrade() -> None:
    with op.batch_alter_table("lesson_attempts") as batch:
        batch.drop_column("practice")
