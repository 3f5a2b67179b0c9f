"""Requested byes and absences for a coming round (C.04.2.D.2, D.4)."""

from __future__ import annotations

from arbiter_app.errors import ArbiterError, RuleViolation
from arbiter_app.persistence import queries
from arbiter_app.persistence.database import Database
from arbiter_app.persistence.models import Bye, ByeKind, PlayerStatus
from arbiter_app.services.dto import ByeInfo
from arbiter_app.services.players import discard_draft, first_open_round
from arbiter_app.services.records import audit, is_withdrawn_in

REQUESTABLE = (ByeKind.HALF, ByeKind.FULL, ByeKind.ZERO)


def list_byes(db: Database, tournament_id: int, round_number: int | None = None) -> tuple[ByeInfo, ...]:
    """The byes and absences entered for a round (default: the first round not yet published), by pairing number."""
    with db.read() as s:
        t = queries.tournament(s, tournament_id)
        number = first_open_round(s, t)[0] if round_number is None else round_number
        found = [ByeInfo(number, b.player.pairing_number, b.kind) for b in queries.byes(s, t.id, number)]
        return tuple(sorted(found, key=lambda b: b.player))


def _check_round(first_open: int, rounds_count: int, round_number: int, article: str) -> None:
    if round_number < first_open:
        raise RuleViolation(
            article, f"round {round_number} is already published; byes and absences are entered for a coming round"
        )
    if round_number > rounds_count:
        raise RuleViolation("C.04.1.a", f"the tournament has {rounds_count} rounds, there is no round {round_number}")


def request_bye(db: Database, tournament_id: int, number: int, round_number: int, kind: str) -> ByeInfo:
    """A requested ``half``, ``full`` or ``zero`` point bye (C.04.2.D.4: not paired in that round).

    Refused for a published round; a draft of that round is discarded.
    """
    if kind not in REQUESTABLE:
        raise ArbiterError(f"a requested bye is half, full or zero, not {kind!r}")
    with db.write() as s:
        t = queries.tournament(s, tournament_id)
        p = queries.player(s, t.id, number)
        first_open, draft = first_open_round(s, t)
        _check_round(first_open, t.rounds_count, round_number, "C.04.2.D.4")
        if is_withdrawn_in(p, round_number):
            raise ArbiterError(f"#{number} {p.name} has withdrawn (from round {p.withdrawal_round})")
        if p.entry_round > round_number:
            raise ArbiterError(f"#{number} {p.name} enters in round {p.entry_round}")
        discarded = discard_draft(s, t, draft, round_number)
        existing = queries.bye(s, t.id, round_number, p.id)
        if existing is not None:
            raise ArbiterError(f"#{number} {p.name} already has a {existing.kind} bye in round {round_number}")
        s.add(Bye(tournament_id=t.id, round_number=round_number, player_id=p.id, kind=str(kind)))
        audit(
            s,
            t.id,
            "request bye",
            f"#{number} {p.name}: {kind} bye in round {round_number}",
            after={"round": round_number, "player": number, "kind": str(kind)},
        )
        return ByeInfo(round_number, number, str(kind), discarded)


def record_absence(
    db: Database, tournament_id: int, number: int, round_number: int, *, explained: bool = False
) -> ByeInfo:
    """A player known not to play ``round_number``: not paired, no points.

    C.04.2.D.2: without an acceptable explanation the player is also
    considered withdrawn from the following rounds (``reinstate_player``
    undoes that once the absence is explained).
    """
    with db.write() as s:
        t = queries.tournament(s, tournament_id)
        p = queries.player(s, t.id, number)
        first_open, draft = first_open_round(s, t)
        _check_round(first_open, t.rounds_count, round_number, "C.04.2.D.2")
        if is_withdrawn_in(p, round_number):
            raise ArbiterError(f"#{number} {p.name} has withdrawn (from round {p.withdrawal_round})")
        discarded = discard_draft(s, t, draft, round_number)
        existing = queries.bye(s, t.id, round_number, p.id)
        if existing is not None:
            s.delete(existing)
            s.flush()
        s.add(Bye(tournament_id=t.id, round_number=round_number, player_id=p.id, kind=ByeKind.ABSENT.value))
        if not explained and round_number < t.rounds_count:
            p.status, p.withdrawal_round = PlayerStatus.WITHDRAWN, round_number + 1
            for b in queries.byes(s, t.id):
                if b.player_id == p.id and b.round_number > round_number:
                    s.delete(b)
        summary = f"#{number} {p.name} absent in round {round_number}"
        if not explained:
            summary += " without explanation: withdrawn from the next rounds (C.04.2.D.2)"
        audit(s, t.id, "record absence", summary, after={"round": round_number, "player": number})
        return ByeInfo(round_number, number, ByeKind.ABSENT.value, discarded)


def cancel_bye(db: Database, tournament_id: int, number: int, round_number: int) -> ByeInfo:
    """Withdraw a bye request or an absence for a coming round."""
    with db.write() as s:
        t = queries.tournament(s, tournament_id)
        p = queries.player(s, t.id, number)
        first_open, draft = first_open_round(s, t)
        _check_round(first_open, t.rounds_count, round_number, "C.04.2.D.4")
        existing = queries.bye(s, t.id, round_number, p.id)
        if existing is None or existing.kind == ByeKind.PAIRING_ALLOCATED:
            raise ArbiterError(f"#{number} {p.name} has no requested bye in round {round_number}")
        kind = existing.kind
        s.delete(existing)
        discarded = discard_draft(s, t, draft, round_number)
        audit(
            s,
            t.id,
            "cancel bye",
            f"#{number} {p.name}: {kind} bye in round {round_number} cancelled",
            before={"round": round_number, "player": number, "kind": kind},
        )
        return ByeInfo(round_number, number, kind, discarded)
