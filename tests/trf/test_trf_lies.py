"""TRF input that lies is refused with the line and column (issue 14); reading costs what the text costs."""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

import pytest

from arbiter_app.trf import PlayerLine, RoundEntry, TrfDocument, TrfFormatError, parse_trf, read_trf, write_trf
from tests.trf.test_trf_parse import SMALL, cell, edit


def _error(text: str) -> TrfFormatError:
    with pytest.raises(TrfFormatError) as caught:
        parse_trf(text, source="in.trf")
    return caught.value


def test_a_bye_code_with_an_opponent_who_plays_someone_else() -> None:
    # #1 "2 w U" in round 1 while #2 plays #4: #1 would be on a board and have the bye.
    error = _error(edit(SMALL, 4, cell(1), "   2 w U"))
    assert (error.line, error.column) == (4, cell(1)) and "bye code 'U'" in str(error)


def test_two_pairing_allocated_byes_in_one_round() -> None:
    extra = (
        "001    5      Epsilon                           2000                             1.0    5  0000 - U\n"
        "001    6      Zeta                              1900                             1.0    6  0000 - U\n"
    )
    error = _error(SMALL + extra)
    assert (error.line, error.column) == (9, cell(1) + 7) and "one pairing-allocated bye 'U' a round" in str(error)


@pytest.mark.parametrize("value", ["9" * 5000, "1" + "0" * 19, "1000"])
def test_absurd_numbers_of_rounds(value: str) -> None:
    error = _error(SMALL.replace("XXR 3", f"XXR {value}"))
    assert (error.line, error.column) == (2, 5) and "number of rounds from 1 to 999" in str(error)


@pytest.mark.parametrize("value", ["9" * 5000, "1" + "0" * 19, "1.25", "4100000000000000000000"])
def test_absurd_point_values(value: str) -> None:
    error = _error(SMALL + f"BBW {value}\n")
    assert (error.line, error.column) == (8, 5)


def test_xxr_below_the_rounds_held() -> None:
    error = _error(SMALL.replace("XXR 3", "XXR 1"))
    assert (error.line, error.column) == (2, 5) and "at least 2 rounds" in str(error)


@pytest.mark.parametrize(
    ("lines", "line", "says"),
    [
        ("BBW 0.0\n", 8, "a win above 0"),
        ("BBD 1.5\n", 8, "a draw no more than for a win"),
        ("BBL 1.0\n", 8, "a loss no more than for a draw"),
        ("BBU 100\n", 8, "no more than for a win"),
        ("BBW 40\nBBU 40\n", 8, "fit the points column"),
    ],
)
def test_point_values_out_of_order(lines: str, line: int, says: str) -> None:
    error = _error(SMALL + lines)
    assert error.line == line and says in str(error)


def test_a_points_column_that_is_not_a_number() -> None:
    error = _error(edit(SMALL, 5, 81, " abc"))
    assert (error.line, error.column) == (5, 81) and "points" in str(error)


@pytest.mark.parametrize("data", [b"", b"\x00" * 64, b"\n\n", b"012 Only a header\n"])
def test_files_without_players(tmp_path: Path, data: bytes) -> None:
    path = tmp_path / "in.trf"
    path.write_bytes(data)
    with pytest.raises(TrfFormatError) as caught:
        read_trf(path)
    assert caught.value.line == 1


def test_a_nul_byte_names_its_line_and_column() -> None:
    error = _error(SMALL.replace("Gamma", "Ga\x00ma"))
    assert (error.line, error.column) == (6, 17) and "control character" in str(error)


def test_a_utf16_file_is_read_as_utf16(tmp_path: Path) -> None:
    path = tmp_path / "in.trf"
    path.write_bytes(SMALL.replace("Alpha", "Ålpha").encode("utf-16"))
    assert read_trf(path).player(1).name == "Ålpha"


def test_pairing_beyond_the_declared_rounds_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "in.trf"
    path.write_text(SMALL.replace("XXR 3", "XXR 2"))
    done = subprocess.run(
        [sys.executable, "-m", "arbiter_app.cli.pairings", "--dutch", str(path), "-p"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 3 and "all 2 rounds" in done.stderr and done.stdout == ""


@pytest.mark.parametrize("data", [b"", b"\x00" * 10, "XXR 1\n".encode("utf-16-le")])
def test_pairings_of_no_tournament_is_an_error(tmp_path: Path, data: bytes) -> None:
    path = tmp_path / "in.trf"
    path.write_bytes(data)
    done = subprocess.run(
        [sys.executable, "-m", "arbiter_app.cli.pairings", "--dutch", str(path), "-p"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 3 and done.stdout == "" and "in.trf:1:" in done.stderr


def test_pairings_with_a_twenty_digit_xxr_is_an_error(tmp_path: Path) -> None:
    path = tmp_path / "in.trf"
    path.write_text(SMALL.replace("XXR 3", "XXR " + "1" * 20))
    done = subprocess.run(
        [sys.executable, "-m", "arbiter_app.cli.pairings", "--dutch", str(path), "-p"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 3 and "in.trf:2:5" in done.stderr


def test_a_long_xxp_line_costs_little() -> None:
    numbers = " ".join(str(k) for k in range(1, 10_001))
    start = time.perf_counter()
    error = _error(SMALL + f"XXP {numbers}\n")
    assert time.perf_counter() - start < 1.0
    # longer than any TRF line can be (issue 33.5: refused by its length, never echoed)
    assert error.line == 8 and "a line of at most 10,081 characters" in str(error) and "48,897 characters" in str(error)


@pytest.mark.parametrize("number", ["1" + "0" * 5000, "1" + "0" * 19])
def test_absurd_pairing_numbers_in_xxp_lines(number: str) -> None:
    error = _error(SMALL + f"XXP 1 {number}\n")
    assert (error.line, error.column) == (8, 7) and "pairing number from 1 to 9999" in str(error)


def test_absurd_acceleration_values() -> None:
    error = _error(SMALL + "XXA 1 1.0 4100000000000000000000\n")
    assert (error.line, error.column) == (8, 11)


def test_a_repeated_number_in_an_xxp_line() -> None:
    error = _error(SMALL + "XXP 1 2 1\n")
    assert (error.line, error.column) == (8, 9)


def test_a_ten_megabyte_xxa_line_costs_little() -> None:
    start = time.perf_counter()
    error = _error(SMALL + "XXA 1" + " 1.0" * 2_500_000 + "\n")
    assert time.perf_counter() - start < 2.0
    assert error.line == 8 and "a line of at most 10,081 characters" in str(error) and len(str(error)) < 300


def test_a_player_line_with_too_many_rounds() -> None:
    line = SMALL.splitlines()[3] + "  0000 - -" * 1200
    error = _error("\n".join(SMALL.splitlines()[:3] + [line]) + "\n")
    assert (error.line, error.column) == (4, cell(1000))


def test_line_breaks_in_values_never_make_lines_of_their_own() -> None:
    doc = TrfDocument(
        players=(
            PlayerLine(
                1, "m", "", "Alpha\n001    2 Fake", 2000, "", "", "", "0.0", 1, (RoundEntry(None, "-", "-"),), 0
            ),
        ),
        other_lines=((0, "022 Town\nXXR 1"), (0, "012 A\rB")),
    )
    text = write_trf(doc)
    assert [line[:3] for line in text.splitlines()] == ["022", "012", "001"]
