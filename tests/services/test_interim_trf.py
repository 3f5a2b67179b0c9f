"""A TRF-2026 export made while a game is adjourned (issue 29, D8): the adjourned game is '?' with 162 X worth a draw
(TRF-2026's unknown result, checklist Q164-Q165), and the rank column never contradicts the file: the standings check
of ``arbiter-pairings -c`` (arbiter_app/conformance.py) finds it consistent, and the file is read back."""

from __future__ import annotations

from fractions import Fraction

import pytest

from arbiter_app import services as sv
from arbiter_app.conformance import check_standings
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
def test_an_adjourned_game_never_makes_the_rank_column_contradict_the_file(
    db: Database, unfinished: bool, third: str, fourth: str
) -> None:
    """Round 3's board 1 adjourned, round 4's board 1 still played.  With the round in progress written
    (``unfinished``), the ranks were the standings after round 3 while the file's tie-breaks count round 4: "2
    inconsistencies" at -c; they are now the places the file's own results give."""
    tid = sv.import_trf(db, parse_trf(SEVEN, source="seven.trf"), confirmed=HANDMADE, edition="fide-2026")
    tid = tid.tournament.id
    r3 = sv.pair_next_round(db, tid)
    sv.publish_round(db, tid)
    # Board 1 adjourned: '?' in the file, worth a draw (162 X), as pairing counts it.
    sv.enter_results(db, tid, 3, [(b.number, "*" if b.number == 1 else third) for b in r3.boards])
    r4 = sv.pair_next_round(db, tid)
    sv.publish_round(db, tid)
    sv.enter_results(db, tid, 4, [(b.number, fourth) for b in r4.boards[1:]])  # board 1 still being played
    info = sv.export_trf(db, tid, "trf-2026", keep_unfinished=unfinished)
    out = info.text
    assert "X 0.5" in next(line for line in out.splitlines() if line.startswith("162"))
    assert any("round 3 board 1: adjourned game written '?'" in w for w in info.warnings)
    w, b = r3.boards[0].white, r3.boards[0].black
    doc = parse_trf(out)
    assert (doc.player(w).entry(3).code, doc.player(b).entry(3).code) == ("?", "?")  # type: ignore[union-attr]
    assert _contradictions(out) == []
    check = check_standings(doc)
    assert check is not None and check.round == (4 if unfinished else 3)
    assert [str(issue) for issue in check.issues] == []
    assert {p.rank for p in doc.players} <= set(range(1, len(doc.players) + 1))
    # Read back by the importer: the adjourned game is adjourned again, the game in progress (written) has no result.
    back = sv.import_trf(db, parse_trf(out, source="back.trf"), edition="fide-2026", confirmed=HANDMADE).tournament.id
    assert [x.result for x in sv.get_round(db, back, 3).boards if (x.white, x.black) == (w, b)] == ["*"]
    if unfinished:
        first = r4.boards[0]
        assert [
            x.result for x in sv.get_round(db, back, 4).boards if (x.white, x.black) == (first.white, first.black)
        ] == [None]
    assert sv.export_trf(db, back, "trf-2026").text == out
