"""Pairing, publishing (with a backup copy), re-pairing and undo."""

from __future__ import annotations

from pathlib import Path

import pytest

from arbiter_app.errors import ArbiterError, PairingImpossibleError, RuleViolation
from arbiter_app.persistence import Database, open_database
from arbiter_app.services import (
    ConfirmationNeeded,
    Level,
    Swap,
    apply_override,
    audit_log,
    enter_result,
    enter_results,
    get_round,
    import_trf,
    list_rounds,
    pair_next_round,
    publish_round,
    repair_round,
    undo_last_step,
)
from arbiter_app.trf import parse_trf
from tests.services.conftest import dump

MET_ALREADY = """\
012 Two players
XXR 3
001    1      One                               2400                                          2 w 1
001    2      Two                               2300                                          1 b 0
"""


def _publish_with_results(db: Database, t: int) -> None:
    r = pair_next_round(db, t)
    publish_round(db, t)
    enter_results(db, t, r.number, [(b.number, "1-0") for b in r.boards])


def test_pairing_while_the_previous_round_lacks_results_is_told_first(db: Database, seven: int) -> None:
    """Checklist Q158-Q160: the missing results are named at Level 2 before anything changes
    (tests/services/test_adjourned.py pairs on)."""
    r3 = pair_next_round(db, seven)
    publish_round(db, seven)
    enter_result(db, seven, 3, 1, "1-0")
    before = dump(db)
    with pytest.raises(ConfirmationNeeded, match="round 3 board 2 .*, round 3 board 3 ") as caught:
        pair_next_round(db, seven)
    assert caught.value.level == Level.INFORM
    assert dump(db) == before
    enter_results(db, seven, 3, [(b.number, "1/2") for b in r3.boards[1:]])
    assert pair_next_round(db, seven).number == 4


def test_an_adjourned_game_counts_as_a_draw_for_pairing(db: Database, seven: int) -> None:
    r3 = pair_next_round(db, seven)
    publish_round(db, seven)
    enter_results(db, seven, 3, [(b.number, "*") for b in r3.boards])
    assert get_round(db, seven, 3).state == "completed"
    assert pair_next_round(db, seven).number == 4


def test_one_draft_at_a_time_and_no_round_beyond_the_last(db: Database, seven: int) -> None:
    pair_next_round(db, seven)
    with pytest.raises(ArbiterError, match="already paired as a draft"):
        pair_next_round(db, seven)
    publish_round(db, seven)
    with pytest.raises(ArbiterError, match="no draft"):
        publish_round(db, seven)
    for _ in range(2):
        enter_results(
            db, seven, list_rounds(db, seven)[-1].number, [(b.number, "0-1") for b in list_rounds(db, seven)[-1].boards]
        )
        pair_next_round(db, seven)
        publish_round(db, seven)
    enter_results(db, seven, 5, [(b.number, "1/2") for b in get_round(db, seven, 5).boards])
    with pytest.raises(RuleViolation, match="all 5 rounds"):
        pair_next_round(db, seven)


def test_no_legal_pairing_changes_nothing(db: Database) -> None:
    t = import_trf(db, parse_trf(MET_ALREADY)).tournament.id
    before = dump(db)
    with pytest.raises(PairingImpossibleError, match="round 2"):
        pair_next_round(db, t)
    assert dump(db) == before


def test_publish_makes_a_backup_copy(db: Database, db_path: Path, seven: int) -> None:
    pair_next_round(db, seven)
    info = publish_round(db, seven)
    assert info.backup == db_path.with_name("tournament.db.bak-round3")
    assert info.round.state == "published"
    copy = open_database(info.backup)
    try:
        assert get_round(copy, seven, 3).state == "published"
    finally:
        copy.dispose()


def test_repair_gives_back_the_engine_pairing(db: Database, seven: int) -> None:
    draft = pair_next_round(db, seven)
    apply_override(db, seven, 3, [Swap(1, 2)], "testing", confirmed=Level.PROCEED)
    assert get_round(db, seven, 3).boards != draft.boards
    assert repair_round(db, seven).boards == draft.boards


def test_undo_steps_last_first_up_to_the_last_publication(db: Database, seven: int) -> None:
    draft = pair_next_round(db, seven)
    apply_override(db, seven, 3, [Swap(1, 2)], "testing", confirmed=Level.PROCEED)
    undo_last_step(db, seven)
    assert get_round(db, seven, 3).boards == draft.boards
    assert get_round(db, seven, 3).overrides == ()
    undo_last_step(db, seven)
    with pytest.raises(ArbiterError, match="has not been paired"):
        get_round(db, seven, 3)
    pair_next_round(db, seven)
    publish_round(db, seven)
    enter_result(db, seven, 3, 1, "1-0")
    undo_last_step(db, seven)
    assert get_round(db, seven, 3).boards[0].result is None
    with pytest.raises(ArbiterError, match="cannot be undone"):
        undo_last_step(db, seven)
    assert get_round(db, seven, 3).state == "published"
    actions = [e.action for e in audit_log(db, seven)]
    assert actions.count("undo") == 3


def test_nothing_to_undo_in_a_new_file(db: Database, seven: int) -> None:
    with pytest.raises(ArbiterError, match="cannot be undone"):  # the import
        undo_last_step(db, seven)
