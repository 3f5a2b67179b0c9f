"""FIDE mode per tournament (checklist Q40-Q46): on for every tournament, the ones already stored included;
the round it was left at; a trigger refusing to enter it again once left (Q45)

Revision ID: 0008
Revises: 0007
Create Date: 2026-11-23 19:20:00
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0008"
down_revision: str | None = "0007"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

NO_RETURN = """
CREATE TRIGGER tournaments_fide_mode_no_return
BEFORE UPDATE OF fide_mode ON tournaments
WHEN OLD.fide_mode = 0 AND NEW.fide_mode <> 0
BEGIN
    SELECT RAISE(ABORT, 'FIDE mode cannot be entered again once left (checklist Q45)');
END
"""

PG_NO_RETURN_BODY = """
BEGIN
    IF NOT OLD.fide_mode AND NEW.fide_mode THEN
        RAISE EXCEPTION 'FIDE mode cannot be entered again once left (checklist Q45)' USING ERRCODE = 'restrict_violation';
    END IF;
    RETURN NEW;
END
"""
"""The same rule on PostgreSQL."""


def upgrade() -> None:
    with op.batch_alter_table("tournaments") as batch:
        batch.add_column(sa.Column("fide_mode", sa.Boolean(), nullable=False, server_default=sa.true()))
        batch.add_column(sa.Column("fide_mode_left_round", sa.Integer(), nullable=True))
    if op.get_bind().dialect.name == "sqlite":
        op.execute(NO_RETURN)
    else:
        from arbiter_app.persistence.audit_chain import pg_trigger_sql

        name = "tournaments_fide_mode_no_return"
        for statement in pg_trigger_sql("tournaments", name, "BEFORE UPDATE OF fide_mode", "FOR EACH ROW",
                                        PG_NO_RETURN_BODY):  # fmt: skip
            op.execute(statement)


def downgrade() -> None:
    on = "" if op.get_bind().dialect.name == "sqlite" else " ON tournaments"
    op.execute(f"DROP TRIGGER IF EXISTS tournaments_fide_mode_no_return{on}")
    with op.batch_alter_table("tournaments") as batch:
        batch.drop_column("fide_mode_left_round")
        batch.drop_column("fide_mode")
