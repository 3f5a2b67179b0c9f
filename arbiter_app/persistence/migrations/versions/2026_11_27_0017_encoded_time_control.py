"""The encoded time control of TRF-2026 record 222 (checklist Q217)

Revision ID: 0017
Revises: 0014
Create Date: 2026-11-27 11:30:00
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0017"
down_revision: str | None = "0014"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    # A plain ALTER TABLE ADD COLUMN: a batch rebuild of ``tournaments`` would drop revision 0008's trigger.
    op.add_column(
        "tournaments", sa.Column("time_control_code", sa.String(length=100), nullable=False, server_default="")
    )


def downgrade() -> None:
    op.drop_column("tournaments", "time_control_code")
