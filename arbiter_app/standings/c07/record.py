"""The tournament as C.07 sees it: every round of every player, with its Article 16 category.

C.07-2026 15.1: "An unplayed round is any round in which a participant,
paired or not, did not play a game".  16.1 and 16.2 sort them:

* 16.2.1 pairing-allocated byes or full-point byes;
* 16.2.2 forfeit wins;
* 16.2.3 requested byes followed by at least one round that is not a VUR;
* 16.2.4 forfeit losses;
* 16.2.5 requested byes followed only by VURs, or in the last round.

A requested bye is a half- or zero-point bye; a round after a withdrawal is a
zero-point bye (16.1.1).  A voluntary unplayed round (VUR, 16.1.2) is a
requested bye or a forfeit loss.  The model's ``ABSENT`` rounds (no entry, or
``-`` without an opponent in a TRF) are zero-point byes.  Both editions sort
alike; only the dummy's score differs (:mod:`.articles`).
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Any

from arbiter_app.errors import ArbiterError
from arbiter_app.pairing.model import Colour, Outcome, Player, PointSystem, TournamentState
from arbiter_app.standings.c07.edition import C07_2026, Edition


class Category(enum.Enum):
    """C.07 16.2: the kinds of unplayed rounds."""

    BYE = "16.2.1"
    """Pairing-allocated bye or full-point bye."""
    FORFEIT_WIN = "16.2.2"
    REQUESTED_BYE = "16.2.3"
    """Requested bye followed by at least one round that is not a VUR."""
    FORFEIT_LOSS = "16.2.4"
    FINAL_REQUESTED_BYE = "16.2.5"
    """Requested bye followed only by VURs, or in the last round."""

    @property
    def is_forfeit(self) -> bool:
        """16.4.1 applies: the round had a scheduled opponent."""
        return self in (Category.FORFEIT_WIN, Category.FORFEIT_LOSS)

    @property
    def description(self) -> str:
        """Words for explanations."""
        return {
            Category.BYE: "pairing-allocated or full-point bye",
            Category.FORFEIT_WIN: "forfeit win",
            Category.REQUESTED_BYE: "requested bye followed by a round that is not a VUR",
            Category.FORFEIT_LOSS: "forfeit loss",
            Category.FINAL_REQUESTED_BYE: "requested bye followed only by VURs or in the last round",
        }[self]


_REQUESTED = (Outcome.HALF_POINT_BYE, Outcome.ZERO_POINT_BYE, Outcome.ABSENT)


def is_vur(outcome: Outcome) -> bool:
    """C.07 16.1.2: a requested bye (16.1.1, absences included) or a forfeit loss."""
    return outcome in _REQUESTED or outcome is Outcome.FORFEIT_LOSS


def categorise(outcomes: tuple[Outcome, ...], paired_last_round: bool = False) -> tuple[Category | None, ...]:
    """C.07 16.2: each round's category; None for a game played over the board.

    ``paired_last_round``: the FIDE TEC checker's reading once it has computed
    Fore Buchholz (see :meth:`C07Context.after_fore`): when the player was
    paired in the last round (a forfeit loss included), no requested bye is
    "followed only by VURs" (16.2.5); all are 16.2.3.
    """
    result: list[Category | None] = []
    counts = [not is_vur(o) for o in outcomes]
    if paired_last_round and outcomes and outcomes[-1] is Outcome.FORFEIT_LOSS:
        counts[-1] = True
    for index, outcome in enumerate(outcomes):
        if outcome.is_played:
            result.append(None)
        elif outcome in (Outcome.PAIRING_ALLOCATED_BYE, Outcome.FULL_POINT_BYE):
            result.append(Category.BYE)
        elif outcome is Outcome.FORFEIT_WIN:
            result.append(Category.FORFEIT_WIN)
        elif outcome is Outcome.FORFEIT_LOSS:
            result.append(Category.FORFEIT_LOSS)
        elif any(counts[index + 1 :]):
            result.append(Category.REQUESTED_BYE)
        else:
            result.append(Category.FINAL_REQUESTED_BYE)
    return tuple(result)


@dataclass(frozen=True)
class Round:
    """One round of one player."""

    number: int
    outcome: Outcome
    opponent: int | None
    """The opponent of a game, or the scheduled opponent of a forfeit; None for byes."""
    colour: Colour | None
    points: Fraction
    """Points awarded for the round."""
    category: Category | None
    """16.2 category of an unplayed round; None for a game played over the board."""

    @property
    def played(self) -> bool:
        """A game played over the board."""
        return self.category is None

    @property
    def vur(self) -> bool:
        """A voluntary unplayed round (16.1.2)."""
        return is_vur(self.outcome)


@dataclass(frozen=True)
class RatingPolicy:
    """Which rating a player counts with in the Article 10 tie-breaks (ARO, TPR, PTP, APRO, APPO, RTNG).

    C.07 Article 10: rating-based tie-breaks "must be dropped ... when unrated players are present, unless
    detailed rules on the handling of unrated players are included in the tournament regulations or
    established and published by the Chief Arbiter before the start".  Two such rules are offered:

    * ``unrated``: every unrated player counts as rated ``unrated`` (a fixed rating, 0 or 1000 say);
    * ``ratings``: a rating entered for a player from a round on; for an unrated player, the rating the
      arbiter estimated (an entry from round 1).  An unrated player without one falls back on ``unrated``.

    The Note of Article 10: when "a player can get more than one rating during the tournament (e.g. due to
    multiple rating reports) ... the rating used to calculate them is the first one, unless the specific
    regulations of the tournament state otherwise".  ``ratings`` holds the later ratings, each from the
    round it applies; ``use`` says which one counts: ``"first"`` (Article 10's default: the rating of
    round 1), ``"each"`` (the rating each opponent had in the round of the game) or a round number (the
    rating of that round, for everyone).
    """

    ratings: Mapping[int, tuple[tuple[int, int], ...]] = field(default_factory=dict)
    """Player -> ((from round, rating), ...): ratings that differ from the one registered."""
    unrated: int | None = None
    """The rating every unrated player counts with when no rating of their own is entered; None: none."""
    use: str | int = "first"
    """``"first"``, ``"each"`` or a round number."""

    def rating_at(self, registered: int, number: int, round_number: int) -> int:
        """The player's rating in ``round_number``: the last entry from that round or before, else registered."""
        rating = registered
        for start, value in sorted(self.ratings.get(number, ())):
            if start <= round_number:
                rating = value
        return rating

    def round_for(self, game_round: int) -> int:
        """The round whose rating counts for a game of ``game_round``."""
        if self.use == "first":
            return 1
        if self.use == "each":
            return game_round
        return int(self.use)


def _points(tenths: int) -> Fraction:
    return Fraction(tenths, 10)


@dataclass(frozen=True, eq=False)
class C07Context:
    """Everything the C.07 tie-breaks need after ``after_round`` rounds."""

    edition: Edition
    after_round: int
    """The rounds counted (the "number of rounds in the tournament" of 16.4.2 and 8.3; see below)."""
    players: Mapping[int, Player]
    system: PointSystem
    rounds: Mapping[int, tuple[Round, ...]]
    """Each player's rounds 1..after_round."""
    scores: Mapping[int, Fraction]
    """Real scores."""
    adjusted: Mapping[int, Fraction]
    """16.3 adjusted scores (what an opponent's tie-break uses)."""
    fore: bool = False
    """The view of 8.3 (every paired game of the last round a draw)."""
    after_fore_reading: bool = False
    """The view of :meth:`after_fore`."""
    rating_policy: RatingPolicy = field(default_factory=RatingPolicy)
    """Which rating counts in the Article 10 tie-breaks (:class:`RatingPolicy`)."""
    cache: dict[Any, Any] = field(default_factory=dict, repr=False)
    """Values already computed, by key (internal)."""

    @property
    def numbers(self) -> tuple[int, ...]:
        """Pairing numbers, ascending."""
        return tuple(sorted(self.players))

    @property
    def win(self) -> Fraction:
        return _points(self.system.win)

    @property
    def draw(self) -> Fraction:
        return _points(self.system.draw)

    @property
    def all_rated(self) -> bool:
        """Every player has a rating in every round counted (the model's 0 is "unrated"), under the policy."""
        key = ("all rated",)
        if key not in self.cache:
            self.cache[key] = self.rating_policy.unrated is not None or all(
                self.rating(n, r) is not None for n in self.players for r in range(1, max(self.after_round, 1) + 1)
            )
        result: bool = self.cache[key]
        return result

    def rating(self, number: int, game_round: int, unrated: int | None = None) -> int | None:
        """The player's rating for a game of ``game_round`` under :attr:`rating_policy`; an unrated player's
        (the model's 0) is ``unrated`` (a code's ``/Unnnn``) or else the policy's rating for unrated players,
        None when neither is given."""
        policy = self.rating_policy
        rating = policy.rating_at(self.players[number].rating, number, policy.round_for(game_round))
        if rating > 0:
            return rating
        return unrated if unrated is not None else policy.unrated

    def fore_view(self) -> C07Context:
        """C.07 8.3: the tournament "as if all paired games for the final round had ended in draws".

        Paired means with an opponent: games and forfeits of the last round
        become drawn games; byes of the last round stay as they are.
        """
        key = ("fore",)
        if key not in self.cache:
            if self.fore or self.after_round == 0:
                self.cache[key] = self
            else:
                last = self.after_round
                rounds = {}
                for number, rs in self.rounds.items():
                    rows = list(rs)
                    r = rows[last - 1]
                    if r.opponent is not None:
                        rows[last - 1] = replace(r, outcome=Outcome.DRAW, points=self.draw, category=None)
                    rounds[number] = _recategorised(tuple(rows))
                self.cache[key] = _context(self.edition, last, self.players, self.system, rounds, fore=True,
                                           rating_policy=self.rating_policy)  # fmt: skip
        result: C07Context = self.cache[key]
        return result

    def after_fore(self) -> C07Context:
        """The view the FIDE TEC checker uses for the tie-breaks it computes after Fore Buchholz.

        Computing FB, the checker marks every player paired in the last round
        as not absent up to that round, and keeps the mark: in the tie-breaks
        that follow FB in the list, a requested bye followed only by VURs up
        to a forfeit loss in the last round is of category 16.2.3 (its points
        count) instead of 16.2.5 (a draw).  The conformance tables (columns
        AOB, SB, SB/C1 after FB) show it; the standings reproduce it only for
        tie-breaks listed after FB, as the checker does.
        """
        key = ("after fore",)
        if key not in self.cache:
            if self.after_fore_reading:
                self.cache[key] = self
            else:
                rounds = {n: _recategorised(rs, True) for n, rs in self.rounds.items()}
                view = _context(self.edition, self.after_round, self.players, self.system, rounds, self.fore,
                                self.rating_policy)  # fmt: skip
                self.cache[key] = replace(view, after_fore_reading=True, cache={})
        result: C07Context = self.cache[key]
        return result


def _recategorised(rows: tuple[Round, ...], paired_last_round: bool = False) -> tuple[Round, ...]:
    categories = categorise(tuple(r.outcome for r in rows), paired_last_round)
    return tuple(replace(r, category=c) for r, c in zip(rows, categories))


def adjusted_score(rows: tuple[Round, ...], draw: Fraction) -> Fraction:
    """C.07 16.3: the score an opponent's tie-break uses.

    16.3.1: rounds of 16.2.1-16.2.4 count with their result (the points
    awarded); 16.3.2: rounds of 16.2.5 count as draws.
    """
    return sum((draw if r.category is Category.FINAL_REQUESTED_BYE else r.points for r in rows), Fraction(0))


def _context(
    edition: Edition,
    after_round: int,
    players: Mapping[int, Player],
    system: PointSystem,
    rounds: Mapping[int, tuple[Round, ...]],
    fore: bool = False,
    rating_policy: RatingPolicy | None = None,
) -> C07Context:
    draw = _points(system.draw)
    scores = {n: sum((r.points for r in rs), Fraction(0)) for n, rs in rounds.items()}
    adjusted = {n: adjusted_score(rs, draw) for n, rs in rounds.items()}
    return C07Context(edition, after_round, players, system, rounds, scores, adjusted, fore,
                      rating_policy=rating_policy or RatingPolicy())  # fmt: skip


def build_context(
    state: TournamentState,
    edition: Edition = C07_2026,
    after_round: int | None = None,
    rating_policy: RatingPolicy | None = None,
) -> C07Context:
    """The C.07 view of ``state`` after ``after_round`` (default: every recorded round).

    The "number of rounds in the tournament" (16.4.2) and the "final round"
    (8.3) are those counted: for standings part-way through an event, the
    rounds played so far (the reading of the FIDE TEC checker; 16.6 allows a
    tournament to state otherwise).
    """
    recorded = state.round - 1
    n = recorded if after_round is None else after_round
    if not 0 <= n <= recorded:
        raise ArbiterError(f"round {n} is not among the {recorded} rounds recorded")
    by_number = {p.number: p for p in state.players}
    rounds: dict[int, tuple[Round, ...]] = {}
    for p in state.players:
        rows = []
        for index, record in enumerate(p.history[:n]):
            opponent = record.opponent
            if opponent is not None and opponent not in by_number:
                raise ArbiterError(f"player {p.number}, round {index + 1}: opponent {opponent} is not registered")
            if record.outcome.is_played and opponent is None:
                raise ArbiterError(f"player {p.number}, round {index + 1}: a played game needs an opponent")
            if record.outcome not in (Outcome.FORFEIT_WIN, Outcome.FORFEIT_LOSS) and not record.outcome.is_played:
                opponent = None
            rows.append(Round(index + 1, record.outcome, opponent, record.colour, _points(record.points), None))
        while len(rows) < n:  # a player without the round recorded: absent (a zero-point bye, 16.1.1)
            rows.append(Round(len(rows) + 1, Outcome.ABSENT, None, None, _points(state.points.zero_point_bye), None))
        rounds[p.number] = _recategorised(tuple(rows))
    return _context(edition, n, by_number, state.points, rounds, rating_policy=rating_policy)
