"""Was the tournament file changed outside the program?  The audit chain verified, and such a change accepted.

Every write of the program chains its audit entries and seals the state
(:mod:`arbiter_app.persistence.audit_chain`); :func:`verify_audit_chain`
checks the whole file and names the first broken entry.  The shells run it at
every open: a file changed outside the program is a Level-3 warning (proceed
or cancel).  Proceeding records the change as an entry of its own
(:func:`accept_outside_changes`: who accepted what, when), so that it is
never absorbed silently by the next write; until then the program writes
nothing over a state it did not seal.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from sqlalchemy import select

from arbiter_app.persistence import audit_chain
from arbiter_app.persistence.database import Database
from arbiter_app.persistence.models import Tournament
from arbiter_app.services.records import audit
from arbiter_app.services.warnings import Level, Notice, require
from arbiter_app.trf.versions import TRF2026_CODES

RULE = "audit chain"


@dataclass(frozen=True)
class ChainReport:
    """The audit chain of a file: intact or not, the findings (first broken entry first), the chain head."""

    intact: bool
    entries: int
    head: str
    findings: tuple[str, ...]
    first_broken: int | None
    accepted: tuple[str, ...]
    """Changes made outside the program earlier, recorded as such (by the entry that accepted them)."""

    @property
    def summary(self) -> str:
        if self.intact:
            return (
                f"the audit chain is intact: {self.entries} entries, the file is as the program left it "
                f"(chain head {self.head[:16]})"
                + (f"; {len(self.accepted)} change(s) made outside the program were recorded earlier" if self.accepted
                   else "")
            )  # fmt: skip
        where = f" from entry #{self.first_broken} on" if self.first_broken is not None else ""
        return f"the file was changed outside the program{where}: " + "; ".join(self.findings)


def _report(found: audit_chain.Verification) -> ChainReport:
    findings = sorted(found.findings, key=lambda f: (f.entry is None, f.entry or 0))
    return ChainReport(
        found.intact, found.entries, found.head, tuple(str(f) for f in findings), found.first_broken, found.accepted
    )


def verify_audit_chain(db: Database) -> ChainReport:
    """Check the file's audit chain and state (read only)."""
    with db.read() as s:
        return _report(audit_chain.verify(s))


def outside_change_notice(report: ChainReport) -> Notice:
    """The Level-3 warning of a file changed outside the program (proceed: the change is recorded; or cancel)."""
    return Notice(
        Level.PROCEED,
        RULE,
        f"{report.summary}. Proceeding records this in the audit log (with your name); cancel to leave the file "
        "as it is",
    )


def accept_outside_changes(db: Database, *, confirmed: int = 0) -> ChainReport:
    """Record what was changed outside the program as an audit entry of its own (Level 3), put the append-only
    triggers back, and seal the file as it now is; returns the verification as it stands afterwards."""
    with db.write(outside_changes=True) as s:
        found = audit_chain.verify(s)
        if found.intact:
            return _report(found)
        report = _report(found)
        require(confirmed, [outside_change_notice(report)])
        if any(f.key.startswith("trigger:") for f in found.findings):
            audit_chain.restore_triggers(s)
        tournaments = s.scalars(select(Tournament.id).order_by(Tournament.id)).all()
        for tid in tournaments:
            audit(
                s, tid, audit_chain.OUTSIDE_CHANGE, report.summary,
                after={"findings": [f.key for f in found.findings], "texts": list(report.findings)},
            )  # fmt: skip
    return verify_audit_chain(db)


def chain_head(db: Database) -> tuple[str, int | None]:
    """The chain head (hex) and the last entry's id: what exports carry to anchor the log."""
    with db.read() as s:
        return audit_chain.chain_head(s)


def chain_head_line(db: Database) -> str:
    """``### Audit chain head: <hex> (entry N)``: a TRF comment line anchoring the file's audit log."""
    with db.read() as s:
        return "".join(audit_chain.chain_lines(s))


def with_chain_head(db: Database, trf_text: str) -> str:
    """A TRF-2026 export as written to a file: its last line the chain head, which anchors the audit log (a later
    change made outside the program, even one that recomputes the chain, no longer matches it).  A TRF-16 export
    has no comment lines: it is returned as it is."""
    if not any(line[:3] in TRF2026_CODES or line.startswith("###") for line in trf_text.splitlines()):
        return trf_text
    line = chain_head_line(db)
    return trf_text + (line + "\n" if line else "")


def recorded_findings(after: str | None) -> list[str]:
    """The texts an ``outside change`` entry recorded."""
    try:
        return list(json.loads(after or "{}").get("texts", []))
    except (ValueError, AttributeError):
        return []
