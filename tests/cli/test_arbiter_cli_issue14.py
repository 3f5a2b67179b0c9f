"""``arbiter``: overrides that see the whole tournament, files opened as they should be (issue 14)."""

from __future__ import annotations

import hashlib
import os
import resource
import shutil
import signal
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from arbiter_app import services as sv
from arbiter_app.persistence import open_database
from arbiter_app.services import audit_log
from tests.cli.test_arbiter_cli import _at_a_terminal, _dump, run
from tests.conftest import MadeOnce

MANUAL = Path(__file__).parents[1] / "data" / "fixtures" / "arbiters-manual-12.trf"
ARBITER = [sys.executable, "-c", "import sys; from arbiter_app.cli.arbiter import main; sys.exit(main())"]


@pytest.fixture
def manual_db(tmp_path: Path, capsys: pytest.CaptureFixture[str], made_once: MadeOnce) -> str:
    def build(path: Path) -> None:
        assert run(capsys, "--db", str(path), "import-trf", str(MANUAL), "--edition", "baku-2016")[0] == 0

    return str(made_once("cli import-trf manual baku-2016", build, tmp_path / "manual.db"))


def _digest(path: str | Path) -> str:
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()


# --- Overrides -------------------------------------------------------------------------------------------


def test_override_of_round_2_sees_the_later_rounds(manual_db: str, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "--db", manual_db, "override", "2", "--swap", "9", "5")
    assert code == 0
    assert "C.04.1.b (Baku 2016): #5 and #1 meet in round 4 (C.1)" in out
    assert "rounds 3, 4, 5, 6, 7, 8, 9 were paired on the old pairing of round 2" in out
    assert "boards 1 (#9-#1 0-1), 2 (#4-#5 ½-½) would be discarded" in out


def test_override_of_an_earlier_round_keeps_its_results_unless_told(
    manual_db: str, capsys: pytest.CaptureFixture[str]
) -> None:
    before = _dump(manual_db)
    code, _, err = run(capsys, "--db", manual_db, "override", "1", "--swap", "7", "2", "--reason", "cards mixed up")
    assert code == 3 and "discard the results of round 1, boards 1 (#1-#7 1-0)" in err
    assert _dump(manual_db) == before
    args = ["override", "1", "--swap", "7", "2", "--reason", "cards mixed up", "--discard-results"]
    # In FIDE mode round 9 is paired, so only rounds 8 and 9 may change (checklist Q189-Q191).
    code, _, err = run(capsys, "--db", manual_db, *args)
    assert code == 3 and "Q189-Q191" in err and "only rounds 8 and 9 can change" in err
    assert _dump(manual_db) == before
    # Outside FIDE mode the change is Level 4 (two questions at a terminal); answered, the results are discarded
    # as told.
    code, err = _at_a_terminal(manual_db, "leave-fide-mode", answers="y\nyes\n")
    assert code == 0, err
    code, err = _at_a_terminal(manual_db, *args, answers="y\nyes\n")
    assert code == 0, err
    code, out, _ = run(capsys, "--db", manual_db, "show", "1")
    board_1 = out.splitlines()[1]
    assert code == 0 and "Alice" in board_1 and "Bob" in board_1 and "1-0" not in board_1  # its result discarded


def test_undo_of_an_override_of_a_published_round_needs_a_reason(
    manual_db: str, capsys: pytest.CaptureFixture[str]
) -> None:
    # C.04.2.D.10 allows no change of this published round in FIDE mode (issue 29, D4): outside it, Level 4.
    db = open_database(manual_db)
    try:
        tid = sv.only_tournament(db).id
        sv.leave_fide_mode(db, tid, confirmed=sv.Level.DOUBLE)
        sv.apply_override(db, tid, 9, [sv.SwapColours(1)], "asked", discard_results=True, confirmed=sv.Level.DOUBLE)
    finally:
        db.dispose()
    before = _dump(manual_db)
    code, _, err = run(capsys, "--db", manual_db, "undo")
    assert code == 3 and "reason" in err
    assert _dump(manual_db) == before
    code, _, err = run(capsys, "--db", manual_db, "override", "9", "--colours", "1", "--reason", "\u200b")
    assert code == 3 and "reason" in err
    assert run(capsys, "--db", manual_db, "undo", "--reason", "the players objected")[0] == 0


def test_the_audit_log_records_who(
    manual_db: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    assert run(capsys, "--db", manual_db, "--by", "Jane Arbiter", "result", "9", "1", "1-0")[0] == 0
    monkeypatch.setenv("ARBITER_NAME", "Joe Deputy")
    assert run(capsys, "--db", manual_db, "result", "9", "1", "0-1")[0] == 0
    db = open_database(manual_db)
    try:
        entries = audit_log(db, 1)
    finally:
        db.dispose()
    assert [e.arbiter for e in entries[-4:]] == ["Jane Arbiter"] * 2 + ["Joe Deputy"] * 2


def test_audit_rows_cannot_be_changed_or_deleted(manual_db: str) -> None:
    connection = sqlite3.connect(manual_db)
    try:
        for statement in ("UPDATE audit_entries SET reason = 'edited'", "DELETE FROM audit_entries"):
            with pytest.raises(sqlite3.DatabaseError, match="append-only"):
                connection.execute(statement)
        with pytest.raises(sqlite3.DatabaseError, match="append-only"):
            connection.execute("UPDATE audit_entries SET undone = 1, summary = 'x' WHERE id = 1")
    finally:
        connection.close()


# --- The command line ------------------------------------------------------------------------------------


def test_new_on_a_file_with_a_tournament_is_refused(manual_db: str, capsys: pytest.CaptureFixture[str]) -> None:
    before = _dump(manual_db)
    code, _, err = run(capsys, "--db", manual_db, "new", "--name", "Second", "--rounds", "5")
    assert code == 3 and "already holds 'Arbiters Manual example'" in err and "--another" in err
    assert _dump(manual_db) == before
    assert run(capsys, "--db", manual_db, "new", "--name", "Second", "--rounds", "5", "--another")[0] == 0
    code, _, err = run(capsys, "--db", manual_db, "show", "1")
    assert code == 3 and "--tournament" in err
    code, out, _ = run(capsys, "--db", manual_db, "--tournament", "1", "show", "1")
    assert code == 0 and "Round 1 (completed)" in out
    code, out, _ = run(capsys, "--db", manual_db, "standings", "--tournament", "Second")
    assert code == 0
    code, _, err = run(capsys, "--db", manual_db, "--tournament", "Third", "show")
    assert code == 3 and "no tournament is called 'Third'" in err


@pytest.mark.parametrize(
    ("args", "shown"),
    [(["-+"], "-/+"), (["--"], "-/-"), (["--", "--"], "-/-"), (["--", "-+"], "-/+"), (["+-"], "+/-")],
)
def test_results_starting_with_a_dash(
    manual_db: str, capsys: pytest.CaptureFixture[str], args: list[str], shown: str
) -> None:
    code, out, err = run(capsys, "--db", manual_db, "result", "9", "1", *args)
    assert (code, err) == (0, "") and f"round 9 board 1: 3 Charline - 2 Bob {shown}" in out


@pytest.mark.parametrize("name", ["q?x=1.db", "pct%41.db", "a#b.db", "file:c.db"])
def test_file_names_are_names_not_urls(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, name: str
) -> None:
    monkeypatch.chdir(tmp_path)  # back where it was afterwards: the tests after it read relative paths
    arg = f"./{name}" if ":" in name else name  # a colon reads as a URL's scheme (issue 32): ./ makes it a path
    assert run(capsys, "--db", arg, "new", "--name", "Odd", "--rounds", "3")[0] == 0
    assert sorted(p.name for p in tmp_path.iterdir() if not p.name.endswith(("-wal", "-shm"))) == [name]
    assert "Odd" in run(capsys, "--db", arg, "settings")[1]


def test_a_read_only_command_leaves_another_programs_file_untouched(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    foreign = tmp_path / "notes.sqlite"
    connection = sqlite3.connect(foreign)
    connection.execute("CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT)")
    connection.execute("INSERT INTO notes (text) VALUES ('keep me')")
    connection.commit()
    connection.close()
    digest = _digest(foreign)
    for command in (["show"], ["standings"], ["audit"], ["players", "list"], ["pair"], ["export-trf", "-"]):
        code, _, err = run(capsys, "--db", str(foreign), *command)
        assert code == 5 and "belongs to another program" in err and "notes" in err, command
    assert _digest(foreign) == digest
    assert sorted(p.name for p in tmp_path.iterdir()) == ["notes.sqlite"]
    assert sqlite3.connect(foreign).execute("PRAGMA journal_mode").fetchone()[0] == "delete"


def test_an_empty_file_is_not_read_as_a_tournament(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    empty = tmp_path / "empty.db"
    empty.write_bytes(b"")
    code, _, err = run(capsys, "--db", str(empty), "show")
    assert code == 5 and "empty" in err
    assert empty.read_bytes() == b"" and sorted(p.name for p in tmp_path.iterdir()) == ["empty.db"]


def _read_only(folder: Path, on: bool) -> None:
    """A folder nobody can write to: ``chattr +i`` as root (permissions do not stop root), else chmod."""
    if os.getuid() == 0:
        for path in [*folder.iterdir(), folder] if on else [folder, *folder.iterdir()]:
            subprocess.run(["chattr", "+i" if on else "-i", str(path)], check=True)
    else:
        for path in [*folder.iterdir(), folder]:
            os.chmod(path, (0o555 if path.is_dir() else 0o444) if on else 0o755)


def test_reading_from_a_read_only_folder(manual_db: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "read-only"
    folder.mkdir()
    target = folder / "manual.db"
    shutil.copy(manual_db, target)
    _read_only(folder, True)
    try:
        for command in (["show", "1"], ["standings"], ["audit"], ["export-trf", "-"], ["players", "list"]):
            code, out, err = run(capsys, "--db", str(target), *command)
            assert (code, err) == (0, ""), command
        code, _, err = run(capsys, "--db", str(target), "result", "9", "1", "1-0")
        assert code == 5 and "manual.db: the file is open read-only here" in err
        assert sorted(p.name for p in folder.iterdir()) == ["manual.db"]
    finally:
        _read_only(folder, False)


def test_a_broken_pipe_names_the_output_not_the_database(manual_db: str) -> None:
    env = dict(os.environ, PYTHONPATH=str(Path(__file__).parents[2]))
    process = subprocess.Popen(
        [*ARBITER, "--db", manual_db, "export-trf", "-"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env
    )
    assert process.stdout is not None and process.stderr is not None
    process.stdout.close()
    err = process.stderr.read().decode()
    assert process.wait(timeout=120) == 5
    assert "standard output" in err and "manual.db" not in err and "Traceback" not in err


def _limit_file_size() -> None:
    """A disk that fills up: no file grows beyond 1,500 bytes (the write fails, EFBIG)."""
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    resource.setrlimit(resource.RLIMIT_FSIZE, (1500, 1500))


def _no_side_files(db: str) -> None:
    """A rollback-journal file: reading it needs no WAL index (which the size limit would refuse)."""
    connection = sqlite3.connect(db)
    connection.execute("PRAGMA journal_mode = DELETE")
    connection.close()


@pytest.mark.parametrize(
    "command",
    [["export-trf", "out.trf"], ["report", "crosstable", "-o", "out.html"], ["report", "crosstable", "-o", "out.pdf"]],
)
def test_a_full_disk_leaves_no_output_file(manual_db: str, tmp_path: Path, command: list[str]) -> None:
    _no_side_files(manual_db)
    out = tmp_path / "out"
    out.mkdir()
    env = dict(os.environ, PYTHONPATH=str(Path(__file__).parents[2]), QT_QPA_PLATFORM="offscreen")
    done = subprocess.run(
        [*ARBITER, "--db", manual_db, *command],
        capture_output=True,
        text=True,
        env=env,
        cwd=out,
        preexec_fn=_limit_file_size,
        timeout=120,
    )
    assert done.returncode == 5, done.stderr
    assert "out." in done.stderr and "manual.db" not in done.stderr and "written" not in done.stdout
    assert list(out.iterdir()) == []


def test_a_failed_write_keeps_the_previous_file(manual_db: str, tmp_path: Path) -> None:
    _no_side_files(manual_db)
    out = tmp_path / "out"
    out.mkdir()
    (out / "out.trf").write_text("the previous export\n")
    env = dict(os.environ, PYTHONPATH=str(Path(__file__).parents[2]))
    done = subprocess.run(
        [*ARBITER, "--db", manual_db, "export-trf", "out.trf"],
        capture_output=True,
        text=True,
        env=env,
        cwd=out,
        preexec_fn=_limit_file_size,
        timeout=120,
    )
    assert done.returncode == 5 and "out.trf" in done.stderr and "manual.db" not in done.stderr
    assert [p.name for p in out.iterdir()] == ["out.trf"] and (out / "out.trf").read_text() == "the previous export\n"


def test_pairings_help_lists_the_explanations() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "arbiter_app.cli.pairings", "--help"], capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0
    for option in ("--explain", "--why-not", "--why-float"):
        assert option in done.stdout
