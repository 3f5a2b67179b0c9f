"""Maximum weight matching on a general graph: Edmonds' blossom algorithm, primal-dual, O(n^3).

Weights are Python integers of any size, so the lexicographic weights of
``weights.py`` stay exact.  Dual variables are kept doubled (a vertex starts
at the largest weight; an edge's slack is ``dual[u] + dual[v] - 2 * w``),
which keeps every quantity an integer.

Vertices are ``0 .. n-1``; blossoms get numbers ``n .. 2n-1``.  An edge
``k`` has two endpoints ``2k`` and ``2k + 1``; ``endpoint[p]`` is the
vertex at endpoint ``p`` and ``p ^ 1`` is the other end.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

_FREE, _S, _T = 0, 1, 2


class _Solver:
    def __init__(self, n: int, edges: Sequence[tuple[int, int]], weights: Sequence[int]) -> None:
        self.n = n
        self.edges = edges
        self.weight = weights
        self.endpoint = [v for edge in edges for v in edge]
        self.neighbour_ends: list[list[int]] = [[] for _ in range(n)]
        for k, (u, v) in enumerate(edges):
            self.neighbour_ends[u].append(2 * k + 1)
            self.neighbour_ends[v].append(2 * k)
        self.mate = [-1] * n  # remote endpoint of the matched edge
        self.label = [_FREE] * (2 * n)
        self.label_end = [-1] * (2 * n)
        self.in_blossom = list(range(n))
        self.parent = [-1] * (2 * n)
        self.children: list[list[int]] = [[] for _ in range(2 * n)]
        self.base = list(range(n)) + [-1] * n
        self.endps: list[list[int]] = [[] for _ in range(2 * n)]
        self.best_edge = [-1] * (2 * n)
        self.blossom_best: list[list[int] | None] = [None] * (2 * n)
        self.unused = list(range(n, 2 * n))
        top = max(weights, default=0)
        self.dual = [top] * n + [0] * n
        self.allowed = [False] * len(edges)
        self.twice_weight = [2 * w for w in weights]
        self.first_end = self.endpoint[0::2]
        self.second_end = self.endpoint[1::2]
        self.queue: list[int] = []

    def slack(self, k: int) -> int:
        return self.dual[self.first_end[k]] + self.dual[self.second_end[k]] - self.twice_weight[k]

    def leaves(self, b: int) -> list[int]:
        if b < self.n:
            return [b]
        out: list[int] = []
        stack = [b]
        while stack:
            t = stack.pop()
            if t < self.n:
                out.append(t)
            else:
                stack.extend(self.children[t])
        return out

    def assign_label(self, w: int, t: int, p: int) -> None:
        b = self.in_blossom[w]
        self.label[w] = self.label[b] = t
        self.label_end[w] = self.label_end[b] = p
        self.best_edge[w] = self.best_edge[b] = -1
        if t == _S:
            self.queue.extend(self.leaves(b))
        else:
            base = self.base[b]
            self.assign_label(self.endpoint[self.mate[base]], _S, self.mate[base] ^ 1)

    def scan_blossom(self, v: int, w: int) -> int:
        """The base of the new blossom closing at edge (v, w), or -1 for an augmenting path."""
        path = []
        base = -1
        while v != -1 or w != -1:
            b = self.in_blossom[v]
            if self.label[b] & 4:
                base = self.base[b]
                break
            path.append(b)
            self.label[b] = 5
            if self.label_end[b] == -1:
                v = -1
            else:
                v = self.endpoint[self.label_end[b]]
                b = self.in_blossom[v]
                v = self.endpoint[self.label_end[b]]
            if w != -1:
                v, w = w, v
        for b in path:
            self.label[b] = _S
        return base

    def add_blossom(self, base: int, k: int) -> None:
        v, w = self.edges[k]
        bb = self.in_blossom[base]
        bv = self.in_blossom[v]
        bw = self.in_blossom[w]
        b = self.unused.pop()
        self.base[b] = base
        self.parent[b] = -1
        self.parent[bb] = b
        path: list[int] = []
        endps: list[int] = []
        while bv != bb:
            self.parent[bv] = b
            path.append(bv)
            endps.append(self.label_end[bv])
            v = self.endpoint[self.label_end[bv]]
            bv = self.in_blossom[v]
        path.append(bb)
        path.reverse()
        endps.reverse()
        endps.append(2 * k)
        while bw != bb:
            self.parent[bw] = b
            path.append(bw)
            endps.append(self.label_end[bw] ^ 1)
            w = self.endpoint[self.label_end[bw]]
            bw = self.in_blossom[w]
        self.children[b] = path
        self.endps[b] = endps
        self.label[b] = _S
        self.label_end[b] = self.label_end[bb]
        self.dual[b] = 0
        for leaf in self.leaves(b):
            if self.label[self.in_blossom[leaf]] == _T:
                self.queue.append(leaf)
            self.in_blossom[leaf] = b
        best_to = [-1] * (2 * self.n)
        for child in path:
            if self.blossom_best[child] is None:
                candidates = [[p // 2 for p in self.neighbour_ends[leaf]] for leaf in self.leaves(child)]
            else:
                candidates = [self.blossom_best[child]]  # type: ignore[list-item]
            for group in candidates:
                for e in group:
                    i, j = self.edges[e]
                    if self.in_blossom[j] == b:
                        i, j = j, i
                    bj = self.in_blossom[j]
                    if (
                        bj != b
                        and self.label[bj] == _S
                        and (best_to[bj] == -1 or self.slack(e) < self.slack(best_to[bj]))
                    ):
                        best_to[bj] = e
            self.blossom_best[child] = None
            self.best_edge[child] = -1
        self.blossom_best[b] = [e for e in best_to if e != -1]
        self.best_edge[b] = -1
        for e in self.blossom_best[b]:  # type: ignore[union-attr]
            if self.best_edge[b] == -1 or self.slack(e) < self.slack(self.best_edge[b]):
                self.best_edge[b] = e

    def expand_blossom(self, b: int, end_stage: bool) -> None:
        for child in self.children[b]:
            self.parent[child] = -1
            if child < self.n:
                self.in_blossom[child] = child
            elif end_stage and self.dual[child] == 0:
                self.expand_blossom(child, end_stage)
            else:
                for leaf in self.leaves(child):
                    self.in_blossom[leaf] = child
        if not end_stage and self.label[b] == _T:
            entry = self.in_blossom[self.endpoint[self.label_end[b] ^ 1]]
            j = self.children[b].index(entry)
            if j & 1:
                j -= len(self.children[b])
                step, end_offset = 1, 0
            else:
                step, end_offset = -1, 1
            p = self.label_end[b]
            while j != 0:
                self.label[self.endpoint[p ^ 1]] = _FREE
                self.label[self.endpoint[self.endps[b][j - end_offset] ^ end_offset ^ 1]] = _FREE
                self.assign_label(self.endpoint[p ^ 1], _T, p)
                self.allowed[self.endps[b][j - end_offset] // 2] = True
                j += step
                p = self.endps[b][j - end_offset] ^ end_offset
                self.allowed[p // 2] = True
                j += step
            bv = self.children[b][j]
            self.label[self.endpoint[p ^ 1]] = self.label[bv] = _T
            self.label_end[self.endpoint[p ^ 1]] = self.label_end[bv] = p
            self.best_edge[bv] = -1
            j += step
            while self.children[b][j] != entry:
                bv = self.children[b][j]
                if self.label[bv] == _S:
                    j += step
                    continue
                for v in self.leaves(bv):
                    if self.label[v] != _FREE:
                        break
                else:
                    v = -1
                if v != -1:
                    self.label[v] = _FREE
                    self.label[self.endpoint[self.mate[self.base[bv]]]] = _FREE
                    self.assign_label(v, _T, self.label_end[v])
                j += step
        self.label[b] = self.label_end[b] = -1
        self.children[b] = []
        self.endps[b] = []
        self.base[b] = -1
        self.blossom_best[b] = None
        self.best_edge[b] = -1
        self.unused.append(b)

    def augment_blossom(self, b: int, v: int) -> None:
        t = v
        while self.parent[t] != b:
            t = self.parent[t]
        if t >= self.n:
            self.augment_blossom(t, v)
        i = j = self.children[b].index(t)
        if i & 1:
            j -= len(self.children[b])
            step, end_offset = 1, 0
        else:
            step, end_offset = -1, 1
        while j != 0:
            j += step
            t = self.children[b][j]
            p = self.endps[b][j - end_offset] ^ end_offset
            if t >= self.n:
                self.augment_blossom(t, self.endpoint[p])
            j += step
            t = self.children[b][j]
            if t >= self.n:
                self.augment_blossom(t, self.endpoint[p ^ 1])
            self.mate[self.endpoint[p]] = p ^ 1
            self.mate[self.endpoint[p ^ 1]] = p
        self.children[b] = self.children[b][i:] + self.children[b][:i]
        self.endps[b] = self.endps[b][i:] + self.endps[b][:i]
        self.base[b] = self.base[self.children[b][0]]

    def augment_matching(self, k: int) -> None:
        v, w = self.edges[k]
        for s, p in ((v, 2 * k + 1), (w, 2 * k)):
            while True:
                bs = self.in_blossom[s]
                if bs >= self.n:
                    self.augment_blossom(bs, s)
                self.mate[s] = p
                if self.label_end[bs] == -1:
                    break
                t = self.endpoint[self.label_end[bs]]
                bt = self.in_blossom[t]
                s = self.endpoint[self.label_end[bt]]
                j = self.endpoint[self.label_end[bt] ^ 1]
                if bt >= self.n:
                    self.augment_blossom(bt, j)
                self.mate[j] = self.label_end[bt]
                p = self.label_end[bt] ^ 1

    def _scan(self) -> bool:
        """Grow the alternating trees from the queue of S-vertices; True once the matching was augmented."""
        queue, in_blossom, endpoint, label = self.queue, self.in_blossom, self.endpoint, self.label
        allowed, dual, twice, best_edge = self.allowed, self.dual, self.twice_weight, self.best_edge
        first, second, neighbour_ends = self.first_end, self.second_end, self.neighbour_ends
        while queue:
            v = queue.pop()
            bv = in_blossom[v]
            dv = dual[v]  # duals change only between scans
            best_slack = -1  # the slack of best_edge[bv], once read (-1: not yet)
            for p in neighbour_ends[v]:
                k = p >> 1
                w = endpoint[p]
                bw = in_blossom[w]
                if bv == bw:
                    continue
                if not allowed[k]:
                    kslack = dv + dual[w] - twice[k]
                    if kslack > 0:
                        if label[bw] == _S:
                            if best_slack < 0:
                                e = best_edge[bv]
                                if e == -1:
                                    best_edge[bv] = k
                                    best_slack = kslack
                                    continue
                                best_slack = dual[first[e]] + dual[second[e]] - twice[e]
                            if kslack < best_slack:
                                best_edge[bv] = k
                                best_slack = kslack
                        elif label[w] == _FREE:
                            e = best_edge[w]
                            if e == -1 or kslack < dual[first[e]] + dual[second[e]] - twice[e]:
                                best_edge[w] = k
                        continue
                    allowed[k] = True
                best_slack = -1  # labels and blossoms may change below
                if label[bw] == _FREE:
                    self.assign_label(w, _T, p ^ 1)
                elif label[bw] == _S:
                    base = self.scan_blossom(v, w)
                    if base >= 0:
                        self.add_blossom(base, k)
                        bv = in_blossom[v]
                    else:
                        self.augment_matching(k)
                        return True
                elif label[w] == _FREE:
                    label[w] = _T
                    self.label_end[w] = p ^ 1
        return False

    def solve(self) -> list[int]:
        n = self.n
        for _stage in range(n):
            self.label[:] = [_FREE] * (2 * n)
            self.best_edge[:] = [-1] * (2 * n)
            self.blossom_best[n:] = [None] * n
            self.allowed = [False] * len(self.edges)
            self.queue = []
            for v in range(n):
                if self.mate[v] == -1 and self.label[self.in_blossom[v]] == _FREE:
                    self.assign_label(v, _S, -1)
            augmented = False
            while True:
                augmented = self._scan()
                if augmented:
                    break
                # No augmenting path yet: change the duals.
                label, in_blossom, best_edge, dual = self.label, self.in_blossom, self.best_edge, self.dual
                parent, base, slack = self.parent, self.base, self.slack
                delta_type = 1
                delta = min(dual[:n])
                delta_edge = delta_blossom = -1
                vertex_label = [label[b] for b in in_blossom]
                for v in range(n):
                    if vertex_label[v] == _FREE and best_edge[v] != -1:
                        d = slack(best_edge[v])
                        if d < delta:
                            delta, delta_type, delta_edge = d, 2, best_edge[v]
                for b in range(2 * n):
                    if label[b] == _S and parent[b] == -1 and best_edge[b] != -1:
                        d = slack(best_edge[b]) // 2
                        if d < delta:
                            delta, delta_type, delta_edge = d, 3, best_edge[b]
                for b in range(n, 2 * n):
                    if label[b] == _T and base[b] >= 0 and parent[b] == -1 and dual[b] < delta:
                        delta, delta_type, delta_blossom = dual[b], 4, b
                if delta:
                    for v in range(n):
                        if vertex_label[v] == _S:
                            dual[v] -= delta
                        elif vertex_label[v] == _T:
                            dual[v] += delta
                    for b in range(n, 2 * n):
                        if base[b] >= 0 and parent[b] == -1:
                            if label[b] == _S:
                                dual[b] += delta
                            elif label[b] == _T:
                                dual[b] -= delta
                if delta_type == 1:
                    break
                if delta_type == 2:
                    self.allowed[delta_edge] = True
                    i, j = self.edges[delta_edge]
                    if self.label[self.in_blossom[i]] == _FREE:
                        i, j = j, i
                    self.queue.append(i)
                elif delta_type == 3:
                    self.allowed[delta_edge] = True
                    self.queue.append(self.edges[delta_edge][0])
                else:
                    self.expand_blossom(delta_blossom, False)
            if not augmented:
                break
            for b in range(n, 2 * n):
                if self.parent[b] == -1 and self.base[b] >= 0 and self.label[b] == _S and self.dual[b] == 0:
                    self.expand_blossom(b, True)
        return [self.endpoint[p] if p >= 0 else -1 for p in self.mate]

    def tight_edges(self) -> list[int]:
        """Edges of reduced cost 0 under the final duals (blossoms holding both ends counted).

        By complementary slackness every maximum weight matching uses tight
        edges only: these duals are optimal for all of them.
        """
        # The blossoms around each vertex, outermost first, and the running
        # sum of their duals: two ends share a common outer part of their chains.
        chains: list[list[int]] = []
        sums: list[list[int]] = []
        for v in range(self.n):
            chain = []
            b = self.parent[v]
            while b != -1:
                chain.append(b)
                b = self.parent[b]
            chain.reverse()
            running, total = [], 0
            for b in chain:
                total += self.dual[b]
                running.append(total)
            chains.append(chain)
            sums.append(running)
        tight = []
        dual, twice = self.dual, self.twice_weight
        for k, (u, v) in enumerate(self.edges):
            cost = dual[u] + dual[v] - twice[k]
            cu, cv = chains[u], chains[v]
            if cu and cv and cu[0] == cv[0]:
                # The chains agree on a prefix (a tree's paths from its root): find its end.
                low, high = 1, min(len(cu), len(cv))
                while low < high:
                    middle = (low + high + 1) // 2
                    if cu[middle - 1] == cv[middle - 1]:
                        low = middle
                    else:
                        high = middle - 1
                cost += 2 * sums[u][low - 1]
            if cost == 0:
                tight.append(k)
        return tight


def max_weight_matching_with_duals(
    n: int, edges: Sequence[tuple[int, int]], weights: Sequence[int]
) -> tuple[list[int], list[int]]:
    """A maximum weight matching and its vertex duals, doubled (``dual[u] + dual[v] >= 2 * weight``).

    On a bipartite graph no blossom ever forms, so the vertex duals alone
    are an optimal solution of the dual linear programme: every maximum
    weight matching uses only edges where the bound is tight and covers
    every vertex whose dual is positive (complementary slackness).
    """
    if not edges:
        return [-1] * n, [0] * n
    solver = _Solver(n, edges, weights)
    mate = solver.solve()
    return mate, solver.dual[:n]


def certify_across(
    left: Sequence[bool],
    mate: Sequence[int],
    dual: Sequence[int],
    within: Sequence[tuple[int, int]],
    weights: Sequence[int],
) -> tuple[list[int], int] | None:
    """Duals proving a maximum weight matching of the edges between two sides optimal on a graph with edges inside
    the sides too (``within``, with their ``weights``); None when these cannot.

    ``left`` tells each vertex's side; ``mate`` and ``dual`` (doubled) are the
    bipartite optimum and its vertex duals (a free vertex has dual 0).  First
    the vertex duals as they are.  Where they fail and the matching leaves
    exactly one vertex free, one odd set more: the whole vertex set as a
    blossom of Edmonds' matching polytope with dual ``z``, the duals of the
    side without the free vertex lowered by ``z`` so that matched edges stay
    tight.  Edges between the sides keep their slack; an edge inside the
    free vertex's side gains ``z``, one inside the other side loses ``z``.
    Feasible duals with complementary slackness (the matching holds as many
    edges inside the set as an odd set can; only the free vertex, of dual 0,
    is left out) prove the matching optimal.  Returns the vertex duals and ``z``.
    """
    lack = [2 * w - dual[u] - dual[v] for (u, v), w in zip(within, weights)]
    if all(value <= 0 for value in lack):
        return list(dual), 0
    free = [v for v, m in enumerate(mate) if m < 0]
    if len(free) != 1 or dual[free[0]]:
        return None
    side = left[free[0]]
    z = max([0] + [value for (u, _), value in zip(within, lack) if left[u] == side])
    if any(value > -z for (u, _), value in zip(within, lack) if left[u] != side):
        return None
    lowered = [d - z if left[v] != side else d for v, d in enumerate(dual)]
    if min(lowered) < 0:
        return None
    return lowered, z


@dataclass(frozen=True)
class ProvenOptimum:
    """A maximum weight matching with duals proving it (:func:`certify_across`).

    Every maximum weight matching uses ``tight`` edges only, leaves no vertex
    of positive ``dual`` unmatched and, when ``z`` (the dual of the whole
    vertex set as one odd set) is positive, leaves exactly one vertex unmatched.
    """

    mate: list[int]
    tight: list[int]
    """Indices of the edges tight under the duals."""
    dual: list[int]
    z: int


def bipartite_first(
    n: int, edges: Sequence[tuple[int, int]], weights: Sequence[int], left: Sequence[bool]
) -> ProvenOptimum | None:
    """A maximum weight matching found on the edges between the sides and proven optimal on all ``edges``
    (:func:`certify_across`); None when unproven."""
    across = [k for k, (u, v) in enumerate(edges) if left[u] != left[v]]
    within = [k for k, (u, v) in enumerate(edges) if left[u] == left[v]]
    if not across:
        return None
    solver = _Solver(n, [edges[k] for k in across], [weights[k] for k in across])
    mate = solver.solve()
    proof = certify_across(left, mate, solver.dual[:n], [edges[k] for k in within], [weights[k] for k in within])
    if proof is None:
        return None
    dual, z = proof
    tight = [k for k, ((u, v), w) in enumerate(zip(edges, weights)) if dual[u] + dual[v] + z == 2 * w]
    return ProvenOptimum(mate, tight, dual, z)


def lexicographic_max_weight_matching(
    n: int,
    edges: Sequence[tuple[int, int]],
    levels: Sequence[Sequence[int] | Callable[[Sequence[tuple[int, int]]], Sequence[int]]],
    left: Sequence[bool] | None = None,
) -> list[int]:
    """The matching that maximises ``levels[0]``, then ``levels[1]`` among those, and so on.

    Each level is solved on the edges the previous optimum leaves tight
    (every matching optimal so far lies among them), with the weights of
    all levels so far combined.  Equal to one solve with the combined
    weights, but the wide low levels only meet the edges still in play: a
    level given as a function is asked for the weights of those edges only.
    ``left``: a split of the vertices along which the first level's optimum
    is expected; it is solved on the edges between the sides first, and the
    general solve runs only if that optimum cannot be proven (:func:`certify_across`).
    """
    if not edges:
        return [-1] * n
    indices = list(range(len(edges)))  # the edges still in play
    kept = list(edges)
    combined: list[int] = []
    mate: list[int] = []
    for depth, level in enumerate(levels):
        values = level(kept) if callable(level) else [level[k] for k in indices]
        if depth:
            shift = (max((abs(v) for v in values), default=0) * (n // 2 + 1)).bit_length() + 2
            combined = [(c << shift) + v for c, v in zip(combined, values)]
        else:
            combined = list(values)
        found = bipartite_first(n, kept, combined, left) if depth == 0 and left is not None else None
        if found is not None:
            mate, tight = found.mate, found.tight
        else:
            solver = _Solver(n, kept, combined)
            mate = solver.solve()
            tight = solver.tight_edges() if depth + 1 < len(levels) else []
        if depth + 1 < len(levels):
            indices = [indices[i] for i in tight]
            kept = [kept[i] for i in tight]
            combined = [combined[i] for i in tight]
    return mate
