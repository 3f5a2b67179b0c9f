"""The engine factory: pragmas, no connection at import or creation, file errors, the data folder."""

from __future__ import annotations

import sqlite3
import sys
from pathlib import Path

import pytest
from sqlalchemy import text

from arbiter_app.persistence import (
    DatabaseBusyError,
    DatabaseFileError,
    create_database_engine,
    default_data_dir,
    open_database,
)


def test_creating_an_engine_does_not_touch_the_file(tmp_path: Path) -> None:
    path = tmp_path / "lazy.db"
    engine = create_database_engine(path)
    assert not path.exists()
    engine.dispose()


def test_pragmas_on_every_connection(tmp_path: Path) -> None:
    db = open_database(tmp_path / "p.db", create=True, busy_timeout_ms=1234)
    with db.read() as s:
        pragma = lambda name: s.execute(text(f"PRAGMA {name}")).scalar()
        assert pragma("foreign_keys") == 1
        assert pragma("journal_mode") == "wal"
        assert pragma("busy_timeout") == 1234
    db.dispose()


def test_missing_file_is_not_created(tmp_path: Path) -> None:
    with pytest.raises(DatabaseFileError, match="no such tournament file"):
        open_database(tmp_path / "absent.db")
    assert not (tmp_path / "absent.db").exists()


def test_a_file_that_is_not_a_database(tmp_path: Path) -> None:
    path = tmp_path / "notes.db"
    path.write_text("not a database at all\n" * 100)
    with pytest.raises(DatabaseFileError, match="not an SQLite database"):
        open_database(path)


def test_a_writer_in_another_connection_gives_a_clear_busy_error(tmp_path: Path) -> None:
    path = tmp_path / "busy.db"
    db = open_database(path, create=True, busy_timeout_ms=50)
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")
    try:
        with pytest.raises(DatabaseBusyError, match="another program"), db.write() as s:
            s.execute(text("SELECT 1"))
        with db.read() as s:  # readers still work beside a writer (WAL)
            assert s.execute(text("SELECT count(*) FROM tournaments")).scalar() == 0
    finally:
        other.execute("ROLLBACK")
        other.close()
        db.dispose()


@pytest.mark.parametrize(
    ("platform", "env", "expected"),
    [
        ("linux", {"XDG_DATA_HOME": "/data/x"}, Path("/data/x/arbiter_app")),
        ("linux", {}, Path.home() / ".local" / "share" / "arbiter_app"),
        ("win32", {"APPDATA": "C:/Users/a/AppData/Roaming"}, Path("C:/Users/a/AppData/Roaming/arbiter_app")),
        ("darwin", {}, Path.home() / "Library" / "Application Support" / "arbiter_app"),
    ],
)
def test_default_data_dir(monkeypatch: pytest.MonkeyPatch, platform: str, env: dict[str, str], expected: Path) -> None:
    for name in ("XDG_DATA_HOME", "APPDATA", "LOCALAPPDATA"):
        monkeypatch.delenv(name, raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    monkeypatch.setattr(sys, "platform", platform)
    assert default_data_dir() == expected


def test_an_in_memory_database_for_previews() -> None:
    from arbiter_app.persistence import open_memory_database
    from arbiter_app.services import create_tournament, list_tournaments

    db = open_memory_database()
    create_tournament(db, "Scratch", 3)
    assert [t.name for t in list_tournaments(db)] == ["Scratch"]
    db.dispose()
