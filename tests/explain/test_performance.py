"""Explaining every round of a 300-player tournament: every player accounted for, the whole text and JSON made.

The outline comes from one observed run of the engine; trails and sieves are
built only for brackets of up to 12 players (larger ones on request), the C.7
values of the chosen pairings by a cardinality matching where that is exact.
How long it takes is measured by ``bench/explain_speed.py``, never asserted here.
"""

from __future__ import annotations

import pytest

from arbiter_app.explain import explain_round, round_json, round_text
from arbiter_app.generator import GeneratorConfig, generate
from arbiter_app.pairing.editions import BAKU_2016
from arbiter_app.pairing.model import TournamentState
from arbiter_app.trf.rounds import state_before_round


@pytest.fixture(scope="module")
def states() -> list[TournamentState]:
    doc = generate(GeneratorConfig(players=300, rounds=5), seed=3, edition=BAKU_2016)
    return [state_before_round(doc, r) for r in range(1, 6)]  # round 5 is the last: topscorers too (A.7)


@pytest.mark.slow
def test_any_round_of_300_players_is_explained(states: list[TournamentState]) -> None:
    for state in states:
        explanation = explain_round(state, BAKU_2016)
        text, data = round_text(explanation), round_json(explanation)
        placed = sum(len(b.players) for b in explanation.outline.final_brackets())
        assert placed >= 290, f"round {state.round}: only {placed} players in the final brackets"
        assert text.startswith(f"Round {state.round}:") and data["round"] == state.round
