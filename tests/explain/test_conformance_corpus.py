"""The explanation arrives at the engine's pairing on every round of the whole corpus (slow).

The same check as ``test_conformance_sample.py``, over every tournament of
../shared/conformance: the chosen pairings of the final brackets make up the
engine's round, and every bracket of up to ``LARGEST`` players has a
complete trail and, where offered, a sieve ending at the engine's choice.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import SHARED
from tests.explain.conftest import numbers, pair_set
from tests.explain.test_conformance_sample import _rounds

LARGEST = 8
"""Brackets this size or smaller are walked in full (larger ones are covered by the sample test)."""

FILES = sorted((SHARED / "conformance").glob("dutch-2016*/*.trf"))


@pytest.mark.slow
@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_explanation_agrees_with_the_engine_everywhere(path: Path) -> None:
    disagreements = []
    for explanation in _rounds(path):
        boards = {frozenset((b.white, b.black)) for b in explanation.outline.pairing.boards}
        final = explanation.outline.final_brackets()
        assert set().union(*(pair_set(b.chosen.pairs) for b in final)) == boards
        for bracket in explanation.outline.brackets:
            if len(bracket.players) > LARGEST:
                continue
            engine = (pair_set(bracket.chosen.pairs), sorted(numbers(bracket.chosen.downfloaters)))
            trail = explanation.trail(bracket.index)
            found = trail.result and (pair_set(trail.result.leaf.pairs), sorted(numbers(trail.result.leaf.downfloaters)))
            sieve = explanation.sieve(bracket.index)
            sieved = engine
            if sieve.available and sieve.chosen is not None:
                sieved = (pair_set(sieve.chosen.leaf.pairs), sorted(numbers(sieve.chosen.leaf.downfloaters)))
            if not trail.complete or found != engine or sieved != engine:
                disagreements.append(f"round {explanation.round} bracket {bracket.index}: engine {engine}, "
                                     f"trail {found}, sieve {sieved}")
    assert not disagreements, "\n".join(disagreements)
