"""results 1/2-0, 0-1/2 and 0-0 of a game played over the board (checklist Q180); each tournament's seed for
the drawing of lots of its standings (Q204, Q206)

Revision ID: 0010
Revises: 0009
Create Date: 2026-11-23 20:35:00
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0010"
down_revision: str | None = "0009"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_OLD = (
    "(forfeit AND result IN ('1-0', '0-1', '0-0')) OR "
    "(NOT forfeit AND (result IS NULL OR result IN ('1-0', '0-1', '1/2-1/2', '*')))"
)
_NEW = (
    "(forfeit AND result IN ('1-0', '0-1', '0-0')) OR "
    "(NOT forfeit AND (result IS NULL OR result IN ('1-0', '0-1', '1/2-1/2', '1/2-0', '0-1/2', '0-0', '*')))"
)


def _result_check(condition: str) -> None:
    # SQLite rebuilds the table to change a CHECK constraint; PostgreSQL alters it in place.
    with op.batch_alter_table(
        "boards", recreate="always" if op.get_bind().dialect.name == "sqlite" else "auto"
    ) as batch:
        batch.drop_constraint(batch.f("ck_boards_result"), type_="check")
        batch.create_check_constraint("result", sa.text(condition))


def upgrade() -> None:
    _result_check(_NEW)
    # A plain ALTER TABLE ADD COLUMN: a batch rebuild of ``tournaments`` would drop revision 0008's trigger.
    op.add_column("tournaments", sa.Column("lots_seed", sa.Integer(), nullable=False, server_default="0"))
    # Every tournament already stored draws its own seed (SQLite's random(), halved to stay positive).
    if op.get_bind().dialect.name == "sqlite":
        op.execute("UPDATE tournaments SET lots_seed = abs(random() / 2) + 1")
    else:  # random() is a fraction there
        op.execute("UPDATE tournaments SET lots_seed = floor(random() * 2147483646)::integer + 1")


def downgrade() -> None:
    _result_check(_OLD)
    with op.batch_alter_table("tournaments") as batch:
        batch.drop_column("lots_seed")
