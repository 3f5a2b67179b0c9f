"""Replaying a TRF tournament through the services, as an arbiter would run it."""

from __future__ import annotations

from arbiter_app.pairing.editions import BAKU_2016, declared_edition
from arbiter_app.pairing.model import Colour
from arbiter_app.persistence.database import Database
from arbiter_app.services import (
    Level,
    create_tournament,
    enter_results,
    pair_next_round,
    publish_round,
    record_absence,
    register_player,
    request_bye,
    withdraw_player,
)
from arbiter_app.trf import TrfDocument
from arbiter_app.trf.rounds import next_round, pairing_of_round, point_system

_REQUESTED = {"H": "half", "F": "full", "Z": "zero"}
_RESULTS = {"1": "1-0", "0": "0-1", "=": "1/2", "W": "1-0", "L": "0-1", "D": "1/2"}


def _forfeit(white: str, black: str) -> str:
    return {("+", "-"): "+-", ("-", "+"): "-+", ("-", "-"): "--"}[(white, black)]


def withdrawal_round(doc: TrfDocument, number: int, rounds: int) -> int | None:
    """First round of a run of absences lasting to the tournament's last round."""
    line = doc.player(number)
    if len(line.rounds) < rounds:
        return None
    start = None
    for k, entry in enumerate(line.rounds, 1):
        absent = entry.opponent is None and entry.code in ("-", " ")
        start = (start or k) if absent else None
    return start


def replay(db: Database, doc: TrfDocument, *, accelerated: bool = False) -> tuple[int, list[str]]:
    """Run the whole tournament; returns the tournament id and the rounds whose pairing differs.

    The edition is the one the file declares (``092``), else Baku 2016 (the corpora of TRF-16 files)."""
    rounds = doc.rounds_count or max(len(p.rounds) for p in doc.players)
    t = create_tournament(
        db,
        doc.source,
        rounds,
        points=point_system(doc),
        initial_colour=Colour.BLACK if doc.initial_colour == "black" else Colour.WHITE,
        accelerated=accelerated,
        edition=(declared_edition(doc) or BAKU_2016).name,
    )
    for line in doc.players:
        register_player(db, t.id, line.name, rating=line.rating or 0)
    differences = []
    for r in range(1, next_round(doc)):
        for line in doc.players:
            entry = line.entry(r)
            if entry is None or entry.opponent is not None or entry.code == "U":
                continue
            if entry.code in _REQUESTED:
                # A second half-point bye asks at Level 3 (checklist Q174): the file's arbiter said yes.
                request_bye(db, t.id, line.number, r, _REQUESTED[entry.code], confirmed=Level.PROCEED)
            elif withdrawal_round(doc, line.number, rounds) == r:
                withdraw_player(db, t.id, line.number, r)
            elif withdrawal_round(doc, line.number, rounds) is None:
                record_absence(db, t.id, line.number, r, explained=True)
        draft = pair_next_round(db, t.id)
        expected = pairing_of_round(doc, r)
        if draft.pairing().pairs() != expected.pairs() or draft.bye != expected.bye:
            differences.append(
                f"round {r}: expected {sorted(expected.pairs())} bye {expected.bye}, "
                f"got {sorted(draft.pairing().pairs())} bye {draft.bye}"
            )
        published = publish_round(db, t.id).round
        results = [(b.number, result_code(doc, b.white, b.black, r)) for b in published.boards]
        if results:
            enter_results(db, t.id, r, results)
    return t.id, differences


def result_code(doc: TrfDocument, white: int, black: int, r: int) -> str:
    """The result the file records for that game, as the services spell it."""
    w, b = doc.player(white).entry(r), doc.player(black).entry(r)
    assert w is not None and b is not None and w.opponent == black
    return _RESULTS[w.code] if w.code in _RESULTS else _forfeit(w.code, b.code)
