"""Requested byes and absences for a coming round (C.04.2.D.2, D.4)."""

from __future__ import annotations

from arbiter_app.errors import ArbiterError, RuleViolation
from arbiter_app.persistence import queries
from arbiter_app.persistence.database import Database
from arbiter_app.persistence.desks import touch
from arbiter_app.persistence.models import Bye, ByeKind, Player, PlayerStatus
from arbiter_app.services.dto import ByeInfo
from arbiter_app.services.fide_mode import comment
from arbiter_app.services.players import check_player_version, discard_draft, first_open_round
from arbiter_app.services.records import audit, is_withdrawn_in
from arbiter_app.services.warnings import Level, Notice, require

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


def half_bye_notices(p: Player, earlier: list[int], round_number: int) -> list[Notice]:
    """Checklist Q173-Q174: a second (or later) half-point bye of the same player is confirmed at Level 3."""
    if not earlier:
        return []
    rounds = ", ".join(map(str, earlier))
    return [
        Notice(
            Level.PROCEED,
            "checklist Q174",
            f"#{p.pairing_number} {p.name} already has a half-point bye (round{'s' if len(earlier) > 1 else ''} "
            f"{rounds}); round {round_number} would be half-point bye number {len(earlier) + 1}",
        )
    ]


def full_bye_notice(round_number: int) -> Notice:
    """Checklist Q178: a requested full-point bye is allowed but deprecated (the arbiter is told, Level 2)."""
    return Notice(
        Level.INFORM,
        "checklist Q178-Q179",
        "full-point byes are deprecated; this one is written to TRF-2026 exports as "
        f"'{comment('Full-point bye', round_number, 'player <TPN>')}'",
    )


def request_bye(
    db: Database,
    tournament_id: int,
    number: int,
    round_number: int,
    kind: str,
    *,
    confirmed: int = 0,
    seen: int | None = None,
) -> ByeInfo:
    """A requested ``half``, ``full`` or ``zero`` point bye (C.04.2.D.4: not paired in that round).

    Refused for a published round, and a half-point bye for a player flagged not eligible (checklist Q176); a
    second half-point bye asks at Level 3 (Q174); a full-point bye is told deprecated (Level 2, Q178) and written
    as a ``### Full-point bye`` line to TRF-2026 exports (Q179).  A draft of that round is discarded.

    ``seen``: the player's version the desk showed (:func:`player_versions`; a bye or an absence is a change of
    the player): refused, naming who, when another desk changed the player since (several desks, issue 32).
    """
    if kind not in REQUESTABLE:
        raise ArbiterError(f"a requested bye is half, full or zero, not {kind!r}")
    with db.write() as s:
        t = queries.tournament(s, tournament_id)
        p = queries.player(s, t.id, number)
        check_player_version(s, t, p, seen)
        first_open, draft = first_open_round(s, t)
        _check_round(first_open, t.rounds_count, round_number, "C.04.2.D.4")
        if is_withdrawn_in(p, round_number):
            raise ArbiterError(f"#{number} {p.name} has withdrawn (from round {p.withdrawal_round})")
        if p.entry_round > round_number:
            raise ArbiterError(f"#{number} {p.name} enters in round {p.entry_round}")
        discarded = discard_draft(s, t, draft, round_number)  # a refusal below rolls the whole transaction back
        existing = queries.bye(s, t.id, round_number, p.id)
        if existing is not None:
            raise ArbiterError(f"#{number} {p.name} already has a {existing.kind} bye in round {round_number}")
        notices: list[Notice] = []
        after: dict[str, object] = {"round": round_number, "player": number, "kind": str(kind)}
        if kind == ByeKind.HALF:
            if p.half_bye_eligible is False:
                raise RuleViolation(
                    "checklist Q176",
                    f"#{number} {p.name} is flagged not eligible for half-point byes (free entry, the tournament's "
                    "conditions); clear the flag in the player's data first",
                )
            earlier = [b.round_number for b in queries.byes(s, t.id) if b.player_id == p.id and b.kind == ByeKind.HALF]
            require(confirmed, half_bye_notices(p, earlier, round_number))
        elif kind == ByeKind.FULL:
            notices.append(full_bye_notice(round_number))
        s.add(Bye(tournament_id=t.id, round_number=round_number, player_id=p.id, kind=str(kind)))
        touch(p)
        audit(s, t.id, "request bye", f"#{number} {p.name}: {kind} bye in round {round_number}", after=after)
        return ByeInfo(round_number, number, str(kind), discarded, tuple(notices))


def record_absence(
    db: Database,
    tournament_id: int,
    number: int,
    round_number: int,
    *,
    explained: bool = False,
    seen: int | None = None,
) -> ByeInfo:
    """A player known not to play ``round_number``: not paired, no points.

    C.04.2.D.2: without an acceptable explanation the player is also
    considered withdrawn from the following rounds (``reinstate_player``
    undoes that once the absence is explained).  ``seen``: as :func:`request_bye`'s.
    """
    with db.write() as s:
        t = queries.tournament(s, tournament_id)
        p = queries.player(s, t.id, number)
        check_player_version(s, t, p, seen)
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
        touch(p)
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


def cancel_bye(db: Database, tournament_id: int, number: int, round_number: int, *, seen: int | None = None) -> ByeInfo:
    """Withdraw a bye request or an absence for a coming round.  ``seen``: as :func:`request_bye`'s."""
    with db.write() as s:
        t = queries.tournament(s, tournament_id)
        p = queries.player(s, t.id, number)
        check_player_version(s, t, p, seen)
        first_open, draft = first_open_round(s, t)
        _check_round(first_open, t.rounds_count, round_number, "C.04.2.D.4")
        existing = queries.bye(s, t.id, round_number, p.id)
        if existing is None or existing.kind == ByeKind.PAIRING_ALLOCATED:
            raise ArbiterError(f"#{number} {p.name} has no requested bye in round {round_number}")
        kind = existing.kind
        s.delete(existing)
        touch(p)
        discarded = discard_draft(s, t, draft, round_number)
        audit(
            s,
            t.id,
            "cancel bye",
            f"#{number} {p.name}: {kind} bye in round {round_number} cancelled",
            before={"round": round_number, "player": number, "kind": kind},
        )
        return ByeInfo(round_number, number, kind, discarded)
