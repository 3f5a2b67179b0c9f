"""A TRF-2026 export made while a game is adjourned (issue 29, D8): the adjourned game is '?' with 162 X worth a draw
(TRF-2026's unknown result, checklist Q164-Q165), and the rank column never contradicts the points column."""

from __future__ import annotations

from fractions import Fraction

import pytest

from arbiter_app import services as sv
from arbiter_app.persistence import Database
from arbiter_app.trf import parse_trf
from tests.services.conftest import HANDMADE, SEVEN


def _contradictions(text: str) -> list[tuple[int, int]]:
    """Pairs (a, b) of the file's players where a has more points than b but a worse rank (what a checker of the
    rank column counts as an inconsistency)."""
    players = parse_trf(text).players
    return [
        (a.number, b.number)
        for a in players
        for b in players
        if Fraction(a.points) > Fraction(b.points) and (a.rank or 0) > (b.rank or 0)
    ]


@pytest.mark.parametrize(("third", "fourth"), [("0-1", "1/2"), ("1-0", "1/2"), ("1/2", "1-0"), ("0-1", "1-0")])
@pytest.mark.parametrize("unfinished", [False, True])
def test_an_adjourned_game_never_makes_the_rank_column_contradict_the_points(
    db: Database, unfinished: bool, third: str, fourth: str
) -> None:
    """Round 3's board 1 adjourned, round 4's board 1 still played; with the round in progress written, the ranks
    stood by the score without the adjourned game while the points column counts it (a draw): "2 inconsistencies"."""
    tid = sv.import_trf(db, parse_trf(SEVEN, source="seven.trf"), confirmed=HANDMADE, edition="fide-2026")
    tid = tid.tournament.id
    r3 = sv.pair_next_round(db, tid)
    sv.publish_round(db, tid)
    # Board 1 adjourned: '?' in the file, worth a draw (162 X), as pairing counts it.
    sv.enter_results(db, tid, 3, [(b.number, "*" if b.number == 1 else third) for b in r3.boards])
    r4 = sv.pair_next_round(db, tid)
    sv.publish_round(db, tid)
    sv.enter_results(db, tid, 4, [(b.number, fourth) for b in r4.boards[1:]])  # board 1 still being played
    out = sv.export_trf(db, tid, "trf-2026", keep_unfinished=unfinished).text
    assert "X 0.5" in next(line for line in out.splitlines() if line.startswith("162"))
    w, b = r3.boards[0].white, r3.boards[0].black
    doc = parse_trf(out)
    assert (doc.player(w).entry(3).code, doc.player(b).entry(3).code) == ("?", "?")  # type: ignore[union-attr]
    assert _contradictions(out) == []
    assert {p.rank for p in doc.players} <= set(range(1, len(doc.players) + 1))
