"""The sequence of candidates (B.6, B.7, D.1-D.3) as the walk generates it."""

from __future__ import annotations

from collections.abc import Callable
from itertools import combinations

from arbiter_app.explain import RoundExplanation, TrailEnd
from arbiter_app.explain.walk import Leaf, Walk, _exchanges, _leaders_possible, remainder_count
from arbiter_app.pairing.generation import resident_exchanges, transpositions

Explained = Callable[[int], RoundExplanation]


def test_every_candidate_is_accounted_for(explained: Explained) -> None:
    """A trail used to its end (B.8) examines or skips exactly the candidates of the literal sequence."""
    checked = 0
    for round_number in range(2, 10):
        explanation = explained(round_number)
        for bracket in explanation.outline.brackets:
            trail = explanation.trail(bracket.index)
            if trail.end is not TrailEnd.BEST:
                continue
            walk = Walk(explanation.context(bracket.index), bracket.max_pairs, bracket.m1)
            total = sum(walk.level_count(p, m) for p, m in walk.levels())
            assert trail.examined + trail.skipped == total
            checked += 1
    assert checked >= 10


def test_unpruned_walk_follows_d1_transpositions(explained: Explained) -> None:
    """A homogeneous bracket of four: the leaves of the original S1 come in D.1 order."""
    explanation = explained(2)
    bracket = explanation.outline.brackets[0]
    leaves = [e for e in Walk(explanation.context(1), bracket.max_pairs, bracket.m1) if isinstance(e, Leaf)]
    first_s1 = [leaf for leaf in leaves if leaf.path.exchange == ((), ()) and leaf.path.pairs == 2]
    heads = [leaf.path.head for leaf in first_s1]
    assert heads == [tuple(t[:2]) for t in transpositions([5, 9], 2)] == [(5, 9), (9, 5)]


def test_exchanges_are_d2_order() -> None:
    s1, s2 = [1, 2, 3], [4, 5, 6, 7]
    listed, not_listed = _exchanges(s1, s2)
    assert not_listed == 0 and listed[0] == ((), ()) and listed[1:] == list(resident_exchanges(s1, s2))


def test_single_exchanges_of_a_huge_bracket_keep_d2_order() -> None:
    s1, s2 = list(range(1, 21)), list(range(21, 41))
    listed, not_listed = _exchanges(s1, s2)
    singles = [e for e in resident_exchanges(list(range(1, 5)), list(range(5, 9))) if len(e[0]) == 1]
    small, _ = _exchanges(list(range(1, 5)), list(range(5, 9)))
    assert small[1 : 1 + len(singles)] == singles
    assert len(listed) == 1 + 20 * 20 and not_listed > 0
    assert listed[1] == ((20,), (21,))


def test_leaders_possible_is_halls_condition() -> None:
    for n in range(2, 9):
        for k in range(1, n // 2 + 1):
            for s1 in combinations(range(1, n + 1), k):
                below = sorted(set(range(1, n + 1)) - set(s1))
                # brute force: a distinct S2 opponent ranked below each S1 player
                possible = _matchable(sorted(s1, reverse=True), below)
                assert _leaders_possible(set(s1), n) is possible


def _matchable(leaders: list[int], others: list[int]) -> bool:
    if not leaders:
        return True
    head, rest = leaders[0], leaders[1:]
    return any(o > head and _matchable(rest, [x for x in others if x != o]) for o in others)


def test_remainder_count() -> None:
    assert remainder_count(4, 2) == 6 * 2  # C(4,2) S1s, 2 transpositions each
    assert remainder_count(11, 5) == 462 * 720  # D.1's 720 transpositions of an 11-player bracket
