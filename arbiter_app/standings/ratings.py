"""Rating-based tie-breaks: average rating of opponents (and its cut) and the performance rating.

Arbiters' Manual, Tie-Break Regulations:

    (a) The Average Rating of Opponents (ARO) is the sum of the ratings of the
        opponents of a player, divided by the number of games played.
    (a1) The Average Rating of Opponents Cut (AROC) is the Average Rating of
        Opponents, excluding one or more of the ratings of the opponents,
        starting from the lowest-rated opponent.
    When a player has elected not to play more than two games in a tournament,
    his ARO or AROC shall be considered to be lower than that of any player who
    has completed more of the schedule.

Readings: only games played over the board count (a virtual opponent has no
rating); unrated opponents (rating 0) are left out of both the sum and the
count; averages are rounded to the nearest whole rating point, halves up.  The
two-games rule is applied to every player with at most two played games: the
sort key puts ``min(games, 3)`` before the average.

The manual prints performance ratings (``Rp``) in its tables without a
formula.  Its 12-player round-robin table is reproduced exactly by the FIDE
Rating Regulations' rule ``Rp = Ra + dp``: Ra the average rating of the
opponents (rounded as above) and dp looked up for the fraction ``p`` of points
scored in those games, rounded to two decimals.
"""

from __future__ import annotations

from fractions import Fraction

from arbiter_app.standings.rules import SortKey
from arbiter_app.standings.unplayed import TieBreakContext

# FIDE Rating Regulations, table 8.1(a): dp for p = 0.50 ... 1.00 (by hundredths).
_DP_FROM_HALF = (
    0, 7, 14, 21, 29, 36, 43, 50, 57, 65,
    72, 80, 87, 95, 102, 110, 117, 125, 133, 141,
    149, 158, 166, 175, 184, 193, 202, 211, 220, 230,
    240, 251, 262, 273, 284, 296, 309, 322, 336, 351,
    366, 383, 401, 422, 444, 470, 501, 538, 589, 677,
    800,
)  # fmt: skip


def round_half_up(value: Fraction) -> int:
    """The nearest integer, halves rounded up."""
    return int((value + Fraction(1, 2)) // 1)


def dp(p: Fraction) -> int:
    """Rating difference for a fraction ``p`` of the points (FIDE table 8.1(a)); p is rounded to hundredths."""
    hundredths = round_half_up(p * 100)
    if not 0 <= hundredths <= 100:
        raise ValueError(f"a fraction of the points must lie in [0, 1], got {p}")
    if hundredths >= 50:
        return _DP_FROM_HALF[hundredths - 50]
    return -_DP_FROM_HALF[50 - hundredths]


def rated_games(context: TieBreakContext, number: int) -> list[tuple[int, Fraction]]:
    """(opponent's rating, points scored) for each game played over the board against a rated opponent."""
    return [
        (context.players[e.opponent].rating, e.points)
        for e in context.encounters[number]
        if e.opponent is not None and context.players[e.opponent].rating > 0
    ]


def _average(ratings: list[int]) -> int | None:
    return round_half_up(Fraction(sum(ratings), len(ratings))) if ratings else None


def average_rating_of_opponents(context: TieBreakContext, number: int) -> int | None:
    """(a) ARO: the opponents' ratings divided by the games played; None without a rated opponent."""
    return _average([rating for rating, _ in rated_games(context, number)])


def average_rating_of_opponents_cut(context: TieBreakContext, number: int, cut: int = 1) -> int | None:
    """(a1) AROC: the ARO without the ``cut`` lowest-rated opponents; None when nothing is left."""
    ratings = sorted(rating for rating, _ in rated_games(context, number))
    return _average(ratings[cut:])


def _games_played(context: TieBreakContext, number: int) -> int:
    return sum(1 for e in context.encounters[number] if e.opponent is not None)


def aro_key(context: TieBreakContext, number: int) -> SortKey:
    """Sort key of ARO: "not more than two games" ranks below more of the schedule completed."""
    value = average_rating_of_opponents(context, number)
    return (min(_games_played(context, number), 3), -1 if value is None else value)


def aroc_1_key(context: TieBreakContext, number: int) -> SortKey:
    """Sort key of AROC 1, with the same two-games rule."""
    value = average_rating_of_opponents_cut(context, number, 1)
    return (min(_games_played(context, number), 3), -1 if value is None else value)


def performance_rating(context: TieBreakContext, number: int) -> int | None:
    """Rp = Ra + dp(p) over the games played against rated opponents; None without such games."""
    games = rated_games(context, number)
    if not games:
        return None
    ra = _average([rating for rating, _ in games])
    assert ra is not None
    scored = sum((pts for _, pts in games), Fraction(0))
    return ra + dp(scored / (context.win * len(games)))
