"""The explanation arrives at the engine's pairing under C.04.3-2026, on the 2026 corpus.

The same check as ``test_conformance_sample.py`` (Baku 2016), with the rounds of
tests/data/conformance/dutch-2026 explained by the edition that paired them: the
chosen pairings of the final brackets make up the engine's round, and every
bracket of up to 12 players has a complete
trail (C.04.3-2026 3.3-3.8) and, where offered, a sieve ending at the engine's
choice.  The fast sample takes the tiny tournaments in which manifest.tsv lists
rounds the editions pair differently, and a few small ones.  The whole corpus,
1,217 rounds, agreed when this was written (see the report of branch explain26).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from arbiter_app.pairing.editions import FIDE_2026
from tests.conftest import DATA
from tests.explain.test_conformance_sample import disagreements

CORPUS = DATA / "conformance" / "dutch-2026"


def _differing() -> list[str]:
    """The files manifest.tsv lists with rounds that Baku 2016 pairs differently."""
    lines = (CORPUS / "manifest.tsv").read_text(encoding="utf-8").splitlines()
    return [line.split("\t")[0] for line in lines if line.strip() and line.split("\t")[2] != "-"]


SAMPLE = [CORPUS / name for name in _differing() if name.startswith("d26-tiny-")] + [
    CORPUS / name for name in ("d26-small-60047-p25-r5.trf", "d26-small-60048-p20-r7.trf", "d26-small-60059-p18-r7.trf")
]
EVERYTHING = sorted(CORPUS.glob("*.trf"))
LARGEST = 12


@pytest.mark.parametrize("path", SAMPLE, ids=lambda p: p.name)
def test_explanation_chooses_the_engines_pairing_2026(path: Path) -> None:
    wrong = disagreements(path, edition=FIDE_2026)
    assert not wrong, "\n".join(wrong)


@pytest.mark.slow
@pytest.mark.parametrize("path", EVERYTHING, ids=lambda p: p.name)
def test_explanation_agrees_with_the_engine_on_the_2026_corpus(path: Path) -> None:
    wrong = disagreements(path, LARGEST, edition=FIDE_2026)
    assert not wrong, "\n".join(wrong)
