"""Wrong PINs remember the client that sent them (a hash), so a client's wrong PINs can be
limited across names and classes.

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
    with op.batch_alter_table("pin_failures") as batch:
        batch.add_column(sa.Column("client_key", sa.String(length=64), nullable=True))
    op.create_index("ix_pin_failures_client", "pin_failures", ["client_key", "at"], unique=False)
    op.create_index("ix_pin_failures_class", "pin_failures", ["class_id", "at"], unique=False)


def downgrade() -> None:
    op.drop_index("ix_pin_failures_class", table_name="pin_failures")
    op.drop_index("ix_pin_failures_client", table_name="pin_failures")
    with op.batch_alter_table("pin_failures") as batch:
        batch.drop_column("client_key")
