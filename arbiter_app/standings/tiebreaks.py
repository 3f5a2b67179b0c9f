"""Tie-breaks on the player's own results, as the Arbiters' Manual defines them (Tie-Break Regulations).

Sonneborn-Berger, Koya, the number of wins, the games with Black, the
progressive score and direct encounter.  Opponents' scores and the results of
unplayed rounds come from :mod:`arbiter_app.standings.unplayed` ("all these
scores are determined in each case after the application of the rule
concerning unplayed games").  The Buchholz family is in
:mod:`arbiter_app.standings.buchholz`, the rating-based ones in
:mod:`arbiter_app.standings.ratings`.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from itertools import combinations

from arbiter_app.pairing.model import Colour
from arbiter_app.standings.rules import Evaluation
from arbiter_app.standings.unplayed import WIN, TieBreakContext


def sonneborn_berger(context: TieBreakContext, number: int) -> Fraction:
    """(f1) "the sum of the scores of the opponents a player has defeated and half the scores of the
    players with whom he has drawn".

    Unplayed rounds count against the virtual opponent with their result "as a
    normal result": a forfeit win, a pairing-allocated or full-point bye adds
    the virtual opponent's whole score, a half-point bye half of it.
    """
    return sum((e.opponent_score * e.result for e in context.encounters[number]), Fraction(0))


def koya(context: TieBreakContext, number: int) -> Fraction:
    """(d) Koya: "the number of points achieved against all opponents who have achieved 50 % or more".

    50 % of the points a player could have won in the rounds counted; the
    opponents' scores are their tie-break scores (unplayed games applied).
    """
    half = context.win * context.after_round / 2
    return sum((e.points for e in context.encounters[number] if e.opponent_score >= half), Fraction(0))


def wins(context: TieBreakContext, number: int) -> int:
    """The number of wins ("the greater number of wins").

    A round won without playing (forfeit, pairing-allocated or full-point bye)
    counts as a win: for tie-breaks the player beat a virtual opponent and "the
    result by forfeit will be considered as a normal result".
    """
    return sum(1 for e in context.encounters[number] if e.result == WIN)


def games_with_black(context: TieBreakContext, number: int) -> int:
    """Games with Black: "The greater number of games played with the black pieces (unplayed games shall
    be counted as played with the white pieces)"."""
    return sum(1 for e in context.encounters[number] if e.opponent is not None and e.colour is Colour.BLACK)


def progressive_score(context: TieBreakContext, number: int) -> Fraction:
    """Progressive (cumulative) score: the sum of the player's running scores after each round.

    The manual names "progressive points" (on pairing cards) without defining
    them; this is the usual reading, with the real points of every round,
    unplayed ones included ("for the round itself the result by forfeit will be
    considered as a normal result").
    """
    total = running = Fraction(0)
    for e in context.encounters[number]:
        running += e.points
        total += running
    return total


def mutual_points(context: TieBreakContext, group: Sequence[int]) -> dict[int, Fraction]:
    """Points each player of ``group`` scored in games played against the others of ``group``."""
    members = set(group)
    return {p: sum((e.points for e in context.encounters[p] if e.opponent in members), Fraction(0)) for p in group}


def _have_met(context: TieBreakContext, a: int, b: int) -> bool:
    return any(e.opponent == b for e in context.encounters[a])


def direct_encounter(context: TieBreakContext, group: Sequence[int]) -> dict[int, Evaluation]:
    """(c) Direct encounter.

        If all the tied players have met each other, the sum of points from
        these encounters is used. The player with the highest score is ranked
        number 1 and so on. If some but not all have played each other, the
        player with a score that could not be equalled by any other player (if
        all such games had been played) is ranked number 1 and so on.

    Only games played over the board count as meetings (a forfeit is a game
    against a virtual opponent).  When some have not met, a player is ranked
    next if his points exceed what every other unranked player could reach by
    winning all his games not played within the group; the players left when
    no one does so stay tied (sort key 0).  The printed value is the sum of
    points in the group's games.
    """
    scored = mutual_points(context, group)
    if all(_have_met(context, a, b) for a, b in combinations(group, 2)):
        return {p: Evaluation(scored[p], (scored[p],)) for p in group}
    potential = {
        p: scored[p] + context.win * sum(1 for q in group if q != p and not _have_met(context, p, q)) for p in group
    }
    keys: dict[int, int] = {p: 0 for p in group}
    unranked = list(group)
    while len(unranked) > 1:
        leaders = [p for p in unranked if all(scored[p] > potential[q] for q in unranked if q != p)]
        if not leaders:
            break
        (leader,) = leaders
        keys[leader] = len(unranked)
        unranked.remove(leader)
    return {p: Evaluation(scored[p], (keys[p],)) for p in group}
