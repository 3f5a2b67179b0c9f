"""federation, time control and round dates of a tournament (TRF 032, 122, 132)

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-22 23:20:00
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date, datetime

import sqlalchemy as sa
from alembic import op

revision: str = "0002"
down_revision: str | None = "0001"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_COLUMNS = (
    ("federation", sa.String(length=3)),
    ("time_control", sa.String(length=200)),
    ("round_dates", sa.String(length=1000)),
)


def _date(text: str) -> date | None:
    for layout in ("%y/%m/%d", "%Y/%m/%d", "%Y-%m-%d", "%Y.%m.%d", "%d.%m.%Y", "%d/%m/%Y"):
        try:
            return datetime.strptime(text, layout).date()
        except ValueError:
            continue
    return None


def _round_dates(line: str) -> str | None:
    """A ``132`` line as ISO dates separated by commas (columns of 10 from column 92), None if unreadable."""
    if len(line) > 91 and not line[3:91].strip():
        slots = [line[k : k + 10].strip() for k in range(91, len(line), 10)]
    else:
        slots = line[3:].split()
    dates = [_date(slot) if slot else None for slot in slots]
    if not any(dates) or any(d is None for d, slot in zip(dates, slots) if slot):
        return None
    return ",".join(d.isoformat() if d else "" for d in dates).rstrip(",")


def upgrade() -> None:
    with op.batch_alter_table("tournaments") as batch:
        for name, kind in _COLUMNS:
            batch.add_column(sa.Column(name, kind, nullable=False, server_default=""))
    # Lines an imported TRF file carried verbatim move into their fields.
    connection = op.get_bind()
    rows = connection.execute(sa.text("SELECT id, extra_trf_lines FROM tournaments")).all()
    for tournament_id, extra in rows:
        values: dict[str, str] = {}
        kept = []
        for line in (extra or "").splitlines():
            code, text = line[:3], line[4:].strip()
            if code == "032" and len(text) == 3 and "federation" not in values:
                values["federation"] = text.upper()
            elif code == "122" and text and "time_control" not in values:
                values["time_control"] = text
            elif code == "132" and _round_dates(line) is not None and "round_dates" not in values:
                values["round_dates"] = _round_dates(line) or ""
            else:
                kept.append(line)
        if values:
            assignments = ", ".join(f"{field} = :{field}" for field in values)
            connection.execute(
                sa.text(f"UPDATE tournaments SET {assignments}, extra_trf_lines = :extra WHERE id = :id"),
                {**values, "extra": "\n".join(kept), "id": tournament_id},
            )


def downgrade() -> None:
    with op.batch_alter_table("tournaments") as batch:
        for name, _ in reversed(_COLUMNS):
            batch.drop_column(name)
