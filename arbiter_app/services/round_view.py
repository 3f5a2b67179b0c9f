"""A round as the shells show it: boards, the bye, who is not paired, and the overrides made to it."""

from __future__ import annotations

import json

from sqlalchemy import select
from sqlalchemy.orm import Session

from arbiter_app.errors import ArbiterError
from arbiter_app.pairing.editions import edition as edition_rules
from arbiter_app.pairing.engine import pair_round
from arbiter_app.persistence import queries
from arbiter_app.persistence.database import Database
from arbiter_app.persistence.models import ByeKind, Override, Round
from arbiter_app.services.dto import OverrideRecord, RoundInfo
from arbiter_app.services.records import board_info, is_withdrawn_in
from arbiter_app.services.state import state_for_round


def round_info(session: Session, r: Round) -> RoundInfo:
    """The round with its boards, its bye and everybody not paired in it."""
    players = queries.players(session, r.tournament_id)  # loaded first: boards then find them in the session
    byes = {b.player_id: b for b in queries.byes(session, r.tournament_id, r.number)}
    on_board = {pid for b in r.boards for pid in (b.white_id, b.black_id)}
    pab = next((b.player.pairing_number for b in byes.values() if b.kind == ByeKind.PAIRING_ALLOCATED), None)
    others: list[tuple[int, str]] = []
    for p in players:
        if p.id in on_board or (p.id in byes and byes[p.id].kind == ByeKind.PAIRING_ALLOCATED):
            continue
        if p.id in byes:
            others.append((p.pairing_number, byes[p.id].kind))
        elif is_withdrawn_in(p, r.number):
            others.append((p.pairing_number, "withdrawn"))
        elif p.entry_round > r.number:
            others.append((p.pairing_number, "not entered"))
        else:
            others.append((p.pairing_number, "unpaired"))
    overrides = session.scalars(select(Override).where(Override.round_id == r.id).order_by(Override.id)).all()
    engine = engine_pairs(session, r) if overrides else None
    return RoundInfo(
        r.number,
        r.state,
        tuple(board_info(b, engine) for b in r.boards),
        pab,
        tuple(others),
        tuple(
            OverrideRecord(o.reason, tuple(w["text"] for w in json.loads(o.warnings)), o.created_at, o.change_case)
            for o in overrides
        ),
        paired_by(session, r),
    )


def paired_by(session: Session, r: Round) -> str:
    """The edition of the rules the engine paired round ``r`` with: as kept when it paired, else the tournament's.

    A tournament may change its edition between rounds (``change_edition``): each round is explained and
    checked by the rules that paired it.
    """
    return r.edition or queries.tournament(session, r.tournament_id).edition


def round_edition(db: Database, tournament_id: int, round_number: int) -> str:
    """The edition that paired round ``round_number``; for a round not yet paired, the tournament's."""
    with db.read() as s:
        t = queries.tournament(s, tournament_id)
        r = queries.round_(s, t.id, round_number)
        return paired_by(s, r) if r is not None else t.edition


def engine_pairs(session: Session, r: Round) -> frozenset[tuple[int, int]]:
    """The (white, black) pairs the engine gave the round: as kept when it paired, else paired again now.

    Rounds paired before the engine's pairing was kept have it recomputed
    from the results before the round (the same state, so the same pairing).
    """
    if r.engine_pairing:
        return frozenset((w, b) for w, b in json.loads(r.engine_pairing)["boards"])
    t = queries.tournament(session, r.tournament_id)
    try:
        pairing = pair_round(state_for_round(session, t.id, r.number), edition_rules(paired_by(session, r)))
    except ArbiterError:  # the engine cannot pair it at all: every board is the arbiter's
        return frozenset()
    return frozenset((b.white, b.black) for b in pairing.boards)
