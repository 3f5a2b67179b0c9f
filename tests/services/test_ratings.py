"""The rating list kept offline: import (all or nothing), search, update of registered ratings on request."""

from __future__ import annotations

import sqlite3
import sys
from pathlib import Path

import pytest

from arbiter_app import services as sv
from arbiter_app.errors import ArbiterError
from arbiter_app.persistence import Database
from arbiter_app.persistence.errors import DatabaseFileError
from arbiter_app.services.ratings import BadLinesRefused, ratings_path
from tests.ratings.lists import PLAYERS, P, write_combined, write_single, write_xml
from tests.services.conftest import dump


@pytest.fixture
def store(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    path = tmp_path / "data" / "ratings.db"
    monkeypatch.setenv("ARBITER_RATINGS_DB", str(path))
    return path


def rows(path: Path) -> dict[str, list[tuple[object, ...]]]:
    conn = sqlite3.connect(path)
    try:
        tables = [r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")]
        return {t: conn.execute(f"SELECT * FROM {t} ORDER BY 1").fetchall() for t in tables}
    finally:
        conn.close()


@pytest.mark.skipif(sys.platform in ("win32", "darwin"), reason="the XDG data folder")
def test_the_file_lives_in_the_data_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("ARBITER_RATINGS_DB", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert ratings_path() == tmp_path / "arbiter_app" / "ratings.db"


def test_import_combined_then_search(tmp_path: Path, store: Path) -> None:
    seen: list[tuple[int, int]] = []
    report = sv.import_rating_list(
        write_combined(tmp_path / "players_list_foa.txt"), date="2026-11", on_progress=lambda d, t: seen.append((d, t))
    )
    assert report.players == {
        "standard": 8,
        "rapid": 6,
        "blitz": 6,
    }  # issue 29 D5: those rated in it and report.skipped_count == 0
    assert seen and seen[-1][0] == seen[-1][1]
    info = sv.rating_list_info()
    assert [(i.kind, i.date, i.players, i.source) for i in info] == [
        ("standard", "2026-11", 8, "players_list_foa.txt"),
        ("rapid", "2026-11", 6, "players_list_foa.txt"),
        ("blitz", "2026-11", 6, "players_list_foa.txt"),
    ]
    assert [p.name for p in sv.search_players("ca")] == ["Carlsen, Magnus", "Caruana, Fabiano"]
    carlsen = sv.search_players("Carlsen, M")[0]
    assert (carlsen.fide_id, carlsen.title, carlsen.federation, carlsen.sex, carlsen.birth_year, carlsen.rating) == (
        "1503014", "GM", "NOR", "m", 1990, 2831,
    )  # fmt: skip
    assert sv.search_players("magnus carlsen")[0].fide_id == "1503014"
    assert sv.search_players("carlsen magnus")[0].fide_id == "1503014"
    assert sv.search_players("Carlsen", kind="blitz")[0].rating == 2886
    assert [p.name for p in sv.search_players("nunez j")] == ["Núñez, José María"]
    assert [p.name for p in sv.search_players("OVERG")] == ["Øvergaard, Åse"]
    ase = sv.search_players("overgaard")[0]
    assert (ase.title, ase.sex, ase.birth_year, ase.birth_date) == ("WFM", "w", None, "")
    assert sv.search_players("Muzychuk")[0].title == "GM"
    # FIDE IDs: exact first, then the longer IDs with that prefix
    assert [p.fide_id for p in sv.search_players("1503014")] == ["1503014"]
    assert [p.fide_id for p in sv.search_players("20")] == ["2020009"]
    assert [p.fide_id for p in sv.search_players("7000")] == ["700070"]
    assert [p.fide_id for p in sv.search_players("13300474")] == ["13300474"]
    assert sv.search_players("zz") == () and sv.search_players("  ") == ()
    assert len(sv.search_players("c", limit=1)) == 1
    assert sv.find_fide_player("2020009").name == "Caruana, Fabiano"  # type: ignore[union-attr]
    assert sv.find_fide_player("1") is None


def test_nothing_imported_yet(store: Path) -> None:
    assert sv.rating_list_info() == () and sv.search_players("carlsen") == ()
    assert not store.exists()


def test_each_list_is_replaced_on_its_own(tmp_path: Path, store: Path) -> None:
    sv.import_rating_list(write_single(tmp_path / "standard_oct26frl.txt", "standard", month="OCT26"))
    sv.import_rating_list(write_xml(tmp_path / "rapid_nov26frl_xml.xml", kind="rapid"))
    assert [(i.kind, i.date) for i in sv.rating_list_info()] == [("standard", "2026-10"), ("rapid", "2026-11")]
    newer = (P("1503014", "Carlsen, Magnus", "NOR", "M", "GM", std="2840", born="1990"),)
    sv.import_rating_list(write_single(tmp_path / "standard_dec26frl.txt", "standard", newer, month="DEC26"))
    assert [(i.kind, i.date, i.players) for i in sv.rating_list_info()] == [
        ("standard", "2026-12", 1), ("rapid", "2026-11", 6),
    ]  # fmt: skip
    assert sv.search_players("Carlsen")[0].rating == 2840
    assert sv.search_players("Carlsen", kind="rapid")[0].rating == 2823
    assert sv.search_players("Caruana") == ()
    sv.import_rating_list(write_combined(tmp_path / "players_list_foa.txt"))
    sv.import_rating_list(write_single(tmp_path / "blitz_dec26frl.txt", "blitz", newer, month="DEC26"))
    assert [t for t in rows(store) if t.startswith("list_")] == ["list_4", "list_5"]  # the tables no list uses dropped
    assert sv.search_players("Caruana", kind="rapid")[0].rating == 2750
    assert sv.search_players("Caruana", kind="blitz") == ()
    with pytest.raises(ArbiterError, match="unknown list"):
        sv.search_players("x", kind="classic")


def test_a_bad_line_skipped_or_refusing_the_list(tmp_path: Path, store: Path) -> None:
    sv.import_rating_list(write_combined(tmp_path / "players_list_foa.txt"))
    before = rows(store)
    broken = write_combined(
        tmp_path / "players_list_foa_new.txt",
        (P("1503014", "Carlsen, Magnus", "NOR", std="2900"), *PLAYERS[1:3]),
        extra=("12ab           Someone, Else",),
    )
    with pytest.raises(BadLinesRefused, match=r"players_list_foa_new.txt, line 5: FIDE ID '12ab' is not a number"):
        sv.import_rating_list(broken, bad_lines="refuse")
    assert rows(store) == before  # nothing already stored changed
    report = sv.import_rating_list(broken, bad_lines="skip")
    assert report.skipped_count == 1 and str(report.skipped[0]) == "line 5: FIDE ID '12ab' is not a number"
    assert report.players["standard"] == 3
    assert sv.search_players("Carlsen")[0].rating == 2900
    assert sv.rating_list_info()[0].skipped == 1


def test_a_player_listed_twice(tmp_path: Path, store: Path) -> None:
    twice = (*PLAYERS[:2], P("1503014", "Carlsen, Magnus (again)", std="1000"))
    path = write_combined(tmp_path / "players_list_foa.txt", twice)
    with pytest.raises(BadLinesRefused, match="line 4: FIDE ID 1503014 is listed twice"):
        sv.import_rating_list(path, bad_lines="refuse")
    assert sv.rating_list_info() == ()
    report = sv.import_rating_list(path)
    assert report.players["standard"] == 2 and report.skipped[0].line == 4
    assert sv.search_players("1503014")[0].rating == 2831


def test_a_failure_part_way_leaves_the_previous_list(tmp_path: Path, store: Path) -> None:
    sv.import_rating_list(write_single(tmp_path / "standard_oct26frl.txt", month="OCT26"))
    before = rows(store)
    broken = write_xml(tmp_path / "standard_nov26frl_xml.xml", extra=("<player><fideid>1</player>",))
    with pytest.raises(ArbiterError, match="not well formed.*nothing changed"):
        sv.import_rating_list(broken)
    calls = [0]

    def interrupt(done: int, total: int) -> None:
        calls[0] += 1
        raise KeyboardInterrupt

    many = tuple(P(str(5_000_000 + k), f"Player{k}, A", std="1500") for k in range(6000))
    with pytest.raises(KeyboardInterrupt):
        sv.import_rating_list(write_single(tmp_path / "standard_dec26frl.txt", players=many), on_progress=interrupt)
    assert calls[0] == 1
    assert rows(store) == before
    assert sv.rating_list_info()[0].date == "2026-10"


def test_refusals(tmp_path: Path, store: Path) -> None:
    with pytest.raises(ArbiterError, match="no such file"):
        sv.import_rating_list(tmp_path / "missing.txt")
    with pytest.raises(ArbiterError, match="say whether it is the standard, rapid or blitz list"):
        sv.import_rating_list(write_single(tmp_path / "list.txt"))
    sv.import_rating_list(write_combined(tmp_path / "players_list_foa.txt"))
    with pytest.raises(ArbiterError, match="no player could be read.*nothing changed"):
        sv.import_rating_list(write_combined(tmp_path / "players_list_empty.txt", ()))
    assert sv.rating_list_info()[0].players == 8
    with pytest.raises(ArbiterError, match="YYYY-MM"):
        sv.import_rating_list(write_combined(tmp_path / "players_list.txt"), date="Nov 2026")
    other = tmp_path / "other.db"
    sqlite3.connect(other).execute("CREATE TABLE t (x)").connection.commit()
    with pytest.raises(DatabaseFileError, match="not a rating list file"):
        sv.import_rating_list(write_combined(tmp_path / "players_list.txt"), store=other)
    assert rows(other) == {"t": []}


def test_update_registered_ratings_on_request(tmp_path: Path, store: Path, db: Database) -> None:
    tid = sv.create_tournament(db, "Open", 5).id
    sv.register_player(db, tid, "Carlsen, Magnus", rating=2800, fide_id="1503014")
    sv.register_player(db, tid, "Caruana, Fabiano", rating=2810, fide_id="2020009")
    sv.register_player(db, tid, "Local, Player", rating=1500)
    sv.register_player(db, tid, "Gone, Player", rating=1400, fide_id="99999999")
    with pytest.raises(ArbiterError, match="no standard rating list"):
        sv.update_ratings_from_list(db, tid)
    sv.import_rating_list(write_combined(tmp_path / "players_list_foa.txt"), date="2026-11")
    before = dump(db)
    preview = sv.update_ratings_from_list(db, tid, "standard", apply=False)
    assert [(c.name, c.old, c.new) for c in preview.changes] == [
        ("Caruana, Fabiano", 2810, 2805), ("Carlsen, Magnus", 2800, 2831),
    ]  # fmt: skip
    assert preview.not_in_list == ("#4 Gone, Player (99999999)",) and not preview.applied
    assert dump(db) == before  # a preview changes nothing
    update = sv.update_ratings_from_list(db, tid, "standard")
    assert update.applied and update.date == "2026-11" and len(update.changes) == 2
    players = {p.name: p for p in sv.list_players(db, tid)}
    assert players["Carlsen, Magnus"].rating == 2831 and players["Carlsen, Magnus"].number == 1  # renumbered
    assert players["Local, Player"].rating == 1500
    entry = sv.audit_log(db, tid)[-1]
    assert entry.action == "update ratings" and "standard list of 2026-11" in entry.summary
    assert sv.update_ratings_from_list(db, tid, "standard").changes == ()
    blitz = sv.update_ratings_from_list(db, tid, "blitz")
    assert {c.name: c.new for c in blitz.changes} == {"Carlsen, Magnus": 2886, "Caruana, Fabiano": 2720}


def test_a_search_while_an_import_commits_says_so(tmp_path: Path, store: Path) -> None:
    sv.import_rating_list(write_combined(tmp_path / "players_list_foa.txt"))
    writer = sqlite3.connect(store, isolation_level=None)
    try:
        writer.execute("BEGIN EXCLUSIVE")  # what an import holds while it writes its pages and commits
        with pytest.raises(DatabaseFileError, match="being imported: try again"):
            sv.search_players("carl")
    finally:
        writer.execute("ROLLBACK")
        writer.close()
    assert sv.search_players("carl")[0].fide_id == "1503014"
