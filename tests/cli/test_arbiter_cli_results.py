"""``arbiter result`` with the results of a played game scored ½-0, 0-½ or 0-0 (checklist Q180)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.cli.test_arbiter_cli import run
from tests.services.test_odd_results import one_round


def test_results_scored_otherwise_from_the_command_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    trf = tmp_path / "plain.trf"
    trf.write_text(one_round({1: ("1", "0"), 2: ("1", "0"), 3: ("1", "0"), 4: ("1", "0")}))
    db = str(tmp_path / "plain.db")
    assert run(capsys, "--db", db, "import-trf", str(trf), "--yes")[0] == 0
    assert run(capsys, "--db", db, "pair")[0] == 0 and run(capsys, "--db", db, "publish")[0] == 0
    shown = []
    for board, spelt in ((1, "1/2-0"), (2, "0-½"), (3, "0-0"), (4, "½-0")):
        code, out, _ = run(capsys, "--db", db, "result", "2", str(board), spelt)
        assert code == 0, out
        shown.append(out.split()[-1])
    assert shown == ["½-0", "0-½", "0-0", "½-0"]
    code, _, err = run(capsys, "--db", db, "result", "2", "1", "1-1")
    assert code != 0 and "1/2-0, 0-1/2, 0-0 (played)" in err
    code, out, _ = run(capsys, "--db", db, "show", "2")
    assert code == 0 and "0-0" in out and "-/-" not in out  # a game both lost, not a double forfeit
