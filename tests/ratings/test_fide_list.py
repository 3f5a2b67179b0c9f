"""The rating list readers: both TXT layouts and the XML, columns from the header, bad lines named."""

from __future__ import annotations

from pathlib import Path

import pytest

from arbiter_app.ratings import BadLine, ListPlayer, ListReadError, date_from_name, kind_from_name, name_key, read_list
from arbiter_app.ratings.fide_list import month_date
from tests.ratings.lists import (
    COMBINED_HEADER,
    PLAYERS,
    single_header,
    write_combined,
    write_single,
    write_xml,
)


def players(path: Path, kind: str = "", date: str = "") -> tuple[list[ListPlayer], list[BadLine], object]:
    with read_list(path, kind, date) as listing:
        items = list(listing)
        layout = listing.layout
        assert listing.bytes_read == listing.size
    return [i for i in items if isinstance(i, ListPlayer)], [i for i in items if isinstance(i, BadLine)], layout


def test_published_header_column_positions() -> None:
    # The fixed columns of FIDE's TXT lists: the name from 15, the federation at 76, the first rating at 113.
    assert COMBINED_HEADER.index("Name") == 15
    assert COMBINED_HEADER.index("Fed") == 76
    assert COMBINED_HEADER.index("SRtng") == 113
    assert COMBINED_HEADER.index("B-day") == 152
    assert single_header().index("NOV26") == 113
    assert single_header().index("B-day") == 126


def test_combined_txt(tmp_path: Path) -> None:
    found, bad, layout = players(write_combined(tmp_path / "players_list_foa.txt"))
    assert not bad
    assert layout.format == "combined" and layout.kinds == ("standard", "rapid", "blitz")  # type: ignore[attr-defined]
    assert layout.date == ""  # type: ignore[attr-defined]
    carlsen = found[0]
    assert (carlsen.fide_id, carlsen.name, carlsen.federation, carlsen.sex, carlsen.title) == (
        1503014, "Carlsen, Magnus", "NOR", "M", "GM",
    )  # fmt: skip
    assert [(r.kind, r.rating) for r in carlsen.ratings] == [("standard", 2831), ("rapid", 2823), ("blitz", 2886)]
    assert carlsen.birth_year == 1990 and carlsen.line == 2
    nunez = found[5]
    assert nunez.name == "Núñez, José María" and nunez.o_title == "FA,IA" and nunez.ratings[1].rating is None
    ase = found[6]
    assert ase.birth_year is None and ase.w_title == "WFM" and ase.best_title == "WFM" and ase.flag == "wi"
    assert found[4].best_title == "GM"
    assert len(found) == len(PLAYERS)


def test_single_list_txt_takes_its_month_from_the_header(tmp_path: Path) -> None:
    found, bad, layout = players(write_single(tmp_path / "rapid_oct26frl.txt", "rapid", month="OCT26"))
    assert not bad and layout.format == "single" and layout.kinds == ("rapid",)  # type: ignore[attr-defined]
    assert layout.date == "2026-10"  # type: ignore[attr-defined]
    assert found[0].ratings[0].rating == 2823 and found[0].ratings[0].k == 20
    # the user's date and kind win
    _, _, layout = players(write_single(tmp_path / "list.txt", "blitz"), kind="blitz", date="2026-12")
    assert layout.date == "2026-12" and layout.kinds == ("blitz",)  # type: ignore[attr-defined]


def test_a_list_of_one_kind_must_say_which(tmp_path: Path) -> None:
    with pytest.raises(ListReadError, match="standard, rapid or blitz"):
        read_list(write_single(tmp_path / "list.txt"))


def test_columns_are_read_from_the_header_wherever_they_are(tmp_path: Path) -> None:
    # A list whose columns moved (a wider name column): the header says where each starts.
    header = "ID Number      Name" + " " * 70 + "Fed Sex Tit  WTit OTit           FOA NOV26 Gms K  B-day Flag"
    line = (
        f"{'1503014':<15}{'Carlsen, Magnus':<74}{'NOR':<4}{'M':<4}{'GM':<5}{'':<5}{'':<15}{'':<4}"
        f"{'2831':<6}{'5':<4}{'10':<3}{'1990':<6}"
    )
    path = tmp_path / "standard_nov26frl.txt"
    path.write_text(f"{header}\n{line}\n", "utf-8")
    found, bad, _ = players(path)
    assert not bad
    assert (found[0].name, found[0].federation, found[0].ratings[0].rating, found[0].birth_year) == (
        "Carlsen, Magnus", "NOR", 2831, 1990,
    )  # fmt: skip


def test_windows_line_ends_and_latin1(tmp_path: Path) -> None:
    found, bad, _ = players(write_combined(tmp_path / "players_list_foa.txt", crlf=True))
    assert not bad and found[0].flag == "" and found[3].flag == "wi"
    found, bad, _ = players(write_single(tmp_path / "standard_nov26frl.txt", encoding="cp1252"))
    assert not bad and found[5].name == "Núñez, José María"


def test_malformed_lines_are_named(tmp_path: Path) -> None:
    carlsen = write_combined(tmp_path / "x.txt").read_text("utf-8").splitlines()[1]
    bad_rating = carlsen[:113] + "28x1" + carlsen[117:]
    path = write_combined(
        tmp_path / "players_list_foa.txt",
        PLAYERS[:2],
        extra=("12ab           Someone, Else", bad_rating, "", "               No Id, Player", "9999999"),
    )
    found, bad, _ = players(path)
    assert len(found) == 2
    assert [(b.line, b.message) for b in bad] == [
        (4, "FIDE ID '12ab' is not a number"),
        (5, "rating '28x1' is not a number"),
        (7, "no FIDE ID"),
        (8, "no name"),
    ]
    assert str(bad[0]) == "line 4: FIDE ID '12ab' is not a number"


def test_not_a_rating_list(tmp_path: Path) -> None:
    path = tmp_path / "notes.txt"
    path.write_text("Dear arbiter,\nthe list follows.\n")
    with pytest.raises(ListReadError, match="line 1"):
        read_list(path)
    (tmp_path / "empty.txt").write_text("")
    with pytest.raises(ListReadError, match="empty"):
        read_list(tmp_path / "empty.txt")


def test_xml_one_list(tmp_path: Path) -> None:
    found, bad, layout = players(write_xml(tmp_path / "blitz_nov26frl_xml.xml", kind="blitz"))
    assert not bad and layout.format == "xml" and layout.kinds == ("blitz",)  # type: ignore[attr-defined]
    assert layout.date == "2026-11"  # type: ignore[attr-defined]
    carlsen = found[0]
    assert (carlsen.fide_id, carlsen.name, carlsen.federation, carlsen.title, carlsen.birth_year) == (
        1503014, "Carlsen, Magnus", "NOR", "GM", 1990,
    )  # fmt: skip
    assert carlsen.ratings[0].rating == 2886 and carlsen.line == 3
    assert found[6].ratings[0].rating is None  # <rating>0</rating>: unrated in this list


def test_xml_all_three_lists(tmp_path: Path) -> None:
    found, bad, layout = players(write_xml(tmp_path / "players_list_xml_foa.xml", combined=True))
    assert not bad and layout.kinds == ("standard", "rapid", "blitz")  # type: ignore[attr-defined]
    assert [r.rating for r in found[1].ratings] == [2805, 2750, 2720]


def test_xml_bad_player_and_broken_xml(tmp_path: Path) -> None:
    extra = ("<player><fideid>x1</fideid><name>Bad, Id</name></player>",)
    found, bad, _ = players(write_xml(tmp_path / "standard_nov26frl_xml.xml", PLAYERS[:1], extra=extra))
    assert len(found) == 1 and len(bad) == 1 and bad[0].line == 16 and "x1" in bad[0].message
    broken = write_xml(tmp_path / "standard_dec26frl_xml.xml", PLAYERS[:2], extra=("<player><fideid>1</player>",))
    with pytest.raises(ListReadError, match="line 29: the XML is not well formed"):
        players(broken)


def test_names_dates_kinds() -> None:
    assert name_key("Núñez, José-María") == "nunez jose maria"
    assert name_key("Øvergaard, Åse") == "overgaard ase"
    assert name_key("  Carlsen,Magnus ") == "carlsen magnus"
    assert name_key("Łukasiewicz") == "lukasiewicz"
    assert month_date("NOV24") == "2024-11" and month_date("SRtng") == ""
    assert date_from_name("standard_nov24frl.txt") == "2024-11"
    assert date_from_name("players_list_foa.txt") == ""
    assert kind_from_name("rapid_jan25frl_xml.xml") == "rapid" and kind_from_name("players_list.txt") == ""
