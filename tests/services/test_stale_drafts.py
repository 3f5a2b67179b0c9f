"""A draft paired before a result it reads changed is never published (issue 29, D1; C.04.2.D.8, C.04.2-2026 4.3).

SEVEN (Baku 2016) with round 3 paired (5-1, 7-3, 6-2, bye 4) and published, its results in, round 4 a draft.
"""

from __future__ import annotations

import pytest

from arbiter_app import services as sv
from arbiter_app.persistence import Database
from arbiter_app.services import Level, StaleDraftError
from arbiter_app.trf import parse_trf
from tests.services.conftest import HANDMADE, SEVEN, dump


def _hashes(db: Database, tid: int) -> list[str]:
    """The ``###`` lines of a TRF-2026 export but SEVEN's import's (its rounds are hand-made)."""
    lines = sv.export_trf(db, tid, "trf-2026").text.splitlines()
    return [line for line in lines if line.startswith("###") and not line.startswith("### Import")]


def _round_4_drafted(db: Database, tid: int, results: tuple[str, str, str] = ("1-0", "0-1", "1/2")) -> None:
    sv.pair_next_round(db, tid)
    sv.publish_round(db, tid)
    sv.enter_results(db, tid, 3, list(enumerate(results, 1)))
    sv.pair_next_round(db, tid)


@pytest.fixture
def drafted(db: Database, seven: int) -> int:
    _round_4_drafted(db, seven)
    return seven


def test_a_correction_makes_the_draft_stale_until_it_is_paired_again(db: Database, drafted: int) -> None:
    """The reproduction of D1: round 4 drafted, a round-3 result corrected, publish: refused, naming the round and
    the points that changed; nothing stored.  Paired again, it publishes."""
    info = sv.enter_result(db, drafted, 3, 1, "0-1")  # 5-1: 1-0 -> 0-1
    assert "round 4 is a draft paired with the old result: pair it again" in info.note and "(C.04.2.D.8)" in info.note
    before = dump(db)
    with pytest.raises(StaleDraftError) as refused:
        sv.publish_round(db, drafted)
    assert dump(db) == before
    text = str(refused.value)
    assert text.startswith("C.04.2.D.8: round 4 was paired before the results or colours of round 3 changed")
    assert "(points now: #1 3 (was 2), #5 2 (was 3))" in text and "pair round 4 again" in text
    assert refused.value.round == 4
    sv.repair_round(db, drafted)
    assert sv.publish_round(db, drafted).round.state == "published"
    assert not _hashes(db, drafted)  # no event: the published round is the engine's on the corrected results


def test_the_draft_re_paired_is_what_the_engine_pairs_on_the_corrected_results(db: Database, drafted: int) -> None:
    """The stale draft differs from the engine's pairing on the corrected results (the checkers would say so)."""
    old = sv.get_round(db, drafted, 4).pairing()
    sv.enter_result(db, drafted, 3, 1, "0-1")
    sv.enter_result(db, drafted, 3, 3, "1-0")
    new = sv.repair_round(db, drafted).pairing()
    assert new.pairs() != old.pairs() or new.bye != old.bye


def test_an_adjourned_game_decided_makes_the_draft_stale_and_is_no_event_yet(db: Database, seven: int) -> None:
    """The same after an adjourned result: paired as a draw, decided 1-0 while round 4 is a draft."""
    _round_4_drafted(db, seven, ("*", "0-1", "1/2"))
    info = sv.enter_result(db, seven, 3, 1, "1-0")  # no question: round 4 is re-paired before it is published
    assert info.previous == "*" and "pair it again" in info.note
    with pytest.raises(StaleDraftError, match=r"round 4 was paired before the results or colours of round 3 changed"):
        sv.publish_round(db, seven)
    assert not _hashes(db, seven)
    sv.repair_round(db, seven)
    sv.publish_round(db, seven)


def test_an_adjourned_game_decided_as_a_draw_changes_nothing_the_pairing_reads(db: Database, seven: int) -> None:
    _round_4_drafted(db, seven, ("*", "0-1", "1/2"))
    sv.enter_result(db, seven, 3, 1, "1/2")  # a draw for pairing purposes already (C.04.2.D.1)
    assert sv.publish_round(db, seven).round.state == "published"


def test_a_correction_undone_leaves_the_draft_as_it_was(db: Database, drafted: int) -> None:
    sv.enter_result(db, drafted, 3, 2, "1-0")
    sv.undo_last_step(db, drafted)
    assert sv.publish_round(db, drafted).round.state == "published"


def test_the_same_result_again_is_no_correction(db: Database, drafted: int) -> None:
    """D12: re-entering a result is neither a correction nor a step of the audit log, and stales nothing."""
    entries = len(sv.audit_log(db, drafted))
    info = sv.enter_result(db, drafted, 3, 1, "1-0")
    assert info.previous == "1-0" and info.note == ""
    assert len(sv.audit_log(db, drafted)) == entries
    assert sv.publish_round(db, drafted).round.state == "published"


def test_a_frozen_round_s_result_entered_again_is_not_logged(db: Database, seven: int) -> None:
    """D12: once rounds 3 and 4 are paired, round 2 is frozen in FIDE mode; its result typed again is no change."""
    _round_4_drafted(db, seven)
    sv.publish_round(db, seven)
    board = sv.get_round(db, seven, 2).boards[0]
    entries = len(sv.audit_log(db, seven))
    sv.enter_result(db, seven, 2, board.number, board.result_text)
    assert len(sv.audit_log(db, seven)) == entries
    assert not any(e.action == "correct result" for e in sv.audit_log(db, seven))


def test_a_byes_or_withdrawal_of_an_earlier_round_is_named_too(db: Database, drafted: int) -> None:
    """Whatever the pairing reads: a late result of round 3 made a forfeit (the colours count no more, C.04.2.D.5)."""
    sv.enter_result(db, drafted, 3, 3, "+-")
    with pytest.raises(StaleDraftError, match="round 3 changed"):
        sv.publish_round(db, drafted)


def test_the_2026_rules_cite_their_article(db: Database) -> None:
    tid = sv.import_trf(db, parse_trf(SEVEN, source="seven.trf"), confirmed=HANDMADE, edition="fide-2026")
    tid = tid.tournament.id
    r3 = sv.pair_next_round(db, tid)
    sv.publish_round(db, tid)
    sv.enter_results(db, tid, 3, [(b.number, "1-0") for b in r3.boards])
    sv.pair_next_round(db, tid)
    note = sv.enter_result(db, tid, 3, 1, "0-1").note
    assert "C.04.2-2026 4.3" in note and "C.04.2.D" not in note
    with pytest.raises(StaleDraftError, match=r"^C\.04\.2-2026 4\.3: round 4 was paired before"):
        sv.publish_round(db, tid)


def test_a_correction_once_the_next_round_is_published_is_an_event_and_the_draft_after_it_stale(
    db: Database, drafted: int
) -> None:
    """Outside FIDE mode a result of round 3 changes once round 4 is published and round 5 drafted (Level 4): the
    published round 4 no longer is the engine's (### Correction), and round 5 must be paired again."""
    sv.publish_round(db, drafted)
    sv.enter_results(db, drafted, 4, [(b.number, "1-0") for b in sv.get_round(db, drafted, 4).boards])
    sv.pair_next_round(db, drafted)
    sv.leave_fide_mode(db, drafted, confirmed=Level.DOUBLE)
    sv.enter_result(db, drafted, 3, 1, "0-1", confirmed=Level.DOUBLE)
    assert any(line.startswith("### Correction @ Round 3: result of 5-1 changed from 1-0 to 0-1")
               for line in _hashes(db, drafted))  # fmt: skip
    with pytest.raises(StaleDraftError, match="round 5 was paired before the results or colours of round 3"):
        sv.publish_round(db, drafted)
