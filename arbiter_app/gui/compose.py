"""Reads the services do not offer yet, composed from the ones they do.

Each function names the service it stands in for; none runs SQL or pairing
logic of its own.  When the services grow these, the function becomes a call.
"""

from __future__ import annotations

from arbiter_app import services as sv
from arbiter_app.persistence import Database
from arbiter_app.services.dto import RoundInfo
from arbiter_app.trf import parse_trf

BYE_CODES = {"H": "half", "F": "full", "Z": "zero", "U": "pairing_allocated", "-": "absent"}


def first_open_round(rounds: tuple[RoundInfo, ...]) -> int:
    """The first round not yet published (a draft counts as open)."""
    if not rounds:
        return 1
    last = rounds[-1]
    return last.number if last.state == "draft" else last.number + 1


def coming_byes(db: Database, tournament_id: int) -> dict[int, str]:
    """Requested byes and absences of the first open round, by pairing number.

    Stands in for a ``list_byes(db, tid, round)`` service: read from the TRF
    export, which writes them as pre-entered cells of the next round.
    """
    rounds = sv.list_rounds(db, tournament_id)
    published = sum(1 for r in rounds if r.state != "draft")
    doc = parse_trf(sv.export_trf(db, tournament_id).text, source="export")
    byes = {}
    for line in doc.players:
        entry = line.entry(published + 1)
        if entry is not None and entry.opponent is None and entry.code in BYE_CODES:
            byes[line.number] = BYE_CODES[entry.code]
    return byes


def overridden_boards(db: Database, tournament_id: int, info: RoundInfo) -> frozenset[int]:
    """Board numbers of ``info`` (a round with an override) that the engine would not pair that way.

    Stands in for an ``overridden`` flag on ``BoardInfo``: the preview of an
    empty override compares the stored pairing with the engine's.
    """
    if not info.overrides:
        return frozenset()
    preview = sv.preview_override(db, tournament_id, info.number)
    if preview.engine_pairing is None:
        return frozenset(b.number for b in info.boards)
    engine = {(b.white, b.black) for b in preview.engine_pairing.boards}
    return frozenset(b.number for b in info.boards if (b.white, b.black) not in engine)


def scores_after_rounds(db: Database, tournament_id: int, last: int) -> dict[int, tuple[int, ...]]:
    """Each player's score (tenths) after rounds 0, 1, ..., ``last``: ``scores[number][k]``."""
    scores: dict[int, list[int]] = {p.number: [0] for p in sv.list_players(db, tournament_id)}
    for k in range(1, last + 1):
        for row in sv.standings(db, tournament_id, after_round=k):
            scores.setdefault(row.number, [0] * k).append(row.points)
    return {n: tuple(s) for n, s in scores.items()}
