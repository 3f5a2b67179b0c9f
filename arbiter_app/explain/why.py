"""Questions a player asks at the desk: "why not against B?", "why do I float?", "why the bye?".

Each answer compares the engine's pairing of a bracket with the best
candidate that does what the player asks for (pairs A with B, pairs X at
all, floats A), found by walking the bracket's candidates in generation
order with the same bounds as the trail.  The answer is the first criterion
on which that candidate loses (B.8), with both failure values; or the
absolute criterion that forbids it (C.1, C.3, C.4); or, for players in
different brackets, why the higher one does not float down (A.3, A.4).
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from dataclasses import dataclass, replace

from arbiter_app.explain.candidates import ARTICLES, BracketContext, Evaluation, Violation, first_difference
from arbiter_app.explain.explanation import RoundExplanation
from arbiter_app.explain.outline import BracketOutline
from arbiter_app.explain.trail import Bounds, OutOfBudget, TrailCandidate, ideal_key
from arbiter_app.explain.walk import Leaf, Node, Skip, SkipKind, Walk
from arbiter_app.pairing.brackets import BracketPairing, pair_bracket
from arbiter_app.pairing.criteria import Contestant

SEARCH_LIMIT = 20_000
"""Candidates a "why not?" search examines at most."""
SEARCH_NODES = 20_000
"""Steps of the search (subtrees looked at) at most: counts, never the clock, so answers do not vary by machine."""


@dataclass(frozen=True)
class Alternative:
    """A candidate of a bracket set against the pairing chosen there."""

    pairs: tuple[tuple[Contestant, Contestant], ...]
    downfloaters: tuple[Contestant, ...]
    evaluation: Evaluation
    violation: Violation | None
    """When illegal: the absolute criterion it breaks."""
    loses_on: str | None
    """The first criterion on which it is worse than the chosen pairing; "B.8" (C.04.3-2026: "3.8") when equal
    but generated later."""
    articles: tuple[str, ...] = ARTICLES
    """The edition's criteria, in the order of ``evaluation.key``."""

    def value(self, article: str) -> object:
        return self.evaluation.key[self.articles.index(article)]


@dataclass(frozen=True)
class Search:
    """The best candidate of a bracket meeting a condition."""

    best: Alternative | None
    complete: bool
    """Every candidate was accounted for (else the search was cut: the best found so far)."""
    violations: tuple[Violation, ...]
    """Distinct reasons met among the illegal candidates meeting the condition."""


class Verdict(enum.Enum):
    PAIRED = "paired"
    """They are paired together."""
    ALREADY_MET = "C.1"
    SAME_ABSOLUTE_COLOUR = "C.3"
    BOTH_MOVED_DOWN = "B.3"
    """Both are MDPs of the one bracket they share: MDPs are paired with residents only."""
    NO_LEGAL_CANDIDATE = "C.4"
    """No legal candidate of their bracket pairs them (C.1-C.4 for the rest of the bracket or round)."""
    WORSE = "B.8"
    """The best candidate pairing them loses to the chosen pairing on a criterion."""
    DIFFERENT_BRACKETS = "A.3"
    """They never share a bracket: the higher one does not float down."""


@dataclass(frozen=True)
class WhyNot:
    round: int
    a: Contestant
    b: Contestant
    verdict: Verdict
    bracket: BracketOutline | None
    """Where they were compared (the bracket both were in, or the higher one's)."""
    violation: Violation | None = None
    search: Search | None = None
    """The best candidate pairing them (or making the higher one float, for different brackets)."""
    lower_bracket: BracketOutline | None = None


@dataclass(frozen=True)
class FloatReason:
    """Why a player is a downfloater of one bracket."""

    bracket: BracketOutline
    search: Search
    """The best candidate of the bracket in which he is paired."""
    others: tuple[Alternative, ...] = ()
    """For a short trail, every candidate examined in which he is paired."""


@dataclass(frozen=True)
class WhyFloat:
    round: int
    player: Contestant
    bye: bool
    """He receives the pairing-allocated bye (he floats out of the last bracket)."""
    opponent: Contestant | None
    """Where he does not float: his opponent."""
    reasons: tuple[FloatReason, ...]


def search(
    explanation: RoundExplanation,
    index: int,
    accept: Callable[[Leaf], bool],
    possible: Callable[[Node], bool],
    limit: int = SEARCH_LIMIT,
    nodes: int = SEARCH_NODES,
) -> Search:
    """The best legal candidate of bracket ``index`` that ``accept`` takes; ``possible`` prunes subtrees."""
    outline = explanation.bracket(index)
    ctx = explanation.context(index)
    chosen = explanation.chosen_evaluation(index)
    bounds = Bounds(ctx, ideal_key(chosen, ctx.texts))
    best: list[tuple[Leaf, Evaluation]] = []
    violations: dict[str, Violation] = {}

    visited = [0]

    def prune(node: Node) -> Skip | None:
        visited[0] += 1
        if visited[0] > nodes:
            raise OutOfBudget
        if not possible(node):
            return Skip(node.count, SkipKind.BOUND, "condition")
        if best and best[0][1].key <= bounds.key(node):
            return Skip(node.count, SkipKind.BOUND, "bound")
        return None

    complete = True
    examined = 0
    try:
        for event in Walk(ctx, outline.max_pairs, outline.m1, prune):
            if isinstance(event, Skip):
                complete = complete and event.kind is not SkipKind.NOT_ENUMERATED
                continue
            examined += 1
            if examined > limit:
                complete = False
                break
            if not accept(event):
                continue
            violation = event.violation or ctx.completion_violation(event.downfloaters)
            if violation is not None:
                violations.setdefault(violation.detail, violation)
                continue
            evaluation = ctx.evaluate(event.pairs, event.downfloaters)
            if not best or evaluation.key < best[0][1].key:
                best[:] = [(event, evaluation)]
    except OutOfBudget:
        complete = False
    if not best:
        # The closest candidates first: those whose pairs are all legal and fail only on completing the round.
        closest = sorted(violations.values(), key=lambda v: v.article in ("C.1", "C.3"))
        return Search(None, complete, tuple(closest))
    leaf, evaluation = best[0]
    return Search(
        _compare(leaf.pairs, leaf.downfloaters, evaluation, None, chosen, ctx), complete, tuple(violations.values())
    )


def _compare(
    pairs: tuple[tuple[Contestant, Contestant], ...],
    downfloaters: tuple[Contestant, ...],
    evaluation: Evaluation,
    violation: Violation | None,
    chosen: Evaluation,
    ctx: BracketContext,
) -> Alternative:
    loses = first_difference(evaluation.key, chosen.key, ctx.articles)
    if loses is None:
        loses = ctx.texts.cite("B.8")
    elif evaluation.key < chosen.key:
        loses = None  # better than the engine's choice: a disagreement to report, never expected
    return Alternative(pairs, downfloaters, evaluation, violation, loses, ctx.articles)


def _numbers(pairs: tuple[tuple[Contestant, Contestant], ...]) -> set[int]:
    return {p.number for pair in pairs for p in pair}


def brackets_of(explanation: RoundExplanation, number: int) -> list[BracketOutline]:
    """The brackets (of the final route, A.9) a player belongs to, in processing order."""
    return [b for b in explanation.outline.final_brackets() if any(p.number == number for p in b.players)]


def why_not(explanation: RoundExplanation, a_number: int, b_number: int) -> WhyNot:
    """Why are A and B not paired together?"""
    a, b = explanation.player(a_number), explanation.player(b_number)
    a, b = sorted((a, b), key=Contestant.sort_key)
    round_number = explanation.round
    for board in explanation.outline.pairing.boards:
        if {board.white, board.black} == {a.number, b.number}:
            return WhyNot(round_number, a, b, Verdict.PAIRED, None)
    first_a, first_b = brackets_of(explanation, a.number), brackets_of(explanation, b.number)
    shared = [x for x in first_a if x in first_b]
    ctx = explanation.context((shared or first_a)[0].index)
    violation = ctx.pair_violation(a, b)
    if violation is not None:
        verdict = Verdict.ALREADY_MET if violation.article == ctx.absolute("C.1") else Verdict.SAME_ABSOLUTE_COLOUR
        return WhyNot(round_number, a, b, verdict, (shared or first_a)[0], violation)
    if shared:
        bracket = shared[0]
        moved = {p.number for p in bracket.bracket.moved_down}
        if {a.number, b.number} <= moved:
            return WhyNot(round_number, a, b, Verdict.BOTH_MOVED_DOWN, bracket)
        wanted = {a.number, b.number}

        def pairs_them(leaf: Leaf) -> bool:
            return any({h.number, l.number} == wanted for h, l in leaf.pairs)

        def possible(node: Node) -> bool:
            if any(p.number in wanted for p in node.floaters):
                return False
            return not any(len(wanted & {h.number, l.number}) == 1 for h, l in node.pairs)

        if explanation.is_small(bracket.index):
            found = search(explanation, bracket.index, pairs_them, possible)
        else:
            found = best_with_pair(explanation, bracket.index, a, b)
        verdict = Verdict.WORSE if found.best is not None else Verdict.NO_LEGAL_CANDIDATE
        violation = found.violations[0] if found.best is None and found.violations else None
        return WhyNot(round_number, a, b, verdict, bracket, violation, found)
    # Different brackets: the higher one would have to float down to the lower one's.
    higher, lower = (a, b) if first_a[0].index < first_b[0].index else (b, a)
    home = home_bracket(explanation, higher.number)
    found = search(
        explanation,
        home.index,
        lambda leaf: any(p.number == higher.number for p in leaf.downfloaters),
        lambda node: not any(higher.number in (h.number, l.number) for h, l in node.pairs),
    )
    return WhyNot(
        round_number,
        higher,
        lower,
        Verdict.DIFFERENT_BRACKETS,
        home,
        None,
        found,
        brackets_of(explanation, lower.number)[0],
    )


def best_with_pair(explanation: RoundExplanation, index: int, a: Contestant, b: Contestant) -> Search:
    """The best candidate of a bracket that pairs A with B: that pair, and the engine's pairing of the rest.

    Exact whatever the bracket's size: failure values add up pair by pair
    (counts sum, score differences merge, and merging the same pair into two
    lists keeps their order), C.4 and C.7 depend on the downfloaters only,
    and the rest keeps its MDPs, residents and following players.
    """
    outline = explanation.bracket(index)
    ctx = explanation.context(index)
    bracket = outline.bracket
    rest = replace(
        bracket,
        moved_down=tuple(p for p in bracket.moved_down if p.number not in (a.number, b.number)),
        residents=tuple(p for p in bracket.residents if p.number not in (a.number, b.number)),
    )
    # pair_bracket needs a player (brackets.py's _is_perfect reads the last one).
    pairing = pair_bracket(rest) if rest.players else BracketPairing((), ())
    pairs = ((a, b), *pairing.pairs)
    violation = ctx.completion_violation(pairing.downfloaters)
    if violation is not None:
        return Search(None, True, (violation,))
    evaluation = ctx.evaluate(pairs, pairing.downfloaters)
    chosen = explanation.chosen_evaluation(index)
    return Search(_compare(pairs, pairing.downfloaters, evaluation, None, chosen, ctx), True, ())


def home_bracket(explanation: RoundExplanation, number: int) -> BracketOutline:
    """The bracket where the player is paired (or, for the bye, the last one he is in)."""
    mine = brackets_of(explanation, number)
    for bracket in mine:
        if number in _numbers(bracket.chosen.pairs):
            return bracket
    return mine[-1]


def why_float(explanation: RoundExplanation, number: int) -> WhyFloat:
    """Why does X float (or get the bye)?  One reason per bracket he floats out of."""
    player = explanation.player(number)
    bye = explanation.outline.pairing.bye == number
    reasons = []
    opponent = None
    for bracket in brackets_of(explanation, number):
        paired = {h.number: l for h, l in bracket.chosen.pairs} | {l.number: h for h, l in bracket.chosen.pairs}
        if number in paired:
            opponent = paired[number]
            break
        found = search(
            explanation,
            bracket.index,
            lambda leaf: number in _numbers(leaf.pairs),
            lambda node: not any(p.number == number for p in node.floaters),
        )
        reasons.append(FloatReason(bracket, found, _others(explanation, bracket.index, number)))
    return WhyFloat(explanation.round, player, bye, opponent, tuple(reasons))


def _others(explanation: RoundExplanation, index: int, number: int, most: int = 40) -> tuple[Alternative, ...]:
    """Every candidate of a short trail in which the player is paired, against the chosen pairing."""
    if len(explanation.bracket(index).players) > 12:
        return ()
    trail = explanation.trail(index)
    if not trail.complete or len(trail.candidates) > most:
        return ()
    chosen = explanation.chosen_evaluation(index)
    ctx = explanation.context(index)
    return tuple(
        _compare(c.leaf.pairs, c.leaf.downfloaters, c.evaluation, c.violation, chosen, ctx)
        for c in trail.candidates
        if number in _numbers(c.leaf.pairs) and not _is(c, trail.result)
    )


def _is(candidate: TrailCandidate, other: TrailCandidate | None) -> bool:
    return other is not None and candidate.index == other.index
