"""Lexicographic objectives folded into one integer weight per edge.

A bracket's criteria are compared one after the other (B.8): a candidate is
better when it better satisfies a criterion of higher priority.  A maximum
weight matching finds the best candidate when each criterion becomes a
*field* of the edge weight, fields of higher priority in higher bits, each
wide enough that the sum of its values over any matching cannot reach the
field above.  Values may be negative (a penalty); Python integers keep every
weight exact whatever its width.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

Edge = tuple[int, int]


class ScoreDifferenceScale:
    """Weights for lists of score differences compared as A.8 compares PSDs.

    ``weight(d)`` grows so fast with ``d`` that minimising the sum of the
    weights of a list minimises the list lexicographically (highest
    difference first): every value outweighs ``count`` copies of all smaller
    ones.
    """

    def __init__(self, values: Iterable[int], count: int) -> None:
        self._base = count + 1
        self._rank = {value: rank for rank, value in enumerate(sorted(set(values)))}

    def weight(self, difference: int | None) -> int:
        """Weight of one score difference; 0 for none."""
        if difference is None:
            return 0
        weight: int = self._base ** (self._rank[difference] + 1)
        return weight


def field_offsets(largest: Sequence[int], edges_in_matching: int) -> list[int]:
    """The bit offset of each field (highest priority first), given the largest absolute value it takes.

    A field starts above the one below it wide enough that the sum over any
    matching of the lower one cannot reach it; a field that is 0 everywhere
    takes no bits.
    """
    offsets = [0] * len(largest)
    offset = 0
    for k in reversed(range(len(largest))):
        offsets[k] = offset
        if largest[k]:
            offset += (largest[k] * edges_in_matching).bit_length() + 2
    return offsets


def largest_value(values: Iterable[int]) -> int:
    """The largest absolute value among ``values`` (0 for none)."""
    values = list(values)
    return max(max(values, default=0), -min(values, default=0))


def pack(fields: Sequence[Sequence[int]], edges_in_matching: int) -> list[int]:
    """Combine per-edge field values (highest priority first) into one weight per edge.

    ``fields[k][e]`` is field ``k``'s value on edge ``e``; a matching holds
    at most ``edges_in_matching`` edges.
    """
    if not fields:
        return []
    weights = [0] * len(fields[0])
    offsets = field_offsets([largest_value(values) for values in fields], edges_in_matching)
    for values, offset in zip(fields, offsets):
        if any(values):
            weights = [w + (v << offset) for w, v in zip(weights, values)]
    return weights
