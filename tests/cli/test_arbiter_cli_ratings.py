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
    assert "imported players_list_foa.txt (2026-11): standard 8, rapid 6, blitz 6 players" in out
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


# Checklist Q117, Q123-Q126, Q133-Q145: custom lists, settings, the consistency check, sources, update-all.


def test_settings_check_and_a_subset_applied(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = str(tmp_path / "open.db")
    new = ("new", "--name", "Open", "--rounds", "5", "--start", "2026-11-20", "--end", "2026-11-26")
    assert run(capsys, "--db", db, *new)[0] == 0
    for name, rating, fide_id in (("Carlsen, Magnus", "2800", "1503014"), ("Caruana, Fabiano", "2810", "2020009")):
        assert run(capsys, "--db", db, "players", "add", name, "--rating", rating, "--fide-id", fide_id)[0] == 0
    code, out, err = run(capsys, "--db", db, "ratings", "check")
    assert code == 0 and "no FIDE standard list is held" in err
    assert run(capsys, "ratings", "import", str(write_combined(tmp_path / "players_list_foa.txt")), "--date",
               "2026-11")[0] == 0  # fmt: skip
    national = tmp_path / "nor.csv"
    national.write_text("name,id,rating\nNordmann, Ola,99000001,1720\n", encoding="utf-8")
    code, _, err = run(capsys, "ratings", "import-custom", str(national), "--name", "NOR")
    assert code == 3 and "nor.csv: no player could be read (line 2: id 'Ola' is not a whole number)" in err
    national.write_text('name,id,rating\n"Nordmann, Ola",99000001,1720\n', encoding="utf-8")
    code, out, _ = run(capsys, "ratings", "import-custom", str(national), "--name", "NOR", "--date", "2026-11")
    assert code == 0 and "imported nor.csv as custom:NOR (2026-11): 1 players" in out
    code, out, _ = run(capsys, "--db", db, "ratings", "settings")
    assert out.strip() == (
        "tournament rating: FIDE; rated as standard; lists: standard, rapid, blitz (the default); automatic check on"
    )
    code, out, _ = run(capsys, "--db", db, "ratings", "settings", "--type", "rapid", "--auto-check", "off")
    assert "lists: rapid-effective, blitz (the default); automatic check off" in out
    code, out, err = run(capsys, "--db", db, "ratings", "settings", "--lists", "blitz,classic")
    assert code == 3 and "unknown rating list 'classic'" in err
    code, out, _ = run(capsys, "--db", db, "ratings", "settings", "--type", "standard", "--lists", "default")
    code, out, _ = run(capsys, "--db", db, "ratings", "check", "--apply", "2")
    assert code == 0
    assert "#1    Caruana, Fabiano                 FIDE 2810 (manual) -> 2805" in out
    assert "#2    Carlsen, Magnus                  FIDE 2800 (manual) -> 2831" in out
    assert "2 ratings differ from the FIDE standard list of 2026-11" in out and "1 ratings changed: #2" in out
    code, out, _ = run(capsys, "--db", db, "players", "list")
    assert [line.split()[:4] for line in out.splitlines()] == [
        ["1", "Carlsen,", "Magnus", "2831"], ["2", "Caruana,", "Fabiano", "2810"],
    ]  # fmt: skip
    code, out, _ = run(capsys, "--db", db, "ratings", "set", "2", "--national", "2790", "--source", "NOR 2026-11")
    code, out, _ = run(capsys, "--db", db, "ratings", "set", "2", "--manual", "2850")
    assert code == 0 and out.strip() == "#2 Caruana, Fabiano: tournament rating 2810"  # FIDE: the manual one unused
    code, out, _ = run(capsys, "--db", db, "ratings", "settings", "--method", "HBFN")
    assert code == 0 and "tournament rating: HBFN" in out
    code, out, _ = run(capsys, "--db", db, "ratings", "players")
    assert out.splitlines()[0].split("  ")[-3:] == [
        "FIDE 2810 (manual)", "national 2790 (NOR 2026-11)", "manual 2850",
    ]  # fmt: skip
    assert out.splitlines()[0].split()[:4] == ["1", "Caruana,", "Fabiano", "2850"]  # the highest (HBFN) leads
    assert run(capsys, "--db", db, "pair")[0] == 0
    code, _, err = run(capsys, "--db", db, "ratings", "settings", "--method", "FIDE")
    assert code == 3 and "tournament-rating method is frozen once round 1 is paired" in err


def test_sources_and_update_all(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "ratings", "update-all")
    assert code == 3 and "no list has a source yet" in err
    listing = write_combined(tmp_path / "players_list_foa_nov26.txt")
    assert run(capsys, "ratings", "source", "standard", str(listing))[0] == 0
    code, out, _ = run(capsys, "ratings", "source", "blitz", str(tmp_path / "gone.txt"))
    assert out.splitlines() == [f"blitz          {tmp_path / 'gone.txt'}", f"standard       {listing}"]
    code, out, err = run(capsys, "ratings", "update-all")
    assert code == 3 and "standard: players_list_foa_nov26.txt (2026-11)" in out and "blitz: not updated" in err
    code, out, _ = run(capsys, "ratings", "info")
    assert out.splitlines()[0].split()[:3] == ["standard", "2026-11", "8"]
