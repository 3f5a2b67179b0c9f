"""Pairing one bracket (C.04.3 B.1-B.8; C.04.3-2026 Art. 3).

Rather than build and evaluate candidates one by one (B.3-B.6), the engine
asks a maximum weight matching for the candidate B.8 would keep: criteria
C.4-C.19 and the generation order D.1-D.3 are fields of each edge's weight
(``weights.py``, ``generation.py``).  The graph holds the bracket and the
players it may float to: the next scoregroup (C.7 looks at it), or every
remaining player when the pairing must complete the round (the last bracket,
or the PPB of A.9).

The 2026 edition uses the same machinery with its own criteria
(``Bracket.criteria``: [C6], [C7], [C8] or [C9], [C10]-[C21]) and, where
[C8] must see the following bracket's [C4], a graph of every remaining
player with the next scoregroup's fields (``Bracket.look_ahead``).  Its
generation order (C.04.3-2026 4.2 transpositions, 4.3 exchanges, 4.4 MDP
sets by smallest differing BSN) is folded as D.1-D.3's: every round of the
2026 corpus agrees.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from arbiter_app.pairing import generation
from arbiter_app.pairing.blossom import bipartite_first
from arbiter_app.pairing.criteria import (
    BAKU_2016_CRITERIA,
    ONE_POINT,
    Contestant,
    CriteriaSet,
    Kind,
    evaluate,
    may_meet,
    partner_bitsets,
)
from arbiter_app.pairing.matching import (
    OptimalMatchings,
    deficient_vertices,
    first_optimal_assignment,
    lexicographic_matching,
    maximum_cardinality_matching,
    proven_optimal_overall,
    set_bits,
)
from arbiter_app.pairing.weights import Edge, ScoreDifferenceScale, field_offsets, largest_value, pack

Pair = tuple[Contestant, Contestant]
TieBreaks = Callable[[Sequence[Edge]], list[list[int]]]
"""Tie-break fields (the generation order, D.1-D.3) of the edges given, highest priority first."""


@dataclass(frozen=True)
class Bracket:
    """A pairing bracket (A.3) and the players below it."""

    moved_down: tuple[Contestant, ...]
    """MDPs (A.4), in A.2 order."""
    residents: tuple[Contestant, ...]
    """Resident players, in A.2 order."""
    following: tuple[Contestant, ...]
    """The next scoregroup; every remaining player when ``must_complete``."""
    must_complete: bool
    """The last bracket, or the PPB being re-paired: the pairing must let the round be completed (C.4, A.9)."""
    following_is_last: bool = False
    """The following scoregroup is the last one (C.7 then asks for its completion)."""
    criteria: CriteriaSet = BAKU_2016_CRITERIA
    """The edition's quality criteria (C.04.3 C.5-C.19, or C.04.3-2026 [C6]-[C21])."""
    look_ahead: int = 0
    """With ``must_complete``: the first ``look_ahead`` players of ``following`` are the next
    scoregroup, whose bracket [C8] (C.04.3-2026 2.4.3) looks at; 0 for none."""

    @property
    def players(self) -> tuple[Contestant, ...]:
        return self.moved_down + self.residents

    @property
    def is_homogeneous(self) -> bool:
        """A.3: all players have the same score."""
        return len({p.score for p in self.players}) <= 1


@dataclass(frozen=True)
class BracketPairing:
    """The pairs of a bracket (higher ranked player first) and its downfloaters."""

    pairs: tuple[Pair, ...]
    downfloaters: tuple[Contestant, ...]


def _profile(p: Contestant) -> tuple[object, ...]:
    """What the quality criteria look at in a player."""
    pref = p.preference
    return (p.score, pref.colour, pref.strength, pref.imbalance, pref.repeated, p.float_previous, p.float_before)


class _Graph:
    """The bracket, its followers, the edges C.1-C.3 allow, and the criteria fields.

    ``with_following=False`` leaves the players below out of the graph, for
    a bracket where C.7 cannot tell candidates apart (``_c7_is_settled``).
    """

    def __init__(self, bracket: Bracket, with_following: bool = True) -> None:
        self.bracket = bracket
        self.with_following = with_following and bool(bracket.following)
        following = bracket.following if self.with_following else ()
        self.vertices = bracket.moved_down + bracket.residents + following
        self.mdp_count = len(bracket.moved_down)
        self.size = len(bracket.moved_down) + len(bracket.residents)
        vertices = self.vertices
        # MDPs are paired with residents only (B.2, B.3): no MDP-MDP edge.
        self.edges: list[Edge] = [
            (i, j) for j, before in enumerate(_earlier_partners(vertices)) if j >= self.mdp_count for i in before
        ]
        # The score the downfloater rules measure from: A.8's artificial value, one point below the
        # bracket's lowest ranked player (Baku 2016), or the residents' score (C.04.3-2026 1.3.2).
        self.base = bracket.criteria.base(bracket.residents, bracket.players + bracket.following)
        current = vertices[: self.size]
        differences = {p.score - self.base for p in current}
        differences.update(p.score - self.base + ONE_POINT for p in current)
        if self.with_following and bracket.must_complete:
            differences.update(p.score - self.base for p in following[: bracket.look_ahead])
        differences.update(a.score - b.score for k, a in enumerate(current) for b in current[k:])
        self.scale = ScoreDifferenceScale(differences, len(vertices))
        self._criteria_weights: list[int] | None = None

    @property
    def criteria_weights(self) -> list[int]:
        """The criteria fields packed into one weight per edge (as :func:`weights.pack` packs them).

        The quality criteria depend only on the two players' profiles, so
        their part of the weight is packed once per distinct pair of
        profiles and shared by every edge with that pair.
        """
        if self._criteria_weights is None:
            self._criteria_weights = self._pack_criteria(len(self.vertices) // 2 + 1)
        return self._criteria_weights

    def _pack_criteria(self, edges_in_matching: int) -> list[int]:
        rows, row_of_edge = self._quality_rows()
        used = [rows[r] for r in set(row_of_edge)]
        fields = self._criteria_fields()
        largest = [
            largest_value(row[field] for row in used) if isinstance(field, int) else largest_value(field)
            for field in fields
        ]
        weights = [0] * len(self.edges)
        by_row = [0] * len(rows)
        for field, offset, size in zip(fields, field_offsets(largest, edges_in_matching), largest):
            if not size:
                continue
            if isinstance(field, int):
                by_row = [w + (row[field] << offset) for w, row in zip(by_row, rows)]
            else:
                weights = [w + (v << offset) for w, v in zip(weights, field)]
        return [w + by_row[r] for w, r in zip(weights, row_of_edge)]

    def _criteria_fields(self) -> list[list[int] | int]:
        """The fields, highest priority first: a list of values per edge, or the index of a quality criterion."""
        bracket = self.bracket
        fields: list[list[int] | int] = []
        if bracket.must_complete:
            # C.4 / A.9: the round must be completed, the bye going to a
            # player C.2 allows.
            fields.append([1 + self._barred_from_bye(i) + self._barred_from_bye(j) for i, j in self.edges])
        quality = list(range(len(bracket.criteria.quality)))
        fields.extend(quality[:2])
        if not bracket.must_complete and self.with_following:
            fields.extend(self._c7_fields())
        elif bracket.look_ahead and self.with_following:
            fields.extend(self._c8_fields_to_the_end())
        if bracket.must_complete and not bracket.following and bracket.criteria.bye_unplayed:
            fields.append(self._bye_unplayed_field())
        fields.extend(quality[2:])
        return fields

    def _bye_unplayed_field(self) -> list[int]:
        """C.04.3-2026 2.4.4 [C9]: the fewest unplayed games for the assignee of the bye.

        Only in a bracket that closes the round-pairing (no player below it
        in the graph): the bye goes to the player left unmatched; each
        matched player saves his unplayed games, so the heaviest saving
        leaves the fewest unplayed games to the one left out.
        """
        size, vertices = self.size, self.vertices
        return [sum(vertices[k].unplayed for k in (i, j) if k < size) for i, j in self.edges]

    def _barred_from_bye(self, vertex: int) -> int:
        return int(not self.vertices[vertex].can_get_bye)

    def _quality_rows(self) -> tuple[list[tuple[int, ...]], list[int]]:
        """C.5, C.6 and C.8-C.19: each criterion's contribution to each edge inside the bracket.

        Pairing ``h`` with ``l`` removes two downfloaters and adds one pair;
        a field is the failure value that saves (larger is better).  The
        criteria look only at scores, colour preferences and floats, so the
        values are computed once per pair of such profiles: the distinct
        rows of values, and the row of each edge (an edge to a player below
        the bracket saves nothing).
        """
        vertices, size = self.vertices, self.size
        kinds: dict[tuple[object, ...], int] = {}
        profile = [kinds.setdefault(_profile(p), len(kinds)) for p in vertices[:size]]
        count = len(kinds)
        rows: list[tuple[int, ...]] = [(0,) * len(self.bracket.criteria.quality)]
        row_of_key: dict[int, int] = {}
        row_of_edge = []
        for i, j in self.edges:
            if j >= size:
                row_of_edge.append(0)
                continue
            key = profile[i] * count + profile[j]
            row = row_of_key.get(key)
            if row is None:
                row = row_of_key[key] = len(rows)
                rows.append(self._saved_by_pairing(vertices[i], vertices[j]))
            row_of_edge.append(row)
        return rows, row_of_edge

    def _saved_by_pairing(self, h: Contestant, l: Contestant) -> tuple[int, ...]:
        base, weight = self.base, self.scale.weight
        values = []
        for criterion in self.bracket.criteria.quality:
            if criterion.kind is Kind.COUNT:
                floated = (criterion.downfloater(h, base) or 0) + (criterion.downfloater(l, base) or 0)
                values.append(floated - (criterion.pair(h, l) or 0))
            else:
                values.append(
                    weight(criterion.downfloater(h, base))
                    + weight(criterion.downfloater(l, base))
                    - weight(criterion.pair(h, l))
                )
        return tuple(values)

    def _c7_fields(self) -> list[list[int]]:
        """C.7: the downfloaters chosen so that the following bracket gets the most pairs, then the lowest PSD."""
        size, vertices = self.size, self.vertices
        pairs_below: list[int] = []
        psd_below: list[int] = []
        for i, j in self.edges:
            if self.bracket.following_is_last:
                pairs_below.append(1 + self._barred_from_bye(i) + self._barred_from_bye(j))
            else:
                pairs_below.append(int(j >= size))
            value = 0
            for k in (i, j):
                if k < size:
                    value += self.scale.weight(vertices[k].score - self.base)
            psd_below.append(value)
        return [pairs_below, psd_below]

    def _c8_fields_to_the_end(self) -> list[list[int]]:
        """C.04.3-2026 2.4.3 [C8] in a graph that holds every remaining player.

        The following bracket is this bracket's downfloaters and the next
        scoregroup; it must comply with [C1]-[C7]: [C4] and [C5] hold by the
        completion field above, then its pairs ([C6]) are counted, then its
        downfloaters' scores ([C7]), by rewarding each player who stays in
        it (or in this bracket) with a weight that grows with his score.
        """
        size, vertices = self.size, self.vertices
        end = size + self.bracket.look_ahead
        weight, base = self.scale.weight, self.base
        pairs_next: list[int] = []
        scores_next: list[int] = []
        for i, j in self.edges:
            if j >= end:
                pairs_next.append(0)
                scores_next.append(0)
                continue
            pairs_next.append(int(j >= size))
            scores_next.append(weight(vertices[i].score - base) + weight(vertices[j].score - base))
        return [pairs_next, scores_next]

    def best_matching(
        self,
        tie_breaks: Sequence[TieBreaks] = (),
        excluded: frozenset[Edge] = frozenset(),
        left: Sequence[bool] | None = None,
    ) -> list[int]:
        """The best candidate by the criteria, then by the tie-break levels in order.

        Solved level by level (criteria; then each level of tie-break
        fields), each level only refining the matchings optimal for the ones
        above it; a level's fields are computed only for the edges still in
        play (the generation order's widest field, D.1's transposition, for
        few of them).  ``left``: the sides of the candidate expected best
        (S1 and S2), tried first by the matching (``lexicographic_matching``).
        """
        count = len(self.vertices) // 2 + 1
        first = self.criteria_weights
        if excluded:
            first = [0 if e in excluded else w for e, w in zip(self.edges, first)]

        def level(fields: TieBreaks) -> Callable[[Sequence[Edge]], list[int]]:
            return lambda edges: pack(fields(edges), count)

        return lexicographic_matching(len(self.vertices), self.edges, [first, *map(level, tie_breaks)], left)

    def sides_of_first_candidate(self) -> list[bool] | None:
        """B.3's S1 (True) and S2 of the whole bracket, as :func:`first_candidate` pairs it: the MDPs against the
        highest residents, then the remainder's top half against its bottom half.  None with the players below
        in the graph."""
        if self.with_following:
            return None
        leaders = {higher.number for higher, _ in first_candidate(self.bracket).pairs}
        return [v < self.mdp_count or p.number in leaders for v, p in enumerate(self.vertices)]

    def mdp_pairing_by_proof(self, sides: Sequence[bool]) -> tuple[list[Edge], int] | None:
        """The MDP-pairing (B.7; D.3, then D.1 over S2) without a weighted solve of the tie-breaks, where the
        criteria's optimum is proven across ``sides`` (:func:`blossom.bipartite_first`): the pairs of MDPs and
        residents, and the number of pairs left to the remainder.  None without such a proof.

        Among the candidates best by the criteria, D.3 takes the one pairing
        the earliest MDPs, then D.1 gives each paired MDP in turn the highest
        resident it can have: decided one by one, each time asking whether
        some best candidate still agrees (:class:`matching.OptimalMatchings`,
        a question of cardinality).  All best candidates have as many pairs
        (C.5, or the completion field, counts them first).
        """
        weights = self.criteria_weights
        kept = [k for k, w in enumerate(weights) if w > 0]
        edges = [self.edges[k] for k in kept]
        proof = bipartite_first(len(self.vertices), edges, [weights[k] for k in kept], sides)
        if proof is None:
            return None
        best = OptimalMatchings(len(self.vertices), edges, proof)
        m, size = self.mdp_count, self.size
        paired: list[int] = []
        for i in range(m):
            if best.exists((), [*paired, i]):
                paired.append(i)
        pairs: list[Edge] = []
        for i in paired:
            for j in best.partners(i):
                if m <= j < size and best.exists([*pairs, (i, j)], paired):
                    pairs.append((i, j))
                    break
            else:
                return None
        total = sum(1 for v, w in enumerate(proof.mate) if v < w)
        return pairs, total - len(pairs)

    def first_transposition(self, remainder: list[int], s1_size: int) -> list[int] | None:
        """The best candidate when it needs no exchange: the first transposition (D.1) among the best.

        D.2 generates every exchange after all transpositions of the
        original S1 and S2, so if some candidate pairing S1 with S2 is best
        by the criteria, the candidate kept is the first such transposition.
        Pairing S1 with S2 is a bipartite matching problem: one solve, whose
        duals also show whether any candidate with an exchange could do
        better (then ``None``: the general search decides).  Only for a
        graph without the players below.
        """
        if self.with_following:
            return None
        position = {v: k for k, v in enumerate(remainder)}
        across: list[tuple[int, int]] = []
        across_weights: list[int] = []
        within: list[tuple[int, int]] = []
        within_weights: list[int] = []
        for (i, j), w in zip(self.edges, self.criteria_weights):
            p, q = position.get(i), position.get(j)
            if w <= 0 or p is None or q is None:
                continue
            p, q = min(p, q), max(p, q)
            if p < s1_size <= q:
                across.append((p, q - s1_size))
                across_weights.append(w)
            else:
                within.append((p, q))
                within_weights.append(w)
        best = first_optimal_assignment(s1_size, len(remainder) - s1_size, across, across_weights)
        if best is None:
            return None
        if not proven_optimal_overall(best, within, within_weights):
            # The duals do not prove the bipartite optimum optimal overall: compare.
            edges = [(p, q + s1_size) for p, q in across] + within
            weights = across_weights + within_weights
            mate = lexicographic_matching(len(remainder), edges, [weights])
            by_edge = dict(zip(edges, weights))
            if sum(by_edge[(v, w)] for v, w in enumerate(mate) if v < w) > best.weight:
                return None
        mate = [-1] * len(self.vertices)
        for p, q in enumerate(best.left_mate):
            i, j = remainder[p], remainder[s1_size + q]
            mate[i], mate[j] = j, i
        return mate


def first_candidate(bracket: Bracket) -> BracketPairing:
    """B.3: the candidate built before any alteration.

    S1 (the MDPs, or the top half of a homogeneous bracket) against S2 in
    order; in a heterogeneous bracket the remainder then pairs its own top
    half against its bottom half.
    """
    mdps, residents = bracket.moved_down, bracket.residents
    head = min(len(mdps), len(residents))
    pairs = list(zip(mdps[:head], residents[:head]))
    remainder = residents[head:]
    half = len(remainder) // 2
    pairs += zip(remainder[:half], remainder[half : 2 * half])
    return BracketPairing(tuple(pairs), mdps[head:] + remainder[2 * half :])


def _is_perfect(bracket: Bracket, candidate: BracketPairing) -> bool:
    """B.4: the candidate complies with C.1-C.4 and no criterion C.5-C.19 could be better satisfied.

    Checked only where that is certain without looking further: residents
    of one score, every MDP paired, at most one player left over and he
    only in the last bracket, where he takes the bye (C.2).  Then C.5 and
    C.6 are at their best, C.7 cannot tell candidates apart, and there is
    no completion to look after below (a PPB is never taken so).
    """
    floaters = candidate.downfloaters
    if bracket.must_complete and bracket.following:
        return False
    if len({p.score for p in bracket.residents}) > 1:
        return False
    if len(floaters) > 1 or any(p in bracket.moved_down for p in floaters):
        return False
    if floaters and (not bracket.must_complete or not floaters[0].can_get_bye):
        return False
    if not all(may_meet(h, l) for h, l in candidate.pairs):
        return False
    criteria = bracket.criteria
    if criteria.bye_unplayed and floaters and floaters[0].unplayed:
        return False
    base = criteria.base(bracket.residents, bracket.players)
    failures = evaluate(candidate.pairs, floaters, base, criteria.quality[2:])
    return not any(failures.values())


def _max_pairs(graph: _Graph, bracket: Bracket) -> int:
    """B.1.b MaxPairs of a homogeneous bracket: the pairs of the best candidate (the size of S1, B.2).

    Without a completion requirement C.5 ranks first, so it is the largest
    number of pairs C.1-C.3 allow inside the bracket.  The last bracket pairs
    everybody but the bye (the round was found completable before it).
    Only a PPB re-paired for completion needs the full optimisation.
    """
    if not bracket.must_complete:
        mate = maximum_cardinality_matching(graph.size, _inside_neighbours(bracket))
        return sum(1 for v, w in enumerate(mate) if v < w)
    if not bracket.following:
        return graph.size // 2
    mate = graph.best_matching([])
    return sum(1 for v in range(graph.size) if v < mate[v] < graph.size)


def _neighbours(players: tuple[Contestant, ...], apart: int = 0) -> list[list[int]]:
    """Who may meet whom among ``players`` (C.1, C.3); the first ``apart`` never meet each other."""
    neighbours: list[list[int]] = [[] for _ in players]
    for j, before in enumerate(_earlier_partners(players)):
        if j >= apart:
            for i in before:
                neighbours[i].append(j)
            neighbours[j].extend(before)
    return [sorted(row) for row in neighbours]


def _earlier_partners(players: Sequence[Contestant]) -> list[list[int]]:
    """For each player, the places of the players before him in ``players`` he may meet (C.1, C.3), ascending,
    read from the partner bitsets (:func:`criteria.partner_bitsets`)."""
    partners = partner_bitsets(players)
    place = {p.number: k for k, p in enumerate(players)}
    before = 0
    result = []
    for q in players:
        result.append(sorted(place[n] for n in set_bits(partners[q.number] & before)))
        before |= 1 << q.number
    return result


def _inside_neighbours(bracket: Bracket) -> list[list[int]]:
    """Who may meet whom inside the bracket (MDPs only with residents, B.2-B.3)."""
    return _neighbours(bracket.players, apart=len(bracket.moved_down))


def _c7_is_settled(bracket: Bracket) -> bool:
    """C.7 cannot tell the candidates of ``bracket`` apart, so the players below need not be in the graph.

    Certain when C.5 lets nobody float (an even bracket whose players can
    all be paired inside it), or lets exactly one player float and, whoever
    he is, the following scoregroup can still be paired as fully as
    possible with him in it (he then counts among its pairs, so its PSD is
    the same too): a following scoregroup with a perfect matching, the
    floater meeting any of its players (when it is the last scoregroup,
    one whose partner may take the bye); or one with a matching missing one
    player, the floater meeting a player some maximum matching misses
    (Gallai-Edmonds).
    """
    players, following = bracket.players, bracket.following
    unpaired = maximum_cardinality_matching(len(players), _inside_neighbours(bracket)).count(-1)
    if unpaired == 0:
        return True
    if unpaired > 1 or not following:
        return False
    neighbours = _neighbours(following)
    mate = maximum_cardinality_matching(len(following), neighbours)
    if len(following) % 2 == 0:
        if -1 in mate:
            return False
        targets = {
            k for k, partner in enumerate(mate) if not bracket.following_is_last or following[partner].can_get_bye
        }
    else:
        deficient = deficient_vertices(neighbours, mate)
        if deficient is None:
            return False
        targets = deficient
    reachable = [following[k] for k in targets]
    return all(any(may_meet(p, f) for f in reachable) for p in players)


def pair_bracket(bracket: Bracket, *, shortcuts: bool = True) -> BracketPairing:
    """B.1-B.8: the pairing of ``bracket`` that B.8 chooses.

    ``shortcuts=False`` skips the three exact shortcuts (a perfect first
    candidate, B.4; the players below left out when C.7 is settled; the
    first transposition when no exchange is needed) and lets the general
    lexicographic matching decide everything: the same answer, slower,
    which the tests use to check the shortcuts.
    """
    if len(bracket.players) < 2:
        return BracketPairing((), bracket.players)
    candidate = first_candidate(bracket)
    if shortcuts and _is_perfect(bracket, candidate):
        return candidate
    settled_below = shortcuts and bool(bracket.following) and not bracket.must_complete and _c7_is_settled(bracket)
    graph = _Graph(bracket, with_following=not settled_below)
    vertices, size, m = graph.vertices, graph.size, graph.mdp_count
    if not graph.edges:
        return BracketPairing((), bracket.players)
    if m:
        sides = graph.sides_of_first_candidate() if shortcuts else None
        proven = graph.mdp_pairing_by_proof(sides) if sides is not None else None
        if proven is not None:
            mdp_pairs, s1_size = proven
            taken = {v for pair in mdp_pairs for v in pair}
            remainder = [v for v in range(m, size) if v not in taken]
        else:
            mate = graph.best_matching([lambda edges: generation.mdp_pairing_fields(edges, m, size)], left=sides)
            mdp_pairs = [(i, mate[i]) for i in range(m) if m <= mate[i] < size]
            taken = {v for pair in mdp_pairs for v in pair}
            remainder = [v for v in range(m, size) if v not in taken]
            s1_size = sum(1 for v in remainder if v < mate[v] < size and mate[v] not in taken)
    else:
        mdp_pairs, taken, remainder = [], set(), list(range(size))
        s1_size = _max_pairs(graph, bracket)
    position = {v: k for k, v in enumerate(remainder)}
    # The MDP-pairing is settled; MDPs left out of it (the Limbo) may only
    # float to the following bracket.
    settled = frozenset((i, j) for i, j in graph.edges if i in taken or j in taken or (i < m and m <= j < size))
    if remainder:
        first = graph.first_transposition(remainder, s1_size) if shortcuts else None
        levels: list[TieBreaks] = [
            lambda edges: generation.exchange_fields(edges, position, s1_size),
            lambda edges: [generation.transposition_field(edges, position)],
        ]
        sides = [position.get(v, size) < s1_size for v in range(len(vertices))] if shortcuts else None
        mate = first or graph.best_matching(levels, settled, None if graph.with_following else sides)
    pairs = [(vertices[i], vertices[j]) for i, j in mdp_pairs]
    pairs += [(vertices[v], vertices[mate[v]]) for v in remainder if v < mate[v] and mate[v] in position]
    paired = {p.number for pair in pairs for p in pair}
    downfloaters = tuple(p for p in bracket.players if p.number not in paired)
    return BracketPairing(tuple(pairs), downfloaters)
