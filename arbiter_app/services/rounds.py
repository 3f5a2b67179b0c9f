"""Pairing a round as a draft, re-pairing it, publishing it (C.04.2.D.7, D.9), undo.

Publishing makes a backup copy of the file, ``NAME.bak-roundN`` beside it,
through SQLite's online backup (consistent even in WAL mode).
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

from sqlalchemy import or_, select
from sqlalchemy.orm import Session

from arbiter_app import atomic
from arbiter_app.errors import ArbiterError, ReasonRequired, RuleViolation
from arbiter_app.pairing.model import RoundPairing
from arbiter_app.persistence import queries
from arbiter_app.persistence.database import Database
from arbiter_app.persistence.models import AuditEntry, BoardRow, Bye, ByeKind, Round, RoundState, Tournament, utcnow
from arbiter_app.services.adjourned import adjourn_missing, open_games, pairing_notices
from arbiter_app.services.articles import article
from arbiter_app.services.drafts import keep_paired_on, stale_draft
from arbiter_app.services.dto import AuditInfo, PublishInfo, RoundInfo
from arbiter_app.services.files import backup_database
from arbiter_app.services.players import numbers_snapshot, restore_numbers
from arbiter_app.services.records import (
    RATING_CORRECTION,
    audit,
    audit_info,
    reason_text,
    restore,
    restore_settings,
    settings_snapshot,
    snapshot,
    undone_ids,
)
from arbiter_app.services.round_view import round_info
from arbiter_app.services.state import state_for_round
from arbiter_app.services.systems import system_of
from arbiter_app.services.warnings import inform


def store_pairing(session: Session, t: Tournament, r: Round, pairing: RoundPairing) -> None:
    """Replace the round's boards and pairing-allocated bye by ``pairing`` (boards in the given order)."""
    ids = {p.pairing_number: p.id for p in queries.players(session, t.id)}
    r.boards.clear()
    for b in queries.byes(session, t.id, r.number):
        if b.kind == ByeKind.PAIRING_ALLOCATED:
            session.delete(b)
    session.flush()
    for number, board in enumerate(pairing.boards, 1):
        r.boards.append(BoardRow(number=number, white_id=ids[board.white], black_id=ids[board.black]))
    if pairing.bye is not None:
        session.add(
            Bye(tournament_id=t.id, round_number=r.number, player_id=ids[pairing.bye], kind="pairing_allocated")
        )
    session.flush()


def engine_pairing_json(pairing: RoundPairing, edition: str) -> str:
    """How a round keeps the engine's pairing (``Round.engine_pairing``), with the edition that paired it."""
    return json.dumps({"boards": [[b.white, b.black] for b in pairing.boards], "bye": pairing.bye, "edition": edition})


def _describe(pairing: RoundPairing) -> list[str]:
    lines = [f"{b.white}-{b.black}" for b in pairing.boards]
    return lines + ([f"bye {pairing.bye}"] if pairing.bye is not None else [])


def pair_next_round(db: Database, tournament_id: int, confirmed: int = 0) -> RoundInfo:
    """Pair the next round with the engine, as a draft.

    Refused while the previous round is a draft, and beyond the declared number of rounds
    (C.04.1.a).  Results the previous round lacks are recorded as adjourned, a draw for pairing
    purposes only (C.04.2.D.1, C.04.2-2026 3.1; checklist Q158-Q160), and adjourned games
    older than the last completed round are named (Q168): both are Level 2, told before
    anything is stored (``confirmed`` 2 or more: acknowledged).  The marking is a step of
    its own in the audit log (undone after the pairing).  Raises ``PairingImpossibleError``
    when no pairing satisfies C.1-C.3 (A.9).
    """
    with db.write() as s:
        t = queries.tournament(s, tournament_id)
        last = queries.last_round(s, t.id)
        if last is not None and last.state == RoundState.DRAFT:
            raise ArbiterError(f"round {last.number} is already paired as a draft: publish it, re-pair it or undo it")
        number = last.number + 1 if last else 1
        if number > t.rounds_count:
            raise RuleViolation("C.04.1.a", f"all {t.rounds_count} rounds have been paired")
        games = open_games(s, t.id)
        missing = [g for g in games if g.result is None]
        older = [g for g in games if g.result is not None and g.round < number - 1]
        inform(confirmed, pairing_notices(missing, older, number))
        if last is not None and missing:
            marking = snapshot(s, t.id, last.number)
            adjourn_missing(s, last)
            s.flush()
            audit(
                s, t.id, "adjourn missing results",
                f"round {last.number}: " + ", ".join(f"board {g.board}" for g in missing)
                + f" recorded as adjourned (*) to pair round {number}",
                after=[g.board for g in missing], undo_snapshot=marking,
            )  # fmt: skip
        before = snapshot(s, t.id, number)
        system = system_of(t)
        pairing = system.pair(s, t, number)
        r = Round(tournament_id=t.id, number=number, state=RoundState.DRAFT.value)
        s.add(r)
        s.flush()
        store_pairing(s, t, r, pairing)
        system.after_pairing(s, t, r)
        r.engine_pairing = engine_pairing_json(pairing, t.edition)
        if not system.paired_by_table:  # a Swiss reads the results; the Berger tables do not
            keep_paired_on(r, state_for_round(s, t.id, number))
        audit(s, t.id, "pair round", f"round {number} paired (draft)", after=_describe(pairing), undo_snapshot=before)
        return round_info(s, r)


def _draft(session: Session, t: Tournament, round_number: int | None) -> Round:
    last = queries.last_round(session, t.id)
    if last is None or last.state != RoundState.DRAFT or (round_number is not None and last.number != round_number):
        which = f"round {round_number}" if round_number is not None else "the tournament"
        raise ArbiterError(f"{which} has no draft pairing (pair the next round first)")
    return last


def repair_round(db: Database, tournament_id: int) -> RoundInfo:
    """Pair the draft round again (after corrections, or to drop a manual override)."""
    with db.write() as s:
        t = queries.tournament(s, tournament_id)
        r = _draft(s, t, None)
        before = snapshot(s, t.id, r.number)
        system = system_of(t)
        pairing = system.pair(s, t, r.number)
        store_pairing(s, t, r, pairing)
        system.after_pairing(s, t, r)
        r.engine_pairing = engine_pairing_json(pairing, t.edition)
        if not system.paired_by_table:  # a Swiss reads the results; the Berger tables do not
            keep_paired_on(r, state_for_round(s, t.id, r.number))
        audit(
            s,
            t.id,
            "re-pair round",
            f"round {r.number} paired again (draft)",
            after=_describe(pairing),
            undo_snapshot=before,
        )
        return round_info(s, r)


def backup_path(path: Path, round_number: int) -> Path:
    """Where the copy made when round ``round_number`` is published goes."""
    return path.with_name(f"{path.name}.bak-round{round_number}")


def publish_round(db: Database, tournament_id: int, round_number: int | None = None) -> PublishInfo:
    """Publish the draft (C.04.2.D.7); its boards are in C.04.2.D.9 order.  Then back the file up.

    A draft paired before something it reads changed (a result of an earlier round corrected, an adjourned game
    decided otherwise than a draw, ...) is refused with :class:`~arbiter_app.services.drafts.StaleDraftError`,
    naming what changed, until it is paired again (C.04.2.D.8; C.04.2-2026 4.3; issue 29)."""
    with db.write() as s:
        t = queries.tournament(s, tournament_id)
        r = _draft(s, t, round_number)
        stale = stale_draft(s, t, r)
        if stale is not None:
            raise stale
        r.state = RoundState.PUBLISHED.value
        r.published_at = utcnow()
        s.flush()
        audit(s, t.id, "publish round", f"round {r.number} published", after=[b.number for b in r.boards])
        info = round_info(s, r)
    if db.path is None:
        return PublishInfo(info, None)
    target = backup_path(db.path, info.number)
    try:  # the previous backup of this round (after an undo) is replaced, whole or not at all
        with atomic.replacing(target, replace=True, protect=[db.path], database=True) as scratch:
            backup_database(db, scratch)
    except (OSError, sqlite3.Error, ArbiterError) as error:
        return PublishInfo(info, None, f"the backup copy {target} could not be written: {error}")
    return PublishInfo(info, target)


def get_round(db: Database, tournament_id: int, round_number: int) -> RoundInfo:
    """A paired round."""
    with db.read() as s:
        queries.tournament(s, tournament_id)
        r = queries.round_(s, tournament_id, round_number)
        if r is None:
            raise ArbiterError(f"round {round_number} has not been paired")
        return round_info(s, r)


def list_rounds(db: Database, tournament_id: int) -> tuple[RoundInfo, ...]:
    """Every paired round."""
    with db.read() as s:
        return tuple(round_info(s, r) for r in queries.rounds(s, tournament_id))


def undo_last_step(db: Database, tournament_id: int, reason: str = "") -> AuditInfo:
    """Undo the latest step if it has not been published: a pairing, re-pairing, override or result; a TPN
    regeneration or exchange; a configuration change after round 1 (its settings put back, checklist Q114).

    Steps are undone last first; publishing a round, registering players and
    byes are not undone this way (they have their own services).  Undoing an
    override of a published round changes a published pairing again: it
    needs the arbiter's reason (C.04.2.A.5), kept in the audit log.
    """
    reason = reason_text(reason)
    with db.write() as s:
        t = queries.tournament(s, tournament_id)
        entries = s.scalars(
            select(AuditEntry)
            .where(
                AuditEntry.tournament_id == t.id,
                AuditEntry.undone.is_(False),
                AuditEntry.id.notin_(undone_ids(s, t.id)),
                # An undo, leaving FIDE mode (for good), a result kept for the rating report only (it has its own
                # way back), a change of settings that is no configuration change after round 1: no step to undo.
                AuditEntry.action.notin_(("undo", "leave FIDE mode", RATING_CORRECTION)),
                or_(AuditEntry.action != "edit tournament", AuditEntry.undo_snapshot.is_not(None)),
            )
            .order_by(AuditEntry.id.desc())
            .limit(1)
        ).all()
        if not entries:
            raise ArbiterError("there is nothing to undo")
        last = entries[0]
        if last.undo_snapshot is None:
            raise ArbiterError(f"the last step ({last.summary}) cannot be undone")
        saved = json.loads(last.undo_snapshot)
        if "settings" in saved:  # a configuration change (checklist Q114): the settings as they were
            current = settings_snapshot(s, t, saved["settings"], ratings="ratings" in saved)
            restore_settings(s, t, saved)
            audit(s, t.id, "undo", f"undone: {last.summary}", before=current, after=saved, reason=reason,
                  undoes=last.id)  # fmt: skip
            return audit_info(last, undone=True)
        if "pairing_numbers" in saved:  # a TPN regeneration or exchange (checklist Q114)
            current = numbers_snapshot(s, t)
            restore_numbers(s, saved["pairing_numbers"], t)
            audit(s, t.id, "undo", f"undone: {last.summary}", before=current, after=saved, reason=reason,
                  undoes=last.id)  # fmt: skip
            return audit_info(last, undone=True)
        current = snapshot(s, t.id, saved["number"])
        published = current.get("state", RoundState.DRAFT.value) != RoundState.DRAFT
        if last.action == "override" and published and not reason:
            raise ReasonRequired(
                f"undoing the override of published round {saved['number']} changes its pairing again: "
                "it needs the arbiter's reason",
                article(t.edition, "reason"),
            )
        restore(s, t.id, saved)
        audit(s, t.id, "undo", f"undone: {last.summary}", before=current, after=saved, reason=reason, undoes=last.id)
        return audit_info(last, undone=True)
