"""Standings for the command line: score, then pairing number (tie-breaks belong to ``arbiter_app.standings``)."""

from __future__ import annotations

from sqlalchemy.orm import Session

from arbiter_app.persistence import queries
from arbiter_app.persistence.database import Database
from arbiter_app.persistence.models import ByeKind, RoundState
from arbiter_app.services.dto import StandingRow
from arbiter_app.services.records import point_system
from arbiter_app.services.state import BYE_OUTCOMES, board_outcomes


def compute_standings(session: Session, tournament_id: int, after_round: int | None = None) -> list[StandingRow]:
    """Points from the published rounds (up to ``after_round``): results entered and byes.

    Adjourned games and boards without a result score nothing yet (C.04.2.D.1
    makes an adjourned game a draw for pairing purposes only).
    """
    t = queries.tournament(session, tournament_id)
    ps = point_system(t)
    rounds = [r for r in queries.rounds(session, t.id) if r.state != RoundState.DRAFT]
    if after_round is not None:
        rounds = [r for r in rounds if r.number <= after_round]
    last = rounds[-1].number if rounds else 0
    points: dict[int, int] = {p.id: 0 for p in queries.players(session, t.id)}
    for r in rounds:
        for b in r.boards:
            if b.result is None or b.result == "*":
                continue
            white, black = board_outcomes(b)
            points[b.white_id] += ps.points_for(white)
            points[b.black_id] += ps.points_for(black)
    for bye in queries.byes(session, t.id):
        if bye.round_number <= last:
            points[bye.player_id] += ps.points_for(BYE_OUTCOMES[ByeKind(bye.kind)])
    players = sorted(queries.players(session, t.id), key=lambda p: (-points[p.id], p.pairing_number))
    return [StandingRow(rank, p.pairing_number, p.name, p.rating, points[p.id]) for rank, p in enumerate(players, 1)]


def standings(db: Database, tournament_id: int, after_round: int | None = None) -> tuple[StandingRow, ...]:
    """The standings: score, then pairing number."""
    with db.read() as s:
        return tuple(compute_standings(s, tournament_id, after_round))
