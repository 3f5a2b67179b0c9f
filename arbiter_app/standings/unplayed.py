"""The tournament as the tie-breaks see it: the Arbiters' Manual's rule on unplayed games.

Arbiters' Manual, Tie-Break Regulations, "Unplayed games"
(``shared/spec/001_08ac07da9f6b2b9a.txt``):

    For tiebreak purposes all unplayed games in which players are indirectly
    involved (results by forfeit of opponents) are considered to have been
    drawn.

    For tiebreak purposes a player who has no opponent will be considered as
    having played against a virtual opponent who has the same number of
    points at the beginning of the round and who draws in all the following
    rounds. For the round itself the result by forfeit will be considered as
    a normal result.

    Svon = SPR + (1 - SfPR) + 0.5 * (n - R)

and the Note after the definitions: "all these scores are determined in each
case after the application of the rule concerning unplayed games".

How this module reads it (the manual's text leaves these open):

* "unplayed games" are all rounds without a game over the board: forfeits
  (won or lost), the pairing-allocated bye, requested half- and full-point
  byes, zero-point byes and the rounds of an absent or withdrawn player.
  In an *opponent's* score each of them counts as a draw (the ``draw`` points
  of the point system); in the player's *own* list of opponents each of them
  is a game against a virtual opponent, scored with the formula above, where
  ``1`` and ``0.5`` are the point system's win and draw.
* A forfeit is an unplayed game even though the file names the opponent who
  did not come: both players of a forfeit meet a virtual opponent, as the
  manual's two examples (the player absent; the opponent absent) show.
* The player's own score (standings, progressive score) stays the real one.

All values here are :class:`fractions.Fraction` points (``Fraction(3, 2)`` is
1.5 points), converted from the model's tenths.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction

from arbiter_app.errors import ArbiterError
from arbiter_app.pairing.model import Colour, Outcome, Player, PointSystem, TournamentState

WIN, DRAW, LOSS = Fraction(1), Fraction(1, 2), Fraction(0)


def points(tenths: int) -> Fraction:
    """A model score in tenths as exact points."""
    return Fraction(tenths, 10)


@dataclass(frozen=True)
class Encounter:
    """One round of one player, as the tie-breaks see it."""

    round: int
    """The round (1-based)."""
    outcome: Outcome
    """What the round brought the player."""
    opponent: int | None
    """Pairing number of the opponent of a game played over the board; None for a virtual opponent."""
    colour: Colour | None
    """Colour of a played game; None for an unplayed one ("counted as played with the white pieces")."""
    points: Fraction
    """Points the player scored in the round (the real result)."""
    result: Fraction
    """1, 1/2 or 0: the round as a win, a draw or a loss ("considered as a normal result")."""
    opponent_score: Fraction
    """The opponent's score for tie-breaks after the last round counted: its score with its own
    unplayed games drawn, or the virtual opponent's Svon."""

    @property
    def is_virtual(self) -> bool:
        """The player had no opponent this round: the opponent is the manual's virtual opponent."""
        return self.opponent is None


def _result(outcome: Outcome, tenths: int, system: PointSystem) -> Fraction:
    """Win, draw or loss for a round: played games by their outcome, unplayed ones by the points given."""
    if outcome in (Outcome.WIN, Outcome.FORFEIT_WIN, Outcome.FULL_POINT_BYE):
        return WIN
    if outcome in (Outcome.DRAW, Outcome.HALF_POINT_BYE):
        return DRAW
    if outcome in (Outcome.LOSS, Outcome.FORFEIT_LOSS, Outcome.ZERO_POINT_BYE, Outcome.ABSENT):
        return LOSS
    # the pairing-allocated bye: worth whatever the point system gives it
    if tenths >= system.win:
        return WIN
    return DRAW if tenths >= system.draw and tenths > 0 else LOSS


def virtual_opponent_score(
    score_before: Fraction, forfeit_score: Fraction, round_number: int, completed: int, system: PointSystem
) -> Fraction:
    """Svon = SPR + (1 - SfPR) + 0.5 * (n - R), with the point system's win and draw for 1 and 0.5.

    ``score_before`` is SPR (the player's score before round R), ``forfeit_score``
    SfPR (what the player scored in round R), ``completed`` n (the rounds counted).
    """
    return score_before + (points(system.win) - forfeit_score) + points(system.draw) * (completed - round_number)


@dataclass(frozen=True, eq=False)
class TieBreakContext:
    """Everything a tie-break needs after ``after_round`` rounds, unplayed games already applied."""

    after_round: int
    """n: the number of completed rounds counted."""
    players: Mapping[int, Player]
    """Players by pairing number, histories cut to ``after_round`` rounds."""
    system: PointSystem
    """The tournament's point system."""
    scores: Mapping[int, Fraction]
    """Real scores after ``after_round`` rounds."""
    tiebreak_scores: Mapping[int, Fraction]
    """Scores as an opponent counts for tie-breaks: own unplayed games drawn."""
    encounters: Mapping[int, tuple[Encounter, ...]]
    """Each player's rounds 1..n with the opponent scores tie-breaks use."""

    @classmethod
    def from_state(cls, state: TournamentState, after_round: int | None = None) -> TieBreakContext:
        """The context after ``after_round`` (default: every round in the histories)."""
        players = truncated_players(state, after_round)
        n = state.round - 1 if after_round is None else after_round
        system = state.points
        by_number = {p.number: p for p in players}
        scores = {p.number: points(p.score) for p in players}
        tb_scores = {
            p.number: sum(
                (points(r.points) if r.outcome.is_played else points(system.draw) for r in p.history), Fraction(0)
            )
            for p in players
        }
        encounters = {p.number: _encounters(p, n, system, by_number, tb_scores) for p in players}
        return cls(n, by_number, system, scores, tb_scores, encounters)

    @property
    def numbers(self) -> tuple[int, ...]:
        """All pairing numbers, ascending."""
        return tuple(sorted(self.players))

    @property
    def win(self) -> Fraction:
        """Points for a win."""
        return points(self.system.win)


def truncated_players(state: TournamentState, after_round: int | None) -> tuple[Player, ...]:
    """The players with histories cut to ``after_round`` rounds (all recorded rounds if None)."""
    recorded = state.round - 1
    if after_round is None:
        return state.players
    if not 0 <= after_round <= recorded:
        raise ArbiterError(f"round {after_round} is not among the {recorded} rounds recorded")
    return tuple(Player(p.number, p.history[:after_round], p.accelerations, p.rating, p.name) for p in state.players)


def _encounters(
    player: Player,
    completed: int,
    system: PointSystem,
    by_number: Mapping[int, Player],
    tb_scores: Mapping[int, Fraction],
) -> tuple[Encounter, ...]:
    rows = []
    before = Fraction(0)
    for index, record in enumerate(player.history):
        round_number = index + 1
        scored = points(record.points)
        result = _result(record.outcome, record.points, system)
        if record.outcome.is_played:
            if record.opponent is None or record.opponent not in by_number:
                raise ArbiterError(
                    f"player {player.number}, round {round_number}: a played game needs a registered opponent"
                )
            rows.append(
                Encounter(
                    round_number,
                    record.outcome,
                    record.opponent,
                    record.colour,
                    scored,
                    result,
                    tb_scores[record.opponent],
                )
            )
        else:
            svon = virtual_opponent_score(before, scored, round_number, completed, system)
            rows.append(Encounter(round_number, record.outcome, None, None, scored, result, svon))
        before += scored
    return tuple(rows)
