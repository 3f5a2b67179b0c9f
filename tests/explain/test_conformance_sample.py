"""The explanation arrives at the engine's pairing, bracket by bracket, on a sample of the corpus.

For every round of every ``tiny-*`` file and of a few ``small-*`` ones: each
bracket of up to 12 players has a complete trail (B.3-B.8) whose result is
the pairing the engine chose, and a sieve that agrees whenever it is
offered; and the chosen pairings of the final brackets make up the round.
(The whole corpus, 12,637 brackets of up to 12 players, agreed when this was
written; see the report in arbiter_app/explain.)
"""

from __future__ import annotations

from pathlib import Path

import pytest

from arbiter_app.errors import PairingImpossibleError
from arbiter_app.explain import RoundExplanation, explain_round
from arbiter_app.explain.trail import SMALL_BRACKET
from arbiter_app.pairing.editions import BAKU_2016, DutchEdition
from arbiter_app.trf.reader import read_trf
from arbiter_app.trf.rounds import state_before_round
from tests.conftest import DATA
from tests.explain.conftest import numbers, pair_set

CORPUS = DATA / "conformance" / "dutch-2016"
SMALL = [
    "small-1051-p29-r6.trf",
    "small-1062-p19-r7.trf",
    "small-1072-p14-r6.trf",
    "small-1089-p16-r8.trf",
    "small-1098-p15-r8.trf",
    "small-1118-p13-r9.trf",
]
FILES = sorted(CORPUS.glob("tiny-*.trf")) + [CORPUS / name for name in SMALL]


def _rounds(path: Path, edition: DutchEdition = BAKU_2016) -> list[RoundExplanation]:
    doc = read_trf(path)
    explanations = []
    for round_number in range(1, max(len(p.rounds) for p in doc.players) + 1):
        try:
            explanations.append(explain_round(state_before_round(doc, round_number), edition))
        except PairingImpossibleError:
            continue
    return explanations


def disagreements(path: Path, largest: int = SMALL_BRACKET, edition: DutchEdition = BAKU_2016) -> list[str]:
    """Brackets of ``path`` where the explanation does not end at the engine's pairing.

    The chosen pairings of the final brackets must make up the round, and each
    bracket of up to ``largest`` players must have a complete trail (and, when
    offered, a sieve) whose result is the engine's choice.
    """
    found_wrong = []
    for explanation in _rounds(path, edition):
        boards = {frozenset((b.white, b.black)) for b in explanation.outline.pairing.boards}
        final = explanation.outline.final_brackets()
        assert set().union(*(pair_set(b.chosen.pairs) for b in final)) == boards
        for bracket in explanation.outline.brackets:
            if len(bracket.players) > largest:
                continue
            engine = (pair_set(bracket.chosen.pairs), sorted(numbers(bracket.chosen.downfloaters)))
            trail = explanation.trail(bracket.index)
            assert trail.complete, f"round {explanation.round} bracket {bracket.index}: trail cut"
            assert trail.result is not None and not trail.warnings
            found = (pair_set(trail.result.leaf.pairs), sorted(numbers(trail.result.leaf.downfloaters)))
            sieve = explanation.sieve(bracket.index)
            sieved = engine
            if sieve.available and sieve.chosen is not None:
                sieved = (pair_set(sieve.chosen.leaf.pairs), sorted(numbers(sieve.chosen.leaf.downfloaters)))
            if found != engine or sieved != engine:
                found_wrong.append(
                    f"round {explanation.round} bracket {bracket.index}: engine {engine}, trail {found}, sieve {sieved}"
                )
    return found_wrong


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_explanation_chooses_the_engines_pairing(path: Path) -> None:
    wrong = disagreements(path)
    assert not wrong, "\n".join(wrong)


def test_d2_numbers_the_remainder_afresh() -> None:
    """D.2 in a remainder counts BSNs 1, 2, ... within the remainder, as the endorsed engine does.

    Bracket [29][25, 32, 33, 34, 37, 38], round 5: after the MDP-pairing 29-34 the remainder is
    {25, 32, 33, 37, 38} (bracket BSNs 2, 3, 4, 6, 7).  Numbered 1-5, exchanging 32 and 37 (difference 2,
    and the higher BSN moved out, D.2.c) comes before 25 and 33; with the bracket's BSNs (differences 3
    and 2) it would not, and the file's pairing would be missed.
    """
    doc = read_trf(CORPUS / "medium-1143-p44-r9.trf")
    explanation = explain_round(state_before_round(doc, 5), BAKU_2016)
    bracket = explanation.bracket(5)
    assert numbers(bracket.players) == [29, 25, 32, 33, 34, 37, 38]
    trail = explanation.trail(5)
    assert trail.result is not None and trail.result.perfect
    assert trail.result.leaf.path.exchange == ((32,), (37,))
    assert pair_set(trail.result.leaf.pairs) == pair_set(bracket.chosen.pairs)
