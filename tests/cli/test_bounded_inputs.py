"""Issue 33.4-33.5 on the command line: every input bounded, with a clean error naming what is wrong (never an
internal error, never a value silently changed)."""

from __future__ import annotations

from pathlib import Path

import pytest

from arbiter_app.cli.arbiter import main
from tests.cli.test_arbiter_cli import run
from tests.cli.test_outputs import t_db  # noqa: F401 - the fixture

EXIT_INVALID, EXIT_FILE = 3, 5


def _usage(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    with pytest.raises(SystemExit) as stopped:
        main(list(args))
    assert stopped.value.code == EXIT_INVALID
    return capsys.readouterr().err


def test_scoring_values_are_kept_exactly_as_typed_or_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = str(tmp_path / "s.db")
    err = _usage(capsys, "--db", db, "new", "--name", "Q", "--rounds", "5", "--win", "0.25", "--draw", "0.125")
    assert "points are kept in tenths" in err and "0.25" in err
    assert not Path(db).exists()
    assert run(capsys, "--db", db, "new", "--name", "Q", "--rounds", "5", "--win", "3", "--draw", "1.5")[0] == 0
    out = run(capsys, "--db", db, "export-trf", "-")[1]
    assert "BBW  3.0" in out or "BBW 3.0" in out.replace("  ", " ")


def test_numbers_beyond_what_is_kept_are_refused(t_db: Path, capsys: pytest.CaptureFixture[str]) -> None:  # noqa: F811
    db = str(t_db)
    assert "out of range" in _usage(capsys, "--db", db, "show", "99999999999999999999")
    assert "not a whole number" in _usage(capsys, "--db", db, "show", "x1")
    code, _, err = run(capsys, "--db", db, "players", "withdraw", "3", "--from-round", "21")
    assert code == EXIT_INVALID and "round 21: the tournament has 5 rounds" in err
    code, _, err = run(capsys, "--db", db, "standings", "--round", "99")
    assert code == EXIT_INVALID and "round 99: the tournament has 5 rounds" in err
    code, _, err = run(capsys, "--db", db, "standings", "--round", "4")
    assert code == EXIT_INVALID and "round 4 has not been paired yet" in err


@pytest.mark.parametrize(
    ("option", "value", "said"),
    [
        ("--birth", "hello", "birth date 'hello'"),
        ("--birth", "2090", "the year 2090 is not between 1900 and"),
        ("--fide-id", "0", "FIDE ID '0'"),
        ("--rating", "4000", "rating 4000: out of range"),
    ],
)
def test_player_fields_are_checked(
    t_db: Path,
    capsys: pytest.CaptureFixture[str],
    option: str,
    value: str,
    said: str,  # noqa: F811
) -> None:
    code, _, err = run(capsys, "--db", str(t_db), "players", "edit", "1", option, value)
    assert code == EXIT_INVALID and said in err


@pytest.mark.parametrize(
    ("name", "said"),
    [
        ("\u200b", "invisible or control character (U+200B ZERO WIDTH SPACE)"),
        ("Eve \u202e0-1", "direction control (U+202E RIGHT-TO-LEFT OVERRIDE)"),
        ("N" * 300, "300 characters, at most 33 (the name field of a TRF line)"),
    ],
)
def test_names_are_refused_with_a_clear_message(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str, said: str
) -> None:
    db = str(tmp_path / "n.db")
    assert run(capsys, "--db", db, "new", "--name", "N", "--rounds", "5")[0] == 0
    code, _, err = run(capsys, "--db", db, "players", "add", name)
    assert code == EXIT_INVALID and said in err
    assert run(capsys, "--db", db, "players", "list")[1] == ""


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("\ufeff", "at least one player"),
        ("012 X\nXXR 5\n001    1      Te\n", "the file holds one player"),
        ("012 L\nXXR 3\nXYZ " + "G" * 200_000 + "\n", "a line of at most 10,081 characters"),
        (
            (
                "012 S\n001    1      One                               2400 NOR         3.0\n"
                "001    2      Two                               2300 NOR     1503014\n"
            ),
            "a FIDE ID (digits)",
        ),
        (
            (
                "012 S\n001    1      One                               2400 NOR     1503014 2429\n"
                "001    2      Two                               2300 NOR     1503015\n"
            ),
            "a birth date (YYYY/MM/DD",
        ),
    ],
)
def test_trf_files_that_cannot_be_tournaments_are_refused_naming_the_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str, said: str
) -> None:
    trf = tmp_path / "bad.trf"
    trf.write_text(text, encoding="utf-8")
    code, _, err = run(capsys, "--db", str(tmp_path / "bad.db"), "import-trf", str(trf), "--yes")
    assert code == EXIT_INVALID and said in err, err
    assert len(err) < 500 and "GGGGGGGGGG" not in err and "internal error" not in err
    assert not (tmp_path / "bad.db").exists()


def test_d9_the_csv_preview_says_what_the_import_does(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = str(tmp_path / "t.db")
    assert run(capsys, "--db", db, "new", "--name", "Open", "--rounds", "5")[0] == 0
    assert run(capsys, "--db", db, "players", "add", "Kept Player", "--fide-id", "1503014")[0] == 0
    sheet = tmp_path / "signup.csv"
    sheet.write_text("Name,FIDE ID\nAnn,2020009\nBob,2020009\nCid,1503014\nDee,\n")
    code, out, err = run(capsys, "--db", db, "players", "import-csv", str(sheet), "--preview")
    assert code == 0 and "2 of 4 rows can be registered" in out and "line 3" in err and "line 4" in err
    code, out, _ = run(capsys, "--db", db, "players", "import-csv", str(sheet))
    assert code == 0 and "registered 2 players, skipped 2 rows" in out
    nameless = tmp_path / "nameless.csv"
    nameless.write_text("Rating,Fed\n2000,NOR\n")
    code, out, err = run(capsys, "--db", db, "players", "import-csv", str(nameless), "--preview")
    assert code == 3 and "no column for the players' names" in err and "headers: 'Rating', 'Fed'" in out


def test_a_long_line_kept_is_never_echoed_whole(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    trf = tmp_path / "long.trf"
    trf.write_text("012 Long\nXXR 3\nXYZ " + "G" * 9000 + "\n001    1      One                               2400\n"
                   "001    2      Two                               2300\n")  # fmt: skip
    code, _, err = run(capsys, "--db", str(tmp_path / "t.db"), "import-trf", str(trf))
    assert code == 0 and "(9,004 characters)" in err and "G" * 100 not in err
