"""Crosstable and pairing lists (C.04.2.D.9 board order)."""

from __future__ import annotations

import json
from fractions import Fraction as F

import pytest

from arbiter_app.errors import ArbiterError
from arbiter_app.pairing.model import Board, Colour, Outcome, RoundPairing
from arbiter_app.standings import crosstable, pairing_list, standings
from arbiter_app.trf import read_trf
from arbiter_app.trf.rounds import state_before_round

from .builders import seven_players


def test_crosstable_cells() -> None:
    table = crosstable(seven_players())
    four = table.rows[3]
    assert (four.number, four.score) == (4, F(5, 2))
    assert [(c.opponent, c.colour, c.result) for c in four.cells] == [
        (None, None, "U"),
        (3, Colour.WHITE, "+"),
        (1, Colour.BLACK, "0"),
        (2, Colour.WHITE, "½"),
    ]
    assert [c.result for c in table.rows[6].cells] == ["½", "0", "", ""]  # 7 withdrew after round 2
    assert table.rows[4].cells[1].result == "H"


def test_crosstable_in_standings_order_and_json() -> None:
    state = seven_players()
    table = crosstable(state, after_round=2, order=standings(state, ["BH"], after_round=2))
    assert table.round == 2
    assert all(len(row.cells) == 2 for row in table.rows)
    # after two rounds: 4 on 2 (bye, forfeit); 2 and 1 on 1.5 with Buchholz 1 + 1.5 and 0.5 + 1.5;
    # 6 on 1; 3, 5, 7 on 0.5 with Buchholz 2 each (3: 0.5 + virtual 1.5, 5: 1.5 + virtual 0.5, 7: 1 + 1)
    assert [(row.number, row.place) for row in table.rows] == [
        (4, "1"), (2, "2"), (1, "3"), (6, "4"), (3, "5-7"), (5, "5-7"), (7, "5-7"),
    ]  # fmt: skip
    data = json.loads(json.dumps(table.to_dict()))
    assert data["rows"][0]["cells"][0] == {"round": 1, "opponent": None, "colour": None, "result": "U", "points": 1}
    assert data["rows"][1]["cells"][0] == {"round": 1, "opponent": 6, "colour": "b", "result": "1", "points": 1}


def test_manual_round_9_board_order(data) -> None:
    """Scores before round 9: 1, 2, 4 on 5.5; 5, 6, 12 on 4; 3 on 4.5; 7, 9 on 3.5; 8 on 3; 10, 11 on 2.5.
    D.9: score of the higher ranked player, then the sum, then his rank: 3-2 (5.5, 10), 1-6 (5.5, 9.5),
    7-4 (5.5, 9), 12-8 (4, 7), 5-10 (4, 6.5), 11-9 (3.5, 6)."""
    state = state_before_round(read_trf(data / "fixtures" / "arbiters-manual-12.trf"), 10)
    listing = pairing_list(state, 9)
    assert [(b.white, b.black, b.result) for b in listing.boards] == [
        (3, 2, "½-½"), (1, 6, "1-0"), (7, 4, "½-½"), (12, 8, "0-1"), (5, 10, "½-½"), (11, 9, "½-½"),
    ]  # fmt: skip
    assert (listing.boards[0].white_score, listing.boards[0].black_score) == (F(9, 2), F(11, 2))
    assert listing.unpaired == ()


def test_pairing_list_with_byes_forfeit_and_withdrawal() -> None:
    state = seven_players()
    first = pairing_list(state, 1)
    assert [(b.board, b.white, b.black) for b in first.boards] == [(1, 1, 5), (2, 6, 2), (3, 3, 7)]
    assert [(u.number, u.outcome) for u in first.unpaired] == [(4, Outcome.PAIRING_ALLOCATED_BYE)]
    second = pairing_list(state, 2)
    assert [(b.white, b.black, b.result) for b in second.boards] == [(2, 1, "½-½"), (4, 3, "+/-"), (7, 6, "0-1")]
    assert [(u.number, u.outcome) for u in second.unpaired] == [(5, Outcome.HALF_POINT_BYE)]
    assert [(u.number, u.outcome) for u in pairing_list(state, 3).unpaired] == [(7, Outcome.ABSENT)]
    json.dumps(second.to_dict())


def test_pairing_list_of_the_next_round() -> None:
    """A pairing not yet played: sorted by the scores after round 4, no results; 7 (withdrawn) not paired."""
    state = seven_players()
    pairing = RoundPairing(5, (Board(5, 6), Board(1, 2), Board(3, 4)))
    listing = pairing_list(state, 5, pairing)
    assert [(b.white, b.black, b.result) for b in listing.boards] == [(1, 2, ""), (3, 4, ""), (5, 6, "")]
    assert [(u.number, u.outcome) for u in listing.unpaired] == [(7, None)]
    with_bye = pairing_list(state, 5, RoundPairing(5, (Board(1, 2), Board(3, 4)), bye=5))
    assert (with_bye.unpaired[0].number, with_bye.unpaired[0].outcome) == (5, Outcome.PAIRING_ALLOCATED_BYE)


def test_pairing_list_round_out_of_range() -> None:
    with pytest.raises(ArbiterError):
        pairing_list(seven_players(), 5)
    with pytest.raises(ArbiterError):
        pairing_list(seven_players(), 0)
