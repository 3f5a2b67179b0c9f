"""The round outline: the brackets in the order A.9 pairs them, as the engine reports them.

A :class:`PairingObserver` records what ``pair_round`` does (brackets,
chosen pairings, completion tests, the collapse into a PPB and a CLB, the
article of section E behind each board's colours); the outline adds what an
arbiter reads off a bracket before pairing it: B.1's M0, M1 and MaxPairs,
B.2's original S1, S2 and Limbo.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from arbiter_app.explain.candidates import Role
from arbiter_app.pairing.brackets import Bracket, BracketPairing
from arbiter_app.pairing.colours import ColourRule
from arbiter_app.pairing.criteria import Contestant, may_meet
from arbiter_app.pairing.editions import DutchEdition
from arbiter_app.pairing.engine import pair_round
from arbiter_app.pairing.matching import maximum_cardinality_matching
from arbiter_app.pairing.model import Board, RoundPairing, TournamentState
from arbiter_app.pairing.observer import PairingObserver


@dataclass(frozen=True)
class BracketOutline:
    """One bracket as A.9 met it, and the pairing the engine chose for it (B.8)."""

    index: int
    """1-based, in processing order."""
    role: Role
    bracket: Bracket
    chosen: BracketPairing
    completion_passed: bool | None
    """A.9's completion test after the bracket (None where none is made: PPB, last bracket)."""
    superseded: bool
    """The completion test failed: the bracket was re-paired as the PPB (the next entry)."""
    collapsed: bool
    """The collapsed last bracket (CLB) of A.9."""
    max_pairs: int
    """B.1.b MaxPairs: the most pairs C.1 and C.3 allow (MDPs are paired with residents only, B.3)."""
    m1: int
    """B.1.c M1: the most MDPs that can be paired."""
    rest: tuple[Contestant, ...] = ()
    """Every player below the bracket's residents, in A.2 order (C.04.3-2026 [C4] looks at them all)."""

    @property
    def players(self) -> tuple[Contestant, ...]:
        return self.bracket.players

    @property
    def m0(self) -> int:
        """B.1.a M0: the MDPs coming from the previous bracket."""
        return len(self.bracket.moved_down)

    @property
    def is_homogeneous(self) -> bool:
        return self.bracket.is_homogeneous

    @property
    def score(self) -> int | None:
        """The residents' score (tenths); None for a collapsed scoregroup with several scores."""
        scores = {p.score for p in self.bracket.residents}
        return scores.pop() if len(scores) == 1 else None

    @property
    def n1(self) -> int:
        """B.2: M1 in a heterogeneous bracket, MaxPairs otherwise."""
        return self.m1 if self.m0 else self.max_pairs

    @property
    def s1(self) -> tuple[Contestant, ...]:
        """B.2: the original S1, the highest N1 players."""
        return self.players[: self.n1]

    @property
    def s2(self) -> tuple[Contestant, ...]:
        """B.2: the original S2, all remaining resident players."""
        return tuple(p for p in self.bracket.residents if p not in self.s1)

    @property
    def limbo(self) -> tuple[Contestant, ...]:
        """B.2: the MDPs left out of S1, bound to float again."""
        return self.bracket.moved_down[self.n1 :] if self.m0 else ()

    def bsn(self, number: int) -> int:
        """In-bracket sequence number (section D)."""
        return next(k for k, p in enumerate(self.players, 1) if p.number == number)


@dataclass(frozen=True)
class ColourDecision:
    """A board and the article of section E that gave its colours."""

    board: Board
    rule: ColourRule
    white: Contestant
    black: Contestant


@dataclass(frozen=True)
class RoundOutline:
    round: int
    players: tuple[Contestant, ...]
    """Everyone paired this round, in A.2 order."""
    brackets: tuple[BracketOutline, ...]
    pairing: RoundPairing
    colours: tuple[ColourDecision, ...]
    collapsed_scoregroup: tuple[Contestant, ...]
    edition: DutchEdition
    """The edition of the rules the round was paired by."""
    bye_score: int | None = None
    """C.04.3-2026 [C5]: the lowest score the assignee of the bye can have (tenths); None without it."""
    bye_allowed: frozenset[int] = frozenset()
    """Players the absolute bye criterion (C.2, [C2]) allows the bye, before [C5] narrows them."""

    def final_brackets(self) -> tuple[BracketOutline, ...]:
        """The brackets whose pairings make up the round (those re-paired as PPB left out)."""
        return tuple(b for b in self.brackets if not b.superseded)


@dataclass
class _Step:
    bracket: Bracket
    pairing: BracketPairing | None = None
    completion: bool | None = None
    superseded: bool = False
    collapsed: bool = False


@dataclass
class RecordingObserver(PairingObserver):
    """Keeps everything the engine reports while pairing one round."""

    players: tuple[Contestant, ...] = ()
    steps: list[_Step] = field(default_factory=list)
    boards: list[tuple[Board, ColourRule]] = field(default_factory=list)
    collapsed_group: tuple[Contestant, ...] = ()
    bye_score: int | None = None
    _pending_clb: bool = False

    def begin_round(self, round_number: int, players: tuple[Contestant, ...]) -> None:
        self.players = players

    def begin_bracket(self, bracket: Bracket) -> None:
        if self.steps and self.steps[-1].bracket.residents == bracket.residents:
            # The bracket is paired again: A.9's PPB after a failed completion test; C.04.3-2026 [C4], or
            # [C8] when the following bracket, paired with these downfloaters, would leave the rest unpairable.
            self.steps[-1].superseded = True
            self.steps[-1].completion = False
        step = _Step(bracket)
        if self.collapsed_group and bracket.must_complete and not bracket.following:
            step.collapsed = True
        self.steps.append(step)

    def bracket_paired(self, bracket: Bracket, pairing: BracketPairing) -> None:
        self.steps[-1].pairing = pairing

    def completion_test(self, bracket: Bracket, passed: bool) -> None:
        self.steps[-1].completion = passed

    def collapsed(self, penultimate: Bracket, collapsed_last: tuple[Contestant, ...]) -> None:
        self.steps[-1].superseded = True
        self.collapsed_group = collapsed_last

    def colour_decided(self, board: Board, rule: ColourRule) -> None:
        self.boards.append((board, rule))

    def bye_score_settled(self, score: int) -> None:
        self.bye_score = score


def role_of(bracket: Bracket) -> Role:
    if not bracket.must_complete:
        return Role.SCOREGROUP
    return Role.PPB if bracket.following else Role.LAST


def bracket_parameters(bracket: Bracket) -> tuple[int, int]:
    """B.1: (MaxPairs, M1) by maximum cardinality matchings over the pairs C.1 and C.3 allow."""
    players = bracket.players
    m = len(bracket.moved_down)
    everything: list[list[int]] = [[] for _ in players]
    mdp_edges: list[list[int]] = [[] for _ in players]
    for j in range(m, len(players)):
        for i in range(j):
            if may_meet(players[i], players[j]):
                everything[i].append(j)
                everything[j].append(i)
                if i < m:
                    mdp_edges[i].append(j)
                    mdp_edges[j].append(i)
    max_pairs = _matched(maximum_cardinality_matching(len(players), everything)) // 2
    m1 = sum(1 for v in maximum_cardinality_matching(len(players), mdp_edges)[:m] if v >= 0) if m else 0
    return max_pairs, m1


def _matched(mate: Sequence[int]) -> int:
    return sum(1 for v in mate if v >= 0)


def outline_round(state: TournamentState, edition: DutchEdition) -> RoundOutline:
    """Pair the round with the engine, recording the brackets (A.9) and colours (E)."""
    observer = RecordingObserver()
    pairing = pair_round(state, edition, observer)
    # The players as the brackets hold them: C.04.3-2026 [C5] may have narrowed who can get the bye.
    as_paired = {p.number: p for step in observer.steps for p in step.bracket.residents}
    players = tuple(as_paired.get(p.number, p) for p in observer.players)
    brackets = []
    for index, step in enumerate(observer.steps, 1):
        assert step.pairing is not None, "the engine reports every bracket it pairs"
        max_pairs, m1 = bracket_parameters(step.bracket)
        lowest = min(p.score for p in step.bracket.residents)
        brackets.append(
            BracketOutline(
                index,
                role_of(step.bracket),
                step.bracket,
                step.pairing,
                step.completion,
                step.superseded,
                step.collapsed,
                max_pairs,
                m1,
                tuple(p for p in players if p.score < lowest),
            )
        )
    by_number = {p.number: p for p in players}
    colours = tuple(
        ColourDecision(board, rule, by_number[board.white], by_number[board.black]) for board, rule in observer.boards
    )
    return RoundOutline(
        state.round,
        players,
        tuple(brackets),
        pairing,
        colours,
        observer.collapsed_group,
        edition,
        observer.bye_score,
        frozenset(p.number for p in observer.players if p.can_get_bye),
    )
