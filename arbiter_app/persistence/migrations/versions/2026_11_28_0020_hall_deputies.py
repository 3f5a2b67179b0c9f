"""deputies let in from the hall's network and the results they sent (issue 31)

Revision ID: 0020
Revises: 0019
Create Date: 2026-11-28 02:00:00

``deputies`` holds each deputy's name, board range, expiry, revocation and the
SHA-256 of his token (never the token); ``deputy_entries`` each result a
deputy sent, entered or held as a conflict for the chief arbiter.
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0020"
down_revision: str | None = "0019"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "deputies",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("tournament_id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=100), nullable=False),
        sa.Column("token_hash", sa.String(length=64), nullable=False),
        sa.Column("first_board", sa.Integer(), nullable=False),
        sa.Column("last_board", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.Column("expires_at", sa.DateTime(), nullable=False),
        sa.Column("revoked_at", sa.DateTime(), nullable=True),
        sa.Column("created_by", sa.String(length=200), server_default="", nullable=False),
        sa.ForeignKeyConstraint(
            ["tournament_id"],
            ["tournaments.id"],
            name=op.f("fk_deputies_tournament_id_tournaments"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_deputies")),
        sa.UniqueConstraint("token_hash", name=op.f("uq_deputies_token_hash")),
    )
    op.create_index(op.f("ix_deputies_tournament_id"), "deputies", ["tournament_id"], unique=False)
    op.create_table(
        "deputy_entries",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("tournament_id", sa.Integer(), nullable=False),
        sa.Column("deputy_id", sa.Integer(), nullable=False),
        sa.Column("round_number", sa.Integer(), nullable=False),
        sa.Column("board_number", sa.Integer(), nullable=False),
        sa.Column("result", sa.String(length=20), nullable=False),
        sa.Column("previous", sa.String(length=20), nullable=True),
        sa.Column("status", sa.String(length=20), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.Column("decided_at", sa.DateTime(), nullable=True),
        sa.Column("decided_by", sa.String(length=200), server_default="", nullable=False),
        sa.ForeignKeyConstraint(
            ["deputy_id"], ["deputies.id"], name=op.f("fk_deputy_entries_deputy_id_deputies"), ondelete="CASCADE"
        ),
        sa.ForeignKeyConstraint(
            ["tournament_id"],
            ["tournaments.id"],
            name=op.f("fk_deputy_entries_tournament_id_tournaments"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_deputy_entries")),
    )
    op.create_index(op.f("ix_deputy_entries_deputy_id"), "deputy_entries", ["deputy_id"], unique=False)
    op.create_index(op.f("ix_deputy_entries_tournament_id"), "deputy_entries", ["tournament_id"], unique=False)


def downgrade() -> None:
    op.drop_index(op.f("ix_deputy_entries_tournament_id"), table_name="deputy_entries")
    op.drop_index(op.f("ix_deputy_entries_deputy_id"), table_name="deputy_entries")
    op.drop_table("deputy_entries")
    op.drop_index(op.f("ix_deputies_tournament_id"), table_name="deputies")
    op.drop_table("deputies")
