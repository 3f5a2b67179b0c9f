"""each tournament's announced criterion for the initial ranking of equal rating and title (C.04.2-2026 2.2.3,
checklist Q146); ranks set by TPN exchanges (Q147); players not eligible for half-point byes (Q175), expelled players (Q197) and unrated games (Q185)

Revision ID: 0014
Revises: 0011
Create Date: 2026-11-23 22:30:00
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0014"
down_revision: str | None = "0011"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    # Plain ALTER TABLE ADD COLUMN: a batch rebuild of ``tournaments`` would drop revision 0008's trigger.
    op.add_column("tournaments", sa.Column("tie_order", sa.String(20), nullable=False, server_default="name"))
    op.add_column("players", sa.Column("half_bye_eligible", sa.Boolean(), nullable=False, server_default=sa.true()))
    op.add_column("players", sa.Column("expelled", sa.Boolean(), nullable=False, server_default=sa.false()))
    op.add_column("players", sa.Column("tie_rank", sa.Integer(), nullable=True))
    op.add_column("boards", sa.Column("unrated", sa.Boolean(), nullable=False, server_default=sa.false()))


def downgrade() -> None:
    with op.batch_alter_table("boards") as batch:
        batch.drop_column("unrated")
    with op.batch_alter_table("players") as batch:
        batch.drop_column("tie_rank")
        batch.drop_column("expelled")
        batch.drop_column("half_bye_eligible")
    with op.batch_alter_table("tournaments") as batch:
        batch.drop_column("tie_order")
