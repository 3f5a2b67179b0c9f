"""Shared fixtures: the Arbiters' Manual tournament, explained round by round."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path

import pytest

from arbiter_app.explain import RoundExplanation, explain_round
from arbiter_app.explain.outline import BracketOutline
from arbiter_app.explain.trail import Trail, TrailCandidate
from arbiter_app.pairing.editions import BAKU_2016
from arbiter_app.trf.model import TrfDocument
from arbiter_app.trf.reader import read_trf
from arbiter_app.trf.rounds import state_before_round


@pytest.fixture(scope="session")
def manual_path(data: Path) -> Path:
    return data / "fixtures" / "arbiters-manual-12.trf"


@pytest.fixture(scope="session")
def manual(manual_path: Path) -> TrfDocument:
    return read_trf(manual_path)


@pytest.fixture(scope="session")
def explained(manual: TrfDocument) -> Callable[[int], RoundExplanation]:
    """The explanation of a round of the manual's tournament (built once per round)."""
    cache: dict[int, RoundExplanation] = {}

    def get(round_number: int) -> RoundExplanation:
        if round_number not in cache:
            cache[round_number] = explain_round(state_before_round(manual, round_number), BAKU_2016)
        return cache[round_number]

    return get


def pair_set(pairs: Iterable[tuple[object, object]]) -> set[frozenset[int]]:
    """Pairs as sets of pairing numbers (contestants or numbers), colours ignored."""
    return {frozenset(getattr(p, "number", p) for p in pair) for pair in pairs}  # type: ignore[misc]


def numbers(players: Iterable[object]) -> list[int]:
    return [getattr(p, "number") for p in players]


def find_bracket(explanation: RoundExplanation, moved_down: list[int], residents: list[int]) -> BracketOutline:
    for bracket in explanation.outline.brackets:
        if numbers(bracket.bracket.moved_down) == moved_down and numbers(bracket.bracket.residents) == residents:
            return bracket
    raise AssertionError(f"no bracket {moved_down}{residents} in round {explanation.round}")


def find_candidate(trail: Trail, pairs: list[tuple[int, int]], floaters: list[int]) -> TrailCandidate:
    wanted = {frozenset(p) for p in pairs}
    for c in trail.candidates:
        if pair_set(c.leaf.pairs) == wanted and sorted(numbers(c.leaf.downfloaters)) == sorted(floaters):
            return c
    raise AssertionError(f"candidate {pairs} with {floaters} floating is not in the trail")
