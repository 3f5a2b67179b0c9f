"""The matchings under the engine, against exhaustive search on small random graphs."""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import lru_cache

import pytest

from arbiter_app.pairing.blossom import bipartite_first
from arbiter_app.pairing.matching import (
    OptimalMatchings,
    first_optimal_assignment,
    is_completable_by_bitsets,
    lexicographic_matching,
    maximum_cardinality_matching,
    proven_optimal_overall,
)


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


@pytest.mark.parametrize("seed", range(300))
def test_a_level_given_as_a_function_is_asked_only_for_the_edges_in_play(seed: int) -> None:
    """The tie-break fields may be computed lazily: the same matching, and never for an edge the levels above
    have ruled out (how the engine keeps D.1's wide transposition field to the few edges still in play)."""
    n, edges, top = random_graph(seed)
    rng = random.Random(seed)
    middle = {edge: rng.randint(-5, 5) for edge in edges}
    bottom = {edge: rng.randint(0, 9) << rng.choice([0, 200]) for edge in edges}
    asked: list[set[tuple[int, int]]] = []

    def lazily(values: dict[tuple[int, int], int]) -> Callable[[list[tuple[int, int]]], list[int]]:
        def level(kept: list[tuple[int, int]]) -> list[int]:
            asked.append(set(kept))
            return [values[edge] for edge in kept]

        return level

    eager = lexicographic_matching(n, edges, [top, [middle[e] for e in edges], [bottom[e] for e in edges]])
    lazy = lexicographic_matching(n, edges, [top, lazily(middle), lazily(bottom)])
    assert lazy == eager
    if not edges:
        return
    # Each level is asked about fewer edges or the same: those the optimum of the levels above leaves tight,
    # among them every edge of the matching finally chosen.
    chosen = {(v, w) for v, w in enumerate(lazy) if v < w}
    assert chosen <= asked[1] <= asked[0] <= set(edges)


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


def proof_kind(seed: int) -> str | None:
    """Check ``proven_optimal_overall`` on a random graph shaped like a bracket's remainder; the proof it found.

    S1 against S2 with as many or one or two S2 players more, nearly every
    pair allowed, weights that often tie.  A yes must be right: no matching
    of the whole graph (edges inside a side too) weighs more than the
    assignment, by exhaustive search.
    """
    rng = random.Random(seed)
    left = rng.randint(1, 4)
    right = left + rng.choice([0, 1, 1, 2])
    n = left + right
    density = rng.uniform(0.6, 1.0)
    pairs = [(p, q) for q in range(n) for p in range(q) if rng.random() < density]
    weights = [(50 << rng.choice([0, 40])) + rng.choice([0, 0, 1, 2, 3]) for _ in pairs]
    across = [(p, q - left) for p, q in pairs if p < left <= q]
    across_weights = [w for (p, q), w in zip(pairs, weights) if p < left <= q]
    within = [(p, q) for p, q in pairs if not p < left <= q]
    within_weights = [w for (p, q), w in zip(pairs, weights) if not p < left <= q]
    assignment = first_optimal_assignment(left, right, across, across_weights)
    if assignment is None or not proven_optimal_overall(assignment, within, within_weights):
        return None
    overall, _ = best_by_search(n, pairs, weights)
    assert assignment.weight == overall
    dual = assignment.left_dual + assignment.right_dual
    alone = all(dual[p] + dual[q] >= 2 * w for (p, q), w in zip(within, within_weights))
    return "vertex duals" if alone else "one blossom"


@pytest.mark.parametrize("seed", range(600))
def test_a_proof_of_optimality_overall_is_never_wrong(seed: int) -> None:
    """The engine keeps the first transposition without the general solve only on such a proof."""
    proof_kind(seed)


def test_both_kinds_of_proof_occur() -> None:
    """The vertex duals alone, and with the whole vertex set as one blossom (an odd remainder and its floater)."""
    kinds = [proof_kind(seed) for seed in range(600)]
    assert kinds.count("vertex duals") > 20
    assert kinds.count("one blossom") > 20


def bracket_like(seed: int) -> tuple[int, list[tuple[int, int]], list[list[int]], list[bool]]:
    """A graph shaped like a bracket (nearly every pair allowed, weights that tie), three levels, and the split
    the engine would try first: the top half against the bottom half."""
    rng = random.Random(seed)
    n = rng.randint(2, 9)
    density = rng.uniform(0.6, 1.0)
    edges = [(i, j) for j in range(n) for i in range(j) if rng.random() < density]
    top = [(50 << rng.choice([0, 40])) + rng.choice([0, 0, 1, 2]) for _ in edges]
    middle = [rng.randint(-3, 3) for _ in edges]
    bottom = [rng.randint(0, 1 << 30) for _ in edges]
    return n, edges, [top, middle, bottom], [v < n // 2 for v in range(n)]


@pytest.mark.parametrize("seed", range(400))
def test_a_split_tried_first_changes_nothing_but_the_work(seed: int) -> None:
    """``lexicographic_matching(..., left)`` solves the first level across the split when duals prove that
    optimal, else as before: the same optimum either way (checked against exhaustive search)."""
    n, edges, levels, left = bracket_like(seed)
    width = 2 + (60 * n).bit_length()
    combined = [(((t << (width + 4)) + m) << (width + 31)) + b for t, m, b in zip(*levels)]
    best, _ = best_by_search(n, edges, combined)
    by_edge = dict(zip(edges, combined))
    for split in (None, left):
        mate = lexicographic_matching(n, edges, levels, split)
        check_is_matching(mate, edges)
        assert sum(by_edge[(v, w)] for v, w in enumerate(mate) if v < w) == best


def test_the_split_is_proven_optimal_in_many_bracket_like_graphs() -> None:
    """The shortcut is taken: the first level proven optimal across the split in many of the graphs above."""
    proven = 0
    for seed in range(400):
        n, edges, levels, left = bracket_like(seed)
        if edges and bipartite_first(n, edges, levels[0], left) is not None:
            proven += 1
    assert proven > 100


def is_completable(vertex_count: int, edges: list[tuple[int, int]], bye_candidates: list[int]) -> bool:
    """The reference: A.9 on an edge list, the bye a vertex joined to its candidates, a maximum matching."""
    neighbours: list[list[int]] = [[] for _ in range(vertex_count + 1)]
    for u, v in edges:
        neighbours[u].append(v)
        neighbours[v].append(u)
    if vertex_count % 2:
        for v in bye_candidates:
            neighbours[v].append(vertex_count)
            neighbours[vertex_count].append(v)
        vertex_count += 1
    else:
        neighbours.pop()
    return -1 not in maximum_cardinality_matching(vertex_count, neighbours)


@pytest.mark.parametrize("seed", range(300))
def test_completion_on_bitsets_equals_completion_on_edges(seed: int) -> None:
    """A.9 / C.04.3-2026 [C4] asked on bitsets: the same answer as on an edge list.

    The vertices are pairing numbers in any order, and the bitsets also name
    players outside the set asked about (as a round's partners do), among
    them the number just above the largest, where the bye's vertex goes.
    """
    rng = random.Random(seed)
    n = rng.randint(1, 10)
    numbers = rng.sample(range(1, 16), n)
    density = rng.random()
    edges = [(i, j) for j in range(n) for i in range(j) if rng.random() < density]
    bye = [i for i in range(n) if rng.random() < 0.5]
    outside = [k for k in range(1, 18) if k not in numbers]
    masks = {number: sum(1 << k for k in outside if rng.random() < 0.5) for number in numbers}
    for i, j in edges:
        masks[numbers[i]] |= 1 << numbers[j]
        masks[numbers[j]] |= 1 << numbers[i]
    bye_bits = sum(1 << numbers[i] for i in bye) | sum(1 << k for k in outside if rng.random() < 0.5)
    expected = is_completable(n, edges, bye)
    assert is_completable_by_bitsets(numbers, masks.__getitem__, bye_bits) == expected


def test_completion_on_bitsets_does_not_take_an_outside_player_for_the_bye() -> None:
    """Players 2, 4 and 3, of whom 2 and 4 have met and only 3 may take the bye: not completable.

    Player 2 may meet player 5 of the round, who is not among the three;
    the bye's vertex (number 5, one above the largest) must not stand in for him.
    """
    masks = {2: 1 << 3 | 1 << 5 | 1 << 1, 4: 1 << 3 | 1 << 5 | 1 << 1, 3: 1 << 2 | 1 << 4 | 1 << 1}
    assert not is_completable_by_bitsets([2, 4, 3], masks.__getitem__, 1 << 3)
    assert is_completable_by_bitsets([2, 4, 3], masks.__getitem__, 1 << 2)


def every_matching(n: int, edges: list[tuple[int, int]]) -> list[frozenset[tuple[int, int]]]:
    found: list[frozenset[tuple[int, int]]] = []

    def extend(k: int, used: int, chosen: list[tuple[int, int]]) -> None:
        if k == len(edges):
            found.append(frozenset(chosen))
            return
        extend(k + 1, used, chosen)
        u, v = edges[k]
        if not (used >> u & 1 or used >> v & 1):
            extend(k + 1, used | 1 << u | 1 << v, [*chosen, (u, v)])

    extend(0, 0, [])
    return found


@pytest.mark.parametrize("seed", range(300))
def test_optimal_matchings_answers_as_exhaustive_search(seed: int) -> None:
    """``OptimalMatchings.exists``: is there a maximum weight matching holding these edges and matching these
    vertices?  The answer read from a proof's tight edges and duals, against every matching of the graph."""
    n, edges, levels, left = bracket_like(seed)
    weights = levels[0]
    proof = bipartite_first(n, edges, weights, left) if edges else None
    if proof is None:
        return
    by_edge = dict(zip(edges, weights))
    matchings = every_matching(n, edges)
    best = max(sum(by_edge[e] for e in m) for m in matchings)
    optimal = [m for m in matchings if sum(by_edge[e] for e in m) == best]
    rng = random.Random(seed)
    question = OptimalMatchings(n, edges, proof)
    for _ in range(6):
        fixed = rng.sample(edges, min(len(edges), rng.choice([0, 1, 1, 2])))
        matched = rng.sample(range(n), rng.randint(0, n))
        expected = any(set(fixed) <= m and all(any(v in e for e in m) for v in matched) for m in optimal)
        assert question.exists(fixed, matched) == expected, (fixed, matched)
