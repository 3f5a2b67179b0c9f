"""The pairing core's view of a stored tournament: :func:`state_for_round`.

Round ``k`` before the round to pair gives each player one ``RoundRecord``:

- a board: the game's outcome and colour; a forfeit keeps its colours but
  counts as unplayed (C.04.2.D.5, D.6); an adjourned game (``*``) is a draw
  for pairing purposes only (C.04.2.D.1);
- a bye row: ``U``, ``H``, ``F``, ``Z`` or absent;
- otherwise (withdrawn, not yet entered, left unpaired by an override):
  absent, scoring what a zero-point bye scores.
"""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.orm import Session

from arbiter_app.errors import RuleViolation
from arbiter_app.pairing.editions import DutchEdition
from arbiter_app.pairing.model import Colour, Outcome, PointSystem, RoundRecord, TournamentState
from arbiter_app.pairing.model import Player as CorePlayer
from arbiter_app.persistence import queries
from arbiter_app.persistence.models import (
    Acceleration,
    BoardResult,
    BoardRow,
    ByeKind,
    ForbiddenPair,
    Player,
    Round,
    Tournament,
)
from arbiter_app.services.records import is_withdrawn_in, point_system

BYE_OUTCOMES = {
    ByeKind.PAIRING_ALLOCATED: Outcome.PAIRING_ALLOCATED_BYE,
    ByeKind.HALF: Outcome.HALF_POINT_BYE,
    ByeKind.FULL: Outcome.FULL_POINT_BYE,
    ByeKind.ZERO: Outcome.ZERO_POINT_BYE,
    ByeKind.ABSENT: Outcome.ABSENT,
}

BAKU_VIRTUAL_POINTS = (10, 10, 10, 5, 5)
"""C.04.5 Baku acceleration: virtual points (tenths) of a GA player for rounds 1-5."""


def board_outcomes(board: BoardRow) -> tuple[Outcome, Outcome]:
    """Outcomes of white and black for a board with a result."""
    result = BoardResult(board.result) if board.result is not None else None
    if result is None:
        raise RuleViolation("C.04.2.D.7", f"board {board.number} of round {board.round.number} has no result yet")
    if board.forfeit:
        return {
            BoardResult.WHITE_WINS: (Outcome.FORFEIT_WIN, Outcome.FORFEIT_LOSS),
            BoardResult.BLACK_WINS: (Outcome.FORFEIT_LOSS, Outcome.FORFEIT_WIN),
            BoardResult.BOTH_LOSE: (Outcome.FORFEIT_LOSS, Outcome.FORFEIT_LOSS),
        }[result]
    return {
        BoardResult.WHITE_WINS: (Outcome.WIN, Outcome.LOSS),
        BoardResult.BLACK_WINS: (Outcome.LOSS, Outcome.WIN),
        BoardResult.DRAW: (Outcome.DRAW, Outcome.DRAW),
        # Checklist Q180: a played game scored 1/2-0, 0-1/2 or 0-0 is a game (colours, opponents) in which each
        # side scores what its own result is worth.
        BoardResult.WHITE_HALF: (Outcome.DRAW, Outcome.LOSS),
        BoardResult.BLACK_HALF: (Outcome.LOSS, Outcome.DRAW),
        BoardResult.BOTH_LOSE: (Outcome.LOSS, Outcome.LOSS),
        BoardResult.ADJOURNED: (Outcome.DRAW, Outcome.DRAW),
    }[result]


def missing_results(r: Round) -> list[int]:
    """Boards of the round without a result."""
    return [b.number for b in r.boards if b.result is None]


def baku_accelerations(
    players: list[Player], rules: DutchEdition, away_in_round_1: frozenset[int] = frozenset()
) -> dict[int, tuple[int, ...]]:
    """C.04.5.1 / C.04.7-2026 1.2-1.3: virtual points per player id.

    GA holds the first half of the players in the list split before round 1,
    rounded up to an even number (2 x ceil(n/4)); who is in that list is the
    edition's answer (:attr:`DutchEdition.round_one_absentees_in_group_a`:
    under C.04.2-2026 2.4 a player with a round-1 bye or absence, ids
    ``away_in_round_1``, has no TPN yet and is left out).  A player ranked
    above the last GA player who joins later (a late entry, a round-1
    absentee) joins GA ("the last GA-player shall be the same").
    """
    starters = sorted(
        (
            p
            for p in players
            if p.entry_round == 1 and (rules.round_one_absentees_in_group_a or p.id not in away_in_round_1)
        ),
        key=lambda p: p.pairing_number,
    )
    if not starters:
        return {}
    last = starters[rules.group_a_size(len(starters)) - 1].pairing_number
    return {p.id: BAKU_VIRTUAL_POINTS for p in players if p.pairing_number <= last}


def away_in_round_1(session: Session, t: Tournament, players: list[Player]) -> frozenset[int]:
    """Ids of the players registered for round 1 but not paired in it: a requested bye, an absence, a withdrawal."""
    away = {b.player_id for b in queries.byes(session, t.id, 1) if b.kind != ByeKind.PAIRING_ALLOCATED}
    return frozenset(away | {p.id for p in players if is_withdrawn_in(p, 1)})


def _accelerations(session: Session, t: Tournament, players: list[Player]) -> dict[int, tuple[int, ...]]:
    rows = session.scalars(
        select(Acceleration).join(Player).where(Player.tournament_id == t.id).order_by(Acceleration.round_number)
    ).all()
    if rows:
        table: dict[int, dict[int, int]] = {}
        for a in rows:
            table.setdefault(a.player_id, {})[a.round_number] = a.points
        return {pid: tuple(v.get(k, 0) for k in range(1, max(v) + 1)) for pid, v in table.items()}
    if not t.accelerated:
        return {}
    return baku_accelerations(players, t.rules, away_in_round_1(session, t, players))


def state_for_round(session: Session, tournament_id: int, round_number: int) -> TournamentState:
    """The tournament as it stands before ``round_number``, for ``pair_round``.

    Every earlier round must be paired and have all its results (adjourned
    games count as draws, D.1); otherwise :class:`RuleViolation`.
    """
    t = queries.tournament(session, tournament_id)
    points: PointSystem = point_system(t)
    players = list(queries.players(session, tournament_id))
    earlier = [r for r in queries.rounds(session, tournament_id) if r.number < round_number]
    if [r.number for r in earlier] != list(range(1, round_number)):
        raise RuleViolation("C.04.1.a", f"rounds before round {round_number} have not all been paired")
    records: dict[int, list[RoundRecord | None]] = {p.id: [None] * (round_number - 1) for p in players}
    for r in earlier:
        missing = missing_results(r)
        if missing:
            raise RuleViolation(
                "C.04.2.D.7",
                f"round {r.number} lacks results on board{'s' if len(missing) > 1 else ''} "
                f"{', '.join(map(str, missing))}: enter them before pairing round {round_number}",
            )
        for b in r.boards:
            white, black = board_outcomes(b)
            records[b.white_id][r.number - 1] = RoundRecord(
                white, b.black.pairing_number, Colour.WHITE, points.points_for(white)
            )
            records[b.black_id][r.number - 1] = RoundRecord(
                black, b.white.pairing_number, Colour.BLACK, points.points_for(black)
            )
    not_paired: set[int] = set()
    for bye in queries.byes(session, tournament_id):
        if bye.round_number < round_number and records[bye.player_id][bye.round_number - 1] is None:
            outcome = BYE_OUTCOMES[ByeKind(bye.kind)]
            records[bye.player_id][bye.round_number - 1] = RoundRecord(outcome, points=points.points_for(outcome))
        elif bye.round_number == round_number and bye.kind != ByeKind.PAIRING_ALLOCATED:
            not_paired.add(bye.player_id)
    absent = RoundRecord(Outcome.ABSENT, points=points.points_for(Outcome.ABSENT))
    accelerations = _accelerations(session, t, players)
    core_players = []
    for p in players:
        if is_withdrawn_in(p, round_number) or p.entry_round > round_number:
            not_paired.add(p.id)
        history = tuple(record or absent for record in records[p.id])
        core_players.append(CorePlayer(p.pairing_number, history, accelerations.get(p.id, ()), p.rating, p.name))
    by_id = {p.id: p.pairing_number for p in players}
    forbidden = session.scalars(select(ForbiddenPair).where(ForbiddenPair.tournament_id == tournament_id)).all()
    return TournamentState(
        round=round_number,
        total_rounds=max(t.rounds_count, round_number),
        players=tuple(core_players),
        not_paired=frozenset(by_id[pid] for pid in not_paired),
        initial_colour=Colour.BLACK if t.initial_colour == "black" else Colour.WHITE,
        forbidden_pairs=frozenset(frozenset((by_id[f.first_id], by_id[f.second_id])) for f in forbidden),
        points=points,
    )
