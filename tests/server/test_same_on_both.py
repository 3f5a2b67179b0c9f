"""The same tournament in a file and on a server pairs identically and gives the same standings (issue 32)."""

from __future__ import annotations

from pathlib import Path

from arbiter_app.persistence import Database, open_database
from arbiter_app.services import (
    enter_results,
    import_trf,
    pair_next_round,
    publish_round,
    ranked_standings,
    standings,
    verify_audit_chain,
)
from arbiter_app.trf import parse_trf
from tests.server.events import players_trf
from tests.services.conftest import HANDMADE, SEVEN


def _table(db: Database, tid: int) -> list[tuple[object, ...]]:
    """The standings with tie-breaks, places shared where players are equal on everything (each tournament draws
    its own lots for those)."""
    points = sorted((row.number, row.points) for row in standings(db, tid))
    ranked = ranked_standings(db, tid, by_lot=False)
    return [*points, *((r.place, r.place_to, r.number, r.score, r.tiebreaks) for r in ranked.rows)]


def _play(db: Database, tid: int, round_number: int) -> list[tuple[int, int]]:
    """Pair and publish the next round, enter its results (the higher number wins, every fifth board drawn)."""
    info = pair_next_round(db, tid, confirmed=HANDMADE)
    publish_round(db, tid)
    results = [(b.number, "1/2" if b.number % 5 == 0 else ("1-0" if b.white > b.black else "0-1")) for b in info.boards]
    enter_results(db, tid, round_number, results)
    return [(b.white, b.black) for b in info.boards]


def test_an_imported_tournament_pairs_alike_in_a_file_and_on_a_server(
    db: Database, tmp_path: Path, template_db: Path
) -> None:
    file = open_database(tmp_path / "seven.db", create=True)
    try:
        ids = [import_trf(x, parse_trf(SEVEN, source="seven.trf"), confirmed=HANDMADE, edition="baku-2016")
               .tournament.id for x in (file, db)]  # fmt: skip
        assert _table(file, ids[0]) == _table(db, ids[1])
        paired = [_play(x, tid, 3) for x, tid in zip((file, db), ids, strict=True)]
        assert paired[0] == paired[1] == [(5, 1), (7, 3), (6, 2)]
        assert _table(file, ids[0]) == _table(db, ids[1])
    finally:
        file.dispose()


def test_five_rounds_of_sixty_players_alike_in_a_file_and_on_a_server(db: Database, tmp_path: Path) -> None:
    file = open_database(tmp_path / "sixty.db", create=True)
    try:
        trf = players_trf(61, rounds=5)  # odd: a pairing-allocated bye each round
        ids = [import_trf(x, parse_trf(trf, source="sixty.trf")).tournament.id for x in (file, db)]
        for round_number in range(1, 6):
            here, there = _play(file, ids[0], round_number), _play(db, ids[1], round_number)
            assert here == there and len(here) == 30
        assert _table(file, ids[0]) == _table(db, ids[1])
        assert verify_audit_chain(file).intact and verify_audit_chain(db).intact
    finally:
        file.dispose()
