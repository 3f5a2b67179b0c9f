"""Matchings on general graphs (Edmonds' blossom algorithm).

The engine needs two questions answered: the matching of greatest total
weight (weights are exact Python integers of any width; ``blossom.py``),
and whether a round can be completed at all (A.9's completion test: a
maximum cardinality matching).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from arbiter_app.pairing.blossom import (
    ProvenOptimum,
    certify_across,
    lexicographic_max_weight_matching,
    max_weight_matching_with_duals,
)

Edge = tuple[int, int]


Level = Sequence[int] | Callable[[Sequence[Edge]], Sequence[int]]
"""A level of a lexicographic matching: a weight per edge, or a function giving the weights of the edges it is
given (called only on the edges the levels above leave in play)."""


def lexicographic_matching(
    vertex_count: int, edges: Sequence[Edge], levels: Sequence[Level], left: Sequence[bool] | None = None
) -> list[int]:
    """A matching of maximum ``levels[0]`` weight, ties broken by ``levels[1]``, and so on.

    The first level must be a list, positive on every edge worth taking;
    edges where it is 0 or less are left out.  ``left``: a split of the
    vertices the first level's optimum is expected to pair across (tried
    first, kept only when proven optimal: the same matching, sooner).
    """
    first = levels[0]
    assert not callable(first)
    kept = [k for k, w in enumerate(first) if w > 0]
    return lexicographic_max_weight_matching(
        vertex_count,
        [edges[k] for k in kept],
        [[first[k] for k in kept], *(level if callable(level) else [level[k] for k in kept] for level in levels[1:])],
        left,
    )


def set_bits(mask: int) -> list[int]:
    """The positions of the bits set in ``mask`` (a bitset of vertices or pairing numbers), ascending."""
    return [k for k, bit in enumerate(bin(mask)[:1:-1]) if bit == "1"]


def is_completable_by_bitsets(vertices: Sequence[int], neighbours: Callable[[int], int], bye_candidates: int) -> bool:
    """A.9's completion test on a graph given by bitsets: can every vertex be matched, but for one bye
    candidate when the count is odd?  Vertices are small non-negative integers, ``neighbours(v)`` the bitset
    of ``v``'s neighbours (others outside ``vertices`` are ignored), ``bye_candidates`` a bitset.

    A greedy start on the bitsets (each vertex takes its lowest free
    neighbour: a few operations on machine words, not one per edge), then
    Edmonds' search from each vertex left over, which reads the neighbours
    of only the vertices it reaches.  A vertex the search cannot augment
    from stays unmatched in every maximum matching, so the answer is no.
    """
    players = 0
    for v in vertices:
        players |= 1 << v
    extra = max(vertices, default=0) + 1  # the bye, a vertex joined to the bye candidates
    odd = len(vertices) % 2 == 1
    bye_bit = 1 << extra if odd else 0
    members = players | bye_bit

    def adjacent(v: int) -> int:
        if v == extra and odd:
            return bye_candidates & players
        return (neighbours(v) & players & ~(1 << v)) | (bye_bit if bye_candidates >> v & 1 else 0)

    # The vertices with the fewest neighbours choose first (the bye's vertex among them): then the greedy
    # start seldom leaves a vertex over for the search.
    order = sorted([*vertices, extra] if odd else vertices, key=lambda v: adjacent(v).bit_count())
    free = members
    mate = [-1] * (extra + 1)
    for v in order:
        if free >> v & 1:
            choice = adjacent(v) & free
            if choice:
                w = (choice & -choice).bit_length() - 1
                mate[v], mate[w] = w, v
                free &= ~(1 << v | 1 << w)
    if not free:
        return True
    lists = _LazyNeighbours(adjacent, extra + 1)
    while free:
        root = (free & -free).bit_length() - 1
        free &= free - 1
        if mate[root] >= 0:
            continue
        if _augment_from(root, lists, mate) is not None:
            return False
    return True


class OptimalMatchings:
    """The maximum weight matchings of a graph, as a proof (:class:`blossom.ProvenOptimum`) describes them.

    They are the matchings on the proof's tight edges that leave no vertex
    of positive dual unmatched and, where the whole vertex set is an odd set
    of positive dual, leave exactly one vertex unmatched (complementary
    slackness).  So whether one of them holds given edges and matches given
    vertices is a question of cardinality, answered on bitsets
    (:func:`is_completable_by_bitsets`): no weights, no general solve.
    """

    def __init__(self, vertex_count: int, edges: Sequence[Edge], proof: ProvenOptimum) -> None:
        self._count = vertex_count
        self._adjacent = [0] * vertex_count
        for k in proof.tight:
            u, v = edges[k]
            self._adjacent[u] |= 1 << v
            self._adjacent[v] |= 1 << u
        self._zero = sum(1 << v for v in range(vertex_count) if proof.dual[v] == 0)
        self._one_left_over = proof.z > 0

    def partners(self, v: int) -> list[int]:
        """The vertices ``v`` meets by a tight edge, ascending."""
        return set_bits(self._adjacent[v])

    def exists(self, fixed: Sequence[Edge], matched: Sequence[int] = ()) -> bool:
        """Whether some maximum weight matching holds every ``fixed`` edge and matches every ``matched`` vertex."""
        removed = 0
        for u, v in fixed:
            if not self._adjacent[u] >> v & 1 or (removed >> u | removed >> v) & 1:
                return False
            removed |= 1 << u | 1 << v
        rest = [v for v in range(self._count) if not removed >> v & 1]
        # Vertices that may stay unmatched: of dual 0, and not asked to be matched.
        free = self._zero & ~removed & ~sum(1 << v for v in matched)
        if self._one_left_over:
            return is_completable_by_bitsets(rest, self._adjacent.__getitem__, free)
        # Any number may stay unmatched: let them pair with each other by make-believe edges, one with the bye.
        adjacent = self._adjacent

        def with_free(v: int) -> int:
            return adjacent[v] | free if free >> v & 1 else adjacent[v]

        return is_completable_by_bitsets(rest, with_free, free)


class _LazyNeighbours(Sequence[list[int]]):
    """Neighbour lists read from bitsets when the search asks for them, and not kept: the search reads each
    vertex's list once, and a dense round's lists together would outweigh the rest of the pairing."""

    def __init__(self, adjacent: Callable[[int], int], size: int) -> None:
        self._adjacent = adjacent
        self._size = size

    def __len__(self) -> int:
        return self._size

    def __getitem__(self, v: int) -> list[int]:  # type: ignore[override]
        return set_bits(self._adjacent(v))


def maximum_cardinality_matching(vertex_count: int, neighbours: Sequence[Sequence[int]]) -> list[int]:
    """Mate of each vertex (``-1`` when unmatched) in a matching with the most edges.

    Edmonds' blossom algorithm: a greedy start, then one breadth-first search
    for an augmenting path from each unmatched vertex, contracting odd cycles
    (blossoms) on the way.  Cheap when the greedy start is nearly complete,
    as it is when a round can be completed.
    """
    mate = [-1] * vertex_count
    for v in range(vertex_count):
        if mate[v] < 0:
            for w in neighbours[v]:
                if mate[w] < 0:
                    mate[v], mate[w] = w, v
                    break
    for root in range(vertex_count):
        if mate[root] < 0:
            _augment_from(root, neighbours, mate)
    return mate


def deficient_vertices(neighbours: Sequence[Sequence[int]], mate: list[int]) -> set[int] | None:
    """Gallai-Edmonds D(G) of a graph whose maximum matching ``mate`` misses exactly one vertex.

    The vertices some maximum matching leaves unmatched: those an even
    alternating path joins to the unmatched one.  ``None`` when ``mate``
    does not miss exactly one vertex.
    """
    exposed = [v for v, w in enumerate(mate) if w < 0]
    if len(exposed) != 1:
        return None
    outer = _augment_from(exposed[0], neighbours, list(mate))
    if outer is None:
        raise ValueError("the matching given is not maximum")
    return {v for v, reached in enumerate(outer) if reached}


def _augment_from(root: int, neighbours: Sequence[Sequence[int]], mate: list[int]) -> list[bool] | None:
    """Augment ``mate`` along a path from ``root``; when there is none, the outer vertices of the search."""
    n = len(mate)
    parent = [-1] * n
    base = list(range(n))
    used = [False] * n
    used[root] = True
    queue = [root]

    def lowest_common_ancestor(a: int, b: int) -> int:
        seen = [False] * n
        while True:
            a = base[a]
            seen[a] = True
            if mate[a] < 0:
                break
            a = parent[mate[a]]
        while True:
            b = base[b]
            if seen[b]:
                return b
            b = parent[mate[b]]

    def mark_path(v: int, stop: int, child: int, in_blossom: list[bool]) -> None:
        while base[v] != stop:
            in_blossom[base[v]] = in_blossom[base[mate[v]]] = True
            parent[v] = child
            child = mate[v]
            v = parent[mate[v]]

    head = 0
    while head < len(queue):
        v = queue[head]
        head += 1
        for to in neighbours[v]:
            if base[v] == base[to] or mate[v] == to:
                continue
            if to == root or (mate[to] >= 0 and parent[mate[to]] >= 0):
                stop = lowest_common_ancestor(v, to)
                in_blossom = [False] * n
                mark_path(v, stop, to, in_blossom)
                mark_path(to, stop, v, in_blossom)
                for u in range(n):
                    if in_blossom[base[u]]:
                        base[u] = stop
                        if not used[u]:
                            used[u] = True
                            queue.append(u)
            elif parent[to] < 0:
                parent[to] = v
                if mate[to] < 0:
                    while to >= 0:
                        previous = mate[parent[to]]
                        mate[to], mate[parent[to]] = parent[to], to
                        to = previous
                    return None
                used[mate[to]] = True
                queue.append(mate[to])
    return used


@dataclass(frozen=True)
class Assignment:
    """A maximum weight matching of a bipartite graph, with the duals that prove it optimal."""

    left_mate: list[int]
    """The right vertex of each left vertex (``-1`` when unmatched)."""
    weight: int
    left_dual: list[int]
    right_dual: list[int]
    """Doubled vertex duals: ``left_dual[a] + right_dual[b] >= 2 * weight(a, b)`` on every edge."""


def first_optimal_assignment(left: int, right: int, edges: Sequence[Edge], weights: Sequence[int]) -> Assignment | None:
    """The maximum weight matching that gives left vertex 0 the lowest right vertex, then left vertex 1, ...

    ``edges`` are ``(a, b)`` with ``a`` a left and ``b`` a right vertex.
    Among all maximum weight matchings (which must all match every left
    vertex; ``None`` when the one found does not), left vertices choose in
    order, each the lowest right vertex some maximum weight matching still
    allows.  This is the first transposition of D.1 among the best
    candidates without exchange.

    One solve gives optimal duals; the maximum weight matchings are then
    exactly the matchings on tight edges that cover every vertex with a
    positive dual.  A left vertex moves to a lower partner along an
    alternating cycle of tight edges, found by a search that never revisits
    a vertex already shown unable to close the cycle.
    """
    mate, dual = max_weight_matching_with_duals(left + right, [(a, left + b) for a, b in edges], weights)
    if any(mate[a] < 0 for a in range(left)):
        return None
    left_mate = [mate[a] - left for a in range(left)]
    right_mate = mate[left:]
    left_dual, right_dual = dual[:left], dual[left:]
    total = 0
    tight: list[list[int]] = [[] for _ in range(left)]
    for (a, b), w in zip(edges, weights):
        if left_dual[a] + right_dual[b] == 2 * w:
            tight[a].append(b)
        if left_mate[a] == b:
            total += w
    for row in tight:
        row.sort()
    _choose_in_order(tight, left_mate, right_mate, [d == 0 for d in right_dual])
    return Assignment(left_mate, total, left_dual, right_dual)


def proven_optimal_overall(assignment: Assignment, within: Sequence[Edge], weights: Sequence[int]) -> bool:
    """Whether duals prove the assignment a maximum weight matching of the whole graph, whose other edges
    (``within``; vertices numbered left first) join two left or two right vertices (:func:`certify_across`)."""
    left = len(assignment.left_dual)
    mate = [left + b for b in assignment.left_mate] + [-1] * len(assignment.right_dual)
    for a, b in enumerate(assignment.left_mate):
        mate[left + b] = a
    side = [True] * left + [False] * len(assignment.right_dual)
    dual = [*assignment.left_dual, *assignment.right_dual]
    return certify_across(side, mate, dual, within, weights) is not None


def _choose_in_order(
    tight: list[list[int]], left_mate: list[int], right_mate: list[int], may_float: list[bool]
) -> None:
    """Rearrange a maximum weight matching so that left vertices, in order, hold the lowest partners possible.

    A left vertex ``p`` may take a lower tight neighbour ``q`` when the
    vertex that held ``q`` (``x``) can reach ``p``'s partner ``q0`` by an
    alternating path: from a left vertex along a tight unmatched edge to a
    right vertex, from a right vertex along its matched edge back to the
    left.  Right vertices with a zero dual may be left unmatched: they are
    held by a shared pool (node ``pool``) that can pass any of them on.
    """
    left = len(tight)
    pool = left
    fixed = [False] * len(right_mate)
    floaters = [b for b, free in enumerate(may_float) if free]

    def successors(u: int) -> list[int]:
        return floaters if u == pool else tight[u]

    def search(x: int, q0: int, dead: list[bool]) -> list[tuple[int, int]] | None:
        """Arcs (left, right) of an alternating path from ``x`` to ``q0``; ``None`` marks what it saw dead."""
        reached_by: dict[int, tuple[int, int]] = {x: (-1, -1)}
        frontier = [x]
        while frontier:
            following = []
            for u in frontier:
                own = left_mate[u] if u != pool else -1
                for b in successors(u):
                    if fixed[b] or b == own:
                        continue
                    if u == pool and right_mate[b] < 0:
                        continue
                    if b == q0:
                        path = [(u, b)]
                        while reached_by[u][0] >= 0:
                            previous, via = reached_by[u]
                            path.append((previous, via))
                            u = previous
                        return path
                    v = right_mate[b] if right_mate[b] >= 0 else pool
                    if v in reached_by or dead[v]:
                        continue
                    reached_by[v] = (u, b)
                    following.append(v)
            frontier = following
        for v in reached_by:
            dead[v] = True
        return None

    for p in range(left):
        q0 = left_mate[p]
        # Vertices that cannot reach q0: the same for every q tried.
        dead = [False] * (left + 1)
        dead[p] = True
        for q in tight[p]:
            if q >= q0:
                break
            if fixed[q]:
                continue
            x = right_mate[q] if right_mate[q] >= 0 else pool
            if dead[x]:
                continue
            path = search(x, q0, dead)
            if path is None:
                continue
            for u, b in path:
                if u == pool:
                    right_mate[b] = -1
                else:
                    left_mate[u], right_mate[b] = b, u
            left_mate[p], right_mate[q] = q, p
            break
        fixed[left_mate[p]] = True
