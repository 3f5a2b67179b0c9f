"""Explaining a round of a 300-player tournament: outline and chosen pairings at the engine's speed.

The outline comes from one observed run of the engine; trails and sieves are
built only for brackets of up to 12 players (larger ones on request), the C.7
values of the chosen pairings by a cardinality matching where that is exact.
"""

from __future__ import annotations

import time

import pytest

from arbiter_app.explain import explain_round, round_json, round_text
from arbiter_app.generator import GeneratorConfig, generate
from arbiter_app.pairing.model import TournamentState
from arbiter_app.trf.rounds import state_before_round

BUDGET = 3.0


@pytest.fixture(scope="module")
def states() -> list[TournamentState]:
    doc = generate(GeneratorConfig(players=300, rounds=5), seed=3)
    return [state_before_round(doc, r) for r in range(1, 6)]  # round 5 is the last: topscorers too (A.7)


@pytest.mark.slow
def test_any_round_of_300_players_is_explained_within_budget(states: list[TournamentState]) -> None:
    timings = {}
    for state in states:
        start = time.process_time()  # CPU time: other processes on the machine do not count
        explanation = explain_round(state)
        round_text(explanation)
        round_json(explanation)
        timings[state.round] = time.process_time() - start
        assert sum(len(b.players) for b in explanation.outline.final_brackets()) >= 290
    slow = {r: round(t, 2) for r, t in timings.items() if t > BUDGET}
    assert not slow, f"rounds over {BUDGET} s: {slow} (all: {timings})"
