"""Chess960: the seed a tournament draws its starting positions from, one a round (checklist Q222)

Revision ID: 0016
Revises: 0010
Create Date: 2026-11-23 22:30:00
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0016"
down_revision: str | None = "0015"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    # A plain ALTER TABLE ADD COLUMN: a batch rebuild of ``tournaments`` would drop revision 0008's trigger.
    op.add_column("tournaments", sa.Column("chess960_seed", sa.Integer(), nullable=True))


def downgrade() -> None:
    op.drop_column("tournaments", "chess960_seed")
