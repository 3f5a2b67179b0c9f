"""initial schema

Revision ID: 0001
Revises: (none: the first revision)
Create Date: 2026-11-22 20:55:17.823094
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0001"
down_revision: str | None = None
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "tournaments",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=200), nullable=False),
        sa.Column("place", sa.String(length=200), nullable=False),
        sa.Column("start_date", sa.Date(), nullable=True),
        sa.Column("end_date", sa.Date(), nullable=True),
        sa.Column("chief_arbiter", sa.String(length=200), nullable=False),
        sa.Column("deputy_arbiters", sa.String(length=500), nullable=False),
        sa.Column("rounds_count", sa.Integer(), nullable=False),
        sa.Column("points_win", sa.Integer(), nullable=False),
        sa.Column("points_draw", sa.Integer(), nullable=False),
        sa.Column("points_loss", sa.Integer(), nullable=False),
        sa.Column("points_zero_bye", sa.Integer(), nullable=False),
        sa.Column("points_forfeit_loss", sa.Integer(), nullable=False),
        sa.Column("points_pairing_bye", sa.Integer(), nullable=False),
        sa.Column("initial_colour", sa.String(length=5), nullable=False),
        sa.Column("accelerated", sa.Boolean(), nullable=False),
        sa.Column("tie_breaks", sa.String(length=500), nullable=False),
        sa.Column("edition", sa.String(length=40), nullable=False),
        sa.Column("extra_trf_lines", sa.Text(), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.CheckConstraint("initial_colour IN ('white', 'black')", name=op.f("ck_tournaments_initial_colour")),
        sa.CheckConstraint("rounds_count >= 1", name=op.f("ck_tournaments_rounds_count_positive")),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_tournaments")),
    )
    op.create_table(
        "audit_entries",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("tournament_id", sa.Integer(), nullable=False),
        sa.Column("action", sa.String(length=40), nullable=False),
        sa.Column("summary", sa.Text(), nullable=False),
        sa.Column("before", sa.Text(), nullable=True),
        sa.Column("after", sa.Text(), nullable=True),
        sa.Column("reason", sa.Text(), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.Column("undo_snapshot", sa.Text(), nullable=True),
        sa.Column("undone", sa.Boolean(), nullable=False),
        sa.ForeignKeyConstraint(
            ["tournament_id"],
            ["tournaments.id"],
            name=op.f("fk_audit_entries_tournament_id_tournaments"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_audit_entries")),
    )
    with op.batch_alter_table("audit_entries", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_audit_entries_tournament_id"), ["tournament_id"], unique=False)

    op.create_table(
        "players",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("tournament_id", sa.Integer(), nullable=False),
        sa.Column("pairing_number", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=200), nullable=False),
        sa.Column("title", sa.String(length=3), nullable=False),
        sa.Column("rating", sa.Integer(), nullable=False),
        sa.Column("fide_id", sa.String(length=11), nullable=False),
        sa.Column("federation", sa.String(length=3), nullable=False),
        sa.Column("sex", sa.String(length=1), nullable=False),
        sa.Column("birth_date", sa.String(length=10), nullable=False),
        sa.Column("status", sa.String(length=10), nullable=False),
        sa.Column("entry_round", sa.Integer(), nullable=False),
        sa.Column("withdrawal_round", sa.Integer(), nullable=True),
        sa.CheckConstraint("status IN ('active', 'withdrawn')", name=op.f("ck_players_status")),
        sa.CheckConstraint("entry_round >= 1", name=op.f("ck_players_entry_round_positive")),
        sa.CheckConstraint("pairing_number >= 1", name=op.f("ck_players_pairing_number_positive")),
        sa.ForeignKeyConstraint(
            ["tournament_id"], ["tournaments.id"], name=op.f("fk_players_tournament_id_tournaments"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_players")),
        sa.UniqueConstraint("tournament_id", "pairing_number", name=op.f("uq_players_tournament_id_pairing_number")),
    )
    with op.batch_alter_table("players", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_players_tournament_id"), ["tournament_id"], unique=False)

    op.create_table(
        "rounds",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("tournament_id", sa.Integer(), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("state", sa.String(length=10), nullable=False),
        sa.Column("paired_at", sa.DateTime(), nullable=False),
        sa.Column("published_at", sa.DateTime(), nullable=True),
        sa.CheckConstraint("state IN ('draft', 'published', 'completed')", name=op.f("ck_rounds_state")),
        sa.CheckConstraint("number >= 1", name=op.f("ck_rounds_number_positive")),
        sa.ForeignKeyConstraint(
            ["tournament_id"], ["tournaments.id"], name=op.f("fk_rounds_tournament_id_tournaments"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_rounds")),
        sa.UniqueConstraint("tournament_id", "number", name=op.f("uq_rounds_tournament_id_number")),
    )
    with op.batch_alter_table("rounds", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_rounds_tournament_id"), ["tournament_id"], unique=False)

    op.create_table(
        "accelerations",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("player_id", sa.Integer(), nullable=False),
        sa.Column("round_number", sa.Integer(), nullable=False),
        sa.Column("points", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(
            ["player_id"], ["players.id"], name=op.f("fk_accelerations_player_id_players"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_accelerations")),
        sa.UniqueConstraint("player_id", "round_number", name=op.f("uq_accelerations_player_id_round_number")),
    )
    with op.batch_alter_table("accelerations", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_accelerations_player_id"), ["player_id"], unique=False)

    op.create_table(
        "boards",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("round_id", sa.Integer(), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("white_id", sa.Integer(), nullable=False),
        sa.Column("black_id", sa.Integer(), nullable=False),
        sa.Column("result", sa.String(length=7), nullable=True),
        sa.Column("forfeit", sa.Boolean(), nullable=False),
        sa.CheckConstraint(
            "(forfeit AND result IN ('1-0', '0-1', '0-0')) OR (NOT forfeit AND (result IS NULL OR result IN ('1-0', '0-1', '1/2-1/2', '*')))",
            name=op.f("ck_boards_result"),
        ),
        sa.CheckConstraint("white_id <> black_id", name=op.f("ck_boards_two_players")),
        sa.ForeignKeyConstraint(
            ["black_id"], ["players.id"], name=op.f("fk_boards_black_id_players"), ondelete="RESTRICT"
        ),
        sa.ForeignKeyConstraint(
            ["round_id"], ["rounds.id"], name=op.f("fk_boards_round_id_rounds"), ondelete="CASCADE"
        ),
        sa.ForeignKeyConstraint(
            ["white_id"], ["players.id"], name=op.f("fk_boards_white_id_players"), ondelete="RESTRICT"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_boards")),
        sa.UniqueConstraint("round_id", "number", name=op.f("uq_boards_round_id_number")),
    )
    with op.batch_alter_table("boards", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_boards_black_id"), ["black_id"], unique=False)
        batch_op.create_index(batch_op.f("ix_boards_round_id"), ["round_id"], unique=False)
        batch_op.create_index(batch_op.f("ix_boards_white_id"), ["white_id"], unique=False)

    op.create_table(
        "byes",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("tournament_id", sa.Integer(), nullable=False),
        sa.Column("round_number", sa.Integer(), nullable=False),
        sa.Column("player_id", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(length=20), nullable=False),
        sa.CheckConstraint(
            "kind IN ('pairing_allocated', 'half', 'full', 'zero', 'absent')", name=op.f("ck_byes_kind")
        ),
        sa.CheckConstraint("round_number >= 1", name=op.f("ck_byes_round_number_positive")),
        sa.ForeignKeyConstraint(
            ["player_id"], ["players.id"], name=op.f("fk_byes_player_id_players"), ondelete="CASCADE"
        ),
        sa.ForeignKeyConstraint(
            ["tournament_id"], ["tournaments.id"], name=op.f("fk_byes_tournament_id_tournaments"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_byes")),
        sa.UniqueConstraint(
            "tournament_id", "round_number", "player_id", name=op.f("uq_byes_tournament_id_round_number_player_id")
        ),
    )
    with op.batch_alter_table("byes", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_byes_player_id"), ["player_id"], unique=False)
        batch_op.create_index(batch_op.f("ix_byes_tournament_id"), ["tournament_id"], unique=False)

    op.create_table(
        "forbidden_pairs",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("tournament_id", sa.Integer(), nullable=False),
        sa.Column("first_id", sa.Integer(), nullable=False),
        sa.Column("second_id", sa.Integer(), nullable=False),
        sa.CheckConstraint("first_id < second_id", name=op.f("ck_forbidden_pairs_ordered")),
        sa.ForeignKeyConstraint(
            ["first_id"], ["players.id"], name=op.f("fk_forbidden_pairs_first_id_players"), ondelete="CASCADE"
        ),
        sa.ForeignKeyConstraint(
            ["second_id"], ["players.id"], name=op.f("fk_forbidden_pairs_second_id_players"), ondelete="CASCADE"
        ),
        sa.ForeignKeyConstraint(
            ["tournament_id"],
            ["tournaments.id"],
            name=op.f("fk_forbidden_pairs_tournament_id_tournaments"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_forbidden_pairs")),
        sa.UniqueConstraint("first_id", "second_id", name=op.f("uq_forbidden_pairs_first_id_second_id")),
    )
    with op.batch_alter_table("forbidden_pairs", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_forbidden_pairs_tournament_id"), ["tournament_id"], unique=False)

    op.create_table(
        "overrides",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("round_id", sa.Integer(), nullable=False),
        sa.Column("reason", sa.Text(), nullable=False),
        sa.Column("warnings", sa.Text(), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(
            ["round_id"], ["rounds.id"], name=op.f("fk_overrides_round_id_rounds"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_overrides")),
    )
    with op.batch_alter_table("overrides", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_overrides_round_id"), ["round_id"], unique=False)


def downgrade() -> None:
    with op.batch_alter_table("overrides", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_overrides_round_id"))

    op.drop_table("overrides")
    with op.batch_alter_table("forbidden_pairs", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_forbidden_pairs_tournament_id"))

    op.drop_table("forbidden_pairs")
    with op.batch_alter_table("byes", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_byes_tournament_id"))
        batch_op.drop_index(batch_op.f("ix_byes_player_id"))

    op.drop_table("byes")
    with op.batch_alter_table("boards", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_boards_white_id"))
        batch_op.drop_index(batch_op.f("ix_boards_round_id"))
        batch_op.drop_index(batch_op.f("ix_boards_black_id"))

    op.drop_table("boards")
    with op.batch_alter_table("accelerations", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_accelerations_player_id"))

    op.drop_table("accelerations")
    with op.batch_alter_table("rounds", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_rounds_tournament_id"))

    op.drop_table("rounds")
    with op.batch_alter_table("players", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_players_tournament_id"))

    op.drop_table("players")
    with op.batch_alter_table("audit_entries", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_audit_entries_tournament_id"))

    op.drop_table("audit_entries")
    op.drop_table("tournaments")
