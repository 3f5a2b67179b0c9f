"""``arbiter`` asks the warning levels' questions as the GUI does (checklist §4, Q43, Q57-Q58, Q115, Q218-Q221):
``--yes`` answers Level 3 only; Level 4 is asked twice at a terminal; Level 5 is refused."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.cli.test_arbiter_cli import _at_a_terminal, _dump, run
from tests.conftest import MadeOnce
from tests.services.conftest import SEVEN


@pytest.fixture
def seven_db(tmp_path: Path, capsys: pytest.CaptureFixture[str], made_once: MadeOnce) -> str:
    trf = tmp_path / "seven.trf"
    trf.write_text(SEVEN)

    def build(path: Path) -> None:
        db = str(path)
        # SEVEN's rounds are hand-made (the engine pairs them otherwise): the import asks at Level 3 (Q55).
        code, _, err = run(capsys, "--db", db, "import-trf", str(trf), "--edition", "baku-2016")
        assert code == 3 and "checklist Q54-Q55" in err and "add --yes to proceed" in err
        assert run(capsys, "--db", db, "import-trf", str(trf), "--edition", "baku-2016", "--yes")[0] == 0

    return str(made_once("cli import-trf seven, asked then --yes", build, tmp_path / "seven.db"))


def test_level_5_in_fide_mode_then_level_4_at_a_terminal_only(
    seven_db: str, capsys: pytest.CaptureFixture[str]
) -> None:
    before = _dump(seven_db)
    code, _, err = run(capsys, "--db", seven_db, "settings", "--rounds", "7", "--yes")
    assert code == 3 and "checklist Q57-Q58: the number of rounds is frozen" in err and "prohibited in FIDE mode" in err
    # Leaving FIDE mode: --yes is no answer (the command has none), a pipe is none either.
    code, _, err = run(capsys, "--db", seven_db, "leave-fide-mode")
    assert code == 3 and "Level 4: two confirmations at a terminal; --yes does not answer it" in err
    assert _dump(seven_db) == before
    # At a terminal: "y" to the first question, then anything but "yes" cancels.
    code, err = _at_a_terminal(seven_db, "leave-fide-mode", answers="y\nno\n")
    assert code == 3 and "Continue? [y/N]" in err and "can never enter it again" in err and "cancelled" in err
    assert _dump(seven_db) == before
    code, err = _at_a_terminal(seven_db, "leave-fide-mode", answers="y\nyes\n")
    assert code == 0, err
    code, out, _ = run(capsys, "--db", seven_db, "settings")
    assert "FIDE mode:       left at round 2 (never entered again)" in out
    # Outside FIDE mode the frozen setting is Level 4: --yes does not answer it.
    code, _, err = run(capsys, "--db", seven_db, "settings", "--rounds", "7", "--yes")
    assert code == 3 and "Level 4" in err and "--yes does not answer it" in err
    code, err = _at_a_terminal(seven_db, "settings", "--rounds", "7", answers="y\nyes\n")
    assert code == 0, err
    code, out, _ = run(capsys, "--db", seven_db, "export-trf", "-", "--format", "trf-2026")
    hashes = [line for line in out.splitlines() if line.startswith("###") and not line.startswith("### Import")]
    assert hashes == [
        "### FIDE mode exited @ Round 2",
        "### Configuration @ Round 2: number of rounds changed from 5 to 7",
    ]


def test_level_3_is_answered_by_yes(seven_db: str, capsys: pytest.CaptureFixture[str]) -> None:
    """A correction of round 2 once round 3 is published (a pairing-integrity event, Q115)."""
    assert run(capsys, "--db", seven_db, "pair")[0] == 0
    assert run(capsys, "--db", seven_db, "publish")[0] == 0
    code, _, err = run(capsys, "--db", seven_db, "result", "2", "1", "0-1")
    assert code == 3 and "round 3 was paired and published with the old result" in err and "add --yes to proceed" in err
    code, out, _ = run(capsys, "--db", seven_db, "result", "2", "1", "0-1", "--yes")
    assert code == 0 and "0-1" in out
    code, out, _ = run(capsys, "--db", seven_db, "export-trf", "-", "--format", "trf-2026")
    assert any(line.startswith("### Correction @ Round 2: result of ") for line in out.splitlines())
