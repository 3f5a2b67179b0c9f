"""``arbiter ratings …`` and ``arbiter players import-csv/export-csv``: progress on stderr, errors named."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.cli.test_arbiter_cli import run
from tests.ratings.lists import write_combined, write_single


@pytest.fixture(autouse=True)
def store(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    path = tmp_path / "ratings.db"
    monkeypatch.setenv("ARBITER_RATINGS_DB", str(path))
    return path


def test_import_search_info_update(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "ratings", "info")
    assert code == 0 and "no rating list" in out
    assert run(capsys, "ratings", "search", "carl")[0] == 3
    listing = write_combined(tmp_path / "players_list_foa.txt")
    code, out, err = run(capsys, "ratings", "import", str(listing), "--date", "2026-11")
    assert code == 0, err
    assert "imported players_list_foa.txt (2026-11): standard 8, rapid 8, blitz 8 players" in out
    assert "100%" in err and "[####" in err  # the progress bar
    code, out, _ = run(capsys, "ratings", "search", "Carlsen, M")
    assert code == 0 and "1503014" in out and "2831" in out and "GM" in out
    code, out, _ = run(capsys, "ratings", "search", "1503014", "--kind", "blitz")
    assert "2886" in out
    code, out, _ = run(capsys, "ratings", "info")
    assert out.splitlines()[0].split()[:3] == ["standard", "2026-11", "8"]

    db = str(tmp_path / "open.db")
    assert run(capsys, "--db", db, "new", "--name", "Open", "--rounds", "5")[0] == 0
    add = ("players", "add", "Carlsen, Magnus", "--fide-id", "1503014", "--rating", "2800")
    assert run(capsys, "--db", db, *add)[0] == 0
    code, out, _ = run(capsys, "--db", db, "ratings", "update", "--dry-run")
    assert code == 0 and "2800 -> 2831" in out and "1 ratings would change" in out
    code, out, _ = run(capsys, "--db", db, "players", "list")
    assert "2800" in out
    code, out, _ = run(capsys, "--db", db, "ratings", "update", "--kind", "rapid")
    assert "1 ratings changed, from the rapid list of 2026-11" in out
    assert "2823" in run(capsys, "--db", db, "players", "list")[1]


def test_bad_lines_skipped_or_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    listing = write_single(tmp_path / "standard_nov26frl.txt", extra=("12ab           Someone, Else",))
    code, out, err = run(capsys, "ratings", "import", str(listing), "--refuse-bad-lines")
    assert code == 3 and "standard_nov26frl.txt, line 10: FIDE ID '12ab' is not a number" in err
    assert "nothing changed" in err
    assert "no rating list" in run(capsys, "ratings", "info")[1]
    code, out, err = run(capsys, "ratings", "import", str(listing))
    assert code == 0 and "line 10: FIDE ID '12ab' is not a number: skipped" in err
    assert "1 lines skipped" in out
    code, _, err = run(capsys, "ratings", "import", str(tmp_path / "list.txt"))
    assert code == 3 and "no such file" in err
    write_single(tmp_path / "list.txt")
    code, _, err = run(capsys, "ratings", "import", str(tmp_path / "list.txt"))
    assert code == 3 and "standard, rapid or blitz" in err
    assert run(capsys, "ratings", "import", str(tmp_path / "list.txt"), "--kind", "rapid")[0] == 0


def test_csv_preview_import_export(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = str(tmp_path / "open.db")
    assert run(capsys, "--db", db, "new", "--name", "Open", "--rounds", "5")[0] == 0
    sheet = tmp_path / "signup.csv"
    sheet.write_text("Player,Elo,Fed\nAnn,2100,FRA\nBob,abc,GER\nCid,1900,nor\n")
    code, out, err = run(capsys, "--db", db, "players", "import-csv", str(sheet), "--preview")
    assert code == 0 and "name <- 'Player'" in out and "line 2: Ann | 2100 | FRA" in out
    assert "signup.csv, line 3: rating 'abc' is not a whole number" in err
    code, _, err = run(capsys, "--db", db, "players", "import-csv", str(sheet), "--refuse-bad-rows")
    assert code == 3 and "no player was registered" in err
    assert run(capsys, "--db", db, "players", "list")[1] == ""
    code, out, err = run(capsys, "--db", db, "players", "import-csv", str(sheet))
    assert code == 0 and "registered 2 players, skipped 1 rows" in out and "line 3" in err
    out_csv = tmp_path / "players.csv"
    code, out, _ = run(capsys, "--db", db, "players", "export-csv", str(out_csv))
    assert code == 0 and out_csv.read_text().splitlines()[1:] == ["Ann,2100,,FRA,,,", "Cid,1900,,NOR,,,"]
    mapped = tmp_path / "club.csv"
    mapped.write_text("Joueur;Classement\nDee;1800\n")
    code, _, err = run(capsys, "--db", db, "players", "import-csv", str(mapped))
    assert code == 3 and "no column for the players' names" in err
    code, out, _ = run(capsys, "--db", db, "players", "import-csv", str(mapped), "--map", "name=Joueur", "--map",
                       "rating=Classement")  # fmt: skip
    assert code == 0 and "registered 1 players" in out
