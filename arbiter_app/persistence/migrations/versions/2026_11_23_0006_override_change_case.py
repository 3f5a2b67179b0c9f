"""the case of C.04.2-2026 4.4 under which a published pairing was changed, kept with the override

Revision ID: 0006
Revises: 0005
Create Date: 2026-11-23 16:20:00
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0006"
down_revision: str | None = "0005"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("overrides") as batch:
        batch.add_column(sa.Column("change_case", sa.String(length=40), nullable=False, server_default=""))


def downgrade() -> None:
    with op.batch_alter_table("overrides") as batch:
        batch.drop_column("change_case")
