"""The sieve of a bracket (the Arbiters' Manual's "Sieve pairing").

All legal candidates with the most pairs (those complying with C.1-C.5),
then criterion after criterion (C.6, C.7, ... C.19) only those with the best
failure value, until one is left; if several survive every criterion, the
one generated first (B.8).  Offered when the legal candidates number at
most :data:`SIEVE_LIMIT`; otherwise said to be unavailable.
"""

from __future__ import annotations

from dataclasses import dataclass

from arbiter_app.explain.candidates import BracketContext, Evaluation
from arbiter_app.explain.walk import Leaf, Node, Skip, SkipKind, Walk

SIEVE_LIMIT = 2_000
EXAMINED_LIMIT = 50_000
"""Candidates built (legal or not) before giving up on a sieve."""


@dataclass(frozen=True)
class SieveCandidate:
    number: int
    """1-based, in generation order among the legal candidates."""
    leaf: Leaf
    evaluation: Evaluation


@dataclass(frozen=True)
class SieveStep:
    article: str
    best: object
    """The best failure value among the candidates still in."""
    kept: tuple[int, ...]
    removed: tuple[int, ...]


@dataclass(frozen=True)
class Sieve:
    available: bool
    reason: str = ""
    """Why the sieve is unavailable."""
    candidates: tuple[SieveCandidate, ...] = ()
    steps: tuple[SieveStep, ...] = ()
    chosen: SieveCandidate | None = None
    decided_by: str | None = None
    """The article of the last step that removed candidates, or "B.8" when generation order decided."""


def legal_candidates(
    ctx: BracketContext, max_pairs: int, m1: int, limit: int = SIEVE_LIMIT
) -> tuple[list[SieveCandidate], str | None]:
    """The legal candidates with the most pairs, in generation order; a reason instead when too many.

    They are counted before any is evaluated, so that a sieve too large to offer costs little.
    """
    found: list[Leaf] = []
    best_pairs: list[int] = []

    def prune(node: Node) -> Skip | None:
        if best_pairs and node.path.pairs < best_pairs[0]:
            key = ctx.texts.pairs_key
            return Skip(node.count, SkipKind.BOUND, f"fewer pairs ({ctx.texts.label(key)})", key)
        return None

    examined = 0
    for event in Walk(ctx, max_pairs, m1, prune):
        if isinstance(event, Skip):
            if event.kind is SkipKind.NOT_ENUMERATED:
                return [], "the bracket is too large to list its candidates"
            continue
        examined += 1
        if examined > EXAMINED_LIMIT:
            return [], f"more than {EXAMINED_LIMIT:,} candidates would have to be built"
        if best_pairs and event.path.pairs < best_pairs[0]:
            continue
        if event.violation is not None or ctx.completion_violation(event.downfloaters) is not None:
            continue
        best_pairs[:1] = [event.path.pairs]
        found.append(event)
        if len(found) > limit:
            return [], f"more than {limit:,} legal candidates"
    return [
        SieveCandidate(k, leaf, ctx.evaluate(leaf.pairs, leaf.downfloaters)) for k, leaf in enumerate(found, 1)
    ], None


def build_sieve(ctx: BracketContext, max_pairs: int, m1: int, limit: int = SIEVE_LIMIT) -> Sieve:
    candidates, problem = legal_candidates(ctx, max_pairs, m1, limit)
    if problem is not None:
        return Sieve(False, problem)
    if not candidates:
        return Sieve(False, "no legal candidate")
    survivors = list(candidates)
    steps: list[SieveStep] = []
    decided_by: str | None = None
    for position, article in enumerate(ctx.articles):
        if len(survivors) == 1:
            break
        if article not in survivors[0].evaluation.failures:
            continue
        best = min(c.evaluation.key[position] for c in survivors)  # type: ignore[type-var]
        kept = [c for c in survivors if c.evaluation.key[position] == best]
        removed = [c for c in survivors if c.evaluation.key[position] != best]
        steps.append(SieveStep(article, best, tuple(c.number for c in kept), tuple(c.number for c in removed)))
        if removed:
            decided_by = article
        survivors = kept
    if len(survivors) > 1:
        decided_by = ctx.texts.cite("B.8")
    return Sieve(True, "", tuple(candidates), tuple(steps), survivors[0], decided_by)
