"""Issue 33.3 on the command line: ``arbiter audit --verify``, the check at every open, ``--by``."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from tests.cli.test_arbiter_cli import run
from tests.cli.test_outputs import t_db  # noqa: F401 - the fixture
from tests.services.test_audit_chain import _outside

EXIT_CHANGED = 6


def _result_of_board_1(path: Path) -> str:
    raw = sqlite3.connect(path)
    try:
        return str(raw.execute("SELECT result FROM boards WHERE number = 1 ORDER BY id DESC").fetchone()[0])
    finally:
        raw.close()


def test_audit_verify_passes_on_an_untouched_file_and_finds_a_result_changed_with_sqlite3(
    t_db: Path,
    capsys: pytest.CaptureFixture[str],  # noqa: F811
) -> None:
    db = str(t_db)
    for args in (("pair",), ("publish",), ("result", "3", "1", "1-0")):
        assert run(capsys, "--db", db, *args)[0] == 0
    code, out, err = run(capsys, "--db", db, "audit", "--verify")
    assert (code, err) == (0, "") and "the audit chain is intact" in out and "chain head: " in out
    _outside(t_db, "UPDATE boards SET result = '0-1' WHERE id = (SELECT max(id) FROM boards WHERE number = 1)")
    code, out, _ = run(capsys, "--db", db, "audit", "--verify")
    assert code == EXIT_CHANGED
    assert "the file was changed outside the program from entry #" in out
    assert "the pairings and results (boards) changed after entry #" in out
    # Every open says so; a command that only reads goes on after the warning ...
    code, out, err = run(capsys, "--db", db, "show", "3")
    assert code == 0 and "warning (Level 3): the file was changed outside the program" in err
    # ... one that writes needs the arbiter's word (no terminal here: refused, nothing changed) ...
    code, _, err = run(capsys, "--db", db, "result", "3", "2", "1/2")
    assert code == 3 and "Level 3" in err and "nothing was changed" in err
    assert _result_of_board_1(t_db) == "0-1"
    # ... and, given, records the change in the log first.
    code, _, err = run(
        capsys, "--db", db, "--accept-outside-changes", "--by", "Chief Arbiter", "result", "3", "2", "1/2"
    )
    assert code == 0 and "recorded in the audit log" in err
    code, out, _ = run(capsys, "--db", db, "audit")
    assert "outside change" in out and "[by Chief Arbiter]" in out
    assert run(capsys, "--db", db, "audit", "--verify")[0] == 0


@pytest.mark.parametrize("name", ["Eve\u202e", "Bob\u200b", "Al\nice", "\u2066x\u2069"])
def test_by_refuses_control_and_direction_characters(
    t_db: Path,
    capsys: pytest.CaptureFixture[str],
    name: str,  # noqa: F811
) -> None:
    with pytest.raises(SystemExit) as stopped:
        run(capsys, "--db", str(t_db), "--by", name, "pair")
    err = capsys.readouterr().err
    assert stopped.value.code == 3 and "arbiter's name" in err
    assert "pair round" not in run(capsys, "--db", str(t_db), "audit")[1]


def test_the_arbiter_defaults_to_the_operating_system_account(
    t_db: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,  # noqa: F811
) -> None:
    import getpass

    monkeypatch.delenv("ARBITER_NAME", raising=False)
    assert run(capsys, "--db", str(t_db), "pair")[0] == 0
    _, out, _ = run(capsys, "--db", str(t_db), "audit")
    assert f"[by {getpass.getuser()}]" in out.splitlines()[-1]
