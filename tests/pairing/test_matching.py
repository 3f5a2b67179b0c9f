"""The matchings under the engine, against exhaustive search on small random graphs."""

from __future__ import annotations

import random
from functools import lru_cache

import pytest

from arbiter_app.pairing.matching import first_optimal_assignment, lexicographic_matching, maximum_cardinality_matching


def random_graph(seed: int) -> tuple[int, list[tuple[int, int]], list[int]]:
    rng = random.Random(seed)
    n = rng.randint(1, 11)
    density = rng.random()
    edges = [(i, j) for j in range(n) for i in range(j) if rng.random() < density]
    # Half the graphs carry weights hundreds of bits wide, as the criteria fields do.
    shift = rng.choice([0, 0, 64, 300])
    return n, edges, [rng.randint(1, 12) << shift for _ in edges]


def best_by_search(n: int, edges: list[tuple[int, int]], weights: list[int]) -> tuple[int, int]:
    """(largest total weight, largest number of edges) over all matchings."""
    incident = [[k for k, e in enumerate(edges) if v in e] for v in range(n)]

    @lru_cache(maxsize=None)
    def search(free: frozenset[int]) -> tuple[int, int]:
        if not free:
            return (0, 0)
        v = min(free)
        best_weight, best_size = search(free - {v})
        for k in incident[v]:
            other = edges[k][0] + edges[k][1] - v
            if other in free:
                w, s = search(free - {v, other})
                best_weight = max(best_weight, w + weights[k])
                best_size = max(best_size, s + 1)
        return best_weight, best_size

    return search(frozenset(range(n)))


def check_is_matching(mate: list[int], edges: list[tuple[int, int]]) -> None:
    edge_set = set(edges)
    for v, w in enumerate(mate):
        if w >= 0:
            assert mate[w] == v
            assert (min(v, w), max(v, w)) in edge_set


@pytest.mark.parametrize("seed", range(300))
def test_maximum_weight_and_cardinality_against_exhaustive_search(seed: int) -> None:
    n, edges, weights = random_graph(seed)
    best_weight, best_size = best_by_search(n, edges, weights)
    mate = lexicographic_matching(n, edges, [weights])
    check_is_matching(mate, edges)
    by_edge = dict(zip(edges, weights))
    assert sum(by_edge[(v, w)] for v, w in enumerate(mate) if v < w) == best_weight
    neighbours: list[list[int]] = [[] for _ in range(n)]
    for u, v in edges:
        neighbours[u].append(v)
        neighbours[v].append(u)
    mate = maximum_cardinality_matching(n, neighbours)
    check_is_matching(mate, edges)
    assert sum(1 for v, w in enumerate(mate) if v < w) == best_size


@pytest.mark.parametrize("seed", range(300))
def test_levels_solved_one_after_the_other_equal_one_combined_solve(seed: int) -> None:
    """Each level refines the optimum of the levels above it (tight edges only), exactly."""
    n, edges, top = random_graph(seed)
    rng = random.Random(seed)
    middle = [rng.randint(-5, 5) << rng.choice([0, 40]) for _ in edges]
    bottom = [rng.randint(0, 9) for _ in edges]
    width = 2 + (12 * n).bit_length()
    combined = [(((t << (width + 41)) + m) << width) + b for t, m, b in zip(top, middle, bottom)]
    best_weight, _ = best_by_search(n, edges, combined)
    mate = lexicographic_matching(n, edges, [top, middle, bottom])
    check_is_matching(mate, edges)
    by_edge = dict(zip(edges, combined))
    assert sum(by_edge[(v, w)] for v, w in enumerate(mate) if v < w) == best_weight


def all_matchings(left: int, edges: list[tuple[int, int]]) -> list[dict[int, int]]:
    """Every matching of a bipartite graph, as {left: right}."""
    found: list[dict[int, int]] = []

    def extend(a: int, chosen: dict[int, int]) -> None:
        if a == left:
            found.append(dict(chosen))
            return
        extend(a + 1, chosen)
        for x, b in edges:
            if x == a and b not in chosen.values():
                chosen[a] = b
                extend(a + 1, chosen)
                del chosen[a]

    extend(0, {})
    return found


@pytest.mark.parametrize("seed", range(400))
def test_first_optimal_assignment_against_exhaustive_search(seed: int) -> None:
    """Left vertices in order take the lowest partner some maximum weight matching allows (D.1 over S2)."""
    rng = random.Random(seed)
    left, right = rng.randint(1, 6), rng.randint(1, 7)
    density = rng.uniform(0.3, 1.0)
    edges = [(a, b) for a in range(left) for b in range(right) if rng.random() < density]
    # Few distinct weights, so that many matchings tie; a large constant
    # makes every maximum weight matching one of the most edges.
    weights = [(100 << rng.choice([0, 70])) + rng.randint(0, 2) for _ in edges]
    by_edge = dict(zip(edges, weights))
    matchings = all_matchings(left, edges)
    best = max(sum(by_edge[(a, b)] for a, b in m.items()) for m in matchings)
    optimal = [m for m in matchings if sum(by_edge[(a, b)] for a, b in m.items()) == best]
    result = first_optimal_assignment(left, right, edges, weights)
    if any(len(m) < left for m in optimal):
        if result is not None:
            assert len(result.left_mate) == left
        return
    expected = min(tuple(m[a] for a in range(left)) for m in optimal)
    assert result is not None
    assert tuple(result.left_mate) == expected
    assert result.weight == best
