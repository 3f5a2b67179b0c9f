"""What the command lines say and accept (issue 29, D11, D12): help texts that list every mode and name both TRF
versions, the Berger tables' sit-out and limit, Chess960's seed, cuts that leave nothing, KS/L1, one number format a
standings column, a malformed file told in one line."""

from __future__ import annotations

from pathlib import Path

import pytest

from arbiter_app.cli import pairings, tiebreaks
from tests.cli.test_arbiter_cli import run
from tests.conftest import DATA

MANUAL_12 = DATA / "fixtures" / "arbiters-manual-12.trf"


def test_pairings_help_lists_the_berger_tables_and_the_edition_comparison(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        pairings.main(["--help"])
    out = capsys.readouterr().out
    assert "--berger N [--double] [--reverse-last-two]" in out and "--compare-editions" in out
    assert "N sits out" in out


def test_help_texts_name_both_trf_versions(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        tiebreaks.run(["--help"])
    assert "TRF-16 or TRF-2026" in capsys.readouterr().out
    with pytest.raises(SystemExit):
        run(capsys, "--help")
    assert "create the tournament from a TRF file (TRF-16 or TRF-2026)" in " ".join(capsys.readouterr().out.split())


def test_the_berger_tables_have_a_limit_and_a_sit_out_of_their_own(capsys: pytest.CaptureFixture[str]) -> None:
    assert pairings.main(["--berger", "20000"]) == 3
    assert "a round robin of 2 to 1000 players" in capsys.readouterr().err
    assert pairings.main(["--berger", "3"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out == ["Round 1", "2 3", "1 sits out", "Round 2", "1 2", "3 sits out", "Round 3", "3 1", "2 sits out"]
    assert pairings.main(["--berger", "1000"]) == 0
    assert capsys.readouterr().out.count("\n") == 999 * 501


def test_a_chess960_seed_without_chess960_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "open.db"
    with pytest.raises(SystemExit) as stop:
        run(capsys, "--db", str(db), "new", "--name", "Open", "--rounds", "5", "--chess960-seed", "7")
    assert stop.value.code == 3 and "--chess960-seed goes with --chess960" in capsys.readouterr().err
    assert not db.exists()


def test_cuts_that_leave_nothing_are_refused_and_ks_l1_is_read(capsys: pytest.CaptureFixture[str]) -> None:
    status, text = tiebreaks.run([str(MANUAL_12), "--tiebreaks", "BH/C9"])  # 9 rounds: every value cut
    assert status == 3 and "'BH/C9': cuts 9 of the 9 values of a tournament of 9 rounds: none is left" in text
    status, text = tiebreaks.run([str(MANUAL_12), "--tiebreaks", "BH/M20"])
    assert status == 3 and "cuts 40 of the 9 values" in text and "malformed" not in text
    status, text = tiebreaks.run([str(MANUAL_12), "--tiebreaks", "KS/L1 KS/L+1"])  # the checklist's spelling
    assert status == 0
    rows = [line.split("\t") for line in text.splitlines()[1:]]
    assert all(row[2] == row[3] for row in rows)


def test_a_settings_list_that_cuts_every_round_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = str(tmp_path / "open.db")
    code, _, err = run(capsys, "--db", db, "new", "--name", "Open", "--rounds", "5", "--tie-breaks", "BH/M3")
    assert code == 3 and "cuts 6 of the 5 values" in err


def test_a_malformed_file_is_one_line(tmp_path: Path) -> None:
    bad = tmp_path / "bad.trf"
    lines = MANUAL_12.read_text().splitlines()
    first = next(k for k, line in enumerate(lines) if line.startswith("001"))
    lines[first] = lines[first][:98] + "Q" + lines[first][99:]  # round 1's result: no TRF symbol
    bad.write_text("\n".join(lines) + "\n")
    status, text = tiebreaks.run([str(bad)])
    assert status == 3 and text.startswith(f"arbiter-tiebreaks: {bad}:{first + 1}:99: expected result")


def test_a_standings_column_has_one_number_format(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """D12: ARO-like quarters and halves in one column were written '24.25' and '21½'."""
    db = str(tmp_path / "m12.db")
    assert run(capsys, "--db", db, "import-trf", str(MANUAL_12), "--yes")[0] == 0
    assert run(capsys, "--db", db, "leave-fide-mode")[0] != 0  # stays in FIDE mode; the list is the recommended one
    code, out, _ = run(capsys, "--db", db, "standings")
    assert code == 0
    rows = [line for line in out.splitlines() if line[:6].strip().isdigit()]
    assert rows
    columns = list(zip(*(line.split()[-5:] for line in rows)))  # the five tie-break columns
    for column in columns:
        halves = any("½" in value for value in column)
        decimals = any("." in value for value in column)
        assert not (halves and decimals), column
