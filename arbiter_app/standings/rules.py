"""What a tie-break is, and a rule set: a named collection of tie-breaks from one source.

A tie-break ranks a group of players tied on points.  Most give each player a
number of their own (Buchholz, Sonneborn-Berger ...), a few rank the group as a
whole (direct encounter).  Both kinds answer :meth:`TieBreak.evaluate` with,
for each player of the group, the value a standings table prints and the key
the ranking sorts on (higher ranks first).

A :class:`TieBreakRules` names its source: the Arbiters' Manual's definitions
live in :mod:`arbiter_app.standings.manual`; FIDE's 2023 regulations (C.07),
which changed the treatment of unplayed games, can sit beside them as a second
rule set with its own codes and context, without touching the first.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Protocol

from arbiter_app.errors import ArbiterError
from arbiter_app.pairing.model import TournamentState
from arbiter_app.standings.unplayed import TieBreakContext

Value = Fraction | int | None
"""A printed tie-break value: exact points, a count or a rating, None when undefined."""

SortKey = tuple[Fraction | int, ...]
"""What the ranking compares; higher keys rank first."""


class UnknownTieBreakError(ArbiterError):
    """A tie-break code that the chosen rule set does not define."""

    def __init__(self, code: str, rules: str, known: Sequence[str]) -> None:
        super().__init__(f"{rules} defines no tie-break {code!r} (known: {', '.join(known)})")
        self.code = code


@dataclass(frozen=True)
class Evaluation:
    """One player's tie-break in a group."""

    value: Value
    """What a standings table prints."""
    key: SortKey
    """What the ranking compares (higher first)."""


class TieBreak(Protocol):
    """A tie-break of a rule set."""

    @property
    def code(self) -> str:
        """Short code printed as a column heading (``"BH"``, ``"SB"``)."""

    @property
    def name(self) -> str:
        """Full name."""

    @property
    def source(self) -> str:
        """Where the definition comes from."""

    def evaluate(self, context: Any, group: Sequence[int]) -> dict[int, Evaluation]:
        """Values and sort keys for the players ``group`` (pairing numbers) tied so far.

        ``context`` is what the rule set's :meth:`TieBreakRules.build_context` gives.
        """


def value_key(value: Value) -> SortKey:
    """The default sort key: the value itself, with None below every number."""
    return (0, 0) if value is None else (1, value)


@dataclass(frozen=True)
class PlayerTieBreak:
    """A tie-break that gives each player a value of their own, whoever else is tied."""

    code: str
    name: str
    source: str
    value: Callable[[TieBreakContext, int], Value]
    """The player's value."""
    key: Callable[[TieBreakContext, int], SortKey] | None = None
    """The sort key when it is not the value alone."""

    def evaluate(self, context: TieBreakContext, group: Sequence[int]) -> dict[int, Evaluation]:
        """Each player's value; the group does not matter."""
        result = {}
        for number in group:
            value = self.value(context, number)
            key = self.key(context, number) if self.key else value_key(value)
            result[number] = Evaluation(value, key)
        return result


@dataclass(frozen=True)
class GroupTieBreak:
    """A tie-break that ranks the tied group as a whole (direct encounter)."""

    code: str
    name: str
    source: str
    rank: Callable[[TieBreakContext, Sequence[int]], dict[int, Evaluation]]

    def evaluate(self, context: TieBreakContext, group: Sequence[int]) -> dict[int, Evaluation]:
        """The group's ranking."""
        return self.rank(context, group)


@dataclass(frozen=True)
class TieBreakRules:
    """A rule set: tie-breaks by code, all defined by one source, and its recommended orders."""

    name: str
    """The source's name, e.g. ``"Arbiters' Manual"``."""
    source: str
    """Where the definitions are (document and section)."""
    tiebreaks: Mapping[str, TieBreak]
    """The tie-breaks by code."""
    recommended: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    """Orders of tie-break codes the source recommends, by kind of tournament."""
    context: Callable[[TournamentState, int | None], Any] | None = None
    """Builds what the tie-breaks read from a tournament; None: the Arbiters' Manual's :class:`TieBreakContext`."""

    def build_context(self, state: TournamentState, after_round: int | None = None) -> Any:
        """The rule set's view of ``state`` after ``after_round`` rounds."""
        if self.context is None:
            return TieBreakContext.from_state(state, after_round)
        return self.context(state, after_round)

    def __getitem__(self, code: str) -> TieBreak:
        try:
            return self.tiebreaks[code]
        except KeyError:
            raise UnknownTieBreakError(code, self.name, tuple(self.tiebreaks)) from None

    def resolve(self, codes: Sequence[str]) -> tuple[TieBreak, ...]:
        """The tie-breaks of an ordered list of codes; raises :class:`UnknownTieBreakError`."""
        chain = tuple(self[code] for code in codes)
        in_order = getattr(self.tiebreaks, "in_order", None)
        return in_order(chain) if in_order is not None else chain
