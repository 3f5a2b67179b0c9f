"""The Buchholz family, as the Arbiters' Manual defines it (Tie-Break Regulations, (b) and (a5)).

    The Buchholz System is the sum of the scores of each of the opponents of a player.
    (b1) The Median Buchholz is the Buchholz reduced by the highest and the lowest scores of the opponents.
    (b2) The Median Buchholz 2 is the Buchholz score reduced by the two highest and the two lowest
         scores of the opponents.
    (b3) The Buchholz Cut 1 is the Buchholz score reduced by the lowest score of the opponents.
    (b4) The Buchholz Cut 2 is the Buchholz score reduced by the two lowest scores of the opponents.
    (a5) Sum of Buchholz: the sum of the Buchholz scores of the opponents

The opponents' scores are those "after the application of the rule concerning
unplayed games" (see :mod:`arbiter_app.standings.unplayed`): a real opponent's
unplayed rounds count as draws, and a round without an opponent brings the
virtual opponent's score.  Cuts count the virtual opponents like any other
opponent (the manual makes no exception).  With fewer opponents than scores
to cut, nothing is left: the value is 0.
"""

from __future__ import annotations

from fractions import Fraction

from arbiter_app.standings.unplayed import TieBreakContext


def opponent_scores(context: TieBreakContext, number: int) -> list[Fraction]:
    """The scores of the player's opponents, real and virtual, one per round."""
    return [encounter.opponent_score for encounter in context.encounters[number]]


def _cut(scores: list[Fraction], lowest: int, highest: int) -> Fraction:
    ordered = sorted(scores)
    kept = ordered[lowest : len(ordered) - highest]
    return sum(kept, Fraction(0))


def buchholz(context: TieBreakContext, number: int) -> Fraction:
    """The sum of the scores of each of the opponents of a player."""
    return _cut(opponent_scores(context, number), 0, 0)


def median_buchholz(context: TieBreakContext, number: int) -> Fraction:
    """(b1) Buchholz reduced by the highest and the lowest scores of the opponents."""
    return _cut(opponent_scores(context, number), 1, 1)


def median_buchholz_2(context: TieBreakContext, number: int) -> Fraction:
    """(b2) Buchholz reduced by the two highest and the two lowest scores of the opponents."""
    return _cut(opponent_scores(context, number), 2, 2)


def buchholz_cut_1(context: TieBreakContext, number: int) -> Fraction:
    """(b3) Buchholz reduced by the lowest score of the opponents."""
    return _cut(opponent_scores(context, number), 1, 0)


def buchholz_cut_2(context: TieBreakContext, number: int) -> Fraction:
    """(b4) Buchholz reduced by the two lowest scores of the opponents."""
    return _cut(opponent_scores(context, number), 2, 0)


def sum_of_buchholz(context: TieBreakContext, number: int) -> Fraction:
    """(a5) The sum of the Buchholz scores of the opponents.

    A virtual opponent has no Buchholz of its own (its other opponents are
    unknown), so it adds nothing; the manual does not say otherwise.
    """
    return sum(
        (buchholz(context, e.opponent) for e in context.encounters[number] if e.opponent is not None),
        Fraction(0),
    )
