"""The final TRF-2026 writes every record TRF-2026 defines for what happened (checklist Q217): ``182`` the pairing
controller, ``222`` the encoded time control, ``250`` acceleration points, ``260`` prohibited pairings, beside
``142 152 162 172 192 202 240`` and the ``###`` event lines; an imported file's records come back as it had them.
"""

from __future__ import annotations

import pytest

from arbiter_app import services as sv
from arbiter_app.errors import ArbiterError
from arbiter_app.persistence import Database
from arbiter_app.services import Level
from arbiter_app.trf import parse_trf
from arbiter_app.trf.records import accelerations_of, prohibitions_of
from tests.services.conftest import dump


def _finished(db: Database) -> int:
    """Six players, three rounds, 90 min + 30 s a move, players 1 and 4 kept apart; every round played."""
    t = sv.create_tournament(
        db, "Records Open", 3, time_control="90 min + 30 s/move", time_control_code="5400+30",
        tie_break_rules="c07-2026", tie_breaks="BH/C1, BH",
    )  # fmt: skip
    for name, rating in (("A", 2400), ("B", 2300), ("C", 2200), ("D", 2100), ("E", 2000), ("F", 1900)):
        sv.register_player(db, t.id, name, rating=rating)
    sv.add_prohibited_pair(db, t.id, 4, 1)
    for k in (1, 2, 3):
        r = sv.pair_next_round(db, t.id)
        sv.publish_round(db, t.id)
        sv.enter_results(db, t.id, k, [(b.number, "1-0" if b.number % 2 else "1/2") for b in r.boards])
    return t.id


def test_the_final_trf_2026_writes_every_record_of_the_tournament(db: Database) -> None:
    tid = _finished(db)
    text = sv.export_trf(db, tid, "trf-2026", final=True).text
    lines = text.splitlines()
    records = {line[:3]: line for line in lines if line[:3].isdigit() and line[:3] != "001"}
    assert records["182"] == "182 arbiter_app 0.1.0"  # the pairing controller: this program
    assert records["222"] == "222 5400+30"
    assert records["260"] == "260 001 003    1    4"  # the prohibited pair, rounds 1 to 3
    assert records["142"] == "142 3" and records["202"] == "202 BH/C1,BH"
    assert not any(line.startswith(("XXA", "XXP")) for line in lines)  # TRF-2026 records, not the engine lines
    doc = parse_trf(text)
    assert [p.pairs() for p in prohibitions_of(doc)] == [{frozenset((1, 4))}]
    assert all({frozenset((p.number, e.opponent)) for e in p.rounds} != {frozenset((1, 4))} for p in doc.players)
    # TRF-16 has none of these records: the engine line XXP, no 182/222.
    sixteen = sv.export_trf(db, tid, "trf-16", final=True).text.splitlines()
    assert "XXP    1    4" in sixteen and not any(line[:3] in ("182", "222", "250", "260") for line in sixteen)


def test_the_exported_records_are_read_back_by_the_import(db: Database) -> None:
    tid = _finished(db)
    text = sv.export_trf(db, tid, "trf-2026", final=True).text
    again = sv.import_trf(db, parse_trf(text, source="records.trf")).tournament
    assert again.time_control_code == "5400+30"
    assert sv.list_prohibited_pairs(db, again.id) == ((1, 4),)
    assert sv.export_trf(db, again.id, "trf-2026", final=True).text == text


# A TRF-2026 file from another program: its own 182, a 222, Baku points written one record a player (not as this
# program groups them), and a prohibition for rounds 1-2 only (which this program does not apply: told).
FOREIGN = "\n".join(
    [
        "012 Foreign Open",
        "142 5",
        "152 W",
        "182 Other Pairing Program 9.1",
        "192 FIDE_DUTCH_2025",
        "222 40/6000+30:900+30",
        "250       1.0 001 002    1    1",
        "250       1.0 001 002    2    2",
        "250       1.0 001 002    3    3",
        "260 001 002    2    4",
        "260 001 005    5    6",
        "001    1      Alpha                             2400                             0.0    1",
        "001    2      Beta                              2300                             0.0    2",
        "001    3      Gamma                             2200                             0.0    3",
        "001    4      Delta                             2100                             0.0    4",
        "001    5      Epsilon                           2000                             0.0    5",
        "001    6      Zeta                              1900                             0.0    6",
        "",
    ]
)


def test_a_foreign_file_s_records_come_back_as_it_had_them(db: Database) -> None:
    info = sv.import_trf(db, parse_trf(FOREIGN, source="foreign.trf"))
    tid = info.tournament.id
    assert info.tournament.time_control_code == "40/6000+30:900+30"
    told = [w for w in info.warnings if "line 10" in w]
    assert len(told) == 1 and "may not meet in rounds 1-2 only" in told[0] and "not applied" in told[0]
    assert sv.list_prohibited_pairs(db, tid) == ((5, 6),)  # rounds 1-5: the whole tournament
    # Nothing changed: the file comes back byte for byte, its own 182 and its 250 records included.
    assert sv.export_trf(db, tid).text == FOREIGN
    # Once this program pairs a round, it is the pairing controller; the records still say the same.
    sv.pair_next_round(db, tid)
    sv.publish_round(db, tid)
    lines = sv.export_trf(db, tid).text.splitlines()
    assert "182 arbiter_app 0.1.0" in lines and "182 Other Pairing Program 9.1" not in lines
    assert [x for x in lines if x[:3] in ("222", "250", "260")] == FOREIGN.splitlines()[5:11]
    doc = parse_trf("\n".join(lines) + "\n")
    assert accelerations_of(doc) == {1: ("1.0", "1.0"), 2: ("1.0", "1.0"), 3: ("1.0", "1.0")}


def test_a_file_with_xxa_and_xxp_lines_keeps_them_in_trf_2026(db: Database) -> None:
    """A TRF-2026 file that gave acceleration and prohibitions as the engine lines XXA/XXP: exported so."""
    text = FOREIGN.replace("260 001 005    5    6\n", "XXP    5    6\n")
    for n in (1, 2, 3):
        text = text.replace(f"250       1.0 001 002    {n}    {n}\n", f"XXA    {n}  1.0  1.0\n")
    tid = sv.import_trf(db, parse_trf(text, source="engine.trf")).tournament.id
    assert sv.export_trf(db, tid).text == text


def test_a_malformed_record_is_refused_naming_its_line_and_nothing_is_stored(db: Database) -> None:
    before = dump(db)
    bad = FOREIGN.replace("260 001 005    5    6", "260 001 005    5    5")
    with pytest.raises(ArbiterError, match=r"foreign.trf:11:18: expected a pairing number not already in the record"):
        sv.import_trf(db, parse_trf(bad, source="foreign.trf"))
    bad = FOREIGN.replace("250       1.0 001 002    3    3", "250       0.0 001 002    3    3")
    with pytest.raises(ArbiterError, match=r"foreign.trf:9:10: expected the fictitious points, not zero"):
        sv.import_trf(db, parse_trf(bad, source="foreign.trf"))
    assert dump(db) == before


def test_the_encoded_time_control_is_checked_and_changed_in_the_settings(db: Database) -> None:
    t = sv.create_tournament(db, "Blitz", 9)
    with pytest.raises(ArbiterError, match=r"'3 min \+ 2 s' is not in the TRF-2026 form \(222\)"):
        sv.edit_tournament(db, t.id, time_control_code="3 min + 2 s")
    assert sv.edit_tournament(db, t.id, time_control_code=" 180+2 ").time_control_code == "180+2"
    assert "222 180+2" in sv.export_trf(db, t.id, "trf-2026").text.splitlines()
    assert sv.edit_tournament(db, t.id, time_control_code="").time_control_code == ""
    assert not any(x.startswith("222") for x in sv.export_trf(db, t.id, "trf-2026").text.splitlines())
    with pytest.raises(ArbiterError, match="not in the TRF-2026 form"):
        sv.create_tournament(db, "Rapid", 7, time_control_code="15+10 minutes")
    assert Level.PROCEED  # the time control is not a frozen setting: no confirmation asked


def test_national_ratings_go_to_national_rating_records_and_come_back(db: Database) -> None:
    """A tournament rated by a method that reads the national ratings (172 NOR NIDOF): the 001 lines hold the FIDE
    ratings and a record under the federation's code (columns 5-79 of a 001 line) each national rating, as the
    TEC's checker reads them; the import takes both back, and the tournament ratings with them."""
    from arbiter_app.services import rating_lists as rl

    t = sv.create_tournament(db, "Norway Open", 5, federation="NOR")
    sv.register_player(db, t.id, "Alpha", rating=2000)
    sv.register_player(db, t.id, "Beta", rating=1900)
    rl.set_player_ratings(db, t.id, 2, national=2100, source="NOR 2026-11")
    rl.set_rating_method(db, t.id, "NIDOF")  # Beta: 2100 (national), Alpha: 2000 (no national rating: FIDE)
    text = sv.export_trf(db, t.id, "trf-2026").text
    lines = text.splitlines()
    assert "172 NOR NIDOF" in lines
    beta = next(line for line in lines if line.startswith("001") and "Beta" in line)
    assert beta[4:8] == "   1" and beta[48:52] == "1900"  # TPN 1 by the tournament rating; the FIDE rating
    assert [line for line in lines if line.startswith("NOR ")] == [
        "NOR    1      Beta                              2100"
    ]
    again = sv.import_trf(db, parse_trf(text, source="norway.trf")).tournament.id
    ratings = {r.name: (r.fide_rating, r.tournament_rating) for r in rl.player_ratings(db, again)}
    assert ratings == {"Beta": (1900, 2100), "Alpha": (2000, 2000)}
    assert sv.export_trf(db, again, "trf-2026").text == text
    # TRF-16 has no such record: the 001 line holds the tournament rating.
    sixteen = sv.export_trf(db, t.id, "trf-16").text.splitlines()
    assert not any(line.startswith("NOR ") for line in sixteen)
    assert next(line for line in sixteen if "Beta" in line)[48:52] == "2100"


def test_the_rank_column_is_the_final_standings_by_the_tie_break_list(db: Database) -> None:
    """TRF-2026's rank (columns 86-89, "exact definition, ties allowed"): the place by points and the tournament's
    tie-break list (C.07), as the TEC's checker verifies it, not the order of points then pairing numbers."""
    import random

    t = sv.create_tournament(db, "Ranked Open", 5, tie_break_rules="c07-2026", tie_breaks="BH/C1, BH, ARO")
    for k in range(14):
        sv.register_player(db, t.id, f"P{k:02d}", rating=2400 - 37 * k)
    rng = random.Random(5)
    for k in range(1, 6):
        r = sv.pair_next_round(db, t.id)
        sv.publish_round(db, t.id)
        sv.enter_results(db, t.id, k, [(b.number, rng.choice(["1-0", "0-1", "1/2"])) for b in r.boards])
    doc = parse_trf(sv.export_trf(db, t.id, "trf-2026", final=True).text)
    ranks = {p.number: p.rank for p in doc.players}
    table = sv.ranked_standings(db, t.id, by_lot=False)
    assert ranks == {row.number: row.place for row in table.rows}
    by_points = sorted(doc.players, key=lambda p: (-float(p.points), p.number))
    assert ranks != {p.number: k for k, p in enumerate(by_points, 1)}  # the tie-breaks reorder a tie here
