"""Writing documents built in code, and reading files from disk."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from arbiter_app.trf import (
    PlayerLine,
    RoundEntry,
    TrfDocument,
    TrfReadError,
    TrfWriteError,
    parse_trf,
    read_trf,
    write_trf,
)


def player(number: int, name: str, rounds: tuple[RoundEntry, ...]) -> PlayerLine:
    return PlayerLine(
        number=number,
        sex="m",
        title=" GM" if number == 1 else "   ",
        name=name,
        rating=2500 - number,
        federation="NOR",
        fide_id=str(1503000 + number),
        birth="1990/11/30",
        points="1.0" if number == 1 else "0.0",
        rank=number,
        rounds=rounds,
        line_number=0,
    )


BUILT = TrfDocument(
    players=(
        player(1, "Carlsen, Magnus", (RoundEntry(2, "w", "1"),)),
        player(2, "Doe, John", (RoundEntry(1, "b", "0"),)),
        player(3, "Roe, Jane", (RoundEntry(None, "-", "U"),)),
    ),
    rounds_count=5,
    initial_colour="black",
    accelerations={1: ("1.0",), 2: ("0.5",)},
    forbidden_pairs=((2, 3),),
    point_values={"BBW": "3.0"},
    other_lines=((0, "012 Built in code"),),
)

BUILT_TEXT = (
    "012 Built in code\n"
    "XXR 5\n"
    "XXC black1\n"
    "BBW  3.0\n"
    "001    1 m GM Carlsen, Magnus                   2499 NOR     1503001 1990/11/30  1.0    1     2 w 1\n"
    "001    2 m    Doe, John                         2498 NOR     1503002 1990/11/30  0.0    2     1 b 0\n"
    "001    3 m    Roe, Jane                         2497 NOR     1503003 1990/11/30  0.0    3  0000 - U\n"
    "XXA    1  1.0\n"
    "XXA    2  0.5\n"
    "XXP    2    3\n"
)


def test_document_without_line_order_is_written_in_canonical_order() -> None:
    assert write_trf(BUILT) == BUILT_TEXT


def test_written_document_reads_back() -> None:
    doc = parse_trf(write_trf(BUILT))
    assert doc.players[0] == replace(BUILT.players[0], line_number=5)
    assert (doc.accelerations, doc.forbidden_pairs, doc.point_values) == (
        BUILT.accelerations,
        BUILT.forbidden_pairs,
        BUILT.point_values,
    )


def test_lines_missing_from_line_order_are_appended() -> None:
    doc = parse_trf(BUILT_TEXT)
    extra = player(4, "New, Player", ())
    edited = replace(doc, players=(*doc.players, extra), rounds_count=None)
    lines = write_trf(edited).splitlines()
    assert "XXR 5" not in lines
    assert lines[-1].startswith("001    4 m    New, Player")


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"name": "N" * 34}, "name"),
        ({"rating": 12345}, "rating"),
        ({"rounds": (RoundEntry(10000, "w", "1"),)}, "opponent 10000"),
    ],
)
def test_values_that_do_not_fit_are_refused(change: dict[str, object], message: str) -> None:
    doc = replace(BUILT, players=(replace(BUILT.players[0], **change), *BUILT.players[1:]))
    with pytest.raises(TrfWriteError, match=message):
        write_trf(doc)


def test_read_trf_reports_unreadable_file(tmp_path: Path) -> None:
    missing = tmp_path / "missing.trf"
    with pytest.raises(TrfReadError) as caught:
        read_trf(missing)
    assert caught.value.path == str(missing)
    assert caught.value.reason
    assert isinstance(caught.value.__cause__, OSError)


def test_read_trf_falls_back_to_latin_1(tmp_path: Path) -> None:
    path = tmp_path / "latin.trf"
    path.write_bytes(BUILT_TEXT.replace("Roe, Jane", "Roé, Jane").encode("latin-1"))
    assert read_trf(path).player(3).name == "Roé, Jane"


def test_read_trf_names_the_file_in_errors(tmp_path: Path) -> None:
    path = tmp_path / "bad.trf"
    path.write_text("XXR x\n", encoding="utf-8")
    with pytest.raises(Exception, match=rf"^{path}:1:5: expected a number of rounds from 1 to 999, found 'x'$"):
        read_trf(path)
