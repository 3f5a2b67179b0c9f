"""several desks on one tournament: row versions, who changed a row, the desks' locks, 64-bit seeds on a server

Revision ID: 0021
Revises: 0020
Create Date: 2026-11-28 01:30:00

``players`` and ``boards`` get ``row_version`` (raised by every change: a desk that saw an older version is told
the row changed meanwhile, never overwrites it) and ``changed_by`` (the arbiter and desk of the last change).
``desk_locks`` names who holds a desk-wide task (pairing, publishing) on a server.  On PostgreSQL the seeds
become 64-bit (SQLite's INTEGER is already).
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0021"
down_revision: str | None = "0020"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEEDS = ("lots_seed", "berger_seed", "chess960_seed")


def upgrade() -> None:
    # Plain ALTER TABLE ADD COLUMN: no batch rebuild (it would drop the tables' triggers on SQLite).
    for table in ("players", "boards"):
        op.add_column(table, sa.Column("row_version", sa.Integer(), nullable=False, server_default="1"))
        op.add_column(table, sa.Column("changed_by", sa.String(length=300), nullable=False, server_default=""))
    op.create_table(
        "desk_locks",
        sa.Column("name", sa.String(length=40), nullable=False),
        sa.Column("holder", sa.String(length=300), nullable=False),
        sa.Column("since", sa.DateTime(), nullable=False),
        sa.PrimaryKeyConstraint("name", name=op.f("pk_desk_locks")),
    )
    if op.get_bind().dialect.name == "postgresql":
        for column in SEEDS:
            op.alter_column("tournaments", column, type_=sa.BigInteger(), existing_type=sa.Integer())


def downgrade() -> None:
    # The seeds stay 64-bit on PostgreSQL: the seeds drawn do not fit 32 bits, and a wider column harms nothing.
    op.drop_table("desk_locks")
    for table in ("boards", "players"):
        op.drop_column(table, "changed_by")
        op.drop_column(table, "row_version")
