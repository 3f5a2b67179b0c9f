"""A published round changes only in a case its rules allow, each case checked against what it says (issue 29, D4):
refused in FIDE mode (Level 5) with the reason, a Level-4 question outside it.

SEVEN imported with the 2026 edition (five rounds; #1 met #4 and #6) and with Baku 2016 (C.04.2.D.10).
"""

from __future__ import annotations

import pytest

from arbiter_app import services as sv
from arbiter_app.errors import ArbiterError
from arbiter_app.persistence import Database
from arbiter_app.services import ConfirmationNeeded, Level, ProhibitedInFideMode, Swap
from arbiter_app.trf import parse_trf
from tests.services.conftest import HANDMADE, SEVEN, dump


def _seven(db: Database, edition: str) -> int:
    return sv.import_trf(db, parse_trf(SEVEN, source="seven.trf"), confirmed=HANDMADE, edition=edition).tournament.id


def test_top_boards_is_refused_before_the_final_round(db: Database) -> None:
    """The reproduction: ``--case top-boards`` (4.4.5, the final round) was saved for round 3 of 5."""
    tid = _seven(db, "fide-2026")
    r = sv.pair_next_round(db, tid)
    sv.publish_round(db, tid)
    a, b = r.boards[0].white, r.boards[0].black
    before = dump(db)
    with pytest.raises(ProhibitedInFideMode, match=r"C\.04\.2-2026 4\.4\.5 .* round 3 is not the final round"):
        sv.apply_override(db, tid, 3, [Swap(a, b)], "a player fell ill", case="top-boards", confirmed=Level.DOUBLE)
    assert dump(db) == before


def test_the_rematch_case_is_refused_for_a_change_that_makes_a_rematch(db: Database) -> None:
    """The reproduction: ``--case rematch`` accepted for a change that creates a rematch (#1 against #4)."""
    tid = _seven(db, "fide-2026")
    r = sv.pair_next_round(db, tid)
    sv.publish_round(db, tid)
    one = next(b for b in r.boards if 1 in (b.white, b.black))
    partner = one.black if one.white == 1 else one.white
    before = dump(db)
    with pytest.raises(ProhibitedInFideMode, match="pairs no two players who have played each other"):
        sv.apply_override(db, tid, 3, [Swap(4, partner)], "rematch", case="rematch", confirmed=Level.DOUBLE)
    assert dump(db) == before


def test_the_rematch_case_takes_a_published_rematch_apart(db: Database) -> None:
    tid = _seven(db, "fide-2026")
    r = sv.pair_next_round(db, tid)
    one = next(b for b in r.boards if 1 in (b.white, b.black))
    partner = one.black if one.white == 1 else one.white
    sv.apply_override(db, tid, 3, [Swap(4, partner)], "cards mixed up", confirmed=Level.PROCEED)  # a draft: no case
    sv.publish_round(db, tid)  # published with #1 against #4, who met in round 1
    others = [b for b in sv.get_round(db, tid, 3).boards if 1 not in (b.white, b.black)]
    elsewhere = Swap(others[0].white, others[1].white)  # the rematch stays
    with pytest.raises(ProhibitedInFideMode, match="the change keeps the published rematch #"):
        sv.apply_override(db, tid, 3, [elsewhere], "cards", case="rematch", confirmed=Level.DOUBLE)
    sv.apply_override(db, tid, 3, [Swap(4, partner)], "the rematch", case="rematch", confirmed=Level.PROCEED)
    assert sv.get_round(db, tid, 3).overrides[-1].change_case == "rematch"


def test_the_final_round_s_top_boards(db: Database) -> None:
    tid = _seven(db, "fide-2026")
    for k in (3, 4):
        r = sv.pair_next_round(db, tid)
        sv.publish_round(db, tid)
        sv.enter_results(db, tid, k, [(b.number, "1-0") for b in r.boards])
    r = sv.pair_next_round(db, tid)
    sv.publish_round(db, tid)
    first, last = r.boards[0], r.boards[-1]
    with pytest.raises(ProhibitedInFideMode, match=rf"board {len(r.boards)} is not among the top boards"):
        sv.apply_override(db, tid, 5, [Swap(first.black, last.black)], "ill", case="top-boards",
                          confirmed=Level.DOUBLE)  # fmt: skip
    sv.apply_override(db, tid, 5, [sv.SwapColours(1)], "the board 1 players' request", case="top-boards",
                      confirmed=Level.PROCEED)  # fmt: skip


def test_baku_2016_allows_a_published_change_only_when_it_takes_a_rematch_apart(db: Database) -> None:
    tid = _seven(db, "baku-2016")
    sv.pair_next_round(db, tid)  # 5-1, 7-3, 6-2, bye 4
    sv.publish_round(db, tid)
    with pytest.raises(ProhibitedInFideMode, match=r"^C\.04\.2\.D\.10: round 3 is published and C\.04\.2\.D\.10 "):
        sv.apply_override(db, tid, 3, [Swap(2, 3)], "wrong board cards", confirmed=Level.DOUBLE)
    with pytest.raises(ArbiterError, match="knows one case"):
        sv.apply_override(db, tid, 3, [Swap(2, 3)], "wrong board cards", case="top-boards")
    # Outside FIDE mode the same change is a Level-4 question, its consequences spelt out.
    sv.leave_fide_mode(db, tid, confirmed=Level.DOUBLE)
    with pytest.raises(ConfirmationNeeded) as asked:
        sv.apply_override(db, tid, 3, [Swap(2, 3)], "wrong board cards", confirmed=Level.PROCEED)
    assert asked.value.level == Level.DOUBLE and "in a case the rules do not allow" in asked.value.consequences
    sv.apply_override(db, tid, 3, [Swap(2, 3)], "wrong board cards", confirmed=Level.DOUBLE)


def test_the_manual_pairing_phase_checks_the_case_too(db: Database) -> None:
    tid = _seven(db, "fide-2026")
    r = sv.pair_next_round(db, tid)
    sv.publish_round(db, tid)
    edit = sv.start_pairing_edit(db, tid, 3)
    edit = sv.change_pairing(db, tid, edit, Swap(r.boards[0].white, r.boards[1].white), confirmed=Level.PROCEED)
    with pytest.raises(ProhibitedInFideMode, match="round 3 is not the final round"):
        sv.validate_pairing_edit(db, tid, edit, "ill", case="top-boards", confirmed=Level.DOUBLE)


def test_a_2026_tournament_cites_no_2016_article(db: Database) -> None:
    """D10: undoing an override of a published round, and a correction once the next round is published, cite the
    2026 articles (C.04.2-2026 1.5, 4.3), not Baku 2016's C.04.2.A.5 and C.04.2.D.8."""
    tid = _seven(db, "fide-2026")
    r = sv.pair_next_round(db, tid)
    sv.publish_round(db, tid)
    a, b = r.boards[0].white, r.boards[1].white
    sv.apply_override(db, tid, 3, [Swap(a, b)], "the rules of the event", case="competition-rules",
                      confirmed=Level.PROCEED)  # fmt: skip
    with pytest.raises(ArbiterError) as refused:
        sv.undo_last_step(db, tid)
    assert str(refused.value).startswith("C.04.2-2026 1.5: undoing the override of published round 3")
    sv.undo_last_step(db, tid, "the players had not started")
    sv.enter_results(db, tid, 3, [(board.number, "1-0") for board in sv.get_round(db, tid, 3).boards])
    sv.pair_next_round(db, tid)
    sv.publish_round(db, tid)
    with pytest.raises(ConfirmationNeeded) as asked:
        sv.enter_result(db, tid, 3, 1, "0-1")
    assert asked.value.rule == "checklist Q115, C.04.2-2026 4.3" and "C.04.2.D" not in str(asked.value)
    with pytest.raises(ArbiterError, match=r"^C\.04\.2-2026 1\.5: a manual change of the pairing needs"):
        sv.apply_override(db, tid, 4, [Swap(a, b)], " ")
