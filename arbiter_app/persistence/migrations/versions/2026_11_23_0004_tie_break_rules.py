"""the tie-break regulation of a tournament (C.07 2026, C.07 2024 or the Arbiters' Manual)

Existing tournaments keep the Arbiters' Manual and their list of codes.

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-23 16:00:00
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0004"
down_revision: str | None = "0003"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("tournaments") as batch:
        batch.add_column(
            sa.Column("tie_break_rules", sa.String(length=40), nullable=False, server_default="arbiters-manual")
        )


def downgrade() -> None:
    with op.batch_alter_table("tournaments") as batch:
        batch.drop_column("tie_break_rules")
