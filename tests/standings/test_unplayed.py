"""The Arbiters' Manual's rule on unplayed games: opponents' unplayed games drawn, the virtual opponent."""

from __future__ import annotations

from fractions import Fraction as F

import pytest

from arbiter_app.errors import ArbiterError
from arbiter_app.pairing.model import PointSystem
from arbiter_app.standings import TieBreakContext
from arbiter_app.standings.buchholz import buchholz
from arbiter_app.standings.unplayed import virtual_opponent_score

from .builders import round_robin_rounds, seven_players, tournament

TEN = {n: 2500 - 10 * n for n in range(1, 11)}
STANDARD = PointSystem()


def test_manual_formula_example_1() -> None:
    """Manual, example 1: round 3 of 9, P (1.5 points) does not show up: Svon 2.5 after round 3, 5.5 at the end."""
    assert virtual_opponent_score(F(3, 2), F(0), 3, 3, STANDARD) == F(5, 2)
    assert virtual_opponent_score(F(3, 2), F(0), 3, 9, STANDARD) == F(11, 2)


def test_manual_formula_example_2() -> None:
    """Manual, example 2: round 6 of 9, P's opponent (P has 3.5) does not show up: Svon 3.5, then 5.0."""
    assert virtual_opponent_score(F(7, 2), F(1), 6, 6, STANDARD) == F(7, 2)
    assert virtual_opponent_score(F(7, 2), F(1), 6, 9, STANDARD) == F(5)


def _example_1():
    # In this 10-player round robin player 1 meets 10, 9, 8, 7, ... in rounds 1, 2, 3, 4, ...
    rounds = round_robin_rounds(10, {frozenset({1, 10}): (1, "1"), frozenset({1, 8}): (8, "+")})
    return tournament(TEN, rounds)


def test_example_1_in_a_tournament() -> None:
    """Example 1 played out: the forfeit of round 3 meets a virtual opponent of 2.5 after round 3, 5.5 after 9."""
    state = _example_1()
    after_3 = TieBreakContext.from_state(state, 3).encounters[1][2]
    assert after_3.is_virtual and after_3.points == 0 and after_3.opponent_score == F(5, 2)
    assert TieBreakContext.from_state(state).encounters[1][2].opponent_score == F(11, 2)


def test_example_2_in_a_tournament() -> None:
    """Example 2 played out: 3.5 after five rounds, the opponent of round 6 (player 5) does not come."""
    results = {frozenset({1, 10}): (1, "1"), frozenset({1, 9}): (1, "1"), frozenset({1, 5}): (1, "+")}
    state = tournament(TEN, round_robin_rounds(10, results))
    assert TieBreakContext.from_state(state, 5).scores[1] == F(7, 2)
    assert TieBreakContext.from_state(state, 6).encounters[1][5].opponent_score == F(7, 2)
    assert TieBreakContext.from_state(state).encounters[1][5].opponent_score == F(5)
    # and player 5, who did not come, meets a virtual opponent too (the other side of the forfeit)
    five = TieBreakContext.from_state(state).encounters[5][5]
    assert five.is_virtual and five.result == 0


@pytest.mark.parametrize(("code", "expected"), [("+", F(5)), ("-", F(6))])
def test_manual_tables(code: str, expected: F) -> None:
    """The manual's tables: A has 2 points before the round, 6 rounds follow.
    A scores 1 (virtual opponent 0): virtual opponent ends on 2 + 0 + 3 = 5; A scores 0: 2 + 1 + 3 = 6."""
    results = {frozenset({1, 10}): (1, "1"), frozenset({1, 9}): (1, "1")}
    results[frozenset({1, 8})] = (1, "+") if code == "+" else (8, "+")
    state = tournament(TEN, round_robin_rounds(10, results))
    assert TieBreakContext.from_state(state).encounters[1][2].opponent_score == expected


def test_seven_players_opponent_scores() -> None:
    """Unplayed games of opponents count as draws: 3 (forfeit), 4 (bye, forfeit win), 5 (half-point bye) and
    7 (two absent rounds) all have 1.5 or 2 for tie-breaks; players who played every round keep their score."""
    context = TieBreakContext.from_state(seven_players())
    assert context.scores == {1: F(7, 2), 2: F(3), 3: F(1), 4: F(5, 2), 5: F(2), 6: F(1), 7: F(1, 2)}
    assert context.tiebreak_scores == {1: F(7, 2), 2: F(3), 3: F(3, 2), 4: F(3, 2), 5: F(2), 6: F(1), 7: F(3, 2)}


@pytest.mark.parametrize(
    ("player", "round_number", "svon"),
    [
        (3, 2, F(5, 2)),  # forfeit loss: 0.5 + (1 - 0) + 0.5 * (4 - 2)
        (4, 1, F(3, 2)),  # pairing-allocated bye: 0 + (1 - 1) + 0.5 * 3
        (4, 2, F(2)),  # forfeit win: 1 + (1 - 1) + 0.5 * 2
        (5, 2, F(3, 2)),  # half-point bye: 0 + (1 - 0.5) + 0.5 * 2
        (7, 3, F(2)),  # withdrawn: 0.5 + (1 - 0) + 0.5 * 1
        (7, 4, F(3, 2)),  # withdrawn: 0.5 + (1 - 0) + 0
    ],
)
def test_seven_players_virtual_opponents(player: int, round_number: int, svon: F) -> None:
    encounter = TieBreakContext.from_state(seven_players()).encounters[player][round_number - 1]
    assert encounter.is_virtual
    assert encounter.opponent_score == svon


def test_results_considered_normal() -> None:
    """Manual: "For the round itself the result by forfeit will be considered as a normal result"."""
    context = TieBreakContext.from_state(seven_players())
    assert [e.result for e in context.encounters[4]] == [1, 1, 0, F(1, 2)]
    assert [e.result for e in context.encounters[5]] == [0, F(1, 2), 1, F(1, 2)]
    assert [e.result for e in context.encounters[7]] == [F(1, 2), 0, 0, 0]


def test_other_point_system() -> None:
    """With 3-1-0 points, 1 and 0.5 in the formula are the win and the draw: the bye of 3 points gives 0 + 1 * 3."""
    system = PointSystem(win=30, draw=10, pairing_allocated_bye=30)
    state = tournament({1: 0, 2: 0, 3: 0}, ["1-2 1-0, 3 U", "3-1 =, 2 U", "2-3 0-1, 1 U", "1-2 =, 3 U"], system)
    context = TieBreakContext.from_state(state)
    assert context.encounters[3][0].opponent_score == 3  # 0 + (3 - 3) + 1 * 3
    assert context.tiebreak_scores[3] == 1 + 3 + 1 + 1  # byes count as draws for the opponents
    # player 1 (4 points before his bye in round 3): 2 (player 2) + 6 (player 3) + (4 + 0 + 1) + 2
    assert context.encounters[1][2].opponent_score == 5
    assert buchholz(context, 1) == 15


def test_round_out_of_range() -> None:
    with pytest.raises(ArbiterError):
        TieBreakContext.from_state(seven_players(), 5)
