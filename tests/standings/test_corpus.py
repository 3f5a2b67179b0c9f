"""The conformance corpus (forfeits, byes, 3-1-0 point systems): every player's score is the file's points
column, every round's pairing list accounts for every player, and every tie-break of the manual computes."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from arbiter_app.standings import ARBITERS_MANUAL, pairing_list, standings
from arbiter_app.trf import read_trf
from arbiter_app.trf.rounds import next_round, state_before_round

CORPUS = Path(__file__).resolve().parents[1] / "data" / "conformance" / "dutch-2016"
FILES = sorted(CORPUS.glob("*.trf"))


def _check(path: Path, codes: tuple[str, ...]) -> None:
    doc = read_trf(path)
    last = next_round(doc)
    state = state_before_round(doc, last)
    table = standings(state, codes)
    assert {row.number: row.score for row in table.rows} == {
        line.number: Fraction(line.points or "0") for line in doc.players
    }
    places = [row.place for row in table.rows]
    assert places == sorted(places) and places[0] == 1
    for k in range(1, last):
        listing = pairing_list(state, k)
        assert 2 * len(listing.boards) + len(listing.unpaired) == len(state.players)


@pytest.mark.parametrize("path", FILES[:12], ids=lambda p: p.name)
def test_corpus_sample(path: Path) -> None:
    _check(path, tuple(ARBITERS_MANUAL.tiebreaks))


@pytest.mark.slow
@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_corpus(path: Path) -> None:
    _check(path, tuple(ARBITERS_MANUAL.tiebreaks))
