"""standings by hand (checklist Q205, Q207), unrated players and ratings per round in the rating-based
tie-breaks (C.07 Article 10; Q208-Q216)

Revision ID: 0015
Revises: 0010
Create Date: 2026-11-23 22:55:00
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0015"
down_revision: str | None = "0010"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_COLUMNS = (
    ("hand_order", sa.Text(), ""),
    ("unrated_method", sa.String(20), ""),
    ("unrated_rating", sa.Integer(), "1000"),
    ("long_event", sa.Boolean(), "0"),
    ("tiebreak_rating", sa.String(10), "first"),
)


def upgrade() -> None:
    # Plain ALTER TABLE ADD COLUMN: a batch rebuild of ``tournaments`` would drop revision 0008's trigger.
    for name, kind, default in _COLUMNS:
        op.add_column("tournaments", sa.Column(name, kind, nullable=False, server_default=default))
    op.create_table(
        "entered_tiebreaks",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("tournament_id", sa.Integer(), sa.ForeignKey("tournaments.id", ondelete="CASCADE"), nullable=False),
        sa.Column("player_id", sa.Integer(), sa.ForeignKey("players.id", ondelete="CASCADE"), nullable=False),
        sa.Column("code", sa.String(20), nullable=False),
        sa.Column("value", sa.String(30), nullable=False),
        sa.UniqueConstraint("player_id", "code"),
    )
    op.create_index("ix_entered_tiebreaks_tournament_id", "entered_tiebreaks", ["tournament_id"])
    op.create_table(
        "tiebreak_ratings",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("tournament_id", sa.Integer(), sa.ForeignKey("tournaments.id", ondelete="CASCADE"), nullable=False),
        sa.Column("player_id", sa.Integer(), sa.ForeignKey("players.id", ondelete="CASCADE"), nullable=False),
        sa.Column("from_round", sa.Integer(), nullable=False),
        sa.Column("rating", sa.Integer(), nullable=False),
        sa.UniqueConstraint("player_id", "from_round"),
        sa.CheckConstraint("from_round >= 1", name="from_round_positive"),
        sa.CheckConstraint("rating >= 0", name="rating_not_negative"),
    )
    op.create_index("ix_tiebreak_ratings_tournament_id", "tiebreak_ratings", ["tournament_id"])


def downgrade() -> None:
    op.drop_table("tiebreak_ratings")
    op.drop_table("entered_tiebreaks")
    with op.batch_alter_table("tournaments") as batch:
        for name, _kind, _default in reversed(_COLUMNS):
            batch.drop_column(name)
