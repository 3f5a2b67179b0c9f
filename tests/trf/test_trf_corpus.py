"""Every corpus TRF file parses and is written back byte for byte."""

from __future__ import annotations

from pathlib import Path

import pytest

from arbiter_app.trf import RoundEntry, read_trf, write_trf

DATA = Path(__file__).resolve().parents[1] / "data"
CONFORMANCE = DATA / "conformance"
MANUAL = DATA / "fixtures" / "arbiters-manual-12.trf"


def _corpus() -> list[Path]:
    folders = (CONFORMANCE / "dutch-2016", CONFORMANCE / "dutch-2016-baku")
    return sorted(path for folder in folders for path in folder.glob("*.trf")) + [MANUAL]


def _lf_text(path: Path) -> str:
    return path.read_bytes().decode("utf-8").replace("\r\n", "\n").replace("\r", "\n")


@pytest.mark.parametrize("path", _corpus(), ids=lambda path: path.name)
def test_file_parses_and_round_trips(path: Path) -> None:
    doc = read_trf(path)
    assert doc.players
    assert write_trf(doc) == _lf_text(path)


def test_corpus_is_complete() -> None:
    assert len(_corpus()) == 316


def test_arbiters_manual_fields() -> None:
    doc = read_trf(MANUAL)
    alice = doc.player(1)
    assert (alice.number, alice.name, alice.rating, alice.points, alice.rank) == (1, "Alice", 2600, "6.5", None)
    assert (alice.sex, alice.title, alice.federation, alice.fide_id, alice.birth) == (" ", "   ", "", "", "")
    assert alice.line_number == 4
    assert alice.rounds[0] == RoundEntry(7, "w", "1")
    assert alice.rounds[6] == RoundEntry(3, "b", "0")
    assert doc.player(12).name == "Leonard"
    assert doc.player(12).rounds[8] == RoundEntry(8, "w", "0")
    assert [player.number for player in doc.players] == list(range(1, 13))
    assert all(len(player.rounds) == 9 for player in doc.players)
    assert doc.rounds_count == 9
    assert doc.initial_colour == "white"
    assert doc.other_lines == ((1, "012 Arbiters Manual example"),)
    assert doc.accelerations == {} and doc.point_values == {} and doc.forbidden_pairs == ()
    assert doc.warnings == ()
    assert doc.last_round_with_results() == 9


def test_three_one_file_with_point_values() -> None:
    # The BBW/BBD lines appear twice in these files: before and after the 001 lines.
    path = CONFORMANCE / "dutch-2016" / "threeone-1261-p15-r6.trf"
    doc = read_trf(path)
    assert doc.initial_colour == "white"
    assert doc.rounds_count == 6
    assert doc.point_values == {"BBW": "3.0", "BBD": "1.0"}
    assert doc.line_order[:5] == ("other", "XXR", "XXC", "BBW", "BBD")
    assert doc.line_order[-2:] == ("BBW", "BBD")
    assert len(doc.players) == 15


def test_baku_file_with_accelerations() -> None:
    path = CONFORMANCE / "dutch-2016-baku" / "baku-2018-p36-r9.trf"
    doc = read_trf(path)
    assert doc.initial_colour == "black"
    assert doc.rounds_count == 9
    assert len(doc.players) == 36
    assert doc.accelerations[1] == ("1.0", "1.0", "1.0", "0.5", "0.5", "0.0", "0.0", "0.0", "0.0")
    assert set(doc.accelerations) == {player.number for player in doc.players}
    assert doc.player(2).rounds[6] == RoundEntry(None, "-", "H")
    assert doc.player(2).points == "7.0" and doc.player(2).rank == 1
