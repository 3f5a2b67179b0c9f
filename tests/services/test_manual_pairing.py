"""The manual-pairing phase of a round: "Edit pairings" … "Validate" / "Cancel" (checklist Q63-Q69).

SEVEN (tests/services/conftest.py) is paired by the Baku 2016 rules: after two rounds #1 and #2 have had white
twice, #4 and #6 black twice, #1 met #4 and #6, #5 and #7 had the pairing-allocated bye, #3 a forfeit win.
FOUR is a Swiss of four players who have all met after three of its four rounds: the engine cannot pair round 4
(C.04.3 A.9), which the arbiter pairs by hand.
"""

from __future__ import annotations

import pytest

from arbiter_app import services as sv
from arbiter_app.errors import ArbiterError, PairingImpossibleError, ReasonRequired
from arbiter_app.pairing.model import Board
from arbiter_app.persistence import Database
from arbiter_app.services import ConfirmationNeeded, Level
from arbiter_app.trf import parse_trf
from tests.services.conftest import HANDMADE, dump


def _row(number: int, name: str, rating: int, games: list[tuple[int, str, str]]) -> str:
    head = f"001 {number:>4}      {name:<34}{rating:>4}"
    return f"{head:<91}" + "  ".join(f"{o:>4} {c} {r}" for o, c, r in games)


FOUR = (
    "\n".join(
        [
            "012 Four players, four rounds",
            "XXR 4",
            "XXC white1",
            _row(1, "One", 2400, [(3, "w", "="), (4, "b", "="), (2, "w", "=")]),
            _row(2, "Two", 2300, [(4, "w", "="), (3, "b", "="), (1, "b", "=")]),
            _row(3, "Three", 2200, [(1, "b", "="), (2, "w", "="), (4, "w", "=")]),
            _row(4, "Four", 2100, [(2, "b", "="), (1, "w", "="), (3, "b", "=")]),
        ]
    )
    + "\n"
)


def _hashes(db: Database, tid: int) -> list[str]:
    text = sv.export_trf(db, tid, "trf-2026", keep_unfinished=True).text
    return [line for line in text.splitlines() if line.startswith("###") and not line.startswith("### Import")]


@pytest.fixture
def four(db: Database) -> int:
    return sv.import_trf(db, parse_trf(FOUR, source="four.trf"), confirmed=HANDMADE, edition="baku-2016").tournament.id


@pytest.fixture
def third(db: Database, seven: int) -> sv.PairingEdit:
    """SEVEN's round 3 paired by the engine, then opened by hand."""
    sv.pair_next_round(db, seven)
    return sv.start_pairing_edit(db, seven, 3)


def test_the_phase_starts_with_the_round_as_stored_and_cancel_keeps_it(db: Database, seven: int) -> None:
    """Q65: an explicit start; Cancel restores the round as it was (nothing of the phase is stored)."""
    paired = sv.pair_next_round(db, seven)
    before = dump(db)
    edit = sv.start_pairing_edit(db, seven, 3)
    assert edit.current == edit.original == paired.pairing() and not edit.changed
    edit = sv.change_pairing(db, seven, edit, sv.SwapColours(1), confirmed=Level.PROCEED)
    edit = sv.change_pairing(db, seven, edit, sv.Split(2), confirmed=Level.PROCEED)
    assert edit.changed and dump(db) == before
    assert sv.cancel_pairing_edit(db, seven, edit) == sv.get_round(db, seven, 3)
    assert dump(db) == before


def test_a_rematch_is_a_level_3_warning_of_its_own(db: Database, seven: int, third: sv.PairingEdit) -> None:
    """Q66; C.04.1.b, C.04.3 C.1 (Baku 2016): #1 met #4 in round 1 (#4 gets the white he is due, #1 the black):
    the rematch alone asks, and the change waits for the arbiter's answer."""
    with pytest.raises(ConfirmationNeeded, match=r"#4 and #1 have already played each other \(round 1") as asked:
        sv.change_pairing(db, seven, third, sv.MakePair(4, 1))
    assert asked.value.level == Level.PROCEED and asked.value.rule == "C.04.1.b (Baku 2016)"
    assert "C.1" in asked.value.text
    done = sv.change_pairing(db, seven, third, sv.MakePair(4, 1), confirmed=Level.PROCEED)
    assert Board(4, 1) in done.current.boards
    # Pairing two players takes them from their boards: nobody is paired twice, their opponents wait unpaired.
    placed = [n for b in done.current.boards for n in (b.white, b.black)] + [done.current.bye]
    assert placed.count(1) == placed.count(4) == 1


def test_a_bye_to_a_player_who_had_one_is_a_level_3_warning(db: Database, seven: int, third: sv.PairingEdit) -> None:
    """Q66; C.04.1.d / C.2 (Baku 2016): #5 had the pairing-allocated bye in round 2."""
    with pytest.raises(ConfirmationNeeded, match="#5 has already had") as asked:
        sv.change_pairing(db, seven, third, sv.MoveBye(5))
    assert asked.value.level == Level.PROCEED
    assert sv.change_pairing(db, seven, third, sv.MoveBye(5), confirmed=Level.PROCEED).current.bye == 5


def test_a_prohibited_pair_is_a_level_3_warning(db: Database, seven: int) -> None:
    """Q66: a pair entered as prohibited before round 1 (here left outside FIDE mode to add it after round 2)."""
    sv.leave_fide_mode(db, seven, confirmed=Level.DOUBLE)
    sv.add_prohibited_pair(db, seven, 3, 5, confirmed=Level.DOUBLE)
    sv.pair_next_round(db, seven)
    edit = sv.start_pairing_edit(db, seven, 3)
    with pytest.raises(ConfirmationNeeded, match="#3 and #5 may not meet"):
        sv.change_pairing(db, seven, edit, sv.MakePair(3, 5))


def test_three_same_colours_is_a_level_3_warning(db: Database, seven: int, third: sv.PairingEdit) -> None:
    """Q66; C.04.1.g, C.3 (Baku 2016): #2 had white twice; white again is three in a row (and #6's black too)."""
    with pytest.raises(ConfirmationNeeded) as asked:
        sv.change_pairing(db, seven, third, sv.MakePair(2, 6))
    assert asked.value.level == Level.PROCEED
    assert "#2 would play white three times in a row" in asked.value.text
    assert "#6 would play black three times in a row" in asked.value.text


def test_both_players_given_the_colour_they_are_not_due_is_a_level_2_notice(
    db: Database, seven: int, third: sv.PairingEdit
) -> None:
    """Q67: #3 (one game, white: due black) gets white, #5 (one game, black: due white) gets black; no rule of
    C.04.1 is broken, so nothing is asked (Level 2 informs)."""
    done = sv.change_pairing(db, seven, third, sv.MakePair(3, 5))
    assert [(n.level, n.rule) for n in done.notices] == [(Level.INFORM, "checklist Q67")]
    assert "#3 (due black) gets white and #5 (due white) gets black" in done.notices[0].text
    turned = sv.change_pairing(db, seven, third, sv.MakePair(5, 3))
    assert not turned.notices


def test_changes_are_checked_against_the_later_rounds(db: Database, seven: int) -> None:
    """Q66 ("against all rounds"): in round 2, a pair that meets again in round 3 is a rematch too."""
    later = sv.pair_next_round(db, seven).boards[0]
    edit = sv.start_pairing_edit(db, seven, 2)
    with pytest.raises(ConfirmationNeeded, match=f"#{later.white} and #{later.black} meet in round 3"):
        sv.change_pairing(db, seven, edit, sv.MakePair(later.white, later.black))


def test_validate_unchanged_stores_nothing(db: Database, seven: int, third: sv.PairingEdit) -> None:
    before = dump(db)
    sv.validate_pairing_edit(db, seven, third)
    assert dump(db) == before


def test_validate_a_pairing_unlike_the_engines_asks_at_level_4_and_writes_the_mpa_line(
    db: Database, seven: int, third: sv.PairingEdit
) -> None:
    """Q68-Q69: the engine's pairing and the differences are shown at Level 4; then ### MPA @ Round 3."""
    first = third.current.boards[0]
    edit = sv.change_pairing(db, seven, third, sv.SwapColours(1), confirmed=Level.PROCEED)
    before = dump(db)
    with pytest.raises(ReasonRequired):
        sv.validate_pairing_edit(db, seven, edit, " ", confirmed=Level.DOUBLE)
    with pytest.raises(ConfirmationNeeded) as asked:
        sv.validate_pairing_edit(db, seven, edit, "asked by both players")
    needed = asked.value
    assert needed.level == Level.DOUBLE and needed.rule == "checklist Q68-Q69, Q115"
    engine = ", ".join(f"{b.white}-{b.black}" for b in third.current.boards)
    assert f"the engine pairs {engine}" in needed.text
    detail = f"{first.white}-{first.black} => {first.black}-{first.white}"
    assert detail in needed.text and f"### MPA @ Round 3: {detail}" in needed.consequences
    with pytest.raises(ConfirmationNeeded):  # a Level-3 answer never passes a Level-4 question
        sv.validate_pairing_edit(db, seven, edit, "asked by both players", confirmed=Level.PROCEED)
    assert dump(db) == before
    stored = sv.validate_pairing_edit(db, seven, edit, "asked by both players", confirmed=Level.DOUBLE)
    assert Board(first.black, first.white) in stored.pairing().boards
    assert stored.overrides[-1].reason == "asked by both players"
    sv.publish_round(db, seven)
    assert _hashes(db, seven) == [f"### MPA @ Round 3: {detail}"]


def test_a_round_the_engine_cannot_pair_is_paired_and_finished_by_hand(db: Database, four: int) -> None:
    """Q63; C.04.3 A.9 (Baku 2016): everybody has met everybody; the arbiter pairs round 4 through the phase,
    each rematch answered at Level 3, the round validated at Level 4, then played and the tournament finished."""
    with pytest.raises(PairingImpossibleError):
        sv.pair_next_round(db, four)
    edit = sv.start_pairing_edit(db, four, 4)
    assert edit.original is None and edit.current.boards == ()
    with pytest.raises(ArbiterError, match="the next round to pair is 4"):
        sv.start_pairing_edit(db, four, 5)
    with pytest.raises(ConfirmationNeeded, match="#2 and #1 have already played each other"):
        sv.change_pairing(db, four, edit, sv.MakePair(2, 1))
    edit = sv.change_pairing(db, four, edit, sv.MakePair(2, 1), confirmed=Level.PROCEED)
    with pytest.raises(ConfirmationNeeded, match="#4 is left unpaired") as asked:
        sv.validate_pairing_edit(db, four, edit, "A.9: all have met", confirmed=Level.PROCEED)
    assert asked.value.level == Level.DOUBLE and "the engine finds no legal pairing" in asked.value.text
    edit = sv.change_pairing(db, four, edit, sv.MakePair(4, 3), confirmed=Level.PROCEED)
    stored = sv.validate_pairing_edit(db, four, edit, "A.9: all have met", confirmed=Level.DOUBLE)
    assert stored.pairing().pairs() == {(2, 1), (4, 3)} and stored.state == "draft"
    sv.publish_round(db, four)
    for board in (1, 2):
        sv.enter_result(db, four, 4, board, "1-0")
    assert sv.get_round(db, four, 4).state == "completed"
    mpa = [line for line in _hashes(db, four) if line.startswith("### MPA")]
    assert len(mpa) == 1 and mpa[0].startswith("### MPA @ Round 4: none => ")
    assert set(mpa[0].split(" => ")[1].split()) == {"2-1", "4-3"}
    with pytest.raises(ArbiterError, match="all 4 rounds have been paired"):
        sv.start_pairing_edit(db, four, 5)


def _five(db: Database, edition: str) -> tuple[int, sv.PairingEdit]:
    """Five players paired by ``edition``; round 1 played (every White wins), round 2 opened by hand."""
    tid = sv.create_tournament(db, "Five", 4).id
    sv.change_edition(db, tid, edition)
    for k in range(5):
        sv.register_player(db, tid, f"Player {k + 1}", rating=2400 - 10 * k)
    first = sv.pair_next_round(db, tid)
    sv.publish_round(db, tid)
    for board in first.boards:
        sv.enter_result(db, tid, 1, board.number, "1-0")
    sv.pair_next_round(db, tid)
    return tid, sv.start_pairing_edit(db, tid, 2)


def test_the_bye_above_the_lowest_score_is_a_level_3_warning_in_2026(db: Database) -> None:
    """Q66; C.04.3-2026 2.3.1 [C5]: the bye goes to a participant of the lowest score; a winner of round 1 is not."""
    tid, edit = _five(db, "fide-2026")
    winner = sv.get_round(db, tid, 1).boards[0].white
    with pytest.raises(ConfirmationNeeded) as asked:
        sv.change_pairing(db, tid, edit, sv.MoveBye(winner))
    assert asked.value.rule == "C.04.3-2026 2.3.1 [C5] (FIDE 2026)"
    assert f"#{winner} has a score of 1: the bye goes to a participant with 0" in asked.value.text


def test_baku_2016_has_no_such_criterion(db: Database) -> None:
    """C.04.3 (Baku 2016): the score of the bye's assignee is no absolute criterion; a winner may have it."""
    tid, edit = _five(db, "baku-2016")
    winner = sv.get_round(db, tid, 1).boards[0].white
    assert sv.change_pairing(db, tid, edit, sv.MoveBye(winner)).current.bye == winner
