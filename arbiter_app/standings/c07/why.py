""" "Why is A above B?": the first tie-break that separates two players, and how each value is built.

The walk follows the ranking (C.07 4.2): points first, then each tie-break
of the list on the group still tied with both players, so a group
tie-break (DE, Article 6) is evaluated on the right group.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from arbiter_app.errors import ArbiterError
from arbiter_app.pairing.model import TournamentState
from arbiter_app.pairing.points import points_text
from arbiter_app.standings.c07.articles import Breakdown, Contribution, direct_encounter
from arbiter_app.standings.c07.edition import Edition
from arbiter_app.standings.c07.record import RatingPolicy, build_context
from arbiter_app.standings.c07.rules import resolve
from arbiter_app.standings.rules import Value


@dataclass(frozen=True)
class Step:
    """One tie-break compared for the two players."""

    code: str
    source: str
    """Article, with the edition."""
    group: tuple[int, ...]
    """The players still tied when the tie-break was applied."""
    values: tuple[Value, Value]
    """A's and B's values."""
    breakdowns: tuple[Breakdown | None, Breakdown | None]
    """How A's and B's values are built (None for DE)."""
    separates: bool
    note: str = ""


@dataclass(frozen=True)
class WhyAbove:
    """The answer for players ``a`` and ``b``."""

    edition: Edition
    after_round: int
    a: int
    b: int
    names: tuple[str, str]
    scores: tuple[Fraction, Fraction]
    steps: tuple[Step, ...]
    """The tie-breaks compared, in order, up to the one that separates them."""
    above: int | None
    """The player ranked higher; None when they are equal on points and every tie-break."""
    decided_by: str | None
    """``"PTS"``, a tie-break code, or None."""


def why_above(
    state: TournamentState,
    edition: Edition,
    codes: Sequence[str],
    a: int,
    b: int,
    after_round: int | None = None,
    ratings: RatingPolicy | None = None,
) -> WhyAbove:
    """Compare players ``a`` and ``b`` (pairing numbers) under ``codes`` of ``edition`` (``ratings``: the
    tournament's rule for the rating-based tie-breaks)."""
    ctx = build_context(state, edition, after_round, ratings)
    for n in (a, b):
        if n not in ctx.players:
            raise ArbiterError(f"no player {n}")
    if a == b:
        raise ArbiterError("name two different players")
    names = (ctx.players[a].name, ctx.players[b].name)
    scores = (ctx.scores[a], ctx.scores[b])
    if scores[0] != scores[1]:
        above = a if scores[0] > scores[1] else b
        return WhyAbove(edition, ctx.after_round, a, b, names, scores, (), above, "PTS")
    chain = resolve(edition, codes)
    group = [n for n in ctx.numbers if ctx.scores[n] == scores[0]]
    steps = []
    for tiebreak in chain:
        evaluation = tiebreak.evaluate(ctx, group)
        ea, eb = evaluation[a], evaluation[b]
        separates = ea.key != eb.key
        if tiebreak.parsed.base == "DE":
            tiers = direct_encounter(tiebreak.view(ctx), group, tiebreak.parsed.forfeits)
            note = ("no separation" if len(tiers) == 1 else
                    "ranked groups " + " > ".join("{" + ", ".join(map(str, t)) + "}" for t in tiers))  # fmt: skip
            bds: tuple[Breakdown | None, Breakdown | None] = (None, None)
        else:
            bds = (tiebreak.breakdown(ctx, a), tiebreak.breakdown(ctx, b))
            note = ""
        steps.append(Step(tiebreak.code, tiebreak.source, tuple(group), (ea.value, eb.value), bds, separates, note))
        if separates:
            above = a if ea.key > eb.key else b
            return WhyAbove(edition, ctx.after_round, a, b, names, scores, tuple(steps), above, tiebreak.code)
        group = [n for n in group if evaluation[n].key == ea.key]
    return WhyAbove(edition, ctx.after_round, a, b, names, scores, tuple(steps), None, None)


def _value(value: Value) -> str:
    return "not used" if value is None else points_text(value)


def _contribution(c: Contribution, cut: bool) -> str:
    who = f"vs {c.opponent}" if c.opponent is not None else "vs dummy"
    mark = "  [cut]" if cut else ""
    vur = " (VUR)" if c.vur else ""
    return f"      round {c.round} {who}{vur}: {points_text(c.score)} -> {points_text(c.value)}; {c.how}{mark}"


def _breakdown_lines(number: int, b: Breakdown) -> list[str]:
    lines = [f"    {number}: {_value(b.value)}" + (f"  ({b.note})" if b.note else "")]
    cut_rounds = {id(c) for c in b.cut}
    for c in sorted((*b.kept, *b.cut), key=lambda c: c.round):
        lines.append(_contribution(c, id(c) in cut_rounds))
    return lines


def explain_text(why: WhyAbove) -> str:
    """The answer as text for a terminal."""
    a, b = why.a, why.b
    lines = [f"{why.edition.title}, after round {why.after_round}.",
             f"{a} {why.names[0]}: {points_text(why.scores[0])} points; {b} {why.names[1]}: {points_text(why.scores[1])} points."]  # fmt: skip
    if why.decided_by == "PTS":
        lines.append(f"{why.above} is above on points.")
        return "\n".join(lines)
    for step in why.steps:
        verdict = "separates them" if step.separates else "equal"
        lines.append(f"  {step.code} ({step.source}): {_value(step.values[0])} vs {_value(step.values[1])}"
                     f" - {verdict}" + (f"; {step.note}" if step.note else ""))  # fmt: skip
        if step.separates:
            for number, bd in zip((a, b), step.breakdowns):
                if bd is not None:
                    lines.extend(_breakdown_lines(number, bd))
    if why.above is None:
        lines.append(f"{a} and {b} are equal on points and on every tie-break: "
                     f"{why.edition.remaining_ties} ({why.edition.cite('4.2')}).")  # fmt: skip
    else:
        lines.append(f"{why.above} is above by {why.decided_by}.")
    return "\n".join(lines)
