"""Buchholz family on the hand-built seven-player tournament (values computed by hand).

Opponent scores per round, unplayed games applied (V = virtual opponent):
1: 5=2.0, 2=3.0, 4=1.5, 6=1.0          2: 6=1.0, 1=3.5, 3=1.5, 4=1.5
3: 7=1.5, V=2.5, 2=3.0, 5=2.0          4: V=1.5, V=2.0, 1=3.5, 2=3.0
5: 1=3.5, V=1.5, 6=1.0, 3=1.5          6: 2=3.0, 7=1.5, 5=2.0, 1=3.5
7: 3=1.5, 6=1.0, V=2.0, V=1.5
"""

from __future__ import annotations

from fractions import Fraction as F

import pytest

from arbiter_app.standings import TieBreakContext
from arbiter_app.standings import buchholz as bh

from .builders import seven_players


@pytest.fixture(scope="module")
def context() -> TieBreakContext:
    return TieBreakContext.from_state(seven_players())


def _values(context: TieBreakContext, function) -> dict[int, F]:
    return {n: function(context, n) for n in context.numbers}


def test_buchholz(context: TieBreakContext) -> None:
    expected = {1: F(15, 2), 2: F(15, 2), 3: F(9), 4: F(10), 5: F(15, 2), 6: F(10), 7: F(6)}
    assert _values(context, bh.buchholz) == expected


def test_median_buchholz(context: TieBreakContext) -> None:
    """(b1) without the highest and the lowest: e.g. 4: 10 - 3.5 - 1.5 (a virtual opponent is cut like any other)."""
    expected = {1: F(7, 2), 2: F(3), 3: F(9, 2), 4: F(5), 5: F(3), 6: F(5), 7: F(3)}
    assert _values(context, bh.median_buchholz) == expected


def test_median_buchholz_2_with_four_opponents_leaves_nothing(context: TieBreakContext) -> None:
    assert set(_values(context, bh.median_buchholz_2).values()) == {0}


def test_buchholz_cut_1(context: TieBreakContext) -> None:
    expected = {1: F(13, 2), 2: F(13, 2), 3: F(15, 2), 4: F(17, 2), 5: F(13, 2), 6: F(17, 2), 7: F(5)}
    assert _values(context, bh.buchholz_cut_1) == expected


def test_buchholz_cut_2(context: TieBreakContext) -> None:
    expected = {1: F(5), 2: F(5), 3: F(11, 2), 4: F(13, 2), 5: F(5), 6: F(13, 2), 7: F(7, 2)}
    assert _values(context, bh.buchholz_cut_2) == expected


def test_sum_of_buchholz(context: TieBreakContext) -> None:
    """(a5) the opponents' Buchholz; a virtual opponent adds nothing (e.g. 4: only 1 and 2, 7.5 + 7.5)."""
    expected = {1: F(35), 2: F(73, 2), 3: F(21), 4: F(15), 5: F(53, 2), 6: F(57, 2), 7: F(19)}
    assert _values(context, bh.sum_of_buchholz) == expected


def test_after_an_earlier_round() -> None:
    """After round 2 only (n = 2): 4's virtual opponents have 0 + 0 + 0.5 = 0.5 (round 1) and 1 + 0 + 0 = 1
    (round 2); 3 met 7 (0.5 + 0 = 0.5) and, for the forfeit, a virtual opponent of 0.5 + 1 + 0 = 1.5."""
    context = TieBreakContext.from_state(seven_players(), 2)
    assert bh.buchholz(context, 4) == F(3, 2)
    assert bh.buchholz(context, 3) == F(1, 2) + F(3, 2)
