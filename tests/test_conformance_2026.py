"""Conformance, 2026 edition: every round of ``dutch-2026/`` re-paired identically by ``fide-2026``.

The protocol of tests/data/conformance/README.md, on the corpus paired by the
FIDE (Dutch) system as applied from 1 February 2026 (C.04.3-2026 with
C.04.1-2026 and C.04.2-2026): each round was produced by one 2026
implementation and accepted by a second, independent one.  ``manifest.tsv``
names the rounds that Baku 2016 pairs differently, the rounds that tell the
editions apart.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from arbiter_app.conformance import check_tournament
from arbiter_app.pairing.editions import BAKU_2016, FIDE_2026, declared_edition
from arbiter_app.trf.reader import read_trf
from tests.conftest import DATA

FOLDER = DATA / "conformance" / "dutch-2026"
FILES = sorted(FOLDER.glob("*.trf"))


def _manifest() -> dict[str, tuple[int, ...]]:
    """File name -> the rounds Baku 2016 pairs differently (empty for none)."""
    rows = {}
    for line in (FOLDER / "manifest.tsv").read_text().splitlines():
        name, _rounds, differing = line.split("\t")
        rows[name] = () if differing == "-" else tuple(int(r) for r in differing.split(","))
    return rows


MANIFEST = _manifest()

SAMPLE = [
    # Files with rounds where the editions differ; the comment names what the
    # round needs (the rule without which the engine pairs it otherwise):
    "d26-irregular-60122-p12-r9.trf",  # [C5] lowest bye score; [C9] fewest unplayed games for the bye
    "d26-irregular-60138-p23-r11.trf",  # [C9]
    "d26-small-60072-p17-r7.trf",  # [C9] only where the bracket downfloats exactly one player
    "d26-irregular-60120-p42-r5.trf",  # floats of 1.4.3-1.4.4 (no float for a zero-point bye or forfeit loss)
    "d26-irregular-60127-p19-r5.trf",  # floats of 1.4.3-1.4.4
    "d26-tiny-60028-p10-r7.trf",  # [C8]: the following bracket's [C4]
    "d26-small-60059-p18-r7.trf",  # [C8]: a downfloater who would have to float twice
    "d26-tiny-60016-p12-r7.trf",  # [C8] in a final round, with topscorers
    "d26-irregular-60143-p16-r11.trf",  # [C8]
    "d26-threeone-60170-p41-r9.trf",  # 3-1-0 scoring
    # and files where both editions agree:
    "d26-tiny-60002-p6-r5.trf",
    "d26-small-60040-p17-r5.trf",
]


def _check(path: Path) -> None:
    doc = read_trf(path)
    assert declared_edition(doc) is FIDE_2026, "the file declares 092 FIDE_DUTCH_2025"
    checks = check_tournament(doc, FIDE_2026)
    assert checks, "the file has paired rounds"
    different = [c for c in checks if not c.matches]
    assert not different, "\n\n".join(c.side_by_side() for c in different)


@pytest.mark.parametrize("name", SAMPLE)
def test_sample_round_by_round(name: str) -> None:
    """A fast sample: the rounds that tell the editions apart, and some that do not."""
    _check(FOLDER / name)


@pytest.mark.slow
@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_every_round_is_identical(path: Path) -> None:
    _check(path)


def test_the_corpus_is_here() -> None:
    """The run must not pass by finding nothing: 168 files, 1,217 rounds, 88 of them telling the editions apart."""
    assert len(FILES) == 168
    assert sum(len(r) for r in MANIFEST.values()) == 88
    assert {name for name, rounds in MANIFEST.items() if rounds} & set(SAMPLE)


def test_the_sample_holds_rounds_where_baku_2016_differs() -> None:
    """Baku 2016 pairs the manifest's rounds differently: the sample really tells the editions apart."""
    differing = {name: MANIFEST[name] for name in SAMPLE if MANIFEST[name]}
    assert len(differing) >= 8
    name, rounds = next(iter(differing.items()))
    checks = {c.round: c for c in check_tournament(read_trf(FOLDER / name), BAKU_2016)}
    assert all(not checks[r].matches for r in rounds)
