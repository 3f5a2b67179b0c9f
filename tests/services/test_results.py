"""Results: entry, forfeits (C.2, D.6), corrections (C.04.2.D.8), bad input."""

from __future__ import annotations

import pytest

from arbiter_app.errors import ArbiterError
from arbiter_app.pairing.criteria import c1_have_met
from arbiter_app.pairing.editions import BAKU_2016
from arbiter_app.pairing.engine import contestants
from arbiter_app.persistence import Database
from arbiter_app.services import (
    ConfirmationNeeded,
    StaleDraftError,
    Level,
    enter_result,
    enter_results,
    get_round,
    pair_next_round,
    parse_result,
    publish_round,
    repair_round,
    standings,
    state_for_round,
)
from tests.services.conftest import dump


@pytest.fixture
def round3(db: Database, seven: int) -> int:
    """SEVEN with round 3 paired (5-1, 7-3, 6-2, bye 4) and published."""
    r = pair_next_round(db, seven)
    assert [(b.white, b.black) for b in r.boards] == [(5, 1), (7, 3), (6, 2)] and r.bye == 4
    publish_round(db, seven)
    return seven


def test_a_result_for_a_board_that_does_not_exist(db: Database, round3: int) -> None:
    before = dump(db)
    with pytest.raises(ArbiterError, match="round 3 has no board 9 \\(boards 1-3\\)"):
        enter_result(db, round3, 3, 9, "1-0")
    with pytest.raises(ArbiterError, match="round 4 has not been paired"):
        enter_result(db, round3, 4, 1, "1-0")
    with pytest.raises(ArbiterError, match="unknown result"):
        enter_result(db, round3, 3, 1, "2-0")
    assert dump(db) == before


def test_several_results_all_or_none(db: Database, round3: int) -> None:
    before = dump(db)
    with pytest.raises(ArbiterError, match="no board 7"):
        enter_results(db, round3, 3, [(1, "1-0"), (2, "0-1"), (7, "1-0")])
    assert dump(db) == before


def test_results_on_a_draft_are_refused(db: Database, seven: int) -> None:
    pair_next_round(db, seven)
    with pytest.raises(ArbiterError, match="draft: publish it"):
        enter_result(db, seven, 3, 1, "1-0")


def test_forfeits(db: Database, round3: int) -> None:
    infos = enter_results(db, round3, 3, [(1, "+-"), (2, "--"), (3, "-+")])
    assert [i.board.result_text for i in infos] == ["+/-", "-/-", "-/+"]
    assert infos[-1].round_state == "completed"
    with db.read() as s:
        state = state_for_round(s, round3, 4)
    players = {c.number: c for c in contestants(state, BAKU_2016)}
    assert not players[5].can_get_bye  # a forfeit win bars the pairing-allocated bye (C.2)
    assert players[1].can_get_bye
    assert not c1_have_met(players[5], players[1])  # unplayed games may be paired again (D.6)
    points = {row.number: row.points for row in standings(db, round3)}
    assert (points[5], points[1], points[7], points[3]) == (30, 20, 10, 15)


def test_a_correction_after_the_next_pairing_counts_from_the_pairing_after_it(db: Database, round3: int) -> None:
    enter_results(db, round3, 3, [(1, "1-0"), (2, "0-1"), (3, "1/2")])
    first = enter_result(db, round3, 3, 1, "0-1")
    assert first.previous == "1-0" and first.note == ""
    pair_next_round(db, round3)
    draft_note = enter_result(db, round3, 3, 1, "1-0").note
    assert "round 4 is a draft paired with the old result: pair it again" in draft_note
    with pytest.raises(StaleDraftError):  # the draft read 0-1 (issue 29, D1)
        publish_round(db, round3)
    repair_round(db, round3)
    publish_round(db, round3)
    with pytest.raises(ConfirmationNeeded, match="checklist Q115, C.04.2.D.8: round 4 was paired and published"):
        enter_result(db, round3, 3, 1, "1/2")  # a correction event (checklist Q112-Q115): Level 3
    info = enter_result(db, round3, 3, 1, "1/2", confirmed=Level.PROCEED)
    assert "round 4 was paired with the old result" in info.note and "round 5" in info.note
    assert get_round(db, round3, 3).boards[0].result == "1/2-1/2"
    with db.read() as s:
        history = next(p.history for p in state_for_round(s, round3, 4).players if p.number == 5)
    assert history[2].outcome.name == "DRAW"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("1-0", ("1-0", False)),
        ("½-½", ("1/2-1/2", False)),
        ("=", ("1/2-1/2", False)),
        ("+/-", ("1-0", True)),
        ("-+", ("0-1", True)),
        ("--", ("0-0", True)),
        ("*", ("*", False)),
    ],
)
def test_result_spellings(text: str, expected: tuple[str, bool]) -> None:
    result, forfeit = parse_result(text)
    assert (result.value, forfeit) == expected
