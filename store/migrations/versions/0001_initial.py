"""The first tables: learners, lesson and puzzle attempts, puzzle ratings, hands, games,
reviews, classes, class members, wrong-PIN log.

Revision ID: 0001
Revises:
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "classes",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=80), nullable=False),
        sa.Column("join_code", sa.String(length=12), nullable=False),
        sa.Column("teacher_token_hash", sa.String(length=64), nullable=False),
        sa.Column("pin_required", sa.Boolean(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_index(op.f("ix_classes_join_code"), "classes", ["join_code"], unique=True)
    op.create_index(op.f("ix_classes_teacher_token_hash"), "classes", ["teacher_token_hash"], unique=True)
    op.create_table(
        "learners",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("token_hash", sa.String(length=64), nullable=False),
        sa.Column("name", sa.String(length=60), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("rating", sa.Float(), nullable=False),
        sa.Column("rd", sa.Float(), nullable=False),
        sa.Column("vol", sa.Float(), nullable=False),
        sa.Column("imported_best_streak", sa.Integer(), nullable=False),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_index(op.f("ix_learners_token_hash"), "learners", ["token_hash"], unique=True)
    op.create_table(
        "puzzle_ratings",
        sa.Column("puzzle_id", sa.String(length=200), nullable=False),
        sa.Column("rating", sa.Float(), nullable=False),
        sa.Column("rd", sa.Float(), nullable=False),
        sa.Column("vol", sa.Float(), nullable=False),
        sa.Column("plays", sa.Integer(), nullable=False),
        sa.PrimaryKeyConstraint("puzzle_id"),
    )
    op.create_table(
        "class_members",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("class_id", sa.Integer(), nullable=False),
        sa.Column("learner_id", sa.Integer(), nullable=False),
        sa.Column("display_name", sa.String(length=40), nullable=False),
        sa.Column("pin_hash", sa.Text(), nullable=True),
        sa.Column("joined_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["class_id"], ["classes.id"], ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["learner_id"], ["learners.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("class_id", "display_name"),
    )
    op.create_index(op.f("ix_class_members_class_id"), "class_members", ["class_id"], unique=False)
    op.create_index(op.f("ix_class_members_learner_id"), "class_members", ["learner_id"], unique=False)
    op.create_table(
        "games",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("learner_id", sa.Integer(), nullable=False),
        sa.Column("game_key", sa.String(length=200), nullable=False),
        sa.Column("won", sa.Boolean(), nullable=False),
        sa.Column("hands", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["learner_id"], ["learners.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("learner_id", "game_key"),
    )
    op.create_index(op.f("ix_games_learner_id"), "games", ["learner_id"], unique=False)
    op.create_table(
        "hands",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("learner_id", sa.Integer(), nullable=False),
        sa.Column("game_key", sa.String(length=200), nullable=False),
        sa.Column("hand_number", sa.Integer(), nullable=False),
        sa.Column("record", sa.JSON(), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["learner_id"], ["learners.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("learner_id", "game_key", "hand_number"),
    )
    op.create_index(op.f("ix_hands_learner_id"), "hands", ["learner_id"], unique=False)
    op.create_table(
        "lesson_attempts",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("learner_id", sa.Integer(), nullable=False),
        sa.Column("level_id", sa.String(length=200), nullable=False),
        sa.Column("stage_id", sa.String(length=200), nullable=False),
        sa.Column("answer", sa.JSON(), nullable=True),
        sa.Column("correct", sa.Boolean(), nullable=False),
        sa.Column("try_number", sa.Integer(), nullable=False),
        sa.Column("hints", sa.Integer(), nullable=False),
        sa.Column("seconds", sa.Float(), nullable=True),
        sa.Column("par", sa.Integer(), nullable=False),
        sa.Column("imported_stars", sa.Integer(), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["learner_id"], ["learners.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_index("ix_lesson_attempts_learner", "lesson_attempts", ["learner_id", "id"], unique=False)
    op.create_table(
        "pin_failures",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("class_id", sa.Integer(), nullable=False),
        sa.Column("display_name", sa.String(length=40), nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["class_id"], ["classes.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_index("ix_pin_failures_name", "pin_failures", ["class_id", "display_name", "at"], unique=False)
    op.create_table(
        "puzzle_attempts",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("learner_id", sa.Integer(), nullable=False),
        sa.Column("puzzle_id", sa.String(length=200), nullable=False),
        sa.Column("kind", sa.String(length=40), nullable=False),
        sa.Column("themes", sa.JSON(), nullable=False),
        sa.Column("answer", sa.JSON(), nullable=True),
        sa.Column("correct", sa.Boolean(), nullable=False),
        sa.Column("gave_up", sa.Boolean(), nullable=False),
        sa.Column("try_number", sa.Integer(), nullable=False),
        sa.Column("hints", sa.Integer(), nullable=False),
        sa.Column("seconds", sa.Float(), nullable=True),
        sa.Column("rating_after", sa.Float(), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["learner_id"], ["learners.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_index("ix_puzzle_attempts_learner", "puzzle_attempts", ["learner_id", "id"], unique=False)
    op.create_table(
        "reviews",
        sa.Column("learner_id", sa.Integer(), nullable=False),
        sa.Column("item_kind", sa.String(length=10), nullable=False),
        sa.Column("item_id", sa.String(length=200), nullable=False),
        sa.Column("box", sa.Integer(), nullable=False),
        sa.Column("due_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["learner_id"], ["learners.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("learner_id", "item_kind", "item_id"),
    )


def downgrade() -> None:
    op.drop_table("reviews")
    op.drop_index("ix_puzzle_attempts_learner", table_name="puzzle_attempts")
    op.drop_table("puzzle_attempts")
    op.drop_index("ix_pin_failures_name", table_name="pin_failures")
    op.drop_table("pin_failures")
    op.drop_index("ix_lesson_attempts_learner", table_name="lesson_attempts")
    op.drop_table("lesson_attempts")
    op.drop_index(op.f("ix_hands_learner_id"), table_name="hands")
    op.drop_table("hands")
    op.drop_index(op.f("ix_games_learner_id"), table_name="games")
    op.drop_table("games")
    op.drop_index(op.f("ix_class_members_learner_id"), table_name="class_members")
    op.drop_index(op.f("ix_class_members_class_id"), table_name="class_members")
    op.drop_table("class_members")
    op.drop_table("puzzle_ratings")
    op.drop_index(op.f("ix_learners_token_hash"), table_name="learners")
    op.drop_table("learners")
    op.drop_index(op.f("ix_classes_teacher_token_hash"), table_name="classes")
    op.drop_index(op.f("ix_classes_join_code"), table_name="classes")
    op.drop_table("classes")
