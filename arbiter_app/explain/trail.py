"""The trail of a bracket (B.3-B.8): candidates in generation order, the champion, the end.

Each candidate the sequence of sections B and D builds is checked against
C.1-C.4 and evaluated on C.5-C.19; the first legal one becomes the
"temporary best" (the champion) and any later one that is better replaces
it, the criterion on which it won being noted.  The trail ends at a perfect
candidate (B.4) or, all candidates used, at the best one (B.8).

A candidate is perfect when every criterion is at the best value any
candidate could have: C.5, C.6 and C.7 at the values of the engine's choice
(the maximum weight matching proves that no candidate does better on them),
every later criterion at zero.

Subtrees of the sequence that cannot contain a better candidate are skipped
with their size and the bound that rules them out, as the manual does when it
"jumps ahead".  The bound is taken criterion by criterion: what the pairs
already formed contribute (failure values only grow as pairs are added), the
downfloaters already known, and the best each open player could still do.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from arbiter_app.explain.candidates import (
    BracketContext,
    Evaluation,
    Violation,
    combine,
    first_difference,
)
from arbiter_app.explain.walk import Leaf, Node, Path, Skip, SkipKind, Walk
from arbiter_app.pairing.brackets import BracketPairing
from arbiter_app.pairing.criteria import FailureValue
from arbiter_app.pairing.texts import BAKU_2016_TEXT, RulesText

Key = tuple[object, ...]

DEFAULT_LIMIT = 5_000
"""Candidates examined before a long trail is cut (brackets of up to 12 players are never cut)."""
DEFAULT_NODES = 20_000
"""Steps of the search (subtrees looked at, kept or pruned) before a long trail is cut.

The work is bounded by counts, never by the clock, so that the same bracket
is explained the same way on any machine, loaded or not."""
SMALL_BRACKET = 12


class TrailEnd(enum.Enum):
    PERFECT = "perfect"
    """B.4: a perfect candidate was found and accepted at once."""
    BEST = "best"
    """B.8: all candidates used; the best one is chosen."""
    CAPPED = "capped"
    """The trail was cut before its end; the engine's choice stands (it is the B.8 optimum)."""


@dataclass(frozen=True)
class TrailCandidate:
    """A candidate examined, in the order generated."""

    index: int
    leaf: Leaf
    alteration: str
    violation: Violation | None
    """The absolute or completion criterion it breaks (C.1-C.4); None when legal."""
    evaluation: Evaluation
    """Its failure values (an illegal candidate's too, for the record)."""
    champion: bool = False
    """It became the temporary best."""
    beats_previous_on: str | None = None
    """The criterion on which it beat the previous champion ("first legal" when there was none)."""
    loses_on: str | None = None
    """For a legal candidate that did not become champion: the criterion on which the champion beat it."""
    perfect: bool = False

    @property
    def legal(self) -> bool:
        return self.violation is None


@dataclass(frozen=True)
class SkipReason:
    kind: SkipKind
    article: str | None
    count: int
    details: tuple[str, ...]
    """A few of the reasons in words ("#6 and #8 already met in round 2", ...)."""


@dataclass(frozen=True)
class TrailSkip:
    """Consecutive candidates of the sequence passed over, counted by reason."""

    count: int
    reasons: tuple[SkipReason, ...]
    """In the order first met."""
    example: tuple[tuple[int, int], ...] = ()
    """Pairs shared by the first of them."""


@dataclass(frozen=True)
class Trail:
    entries: tuple[TrailCandidate | TrailSkip, ...]
    end: TrailEnd
    result: TrailCandidate | None
    """The perfect or the best candidate; when capped, the best found so far."""
    examined: int
    skipped: int
    ideal: Key
    warnings: tuple[str, ...] = ()

    @property
    def candidates(self) -> tuple[TrailCandidate, ...]:
        return tuple(e for e in self.entries if isinstance(e, TrailCandidate))

    @property
    def champions(self) -> tuple[TrailCandidate, ...]:
        return tuple(c for c in self.candidates if c.champion)

    @property
    def complete(self) -> bool:
        return self.end is not TrailEnd.CAPPED


def ideal_key(evaluation: Evaluation, texts: RulesText = BAKU_2016_TEXT) -> Key:
    """The best value of every criterion: C.5-C.7 as in the optimum, zero failures after.

    C.04.3-2026: [C6]-[C9] as in the optimum ([C9], the bye's unplayed games, cannot always be zero).
    """
    optimised = optimised_keys(texts)
    return tuple(
        value if article in optimised else (() if article in texts.score_lists else 0)
        for article, value in zip(texts.keys, evaluation.key)
    )


def optimised_keys(texts: RulesText) -> tuple[str, ...]:
    """The criteria whose best value is the engine's optimum, not zero (C.5-C.7; [C6]-[C9])."""
    keys = (texts.pairs_key, texts.scores_key, texts.next_key)
    return keys + ((texts.bye_unplayed_key,) if texts.bye_unplayed_key else ())


def lower_bound(ctx: BracketContext, node: Node, partial: Mapping[str, FailureValue], ideal: Key | None) -> Key:
    """A value below which no candidate under ``node`` can fall, criterion by criterion.

    ``partial`` holds the failure values of the pairs formed and the
    downfloaters known: they only grow as pairs and downfloaters are added.
    C.5 is fixed by the number of pairs; C.6 adds, for each open player
    bound to float, the least score difference any of them could have, and
    zero for each pair still to form.  C.7 is the optimum's whenever C.5 and
    C.6 are (no candidate is better on C.5-C.7 than the engine's choice).
    """
    texts = ctx.texts
    open_floaters = len(node.open) - 2 * node.open_pairs
    c5 = len(node.floaters) + open_floaters
    values = [ctx.floater_value(p) for p in node.open]
    least = min((v for v in values if v is not None), default=0)
    known = partial[texts.scores_key]
    assert isinstance(known, tuple)
    # C.6: every pair adds a score difference (zero at least); [C7]: pairs add nothing.
    pairs_count = bool(node.open) and ctx.scores_criterion.pair(node.open[0], node.open[0]) is not None
    pair_entries = node.open_pairs if pairs_count else 0
    c6 = tuple(sorted(known + (least,) * open_floaters + (0,) * pair_entries, reverse=True))
    bound: list[object] = [c5, c6]
    for article in texts.keys[2:]:
        if article in (texts.next_key, texts.bye_unplayed_key):
            # At the optimum's value whenever everything above is (no candidate beats the engine's choice there).
            k = len(bound)
            bound.append(ideal[k] if ideal is not None and tuple(bound) == ideal[:k] else ctx.neutral(article))
        else:
            bound.append(partial[article])
    return tuple(bound)


class OutOfBudget(Exception):
    """Raised from a pruner to end a walk whose time is up."""


class Bounds:
    """Lower bounds of the candidates under a node, with the node's partial failure values memoised."""

    def __init__(self, ctx: BracketContext, ideal: Key) -> None:
        self.ctx = ctx
        self.ideal = ideal
        self.trusted = True
        """False once a candidate beat the ideal on C.5-C.7 (then C.7 is bounded by its least value only)."""
        self._partials: dict[object, Mapping[str, FailureValue]] = {}

    def key(self, node: Node) -> Key:
        return lower_bound(self.ctx, node, self.partial(node), self.ideal if self.trusted else None)

    def partial(self, node: Node) -> Mapping[str, FailureValue]:
        """Failure values of the node's pairs and known downfloaters, built pair by pair."""
        key = tuple(p.number for p in node.floaters), tuple((h.number, l.number) for h, l in node.pairs)
        value = self._partials.get(key)
        if value is not None:
            return value
        if node.pairs:
            parent = Node(node.pairs[:-1], node.floaters, (), 0, 0, node.path)
            value = combine(self.partial(parent), self.ctx.contribution(pair=node.pairs[-1]))
        else:
            value = self.ctx.empty()
            for floater in node.floaters:
                value = combine(value, self.ctx.contribution(floater=floater))
        self._partials[key] = value
        return value


@dataclass
class _Builder:
    ctx: BracketContext
    ideal: Key
    limit: int | None
    nodes: int | None
    entries: list[TrailCandidate | TrailSkip] = field(default_factory=list)
    champion: TrailCandidate | None = None
    trusted: bool = True
    examined: int = 0
    skipped: int = 0
    visited: int = 0
    previous: Path | None = None
    warnings: list[str] = field(default_factory=list)
    bounds: Bounds | None = None

    def __post_init__(self) -> None:
        self.bounds = Bounds(self.ctx, self.ideal)

    def prune(self, node: Node) -> Skip | None:
        self.visited += 1
        if self.nodes is not None and self.visited > self.nodes:
            raise OutOfBudget
        if self.champion is None:
            return None
        assert self.bounds is not None
        self.bounds.trusted = self.trusted
        bound = self.bounds.key(node)
        best = self.champion.evaluation.key
        if best > bound:
            return None
        article = first_difference(best, bound, self.ctx.articles)
        if article is None:
            b8 = self.ctx.texts.cite("B.8")
            detail = f"at best equal to candidate {self.champion.index}, which comes first ({b8})"
        else:
            detail = f"cannot beat candidate {self.champion.index}: worse on {article} whatever the rest"
        return Skip(node.count, SkipKind.BOUND, detail, article, node.pairs, node.path)

    def skip(self, skip: Skip) -> None:
        self.skipped += skip.count
        last = self.entries[-1] if self.entries else None
        detail = () if skip.kind in (SkipKind.REPEAT, SkipKind.BOUND) else (skip.detail,)
        if not isinstance(last, TrailSkip):
            example = tuple((h.number, l.number) for h, l in skip.example)
            self.entries.append(
                TrailSkip(skip.count, (SkipReason(skip.kind, skip.article, skip.count, detail),), example)
            )
            return
        reasons = list(last.reasons)
        for k, reason in enumerate(reasons):
            if reason.kind is skip.kind and reason.article == skip.article:
                details = reason.details
                if detail and detail[0] not in details and len(details) < 4:
                    details += detail
                reasons[k] = SkipReason(reason.kind, reason.article, reason.count + skip.count, details)
                break
        else:
            reasons.append(SkipReason(skip.kind, skip.article, skip.count, detail))
        self.entries[-1] = TrailSkip(last.count + skip.count, tuple(reasons), last.example)

    def candidate(self, leaf: Leaf, alteration: str) -> TrailCandidate:
        self.examined += 1
        index = self.examined
        violation = leaf.violation or self.ctx.completion_violation(leaf.downfloaters)
        evaluation = self.ctx.evaluate(leaf.pairs, leaf.downfloaters)
        if violation is not None:
            # Shown with its failure values too: the manual sometimes rejects such a candidate on them.
            entry = TrailCandidate(index, leaf, alteration, violation, evaluation)
            self.entries.append(entry)
            return entry
        key = evaluation.key
        perfect = key == self.ideal
        texts = self.ctx.texts
        if key < self.ideal and self.trusted:
            self.trusted = False
            span = "-".join(texts.label(a) for a in optimised_keys(texts)[:: len(optimised_keys(texts)) - 1])
            self.warnings.append(f"candidate {index} is better on {span} than the engine's choice: bounds relaxed")
        previous = self.champion
        articles = self.ctx.articles
        if previous is None or key < previous.evaluation.key:
            beats = "first legal" if previous is None else first_difference(key, previous.evaluation.key, articles)
            entry = TrailCandidate(index, leaf, alteration, None, evaluation, True, beats, None, perfect)
            self.champion = entry
        else:
            loses = first_difference(key, previous.evaluation.key, articles) or texts.cite("B.8")
            entry = TrailCandidate(index, leaf, alteration, None, evaluation, False, None, loses, perfect)
        self.entries.append(entry)
        return entry

    def out_of_budget(self) -> bool:
        return self.limit is not None and self.examined >= self.limit


def build_trail(
    ctx: BracketContext,
    max_pairs: int,
    m1: int,
    chosen: BracketPairing,
    limit: int | None = DEFAULT_LIMIT,
    nodes: int | None = DEFAULT_NODES,
) -> Trail:
    """The trail of a bracket, ending at the perfect or best candidate; cut after ``limit`` candidates or
    ``nodes`` steps of the search (never for a bracket of up to 12 players)."""
    ideal = ideal_key(ctx.evaluate(chosen.pairs, chosen.downfloaters), ctx.texts)
    small = len(ctx.players) <= SMALL_BRACKET
    builder = _Builder(ctx, ideal, None if small else limit, None if small else nodes)
    walk = Walk(ctx, max_pairs, m1, builder.prune)
    end = TrailEnd.BEST
    original = _original_path(walk)
    try:
        for event in walk:
            if isinstance(event, Skip):
                builder.skip(event)
                if event.kind is SkipKind.NOT_ENUMERATED:
                    end = TrailEnd.CAPPED
                continue
            alteration = describe(builder.previous or original, event, first=builder.previous is None, texts=ctx.texts)
            builder.previous = event.path
            entry = builder.candidate(event, alteration)
            if entry.perfect:
                end = TrailEnd.PERFECT
                break
            if builder.out_of_budget():
                end = TrailEnd.CAPPED
                break
    except OutOfBudget:
        end = TrailEnd.CAPPED
    return Trail(
        tuple(builder.entries),
        end,
        builder.champion,
        builder.examined,
        builder.skipped,
        ideal,
        tuple(builder.warnings),
    )


def _original_path(walk: Walk) -> Path:
    """Where B.3 starts: the first level, the original subgroups, no transposition."""
    pairs, mdps = next(walk.levels(), (0, 0))
    s1 = tuple(p.number for p in walk.mdps[:mdps])
    residents = walk.residents
    head = tuple(p.number for p in residents[:mdps])
    rest = residents[mdps:]
    k = pairs - mdps
    return Path(pairs, mdps, s1, head, ((), ()), tuple(p.number for p in rest[k : 2 * k]))


def describe(previous: Path, leaf: Leaf, first: bool, texts: RulesText = BAKU_2016_TEXT) -> str:
    """The alteration that produced a candidate, from the loop of B.6/B.7 that moved."""
    cite = texts.cite
    path, groups = leaf.path, leaf.subgroups
    if first and path == previous:
        return f"{cite('B.3')}: the original subgroups"
    s1_name, s2_name = ("S1R", "S2R") if groups.s1r is not None else ("S1", "S2")
    s1 = groups.s1r if groups.s1r is not None else groups.s1
    s2 = groups.s2r if groups.s2r is not None else groups.s2
    if (path.pairs, path.mdps_paired) != (previous.pairs, previous.mdps_paired):
        text = f"{cite('B.1')} lowered: {path.pairs} pair(s)"
        if groups.s1r is not None:
            text += f", {path.mdps_paired} MDP(s) paired, Limbo {_numbers(groups.limbo)}"
        return text
    if path.s1 != previous.s1:
        kind = "MDP-exchange" if cite("D.3") == "D.3" else "set of pairable MDPs"
        return f"{cite('D.3')} {kind}: S1 {_numbers(groups.s1)}, Limbo {_numbers(groups.limbo)}"
    if path.mdp_head != previous.mdp_head:
        return f"{cite('D.1')} transposition in S2: S2 {_numbers(groups.s2)} (new MDP-pairing)"
    if path.exchange != previous.exchange:
        out, into = path.exchange
        if not out:
            return f"original {s1_name} {_numbers(s1)}, {s2_name} {_numbers(s2)}"
        return (
            f"{cite('D.2')} exchange {_numbers(out)} <-> {_numbers(into)}: {s1_name} {_numbers(s1)}, "
            f"{s2_name} {_numbers(s2)}"
        )
    return f"{cite('D.1')} transposition in {s2_name}: {s2_name} {_numbers(s2)}"


def _numbers(numbers: Sequence[int]) -> str:
    return "[" + ", ".join(str(n) for n in numbers) + "]"
