"""Conformance: every round of every tournament paired by the endorsed engine, re-paired identically.

The protocol of tests/data/conformance/README.md: for each round, rebuild the
tournament as it stood before it, pair it, and compare the pairs (colours
included, forfeited games too) and the pairing-allocated bye with the file.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from arbiter_app.conformance import check_tournament
from arbiter_app.pairing.editions import BAKU_2016
from arbiter_app.trf.reader import read_trf
from tests.conftest import DATA

FILES = sorted((DATA / "conformance").glob("dutch-2016*/*.trf")) + [DATA / "fixtures" / "arbiters-manual-12.trf"]


@pytest.mark.slow
@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_every_round_is_identical(path: Path) -> None:
    checks = check_tournament(read_trf(path), BAKU_2016)
    assert checks, "the file has paired rounds"
    different = [c for c in checks if not c.matches]
    assert not different, "\n\n".join(c.side_by_side() for c in different)


def test_the_corpus_is_here() -> None:
    """The conformance run must not pass by finding nothing."""
    assert len(FILES) >= 316
