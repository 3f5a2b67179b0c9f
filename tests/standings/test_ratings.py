"""ARO, AROC and performance rating; the manual's round-robin table (SB, Koya, Rp) reproduced."""

from __future__ import annotations

from fractions import Fraction as F

import pytest

from arbiter_app.standings import TieBreakContext, standings
from arbiter_app.standings import ratings as rt
from arbiter_app.standings import tiebreaks as tb

from .builders import round_robin_rounds, seven_players, tournament


@pytest.fixture(scope="module")
def context() -> TieBreakContext:
    return TieBreakContext.from_state(seven_players())


def _values(context: TieBreakContext, function) -> dict[int, object]:
    return {n: function(context, n) for n in context.numbers}


def test_aro_counts_played_games_only(context: TieBreakContext) -> None:
    """Ratings 1: 2400 ... 7: 1800.  4 played only 1 and 2 (bye, forfeit): 4700 / 2; 3: 6100 / 3 = 2033.3."""
    expected = {1: 2075, 2: 2150, 3: 2033, 4: 2350, 5: 2167, 6: 2125, 7: 2050}
    assert _values(context, rt.average_rating_of_opponents) == expected


def test_aroc_1(context: TieBreakContext) -> None:
    expected = {1: 2133, 2: 2233, 3: 2150, 4: 2400, 5: 2300, 6: 2233, 7: 2200}
    assert _values(context, rt.average_rating_of_opponents_cut) == expected


def test_two_games_rule(context: TieBreakContext) -> None:
    """4 (2350) and 7 played two games only: their ARO ranks below everyone who played more."""
    assert rt.aro_key(context, 4) < rt.aro_key(context, 3)  # 2350 after 2 games < 2033 after 3
    assert rt.aro_key(context, 7) < rt.aro_key(context, 4)


def test_performance_rating(context: TieBreakContext) -> None:
    """Rp = Ra + dp: 1 scored 3.5 of 4 (p = 0.875 -> 0.88, dp 336): 2075 + 336; 3 scored 1 of 3 (0.33, -125)."""
    expected = {1: 2411, 2: 2343, 3: 1908, 4: 2157, 5: 2167, 6: 1932, 7: 1857}
    assert _values(context, rt.performance_rating) == expected


def test_performance_rating_without_games() -> None:
    state = tournament({1: 2000, 2: 2000}, ["1 H, 2 U"])
    assert rt.performance_rating(TieBreakContext.from_state(state), 1) is None


@pytest.mark.parametrize(("p", "dp"), [(F(1), 800), (F(0), -800), (F(1, 2), 0), (F(2, 3), 125), (F(99, 100), 677)])
def test_dp_table(p: F, dp: int) -> None:
    assert rt.dp(p) == dp


# The Arbiters' Manual's 12-player round robin: name, rating, results against 1..12, then printed
# points, SB, Koya and Rp.
MANUAL_ROUND_ROBIN = [
    ("Alexander", 2269, "*11½011½1½½1", "8", "42", "3½", 2414),
    ("Joseph", 2171, "0*½110½11110", "7", "36.75", "2½", 2350),
    ("Robert", 2276, "0½*½010111½1", "6½", "31.75", "2", 2304),
    ("Walter", 2290, "½0½*11½½½½½½", "6", "32.5", "3", 2273),
    ("Peter", 2273, "1010*½½01½½1", "6", "32", "2½", 2275),
    ("Olaf", 2299, "0100½*11011½", "6", "30.25", "1½", 2273),
    ("Mark", 2281, "0½1½½0*½½0½1", "5", "25.75", "2½", 2202),
    ("Ivan", 2333, "½00½10½*½011", "5", "25", "2", 2198),
    ("Sandor", 2233, "000½01½½*½11", "5", "23.25", "1½", 2207),
    ("Martin", 2227, "½00½½011½*0½", "4½", "23.75", "1½", 2178),
    ("Frederik", 2340, "½0½½½0½001*1", "4½", "22.75", "2", 2168),
    ("Valery", 1910, "010½0½000½0*", "2½", "15.25", "2", 2061),
]


def _points(text: str) -> F:
    """``"3½"`` -> 7/2."""
    whole = text.rstrip("½")
    return F(int(whole or 0)) + (F(1, 2) if text.endswith("½") else 0)


def _manual_round_robin():
    ratings = {k: row[1] for k, row in enumerate(MANUAL_ROUND_ROBIN, 1)}
    results = {}
    for i, row in enumerate(MANUAL_ROUND_ROBIN, 1):
        for j, cell in enumerate(row[2], 1):
            if j > i and cell != "½":
                results[frozenset({i, j})] = (i if cell == "1" else j, "1")
    return tournament(ratings, round_robin_rounds(12, results))


def test_manual_round_robin_matrix_is_consistent() -> None:
    for i, row in enumerate(MANUAL_ROUND_ROBIN):
        for j, cell in enumerate(row[2]):
            other = MANUAL_ROUND_ROBIN[j][2][i]
            assert {cell, other} in ({"*"}, {"½"}, {"1", "0"}), (row[0], MANUAL_ROUND_ROBIN[j][0])


@pytest.mark.parametrize("number", range(1, 13))
def test_manual_round_robin_table(number: int) -> None:
    """Points, Sonneborn-Berger, Koya and Rp of the manual's round-robin crosstable, exactly as printed."""
    _, _, _, score, sb, koya, rp = MANUAL_ROUND_ROBIN[number - 1]
    context = TieBreakContext.from_state(_manual_round_robin())
    assert context.scores[number] == _points(score)
    assert tb.sonneborn_berger(context, number) == F(sb)
    assert tb.koya(context, number) == _points(koya)
    assert rt.performance_rating(context, number) == rp


def test_manual_round_robin_order_by_sonneborn_berger() -> None:
    """Ranked on points then SB, the table comes out in the manual's printed order."""
    table = standings(_manual_round_robin(), ["SB"])
    assert [row.number for row in table.rows] == list(range(1, 13))
    assert [row.place for row in table.rows] == list(range(1, 13))
