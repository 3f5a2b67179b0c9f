"""Matchings on general graphs (Edmonds' blossom algorithm).

The engine needs two questions answered: the matching of greatest total
weight (weights are exact Python integers of any width; ``blossom.py``),
and whether a round can be completed at all (A.9's completion test: a
maximum cardinality matching).
"""

from __future__ import annotations

from collections.abc import Sequence

from arbiter_app.pairing.blossom import lexicographic_max_weight_matching

Edge = tuple[int, int]


def lexicographic_matching(vertex_count: int, edges: Sequence[Edge], levels: Sequence[Sequence[int]]) -> list[int]:
    """A matching of maximum ``levels[0]`` weight, ties broken by ``levels[1]``, and so on.

    The first level must be positive on every edge worth taking; edges where
    it is 0 or less are left out.
    """
    kept = [k for k, w in enumerate(levels[0]) if w > 0]
    return lexicographic_max_weight_matching(
        vertex_count, [edges[k] for k in kept], [[level[k] for k in kept] for level in levels]
    )


def is_completable(vertex_count: int, edges: Sequence[Edge], bye_candidates: Sequence[int]) -> bool:
    """A.9: can every vertex be matched, but for one bye candidate when the count is odd?"""
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


def _augment_from(root: int, neighbours: Sequence[Sequence[int]], mate: list[int]) -> bool:
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
                    return True
                used[mate[to]] = True
                queue.append(mate[to])
    return False
