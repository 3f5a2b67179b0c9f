"""the layout of the TRF file a tournament was imported from (lines, order, spelling, line break), so that an
export in that file's format gives back what has not changed since import

Revision ID: 0009
Revises: 0008
Create Date: 2026-11-23 19:30:00
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0009"
down_revision: str | None = "0008"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    # A plain ALTER TABLE ADD COLUMN: a batch rebuild of the table would drop revision 0008's trigger.
    op.add_column("tournaments", sa.Column("trf_layout", sa.Text(), nullable=False, server_default=""))


def downgrade() -> None:
    with op.batch_alter_table("tournaments") as batch:
        batch.drop_column("trf_layout")
