"""The sequential generation order of candidates (C.04.3 D.1-D.3), as tie-break fields.

B.8 keeps, among candidates that satisfy the criteria equally well, the one
generated first.  The order of generation is a lexicographic order, so it
too folds into matching weights, below every criterion:

* a heterogeneous bracket is decided first by which moved-down players are
  paired (D.3: S1 after MDP-exchanges with the Limbo: higher score, then
  lower BSN) and by their opponents (D.1 over S2: the MDP-pairing whose
  S2 order comes first);
* then its remainder, like a homogeneous bracket, by the resident-exchange
  (D.2.a fewest players exchanged, D.2.b smallest difference of the BSN
  sums, D.2.c highest BSN moved out of S1, D.2.d lowest BSN moved into S1)
  and finally the transposition of S2 (D.1: lexicographic).

For a set of pairs the earliest exchange that yields it has the higher
player of every pair in S1 (moving the lower one instead never comes first
in D.2.a or D.2.b), so "S1 after the exchange" is "the higher players of the
pairs" throughout.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from itertools import combinations, permutations

Edge = tuple[int, int]


def _bits(n: int) -> int:
    return max(n, 1).bit_length() + 1


def mdp_pairing_fields(edges: Sequence[Edge], moved_down: int, bracket_size: int) -> list[list[int]]:
    """D.3 and D.1 for the MDP-pairing of a heterogeneous bracket (B.7).

    Vertices ``0 .. moved_down-1`` are the MDPs in A.2 order, ``moved_down ..
    bracket_size-1`` the residents.  Fields: which MDPs are paired (earlier
    BSN first; their scores are already settled by C.6), then each paired
    MDP's opponent, the highest resident first, the first MDP's choice
    weighing most.
    """
    width = _bits(bracket_size)
    which: list[int] = []
    opponents: list[int] = []
    for i, j in edges:
        if i < moved_down <= j < bracket_size:
            which.append(1 << (moved_down - 1 - i))
            opponents.append((bracket_size - j) << (width * (moved_down - 1 - i)))
        else:
            which.append(0)
            opponents.append(0)
    return [which, opponents]


def remainder_fields(edges: Sequence[Edge], position: dict[int, int], s1_size: int) -> list[list[int]]:
    """D.2.a-d and D.1 for a homogeneous bracket or a remainder.

    ``position`` gives each remainder vertex its place (0-based BSN order) in
    the remainder; its first ``s1_size`` players form the original S1.
    """
    return [*exchange_fields(edges, position, s1_size), transposition_field(edges, position)]


def exchange_fields(edges: Sequence[Edge], position: dict[int, int], s1_size: int) -> list[list[int]]:
    """D.2.a-d, the resident-exchange of :func:`remainder_fields` (an edge outside the remainder: 0)."""
    size = len(position)
    fewest_exchanges: list[int] = []
    smallest_sum: list[int] = []
    highest_moved_out: list[int] = []
    lowest_moved_in: list[int] = []
    for i, j in edges:
        p, q = position.get(i), position.get(j)
        if p is None or q is None:
            for field in (fewest_exchanges, smallest_sum, highest_moved_out, lowest_moved_in):
                field.append(0)
            continue
        p = min(p, q)
        in_s1 = p < s1_size
        # D.2.a: a pair led by an S1 player needs no exchange.
        fewest_exchanges.append(int(in_s1))
        # D.2.b: the BSN sum of the new S1 (= the pairs' higher players).
        smallest_sum.append(-p)
        # D.2.c: an original S1 player who still leads a pair is not moved
        # out; moving out the lowest ones is preferred.
        highest_moved_out.append(-(1 << p) if in_s1 else 0)
        # D.2.d: an original S2 player leading a pair was moved in; the
        # highest ones are preferred.
        lowest_moved_in.append(0 if in_s1 else 1 << (size - 1 - p))
    return [fewest_exchanges, smallest_sum, highest_moved_out, lowest_moved_in]


def transposition_field(edges: Sequence[Edge], position: dict[int, int]) -> list[int]:
    """D.1 of :func:`remainder_fields`: each S1 player in turn takes the first S2 player available."""
    size = len(position)
    width = _bits(size)
    field: list[int] = []
    for i, j in edges:
        p, q = position.get(i), position.get(j)
        if p is None or q is None:
            field.append(0)
            continue
        if p > q:
            p, q = q, p
        field.append((size - q) << (width * (size - 1 - p)))
    return field


# --- The sequences themselves, as the rules write them -------------------------------
# The engine never enumerates them (it folds their order into weights, above);
# the explanation walks them to show an arbiter the trail of a bracket.


def transpositions(s2: Sequence[int], n1: int) -> Iterator[tuple[int, ...]]:
    """D.1: the orders of S2 (BSNs), sorted by the lexicographic value of their first ``n1`` BSNs.

    The remaining BSNs, bound to float or to form the remainder, are ignored:
    each distinct head comes once, the rest following in ascending order.
    """
    ordered = sorted(s2)
    for head in permutations(ordered, n1):
        chosen = set(head)
        yield head + tuple(b for b in ordered if b not in chosen)


def resident_exchanges(s1: Sequence[int], s2: Sequence[int]) -> Iterator[tuple[tuple[int, ...], tuple[int, ...]]]:
    """D.2: every exchange of equally sized groups between the original S1 and S2, best first.

    Each item is ``(moved out of S1, moved into S1)`` as ascending BSN tuples.
    Priority: (a) fewest BSNs exchanged; (b) smallest difference between
    the sums moved into and out of S1; (c) the highest different BSN moved
    out of S1; (d) the lowest different BSN moved into S1.  Generated one
    size at a time, so a long sequence is only built as far as it is read.
    """

    def priority(exchange: tuple[tuple[int, ...], tuple[int, ...]]) -> tuple[object, ...]:
        out, into = exchange
        return (sum(into) - sum(out), tuple(-b for b in sorted(out, reverse=True)), into)

    for size in range(1, min(len(s1), len(s2)) + 1):
        same_size = [(out, into) for out in combinations(sorted(s1), size) for into in combinations(sorted(s2), size)]
        yield from sorted(same_size, key=priority)


def exchanged(
    s1: Sequence[int], s2: Sequence[int], out: Sequence[int], into: Sequence[int]
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """B.6: the new S1 and S2 after an exchange, each reordered by BSN (A.2)."""
    new_s1 = tuple(sorted((set(s1) - set(out)) | set(into)))
    new_s2 = tuple(sorted((set(s2) - set(into)) | set(out)))
    return new_s1, new_s2


def mdp_exchanges(s1: Sequence[int], limbo: Sequence[int], score: Mapping[int, int]) -> list[tuple[int, ...]]:
    """D.3: the S1s that MDP-exchanges with the Limbo produce, best first (the original S1 excluded).

    Priority to the S1 with (a) the highest different score, then (b) the
    lowest lexicographic value of its BSNs in ascending order.
    """
    everyone = sorted(set(s1) | set(limbo))
    options = [c for c in combinations(everyone, len(s1)) if set(c) != set(s1)]
    return sorted(options, key=lambda c: (tuple(-s for s in sorted((score[b] for b in c), reverse=True)), c))
