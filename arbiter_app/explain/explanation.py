"""The explanation of one round: the outline at once, trails and sieves when asked for.

    explanation = explain_round(state)
    explanation.outline.brackets[2].chosen      # what the engine chose (B.8)
    explanation.trail(3)                        # candidates of bracket 3 (B.3-B.8)
    explanation.sieve(3)                        # the manual's sieve, or unavailable
    explanation.why_not(6, 7)                   # arbiter_app.explain.why

The outline and the chosen pairings come from the engine in one pass; each
trail and sieve is built the first time it is asked for and kept.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from arbiter_app.errors import ArbiterError
from arbiter_app.explain.candidates import BracketContext, Evaluation
from arbiter_app.explain.outline import BracketOutline, RoundOutline, outline_round
from arbiter_app.explain.sieve import Sieve, build_sieve
from arbiter_app.explain.trail import DEFAULT_LIMIT, DEFAULT_NODES, SMALL_BRACKET, Trail, build_trail
from arbiter_app.pairing.criteria import Contestant
from arbiter_app.pairing.editions import DutchEdition
from arbiter_app.pairing.model import TournamentState
from arbiter_app.pairing.texts import RulesText


class UnknownPlayerError(ArbiterError):
    """A question names a player who is not paired in the round."""

    def __init__(self, number: int, round_number: int) -> None:
        super().__init__(f"player #{number} is not paired in round {round_number}")
        self.number = number


@dataclass
class RoundExplanation:
    """Everything the explanation knows about one round; trails and sieves are computed lazily."""

    state: TournamentState
    outline: RoundOutline
    trail_limit: int | None = DEFAULT_LIMIT
    trail_nodes: int | None = DEFAULT_NODES
    _contexts: dict[int, BracketContext] = field(default_factory=dict)
    _trails: dict[int, Trail] = field(default_factory=dict)
    _sieves: dict[int, Sieve] = field(default_factory=dict)

    @property
    def round(self) -> int:
        return self.outline.round

    @property
    def edition(self) -> DutchEdition:
        """The edition of the rules the round was paired by."""
        return self.outline.edition

    @property
    def texts(self) -> RulesText:
        """How that edition names its criteria and numbers its articles."""
        return self.edition.texts

    def bracket(self, index: int) -> BracketOutline:
        """Bracket ``index`` (1-based, processing order)."""
        if not 1 <= index <= len(self.outline.brackets):
            raise ArbiterError(f"round {self.round} has brackets 1 to {len(self.outline.brackets)}, not {index}")
        return self.outline.brackets[index - 1]

    def context(self, index: int) -> BracketContext:
        if index not in self._contexts:
            outline = self.bracket(index)
            bye_score = self.outline.bye_score
            self._contexts[index] = BracketContext(
                outline.bracket,
                outline.role,
                met_rounds(self.state),
                self.state.forbidden_pairs,
                self.state.initial_colour,
                self.texts,
                outline.rest,
                self.outline.bye_allowed if bye_score is not None else None,
                bye_score,
            )
        return self._contexts[index]

    def chosen_evaluation(self, index: int) -> Evaluation:
        chosen = self.bracket(index).chosen
        return self.context(index).evaluate(chosen.pairs, chosen.downfloaters)

    def trail(self, index: int) -> Trail:
        if index not in self._trails:
            outline = self.bracket(index)
            self._trails[index] = build_trail(
                self.context(index),
                outline.max_pairs,
                outline.m1,
                outline.chosen,
                self.trail_limit,
                self.trail_nodes,
            )
        return self._trails[index]

    def sieve(self, index: int) -> Sieve:
        if index not in self._sieves:
            outline = self.bracket(index)
            self._sieves[index] = build_sieve(self.context(index), outline.max_pairs, outline.m1)
        return self._sieves[index]

    def is_small(self, index: int) -> bool:
        """A bracket whose trail is always complete and cheap (B.3-B.8 with up to 12 players)."""
        return len(self.bracket(index).players) <= SMALL_BRACKET

    def player(self, number: int) -> Contestant:
        for p in self.outline.players:
            if p.number == number:
                return p
        raise UnknownPlayerError(number, self.round)


def met_rounds(state: TournamentState) -> dict[frozenset[int], int]:
    """The round in which each two players met over the board (C.1; forfeits do not count)."""
    met: dict[frozenset[int], int] = {}
    for player in state.players:
        for k, record in enumerate(player.history, 1):
            if record.outcome.is_played and record.opponent is not None:
                met[frozenset((player.number, record.opponent))] = k
    return met


def explain_round(state: TournamentState, edition: DutchEdition) -> RoundExplanation:
    """The explanation of pairing round ``state.round`` by ``edition`` (:mod:`arbiter_app.pairing.editions`):
    the engine's pairing, recorded bracket by bracket."""
    return RoundExplanation(state, outline_round(state, edition))
