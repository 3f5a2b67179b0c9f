"""the tournament's pairing system (Swiss or round robin by the Berger tables, C.05 Annex 1), frozen after
round 1; the round robin's double flag and the reversal of the first cycle's last two rounds; each player's
Berger number (drawn by lot, or set by hand before round 1) and the seed of the drawing

Revision ID: 0007
Revises: 0006
Create Date: 2026-11-23 17:15:00
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0007"
down_revision: str | None = "0006"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("tournaments") as batch:
        batch.add_column(sa.Column("system", sa.String(length=20), nullable=False, server_default="swiss"))
        batch.add_column(sa.Column("double_round_robin", sa.Boolean(), nullable=False, server_default=sa.false()))
        batch.add_column(sa.Column("reverse_last_two", sa.Boolean(), nullable=False, server_default=sa.false()))
        batch.add_column(sa.Column("berger_seed", sa.Integer(), nullable=True))
    with op.batch_alter_table("players") as batch:
        batch.add_column(sa.Column("berger_number", sa.Integer(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("players") as batch:
        batch.drop_column("berger_number")
    with op.batch_alter_table("tournaments") as batch:
        batch.drop_column("berger_seed")
        batch.drop_column("reverse_last_two")
        batch.drop_column("double_round_robin")
        batch.drop_column("system")
