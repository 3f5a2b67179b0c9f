"""results corrected for the rating report only, kept apart from the boards' results (C.04.2-2026 4.3,
checklist Q192)

Revision ID: 0013
Revises: 0016
Create Date: 2026-11-23 22:15:00
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0013"
down_revision: str | None = "0016"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "rating_results",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("tournament_id", sa.Integer(), nullable=False),
        sa.Column("round_number", sa.Integer(), nullable=False),
        sa.Column("white_id", sa.Integer(), nullable=False),
        sa.Column("black_id", sa.Integer(), nullable=False),
        sa.Column("result", sa.String(length=7), nullable=False),
        sa.Column("forfeit", sa.Boolean(), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.CheckConstraint(
            "(forfeit AND result IN ('1-0', '0-1', '0-0')) OR "
            "(NOT forfeit AND result IN ('1-0', '0-1', '1/2-1/2', '1/2-0', '0-1/2', '0-0'))",
            name=op.f("ck_rating_results_result"),
        ),
        sa.ForeignKeyConstraint(
            ["tournament_id"],
            ["tournaments.id"],
            name=op.f("fk_rating_results_tournament_id_tournaments"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["white_id"], ["players.id"], name=op.f("fk_rating_results_white_id_players"), ondelete="CASCADE"
        ),
        sa.ForeignKeyConstraint(
            ["black_id"], ["players.id"], name=op.f("fk_rating_results_black_id_players"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_rating_results")),
        sa.UniqueConstraint(
            "tournament_id",
            "round_number",
            "white_id",
            "black_id",
            name=op.f("uq_rating_results_tournament_id_round_number_white_id_black_id"),
        ),
    )
    op.create_index(op.f("ix_rating_results_tournament_id"), "rating_results", ["tournament_id"], unique=False)


def downgrade() -> None:
    op.drop_index(op.f("ix_rating_results_tournament_id"), table_name="rating_results")
    op.drop_table("rating_results")
