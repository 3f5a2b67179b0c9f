"""FIDE C.07 tie-breaks, editions 2024 and 2026: pure functions over the pairing model.

    from arbiter_app.standings.c07 import C07_2026_RULES, build_context, tiebreak_values
    table = standings(state, ("BH/C1", "BH", "SB"), rules=C07_2026_RULES)
    tiebreak_values(state, C07_2026, ["BH", "SB/C1"])   # every player's values

Modules: :mod:`.edition` (what differs between editions), :mod:`.codes`
(codes and modifiers), :mod:`.record` (Article 16 categories and adjusted
scores), :mod:`.articles` (one function per article), :mod:`.rules` (rule
sets for the standings table), :mod:`.why` ("why is A above B?").
"""

from __future__ import annotations

from collections.abc import Sequence

from arbiter_app.pairing.model import TournamentState
from arbiter_app.standings.c07.articles import Breakdown, Contribution
from arbiter_app.standings.c07.codes import TieBreakCode, TieBreakCodeError, check_rounds, parse_code, parse_codes
from arbiter_app.standings.c07.edition import C07_2024, C07_2026, EDITIONS, Edition
from arbiter_app.standings.c07.record import C07Context, Category, RatingPolicy, Round, build_context
from arbiter_app.standings.c07.rules import (
    ARTICLES,
    C07_2024_RULES,
    C07_2026_RULES,
    RECOMMENDED_SWISS,
    C07TieBreak,
    resolve,
    rules_for,
)
from arbiter_app.standings.rules import Value


def tiebreak_values(
    state: TournamentState, edition: Edition, codes: Sequence[str], after_round: int | None = None
) -> dict[int, dict[str, Value]]:
    """Every player's value of each code (DE evaluated on the players equal on points)."""
    ctx = build_context(state, edition, after_round)
    chain = resolve(edition, codes)
    groups: dict[object, list[int]] = {}
    for n in ctx.numbers:
        groups.setdefault(ctx.scores[n], []).append(n)
    values: dict[int, dict[str, Value]] = {n: {} for n in ctx.numbers}
    for given, tiebreak in zip(codes, chain):
        for group in groups.values():
            for n, e in tiebreak.evaluate(ctx, group).items():
                values[n][given] = e.value
    return values


__all__ = [
    "check_rounds",
    "ARTICLES",
    "C07_2024",
    "C07_2024_RULES",
    "C07_2026",
    "C07_2026_RULES",
    "EDITIONS",
    "RECOMMENDED_SWISS",
    "Breakdown",
    "C07Context",
    "C07TieBreak",
    "Category",
    "Contribution",
    "Edition",
    "RatingPolicy",
    "Round",
    "TieBreakCode",
    "TieBreakCodeError",
    "build_context",
    "parse_code",
    "parse_codes",
    "resolve",
    "rules_for",
    "tiebreak_values",
]
