"""official and tournament ratings kept apart, with their source lists (checklist Q116, Q134); the tournament-rating
method (TRF-2026 ``172``, Q145), the list sequence (Q123-Q126) and the consistency-check switch (Q138)

Revision ID: 0011
Revises: 0013
Create Date: 2026-11-23 22:45:00
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import sqlalchemy as sa
from alembic import op

revision: str = "0011"
down_revision: str | None = "0013"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_PLAYERS: tuple[tuple[str, sa.types.TypeEngine[Any], str], ...] = (
    ("fide_rating", sa.Integer(), "0"),
    ("fide_rating_source", sa.String(60), ""),
    ("national_rating", sa.Integer(), "0"),
    ("national_rating_source", sa.String(60), ""),
    ("manual_rating", sa.Integer(), "0"),
)
_TOURNAMENTS: tuple[tuple[str, sa.types.TypeEngine[Any], str], ...] = (
    ("rating_method", sa.String(10), "FIDE"),
    ("rating_type", sa.String(10), "standard"),
    ("list_sequence", sa.String(500), ""),
    ("rating_check", sa.Boolean(), "1"),
)


def upgrade() -> None:
    # Plain ALTER TABLE ADD COLUMN: a batch rebuild of ``tournaments`` would drop revision 0008's trigger.
    for name, kind, default in _PLAYERS:
        op.add_column("players", sa.Column(name, kind, nullable=False, server_default=default))
    for name, kind, default in _TOURNAMENTS:
        op.add_column("tournaments", sa.Column(name, kind, nullable=False, server_default=default))
    # The rating stored so far is the official one (its source was not recorded): the method FIDE keeps it.
    op.execute("UPDATE players SET fide_rating = rating")


def downgrade() -> None:
    with op.batch_alter_table("players") as batch:
        for name, _, _ in _PLAYERS:
            batch.drop_column(name)
    with op.batch_alter_table("tournaments") as batch:
        for name, _, _ in _TOURNAMENTS:
            batch.drop_column(name)
