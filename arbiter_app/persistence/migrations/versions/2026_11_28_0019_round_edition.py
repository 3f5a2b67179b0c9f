"""a round's edition of the Dutch rules is a column of its own

Revision ID: 0019
Revises: 0018
Create Date: 2026-11-28 12:00:00

``rounds.edition`` names the edition of the rules the engine paired the round
with (the registry name, as ``tournaments.edition``); it was the ``edition``
key of the ``engine_pairing`` JSON, from which it is moved.  A round that kept
no edition (paired before it was kept, or imported) has none: it is read as
paired by the tournament's.  The downgrade moves the value back into the JSON.
"""

from __future__ import annotations

import json
from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0019"
down_revision: str | None = "0018"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

KEY = "edition"


def upgrade() -> None:
    op.add_column("rounds", sa.Column("edition", sa.String(length=40), nullable=True))
    connection = op.get_bind()
    rows = connection.execute(sa.text("SELECT id, engine_pairing FROM rounds WHERE engine_pairing != ''")).all()
    for round_id, text in rows:
        kept = json.loads(text)
        if not isinstance(kept, dict) or KEY not in kept:
            continue
        edition = kept.pop(KEY)
        connection.execute(
            sa.text("UPDATE rounds SET edition = :edition, engine_pairing = :kept WHERE id = :id"),
            {"edition": str(edition) if edition else None, "kept": json.dumps(kept), "id": round_id},
        )


def downgrade() -> None:
    connection = op.get_bind()
    rows = connection.execute(
        sa.text("SELECT id, engine_pairing, edition FROM rounds WHERE edition IS NOT NULL AND engine_pairing != ''")
    ).all()
    for round_id, text, edition in rows:
        kept = json.loads(text)
        kept[KEY] = edition
        connection.execute(
            sa.text("UPDATE rounds SET engine_pairing = :kept WHERE id = :id"),
            {"kept": json.dumps(kept), "id": round_id},
        )
    with op.batch_alter_table("rounds") as batch:
        batch.drop_column("edition")
