"""``arbiter edit-pairings`` and ``arbiter prohibit``: the manual-pairing phase and prohibited pairs from the command
line (checklist Q62-Q69, Q194-Q196), asked as the GUI asks: ``--yes`` answers Level 3 only."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.cli.test_arbiter_cli import _at_a_terminal, _dump, imported_db, run
from tests.conftest import MadeOnce
from tests.services.test_manual_pairing import FOUR


@pytest.fixture
def four_db(tmp_path: Path, capsys: pytest.CaptureFixture[str], made_once: MadeOnce) -> str:
    return imported_db(tmp_path, capsys, "four", FOUR, made_once)


def test_a_rematch_is_answered_by_yes_and_validation_only_at_a_terminal(
    four_db: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Q63, Q66, Q69; C.04.3 A.9 (Baku 2016): round 4 of FOUR cannot be paired by the engine (exit 1)."""
    assert run(capsys, "--db", four_db, "pair")[0] == 1
    before = _dump(four_db)
    args = ("edit-pairings", "4", "--pair", "2", "1", "--pair", "4", "3")
    code, _, err = run(capsys, "--db", four_db, *args)
    assert code == 3 and "#2 and #1 have already played each other" in err and "add --yes to proceed" in err
    code, out, _ = run(capsys, "--db", four_db, *args, "--yes")
    assert code == 0 and "not validated (cancelled, nothing stored)" in out and "   2 - 1" in out
    code, _, err = run(capsys, "--db", four_db, *args, "--yes", "--reason", "A.9: all have met")
    assert code == 3 and "the engine finds no legal pairing" in err and "--yes does not answer it" in err
    assert _dump(four_db) == before
    code, err = _at_a_terminal(four_db, *args, "--yes", "--reason", "A.9: all have met", answers="y\nyes\n")
    assert code == 0, err
    assert run(capsys, "--db", four_db, "publish")[0] == 0
    for board in ("1", "2"):  # the tournament finished
        assert run(capsys, "--db", four_db, "result", "4", board, "1-0")[0] == 0
    code, out, _ = run(capsys, "--db", four_db, "export-trf", "-", "--format", "trf-2026")
    mpa = [line for line in out.splitlines() if line.startswith("### MPA")]
    assert len(mpa) == 1 and mpa[0].startswith("### MPA @ Round 4: none => ")


def test_prohibited_pairs_before_round_1_only(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Q62, Q194-Q196: three players for three rounds are told about before round 1; a pair is entered, listed,
    kept apart by the engine; after round 1 it is refused in FIDE mode (Level 5)."""
    db = str(tmp_path / "club.db")
    assert run(capsys, "--db", db, "new", "--name", "Club", "--rounds", "3")[0] == 0
    for name, rating in (("Ann", "2200"), ("Bob", "2100"), ("Cid", "2000")):
        assert run(capsys, "--db", db, "players", "add", name, "--rating", rating)[0] == 0
    assert run(capsys, "--db", db, "prohibit", "2", "1")[0] == 0
    assert run(capsys, "--db", db, "prohibit")[1] == "1 2\n"
    code, out, err = run(capsys, "--db", db, "pair")
    # Without the prohibition the engine pairs 1-2 and gives #3 the bye (C.04.3 C.2: the lowest).
    boards = {frozenset(map(int, b)) for b in re.findall(r"^\s+\d+\s+(\d+) \w+\s+-\s+(\d+) ", out, re.MULTILINE)}
    assert code == 0 and len(boards) == 1 and frozenset((1, 2)) not in boards, out
    assert "checklist Q62" not in err  # three players have three rounds, each with the bye once
    code, _, err = run(capsys, "--db", db, "prohibit", "2", "3")
    assert code == 3 and "only before round 1 is paired" in err and "prohibited in FIDE mode" in err


def test_a_field_too_small_is_told_when_round_1_is_paired(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Q62; C.04.1.b: two players cannot play two rounds without meeting twice."""
    db = str(tmp_path / "two.db")
    assert run(capsys, "--db", db, "new", "--name", "Two", "--rounds", "2")[0] == 0
    for name in ("Ann", "Bob"):
        assert run(capsys, "--db", db, "players", "add", name)[0] == 0
    code, _, err = run(capsys, "--db", db, "pair")
    assert code == 0 and "note (Level 2): checklist Q62, C.04.1.b: 2 players can play at most 1 round without" in err
