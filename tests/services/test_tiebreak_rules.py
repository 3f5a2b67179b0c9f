"""A tournament's tie-break rules, stored in real SQLite files: set at creation, checked, edited until the
last round, used by the standings, explained."""

from __future__ import annotations

from pathlib import Path

import pytest
from sqlalchemy import text

from arbiter_app import services as sv
from arbiter_app.errors import ArbiterError
from arbiter_app.persistence import Database, create_database_engine, open_database
from arbiter_app.persistence.migrate import alembic_config
from arbiter_app.services.trf_io import import_trf
from arbiter_app.trf import parse_trf
from tests.services.conftest import HANDMADE, SEVEN, dump


def test_a_new_tournament_ranks_by_c07_2026_with_the_recommended_order(db: Database) -> None:
    t = sv.create_tournament(db, "Open", 9)
    assert (t.tie_break_rules, t.tie_breaks) == ("c07-2026", "BH/C1, BH, SB, DE, WIN")  # stored from creation
    assert sv.codes_in_use(t.tie_break_rules, t.tie_breaks) == ("BH/C1", "BH", "SB", "DE", "WIN")


def test_codes_are_stored_canonical_and_unknown_ones_refused_by_name(db: Database) -> None:
    t = sv.create_tournament(db, "Open", 9, tie_breaks="BH-C1, TPR, SB")
    assert t.tie_breaks == "BH/C1, TPR, SB"  # the Cut-1 is kept
    before = dump(db)
    with pytest.raises(ArbiterError, match="'TPX'"):
        sv.edit_tournament(db, t.id, tie_breaks="BH-C1, TPX, SB")
    with pytest.raises(ArbiterError, match="'BH/C'"):
        sv.create_tournament(db, "Other", 9, tie_breaks="BH/C")
    with pytest.raises(ArbiterError, match="'STD'"):  # C.07-2026 7.7, not in the 2024 edition
        sv.edit_tournament(db, t.id, tie_break_rules="c07-2024", tie_breaks="STD")
    with pytest.raises(ArbiterError, match="regulation 'fide-1999'"):
        sv.edit_tournament(db, t.id, tie_break_rules="fide-1999")
    assert dump(db) == before
    t = sv.edit_tournament(db, t.id, tie_break_rules="arbiters-manual", tie_breaks="BH-C1, SB")
    assert (t.tie_break_rules, t.tie_breaks) == ("arbiters-manual", "BHC1, SB")


def test_standings_and_explanations_follow_the_tournament_rules(db: Database) -> None:
    tid = import_trf(db, parse_trf(SEVEN, source="seven.trf"), confirmed=HANDMADE).tournament.id
    table = sv.ranked_standings(db, tid)
    assert table.rules == "c07-2026" and table.tiebreaks == ("BH/C1", "BH", "SB", "DE", "WIN")
    rules, legend = sv.tournament_tiebreaks(db, tid)
    assert rules == "c07-2026" and legend[0].source == "C.07-2026 8.1"
    why = sv.why_above(db, tid, 1, 5)
    assert why.decided_by is not None and why.edition.key == "c07-2026"
    # Round 2 is paired: in FIDE mode the regulation and the list are frozen (checklist Q200); outside it a Level-4
    # confirmation each (tests/services/test_fide_mode.py).
    with pytest.raises(sv.ProhibitedInFideMode, match="checklist Q200-Q201"):
        sv.edit_tournament(db, tid, tie_break_rules="c07-2024", tie_breaks="BH, SB")
    sv.leave_fide_mode(db, tid, confirmed=sv.Level.DOUBLE)
    sv.edit_tournament(db, tid, tie_break_rules="c07-2024", tie_breaks="BH, SB", confirmed=sv.Level.DOUBLE)
    table = sv.ranked_standings(db, tid)
    assert table.rules == "c07-2024" and table.tiebreaks == ("BH", "SB")
    # C.07-2024 16.4: Five's dummy has Five's own 2 points; C.07-2026 16.4.2 caps it at ½ x 2 rounds = 1.
    bh_2024 = table.value(5, "BH")
    sv.edit_tournament(db, tid, tie_break_rules="c07-2026", confirmed=sv.Level.DOUBLE)
    assert sv.ranked_standings(db, tid).value(5, "BH") == bh_2024 - 1


def test_the_rules_change_until_the_last_round_is_published(db: Database) -> None:
    tid = import_trf(db, parse_trf(SEVEN.replace("XXR 5", "XXR 2"), source="two.trf"), confirmed=HANDMADE).tournament.id
    with pytest.raises(ArbiterError, match="last round"):
        sv.edit_tournament(db, tid, tie_breaks="SB")
    # The same list written again (a settings form) is no change.
    current = sv.get_tournament(db, tid)
    t = sv.edit_tournament(db, tid, name="Renamed", tie_breaks=", ".join(sv.codes_in_use("c07-2026", "")),
                           tie_break_rules=current.tie_break_rules)  # fmt: skip
    assert t.name == "Renamed"


def test_tournaments_stored_before_keep_the_arbiters_manual_and_their_list(tmp_path: Path) -> None:
    """Migration 0004: existing tournaments get ``arbiters-manual``; their standings do not change."""
    from alembic import command

    path = tmp_path / "old.db"
    engine = create_database_engine(path)
    with engine.begin() as connection:
        command.upgrade(alembic_config(connection), "0003")
        connection.execute(text(
            "INSERT INTO tournaments (name, place, chief_arbiter, deputy_arbiters, rounds_count, points_win,"
            " points_draw, points_loss, points_zero_bye, points_forfeit_loss, points_pairing_bye,"
            " initial_colour, accelerated, tie_breaks, edition, extra_trf_lines, created_at, federation,"
            " time_control, round_dates)"
            " VALUES ('Old', '', '', '', 5, 10, 5, 0, 0, 0, 10, 'white', 0, 'BHC1, BH, SB', 'baku-2016', '',"
            " '2026-11-01 10:00:00', '', '', '')"
        ))  # fmt: skip
    engine.dispose()
    db = open_database(path)
    try:
        t = sv.only_tournament(db)
        assert (t.tie_break_rules, t.tie_breaks) == ("arbiters-manual", "BHC1, BH, SB")
        assert sv.codes_in_use(t.tie_break_rules, t.tie_breaks) == ("BHC1", "BH", "SB")
    finally:
        db.dispose()
