"""Every tournament has its tie-break list from creation (issue 29, D2/D3; C.07-2026 4.1.1; checklist Q200-Q201,
Q217): a new tournament and any TRF-16 import store the recommended list of their regulation; the final TRF-2026
writes it as ``202`` and ranks by it; once round 1 is paired the list is frozen (Level 5 in FIDE mode)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from arbiter_app import services as sv
from arbiter_app.persistence import Database
from arbiter_app.services import Level, ProhibitedInFideMode
from arbiter_app.trf import parse_trf
from arbiter_app.trf.model import TrfDocument
from tests.services.conftest import HANDMADE, SEVEN, dump

RECOMMENDED = ("BH/C1", "BH", "SB", "DE", "WIN")
"""C.07's recommended order for an individual Swiss (standings/c07/rules.py)."""


def _played(db: Database, tid: int, rounds: int, seed: int = 5) -> None:
    rng = random.Random(seed)
    for k in range(1, rounds + 1):
        r = sv.pair_next_round(db, tid)
        sv.publish_round(db, tid)
        sv.enter_results(db, tid, k, [(b.number, rng.choice(["1-0", "0-1", "1/2", "1-0"])) for b in r.boards])


def _ranked_by_the_list(db: Database, tid: int, doc: TrfDocument) -> None:
    """What the TEC's tie-break checker verifies of a final TRF-2026 (``-c``): a ``202`` list, and a rank column that
    is the standings by points and that list (ties shared, no lots in the file), not points then pairing number."""
    [record] = [line for _, line in doc.other_lines if line.startswith("202 ")]
    assert tuple(record[4:].split(",")) == RECOMMENDED
    ranks = {p.number: p.rank for p in doc.players}
    table = sv.ranked_standings(db, tid, by_lot=False)
    assert table.tiebreaks == RECOMMENDED
    assert ranks == {row.number: row.place for row in table.rows}
    by_points = sorted(doc.players, key=lambda p: (-float(p.points), p.number))
    assert ranks != {p.number: k for k, p in enumerate(by_points, 1)}  # the list reorders a tie here
    for row in table.rows:  # more points, a better place; equal points, the list decides
        for other in table.rows:
            if row.score > other.score:
                assert ranks[row.number] < ranks[other.number]


def test_a_tournament_created_without_a_list_stores_the_recommended_one(db: Database) -> None:
    t = sv.create_tournament(db, "Open", 5)
    assert t.tie_breaks == ", ".join(RECOMMENDED)
    for k in range(10):
        sv.register_player(db, t.id, f"P{k:02d}", rating=2400 - 37 * k)
    _played(db, t.id, 5)
    doc = parse_trf(sv.export_trf(db, t.id, "trf-2026", final=True).text)
    _ranked_by_the_list(db, t.id, doc)


def test_a_trf_16_import_records_the_recommended_list(db: Database, data: Path) -> None:
    path = data / "fixtures" / "arbiters-manual-12.trf"
    assert not any(line.startswith("202") for line in path.read_text().splitlines())
    info = sv.import_trf(db, str(path), confirmed=HANDMADE)
    assert info.tournament.tie_breaks == ", ".join(RECOMMENDED)
    assert any("no tie-break list (202 record): the recommended list of c07-2026" in w for w in info.warnings)
    doc = parse_trf(sv.export_trf(db, info.tournament.id, "trf-2026", final=True).text)
    _ranked_by_the_list(db, info.tournament.id, doc)


def test_the_list_is_frozen_once_round_1_is_paired_even_when_an_import_had_none(db: Database) -> None:
    """D3: ``settings --tie-breaks`` after round 1 on a file imported without 202 changed the places at Level 3."""
    tid = sv.import_trf(db, parse_trf(SEVEN, source="seven.trf"), confirmed=HANDMADE, edition="baku-2016")
    tid = tid.tournament.id
    before = dump(db)
    for answer in (Level.PROCEED, Level.DOUBLE):
        with pytest.raises(ProhibitedInFideMode, match="checklist Q200-Q201, C.07 4.1.1: the tie-break list is frozen"):
            sv.edit_tournament(db, tid, tie_breaks="TPN/R", confirmed=answer)
    assert dump(db) == before
    sv.edit_tournament(db, tid, tie_breaks=", ".join(RECOMMENDED))  # the same list, written again: nothing changes
    assert dump(db) == before


def test_a_list_never_stored_is_the_recommended_one_and_frozen_too(db: Database) -> None:
    """A file of an older version may hold a tournament without a stored list: it ranks by the recommended list,
    the export writes that list as 202, and it is frozen like any other."""
    t = sv.create_tournament(db, "Old file", 3)
    with db.write() as s:
        from arbiter_app.persistence import queries

        queries.tournament(s, t.id).tie_breaks = ""
    for k in range(6):
        sv.register_player(db, t.id, f"P{k}", rating=2000 - k)
    sv.pair_next_round(db, t.id)
    with pytest.raises(ProhibitedInFideMode, match="tie-break list is frozen"):
        sv.edit_tournament(db, t.id, tie_breaks="BH, SB", confirmed=Level.DOUBLE)
    records = sv.export_trf(db, t.id, "trf-2026").text.splitlines()
    assert "202 " + ",".join(RECOMMENDED) in records
