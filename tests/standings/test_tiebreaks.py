"""Sonneborn-Berger, Koya, progressive score, wins, games with Black, direct encounter (hand-computed)."""

from __future__ import annotations

from fractions import Fraction as F

import pytest

from arbiter_app.standings import TieBreakContext
from arbiter_app.standings import tiebreaks as tb
from arbiter_app.trf import read_trf
from arbiter_app.trf.rounds import state_before_round

from .builders import seven_players, tournament


@pytest.fixture(scope="module")
def context() -> TieBreakContext:
    return TieBreakContext.from_state(seven_players())


def _values(context: TieBreakContext, function) -> dict[int, object]:
    return {n: function(context, n) for n in context.numbers}


def test_sonneborn_berger(context: TieBreakContext) -> None:
    """(f1) e.g. 4: bye won against a virtual 1.5, forfeit won against a virtual 2.0, lost to 1, drew 2 (3.0 / 2);
    5: half-point bye, half of the virtual 1.5 = 0.75, won against 6 (1.0), drew 3 (1.5 / 2)."""
    expected = {1: F(6), 2: F(5), 3: F(7, 4), 4: F(5), 5: F(5, 2), 6: F(3, 2), 7: F(3, 4)}
    assert _values(context, tb.sonneborn_berger) == expected


def test_koya(context: TieBreakContext) -> None:
    """(d) points against opponents with 2 or more of 4 (virtual ones included): 4 beat a virtual 2.0, drew 2."""
    expected = {1: F(3, 2), 2: F(1, 2), 3: F(1, 2), 4: F(3, 2), 5: F(0), 6: F(0), 7: F(0)}
    assert _values(context, tb.koya) == expected


def test_progressive_score(context: TieBreakContext) -> None:
    """Running scores summed, e.g. 4: 1 + 2 + 2 + 2.5; 7 (withdrawn): 0.5 four times."""
    expected = {1: F(17, 2), 2: F(8), 3: F(5, 2), 4: F(15, 2), 5: F(4), 6: F(3), 7: F(2)}
    assert _values(context, tb.progressive_score) == expected


def test_wins_count_forfeits_and_byes(context: TieBreakContext) -> None:
    """4 won by pairing-allocated bye and by forfeit: two wins; a half-point bye is not a win."""
    assert _values(context, tb.wins) == {1: 3, 2: 2, 3: 0, 4: 2, 5: 1, 6: 1, 7: 0}


def test_games_with_black(context: TieBreakContext) -> None:
    """3 had Black in the forfeit of round 2: unplayed, so counted as White."""
    assert _values(context, tb.games_with_black) == {1: 2, 2: 3, 3: 1, 4: 1, 5: 1, 6: 2, 7: 1}


def _keys(context: TieBreakContext, group: list[int]) -> dict[int, tuple]:
    return {n: e.key for n, e in tb.direct_encounter(context, group).items()}


def test_direct_encounter_all_met() -> None:
    """All met: the sum of points in their games; 1 beat 2 and drew 3, 2 beat 3."""
    state = tournament({1: 0, 2: 0, 3: 0}, ["1-2 1-0, 3 U", "3-1 =, 2 U", "2-3 1-0, 1 U"])
    evaluation = tb.direct_encounter(TieBreakContext.from_state(state), [1, 2, 3])
    assert {n: e.value for n, e in evaluation.items()} == {1: F(3, 2), 2: F(1), 3: F(1, 2)}
    assert evaluation[1].key > evaluation[2].key > evaluation[3].key


def test_direct_encounter_cycle_stays_tied() -> None:
    state = tournament({1: 0, 2: 0, 3: 0}, ["1-2 1-0, 3 U", "3-1 1-0, 2 U", "2-3 1-0, 1 U"])
    assert len(set(_keys(TieBreakContext.from_state(state), [1, 2, 3]).values())) == 1


def test_direct_encounter_some_not_met() -> None:
    """3 and 4 never met.  1 (3 points) cannot be equalled: 2 could reach 2, 3 and 4 at most 1.  Then 2 (2 points)
    cannot be equalled by 3 or 4 (1 at most).  3 and 4, 0 each but each could still reach 1: tied."""
    ratings = {n: 0 for n in range(1, 7)}
    state = tournament(ratings, ["1-2 1-0, 3-5 =, 4-6 =", "1-3 1-0, 2-4 1-0, 5-6 =", "4-1 0-1, 2-3 1-0, 5-6 ="])
    keys = _keys(TieBreakContext.from_state(state), [1, 2, 3, 4])
    assert keys[1] > keys[2] > keys[3] == keys[4]


def test_direct_encounter_forfeit_is_no_meeting() -> None:
    """A forfeit between the tied players is a game against a virtual opponent, not a direct encounter."""
    state = tournament({1: 0, 2: 0}, ["1-2 +-"])
    evaluation = tb.direct_encounter(TieBreakContext.from_state(state), [1, 2])
    assert evaluation[1].value == evaluation[2].value == 0
    assert evaluation[1].key == evaluation[2].key


def test_direct_encounter_manual_12_four_points(data) -> None:
    """The five players on 4 points in the manual's tournament: 8-9 and 9-12 never met.  Points among them:
    6 (Frank) 2 of 4, 7 (Gale) 2 of 4, 8 (Hans) 2 of 3, 9 (Isabelle) 1 of 2, 12 (Leonard) 1 of 3: nobody's score
    is out of reach of the others (8 and 9 could reach 3), so direct encounter leaves all five tied."""
    doc = read_trf(data / "fixtures" / "arbiters-manual-12.trf")
    context = TieBreakContext.from_state(state_before_round(doc, 10))
    evaluation = tb.direct_encounter(context, [6, 7, 8, 9, 12])
    assert {n: e.value for n, e in evaluation.items()} == {6: 2, 7: 2, 8: 2, 9: 1, 12: 1}
    assert len({e.key for e in evaluation.values()}) == 1
