"""A device that joins a class as a student already in it (name and PIN) gets its own token
for that student (``store.learners.add_device``), so its cookie opens the student's profile
after a reload instead of the device's own.

``learner_devices`` holds one row per such device: the learner and the SHA-256 of the device's
token (never the token). The rows go with their learner; a New link deletes them.

Revision ID: 0007
Revises: 0006
Create Date: 2026-12-05
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "learner_devices",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("learner_id", sa.Integer(), nullable=False),
        sa.Column("token_hash", sa.String(length=64), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["learner_id"], ["learners.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_index("ix_learner_devices_learner_id", "learner_devices", ["learner_id"], unique=False)
    op.create_index("ix_learner_devices_token_hash", "learner_devices", ["token_hash"], unique=True)


def downgrade() -> None:
    op.drop_index("ix_learner_devices_token_hash", table_name="learner_devices")
    op.drop_index("ix_learner_devices_learner_id", table_name="learner_devices")
    op.drop_table("learner_devices")
