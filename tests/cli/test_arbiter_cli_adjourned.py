"""The command line with adjourned games and missing results (checklist Q158-Q161, Q169)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.cli.test_arbiter_cli import run
from tests.services.test_odd_results import one_round


def test_pairing_with_a_result_missing_then_no_final_trf(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``arbiter pair`` with results missing prints the Level-2 notice and pairs (Q158-Q160); the standings say they
    are provisional (Q161); ``export-trf --final`` is refused naming the game, a plain export writes it '?'
    (Q164, Q169)."""
    trf = tmp_path / "plain.trf"
    trf.write_text(one_round({1: ("1", "0"), 2: ("1", "0"), 3: ("1", "0"), 4: ("1", "0")}))
    db = str(tmp_path / "plain.db")
    assert run(capsys, "--db", db, "import-trf", str(trf), "--yes")[0] == 0
    assert run(capsys, "--db", db, "pair")[0] == 0 and run(capsys, "--db", db, "publish")[0] == 0
    for board in (1, 2, 3):
        assert run(capsys, "--db", db, "result", "2", str(board), "1-0")[0] == 0
    code, out, err = run(capsys, "--db", db, "pair")
    assert code == 0 and "note (Level 2): checklist Q159-Q160" in err and "to pair round 3: round 2 board 4 (" in err
    code, out, _ = run(capsys, "--db", db, "show", "2")
    assert code == 0 and out.rstrip().endswith("*")
    code, out, _ = run(capsys, "--db", db, "standings", "--round", "2")
    assert code == 0 and "provisional: games without their final result: round 2 board 4 (" in out
    code, _, err = run(capsys, "--db", db, "export-trf", str(tmp_path / "final.trf"), "--format", "trf-2026",
                       "--final")  # fmt: skip
    assert code != 0 and "no final TRF yet" in err and "round 2 board 4 (" in err and "adjourned)" in err
    assert not (tmp_path / "final.trf").exists()
    code, out, _ = run(capsys, "--db", db, "export-trf", "-", "--format", "trf-2026")
    assert code == 0 and " ?" in out and "X 0.5" in out
