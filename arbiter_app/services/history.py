"""Reading the audit log."""

from __future__ import annotations

from sqlalchemy import select

from arbiter_app.persistence import queries
from arbiter_app.persistence.database import Database
from arbiter_app.persistence.models import AuditEntry
from arbiter_app.services.dto import AuditInfo
from arbiter_app.services.records import audit_info, undone_ids


def audit_log(db: Database, tournament_id: int) -> tuple[AuditInfo, ...]:
    """Every change of the tournament, oldest first."""
    with db.read() as s:
        queries.tournament(s, tournament_id)
        rows = s.scalars(select(AuditEntry).where(AuditEntry.tournament_id == tournament_id).order_by(AuditEntry.id))
        undone = undone_ids(s, tournament_id)
        return tuple(audit_info(e, e.id in undone) for e in rows)
