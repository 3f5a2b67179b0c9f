"""The C.07 rule sets (one per edition) in the form the standings table uses.

    from arbiter_app.standings.c07 import C07_2026_RULES
    standings(state, ("BH/C1", "BH", "SB"), rules=C07_2026_RULES)

Codes are parsed on demand (``BH/C3`` works as well as ``BH/C1``); an unknown
or malformed code raises :class:`~.codes.TieBreakCodeError` naming it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace

from arbiter_app.pairing.model import TournamentState
from arbiter_app.standings.c07 import articles as a
from arbiter_app.standings.c07.codes import TieBreakCode, TieBreakCodeError, parse_code
from arbiter_app.standings.c07.edition import C07_2024, C07_2026, Edition
from arbiter_app.standings.c07.record import C07Context, RatingPolicy, build_context
from arbiter_app.standings.rules import Evaluation, SortKey, TieBreakRules, value_key

Article = Callable[[C07Context, int, TieBreakCode], a.Breakdown]

ARTICLES: dict[str, tuple[str, str, Article | None]] = {
    "DE": ("6", "Direct Encounter", None),
    "WIN": ("7.1", "Number of Wins", a.number_of_wins),
    "WON": ("7.2", "Number of Games Won", a.games_won),
    "BPG": ("7.3", "Number of Games Played with Black", a.games_with_black),
    "BWG": ("7.4", "Number of Games Won with Black", a.wins_with_black),
    "PS": ("7.5", "(Sum of) Progressive Scores", a.progressive_score),
    "REP": ("7.6", "Rounds one Elected to Play", a.rounds_elected_to_play),
    "STD": ("7.7", "Standard Points", a.standard_points),
    "TPN": ("7.8", "Tournament Pairing Number", a.pairing_number),
    "BH": ("8.1", "Buchholz", a.buchholz),
    "AOB": ("8.2", "Average of Opponents' Buchholz", a.average_of_opponents_buchholz),
    "FB": ("8.3", "Fore Buchholz", a.fore_buchholz),
    "SB": ("9.1", "Sonneborn-Berger", a.sonneborn_berger),
    "KS": ("9.2", "Koya System", a.koya),
    "ARO": ("10.1", "Average Rating of Opponents", a.average_rating_of_opponents),
    "TPR": ("10.2", "Tournament Performance Rating", a.performance_rating),
    "PTP": ("10.3", "Perfect Tournament Performance", a.perfect_performance),
    "APRO": ("10.4", "Average Performance Rating of Opponents", a.average_performance_of_opponents),
    "APPO": ("10.5", "Average Perfect Performance of Opponents", a.average_perfect_performance_of_opponents),
    "RTNG": ("10.6", "Rating", a.rating),
}
"""Article, name and function of each acronym."""

ASCENDING = frozenset({"TPN"})
"""Tie-breaks where the lower value ranks first (7.8)."""


@dataclass(frozen=True)
class C07TieBreak:
    """One tie-break of an edition, with its modifiers."""

    parsed: TieBreakCode
    edition: Edition
    after_fore: bool = False
    """Listed after FB: evaluated on :meth:`C07Context.after_fore` (the checker's order effect)."""

    def view(self, context: C07Context) -> C07Context:
        """The context this tie-break reads."""
        return context.after_fore() if self.after_fore else context

    @property
    def code(self) -> str:
        return str(self.parsed)

    @property
    def name(self) -> str:
        article, name, _ = ARTICLES[self.parsed.base]
        if self.parsed.base == "REP":
            name = self.edition.rep_name
        return name

    @property
    def source(self) -> str:
        return self.edition.cite(ARTICLES[self.parsed.base][0])

    def breakdown(self, context: C07Context, number: int) -> a.Breakdown:
        """How the player's value is built (not for DE)."""
        function = ARTICLES[self.parsed.base][2]
        if function is None:
            raise TieBreakCodeError(self.code, "direct encounter ranks a group: use direct_encounter")
        return function(self.view(context), number, self.parsed)

    def key(self, value: a.Number) -> SortKey:
        """Sort key, higher first; None below every value."""
        if value is None:
            return (0, 0)
        ascending = (self.parsed.base in ASCENDING) != self.parsed.reverse
        return (1, -value) if ascending else value_key(value)

    def value_sort_key(self, value: a.Number) -> SortKey:
        """The sort key of a value entered by hand (the standings' entered values)."""
        return self.key(value)

    def evaluate(self, context: C07Context, group: Sequence[int]) -> dict[int, Evaluation]:
        """Values and sort keys for ``group``; DE gives the encounter points, None when it separates no one."""
        if self.parsed.base == "DE":
            context = self.view(context)
            tiers = a.direct_encounter(context, group, self.parsed.forfeits)
            if len(tiers) == 1:
                return {n: Evaluation(None, (0,)) for n in group}
            points, _ = a.encounter_points(context, group, self.parsed.forfeits)
            return {n: Evaluation(points[n], (len(tiers) - i,)) for i, tier in enumerate(tiers) for n in tier}
        result = {}
        for number in group:
            value = self.breakdown(context, number).value
            result[number] = Evaluation(value, self.key(value))
        return result


class _Codes(Mapping[str, C07TieBreak]):
    """The edition's tie-breaks by code, parsed on demand."""

    def __init__(self, edition: Edition) -> None:
        self.edition = edition

    def __getitem__(self, code: str) -> C07TieBreak:
        return C07TieBreak(parse_code(code, self.edition.codes), self.edition)

    def __contains__(self, code: object) -> bool:
        if not isinstance(code, str):
            return False
        try:
            self[code]
        except TieBreakCodeError:
            return False
        return True

    def in_order(self, chain: Sequence[C07TieBreak]) -> tuple[C07TieBreak, ...]:
        """The list as the FIDE TEC checker evaluates it: tie-breaks after an FB read :meth:`C07Context.after_fore`."""
        result = []
        seen_fore = False
        for tiebreak in chain:
            result.append(replace(tiebreak, after_fore=seen_fore))
            seen_fore = seen_fore or tiebreak.parsed.base == "FB"
        return tuple(result)

    def __iter__(self) -> Iterator[str]:
        return iter(c for c in ARTICLES if c in self.edition.codes)

    def __len__(self) -> int:
        return len(self.edition.codes)


RECOMMENDED_SWISS = ("BH/C1", "BH", "SB", "DE", "WIN")
"""The order new individual Swiss tournaments start with.

The C.07 text held (``shared/spec/fide-2026/tiebreaks-c07-2026.md``) has no
list of recommended orders; this one follows its examples: 14.1.2 a names
Buchholz Cut-1 the most used modifier, then Buchholz, Sonneborn-Berger, the
direct encounter (Article 6) and the number of wins (7.1).  An arbiter edits
it until the last round.
"""


def resolve(edition: Edition, codes: Sequence[str]) -> tuple[C07TieBreak, ...]:
    """The tie-breaks of an ordered list of codes, as :meth:`TieBreakRules.resolve` gives them."""
    table = _Codes(edition)
    return table.in_order([table[code] for code in codes])


def rules_for(edition: Edition, ratings: RatingPolicy | None = None) -> TieBreakRules:
    """The rule set of an edition; ``ratings``: which rating counts in the Article 10 tie-breaks."""

    def context(state: TournamentState, after_round: int | None) -> C07Context:
        return build_context(state, edition, after_round, ratings)

    return TieBreakRules(
        name=edition.key,
        source=edition.title,
        tiebreaks=_Codes(edition),
        recommended={"individual swiss": RECOMMENDED_SWISS},
        context=context,
    )


C07_2024_RULES = rules_for(C07_2024)
C07_2026_RULES = rules_for(C07_2026)
