"""``arbiter serve`` and ``arbiter deputy`` (issue 31): the command line's server answers ``/`` with the round's
pairings and ``/standings`` with the standings; deputies' links are issued, listed, revoked and their conflicts
decided from the command line."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest

from arbiter_app import services as sv
from arbiter_app.hall.server import free_port
from arbiter_app.persistence import Database
from arbiter_app.services import deputies as dp
from tests.cli.test_arbiter_cli import run


def test_arbiter_serve_answers_the_round_and_the_standings(db: Database, tid: int) -> None:
    port = free_port()
    board = sv.get_round(db, tid, 1).boards[0]
    path = str(db.path)
    db.dispose()
    env = {**os.environ, "ARBITER_NAME": "Chief Arbiter"}
    server = subprocess.Popen(
        [sys.executable, "-m", "arbiter_app.cli.arbiter", "--db", path, "serve", "--host", "127.0.0.1", "--port",
         str(port)], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env,
    )  # fmt: skip
    try:
        page = None
        for _ in range(300):  # the interpreter's start, then the server's
            try:
                page = httpx.get(f"http://127.0.0.1:{port}/", timeout=2)
                break
            except httpx.TransportError:
                assert server.poll() is None, server.communicate()
                time.sleep(0.1)
        assert page is not None and page.status_code == 200
        assert "Round 1 of 5" in page.text and board.white_name in page.text and board.black_name in page.text
        standings = httpx.get(f"http://127.0.0.1:{port}/standings", timeout=5)
        assert standings.status_code == 200 and "Standings by score, then pairing number" in standings.text
    finally:
        server.send_signal(signal.SIGINT)
        out, err = server.communicate(timeout=20)
    assert f"http://127.0.0.1:{port}/" in out
    assert "Traceback" not in err


def test_deputies_from_the_command_line(db: Database, tid: int, capsys: pytest.CaptureFixture[str]) -> None:
    path = str(db.path)
    code, out, _ = run(capsys, "--db", path, "deputy", "add", "Ann Lee", "--boards", "1-3", "--hours", "12",
                       "--address", "http://10.0.0.5:8080", "--qr")  # fmt: skip
    assert code == 0
    token = re.search(r"http://10\.0\.0\.5:8080/deputy/([A-Za-z0-9_-]{22})\b", out)
    assert token is not None and "boards 1-3" in out
    assert "\u2588" in out or "\u2580" in out or "\u2584" in out  # the QR code's blocks
    assert dp.deputy_for_token(db, tid, token.group(1)).name == "Ann Lee"
    code, out, _ = run(capsys, "--db", path, "deputy", "list")
    assert code == 0 and re.search(r"1\s+Ann Lee\s+boards 1-3\s.*active", out)
    sv.enter_result(db, tid, 1, 1, "0-1")
    assert dp.deputy_enter_result(db, tid, token.group(1), 1, 1, "1-0").status == dp.CONFLICT
    code, out, _ = run(capsys, "--db", path, "deputy", "conflicts")
    assert code == 0 and "round 1 board 1: Ann Lee sent 1-0; on the board: 0-1  [conflict]" in out
    conflict = dp.list_conflicts(db, tid)[0].id
    code, out, _ = run(capsys, "--db", path, "deputy", "decide", str(conflict), "--keep")
    assert code == 0 and "refused" in out and sv.get_round(db, tid, 1).boards[0].result_text == "0-1"
    code, _, err = run(capsys, "--db", path, "deputy", "decide", str(conflict), "--take")
    assert code == 3 and "no conflict" in err
    code, out, _ = run(capsys, "--db", path, "deputy", "revoke", "Ann Lee")
    assert code == 0 and "revoked" in out
    with pytest.raises(dp.DeputyRefused, match="revoked"):
        dp.deputy_for_token(db, tid, token.group(1))
    with pytest.raises(SystemExit) as usage:
        run(capsys, "--db", path, "deputy", "add", "Bo", "--boards", "5-2")
    assert usage.value.code == 3 and "the first no larger than the last" in capsys.readouterr().err
    actions = [e.action for e in sv.audit_log(db, tid)]
    assert {"deputy added", "deputy conflict", "deputy conflict decided", "deputy revoked"} <= set(actions)


def test_the_window_finds_the_command(tmp_path: Path) -> None:
    """The window starts the server as ``python -m arbiter_app.cli.arbiter``: the module runs as a program."""
    done = subprocess.run([sys.executable, "-m", "arbiter_app.cli.arbiter", "serve", "--help"], capture_output=True,
                          text=True, timeout=60, check=False)  # fmt: skip
    assert done.returncode == 0 and "--port" in done.stdout
