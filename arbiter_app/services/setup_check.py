"""Before the start: can the tournament as set up be completed under the rules? (checklist Q62)

A Swiss field of N players plays at most as many rounds as a round robin of N has in one
cycle (N - 1 for an even field, N for an odd one, each player having the pairing-allocated
bye once, C.04.1.d): one round more and some players must meet twice (C.04.1.b).  A round
robin's rounds follow from its players by the Berger table (C.05 Annex 1), so it always fits.  The arbiter is told
(Level 2) when pairing round 1 and when the number of rounds or the field is set; nothing
is refused, as the field may still grow.
"""

from __future__ import annotations

from arbiter_app.pairing import berger
from arbiter_app.persistence import queries
from arbiter_app.persistence.database import Database
from arbiter_app.persistence.models import Tournament
from arbiter_app.services.records import is_withdrawn_in
from arbiter_app.services.systems import RoundRobinSystem, system_of
from arbiter_app.services.warnings import Level, Notice


def swiss_rounds_limit(players: int) -> int:
    """C.04.1.b, d: the most rounds a field of ``players`` can play without two players meeting twice."""
    return berger.rounds_in_cycle(players) if players > 1 else 0


def setup_notice(t: Tournament, players: int) -> list[Notice]:
    """Level 2 when ``t.rounds_count`` rounds cannot be played by ``players`` players under the rules."""
    if isinstance(system_of(t), RoundRobinSystem):
        return []  # its Berger table sets the rounds from the players (C.05 Annex 1)
    limit = swiss_rounds_limit(players)
    if t.rounds_count <= limit:
        return []
    return [
        Notice(
            Level.INFORM,
            "checklist Q62, C.04.1.b",
            f"{players} players can play at most {limit} round{'s' if limit != 1 else ''} without two of them meeting "
            "twice; "
            f"{t.rounds_count} rounds are set, so the tournament cannot be completed under the rules",
        )
    ]


def setup_notices(db: Database, tournament_id: int) -> tuple[Notice, ...]:
    """What the arbiter is told about the setup before round 1 is paired (nothing once it is)."""
    with db.read() as s:
        t = queries.tournament(s, tournament_id)
        if queries.last_round(s, t.id) is not None:
            return ()
        players = [p for p in queries.players(s, t.id) if not is_withdrawn_in(p, 1)]
        return tuple(setup_notice(t, len(players)))
