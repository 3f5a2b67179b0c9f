"""C.07 conformance: every value of every table of ``tests/data/conformance/tiebreaks-c07/`` (the FIDE TEC
tie-break checker's, editions 2024 and 2026), reproduced through ``arbiter-tiebreaks --tsv``.

The tables print undefined values (ARO without a game over the board, ARO/C1
with a single game, ...) as ``-0``; so does the command.  Numbers compare
to two decimals.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from arbiter_app.cli.tiebreaks import EXIT_OK, run

DATA = Path(__file__).resolve().parents[1] / "data" / "conformance"
TABLES = sorted((DATA / "tiebreaks-c07").glob("*.tsv"))


def _same(expected: str, got: str) -> bool:
    if expected == "-0" or got == "-0":
        return expected == got
    return round(float(expected), 2) == round(float(got), 2)


def mismatches(table: Path) -> tuple[int, list[str]]:
    """The number of values compared and the ones that differ."""
    name, edition = table.name.removesuffix(".tsv").split(".")
    lines = table.read_text().splitlines()
    header = lines[0].split("\t")
    status, text = run([str(DATA / "dutch-2016" / f"{name}.trf"), "--rules", edition,
                        "--tiebreaks", " ".join(header[2:]), "--tsv"])  # fmt: skip
    assert status == EXIT_OK, text
    ours = text.splitlines()
    assert ours[0].split("\t") == header
    assert len(ours) == len(lines)
    compared, wrong = 0, []
    for expected_line, got_line in zip(lines[1:], ours[1:]):
        expected, got = expected_line.split("\t"), got_line.split("\t")
        assert expected[0] == got[0]
        for code, e, g in zip(header[1:], expected[1:], got[1:]):
            compared += 1
            if not _same(e, g):
                wrong.append(f"{table.name} player {expected[0]} {code}: table {e}, ours {g}")
    return compared, wrong


def test_corpus_size() -> None:
    assert len(TABLES) == 140


@pytest.mark.parametrize("table", TABLES, ids=lambda p: p.name)
def test_table(table: Path) -> None:
    compared, wrong = mismatches(table)
    assert compared > 0
    assert wrong == []
