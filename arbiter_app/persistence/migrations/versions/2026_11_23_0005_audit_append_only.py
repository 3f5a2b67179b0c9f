"""the audit log records who made each change and is append-only

Revision ID: 0005
Revises: 0004
Create Date: 2026-11-23 16:30:00

``audit_entries`` gets ``arbiter`` (who made the change).  Two triggers make
the table append-only: no row is deleted, and an update may only set
``undone`` from false to true, every other column unchanged (the undo itself
is a row of its own).  A tournament holding audit rows can then no longer be
deleted by SQL either.
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0005"
down_revision: str | None = "0004"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

COLUMNS = ("id", "tournament_id", "action", "summary", "before", "after", "reason", "created_at", "undo_snapshot")

NO_DELETE = """
CREATE TRIGGER audit_entries_no_delete BEFORE DELETE ON audit_entries
BEGIN
    SELECT RAISE(ABORT, 'the audit log is append-only: its rows cannot be deleted');
END
"""

NO_UPDATE = f"""
CREATE TRIGGER audit_entries_no_update BEFORE UPDATE ON audit_entries
WHEN NOT (
    OLD.undone = 0 AND NEW.undone = 1 AND NEW.arbiter IS OLD.arbiter
    AND {" AND ".join(f"NEW.{c} IS OLD.{c}" for c in COLUMNS)}
)
BEGIN
    SELECT RAISE(ABORT, 'the audit log is append-only: its rows cannot be changed');
END
"""


def upgrade() -> None:
    with op.batch_alter_table("audit_entries") as batch:
        batch.add_column(sa.Column("arbiter", sa.String(length=200), nullable=False, server_default=""))
    if op.get_bind().dialect.name == "sqlite":
        op.execute(NO_DELETE)
        op.execute(NO_UPDATE)
    else:  # the same rule on PostgreSQL (TRUNCATE refused as well)
        from arbiter_app.persistence.audit_chain import pg_undone_triggers

        for statement in pg_undone_triggers(COLUMNS):
            op.execute(statement)


def downgrade() -> None:
    on = "" if op.get_bind().dialect.name == "sqlite" else " ON audit_entries"
    for name in ("audit_entries_no_update", "audit_entries_no_delete", "audit_entries_no_truncate"):
        op.execute(f"DROP TRIGGER IF EXISTS {name}{on}")
    with op.batch_alter_table("audit_entries") as batch:
        batch.drop_column("arbiter")
