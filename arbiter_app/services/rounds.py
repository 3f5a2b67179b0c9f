"""Pairing a round as a draft, re-pairing it, publishing it (C.04.2.D.7, D.9), undo.

Publishing makes a backup copy of the file, ``NAME.bak-roundN`` beside it,
through SQLite's online backup (consistent even in WAL mode).
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import Any

from sqlalchemy import or_, select
from sqlalchemy.orm import Session

from arbiter_app import atomic
from arbiter_app.errors import ArbiterError, ReasonRequired, RuleViolation
from arbiter_app.pairing.model import RoundPairing, TournamentState
from arbiter_app.persistence import audit_chain, queries
from arbiter_app.persistence.database import Database
from arbiter_app.persistence.desks import one_desk_at_a_time
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


def keep_engine_pairing(r: Round, pairing: RoundPairing | None, edition: str) -> None:
    """Keep the engine's pairing of round ``r`` (``Round.engine_pairing``; None: the engine found none) and the
    edition that paired it (``Round.edition``)."""
    kept: dict[str, object] = {"boards": [], "bye": None, "impossible": True}
    if pairing is not None:
        kept = {"boards": [[b.white, b.black] for b in pairing.boards], "bye": pairing.bye}
    r.engine_pairing = json.dumps(kept)
    r.edition = edition


def _describe(pairing: RoundPairing) -> list[str]:
    lines = [f"{b.white}-{b.black}" for b in pairing.boards]
    return lines + ([f"bye {pairing.bye}"] if pairing.bye is not None else [])


PAIRING_ATTEMPTS = 3
"""How many times a pairing computed outside the write transaction is computed again when the tournament changed
meanwhile, before the arbiter is asked to pair again."""


class _ChangedMeanwhile(Exception):
    """The tables a pairing reads changed between its computation and its storing (rolls the write back)."""


def next_round_number(s: Session, t: Tournament) -> tuple[Round | None, int]:
    """The last round and the number of the round to pair; refused while the last is a draft or all are paired."""
    last = queries.last_round(s, t.id)
    if last is not None and last.state == RoundState.DRAFT:
        raise ArbiterError(f"round {last.number} is already paired as a draft: publish it, re-pair it or undo it")
    number = last.number + 1 if last else 1
    if number > t.rounds_count:
        raise RuleViolation("C.04.1.a", f"all {t.rounds_count} rounds have been paired")
    return last, number


def _computed(s: Session, t: Tournament, number: int) -> tuple[RoundPairing, TournamentState | None]:
    """The engine's pairing of round ``number`` and the state it read (None: a system that reads no results)."""
    system = system_of(t)
    pairing = system.pair(s, t, number)
    return pairing, None if system.paired_by_table else state_for_round(s, t.id, number)


def store_draft(
    s: Session, t: Tournament, number: int, r: Round | None, pairing: RoundPairing, state: TournamentState | None
) -> tuple[Round, dict[str, Any]]:
    """Store ``pairing`` as the draft of round ``number`` (a new round when ``r`` is None), with the engine's pairing
    and what it read (:func:`keep_paired_on`); the undo snapshot taken before."""
    before = snapshot(s, t.id, number)
    if r is None:
        r = Round(tournament_id=t.id, number=number, state=RoundState.DRAFT.value)
        s.add(r)
        s.flush()
    system = system_of(t)
    store_pairing(s, t, r, pairing)
    system.after_pairing(s, t, r)
    keep_engine_pairing(r, pairing, t.edition)
    if state is not None:  # a Swiss reads the results; the Berger tables do not
        keep_paired_on(r, state)
    return r, before


def _paired_outside_the_lock(
    db: Database,
    tournament_id: int,
    read: Callable[[Session, Tournament], int | None],
    store: Callable[[Session, Tournament, int, RoundPairing, TournamentState | None], RoundInfo],
) -> RoundInfo | None:
    """Compute a pairing in a read transaction (other desks keep writing meanwhile: at 5,000 players the engine
    takes seconds), then store it in a short write transaction that first checks the sealed state of the file
    (:func:`~arbiter_app.persistence.audit_chain.sealed_state`: every table the pairing reads) is the one the
    pairing read; when it changed, the pairing is computed again on the new state, at most
    :data:`PAIRING_ATTEMPTS` times, then refused (nothing stored, nothing of the other desk's change lost).

    ``read`` checks what the caller checks and returns the round to pair (None: pair the way that holds the lock,
    the caller's fallback); ``store`` stores the pairing.  None when ``read`` said so."""
    for _ in range(PAIRING_ATTEMPTS):
        with db.read() as s:
            t = queries.tournament(s, tournament_id)
            number = read(s, t)
            seal = audit_chain.sealed_state(s)
            if number is None or seal is None:
                return None
            pairing, state = _computed(s, t, number)
        try:
            with db.write() as s:
                if audit_chain.sealed_state(s) != seal:
                    raise _ChangedMeanwhile
                t = queries.tournament(s, tournament_id)
                return store(s, t, number, pairing, state)
        except _ChangedMeanwhile:
            continue
    raise ArbiterError(
        f"the tournament changed {PAIRING_ATTEMPTS} times while the round was being paired (another desk is "
        "entering data): nothing was stored; pair the round again"
    )


@one_desk_at_a_time("pairing")
def pair_next_round(db: Database, tournament_id: int, confirmed: int = 0) -> RoundInfo:
    """Pair the next round with the engine, as a draft.

    Refused while the previous round is a draft, and beyond the declared number of rounds
    (C.04.1.a).  Results the previous round lacks are recorded as adjourned, a draw for pairing
    purposes only (C.04.2.D.1, C.04.2-2026 3.1; checklist Q158-Q160), and adjourned games
    older than the last completed round are named (Q168): both are Level 2, told before
    anything is stored (``confirmed`` 2 or more: acknowledged).  The marking is a step of
    its own in the audit log (undone after the pairing).  Raises ``PairingImpossibleError``
    when no pairing satisfies C.1-C.3 (A.9).

    The engine runs outside the write transaction (:func:`_paired_outside_the_lock`): other desks' writes go on
    meanwhile, and a change of what the pairing reads is never lost (the pairing is computed again on it).  Only
    when results are missing (marked adjourned in the same transaction) is the pairing computed holding the lock.
    """

    def read(s: Session, t: Tournament) -> int | None:
        last, number = next_round_number(s, t)
        games = open_games(s, t.id)
        missing = [g for g in games if g.result is None]
        older = [g for g in games if g.result is not None and g.round < number - 1]
        inform(confirmed, pairing_notices(missing, older, number))
        return None if last is not None and missing else number

    def store(
        s: Session, t: Tournament, number: int, pairing: RoundPairing, state: TournamentState | None
    ) -> RoundInfo:
        r, before = store_draft(s, t, number, None, pairing, state)
        audit(s, t.id, "pair round", f"round {number} paired (draft)", after=_describe(pairing), undo_snapshot=before)
        return round_info(s, r)

    paired = _paired_outside_the_lock(db, tournament_id, read, store)
    if paired is not None:
        return paired
    with db.write() as s:
        t = queries.tournament(s, tournament_id)
        last, number = next_round_number(s, t)
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
        pairing, state = _computed(s, t, number)
        return store(s, t, number, pairing, state)


def _draft(session: Session, t: Tournament, round_number: int | None) -> Round:
    last = queries.last_round(session, t.id)
    if last is None or last.state != RoundState.DRAFT or (round_number is not None and last.number != round_number):
        which = f"round {round_number}" if round_number is not None else "the tournament"
        raise ArbiterError(f"{which} has no draft pairing (pair the next round first)")
    return last


def repair_round(db: Database, tournament_id: int) -> RoundInfo:
    """Pair the draft round again (after corrections, or to drop a manual override), the engine outside the write
    transaction as :func:`pair_next_round`'s."""

    def read(s: Session, t: Tournament) -> int:
        return _draft(s, t, None).number

    def store(
        s: Session, t: Tournament, number: int, pairing: RoundPairing, state: TournamentState | None
    ) -> RoundInfo:
        r, before = store_draft(s, t, number, _draft(s, t, number), pairing, state)
        audit(s, t.id, "re-pair round", f"round {r.number} paired again (draft)", after=_describe(pairing),
              undo_snapshot=before)  # fmt: skip
        return round_info(s, r)

    paired = _paired_outside_the_lock(db, tournament_id, read, store)
    if paired is not None:
        return paired
    with db.write() as s:  # a file without a sealed state
        t = queries.tournament(s, tournament_id)
        number = read(s, t)
        pairing, state = _computed(s, t, number)
        return store(s, t, number, pairing, state)


def backup_path(path: Path, round_number: int) -> Path:
    """Where the copy made when round ``round_number`` is published goes."""
    return path.with_name(f"{path.name}.bak-round{round_number}")


@one_desk_at_a_time("publishing")
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
