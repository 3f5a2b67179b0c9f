"""Issue 33.2 and issue 29's D5, D6, D9: sign-up sheets and rating lists read so that every line is accounted for
(registered, refused with its line and reason), values checked, FIDE's ZIP read, unrated players not in a list."""

from __future__ import annotations

import random
import zipfile
from pathlib import Path

import pytest

from arbiter_app import services as sv
from arbiter_app.errors import ArbiterError
from arbiter_app.persistence import Database
from arbiter_app.services import rating_lists as rl
from tests.ratings.lists import PLAYERS, P, combined_line, write_combined
from tests.services.test_ratings import store  # noqa: F401 - the fixture

UNBALANCED = 'Name,Rating\n"Bob,1900\nCarol,1800\nDave,1700\nEve,1600\n'


@pytest.fixture
def open_event(db: Database) -> int:
    return sv.create_tournament(db, "Open", 7).id


def _sheet(tmp_path: Path, text: str | bytes, name: str = "signup.csv") -> Path:
    path = tmp_path / name
    path.write_bytes(text if isinstance(text, bytes) else text.encode("utf-8"))
    return path


def _names(db: Database, tid: int) -> list[str]:
    return sorted(p.name for p in sv.list_players(db, tid))


def test_an_unbalanced_quote_never_merges_the_rows_after_it(db: Database, open_event: int, tmp_path: Path) -> None:
    path = _sheet(tmp_path, UNBALANCED)
    with pytest.raises(ArbiterError, match="line 2: a quote opened on this line is not closed"):
        sv.import_players_csv(db, open_event, path, bad_rows="refuse")
    assert _names(db, open_event) == []
    done = sv.import_players_csv(db, open_event, path)
    assert _names(db, open_event) == ["Carol", "Dave", "Eve"]
    assert [(b.line, b.message) for b in done.skipped] == [
        (2, "a quote opened on this line is not closed on it (the line was not read with the lines after it)")
    ]


def test_a_field_over_128_kib_refuses_its_line_only(db: Database, open_event: int, tmp_path: Path) -> None:
    huge = "x" * (130 * 1024)
    path = _sheet(tmp_path, f"Name,Rating\nAnn,2000\n{huge},1900\nBob,1800\nCid,1700\nDee,1600\n")
    done = sv.import_players_csv(db, open_event, path)
    assert _names(db, open_event) == ["Ann", "Bob", "Cid", "Dee"]
    [bad] = done.skipped
    assert bad.line == 3 and "133,125 characters" in bad.message and len(str(bad)) < 200


@pytest.mark.parametrize("end", ["\r", "\r\n", "\n"])
def test_any_line_end_and_windows_1252(db: Database, open_event: int, tmp_path: Path, end: str) -> None:
    text = end.join(["Name;Elo;Fed", "Müller, Jürgen;2100;GER", "Åberg, Sören;1900;SWE", "Ødegård, Åse;1800;NOR"])
    path = _sheet(tmp_path, (text + end).encode("cp1252"))
    preview = sv.preview_csv(path)
    assert "read as windows-1252" in preview.encoding_note and preview.rows == 3 and not preview.bad_rows
    done = sv.import_players_csv(db, open_event, path)
    assert _names(db, open_event) == sorted(["Müller, Jürgen", "Ødegård, Åse", "Åberg, Sören"])
    assert done.encoding_note
    utf16 = _sheet(tmp_path, ("Name\tRating\r\nZoë Ŝmith\t1500\r\n").encode("utf-16"), "unicode.txt")
    assert sv.preview_csv(utf16).first_rows[0][1]["name"] == "Zoë Ŝmith"
    assert sv.preview_csv(utf16).encoding_note == ""


def test_values_are_checked_with_a_clear_message(db: Database, open_event: int, tmp_path: Path) -> None:
    path = _sheet(tmp_path, "Name,Rating,FIDE ID,Born\nA,-50,,\nB,99999,,\nC,1800,0,\nD,1800,,2090\nE,1800,,hello\n"
                            "F\u202e0-1,1800,,\nG\u200b,1800,,\n" + "H" * 40 + ",1800,,\n"
                            "I,99999999999999999999,,\nJ,1900,123456789012,\nK,2000,1503014,1990\n")  # fmt: skip
    done = sv.import_players_csv(db, open_event, path)
    assert _names(db, open_event) == ["K"]
    said = {b.line: b.message for b in done.skipped}
    assert "rating -50: out of range" in said[2] and "rating 99999: out of range" in said[3]
    assert "FIDE ID '0'" in said[4]
    assert "the year 2090 is not between 1900 and" in said[5] and "birth date 'hello'" in said[6]
    assert "direction control (U+202E RIGHT-TO-LEFT OVERRIDE)" in said[7]
    assert "invisible or control character (U+200B ZERO WIDTH SPACE)" in said[8]
    assert "40 characters, at most 33" in said[9]
    assert "out of range" in said[10] and "FIDE ID '123456789012'" in said[11]


def test_d9_the_preview_counts_what_the_import_registers(db: Database, open_event: int, tmp_path: Path) -> None:
    sv.register_player(db, open_event, "Kept Player", fide_id="1503014")
    path = _sheet(tmp_path, "Name,FIDE ID\nAnn,2020009\nBob,2020009\nCid,1503014\nDee,\n")
    preview = sv.preview_csv(path, db=db, tournament_id=open_event)
    assert preview.rows == 4 and len(preview.bad_rows) == 2
    assert [b.line for b in preview.bad_rows] == [3, 4]
    assert _names(db, open_event) == ["Kept Player"]  # the preview registered no one
    done = sv.import_players_csv(db, open_event, path)
    assert len(done.registered) == preview.rows - len(preview.bad_rows) == 2
    assert [b.line for b in done.skipped] == [3, 4]


def test_mutated_sheets_never_lose_or_merge_a_row_silently(db: Database, tmp_path: Path) -> None:
    """A fuzz-like check: 400 sheets mutated at random (quotes, separators, cut lines, hidden characters, line
    ends); each line with something in it is one row that can be registered or one bad row naming its line, and
    no row holds another; every 20th sheet is imported for real and registers exactly the rows the preview said."""
    rng = random.Random(33)
    base = [f"Player {chr(65 + k // 26)}{chr(97 + k % 26)},{1500 + k}" for k in range(12)]
    bases = [line.split(",")[0] for line in base]
    for trial in range(400):
        lines = list(base)
        for _ in range(rng.randint(1, 4)):
            k = rng.randrange(len(lines))
            mutation = rng.randrange(6)
            if mutation == 0:
                lines[k] = '"' + lines[k]
            elif mutation == 1:
                lines[k] = lines[k].replace(",", ';,"', 1)
            elif mutation == 2:
                lines[k] += ',"x'
            elif mutation == 3:
                lines[k] = lines[k][: rng.randrange(len(lines[k]) + 1)]
            elif mutation == 4:
                lines[k] = lines[k].replace(" ", "\x00" if rng.random() < 0.5 else "\u202e", 1)
            else:
                lines[k] += '"'
        end = rng.choice(["\n", "\r\n", "\r"])
        path = _sheet(tmp_path, end.join(["Name,Rating", *lines]) + end, f"m{trial}.csv")
        preview = sv.preview_csv(path, rows=100)
        content = [k + 2 for k, line in enumerate(lines) if line.replace(",", "").strip()]
        good = [line for line, _ in preview.first_rows]
        assert sorted(good + [b.line for b in preview.bad_rows]) == content, (trial, lines, preview)
        for _, fields in preview.first_rows:  # never two rows in one player
            assert "\n" not in fields["name"] and sum(b in fields["name"] for b in bases) <= 1, (trial, fields)
        if trial % 20 == 0:
            tid = sv.create_tournament(db, f"Fuzz {trial}", 7).id
            done = sv.import_players_csv(db, tid, path)
            assert len(done.registered) == len(good) and [b.line for b in done.skipped] == [
                b.line for b in preview.bad_rows
            ]


# --- rating lists -------------------------------------------------------------------------------------------


def test_d5_a_player_without_a_rapid_rating_is_not_in_the_rapid_list(
    store: Path,
    db: Database,
    open_event: int,
    tmp_path: Path,  # noqa: F811
) -> None:
    no_rapid = [p for p in PLAYERS if not p.rapid]
    report = sv.import_rating_list(write_combined(tmp_path / "players_list_foa.txt"))
    assert report.players["rapid"] == len(PLAYERS) - len(no_rapid)
    assert report.players["standard"] == len(PLAYERS)
    assert {i.kind: i.players for i in sv.rating_list_info()}["rapid"] == len(PLAYERS) - len(no_rapid)
    p = no_rapid[0]
    sv.register_player(db, open_event, "Nunez Jose", fide_id=p.fide_id, rating=2500)
    update = sv.update_ratings_from_list(db, open_event, "rapid", apply=False)
    assert update.changes == () and update.not_in_list == (f"#1 Nunez Jose ({p.fide_id})",)


def test_d6_fides_zip_is_imported(store: Path, tmp_path: Path) -> None:  # noqa: F811
    listed = write_combined(tmp_path / "players_list_foa.txt")
    archive = tmp_path / "players_list.zip"
    with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED) as z:
        z.write(listed, "players_list_foa.txt")
    listed.unlink()
    info = sv.inspect_rating_list(archive)  # what the window asks first
    assert (info.format, info.kinds, info.needs_kind) == ("combined", ("standard", "rapid", "blitz"), False)
    report = sv.import_rating_list(archive, date="2026-11")
    assert report.source == "players_list.zip: players_list_foa.txt"
    assert report.players["standard"] == len(PLAYERS) and report.date == "2026-11"
    assert sv.search_players("Carlsen")[0].rating == 2831
    two = tmp_path / "two.zip"
    with zipfile.ZipFile(two, "w") as z:
        z.writestr("a.txt", "x")
        z.writestr("b.txt", "y")
    with pytest.raises(ArbiterError, match="holds one .txt, .xml or .csv file"):
        sv.import_rating_list(two)


def test_a_list_cut_inside_its_last_line_and_ratings_out_of_range(store: Path, tmp_path: Path) -> None:  # noqa: F811
    path = write_combined(tmp_path / "players_list_foa.txt", PLAYERS[:3])
    cut = combined_line(PLAYERS[7])
    text = path.read_text() + combined_line(P("999", "Big, Rating", std="99999", born="1990")) + "\n"
    text += combined_line(P("9999999999999", "Long, Id", std="1500")) + "\n"
    path.write_text(text + cut[: cut.index("1063") + 2])  # the download stopped in the rating
    report = sv.import_rating_list(path)
    assert report.players["standard"] == 3
    said = {b.line: b.message for b in report.skipped}
    assert "standard rating 99999 is out of range" in said[5]
    assert "FIDE ID '9999999999999': not 1 to 11 digits" in said[6]
    assert said[7].startswith("the file ends inside this line")
    assert sv.search_players("A C J") == ()


def test_a_windows_1252_national_list(store: Path, tmp_path: Path) -> None:  # noqa: F811
    path = tmp_path / "nor_nov26.csv"
    path.write_bytes("id;name;rating\r\n4100001;Øvergaard, Åse;1950\r\n4100002;Bjørn, Ærlig;-5\r\n".encode("cp1252"))
    report = rl.import_custom_list(path, "NOR")
    assert report.players == {"custom:NOR": 1}
    assert [str(b) for b in report.skipped] == ["line 3: rating '-5' is not a whole number (below 0)"]
    assert sv.search_players("Overgaard", kind="custom:NOR")[0].name == "Øvergaard, Åse"
