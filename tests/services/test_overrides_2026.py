"""Manual override under the 2026 rules: C.04.1-2026 / C.04.3-2026 articles, and C.04.2-2026 4.4's five cases.

SEVEN imported with the 2026 edition; its round 3 is paired by the 2026 engine.
#1 met #4 in round 1; #5 and #7 had the pairing-allocated bye; #3 a forfeit win.
"""

from __future__ import annotations

import pytest

from arbiter_app.errors import ArbiterError, RuleViolation
from arbiter_app.persistence import Database
from arbiter_app.services import (
    ConfirmationNeeded,
    Level,
    MakePair,
    MoveBye,
    Swap,
    apply_override,
    audit_log,
    enter_results,
    get_round,
    import_trf,
    pair_next_round,
    preview_override,
    publish_round,
    register_player,
    request_bye,
)
from arbiter_app.services.warnings import ProhibitedInFideMode
from arbiter_app.trf import parse_trf
from tests.services.conftest import HANDMADE, SEVEN, dump


@pytest.fixture
def seven_2026(db: Database) -> int:
    return import_trf(db, parse_trf(SEVEN, source="seven.trf"), confirmed=HANDMADE, edition="fide-2026").tournament.id


def test_warnings_cite_the_2026_articles(db: Database, seven_2026: int) -> None:
    r = pair_next_round(db, seven_2026)
    one = next(b for b in r.boards if 1 in (b.white, b.black))
    partner = one.black if one.white == 1 else one.white
    preview = preview_override(db, seven_2026, 3, [Swap(4, partner)])  # #1 against #4, whom he met in round 1
    [repeat] = [w for w in preview.warnings if w.rule == "repeat"]
    assert (repeat.article, repeat.edition) == ("C.04.1-2026 Art. 2", "FIDE 2026")
    assert repeat.message.endswith("have already played each other (round 1; [C1])")


def test_a_full_point_bye_later_bars_the_bye_under_2026_not_under_2016(db: Database, seven_2026: int) -> None:
    """C.04.1-2026 Art. 4: scoring a win's points without playing (a full-point bye) bars the pairing-allocated
    bye; Baku 2016's C.04.1.d knew only the bye and the forfeit win."""
    r = pair_next_round(db, seven_2026)
    request_bye(db, seven_2026, 2, 4, "full")
    holder = r.bye
    assert holder is not None and holder != 2
    board = next(b for b in r.boards if 2 in (b.white, b.black))
    preview = preview_override(db, seven_2026, 3, [Swap(holder, 2)])
    bye = [w.message for w in preview.warnings if w.rule == "bye"]
    assert bye == ["#2 gets a full-point bye in round 4 (C.04.1-2026 Art. 4)"], (board, preview.warnings)
    baku = import_trf(db, parse_trf(SEVEN, source="seven.trf"), confirmed=HANDMADE, edition="baku-2016").tournament.id
    r = pair_next_round(db, baku)
    request_bye(db, baku, 2, 4, "full")
    assert r.bye is not None and r.bye != 2
    preview = preview_override(db, baku, 3, [Swap(r.bye, 2)])
    assert not [w for w in preview.warnings if w.rule == "bye"]


def test_a_published_round_changes_only_in_a_named_case_of_4_4(db: Database, seven_2026: int) -> None:
    r = pair_next_round(db, seven_2026)
    publish_round(db, seven_2026)
    a, b = r.boards[0].white, r.boards[1].white
    preview = preview_override(db, seven_2026, 3, [Swap(a, b)])
    [published] = [w for w in preview.warnings if w.rule == "published"]
    assert published.article == "C.04.2-2026 4.4"
    assert "C.04.2-2026 4.4.4 a late entry is admitted" in published.message
    before = dump(db)
    with pytest.raises(ArbiterError, match="only in one of the cases of C.04.2-2026 4.4, and none was named"):
        apply_override(db, seven_2026, 3, [Swap(a, b)], "a late entry arrived")
    with pytest.raises(ArbiterError, match="'whim' is not one of them"):
        apply_override(db, seven_2026, 3, [Swap(a, b)], "a late entry arrived", case="whim")
    with pytest.raises(ProhibitedInFideMode, match="no late entry of round 3 is waiting to be paired"):
        apply_override(db, seven_2026, 3, [Swap(a, b)], "a late entry arrived", case="late-entry")
    assert dump(db) == before  # the case is checked against what it says (issue 29, D4)
    apply_override(
        db, seven_2026, 3, [Swap(a, b)], "the rules of the event", case="competition-rules", confirmed=Level.PROCEED
    )
    [record] = get_round(db, seven_2026, 3).overrides
    assert record.change_case == "competition-rules" and record.reason == "the rules of the event"
    entry = audit_log(db, seven_2026)[-1]
    assert entry.summary.endswith("under C.04.2-2026 4.4.2 (the rules of the competition allow the change)")


def test_a_draft_needs_no_case(db: Database, seven_2026: int) -> None:
    r = pair_next_round(db, seven_2026)
    a, b = r.boards[0].white, r.boards[1].white
    apply_override(db, seven_2026, 3, [Swap(a, b)], "board cards printed wrongly", confirmed=Level.PROCEED)
    assert get_round(db, seven_2026, 3).overrides[0].change_case == ""


def test_a_late_entry_into_the_published_round_is_the_case_of_4_4_4(db: Database, seven_2026: int) -> None:
    """C.04.2-2026 4.4.4: a late entry admitted to a round published but not started is registered into that round
    at Level 3 naming the rule, left out of its pairing, and the round is changed by hand naming the case (checked to
    pair the entrant); once a result of the round is in, or under Baku 2016 (C.04.2.D.10), it is refused."""
    r = pair_next_round(db, seven_2026)
    publish_round(db, seven_2026)
    before = dump(db)
    with pytest.raises(ConfirmationNeeded) as asked:
        register_player(db, seven_2026, "Late", rating=1500, entry_round=3)
    assert (asked.value.level, asked.value.warning.rule) == (Level.PROCEED, "C.04.2-2026 4.4.4")
    assert "Late enters it as a late entry" in str(asked.value) and "late-entry" in str(asked.value)
    assert dump(db) == before  # nothing stored before the answer
    late = register_player(db, seven_2026, "Late", rating=1500, entry_round=3, confirmed=Level.PROCEED)
    assert (late.number, late.entry_round) == (8, 3)
    assert get_round(db, seven_2026, 3).bye == r.bye and all(8 not in (b.white, b.black) for b in r.boards)
    assert r.bye is not None
    # The round changed by hand: the bye's receiver plays the late entry; the case is checked and holds.
    with pytest.raises(ProhibitedInFideMode, match="pairs none of the late entries of round 3"):
        apply_override(db, seven_2026, 3, [Swap(r.boards[0].white, r.boards[1].white)], "late entry", case="late-entry")
    changed = apply_override(
        db,
        seven_2026,
        3,
        [MoveBye(None), MakePair(r.bye, 8)],
        "Late arrived before the round",
        case="late-entry",
        confirmed=Level.DOUBLE,
    )
    assert any({b.white, b.black} == {r.bye, 8} for b in changed.proposed.boards) and changed.proposed.bye is None
    stored = get_round(db, seven_2026, 3)
    assert stored.bye is None and any({b.white, b.black} == {r.bye, 8} for b in stored.boards)
    assert any("C.04.2-2026 4.4.4" in e.summary for e in audit_log(db, seven_2026))


def test_a_late_entry_into_a_started_round_or_under_baku_2016_is_refused(db: Database, seven_2026: int) -> None:
    r = pair_next_round(db, seven_2026)
    publish_round(db, seven_2026)
    enter_results(db, seven_2026, 3, [(r.boards[0].number, "1-0")])
    with pytest.raises(RuleViolation, match="round 3 has started: board 1 has a result") as refused:
        register_player(db, seven_2026, "Late", rating=1500, entry_round=3, confirmed=Level.DOUBLE)
    assert refused.value.article == "C.04.2-2026 4.4.4"
    baku = import_trf(db, parse_trf(SEVEN, source="seven.trf"), confirmed=HANDMADE, edition="baku-2016").tournament.id
    pair_next_round(db, baku)
    publish_round(db, baku)
    with pytest.raises(RuleViolation, match=r"changes only for a rematch, C\.04\.2\.D\.10") as refused:
        register_player(db, baku, "Late", rating=1500, entry_round=3, confirmed=Level.DOUBLE)
    assert refused.value.article == "C.04.2.C.2"
