"""the audit log chained by hashes: every entry to the one before it and to the state it records

Revision ID: 0018
Revises: 0017
Create Date: 2026-11-28 10:00:00

``audit_entries`` gets ``chain_hash`` and ``state`` (written once, by the commit
that adds the entry) and ``undoes`` (an undo names the entry it undoes instead
of changing it); ``audit_seals`` holds the chain's head.  The update trigger no
longer lets ``undone`` change: it allows only the hash and state to be written
once.  The existing entries are chained in order (no state of their time is
known: blank), and the file's present state is sealed
(:mod:`arbiter_app.persistence.audit_chain`).
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

from arbiter_app.persistence import audit_chain

revision: str = "0018"
down_revision: str | None = "0017"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

OLD_NO_UPDATE = """
CREATE TRIGGER audit_entries_no_update BEFORE UPDATE ON audit_entries
WHEN NOT (
    OLD.undone = 0 AND NEW.undone = 1 AND NEW.arbiter IS OLD.arbiter
    AND {}
)
BEGIN
    SELECT RAISE(ABORT, 'the audit log is append-only: its rows cannot be changed');
END
""".format(
    " AND ".join(
        f"NEW.{c} IS OLD.{c}"
        for c in (
            "id",
            "tournament_id",
            "action",
            "summary",
            "before",
            "after",
            "reason",
            "created_at",
            "undo_snapshot",
        )
    )
)


def upgrade() -> None:
    # Plain ALTER TABLE ADD COLUMN: a batch rebuild of the table would drop its triggers.
    op.add_column("audit_entries", sa.Column("undoes", sa.Integer(), nullable=True))
    op.add_column("audit_entries", sa.Column("chain_hash", sa.String(length=64), nullable=True))
    op.add_column("audit_entries", sa.Column("state", sa.Text(), nullable=True))
    op.create_table(
        "audit_seals",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("entry_id", sa.Integer(), nullable=True),
        sa.Column("entry_hash", sa.Text(), nullable=False),
        sa.Column("state", sa.Text(), nullable=False),
        sa.Column("head", sa.Text(), nullable=False),
        sa.CheckConstraint("id = 1", name=op.f("ck_audit_seals_one_row")),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_audit_seals")),
    )
    connection = op.get_bind()
    audit_chain.restore_triggers(connection)
    audit_chain.chain_all(connection)


def downgrade() -> None:
    if op.get_bind().dialect.name == "sqlite":
        op.execute("DROP TRIGGER IF EXISTS audit_entries_no_update")
        op.execute(OLD_NO_UPDATE)
    else:
        for statement in audit_chain.pg_undone_triggers(
            ("id", "tournament_id", "action", "summary", "before", "after", "reason", "created_at", "undo_snapshot")
        ):
            op.execute(statement)
    op.drop_table("audit_seals")
    op.drop_column("audit_entries", "state")
    op.drop_column("audit_entries", "chain_hash")
    op.drop_column("audit_entries", "undoes")
