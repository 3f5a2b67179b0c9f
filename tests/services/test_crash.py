"""Real processes: killed (SIGKILL) inside a transaction, and two writers on one file.

The processes run under ``tests/services/pause_inside.py``, which stops the
action inside its transaction, after its first write, until
``FOLDER/release`` appears (the application carries no test hook).
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from sqlalchemy import text

from arbiter_app.persistence import Database, open_database
from arbiter_app.services import get_round, pair_next_round, publish_round
from tests.services.conftest import dump

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL")

ENTER_ALL = """
import sys
from arbiter_app.persistence import open_database
from arbiter_app.services import enter_results
db = open_database(sys.argv[1])
enter_results(db, 1, 3, [(1, "1-0"), (2, "0-1"), (3, "1/2")])
"""


PAUSE_INSIDE = str(Path(__file__).with_name("pause_inside.py"))


def _spawn(args: list[str], pause_in: Path | None = None) -> subprocess.Popen[str]:
    command = [PAUSE_INSIDE, str(pause_in), *args] if pause_in else args
    return subprocess.Popen(
        [sys.executable, *command],
        env={**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[2])},
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def _run(args: list[str], env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, *args],
        env={**os.environ, **(env or {})},
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


def _cli(db_path: Path, *args: str) -> list[str]:
    return ["-m", "arbiter_app.cli.arbiter", "--db", str(db_path), *args]


def _wait_inside(process: subprocess.Popen[str], folder: Path) -> None:
    deadline = time.monotonic() + 60
    while not (folder / "entered").exists():
        if process.poll() is not None:
            raise AssertionError(f"the process ended before the pause point: {process.communicate()}")
        assert time.monotonic() < deadline, "the process never reached the pause point"
        time.sleep(0.02)


def _kill_inside(args: list[str], folder: Path) -> None:
    folder.mkdir()
    process = _spawn(args, folder)
    _wait_inside(process, folder)
    os.kill(process.pid, signal.SIGKILL)
    process.communicate(timeout=30)
    assert process.returncode == -signal.SIGKILL


def _intact(db_path: Path) -> Database:
    db = open_database(db_path)
    with db.read() as s:
        assert s.execute(text("PRAGMA integrity_check")).scalar() == "ok"
    return db


def test_killed_while_publishing_leaves_the_round_unpublished(
    db: Database, db_path: Path, seven: int, tmp_path: Path
) -> None:
    pair_next_round(db, seven)
    before = dump(db)
    db.dispose()
    _kill_inside(_cli(db_path, "publish"), tmp_path / "hook")
    again = _intact(db_path)
    try:
        assert dump(again) == before
        assert get_round(again, seven, 3).state == "draft"
        assert not db_path.with_name(db_path.name + ".bak-round3").exists()
        assert publish_round(again, seven).round.state == "published"  # and the action can be done again
    finally:
        again.dispose()


def test_killed_while_entering_results_leaves_none_of_them(
    db: Database, db_path: Path, seven: int, tmp_path: Path
) -> None:
    pair_next_round(db, seven)
    publish_round(db, seven)
    before = dump(db)
    db.dispose()
    _kill_inside(["-c", ENTER_ALL, str(db_path)], tmp_path / "hook")
    again = _intact(db_path)
    try:
        assert dump(again) == before
        assert [b.result for b in get_round(again, seven, 3).boards] == [None, None, None]
    finally:
        again.dispose()
    done = _spawn(["-c", ENTER_ALL, str(db_path)])
    assert done.wait(timeout=60) == 0
    after = _intact(db_path)
    try:
        assert [b.result for b in get_round(after, seven, 3).boards] == ["1-0", "0-1", "1/2-1/2"]
        assert get_round(after, seven, 3).state == "completed"
    finally:
        after.dispose()


def test_two_processes_writing_the_same_file(db: Database, db_path: Path, seven: int, tmp_path: Path) -> None:
    pair_next_round(db, seven)
    publish_round(db, seven)
    db.dispose()
    folder = tmp_path / "hook"
    folder.mkdir()
    first = _spawn(_cli(db_path, "result", "3", "1", "1-0"), folder)
    try:
        _wait_inside(first, folder)
        second = _run(_cli(db_path, "result", "3", "2", "0-1"), {"ARBITER_BUSY_TIMEOUT_MS": "200"})
        assert second.returncode == 5
        assert "being written by another program" in second.stderr and "Traceback" not in second.stderr
        reader = _run(_cli(db_path, "standings"))
        assert reader.returncode == 0, reader.stderr  # WAL: reading goes on beside the writer
    finally:
        (folder / "release").touch()
        _, err = first.communicate(timeout=60)
    assert first.returncode == 0, err
    retry = _run(_cli(db_path, "result", "3", "2", "0-1"))
    assert retry.returncode == 0, retry.stderr
    final = _intact(db_path)
    try:
        assert [b.result for b in get_round(final, seven, 3).boards][:2] == ["1-0", "0-1"]
    finally:
        final.dispose()
