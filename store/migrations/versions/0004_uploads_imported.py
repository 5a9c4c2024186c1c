"""Imported progress kept apart: the summary counts a progress file claims (hands played,
games won) as two counts on the learner, and a mark on every answer loaded from a file.

The rows an older import of a version-1 file made, one per hand and per game won (game keys
``imported-…``), become those counts (at most the caps of ``store.limits``) and are deleted;
a downgrade does not bring them back.

Revision ID: 0004
Revises: 0003
Create Date: 2026-12-04
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

#: The caps of ``store.limits`` when this migration was written (a migration never changes).
MAX_HANDS_PLAYED, MAX_GAMES = 10_000, 2_000

revision = "0004"
down_revision = "0003"
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
    # One row per hand and per game won from old version-1 imports: counts instead.
    op.execute(sa.text(
        "UPDATE learners SET imported_hands = (SELECT CASE WHEN count(*) > :hands THEN :hands ELSE count(*) END "
        "FROM hands WHERE hands.learner_id = learners.id AND hands.game_key LIKE 'imported-%')"
    ).bindparams(hands=MAX_HANDS_PLAYED))
    op.execute(sa.text(
        "UPDATE learners SET imported_games_won = (SELECT CASE WHEN count(*) > :games THEN :games ELSE count(*) END "
        "FROM games WHERE games.learner_id = learners.id AND games.game_key LIKE 'imported-%' AND games.won = :yes)"
    ).bindparams(games=MAX_GAMES, yes=True))
    op.execute("DELETE FROM hands WHERE game_key LIKE 'imported-%'")
    op.execute("DELETE FROM games WHERE game_key LIKE 'imported-%'")


def downgrade() -> None:
    for table in ("puzzle_attempts", "lesson_attempts"):
        with op.batch_alter_table(table) as batch:
            batch.drop_column("imported")
    with op.batch_alter_table("learners") as batch:
        batch.drop_column("imported_games_won")
        batch.drop_column("imported_hands")
