"""Pairing criteria as named failure values: C.1-C.19 of C.04.3 (Baku 2016) and [C1]-[C21] of C.04.3-2026.

Each quality criterion is stated once, as what one pair and what one
downfloater contribute to its failure value.  The evaluator sums those
contributions over a candidate (for tests and the explanation), and the
engine folds the same contributions into matching weights (``weights.py``),
so the two cannot drift apart.  Each edition's list is a ``CriteriaSet``
(``BAKU_2016_CRITERIA``, ``FIDE_2026_CRITERIA``); the absolute criteria
(C.1/[C1], C.3/[C3]) read the same in both, and C.2/[C2] is the edition's
bye eligibility (``Contestant.can_get_bye``).
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, replace

from arbiter_app.pairing.colours import ColourPreference, preferences_compatible
from arbiter_app.pairing.floats import Float

ONE_POINT = 10
"""A.8's "one point", in tenths."""


@dataclass(frozen=True)
class Contestant:
    """A player as one round's pairing sees him."""

    number: int
    """Pairing number."""
    rank: int
    """Effective pairing number for this round (E.5 parity; A.2 ties), 1-based."""
    score: int
    """Pairing score (A.2), tenths, virtual points included."""
    preference: ColourPreference
    float_previous: Float
    """Float received in the previous round (C.12, C.13, C.16, C.17)."""
    float_before: Float
    """Float received two rounds before (C.14, C.15, C.18, C.19)."""
    can_get_bye: bool
    """C.2: no pairing-allocated bye and no forfeit win so far."""
    is_topscorer: bool
    """A.7."""
    barred: frozenset[int]
    """Pairing numbers this player may not meet: played opponents (C.1) and forbidden pairs."""
    unplayed: int = 0
    """Past rounds without a game played over the board (C.04.3-2026 2.4.4 [C9])."""
    partners: int | None = field(default=None, compare=False, repr=False)
    """The players of the round's field C.1 and C.3 allow him to meet, as a bitset over pairing numbers (bit
    ``k``: number ``k``), from :func:`allowed_partners`; None when not computed (``may_meet`` then reads the
    articles directly)."""

    def sort_key(self) -> tuple[int, int]:
        """A.2: score descending, then pairing number."""
        return (-self.score, self.rank)


# --- Absolute criteria -------------------------------------------------------


def c1_have_met(a: Contestant, b: Contestant) -> bool:
    """C.1 (C.04.1.b): the two have played each other (or the arbiter forbade the pair)."""
    return b.number in a.barred


def c3_same_absolute_preference(a: Contestant, b: Contestant) -> bool:
    """C.3: two non-topscorers with the same absolute colour preference."""
    return (
        a.preference.is_absolute
        and b.preference.is_absolute
        and a.preference.colour is b.preference.colour
        and not (a.is_topscorer or b.is_topscorer)
    )


def may_meet(a: Contestant, b: Contestant) -> bool:
    """C.1 and C.3 allow the pair."""
    if a.partners is not None:
        return bool(a.partners >> b.number & 1)
    return not c1_have_met(a, b) and not c3_same_absolute_preference(a, b)


def allowed_partners(players: Sequence[Contestant]) -> dict[int, int]:
    """C.1 and C.3 over a round's whole field at once: each player's :attr:`Contestant.partners` bitset.

    The same two articles as :func:`c1_have_met` and
    :func:`c3_same_absolute_preference`, stated for sets: everybody but
    himself and those he is barred from (C.1), and, for a non-topscorer
    with an absolute colour preference, none of the non-topscorers with the
    same absolute preference (C.3).  Built once per round, so that the
    engine, the completion test and the explanation never ask pair by pair.
    """
    everyone = 0
    absolute: dict[object, int] = {}
    for p in players:
        everyone |= 1 << p.number
        if p.preference.is_absolute and not p.is_topscorer:
            absolute[p.preference.colour] = absolute.get(p.preference.colour, 0) | 1 << p.number
    result = {}
    for p in players:
        barred = 1 << p.number
        for number in p.barred:
            barred |= 1 << number
        if p.preference.is_absolute and not p.is_topscorer:
            barred |= absolute[p.preference.colour]
        result[p.number] = everyone & ~barred
    return result


def partner_bitsets(players: Sequence[Contestant]) -> dict[int, int]:
    """Each player's :attr:`Contestant.partners`: the round's, where every player carries them, else
    :func:`allowed_partners` over ``players`` (the same answer for every pair among them)."""
    if all(p.partners is not None for p in players):
        return {p.number: p.partners or 0 for p in players}
    return allowed_partners(players)


def with_partners(players: Sequence[Contestant]) -> tuple[Contestant, ...]:
    """``players`` (a round's field) with their :attr:`Contestant.partners` filled in."""
    partners = allowed_partners(players)
    return tuple(replace(p, partners=partners[p.number]) for p in players)


# --- Quality criteria ------------------------------------------------------------


class Kind(enum.Enum):
    COUNT = "count"
    """Failure value: a number of players or pairs."""
    SCORE_DIFFERENCES = "score differences"
    """Failure value: score differences, compared like a PSD (A.8)."""


PairRule = Callable[[Contestant, Contestant], int | None]
DownfloaterRule = Callable[[Contestant, int], int | None]


@dataclass(frozen=True)
class Criterion:
    """A quality criterion: what a pair (higher, lower) and a downfloater contribute."""

    article: str
    kind: Kind
    text: str
    pair: PairRule
    """Contribution of a pair (higher ranked first): a count, or a score difference (None: none)."""
    downfloater: DownfloaterRule
    """Contribution of a downfloater, given A.8's artificial score (one point below the bracket)."""


def _no_pair(_h: Contestant, _l: Contestant) -> int | None:
    return None


def _no_downfloater(_p: Contestant, _base: int) -> int | None:
    return None


def _downfloats(h: Contestant, l: Contestant) -> bool:
    return h.score > l.score


def _colour_clash(h: Contestant, l: Contestant) -> bool:
    return not preferences_compatible(h.preference, l.preference)


def _c8(h: Contestant, l: Contestant) -> int:
    # Both already at colour difference 2 with the same preference: one of them
    # ends at 3 (only topscorers may meet so, C.3).
    return int(h.preference.has_absolute_imbalance and l.preference.has_absolute_imbalance and _colour_clash(h, l))


def _c9(h: Contestant, l: Contestant) -> int:
    a, b = h.preference, l.preference
    if not (a.is_absolute and b.is_absolute and _colour_clash(h, l)):
        return 0
    if a.imbalance == b.imbalance:
        # E.3/E.4 decide; whoever yields repeats his colour a third time.
        return int(a.repeated is not None and a.repeated is b.repeated)
    yielding = b if a.imbalance > b.imbalance else a
    assert a.colour is not None
    return int(yielding.repeated is a.colour.opposite)


def _c10(h: Contestant, l: Contestant) -> int:
    return int(_colour_clash(h, l))


def _c11(h: Contestant, l: Contestant) -> int:
    a, b = h.preference, l.preference
    return int(
        a.is_strong_or_absolute
        and b.is_strong_or_absolute
        and not (a.is_absolute and b.is_absolute)
        and _colour_clash(h, l)
    )


def _repeated_downfloat_pair(which: str) -> PairRule:
    def rule(h: Contestant, l: Contestant) -> int:
        return int(getattr(h, which) is Float.DOWN and _downfloats(h, l))

    return rule


def _repeated_downfloat_alone(which: str) -> DownfloaterRule:
    def rule(p: Contestant, _base: int) -> int:
        return int(getattr(p, which) is Float.DOWN)

    return rule


def _repeated_upfloat_pair(which: str) -> PairRule:
    def rule(h: Contestant, l: Contestant) -> int:
        return int(getattr(l, which) is Float.UP and _downfloats(h, l))

    return rule


def _repeated_downfloat_difference(which: str) -> PairRule:
    def rule(h: Contestant, l: Contestant) -> int | None:
        return h.score - l.score if getattr(h, which) is Float.DOWN and _downfloats(h, l) else None

    return rule


def _repeated_downfloater_difference(which: str) -> DownfloaterRule:
    def rule(p: Contestant, base: int) -> int | None:
        return p.score - base if getattr(p, which) is Float.DOWN else None

    return rule


def _repeated_upfloat_difference(which: str) -> PairRule:
    def rule(h: Contestant, l: Contestant) -> int | None:
        return h.score - l.score if getattr(l, which) is Float.UP and _downfloats(h, l) else None

    return rule


C5 = Criterion(
    "C.5",
    Kind.COUNT,
    "maximize the number of pairs (minimize the downfloaters)",
    lambda h, l: 0,
    lambda p, base: 1,
)
C6 = Criterion(
    "C.6",
    Kind.SCORE_DIFFERENCES,
    "minimize the PSD (A.8)",
    lambda h, l: h.score - l.score,
    lambda p, base: p.score - base,
)
C8 = Criterion(
    "C.8",
    Kind.COUNT,
    "minimize the topscorers or topscorers' opponents who get a colour difference beyond +-2",
    _c8,
    _no_downfloater,
)
C9 = Criterion(
    "C.9",
    Kind.COUNT,
    "minimize the topscorers or topscorers' opponents who get the same colour three times in a row",
    _c9,
    _no_downfloater,
)
C10 = Criterion(
    "C.10", Kind.COUNT, "minimize the players who do not get their colour preference", _c10, _no_downfloater
)
C11 = Criterion(
    "C.11", Kind.COUNT, "minimize the players who do not get their strong colour preference", _c11, _no_downfloater
)
C12 = Criterion(
    "C.12",
    Kind.COUNT,
    "minimize the players who receive the same downfloat as the previous round",
    _repeated_downfloat_pair("float_previous"),
    _repeated_downfloat_alone("float_previous"),
)
C13 = Criterion(
    "C.13",
    Kind.COUNT,
    "minimize the players who receive the same upfloat as the previous round",
    _repeated_upfloat_pair("float_previous"),
    _no_downfloater,
)
C14 = Criterion(
    "C.14",
    Kind.COUNT,
    "minimize the players who receive the same downfloat as two rounds before",
    _repeated_downfloat_pair("float_before"),
    _repeated_downfloat_alone("float_before"),
)
C15 = Criterion(
    "C.15",
    Kind.COUNT,
    "minimize the players who receive the same upfloat as two rounds before",
    _repeated_upfloat_pair("float_before"),
    _no_downfloater,
)
C16 = Criterion(
    "C.16",
    Kind.SCORE_DIFFERENCES,
    "minimize the score differences of players who receive the same downfloat as the previous round",
    _repeated_downfloat_difference("float_previous"),
    _repeated_downfloater_difference("float_previous"),
)
C17 = Criterion(
    "C.17",
    Kind.SCORE_DIFFERENCES,
    "minimize the score differences of players who receive the same upfloat as the previous round",
    _repeated_upfloat_difference("float_previous"),
    _no_downfloater,
)
C18 = Criterion(
    "C.18",
    Kind.SCORE_DIFFERENCES,
    "minimize the score differences of players who receive the same downfloat as two rounds before",
    _repeated_downfloat_difference("float_before"),
    _repeated_downfloater_difference("float_before"),
)
C19 = Criterion(
    "C.19",
    Kind.SCORE_DIFFERENCES,
    "minimize the score differences of players who receive the same upfloat as two rounds before",
    _repeated_upfloat_difference("float_before"),
    _no_downfloater,
)

COLOUR_CRITERIA: tuple[Criterion, ...] = (C8, C9, C10, C11)
FLOAT_CRITERIA: tuple[Criterion, ...] = (C12, C13, C14, C15, C16, C17, C18, C19)
"""C.12-C.19, in priority order (C.12-C.15 counts before C.16-C.19 differences)."""
QUALITY_CRITERIA: tuple[Criterion, ...] = (C5, C6, *COLOUR_CRITERIA, *FLOAT_CRITERIA)
"""C.5-C.19 but C.7, which looks at the following bracket and has no per-pair form."""


# --- Evaluation of a candidate -------------------------------------------------------

FailureValue = int | tuple[int, ...]


def failure_value(
    criterion: Criterion,
    pairs: Iterable[tuple[Contestant, Contestant]],
    downfloaters: Iterable[Contestant],
    base: int,
) -> FailureValue:
    """The failure value of ``criterion`` for a candidate (pairs higher-first, and downfloaters).

    Counts are summed; score differences are listed from the highest to the
    lowest (A.8), and compare lexicographically.
    """
    values = [criterion.pair(*pair) for pair in pairs]
    values += [criterion.downfloater(p, base) for p in downfloaters]
    present = [v for v in values if v is not None]
    if criterion.kind is Kind.COUNT:
        return sum(present)
    return tuple(sorted(present, reverse=True))


def evaluate(
    pairs: Sequence[tuple[Contestant, Contestant]],
    downfloaters: Sequence[Contestant],
    base: int,
    criteria: Sequence[Criterion] = QUALITY_CRITERIA,
) -> dict[str, FailureValue]:
    """Failure values of a candidate for each criterion, keyed ``"C.5"`` ... ``"C.19"``."""
    ordered = [(h, l) if h.sort_key() <= l.sort_key() else (l, h) for h, l in pairs]
    return {c.article: failure_value(c, ordered, downfloaters, base) for c in criteria}


def artificial_score(lowest_score: int) -> int:
    """A.8: one point less than the score of the lowest ranked player of the bracket."""
    return lowest_score - ONE_POINT


# --- The 2026 edition (C.04.3-2026 Art. 2) --------------------------------------------
# The same failure-value form, over the 2026 list.  For these criteria the
# ``base`` a downfloater rule receives is the score of the bracket's resident
# players (C.04.3-2026 1.3.2): a downfloater scoring more is an MDP.


def _c7_2026(p: Contestant, base: int) -> int:
    # The downfloater's own score, counted from one point below the residents:
    # every downfloater counts, the higher scores weigh most.
    return p.score - base + ONE_POINT


def _resident_downfloater(which: str) -> DownfloaterRule:
    def rule(p: Contestant, base: int) -> int:
        return int(p.score <= base and getattr(p, which) is Float.DOWN)

    return rule


def _mdp_downfloater_difference(which: str) -> DownfloaterRule:
    # C.04.3-2026 [C18]/[C20]: an MDP that floats on has a score difference
    # greater than any he could get in a pair of the bracket (TEC commentary
    # on [C18]): his score above one point below the residents.
    def rule(p: Contestant, base: int) -> int | None:
        return p.score - base + ONE_POINT if p.score > base and getattr(p, which) is Float.DOWN else None

    return rule


def _nothing(_h: Contestant, _l: Contestant) -> int:
    return 0


C6_2026 = Criterion(
    "C6",
    Kind.COUNT,
    "minimise the number of downfloaters (maximise the number of pairs)",
    _nothing,
    lambda p, base: 1,
)
C7_2026 = Criterion(
    "C7",
    Kind.SCORE_DIFFERENCES,
    "minimise the scores (taken in descending order) of the downfloaters",
    _no_pair,
    _c7_2026,
)
C10_2026 = Criterion("C10", C8.kind, C8.text, C8.pair, C8.downfloater)
C11_2026 = Criterion("C11", C9.kind, C9.text, C9.pair, C9.downfloater)
C12_2026 = Criterion("C12", C10.kind, C10.text, C10.pair, C10.downfloater)
C13_2026 = Criterion("C13", C11.kind, C11.text, C11.pair, C11.downfloater)
C14_2026 = Criterion(
    "C14",
    Kind.COUNT,
    "minimise the resident downfloaters who received a downfloat the previous round",
    _nothing,
    _resident_downfloater("float_previous"),
)
C15_2026 = Criterion(
    "C15",
    Kind.COUNT,
    "minimise the MDP opponents who received an upfloat the previous round",
    _repeated_upfloat_pair("float_previous"),
    _no_downfloater,
)
C16_2026 = Criterion(
    "C16",
    Kind.COUNT,
    "minimise the resident downfloaters who received a downfloat two rounds before",
    _nothing,
    _resident_downfloater("float_before"),
)
C17_2026 = Criterion(
    "C17",
    Kind.COUNT,
    "minimise the MDP opponents who received an upfloat two rounds before",
    _repeated_upfloat_pair("float_before"),
    _no_downfloater,
)
C18_2026 = Criterion(
    "C18",
    Kind.SCORE_DIFFERENCES,
    "minimise the score differences of MDPs who received a downfloat the previous round",
    _repeated_downfloat_difference("float_previous"),
    _mdp_downfloater_difference("float_previous"),
)
C19_2026 = Criterion(
    "C19",
    Kind.SCORE_DIFFERENCES,
    "minimise the score differences of MDP opponents who received an upfloat the previous round",
    _repeated_upfloat_difference("float_previous"),
    _no_downfloater,
)
C20_2026 = Criterion(
    "C20",
    Kind.SCORE_DIFFERENCES,
    "minimise the score differences of MDPs who received a downfloat two rounds before",
    _repeated_downfloat_difference("float_before"),
    _mdp_downfloater_difference("float_before"),
)
C21_2026 = Criterion(
    "C21",
    Kind.SCORE_DIFFERENCES,
    "minimise the score differences of MDP opponents who received an upfloat two rounds before",
    _repeated_upfloat_difference("float_before"),
    _no_downfloater,
)

QUALITY_CRITERIA_2026: tuple[Criterion, ...] = (
    C6_2026,
    C7_2026,
    C10_2026,
    C11_2026,
    C12_2026,
    C13_2026,
    C14_2026,
    C15_2026,
    C16_2026,
    C17_2026,
    C18_2026,
    C19_2026,
    C20_2026,
    C21_2026,
)
"""C.04.3-2026 [C6], [C7] and [C10]-[C21] in priority order: [C8] (the following
bracket) and [C9] (the bye's unplayed games) look beyond a pair and sit, as
fields of their own, between [C7] and [C10]."""


@dataclass(frozen=True)
class CriteriaSet:
    """An edition's quality criteria, as the bracket matching folds them.

    ``quality[:2]`` rank above the next-bracket criterion (C.7 of 2016,
    [C8] of 2026) and ``quality[2:]`` below it.
    """

    quality: tuple[Criterion, ...]
    base: Callable[[Sequence[Contestant], Sequence[Contestant]], int]
    """The score a downfloater's rules measure from, given the bracket's residents and everyone in its graph."""
    bye_unplayed: bool
    """C.04.3-2026 [C9]: minimise the unplayed games of the bye's assignee."""


def _artificial_base(residents: Sequence[Contestant], everyone: Sequence[Contestant]) -> int:
    """C.04.3 A.8: "one point less than the score of the lowest ranked player of the current bracket".

    The lowest ranked player is a resident (moved-down players score more); a bracket of moved-down players
    only (an explanation's rest of a bracket) takes the lowest of those in view.  The conformance corpus
    agrees with this literal reading on every round, as it did with the earlier one (one point below the
    scoregroup the bracket floats to): the order of candidates is the same in all 2,379 rounds."""
    return artificial_score(min(p.score for p in (residents or everyone)))


def _resident_base(residents: Sequence[Contestant], _everyone: Sequence[Contestant]) -> int:
    """C.04.3-2026 1.3.2: the resident players' score."""
    return residents[0].score


BAKU_2016_CRITERIA = CriteriaSet(QUALITY_CRITERIA, _artificial_base, bye_unplayed=False)
FIDE_2026_CRITERIA = CriteriaSet(QUALITY_CRITERIA_2026, _resident_base, bye_unplayed=True)
