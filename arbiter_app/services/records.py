"""From rows to DTOs, the audit log, and the round snapshots that undo restores."""

from __future__ import annotations

import json
import unicodedata
from collections.abc import Iterable
from datetime import date, datetime
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from arbiter_app.errors import ArbiterError
from arbiter_app.pairing.model import Colour, PointSystem
from arbiter_app.persistence import queries
from arbiter_app.persistence.database import NEW_ENTRIES
from arbiter_app.persistence.models import (
    AuditEntry,
    BoardRow,
    Bye,
    ByeKind,
    Override,
    Player,
    PlayerStatus,
    Round,
    Tournament,
)
from arbiter_app.services.dto import (
    AuditInfo,
    BoardInfo,
    PlayerInfo,
    TournamentInfo,
)

RATING_CORRECTION = "rating correction"
"""The audit action of a result kept for the rating report only (:mod:`arbiter_app.services.rating_results`)."""


def point_system(t: Tournament) -> PointSystem:
    """The tournament's points per result, in tenths."""
    return PointSystem(
        win=t.points_win,
        draw=t.points_draw,
        loss=t.points_loss,
        zero_point_bye=t.points_zero_bye,
        forfeit_loss=t.points_forfeit_loss,
        pairing_allocated_bye=t.points_pairing_bye,
    )


def stored_round_dates(text: str) -> tuple[date | None, ...]:
    """``Tournament.round_dates`` read: ISO dates separated by commas, empty where unknown."""
    return tuple(date.fromisoformat(d) if d else None for d in text.split(",")) if text else ()


def round_dates_to_store(dates: tuple[date | None, ...]) -> str:
    """The dates of the rounds as ``Tournament.round_dates`` keeps them."""
    return ",".join(d.isoformat() if d else "" for d in dates)


def tournament_info(t: Tournament) -> TournamentInfo:
    return TournamentInfo(
        id=t.id,
        name=t.name,
        place=t.place,
        start_date=t.start_date,
        end_date=t.end_date,
        chief_arbiter=t.chief_arbiter,
        deputy_arbiters=t.deputy_arbiters,
        rounds_count=t.rounds_count,
        points=point_system(t),
        initial_colour=Colour.BLACK if t.initial_colour == "black" else Colour.WHITE,
        accelerated=t.accelerated,
        tie_breaks=t.tie_breaks,
        tie_break_rules=t.tie_break_rules,
        edition=t.edition,
        federation=t.federation,
        time_control=t.time_control,
        time_control_code=t.time_control_code or "",
        round_dates=stored_round_dates(t.round_dates),
        system=t.system,
        double_round_robin=bool(t.double_round_robin),
        reverse_last_two=bool(t.reverse_last_two),
        berger_seed=t.berger_seed,
        chess960_seed=t.chess960_seed,
        fide_mode=bool(t.fide_mode),
        fide_mode_left_round=t.fide_mode_left_round,
        tie_order=t.tie_order or "name",
    )


def player_info(p: Player) -> PlayerInfo:
    return PlayerInfo(
        number=p.pairing_number,
        name=p.name,
        title=p.title,
        rating=p.rating,
        fide_id=p.fide_id,
        federation=p.federation,
        sex=p.sex,
        birth_date=p.birth_date,
        status=p.status,
        entry_round=p.entry_round,
        withdrawal_round=p.withdrawal_round,
        half_bye_eligible=p.half_bye_eligible is not False,
        expelled=bool(p.expelled),
    )


def board_info(b: BoardRow, engine: frozenset[tuple[int, int]] | None = None) -> BoardInfo:
    """The board; ``engine``: the engine's (white, black) pairs when the round was overridden."""
    pair = (b.white.pairing_number, b.black.pairing_number)
    overridden = engine is not None and pair not in engine
    return BoardInfo(b.number, *pair, b.white.name, b.black.name, b.result, b.forfeit, overridden, bool(b.unrated),
                     b.row_version or 0, b.changed_by or "")  # fmt: skip


def is_withdrawn_in(p: Player, round_number: int) -> bool:
    """The player is no longer paired in this round (C.04.2.D.3)."""
    return p.status == PlayerStatus.WITHDRAWN and p.withdrawal_round is not None and p.withdrawal_round <= round_number


def reason_text(reason: str) -> str:
    """The reason as stored: surrounding blanks and invisible characters (zero-width spaces,
    direction marks, control characters) removed; empty unless a letter or a digit is left."""
    kept = "".join(ch for ch in reason if unicodedata.category(ch)[0] != "C" or ch in "\t")
    kept = " ".join(kept.split())
    return kept if any(unicodedata.category(ch)[0] in "LN" for ch in kept) else ""


def one_line(field: str, value: str) -> str:
    """``value`` for a one-line text field; refused when it holds a line break or another control character
    (it would be written raw into a TRF line, or an HTML report, as something else)."""
    for k, ch in enumerate(value, 1):
        if ch != "\t" and unicodedata.category(ch) in ("Cc", "Zl", "Zp"):
            raise ArbiterError(f"{field}: character {k} is a line break or control character ({ch!r}); write one line")
    return value


def audit_info(e: AuditEntry, undone: bool | None = None) -> AuditInfo:
    """The entry as the shells show it (``undone``: known to be undone, else its own flag)."""
    flag = bool(e.undone) if undone is None else undone
    return AuditInfo(e.id, e.created_at, e.action, e.summary, e.before, e.after, e.reason, flag, e.arbiter)


def to_json(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, sort_keys=True, default=str)


def audit(
    session: Session,
    tournament_id: int,
    action: str,
    summary: str,
    *,
    before: Any = None,
    after: Any = None,
    reason: str = "",
    undo_snapshot: dict[str, Any] | None = None,
    undoes: int | None = None,
) -> AuditEntry:
    """Add one line to the audit log (in the caller's transaction; chained when it commits).  ``undoes``: an
    undo names the entry it undoes (entries are never changed)."""
    entry = AuditEntry(
        tournament_id=tournament_id,
        action=action,
        summary=summary,
        before=None if before is None else to_json(before),
        after=None if after is None else to_json(after),
        reason=reason,
        undo_snapshot=None if undo_snapshot is None else to_json(undo_snapshot),
        arbiter=str(session.info.get("arbiter", "")),
        undoes=undoes,
    )
    session.add(entry)
    session.info.setdefault(NEW_ENTRIES, []).append(entry)
    return entry


def undone_ids(session: Session, tournament_id: int) -> set[int]:
    """The entries undone: named by an undo entry, or (files written before the chain) flagged ``undone``."""
    named = session.scalars(
        select(AuditEntry.undoes).where(AuditEntry.tournament_id == tournament_id, AuditEntry.undoes.is_not(None))
    ).all()
    flagged = session.scalars(
        select(AuditEntry.id).where(AuditEntry.tournament_id == tournament_id, AuditEntry.undone.is_(True))
    ).all()
    return {int(i) for i in (*named, *flagged) if i is not None}


# --- Round snapshots for undo -----------------------------------------------------


def snapshot(session: Session, tournament_id: int, number: int) -> dict[str, Any]:
    """Everything an undo needs to put round ``number`` back as it is now."""
    r = queries.round_(session, tournament_id, number)
    if r is None:
        return {"number": number, "exists": False}
    pab = [b.player_id for b in queries.byes(session, tournament_id, number) if b.kind == ByeKind.PAIRING_ALLOCATED]
    overrides = session.scalars(select(Override.id).where(Override.round_id == r.id)).all()
    return {
        "number": number,
        "exists": True,
        "state": r.state,
        "published_at": r.published_at.isoformat() if r.published_at else None,
        "boards": [[b.number, b.white_id, b.black_id, b.result, b.forfeit] for b in r.boards],
        "unrated": [b.number for b in r.boards if b.unrated],
        "bye": pab[0] if pab else None,
        "overrides": list(overrides),
        "engine_pairing": r.engine_pairing,
        "edition": r.edition,
    }


def moved_edition(engine_pairing: str, edition: str | None) -> tuple[str, str | None]:
    """A round's kept engine pairing and edition as they are stored now, from a snapshot taken before the edition
    was a column of its own (migration 0019), when it was the ``edition`` key of the JSON."""
    if edition is not None or not engine_pairing:
        return engine_pairing, edition
    kept = json.loads(engine_pairing)
    if "edition" not in kept:
        return engine_pairing, None
    old = kept.pop("edition")
    return json.dumps(kept), str(old) if old else None


def restore(session: Session, tournament_id: int, saved: dict[str, Any]) -> None:
    """Put a round back as :func:`snapshot` saw it."""
    number = saved["number"]
    r = queries.round_(session, tournament_id, number)
    for b in queries.byes(session, tournament_id, number):
        if b.kind == ByeKind.PAIRING_ALLOCATED:
            session.delete(b)
    if r is not None and not saved["exists"]:
        session.delete(r)
        session.flush()
        return
    if r is None:
        r = Round(tournament_id=tournament_id, number=number)
        session.add(r)
    r.state = saved["state"]
    r.engine_pairing, r.edition = moved_edition(saved.get("engine_pairing", ""), saved.get("edition"))
    r.published_at = datetime.fromisoformat(saved["published_at"]) if saved["published_at"] else None
    r.boards.clear()
    session.flush()
    unrated = set(saved.get("unrated", ()))  # boards of games not rated (checklist Q185)
    for board_number, white, black, result, forfeit in saved["boards"]:
        r.boards.append(
            BoardRow(
                number=board_number, white_id=white, black_id=black, result=result, forfeit=forfeit,
                unrated=board_number in unrated,
            )
        )  # fmt: skip
    if saved["bye"] is not None:
        session.add(
            Bye(tournament_id=tournament_id, round_number=number, player_id=saved["bye"], kind="pairing_allocated")
        )
    for o in session.scalars(select(Override).where(Override.round_id == r.id)).all():
        if o.id not in saved["overrides"]:
            session.delete(o)
    session.flush()


# --- Settings snapshots for undo (a configuration change, checklist Q114) ----------------------


_DATE_COLUMNS = ("start_date", "end_date")


def settings_snapshot(session: Session, t: Tournament, columns: Iterable[str], ratings: bool = False) -> dict[str, Any]:
    """What an undo needs to put the tournament's settings ``columns`` back as they are now (``ratings``: every
    player's tournament rating too, by pairing number): the undo snapshot of a configuration change."""
    values = {}
    for column in columns:
        value = getattr(t, column)
        values[column] = value.isoformat() if isinstance(value, date) else value
    saved: dict[str, Any] = {"settings": values}
    if ratings:
        saved["ratings"] = {str(p.pairing_number): p.rating for p in queries.players(session, t.id)}
    return saved


def restore_settings(session: Session, t: Tournament, saved: dict[str, Any]) -> None:
    """Put the settings (and ratings) back as :func:`settings_snapshot` saw them."""
    for column, value in saved["settings"].items():
        setattr(t, column, date.fromisoformat(value) if column in _DATE_COLUMNS and value else value)
    for p in queries.players(session, t.id):
        if str(p.pairing_number) in saved.get("ratings", {}):
            p.rating = saved["ratings"][str(p.pairing_number)]
