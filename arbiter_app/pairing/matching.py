"""Maximum weight matching on general graphs (Edmonds' blossom algorithm).

The engine needs two questions answered: the matching of greatest total
weight (weights are exact Python integers of any width), and whether a
round can be completed at all (A.9's completion test). networkx's
implementation of the blossom algorithm answers both exactly.
"""

from __future__ import annotations

from collections.abc import Sequence

import networkx as nx

Edge = tuple[int, int]


def maximum_weight_matching(vertex_count: int, edges: Sequence[Edge], weights: Sequence[int]) -> list[int]:
    """Mate of each vertex (``-1`` when unmatched) in a matching of maximum total weight.

    Edges of weight 0 or less are never worth taking and are left out.
    """
    graph = nx.Graph()
    graph.add_nodes_from(range(vertex_count))
    graph.add_weighted_edges_from((u, v, w) for (u, v), w in zip(edges, weights) if w > 0)
    mate = [-1] * vertex_count
    for u, v in nx.max_weight_matching(graph):
        mate[u] = v
        mate[v] = u
    return mate


def is_completable(vertex_count: int, edges: Sequence[Edge], bye_candidates: Sequence[int]) -> bool:
    """A.9: can every vertex be matched, but for one bye candidate when the count is odd?"""
    graph = nx.Graph()
    graph.add_nodes_from(range(vertex_count))
    graph.add_edges_from(edges)
    if vertex_count % 2:
        bye = vertex_count
        graph.add_edges_from((v, bye) for v in bye_candidates)
        vertex_count += 1
    matching = nx.max_weight_matching(graph, maxcardinality=True)
    return 2 * len(matching) == vertex_count
