"""One candidate of a bracket: its legality (C.1-C.4) and its failure values (C.5-C.19).

The quality criteria are never restated here: C.5, C.6 and C.8-C.19 come
from :func:`arbiter_app.pairing.criteria.evaluate`, the evaluator the engine's
weights are built from.  The two criteria that look beyond the bracket are
computed by pairing what lies below it, with the engine's own tools:

* C.7 (a bracket that is neither the PPB nor the last one): the following
  bracket, the candidate's downfloaters moved down into the next scoregroup,
  paired by :func:`arbiter_app.pairing.brackets.pair_bracket`; its failure
  value is the players it leaves unpaired, then its PSD (A.8);
* C.4 (the PPB): the downfloaters and every remaining player must allow a
  complete round-pairing (:func:`arbiter_app.pairing.engine.completable`);
  in the last bracket, nobody but one player C.2 allows the bye may be left.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import NamedTuple

from arbiter_app.pairing.brackets import Bracket, pair_bracket
from arbiter_app.pairing.colours import allocate_colours
from arbiter_app.pairing.criteria import (
    C6,
    Contestant,
    FailureValue,
    artificial_score,
    c1_have_met,
    c3_same_absolute_preference,
    evaluate,
)
from arbiter_app.pairing.engine import completable
from arbiter_app.pairing.model import Colour

Pair = tuple[Contestant, Contestant]

ARTICLES: tuple[str, ...] = ("C.5", "C.6", "C.7", *(f"C.{k}" for k in range(8, 20)))
"""The quality criteria in descending priority (C.5-C.19)."""

SCORE_DIFFERENCE_ARTICLES = frozenset({"C.6", "C.16", "C.17", "C.18", "C.19"})


class Role(enum.Enum):
    """What A.9 makes of a bracket."""

    SCOREGROUP = "scoregroup"
    """An ordinary bracket: C.7 looks at the following one."""
    PPB = "ppb"
    """The penultimate pairing bracket re-paired for completion (C.4)."""
    LAST = "last"
    """The last bracket (the collapsed last bracket after a PPB): it completes the round, bye included."""


class NextBracket(NamedTuple):
    """C.7's failure value: how the following bracket could be paired with these downfloaters."""

    unpaired: int
    """Players the following bracket leaves unpaired (fewer is better: more pairs)."""
    barred_from_bye: int
    """Of those, players C.2 bars from the bye (counted when the following bracket is the last)."""
    psd: tuple[int, ...]
    """PSD of the following bracket (A.8), tenths, highest first."""


BEST_NEXT = NextBracket(0, 0, ())
"""Below every C.7 value; stands for "not applicable" too."""


@dataclass(frozen=True)
class Violation:
    """An absolute (C.1-C.3) or completion (C.4) criterion a candidate breaks."""

    article: str
    players: tuple[int, ...]
    detail: str
    """Plain words: "#6 and #8 already met in round 2"."""


@dataclass(frozen=True)
class Evaluation:
    """A candidate's failure values, keyed ``"C.5"`` ... ``"C.19"`` (``"C.7"`` absent where it does not apply)."""

    failures: Mapping[str, FailureValue | NextBracket]
    key: tuple[object, ...]
    """The values in priority order: B.8 compares candidates by this tuple."""


def first_difference(a: tuple[object, ...], b: tuple[object, ...]) -> str | None:
    """The article of the first criterion on which two keys differ, None when they are equal."""
    for article, x, y in zip(ARTICLES, a, b):
        if x != y:
            return article
    return None


@dataclass
class BracketContext:
    """A bracket as the explanation evaluates its candidates."""

    bracket: Bracket
    role: Role
    met: Mapping[frozenset[int], int] = field(default_factory=dict)
    """Round in which two players met over the board (C.1)."""
    forbidden: frozenset[frozenset[int]] = frozenset()
    initial_colour: Colour = Colour.WHITE

    def __post_init__(self) -> None:
        everyone = self.bracket.players + self.bracket.following
        # A.8's artificial value as the engine reads it: one point below the
        # lowest score of the bracket and of the players it may float to.
        self.base = artificial_score(min(p.score for p in everyone))
        self._next: dict[frozenset[int], NextBracket] = {}
        self._completion: dict[frozenset[int], Violation | None] = {}

    @property
    def players(self) -> tuple[Contestant, ...]:
        return self.bracket.players

    @property
    def has_c7(self) -> bool:
        return self.role is Role.SCOREGROUP and bool(self.bracket.following)

    # --- legality ------------------------------------------------------------

    def pair_violation(self, a: Contestant, b: Contestant) -> Violation | None:
        """C.1 or C.3 for one pair, with the reason in words."""
        players = tuple(sorted((a.number, b.number)))
        if c1_have_met(a, b):
            rounds = self.met.get(frozenset(players))
            if rounds is not None:
                return Violation("C.1", players, f"#{players[0]} and #{players[1]} already met in round {rounds}")
            return Violation("C.1", players, f"the arbiter has forbidden #{players[0]} against #{players[1]}")
        if c3_same_absolute_preference(a, b):
            colour = "White" if a.preference.colour is Colour.WHITE else "Black"
            return Violation(
                "C.3", players,
                f"#{players[0]} and #{players[1]} are not topscorers and both must have {colour} (absolute preference)",
            )
        return None

    def completion_violation(self, downfloaters: Sequence[Contestant]) -> Violation | None:
        """C.4 (and C.2 in the last bracket): do these downfloaters let the round be completed?"""
        if self.role is Role.SCOREGROUP:
            return None
        key = frozenset(p.number for p in downfloaters)
        if key in self._completion:
            return self._completion[key]
        violation: Violation | None = None
        if self.role is Role.LAST:
            if len(downfloaters) > 1:
                names = tuple(sorted(key))
                violation = Violation("C.4", names, f"{_list(names)} would stay unpaired: the round would not be complete")
            elif downfloaters and not downfloaters[0].can_get_bye:
                number = downfloaters[0].number
                violation = Violation(
                    "C.2", (number,), f"#{number} has already had a pairing-allocated bye or a forfeit win"
                )
        else:
            rest = tuple(downfloaters) + self.bracket.following
            if not completable(sorted(rest, key=Contestant.sort_key)):
                names = tuple(p.number for p in rest)
                violation = Violation("C.4", names, f"the remaining players {_list(names)} could not all be paired")
        self._completion[key] = violation
        return violation

    # --- quality --------------------------------------------------------------

    def next_bracket(self, downfloaters: Sequence[Contestant]) -> NextBracket:
        """C.7: the following bracket (these downfloaters and the next scoregroup) paired by the engine."""
        key = frozenset(p.number for p in downfloaters)
        cached = self._next.get(key)
        if cached is not None:
            return cached
        following = self.bracket.following
        last = self.bracket.following_is_last
        moved = tuple(sorted(downfloaters, key=Contestant.sort_key))
        pairing = pair_bracket(Bracket(moved, following, (), must_complete=last))
        base = artificial_score(following[-1].score)
        psd = evaluate(pairing.pairs, pairing.downfloaters, base, (C6,))["C.6"]
        assert isinstance(psd, tuple)
        barred = sum(1 for p in pairing.downfloaters if not p.can_get_bye) if last else 0
        value = NextBracket(len(pairing.downfloaters), barred, psd)
        self._next[key] = value
        return value

    def evaluate(self, pairs: Sequence[Pair], downfloaters: Sequence[Contestant]) -> Evaluation:
        """Failure values of a candidate (pairs with the higher ranked player first)."""
        values: dict[str, FailureValue | NextBracket] = dict(evaluate(pairs, downfloaters, self.base))
        if self.has_c7:
            values["C.7"] = self.next_bracket(downfloaters)
        ordered = {article: values[article] for article in ARTICLES if article in values}
        key = tuple(ordered.get(article, BEST_NEXT) for article in ARTICLES)
        return Evaluation(ordered, key)

    def colours(self, pair: Pair) -> tuple[int, int]:
        """(white, black) of a pair as E.1-E.5 would allocate them."""
        higher, lower = sorted(pair, key=Contestant.sort_key)
        colour, _ = allocate_colours(higher.preference, lower.preference, higher.rank, self.initial_colour)
        if colour is Colour.WHITE:
            return higher.number, lower.number
        return lower.number, higher.number


def _list(numbers: Iterable[int]) -> str:
    return ", ".join(f"#{n}" for n in numbers)
