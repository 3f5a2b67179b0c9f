"""Save a copy: one consistent file with every committed step, written whole or not at all."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from arbiter_app.errors import ArbiterError
from arbiter_app.services import enter_result, get_round, pair_next_round, publish_round
from arbiter_app.services.files import Database, open_database, save_copy
from tests.services.conftest import dump


def test_the_copy_holds_what_is_still_only_in_the_write_ahead_log(
    db: Database, db_path: Path, seven: int, tmp_path: Path
) -> None:
    pair_next_round(db, seven)
    publish_round(db, seven)
    enter_result(db, seven, 3, 1, "1-0")
    wal = db_path.with_name(db_path.name + "-wal")
    assert wal.exists() and wal.stat().st_size > 0  # the latest steps sit in the log, not in the file yet
    copy = save_copy(db, tmp_path / "copy.db")
    assert not copy.with_name("copy.db-wal").exists()
    with sqlite3.connect(copy) as raw:  # one self-contained file: no log beside it, rollback journal mode
        assert raw.execute("PRAGMA journal_mode").fetchone()[0] == "delete"
    again = open_database(copy)
    try:
        assert dump(again) == dump(db)
        assert get_round(again, seven, 3).boards[0].result == "1-0"
    finally:
        again.dispose()
    assert [p.name for p in tmp_path.iterdir() if p.name.endswith(".part")] == []


def test_the_open_file_is_not_a_target(db: Database, db_path: Path, seven: int) -> None:
    before = dump(db)
    with pytest.raises(ArbiterError, match="the open tournament file"):
        save_copy(db, db_path)
    assert dump(db) == before


def test_a_copy_that_cannot_be_written_is_refused_and_leaves_nothing(db: Database, seven: int, tmp_path: Path) -> None:
    with pytest.raises(ArbiterError, match="no-such-folder.*could not be written"):
        save_copy(db, tmp_path / "no-such-folder" / "copy.db")
    (tmp_path / "a-folder").mkdir()
    with pytest.raises(ArbiterError, match="is a folder"):
        save_copy(db, tmp_path / "a-folder")
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "a-folder",
        "tournament.db",
        "tournament.db-shm",
        "tournament.db-wal",
    ]
