"""Prohibited pairings entered by hand before round 1 (checklist Q194-Q196) and the setup warning (Q62)."""

from __future__ import annotations

import pytest

from arbiter_app import services as sv
from arbiter_app.errors import ArbiterError
from arbiter_app.persistence import Database
from arbiter_app.services import ConfirmationNeeded, Level, ProhibitedInFideMode
from arbiter_app.services.setup_check import setup_notices
from arbiter_app.trf import parse_trf
from tests.services.conftest import dump


def _field(db: Database, players: int, rounds: int) -> int:
    tid = sv.create_tournament(db, "Open", rounds).id
    for k in range(players):
        sv.register_player(db, tid, f"Player {k + 1}", rating=2400 - 10 * k)
    return tid


def test_a_pair_entered_before_round_1_keeps_the_players_apart_and_is_exported(db: Database) -> None:
    """Q194-Q195: entered by hand before round 1; the engine treats it as C.1 (C.04.3 C.1 / C.04.3-2026 [C1]);
    written as XXP and read back."""
    tid = _field(db, 4, 3)
    # Round 1 of four players by C.04.3 (both editions): 1-3 and 4-2 (the top half meets the bottom half).
    assert {frozenset((b.white, b.black)) for b in sv.pair_next_round(db, tid).boards} == {
        frozenset((1, 3)),
        frozenset((2, 4)),
    }
    sv.undo_last_step(db, tid)
    sv.add_prohibited_pair(db, tid, 3, 1)
    with pytest.raises(ArbiterError, match="#1 and #3 are already a prohibited pair"):
        sv.add_prohibited_pair(db, tid, 1, 3)
    with pytest.raises(ArbiterError, match="no player with pairing number 9"):
        sv.add_prohibited_pair(db, tid, 1, 9)
    assert sv.list_prohibited_pairs(db, tid) == ((1, 3),)
    paired = sv.pair_next_round(db, tid)
    assert frozenset((1, 3)) not in {frozenset((b.white, b.black)) for b in paired.boards}
    text = sv.export_trf(db, tid, "trf-2026", keep_unfinished=True).text
    # TRF-2026: record 260, rounds 1 to 3 (the whole tournament); TRF-16: the engine line XXP
    assert [line for line in text.splitlines() if line.startswith(("260", "XXP"))] == ["260 001 003    1    3"]
    text = sv.export_trf(db, tid, "trf-16", keep_unfinished=True).text
    assert parse_trf(text, source="out.trf").forbidden_pairs == ((1, 3),)


def test_a_pair_removed_before_round_1_is_gone(db: Database) -> None:
    tid = _field(db, 4, 3)
    sv.add_prohibited_pair(db, tid, 1, 3)
    sv.remove_prohibited_pair(db, tid, 3, 1)
    assert sv.list_prohibited_pairs(db, tid) == ()
    with pytest.raises(ArbiterError, match="#1 and #3 are not a prohibited pair"):
        sv.remove_prohibited_pair(db, tid, 1, 3)


def test_after_round_1_is_paired_no_pair_is_added_or_removed_in_fide_mode(db: Database) -> None:
    """Q195-Q196: Level 5 in FIDE mode, whatever is confirmed; nothing stored."""
    tid = _field(db, 4, 3)
    sv.add_prohibited_pair(db, tid, 1, 2)
    sv.pair_next_round(db, tid)
    before = dump(db)
    with pytest.raises(ProhibitedInFideMode, match="only before round 1 is paired"):
        sv.add_prohibited_pair(db, tid, 3, 4, confirmed=Level.DOUBLE)
    with pytest.raises(ProhibitedInFideMode):
        sv.remove_prohibited_pair(db, tid, 1, 2, confirmed=Level.DOUBLE)
    assert dump(db) == before


def test_outside_fide_mode_a_late_pair_takes_two_confirmations(db: Database) -> None:
    tid = _field(db, 4, 3)
    sv.pair_next_round(db, tid)
    sv.leave_fide_mode(db, tid, confirmed=Level.DOUBLE)
    with pytest.raises(ConfirmationNeeded) as asked:
        sv.add_prohibited_pair(db, tid, 3, 4, confirmed=Level.PROCEED)
    assert asked.value.level == Level.DOUBLE
    sv.add_prohibited_pair(db, tid, 3, 4, confirmed=Level.DOUBLE)
    assert sv.list_prohibited_pairs(db, tid) == ((3, 4),)


def test_a_field_too_small_for_its_rounds_is_told_before_the_start(db: Database) -> None:
    """Q62; C.04.1.b, d: four players play at most three rounds without a rematch, five at most five (each has the
    bye once); nothing is said once round 1 is paired, nor when the rounds fit."""
    tid = _field(db, 4, 4)
    (notice,) = setup_notices(db, tid)
    assert notice.level == Level.INFORM
    assert "4 players can play at most 3 rounds" in notice.text and "4 rounds are set" in notice.text
    sv.register_player(db, tid, "Player 5", rating=2000)
    assert setup_notices(db, tid) == ()
    sv.edit_tournament(db, tid, rounds_count=6)
    assert "5 players can play at most 5 rounds" in setup_notices(db, tid)[0].text
    sv.edit_tournament(db, tid, rounds_count=5)
    sv.pair_next_round(db, tid)
    sv.edit_tournament(db, tid, rounds_count=5)
    assert setup_notices(db, tid) == ()


def test_a_round_robin_fits_its_players_by_the_berger_table(db: Database) -> None:
    """Q62; C.05 Annex 1: four players are too few for four Swiss rounds, but a round robin of four has the three
    rounds of its Berger table whatever number was set."""
    tid = _field(db, 4, 4)
    assert setup_notices(db, tid)
    sv.change_system(db, tid, sv.ROUND_ROBIN)
    assert setup_notices(db, tid) == ()
