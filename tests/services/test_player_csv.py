"""The organiser's sign-up sheet: columns by header, a preview, bad rows named, one transaction, export."""

from __future__ import annotations

from pathlib import Path

import pytest

from arbiter_app import services as sv
from arbiter_app.errors import ArbiterError
from arbiter_app.persistence import Database, open_database
from tests.services.conftest import dump

SHEET = """\
Player;Elo;Fed;FIDE ID;Year of birth;Gender;Title;Club
"Carlsen, Magnus";2831;nor;1503014;1990;M;GM;Offerspill
Ann Smith;2100;FRA;;2001;F;wfm;Lyon
Bob Jones;abc;GER;;;m;;
;;;;;;;
Cid Lee;1900;NOR;;;x;;
Dee Park;;KOR;;;;;
Eve Stone;1700;USA;;;;XYZ;
"""


@pytest.fixture
def sheet(tmp_path: Path) -> Path:
    path = tmp_path / "signup.csv"
    path.write_text(SHEET, "utf-8-sig")
    return path


def test_preview_maps_columns_by_header_and_names_bad_rows(sheet: Path) -> None:
    preview = sv.preview_csv(sheet, rows=2)
    assert preview.mapping == {
        "name": "Player", "rating": "Elo", "title": "Title", "federation": "Fed", "fide_id": "FIDE ID",
        "birth_date": "Year of birth", "sex": "Gender",
    }  # fmt: skip
    assert preview.headers[-1] == "Club"
    assert [line for line, _ in preview.first_rows] == [2, 3]
    assert preview.first_rows[1][1] == {
        "name": "Ann Smith", "rating": 2100, "title": "WFM", "fide_id": "", "federation": "FRA",
        "sex": "w", "birth_date": "2001",
    }  # fmt: skip
    assert [str(b) for b in preview.bad_rows] == [
        "line 4: rating 'abc' is not a whole number",
        "line 6: sex 'x': m or w",
        "line 8: unknown title 'XYZ' (known: GM, IM, WGM, FM, WIM, CM, WFM, WCM)",
    ]
    assert preview.rows == 6


def test_a_mapping_given_by_the_user(tmp_path: Path) -> None:
    path = tmp_path / "club.csv"
    path.write_text("Nom complet,Classement,Pays\nAnn,2000,FRA\nBob,x1,GER\n")
    unmapped = sv.preview_csv(path)
    assert "no column for the players' names" in unmapped.problem and unmapped.first_rows == ()
    assert unmapped.headers == ("Nom complet", "Classement", "Pays")
    assert unmapped.mapping == {"rating": "Classement", "federation": "Pays"}
    with pytest.raises(ArbiterError, match="no column for the players' names"):
        sv.import_players_csv(None, 1, path)  # type: ignore[arg-type]
    preview = sv.preview_csv(path, {"name": "Nom complet", "rating": "Classement", "federation": 2})
    assert preview.mapping == {"name": "Nom complet", "rating": "Classement", "federation": "Pays"}
    assert preview.first_rows[0][1]["rating"] == 2000 and str(preview.bad_rows[0]).startswith("line 3: rating")
    with pytest.raises(ArbiterError, match="no column 'Elo'"):
        sv.preview_csv(path, {"name": "Nom complet", "rating": "Elo"})


def test_import_skips_bad_rows_in_one_transaction(db: Database, sheet: Path) -> None:
    tid = sv.create_tournament(db, "Open", 5).id
    sv.register_player(db, tid, "Dee Park")  # already registered: that row is refused by register_player
    done = sv.import_players_csv(db, tid, sheet)
    assert [p.name for p in done.registered] == ["Carlsen, Magnus", "Ann Smith"]
    assert [(b.line, b.message) for b in done.skipped] == [
        (4, "rating 'abc' is not a whole number"),
        (6, "sex 'x': m or w"),
        (7, "Dee Park is already registered as #3 (a player added twice?)"),
        (8, "unknown title 'XYZ' (known: GM, IM, WGM, FM, WIM, CM, WFM, WCM)"),
    ]
    players = sv.list_players(db, tid)
    assert [(p.number, p.name, p.federation, p.sex) for p in players] == [
        (1, "Carlsen, Magnus", "NOR", "m"), (2, "Ann Smith", "FRA", "w"), (3, "Dee Park", "", ""),
    ]  # fmt: skip
    assert players[0].fide_id == "1503014" and players[0].title == "GM" and players[0].birth_date == "1990"


def test_refusing_bad_rows_registers_nobody(db: Database, sheet: Path) -> None:
    tid = sv.create_tournament(db, "Open", 5).id
    sv.register_player(db, tid, "Dee Park")
    before = dump(db)
    with pytest.raises(ArbiterError, match=r"signup.csv, line 4: rating 'abc' is not a whole number: no player"):
        sv.import_players_csv(db, tid, sheet, bad_rows="refuse")
    good = sheet.with_name("good.csv")
    good.write_text("Name,Rating\nZed,1000\nDee Park,1200\n")
    with pytest.raises(ArbiterError, match="line 3: Dee Park is already registered"):
        sv.import_players_csv(db, tid, good, bad_rows="refuse")
    assert dump(db) == before


def test_export_reads_back(db: Database, sheet: Path, tmp_path: Path) -> None:
    tid = sv.create_tournament(db, "Open", 5).id
    sv.import_players_csv(db, tid, sheet)
    out = tmp_path / "out" / "players.csv"
    out.parent.mkdir()
    assert sv.export_players_csv(db, tid, out) == 3
    text = out.read_text("utf-8")
    assert text.splitlines()[0] == "Name,Rating,Title,Federation,FIDE ID,Born,Sex"
    assert text.splitlines()[1] == '"Carlsen, Magnus",2831,GM,NOR,1503014,1990,m'
    assert [p.name for p in out.parent.iterdir()] == ["players.csv"]  # no temporary file left
    second = open_database(tmp_path / "second.db", create=True)
    try:
        other = sv.create_tournament(second, "Second", 5).id
        done = sv.import_players_csv(second, other, out, bad_rows="refuse")
        assert [(p.name, p.rating, p.title, p.fide_id, p.sex, p.birth_date) for p in done.registered] == [
            ("Carlsen, Magnus", 2831, "GM", "1503014", "m", "1990"),
            ("Ann Smith", 2100, "WFM", "", "w", "2001"),
            ("Dee Park", 0, "", "", "", ""),
        ]
    finally:
        second.dispose()
