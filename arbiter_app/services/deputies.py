"""Deputies let in from the hall's network (issue 31): a link with a token, a board range, an expiry.

The chief arbiter issues a deputy a link (:func:`add_deputy`) holding a random 128-bit token; only the
token's SHA-256 is stored, and a token given is compared with every stored hash in constant time
(:func:`hmac.compare_digest`, no early exit).  A deputy enters results of his boards for the round in
progress (:func:`deputy_enter_result`), in one write transaction with the check of the board: a board
without a result gets his; a result already there that someone else entered is never written over: the
deputy's result is held as a conflict (:func:`list_conflicts`) until the chief arbiter decides
(:func:`decide_conflict`).  Every entry goes to the audit log under the deputy's name.  FIDE mode's levels
apply: a deputy cannot answer a warning (what needs Level 3 or more is refused with the rule; the main desk
does it).  Only the main desk pairs, publishes and overrides: nothing else is open to a deputy.
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from sqlalchemy import select
from sqlalchemy.orm import Session

from arbiter_app.errors import ArbiterError
from arbiter_app.persistence import queries
from arbiter_app.persistence.database import Database
from arbiter_app.persistence.models import Deputy, DeputyEntry, Round, RoundState
from arbiter_app.plaintext import arbiter_name
from arbiter_app.services.dto import UNRATED, sheet_result
from arbiter_app.services.records import audit, board_info
from arbiter_app.services.results import parse_result, record_results, unrated_result
from arbiter_app.services.warnings import ConfirmationNeeded, ProhibitedInFideMode

TOKEN_BYTES = 16
"""128 bits."""
MAX_HOURS = 24 * 31
"""A link lasts at most a month."""
ENTERED, CONFLICT, ACCEPTED, REJECTED = "entered", "conflict", "accepted", "rejected"
ADJOURNED = "*"
"""An adjourned game's mark (C.04.2.D.1): its decided result is no conflict, the game was still going on."""


class DeputyRefused(ArbiterError):
    """The token is unknown, revoked or expired, or the deputy asked for what he may not do; nothing changed."""


@dataclass(frozen=True)
class DeputyInfo:
    id: int
    name: str
    first_board: int
    last_board: int
    created_at: datetime
    expires_at: datetime
    revoked_at: datetime | None

    def is_active(self, now: datetime | None = None) -> bool:
        return self.revoked_at is None and (now or _now()) < self.expires_at

    @property
    def boards(self) -> str:
        return f"{self.first_board}-{self.last_board}"


@dataclass(frozen=True)
class NewDeputy:
    deputy: DeputyInfo
    token: str
    """Given once, in the link; never stored."""


@dataclass(frozen=True)
class DeputyEntryInfo:
    id: int
    deputy: str
    round: int
    board: int
    result: str
    previous: str | None
    status: str
    created_at: datetime
    decided_by: str = ""


@dataclass(frozen=True)
class DeputyOutcome:
    """What became of a result a deputy sent."""

    status: str
    """``entered``, ``same`` (that result was already there), or ``conflict``."""
    round: int
    board: int
    result: str
    kept: str | None
    """A conflict: the result that stays on the board."""

    @property
    def message(self) -> str:
        if self.status == ENTERED:
            return f"round {self.round} board {self.board}: {self.result} entered"
        if self.status == "same":
            return f"round {self.round} board {self.board}: {self.result} was already entered"
        return (f"round {self.round} board {self.board}: {self.kept} was already entered by someone else; your "
                f"{self.result} is sent to the chief arbiter, who decides")  # fmt: skip


def _now() -> datetime:
    return datetime.now(UTC).replace(tzinfo=None)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def parse_boards(text: str) -> tuple[int, int]:
    """``1-40`` or ``7``: the first and last board."""
    m = re.fullmatch(r"\s*(\d{1,6})\s*(?:-\s*(\d{1,6}))?\s*", text)
    if m is None:
        raise ArbiterError(f"boards {text!r}: give a range such as 1-40, or one board")
    first, last = int(m.group(1)), int(m.group(2) or m.group(1))
    if not 1 <= first <= last:
        raise ArbiterError(f"boards {text!r}: the range runs from board 1 up, the first no larger than the last")
    return first, last


def _info(d: Deputy) -> DeputyInfo:
    return DeputyInfo(d.id, d.name, d.first_board, d.last_board, d.created_at, d.expires_at, d.revoked_at)


def add_deputy(db: Database, tournament_id: int, name: str, boards: tuple[int, int], hours: float) -> NewDeputy:
    """A new deputy with his token (shown once)."""
    name = arbiter_name(name).strip()
    if not name:
        raise ArbiterError("a deputy needs a name (it goes to the audit log with each result he enters)")
    if not 0 < hours <= MAX_HOURS:
        raise ArbiterError(f"hours {hours}: a link lasts more than 0 and at most {MAX_HOURS} hours")
    first, last = boards
    token = secrets.token_urlsafe(TOKEN_BYTES)
    with db.write() as s:
        t = queries.tournament(s, tournament_id)
        now = _now()
        d = Deputy(tournament_id=t.id, name=name, token_hash=token_hash(token), first_board=first, last_board=last,
                   created_at=now, expires_at=now + timedelta(hours=hours), created_by=db.arbiter)  # fmt: skip
        s.add(d)
        s.flush()
        audit(s, t.id, "deputy added", f"deputy {name}: boards {first}-{last} until {d.expires_at:%Y-%m-%d %H:%M} UTC")
        return NewDeputy(_info(d), token)


def list_deputies(db: Database, tournament_id: int) -> tuple[DeputyInfo, ...]:
    with db.read() as s:
        rows = s.scalars(select(Deputy).where(Deputy.tournament_id == tournament_id).order_by(Deputy.id)).all()
        return tuple(_info(d) for d in rows)


def _find(s: Session, tournament_id: int, reference: str) -> Deputy:
    rows = s.scalars(select(Deputy).where(Deputy.tournament_id == tournament_id).order_by(Deputy.id)).all()
    ref = reference.strip()
    found = [d for d in rows if (ref.isdigit() and d.id == int(ref)) or d.name.casefold() == ref.casefold()]
    if not found:
        raise ArbiterError(f"no deputy {reference!r} (see 'deputy list')")
    if len(found) > 1:
        raise ArbiterError(f"several deputies are named {reference!r}: give the number 'deputy list' shows")
    return found[0]


def revoke_deputy(db: Database, tournament_id: int, reference: str) -> DeputyInfo:
    """His link stops working at once (by number or name)."""
    with db.write() as s:
        d = _find(s, tournament_id, reference)
        if d.revoked_at is None:
            d.revoked_at = _now()
            audit(s, tournament_id, "deputy revoked", f"deputy {d.name}: link revoked")
        return _info(d)


def _deputy(s: Session, tournament_id: int, token: str) -> Deputy:
    """The deputy whose token this is: every stored hash compared in constant time, no early exit."""
    given = token_hash(token).encode()
    found = None
    for d in s.scalars(select(Deputy).where(Deputy.tournament_id == tournament_id)).all():
        if hmac.compare_digest(given, d.token_hash.encode()):
            found = d
    if found is None:
        raise DeputyRefused("this link is not valid: ask the chief arbiter for a new one")
    if found.revoked_at is not None:
        raise DeputyRefused("this link was revoked by the chief arbiter")
    if _now() >= found.expires_at:
        raise DeputyRefused("this link has expired: ask the chief arbiter for a new one")
    return found


def deputy_for_token(db: Database, tournament_id: int, token: str) -> DeputyInfo:
    with db.read() as s:
        return _info(_deputy(s, tournament_id, token))


def _round_in_progress(s: Session, tournament_id: int) -> Round | None:
    published = [r for r in queries.rounds(s, tournament_id) if r.state != RoundState.DRAFT]
    return published[-1] if published else None


def round_in_progress(db: Database, tournament_id: int) -> int | None:
    """The number of the round whose results deputies enter: the last one published."""
    with db.read() as s:
        r = _round_in_progress(s, tournament_id)
        return None if r is None else r.number


def _as_stored(text: str) -> str:
    """The result as the board will show it (``1-0``, ``½-½``, ``+/-``, ``1-0 unrated``)."""
    plain, unrated = unrated_result(text)
    value, forfeit = parse_result(plain)
    return sheet_result(value.value, forfeit) + (f" {UNRATED}" if unrated else "")


def _own_last(s: Session, d: Deputy, round_number: int, board: int, shown: str) -> bool:
    """The result on the board is the one this deputy entered last there."""
    last = s.scalars(
        select(DeputyEntry)
        .where(DeputyEntry.tournament_id == d.tournament_id, DeputyEntry.round_number == round_number,
               DeputyEntry.board_number == board, DeputyEntry.status.in_((ENTERED, ACCEPTED)))
        .order_by(DeputyEntry.id.desc())
    ).first()  # fmt: skip
    return last is not None and last.deputy_id == d.id and _as_stored(last.result) == shown


def deputy_enter_result(
    db: Database, tournament_id: int, token: str, round_number: int, board_number: int, result: str
) -> DeputyOutcome:
    """A deputy's result for a board of his, in the round in progress; a result someone else entered is kept and
    the deputy's held as a conflict.  Raises :class:`DeputyRefused` (nothing changed) when he may not."""
    shown = _as_stored(result)  # refuses an unknown result with the spellings allowed
    with db.write() as s:
        return _enter(s, tournament_id, token, round_number, board_number, result, shown)


@dataclass(frozen=True)
class DeputyResult:
    """One result sent by a deputy, for :func:`deputy_enter_results`."""

    token: str
    round: int
    board: int
    result: str


def deputy_enter_results(
    db: Database, tournament_id: int, sent: Sequence[DeputyResult]
) -> list[DeputyOutcome | ArbiterError]:
    """Several deputies' results in one write transaction (what arrived while the previous write ran): each
    exactly as :func:`deputy_enter_result` enters it alone, in a savepoint of its own, with its own audit entry
    under its deputy's name; one refused (its error in its place in the answer, :class:`DeputyRefused` when he
    may not) leaves nothing of it and does not touch the others.  The file is sealed once, for all of them."""
    out: list[DeputyOutcome | ArbiterError] = []
    with db.write() as s:
        # Several results: the players and the round's boards read once for them all and kept referenced, so that
        # each finds them in the session (read again, they cost a fraction of the first read).
        in_progress = _round_in_progress(s, tournament_id) if len(sent) > 1 else None
        kept = [] if in_progress is None else [*queries.players(s, tournament_id), *in_progress.boards]
        for one in sent:
            try:
                shown = _as_stored(one.result)
                with s.begin_nested():
                    out.append(_enter(s, tournament_id, one.token, one.round, one.board, one.result, shown))
            except ArbiterError as error:
                out.append(error)
        del kept, in_progress
    return out


def _enter(
    s: Session, tournament_id: int, token: str, round_number: int, board_number: int, result: str, shown: str
) -> DeputyOutcome:
    d = _deputy(s, tournament_id, token)
    s.info["arbiter"] = f"{d.name} (deputy)"
    r = _round_in_progress(s, tournament_id)
    if r is None or r.number != round_number:
        now = "no round is published" if r is None else f"the round in progress is round {r.number}"
        raise DeputyRefused(f"round {round_number} is not in progress ({now}): results of other rounds are "
                            "entered at the main desk")  # fmt: skip
    if not d.first_board <= board_number <= d.last_board:
        raise DeputyRefused(f"board {board_number} is not yours (boards {d.first_board}-{d.last_board})")
    board = next((b for b in r.boards if b.number == board_number), None)
    if board is None:
        raise DeputyRefused(f"round {r.number} has no board {board_number}")
    there = board_info(board).result_text or None
    if there == shown:
        return DeputyOutcome("same", r.number, board_number, shown, there)
    entry = DeputyEntry(tournament_id=tournament_id, deputy_id=d.id, round_number=r.number,
                        board_number=board_number, result=result.strip(), previous=there,
                        status=ENTERED, created_at=_now())  # fmt: skip
    if there not in (None, ADJOURNED) and not _own_last(s, d, r.number, board_number, there):
        entry.status = CONFLICT
        s.add(entry)
        audit(s, tournament_id, "deputy conflict",
              f"round {r.number} board {board_number}: deputy {d.name} sent {shown}; {there} kept for the chief "
              "arbiter to decide", before=there, after=shown)  # fmt: skip
        return DeputyOutcome(CONFLICT, r.number, board_number, shown, there)
    try:
        record_results(s, tournament_id, r.number, [(board_number, result)])
    except (ConfirmationNeeded, ProhibitedInFideMode) as warning:
        raise DeputyRefused(f"{warning}: only the chief arbiter can do this, at the main desk") from None
    s.add(entry)
    s.flush()
    return DeputyOutcome(ENTERED, r.number, board_number, shown, None)


def _entry_info(e: DeputyEntry, names: dict[int, str]) -> DeputyEntryInfo:
    return DeputyEntryInfo(e.id, names.get(e.deputy_id, ""), e.round_number, e.board_number, e.result, e.previous,
                           e.status, e.created_at, e.decided_by)  # fmt: skip


def list_conflicts(db: Database, tournament_id: int, *, all_entries: bool = False) -> tuple[DeputyEntryInfo, ...]:
    """The results held as conflicts, waiting for the chief arbiter (``all_entries``: every entry sent)."""
    with db.read() as s:
        names = {d.id: d.name for d in s.scalars(select(Deputy).where(Deputy.tournament_id == tournament_id))}
        query = select(DeputyEntry).where(DeputyEntry.tournament_id == tournament_id)
        if not all_entries:
            query = query.where(DeputyEntry.status == CONFLICT)
        return tuple(_entry_info(e, names) for e in s.scalars(query.order_by(DeputyEntry.id)))


def decide_conflict(
    db: Database, tournament_id: int, entry_id: int, accept: bool, *, confirmed: int = 0
) -> DeputyEntryInfo:
    """The chief arbiter takes the deputy's result (``accept``: it replaces the one kept, as a correction with its
    warnings) or keeps the result on the board."""
    with db.write() as s:
        e = s.get(DeputyEntry, entry_id)
        if e is None or e.tournament_id != tournament_id or e.status != CONFLICT:
            raise ArbiterError(f"no conflict {entry_id} waits for a decision (see 'deputy conflicts')")
        d = s.get(Deputy, e.deputy_id)
        who = d.name if d is not None else "?"
        if accept:
            record_results(s, tournament_id, e.round_number, [(e.board_number, e.result)], confirmed=confirmed)
        e.status = ACCEPTED if accept else REJECTED
        e.decided_at = _now()
        e.decided_by = db.arbiter
        audit(s, tournament_id, "deputy conflict decided",
              f"round {e.round_number} board {e.board_number}: deputy {who}'s {_as_stored(e.result)} "
              + ("taken" if accept else f"refused, {e.previous} kept"))  # fmt: skip
        return _entry_info(e, {e.deputy_id: who})
