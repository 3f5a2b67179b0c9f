"""Issue 33.3: the audit log is tamper-evident: a change made with sqlite3 is found, the first broken entry named."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from sqlalchemy import text

from arbiter_app import services as sv
from arbiter_app.persistence import create_database_engine, open_database
from arbiter_app.persistence.audit_chain import TRIGGERS
from arbiter_app.persistence.errors import OutsideChangeError
from arbiter_app.services import Level
from tests.services.conftest import dump


def _played(db: sv.Database, seven: int) -> None:
    sv.pair_next_round(db, seven)
    sv.publish_round(db, seven)
    sv.enter_result(db, seven, 3, 1, "1-0")
    sv.enter_result(db, seven, 3, 2, "1/2")


def _outside(path: Path, *statements: str, drop_triggers: bool = True) -> None:
    """What a dishonest arbiter does with sqlite3: drop the triggers, change rows, recreate the triggers."""
    raw = sqlite3.connect(path)
    try:
        if drop_triggers:
            for name in TRIGGERS:
                raw.execute(f"DROP TRIGGER {name}")
        for statement in statements:
            raw.execute(statement)
        if drop_triggers:
            for sql in TRIGGERS.values():
                raw.execute(sql)
        raw.commit()
    finally:
        raw.close()


def test_an_untouched_file_verifies_after_every_kind_of_step(db: sv.Database, seven: int) -> None:
    _played(db, seven)
    sv.undo_last_step(db, seven)
    report = sv.verify_audit_chain(db)
    assert report.intact, report.summary
    assert report.entries == len(sv.audit_log(db, seven)) >= 5
    assert len(report.head) == 64 and "is intact" in report.summary


def test_a_result_changed_with_sqlite3_is_found_and_blocks_writing_until_accepted(
    db: sv.Database, db_path: Path, seven: int
) -> None:
    _played(db, seven)
    last = sv.audit_log(db, seven)[-1].id
    _outside(db_path, "UPDATE boards SET result = '0-1' WHERE number = 1 AND round_id = "
                      "(SELECT id FROM rounds WHERE number = 3)")  # fmt: skip
    report = sv.verify_audit_chain(db)
    assert not report.intact and report.first_broken == last
    assert "the pairings and results (boards) changed after entry" in report.summary
    before = dump(db)
    with pytest.raises(OutsideChangeError, match="changed outside the program"):
        sv.enter_result(db, seven, 3, 3, "1-0")  # nothing written over a state the program did not seal
    assert dump(db) == before
    with pytest.raises(sv.ConfirmationNeeded) as asked:
        sv.accept_outside_changes(db)
    assert asked.value.level == Level.PROCEED
    after = sv.accept_outside_changes(db, confirmed=Level.PROCEED)
    assert after.intact and after.accepted == ("state:boards",)
    recorded = sv.audit_log(db, seven)[-1]
    assert recorded.action == "outside change" and "boards" in recorded.summary
    sv.enter_result(db, seven, 3, 3, "1-0")
    assert sv.verify_audit_chain(db).intact


def test_undone_is_no_longer_an_update_and_setting_it_by_hand_is_found(
    db: sv.Database, db_path: Path, seven: int
) -> None:
    sv.pair_next_round(db, seven)
    pairing = sv.audit_log(db, seven)[-1]
    undone = sv.undo_last_step(db, seven)
    assert undone.id == pairing.id and undone.undone
    log = sv.audit_log(db, seven)
    assert log[-1].action == "undo" and [e.undone for e in log if e.id == pairing.id] == [True]
    with db.read() as s:  # the undo named it; the entry itself is as it was written
        assert s.execute(text("SELECT undone FROM audit_entries WHERE id = :i"), {"i": pairing.id}).scalar() == 0
    first = log[0].id
    raw = sqlite3.connect(db_path)
    with pytest.raises(sqlite3.IntegrityError, match="append-only"):
        raw.execute(f"UPDATE audit_entries SET undone = 1 WHERE id = {first}")
    raw.close()
    _outside(db_path, f"UPDATE audit_entries SET undone = 1 WHERE id = {first}")
    report = sv.verify_audit_chain(db)
    assert report.first_broken == first
    assert f"entry #{first} was changed after it was written" in report.findings[0]


def test_dropped_triggers_removed_and_added_entries_are_each_found(db: sv.Database, db_path: Path, seven: int) -> None:
    _played(db, seven)
    ids = [e.id for e in sv.audit_log(db, seven)]
    _outside(db_path, drop_triggers=False)
    raw = sqlite3.connect(db_path)
    raw.execute("DROP TRIGGER audit_entries_no_update")
    raw.commit()
    raw.close()
    assert "the trigger audit_entries_no_update that keeps the audit log append-only was removed" in (
        sv.verify_audit_chain(db).summary
    )
    _outside(db_path, "CREATE TRIGGER audit_entries_no_update BEFORE UPDATE ON audit_entries BEGIN SELECT 1; END",
             drop_triggers=False)  # fmt: skip
    assert "audit_entries_no_update was changed" in sv.verify_audit_chain(db).summary
    _outside(db_path, "DROP TRIGGER audit_entries_no_update", "DROP TRIGGER audit_entries_no_delete",
             drop_triggers=False)  # fmt: skip
    _outside(db_path, f"DELETE FROM audit_entries WHERE id = {ids[2]}", drop_triggers=False)
    report = sv.verify_audit_chain(db)
    assert report.first_broken == ids[3]
    assert f"entry #{ids[3]} no longer follows the entry before it (removed: #{ids[2]})" in report.summary
    _outside(db_path, "INSERT INTO audit_entries (tournament_id, action, summary, reason, created_at, undone, arbiter)"
                      " VALUES (1, 'result', 'nothing happened', '', '2026-01-01 00:00:00', 0, 'x')",
             drop_triggers=False)  # fmt: skip
    assert "was added outside the program (it has no hash)" in sv.verify_audit_chain(db).summary


def test_the_last_entries_cut_off_are_found(db: sv.Database, db_path: Path, seven: int) -> None:
    _played(db, seven)
    last = sv.audit_log(db, seven)[-1].id
    _outside(db_path, f"DELETE FROM audit_entries WHERE id = {last}")
    report = sv.verify_audit_chain(db)
    assert not report.intact and f"names entry #{last}" in report.summary and "removed" in report.summary


def test_exports_carry_the_chain_head(db: sv.Database, seven: int) -> None:
    _played(db, seven)
    head = sv.verify_audit_chain(db).head
    text_ = sv.with_chain_head(db, sv.export_trf(db, seven, "trf-2026").text)
    assert f"### Audit chain head: {head} (entry " in text_.splitlines()[-1]
    assert text_.count("### Audit chain head") == 1
    assert sv.with_chain_head(db, sv.export_trf(db, seven, "trf-16").text).count("###") == 0


def test_a_file_of_revision_0017_has_its_entries_chained_by_migration_0018(tmp_path: Path) -> None:
    from alembic import command

    from arbiter_app.persistence.migrate import alembic_config

    path = tmp_path / "old.db"
    engine = create_database_engine(path)
    with engine.begin() as connection:
        command.upgrade(alembic_config(connection), "0017")
        connection.execute(text(
            "INSERT INTO tournaments (id, name, place, chief_arbiter, deputy_arbiters, rounds_count, points_win,"
            " points_draw, points_loss, points_zero_bye, points_forfeit_loss, points_pairing_bye, initial_colour,"
            " accelerated, tie_breaks, edition, extra_trf_lines, created_at) VALUES (1, 'Old', '', '', '', 5, 10, 5,"
            " 0, 0, 0, 10, 'white', 0, '', 'fide-2026', '', '2026-11-01 10:00:00')"
        ))  # fmt: skip
        for k, undone in ((1, 0), (2, 0)):
            connection.execute(text(
                "INSERT INTO audit_entries (tournament_id, action, summary, reason, created_at, undone, arbiter)"
                f" VALUES (1, 'pair round', 'step {k}', '', '2026-11-01 10:0{k}:00', {undone}, 'A')"
            ))  # fmt: skip
        connection.execute(text("UPDATE audit_entries SET undone = 1 WHERE id = 2"))  # allowed before 0018
    engine.dispose()
    db = open_database(path)
    try:
        report = sv.verify_audit_chain(db)
        assert report.intact and report.entries == 2
        assert [e.undone for e in sv.audit_log(db, 1)] == [False, True]
    finally:
        db.dispose()
    _outside(path, "UPDATE audit_entries SET summary = 'step one' WHERE id = 1")
    db = open_database(path)
    try:
        assert sv.verify_audit_chain(db).first_broken == 1
    finally:
        db.dispose()


def test_a_sheet_with_refused_rows_and_a_preview_keep_the_chain_whole(db: sv.Database, tmp_path: Path) -> None:
    """Registrations in savepoints, some rolled back (a bad row, a player twice), and a preview run and undone:
    exactly the entries kept are chained, once each."""
    tid = sv.create_tournament(db, "Sheet", 5).id
    sheet = tmp_path / "s.csv"
    sheet.write_text("Name,FIDE ID\nAnn,2020009\nBob,2020009\nCid,\nAnn,\nDee,1503014\n")
    sv.preview_csv(sheet, db=db, tournament_id=tid)
    done = sv.import_players_csv(db, tid, sheet)
    assert len(done.registered) == 3 and len(done.skipped) == 2
    report = sv.verify_audit_chain(db)
    assert report.intact and report.entries == 1 + 3
