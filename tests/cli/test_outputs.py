"""Issue 33.1: an output never replaces a tournament file, and never any file without being told to."""

from __future__ import annotations

import fcntl
import os
import stat
from pathlib import Path

import pytest

from arbiter_app import atomic
from arbiter_app.persistence import open_database
from tests.cli.test_arbiter_cli import run
from tests.services.conftest import SEVEN, dump

EXIT_FILE = 5


@pytest.fixture
def t_db(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    trf = tmp_path / "seven.trf"
    trf.write_text(SEVEN)
    db = tmp_path / "t.db"
    assert run(capsys, "--db", str(db), "import-trf", str(trf), "--edition", "baku-2016", "--yes")[0] == 0
    return db


def _rows(path: Path) -> dict[str, list[tuple[object, ...]]]:
    db = open_database(path)
    try:
        return dump(db)
    finally:
        db.dispose()


@pytest.mark.parametrize("command", [("export-trf",), ("players", "export-csv"), ("save-copy",)])
def test_the_open_file_by_any_spelling_is_never_an_output(
    t_db: Path,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    command: tuple[str, ...],
) -> None:
    before = _rows(t_db)
    (tmp_path / "x").mkdir()
    (tmp_path / "link.db").symlink_to(t_db)
    os.link(t_db, tmp_path / "hard.db")
    monkeypatch.chdir(tmp_path / "x")
    for spelling in ("../t.db", str(t_db), "../link.db", "../hard.db", "../t.db-wal"):
        for force in ((), ("--force",)):
            code, out, err = run(capsys, "--db", str(t_db), *command, spelling, *force)
            assert code == EXIT_FILE, (spelling, force, out, err)
            assert "nothing was written" in err and "Traceback" not in err
    assert _rows(t_db) == before  # still the tournament, every row as it was
    assert (tmp_path / "link.db").is_symlink()


def test_an_export_never_replaces_another_tournament_file(
    t_db: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    other = tmp_path / "other.db"
    assert run(capsys, "--db", str(other), "new", "--name", "Other", "--rounds", "5")[0] == 0
    before = _rows(other)
    for args in (("export-trf", str(other), "--force"), ("players", "export-csv", str(other), "--force")):
        code, _, err = run(capsys, "--db", str(t_db), *args)
        assert code == EXIT_FILE and "is a tournament file" in err
    renamed = tmp_path / "other.html"
    other.rename(renamed)
    code, _, err = run(capsys, "--db", str(t_db), "report", "standings", "-o", str(renamed), "--force")
    assert code == EXIT_FILE and "is a tournament file" in err
    renamed.rename(other)
    assert _rows(other) == before


def test_an_existing_file_is_replaced_only_with_force_and_keeps_its_permissions(
    t_db: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for args, name in (
        (("export-trf",), "out.trf"),
        (("players", "export-csv"), "players.csv"),
        (("report", "standings", "-o"), "standings.html"),
    ):
        target = tmp_path / name
        target.write_text("kept\n")
        target.chmod(0o640)
        code, _, err = run(capsys, "--db", str(t_db), *args, str(target))
        assert code == EXIT_FILE and "already exists" in err and "--force" in err, err
        assert target.read_text() == "kept\n"
        assert run(capsys, "--db", str(t_db), *args, str(target), "--force")[0] == 0
        assert target.read_text() != "kept\n"
        assert stat.S_IMODE(target.stat().st_mode) == 0o640
    assert [p.name for p in tmp_path.iterdir() if p.name.endswith(".part")] == []


def test_save_copy_never_silently_replaces_another_tournament_file_nor_its_mode(
    t_db: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    b = tmp_path / "b.db"
    assert run(capsys, "--db", str(b), "new", "--name", "B", "--rounds", "5")[0] == 0
    b.chmod(0o644)
    before = _rows(b)
    code, _, err = run(capsys, "--db", str(t_db), "save-copy", str(b))
    assert code == EXIT_FILE and "another tournament file already exists" in err
    assert _rows(b) == before
    assert run(capsys, "--db", str(t_db), "save-copy", str(b), "--force")[0] == 0
    assert _rows(b) == _rows(t_db)
    assert stat.S_IMODE(b.stat().st_mode) == 0o644
    fresh = tmp_path / "fresh.db"
    assert run(capsys, "--db", str(t_db), "save-copy", str(fresh))[0] == 0
    assert stat.S_IMODE(fresh.stat().st_mode) == 0o666 & ~_umask()


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def test_leftover_part_files_are_removed_at_the_next_start_but_not_those_being_written(
    t_db: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    left = tmp_path / ".standings.pdf.k2j4h1.part"
    left.write_bytes(b"%PDF-1.4 half")
    busy = tmp_path / ".out.trf.zz91ab.part"
    busy.write_text("012 half")
    held = os.open(busy, os.O_RDONLY)
    fcntl.flock(held, fcntl.LOCK_EX | fcntl.LOCK_NB)  # a writer still at work in another process
    try:
        assert run(capsys, "--db", str(t_db), "show")[0] == 0
        assert not left.exists()
        assert busy.exists()
    finally:
        os.close(held)
    assert atomic.remove_leftovers([tmp_path]) == (busy,)
    assert t_db.exists()
