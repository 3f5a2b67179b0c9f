"""Tournaments for the tests and the bench of several desks: ``n`` players, no round played yet."""

from __future__ import annotations


def players_trf(n: int, rounds: int = 9) -> str:
    """A TRF of ``n`` players rated from 2700 down (no two alike for the first 1,700), nothing played."""
    lines = [f"012 Open of {n} players", f"XXR {rounds}", "XXC white1"]
    for number in range(1, n + 1):
        rating = max(1000, 2700 - number)
        lines.append(f"001 {number:4d}      {'Player ' + str(number):<33} {rating:4d}")
    return "\n".join(lines) + "\n"
