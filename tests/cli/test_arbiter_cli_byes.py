"""``arbiter`` for the checklist's byes and pairing numbers: a second ½-point bye (Q174), the ineligibility flag
(Q175), full-point byes (Q178), TPN exchange and tie order (Q146-Q150), expelled players in the standings (Q170,
Q197)."""

from __future__ import annotations

import pytest

from tests.cli.test_arbiter_cli import run, seven_db  # noqa: F401 - the fixture


def test_byes_from_the_command_line(seven_db: str, capsys: pytest.CaptureFixture[str]) -> None:  # noqa: F811
    assert run(capsys, "--db", seven_db, "bye", "1", "--round", "3", "--kind", "half")[0] == 0
    code, _, err = run(capsys, "--db", seven_db, "bye", "1", "--round", "4", "--kind", "half")
    assert code != 0 and "checklist Q174" in err  # no terminal to answer the Level-3 question: nothing stored
    assert run(capsys, "--db", seven_db, "bye", "1", "--round", "4", "--kind", "half", "--yes")[0] == 0
    assert run(capsys, "--db", seven_db, "players", "edit", "2", "--half-byes", "no")[0] == 0
    code, _, err = run(capsys, "--db", seven_db, "bye", "2", "--round", "3", "--kind", "half", "--yes")
    assert code != 0 and "not eligible for half-point byes" in err
    code, out, _ = run(capsys, "--db", seven_db, "bye", "3", "--round", "3", "--kind", "full")
    assert code == 0 and "note: checklist Q178-Q179: full-point byes are deprecated" in out


def test_pairing_numbers_and_marks_from_the_command_line(
    seven_db: str,  # noqa: F811
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, _, err = run(capsys, "--db", seven_db, "players", "exchange", "1", "2", "--yes")
    assert code != 0 and "not rated equally" in err
    code, _, err = run(capsys, "--db", seven_db, "players", "tie-order", "lots")
    assert code != 0 and "before round 1" in err
    assert run(capsys, "--db", seven_db, "players", "withdraw", "7", "--expelled")[0] == 0
    assert run(capsys, "--db", seven_db, "players", "withdraw", "6")[0] == 0
    code, out, _ = run(capsys, "--db", seven_db, "standings")
    lines = out.splitlines()
    assert not any(" Seven " in line for line in lines)  # expelled: out of the Swiss standings (checklist Q198)
    assert any(" Six " in line and line.endswith("(withdrawn from round 3)") for line in lines)
    code, out, _ = run(capsys, "--db", seven_db, "players", "list")
    assert "expelled from round 3" in out


def test_an_unrated_result_from_the_command_line(
    seven_db: str,  # noqa: F811
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Checklist Q185: a game of less than one move entered as ``W-L``."""
    code, out, _ = run(capsys, "--db", seven_db, "result", "2", "1", "W-L", "--yes")
    assert code == 0 and out.rstrip().endswith("1-0 unrated")
