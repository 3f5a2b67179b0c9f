"""A tournament's tie-break rules: the regulation and its ordered list of codes.

Regulations: ``c07-2026`` and ``c07-2024`` (FIDE C.07, :mod:`arbiter_app.standings.c07`)
and ``arbiters-manual`` (the pre-2023 Arbiters' Manual set, kept for the
tournaments stored before C.07 was offered).  New tournaments use
``c07-2026`` with :data:`~arbiter_app.standings.c07.RECOMMENDED_SWISS`.

Lists are checked when stored: an unknown or malformed code is refused with
an error naming it (``BH-C1`` is stored as ``BH/C1``, never as ``BH``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from arbiter_app import standings as tb
from arbiter_app.errors import ArbiterError
from arbiter_app.standings.c07 import (
    C07_2024_RULES,
    C07_2026_RULES,
    EDITIONS,
    RECOMMENDED_SWISS,
    check_rounds,
    parse_codes,
)
from arbiter_app.standings.rules import TieBreakRules

DEFAULT_RULES = "c07-2026"
MANUAL = "arbiters-manual"
RULES: dict[str, TieBreakRules] = {
    "c07-2026": C07_2026_RULES,
    "c07-2024": C07_2024_RULES,
    MANUAL: tb.ARBITERS_MANUAL,
}
"""The regulations by the name stored in ``Tournament.tie_break_rules``."""


def rule_set(name: str) -> TieBreakRules:
    """The rule set of a regulation name; an error naming it when unknown."""
    try:
        return RULES[name]
    except KeyError:
        raise ArbiterError(f"unknown tie-break regulation {name!r} (known: {', '.join(RULES)})") from None


def recommended(name: str) -> tuple[str, ...]:
    """The order a new individual Swiss tournament starts with under regulation ``name``."""
    return RECOMMENDED_SWISS if name in EDITIONS else tb.ARBITERS_MANUAL.recommended["individual swiss"]


def parse_list(name: str, text: str) -> tuple[str, ...]:
    """The codes of ``text`` (separated by commas, semicolons or spaces), canonical; errors name the code.

    Arbiters' Manual codes accept ``-`` and ``/`` inside a code (``BH-C1`` is BHC1).
    """
    rule_set(name)
    if name in EDITIONS:
        return tuple(str(c) for c in parse_codes(text, EDITIONS[name].codes))
    known = tb.ARBITERS_MANUAL.tiebreaks
    codes = []
    for item in (t for t in re.split(r"[,;\s]+", text.strip()) if t):
        code = re.sub(r"[-/]", "", item.upper())
        if code not in known:
            raise ArbiterError(
                f"tie-break {item!r}: the Arbiters' Manual defines no such code (known: {', '.join(known)})"
            )
        codes.append(code)
    return tuple(codes)


def check_list_rounds(name: str, text: str, rounds: int) -> None:
    """A list given by the arbiter whose Cut-n or Median-n leaves no value in ``rounds`` rounds is refused, naming the
    code (``BH/C9`` in 9 rounds), as a malformed code is."""
    if name in EDITIONS:
        check_rounds(parse_codes(text, EDITIONS[name].codes), rounds)


def stored_list(name: str, text: str) -> str:
    """``text`` checked and written as stored: canonical codes separated by ``", "``."""
    return ", ".join(parse_list(name, text))


def codes_in_use(name: str, stored: str) -> tuple[str, ...]:
    """The codes a tournament applies: its stored list, or the regulation's recommended order when empty.

    Lists stored under the Arbiters' Manual before lists were checked are read
    as before (codes the manual does not know are skipped), so their standings
    do not change.
    """
    if name == MANUAL:
        known = tb.ARBITERS_MANUAL.tiebreaks
        codes = tuple(c for c in re.findall(r"[A-Za-z0-9]+", stored.upper()) if c in known)
        return codes or recommended(name)
    return parse_list(name, stored) or recommended(name)


@dataclass(frozen=True)
class LegendEntry:
    """A code of the standings and what it means."""

    code: str
    name: str
    source: str


def legend(name: str, codes: tuple[str, ...]) -> tuple[LegendEntry, ...]:
    """Name and article of each code."""
    rules = rule_set(name)
    return tuple(LegendEntry(t.code, t.name, t.source) for t in rules.resolve(codes))
