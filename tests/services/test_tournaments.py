"""Tournament settings: created, edited in one audited transaction, checked; a settings edit is no round step."""

from __future__ import annotations

import json
from datetime import date

import pytest

from arbiter_app import services as sv
from arbiter_app.errors import ArbiterError
from arbiter_app.persistence import Database
from tests.services.conftest import dump


def test_edit_settings_is_audited_and_keeps_the_rounds_undoable(db: Database, seven: int) -> None:
    sv.pair_next_round(db, seven)
    info = sv.edit_tournament(
        db,
        seven,
        federation="nor",
        time_control="90 min + 30 s/move",
        round_dates=sv.parse_round_dates("2026-07-01, 2026-07-02, , 2026-07-04"),
    )
    assert (info.federation, info.time_control) == ("NOR", "90 min + 30 s/move")
    assert info.round_dates == (date(2026, 7, 1), date(2026, 7, 2), None, date(2026, 7, 4))
    entry = sv.audit_log(db, seven)[-1]
    assert entry.action == "edit tournament" and "federation" in entry.summary and "round_dates" in entry.summary
    # The draft of round 3 can still be undone: the descriptive settings are not a step to undo.
    assert "round 3" in sv.undo_last_step(db, seven).summary
    assert sv.get_tournament(db, seven).federation == "NOR"
    # Changing the tie-break list after round 1 is a configuration change (outside FIDE mode, Level 4; SEVEN, which
    # has no 202 record, got the recommended list at import): a step that Undo last step takes back (checklist Q114).
    sv.pair_next_round(db, seven)
    sv.leave_fide_mode(db, seven, confirmed=sv.Level.DOUBLE)
    assert sv.edit_tournament(db, seven, tie_breaks="BH, SB", confirmed=sv.Level.DOUBLE).tie_breaks == "BH, SB"
    assert "tie_breaks" in sv.undo_last_step(db, seven).summary
    assert sv.get_tournament(db, seven).tie_breaks == "BH/C1, BH, SB, DE, WIN"
    assert "round 3" in sv.undo_last_step(db, seven).summary


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"federation": "NO"}, "three letters"),
        ({"round_dates": (date(2026, 7, 2), date(2026, 7, 1))}, "back in time"),
        ({"round_dates": (None,) * 6}, "6 round dates for a tournament of 5 rounds"),
        ({"rounds_count": 7}, "checklist Q57-Q58: the number of rounds is frozen once round 1 is paired"),
        ({"initial_colour": "black"}, "cannot change initial_colour"),
        ({"name": "  "}, "needs a name"),
        ({"start_date": date(2026, 7, 9), "end_date": date(2026, 7, 1)}, "ends before it starts"),
    ],
)
def test_a_refused_edit_names_the_setting_and_changes_nothing(
    db: Database, seven: int, changes: dict[str, object], message: str
) -> None:
    before = dump(db)
    with pytest.raises(ArbiterError, match=message):
        sv.edit_tournament(db, seven, **changes)
    assert dump(db) == before


def test_round_dates_as_arbiters_write_them() -> None:
    assert sv.parse_round_dates("2026-07-01; 02.07.2026,,26/07/04, ") == (
        date(2026, 7, 1),
        date(2026, 7, 2),
        None,
        date(2026, 7, 4),
    )
    with pytest.raises(ArbiterError, match="'July 5' is not a date"):
        sv.parse_round_dates("2026-07-01, July 5")


def test_a_new_tournament_is_paired_by_the_rules_in_force(db: Database) -> None:
    """FIDE replaced C.04.3 on 1 February 2026: a new tournament takes the 2026 edition unless told otherwise."""
    from arbiter_app.services import create_tournament

    assert create_tournament(db, "Open 2026", 9).edition == "fide-2026"
    assert create_tournament(db, "Seminar", 9, edition="baku-2016").edition == "baku-2016"
    with pytest.raises(ArbiterError, match="unknown edition of the Dutch rules: 'dutch-1992'"):
        create_tournament(db, "Old", 9, edition="dutch-1992")


def test_changing_the_edition_after_pairing_asks_for_confirmation_and_is_audited(db: Database) -> None:
    """SEVEN has rounds 1-2 in the file; once round 3 is paired, the change needs the arbiter's word."""
    from arbiter_app.services import ConfirmationNeeded, audit_log, change_edition, import_trf, pair_next_round
    from arbiter_app.trf import parse_trf
    from tests.services.conftest import HANDMADE, SEVEN

    imported = import_trf(db, parse_trf(SEVEN, source="seven.trf"), confirmed=HANDMADE)
    seven = imported.tournament.id
    assert imported.tournament.edition == "fide-2026"  # no 092 line: the rules in force, and a warning says so
    assert any("no pairing system declared (092 line)" in w for w in imported.warnings)
    pair_next_round(db, seven)
    before = dump(db)
    with pytest.raises(sv.ProhibitedInFideMode, match="checklist Q93: the pairing system is frozen once round 1"):
        change_edition(db, seven, "baku-2016", confirmed=sv.Level.DOUBLE)  # Level 5 in FIDE mode: no answer helps
    assert dump(db) == before
    sv.leave_fide_mode(db, seven, confirmed=sv.Level.DOUBLE)
    before = dump(db)
    with pytest.raises(ConfirmationNeeded) as refused:
        change_edition(db, seven, "baku-2016", confirmed=sv.Level.PROCEED)  # a Level-3 answer is not enough
    assert refused.value.level == sv.Level.DOUBLE and refused.value.rule == "checklist Q93"
    assert refused.value.consequences == (
        "rounds 1-3 were paired by the FIDE 2026 rules and stay as paired (and are explained by those rules); "
        "from round 4 on, pairings will follow "
        "the Baku 2016 rules (FIDE (Dutch) system, Baku 2016 (C.04.3 in force until 31 January 2026)); "
        "the change is logged and written to TRF-2026 exports"
    )
    assert dump(db) == before
    assert change_edition(db, seven, "baku-2016", confirmed=sv.Level.DOUBLE).edition == "baku-2016"
    entry = audit_log(db, seven)[-1]
    assert entry.action == "change edition"
    assert entry.summary == "pairing rules changed from FIDE 2026 to Baku 2016 after round 3 was paired"
    assert (json.loads(entry.before or ""), json.loads(entry.after or "")) == (
        {"edition": "fide-2026"},
        {
            "edition": "baku-2016",
            "trf": ["### Configuration @ Round 3: pairing system changed from FIDE 2026 to Baku 2016"],
        },
    )


def test_each_round_keeps_the_edition_that_paired_it(db: Database) -> None:
    """After a change of edition, earlier rounds are still explained and checked by the rules that paired them."""
    from arbiter_app.services import (
        change_edition,
        enter_results,
        get_round,
        import_trf,
        pair_next_round,
        publish_round,
        round_edition,
    )
    from arbiter_app.trf import parse_trf
    from tests.services.conftest import HANDMADE, SEVEN

    seven = import_trf(db, parse_trf(SEVEN, source="seven.trf"), confirmed=HANDMADE, edition="fide-2026").tournament.id
    third = pair_next_round(db, seven)
    publish_round(db, seven)
    enter_results(db, seven, 3, [(b.number, "1-0") for b in third.boards])
    sv.leave_fide_mode(db, seven, confirmed=sv.Level.DOUBLE)  # in FIDE mode the system is frozen (Q93)
    change_edition(db, seven, "baku-2016", confirmed=sv.Level.DOUBLE)
    pair_next_round(db, seven)
    assert [get_round(db, seven, k).edition for k in (3, 4)] == ["fide-2026", "baku-2016"]
    assert [round_edition(db, seven, k) for k in (3, 4, 5)] == ["fide-2026", "baku-2016", "baku-2016"]
