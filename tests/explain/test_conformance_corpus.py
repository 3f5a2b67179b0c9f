"""The explanation arrives at the engine's pairing on every round of the whole corpus (slow).

The same check as ``test_conformance_sample.py``, over every tournament of
tests/data/conformance: the chosen pairings of the final brackets make up the
engine's round, and every bracket of up to ``LARGEST`` players has a
complete trail and, where offered, a sieve ending at the engine's choice.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import DATA
from tests.explain.test_conformance_sample import disagreements

LARGEST = 8
"""Brackets this size or smaller are walked in full (larger ones are covered by the sample test)."""

FILES = sorted((DATA / "conformance").glob("dutch-2016*/*.trf"))


@pytest.mark.slow
@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_explanation_agrees_with_the_engine_everywhere(path: Path) -> None:
    wrong = disagreements(path, LARGEST)
    assert not wrong, "\n".join(wrong)
