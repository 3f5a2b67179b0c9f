"""Prohibited pairings entered by hand: two players who must not meet (checklist Q194-Q196; TRF ``XXP``).

The competition's rules may keep players of one family or club apart; the arbiter enters
such pairs before round 1 is paired.  Once round 1 is paired the set is frozen: adding or
removing a pair is refused in FIDE mode (Level 5, Q196) and takes a Level-4 confirmation
outside it.  The engine treats a prohibited pair as players who have met (C.04.3 C.1 /
C.04.3-2026 [C1]), the manual-pairing phase warns about it, and exports write it as
``XXP`` (as an imported file's ``XXP`` lines are kept).
"""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.orm import Session

from arbiter_app.errors import ArbiterError
from arbiter_app.persistence import queries
from arbiter_app.persistence.database import Database
from arbiter_app.persistence.models import ForbiddenPair, Player, Tournament
from arbiter_app.services.fide_mode import last_paired
from arbiter_app.services.records import audit
from arbiter_app.services.warnings import Notice, in_fide_mode_or, require


def _pairs(s: Session, t: Tournament) -> list[tuple[ForbiddenPair, int, int]]:
    numbers = {p.id: p.pairing_number for p in queries.players(s, t.id)}
    found = []
    for f in s.scalars(select(ForbiddenPair).where(ForbiddenPair.tournament_id == t.id)):
        a, b = sorted((numbers[f.first_id], numbers[f.second_id]))
        found.append((f, a, b))
    return sorted(found, key=lambda x: x[1:])


def list_prohibited_pairs(db: Database, tournament_id: int) -> tuple[tuple[int, int], ...]:
    """The prohibited pairs by pairing number, lower first, in order."""
    with db.read() as s:
        return tuple((a, b) for _, a, b in _pairs(s, queries.tournament(s, tournament_id)))


def _players(s: Session, t: Tournament, first: int, second: int) -> tuple[Player, Player]:
    if first == second:
        raise ArbiterError(f"#{first} cannot be kept from meeting himself")
    by_number = {p.pairing_number: p for p in queries.players(s, t.id)}
    for n in (first, second):
        if n not in by_number:
            raise ArbiterError(f"there is no player with pairing number {n}")
    return by_number[first], by_number[second]


def frozen_after_round_1(t: Tournament, paired: int, what: str) -> list[Notice]:
    """Checklist Q195-Q196: prohibited pairs are entered only before round 1 is paired; later, Level 5 in FIDE mode,
    a Level-4 confirmation outside it."""
    if not paired:
        return []
    return [
        Notice(
            in_fide_mode_or(t.fide_mode),
            "checklist Q195-Q196",
            f"prohibited pairings are entered only before round 1 is paired (round {paired} is paired): cannot {what}",
            f"the pairings of rounds 1-{paired} were made without this change; it is logged in the audit log",
        )
    ]


def add_prohibited_pair(db: Database, tournament_id: int, first: int, second: int, *, confirmed: int = 0) -> None:
    """Keep #first and #second from meeting (refused once round 1 is paired, see :func:`frozen_after_round_1`)."""
    with db.write() as s:
        t = queries.tournament(s, tournament_id)
        a, b = _players(s, t, first, second)
        low, high = sorted((first, second))
        if any((x, y) == (low, high) for _, x, y in _pairs(s, t)):
            raise ArbiterError(f"#{low} and #{high} are already a prohibited pair")
        require(confirmed, frozen_after_round_1(t, last_paired(s, t.id), f"add #{low}-#{high}"))
        ids = sorted((a.id, b.id))
        s.add(ForbiddenPair(tournament_id=t.id, first_id=ids[0], second_id=ids[1]))
        audit(s, t.id, "prohibited pair", f"#{low} and #{high} may not meet", after=[f"{low}-{high}"])


def remove_prohibited_pair(db: Database, tournament_id: int, first: int, second: int, *, confirmed: int = 0) -> None:
    """Let #first and #second meet again (refused once round 1 is paired, as adding is)."""
    with db.write() as s:
        t = queries.tournament(s, tournament_id)
        low, high = sorted((first, second))
        row = next((f for f, x, y in _pairs(s, t) if (x, y) == (low, high)), None)
        if row is None:
            raise ArbiterError(f"#{low} and #{high} are not a prohibited pair")
        require(confirmed, frozen_after_round_1(t, last_paired(s, t.id), f"remove #{low}-#{high}"))
        s.delete(row)
        audit(s, t.id, "prohibited pair", f"#{low} and #{high} may meet again", before=[f"{low}-{high}"])
