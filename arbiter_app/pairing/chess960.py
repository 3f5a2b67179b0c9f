"""Chess960 (Fischer Random Chess) starting positions: the standard numbering 0-959 and a position drawn per round.

The numbering is Scharnagl's, the standard one of Chess960 programs and position tables: number ``n`` places, on White's first rank, the light-squared bishop
by ``n mod 4`` (files b, d, f, h), the dark-squared bishop by the next quotient mod 4
(files a, c, e, g), the queen on one of the six squares left by the next quotient mod 6,
the two knights on the five squares left by the last quotient (0-9, the pairs in order
ab ac ad ae bc bd be cd ce de), and a rook, the king and a rook on the three squares
left, in that order, so the king stands between the rooks.  Position 518 is the usual
starting position ``RNBQKBNR``.

A tournament played as Chess960 draws one position per round from its seed: the same
seed always draws the same positions, so the drawing can be repeated and checked.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from itertools import combinations

POSITIONS = 960
STANDARD = 518
"""The number of the usual starting position (``RNBQKBNR``)."""
_KNIGHTS = tuple(combinations(range(5), 2))
"""The ten placings of the two knights on the five squares left, in the numbering's order."""


def back_rank(number: int) -> str:
    """White's first rank (files a-h) of Chess960 position ``number`` (0-959); Black's mirrors it."""
    if not 0 <= number < POSITIONS:
        raise ValueError(f"a Chess960 position is numbered 0 to {POSITIONS - 1}, not {number}")
    rank: list[str | None] = [None] * 8
    number, light = divmod(number, 4)
    rank[2 * light + 1] = "B"
    number, dark = divmod(number, 4)
    rank[2 * dark] = "B"
    number, queen = divmod(number, 6)
    rank[[k for k, piece in enumerate(rank) if piece is None][queen]] = "Q"
    empty = [k for k, piece in enumerate(rank) if piece is None]
    for k in _KNIGHTS[number]:
        rank[empty[k]] = "N"
    for k, piece in zip((k for k, p in enumerate(rank) if p is None), "RKR"):
        rank[k] = piece
    return "".join(piece or "" for piece in rank)


@dataclass(frozen=True)
class StartingPosition:
    """The Chess960 position drawn for a round."""

    round: int
    number: int

    @property
    def back_rank(self) -> str:
        return back_rank(self.number)

    def __str__(self) -> str:
        return f"round {self.round}: position {self.number}, {self.back_rank}"


def drawn_position(seed: int, round_number: int) -> StartingPosition:
    """The position of ``round_number`` drawn from the tournament's ``seed`` (each of the 960 equally likely)."""
    # A string seed is hashed (SHA-512) by ``random``: the same number in every process and on every machine.
    return StartingPosition(round_number, random.Random(f"chess960/{seed}/{round_number}").randrange(POSITIONS))


def drawn_positions(seed: int, rounds: int) -> tuple[StartingPosition, ...]:
    """The positions of rounds 1 to ``rounds``."""
    return tuple(drawn_position(seed, k) for k in range(1, rounds + 1))
