"""Standings: score, ordered tie-breaks, shared places, drawing of lots; the manual's 12-player tournament."""

from __future__ import annotations

import json
from fractions import Fraction as F
from pathlib import Path

import pytest

from arbiter_app.errors import ArbiterError
from arbiter_app.standings import ARBITERS_MANUAL, RULE_SETS, UnknownTieBreakError, standings
from arbiter_app.trf import read_trf
from arbiter_app.trf.rounds import state_before_round

from .builders import seven_players

SWISS = ARBITERS_MANUAL.recommended["individual swiss"]


@pytest.fixture(scope="module")
def manual_doc(data: Path):
    return read_trf(data / "fixtures" / "arbiters-manual-12.trf")


@pytest.fixture(scope="module")
def manual_state(manual_doc):
    return state_before_round(manual_doc, 10)


def test_rule_set_registry() -> None:
    assert RULE_SETS["Arbiters' Manual"] is ARBITERS_MANUAL
    assert SWISS == ("DE", "WIN", "BLK", "BHC1", "BH", "SB")
    with pytest.raises(UnknownTieBreakError):
        standings(seven_players(), ["BH", "NOPE"])


def test_seven_players() -> None:
    """3 and 6 tie on 1 point; Buchholz 10 (6) against 9 (3) puts 6 first."""
    table = standings(seven_players(), ["BH", "SB"])
    assert [row.number for row in table.rows] == [1, 2, 4, 5, 6, 3, 7]
    assert [row.place_label for row in table.rows] == ["1", "2", "3", "4", "5", "6", "7"]
    assert table.value(6, "BH") == 10 and table.value(3, "BH") == 9
    assert table.value(4, "SB") == 5


def test_manual_final_scores(manual_doc, manual_state) -> None:
    """After round 9 every player's score is the points column of the manual's tournament."""
    table = standings(manual_state, SWISS)
    assert table.round == 9
    assert {row.number: row.score for row in table.rows} == {line.number: F(line.points) for line in manual_doc.players}


def test_manual_ranking_with_the_recommended_swiss_list(manual_state) -> None:
    """Hand-computed from the crosstable, tie-breaks DE, wins, Black, Buchholz Cut 1, Buchholz, SB:

    6 points: Bob (2) beat David (4) in round 5: direct encounter 1 to 0.
    4 points (6, 7, 8, 9, 12): not all met (8-9, 9-12), nobody out of reach: DE leaves them tied.
        Wins: 6: 2, 7: 1 (Gale last), 8: 2, 9: 2, 12: 2.  Black: 6: 5, 9: 5, 8: 4, 12: 4.
        Buchholz Cut 1: 9: 42 - 3 = 39 before 6: 39.5 - 3 = 36.5; 12: 43 - 3 = 40 before 8: 39.5 - 3 = 36.5.
    3 points: Jack (10) beat Karima (11) in round 4.
    """
    table = standings(manual_state, SWISS)
    assert [row.number for row in table.rows] == [1, 2, 4, 3, 5, 9, 6, 12, 8, 7, 10, 11]
    assert not any(row.is_shared for row in table.rows)
    assert [table.value(n, "DE") for n in (2, 4)] == [1, 0]
    assert [table.value(n, "WIN") for n in (6, 7, 8, 9, 12)] == [2, 1, 2, 2, 2]
    assert [table.value(n, "BLK") for n in (6, 8, 9, 12)] == [5, 4, 5, 4]
    assert [table.value(n, "BHC1") for n in (6, 8, 9, 12)] == [F(73, 2), F(73, 2), 39, 40]
    assert [table.value(n, "DE") for n in (10, 11)] == [1, 0]


def test_manual_tied_players_tiebreaks(manual_state) -> None:
    """The other tie-breaks of the tied players, computed by hand from the crosstable.

    Bob (2): opponents 8 (4), 12 (4), 11 (3), 6 (4), 4 (6), 1 (6.5), 5 (4.5), 9 (4), 3 (5): Buchholz 41;
    wins against 11, 6, 4, 9 and draws with 8, 1, 5, 3: SB 17 + 10 = 27.
    David (4): opponents 10 (3), 5 (4.5), 1 (6.5), 8 (4), 2 (6), 9 (4), 12 (4), 3 (5), 7 (4): Buchholz 41;
    wins against 10, 8, 9, 12 and draws with 5, 1, 3, 7: SB 15 + 10 = 25.
    """
    codes = ["BH", "MBH", "MBH2", "BHC1", "BHC2", "SB", "PS", "WIN", "BLK", "ARO", "TPR"]
    table = standings(manual_state, codes)
    assert [table.value(2, c) for c in codes] == [41, F(63, 2), F(43, 2), 38, 34, 27, F(57, 2), 4, 5, 2322, 2447]
    assert [table.value(4, c) for c in codes] == [41, F(63, 2), F(43, 2), 38, 34, 25, 31, 4, 5, 2333, 2458]
    four = {6: (F(79, 2), 14), 7: (39, F(65, 4)), 8: (F(79, 2), F(65, 4)), 9: (42, F(33, 2)), 12: (43, F(79, 4))}
    assert {n: (table.value(n, "BH"), table.value(n, "SB")) for n in four} == four
    assert [(table.value(n, "BH"), table.value(n, "SB")) for n in (10, 11)] == [(41, F(45, 4)), (F(77, 2), 13)]


def test_shared_places_when_all_tiebreaks_equal(manual_state) -> None:
    """Bob and David are equal on Buchholz, its cuts and the medians: they share 2nd-3rd place."""
    table = standings(manual_state, ["BH", "BHC1", "MBH", "MBH2"])
    assert [(row.number, row.place_label) for row in table.rows[1:3]] == [(2, "2-3"), (4, "2-3")]
    assert standings(manual_state, ["BH", "SB"]).row(2).place_label == "2"
    plain = standings(manual_state)
    assert {row.number for row in plain.rows if row.place_label == "6-10"} == {6, 7, 8, 9, 12}


def test_drawing_of_lots_is_an_input_and_recorded(manual_state) -> None:
    table = standings(manual_state, ["BH"], lots=(4, 2))
    assert [(row.number, row.place_label, row.by_lot) for row in table.rows[1:3]] == [(4, "2", True), (2, "3", True)]
    assert table.lots == (4, 2)
    assert not table.row(1).by_lot
    with pytest.raises(ArbiterError):
        standings(manual_state, ["BH"], lots=(4,))  # Bob, tied with David, is left out of the draw
    with pytest.raises(ArbiterError):
        standings(manual_state, ["BH"], lots=(4, 4))


def test_after_an_earlier_round(manual_state) -> None:
    """After round 1 (the crosstable's first column): 1, 4, 5, 9 won; 2, 6, 8, 12 drew; the rest lost.
    Buchholz after one round is the opponent's score: the winners' opponents lost (0)."""
    table = standings(manual_state, ["BH"], after_round=1)
    assert table.round == 1
    assert [row.number for row in table.rows[:4]] == [1, 4, 5, 9]
    assert {row.place_label for row in table.rows[:4]} == {"1-4"}
    assert {row.number: row.score for row in table.rows if row.score == F(1, 2)} == {n: F(1, 2) for n in (2, 6, 8, 12)}
    assert table.row(3).place_label == "9-12" and table.value(3, "BH") == 1


def test_json(manual_state) -> None:
    table = standings(manual_state, SWISS, lots=())
    data = json.loads(json.dumps(table.to_dict()))
    assert data["tiebreaks"] == list(SWISS)
    assert data["rows"][0] == {
        "place": 1, "place_to": 1, "place_label": "1", "number": 1, "name": "Alice", "rating": 2600,
        "score": 6.5, "tiebreaks": [0, 5, 4, 37.5, 40.5, 27.5], "by_lot": False,
    }  # fmt: skip
