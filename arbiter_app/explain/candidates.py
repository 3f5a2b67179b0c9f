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
from dataclasses import dataclass, field, replace
from typing import NamedTuple

from arbiter_app.pairing.brackets import Bracket, pair_bracket
from arbiter_app.pairing.colours import allocate_colours
from arbiter_app.pairing.criteria import (
    ONE_POINT,
    Contestant,
    Criterion,
    FailureValue,
    c1_have_met,
    c3_same_absolute_preference,
    evaluate,
    may_meet,
)
from arbiter_app.pairing.engine import completable
from arbiter_app.pairing.matching import maximum_cardinality_matching
from arbiter_app.pairing.model import Colour
from arbiter_app.pairing.texts import BAKU_2016_TEXT, RulesText

Pair = tuple[Contestant, Contestant]

ARTICLES: tuple[str, ...] = BAKU_2016_TEXT.keys
"""The quality criteria of C.04.3 (Baku 2016) in descending priority (C.5-C.19); an explanation's own
edition lists its criteria in ``BracketContext.articles`` (C.04.3-2026: [C6]-[C21])."""

SCORE_DIFFERENCE_ARTICLES = BAKU_2016_TEXT.score_lists


class Role(enum.Enum):
    """What A.9 (C.04.3-2026 1.9) makes of a bracket."""

    SCOREGROUP = "scoregroup"
    """An ordinary bracket: C.7 ([C8]) looks at the following one."""
    PPB = "ppb"
    """The penultimate pairing bracket re-paired for completion (C.4); C.04.3-2026: a bracket paired again
    with every remaining player in view, for [C4] (and [C8] on the next scoregroup)."""
    LAST = "last"
    """The last bracket (the collapsed last bracket after a PPB): it completes the round, bye included;
    C.04.3-2026: also a bracket that downfloats exactly one player, who receives the bye ([C9])."""


class NextBracket(NamedTuple):
    """C.7's ([C8]'s) failure value: how the following bracket could be paired with these downfloaters."""

    unpaired: int
    """Players the following bracket leaves unpaired (fewer is better: more pairs)."""
    barred_from_bye: int
    """Of those, players C.2 bars from the bye (counted when the following bracket is the last)."""
    psd: tuple[int, ...]
    """PSD of the following bracket (A.8), tenths, highest first; C.04.3-2026: the scores of its
    downfloaters ([C7]), tenths, highest first."""


BEST_NEXT = NextBracket(0, 0, ())
"""Below every C.7 value; stands for "not applicable" too."""


@dataclass(frozen=True)
class Violation:
    """An absolute (C.1-C.3) or completion (C.4) criterion a candidate breaks."""

    article: str
    players: tuple[int, ...]
    detail: str
    """Plain words: "#6 and #8 already met in round 2"."""
    round: int | None = None
    """C.1: the round in which they met."""


@dataclass(frozen=True)
class Evaluation:
    """A candidate's failure values, keyed ``"C.5"`` ... ``"C.19"`` (``"C.7"`` absent where it does not apply)."""

    failures: Mapping[str, FailureValue | NextBracket]
    key: tuple[object, ...]
    """The values in priority order: B.8 compares candidates by this tuple."""


def combine(a: Mapping[str, FailureValue], b: Mapping[str, FailureValue]) -> dict[str, FailureValue]:
    """Failure values of two parts of a candidate put together: counts add up, score differences merge.

    This is how :func:`arbiter_app.pairing.criteria.failure_value` builds a
    candidate's value from its pairs and downfloaters.
    """
    merged: dict[str, FailureValue] = {}
    for article, x in a.items():
        y = b[article]
        if isinstance(x, tuple):
            assert isinstance(y, tuple)
            merged[article] = tuple(sorted(x + y, reverse=True))
        else:
            assert isinstance(y, int)
            merged[article] = x + y
    return merged


def first_difference(a: tuple[object, ...], b: tuple[object, ...], articles: tuple[str, ...] = ARTICLES) -> str | None:
    """The article of the first criterion on which two keys differ, None when they are equal."""
    for article, x, y in zip(articles, a, b):
        if x != y:
            return article
    return None


@dataclass
class BracketContext:
    """A bracket as the explanation evaluates its candidates, by the rules of its edition."""

    bracket: Bracket
    role: Role
    met: Mapping[frozenset[int], int] = field(default_factory=dict)
    """Round in which two players met over the board (C.1)."""
    forbidden: frozenset[frozenset[int]] = frozenset()
    initial_colour: Colour = Colour.WHITE
    texts: RulesText = BAKU_2016_TEXT
    """The edition's names and numbers (``edition.texts``)."""
    rest: tuple[Contestant, ...] = ()
    """Every player below the bracket (C.04.3-2026 [C4] applies to each bracket)."""
    bye_allowed: frozenset[int] | None = None
    """Players the absolute bye criterion allows the bye ([C2]); those of them who cannot have it now are
    barred by [C5] (a lower score is possible).  None: nobody is barred by [C5]."""
    bye_score: int | None = None

    def __post_init__(self) -> None:
        criteria = self.bracket.criteria
        everyone = self.bracket.players + self.bracket.following
        # The score a downfloater's rules measure from, as the engine's weights do: A.8's artificial value
        # (one point below the score of the bracket's lowest ranked player), or the
        # residents' score (C.04.3-2026 1.3.2).
        self.base = criteria.base(self.bracket.residents, sorted(everyone, key=Contestant.sort_key))
        self.quality: tuple[Criterion, ...] = criteria.quality
        self.articles: tuple[str, ...] = self.texts.keys
        scores = self.texts.scores_key
        self.scores_criterion = next(c for c in self.quality if c.article == scores)
        self._shift = self.base - ONE_POINT if self.texts.scores_as_points else 0
        self._next: dict[frozenset[int], NextBracket] = {}
        self._completion: dict[frozenset[int], Violation | None] = {}
        self._pairs: dict[tuple[int, int], Violation | None] = {}
        self._following_edges: list[list[int]] | None = None
        self._contributions: dict[tuple[int, ...], dict[str, FailureValue]] = {}

    @property
    def players(self) -> tuple[Contestant, ...]:
        return self.bracket.players

    @property
    def has_c7(self) -> bool:
        """C.7 ([C8]) applies: an ordinary bracket with one below, or a C.04.3-2026 bracket paired again."""
        if self.role is Role.PPB:
            return self.bracket.look_ahead > 0 and bool(self.bracket.following)
        return self.role is Role.SCOREGROUP and bool(self.bracket.following)

    @property
    def has_bye_unplayed(self) -> bool:
        """C.04.3-2026 [C9]: the bracket closes the round-pairing, its one downfloater taking the bye."""
        return self.texts.bye_unplayed_key is not None and self.role is Role.LAST

    @property
    def next_group(self) -> tuple[Contestant, ...]:
        """The scoregroup C.7 ([C8]) moves the downfloaters into."""
        if self.role is Role.PPB:
            return self.bracket.following[: self.bracket.look_ahead]
        return self.bracket.following

    def absolute(self, baku: str) -> str:
        """The key of an absolute criterion in this edition (``"C.1"`` -> ``"C1"`` in C.04.3-2026)."""
        return self.texts.absolute.get(baku, baku)

    # --- legality ------------------------------------------------------------

    def pair_violation(self, a: Contestant, b: Contestant) -> Violation | None:
        """C.1 or C.3 for one pair, with the reason in words."""
        key = (a.number, b.number) if a.number < b.number else (b.number, a.number)
        if key not in self._pairs:
            self._pairs[key] = self._pair_violation(a, b)
        return self._pairs[key]

    def _pair_violation(self, a: Contestant, b: Contestant) -> Violation | None:
        players = tuple(sorted((a.number, b.number)))
        c1, c3 = self.absolute("C.1"), self.absolute("C.3")
        if c1_have_met(a, b):
            rounds = self.met.get(frozenset(players))
            if rounds is not None:
                return Violation(c1, players, f"#{players[0]} and #{players[1]} already met in round {rounds}", rounds)
            return Violation(c1, players, f"the arbiter has forbidden #{players[0]} against #{players[1]}")
        if c3_same_absolute_preference(a, b):
            colour = "White" if a.preference.colour is Colour.WHITE else "Black"
            return Violation(
                c3,
                players,
                f"#{players[0]} and #{players[1]} are not topscorers and both must have {colour} (absolute preference)",
            )
        return None

    def completion_violation(self, downfloaters: Sequence[Contestant]) -> Violation | None:
        """C.4 (and, in the last bracket, A.9's complete round-pairing and C.2): do these downfloaters let the round
        be completed?  C.04.3-2026: [C4] in every bracket, [C2] and [C5] for the bye."""
        every = self.texts.completion_in_every_bracket
        if self.role is Role.SCOREGROUP:
            # C.04.3-2026 too: the engine pairs the bracket, then tests [C4] (``_completion``); when the test
            # fails, the bracket is paired again with every remaining player in view (Role.PPB).  A pairing
            # that passes is the best of all candidates, so the best of the legal ones.
            return None
        key = frozenset(p.number for p in downfloaters)
        if key in self._completion:
            return self._completion[key]
        violation: Violation | None = None
        if self.role is Role.LAST:
            if len(downfloaters) > 1:
                names = tuple(sorted(key))
                # A.9: the round-pairing is complete when every player but at most one (the bye) is paired; in the
                # last bracket this, not the PPB's C.4, is what two players left over break.
                article = self.absolute("C.4") if every else "A.9"
                violation = Violation(
                    article, names, f"{_list(names)} would stay unpaired: the round would not be complete"
                )
            elif downfloaters and not downfloaters[0].can_get_bye:
                violation = self._bye_violation(downfloaters[0])
        else:
            rest = tuple(downfloaters) + self.bracket.following
            if not completable(sorted(rest, key=Contestant.sort_key)):
                names = tuple(p.number for p in rest)
                violation = Violation(
                    self.absolute("C.4"), names, f"the remaining players {_list(names)} could not all be paired"
                )
                if self._only_with_a_higher_bye(rest):
                    assert self.bye_score is not None
                    violation = Violation(
                        self.absolute("C.5"),
                        names,
                        f"the remaining players {_list(names)} could all be paired only if a player with more "
                        f"than {_points(self.bye_score)} points received the pairing-allocated bye",
                    )
        self._completion[key] = violation
        return violation

    def _only_with_a_higher_bye(self, rest: Sequence[Contestant]) -> bool:
        """C.04.3-2026 [C5]: these players could be paired if the bye could go to a higher score ([C2] allowing)."""
        if self.bye_allowed is None or self.bye_score is None:
            return False
        allowed = self.bye_allowed
        widened = [replace(p, can_get_bye=p.number in allowed) for p in rest]
        return completable(sorted(widened, key=Contestant.sort_key))

    def _bye_violation(self, player: Contestant) -> Violation:
        number = player.number
        if self.bye_allowed is not None and number in self.bye_allowed and self.bye_score is not None:
            return Violation(
                self.absolute("C.5"),
                (number,),
                f"#{number} has {_points(player.score)} points, but the bye can go to a player with "
                f"{_points(self.bye_score)}",
            )
        if self.texts.completion_in_every_bracket:
            detail = (
                f"#{number} has already had a pairing-allocated bye, or scored a win's points in a round "
                "without playing"
            )
        else:
            detail = f"#{number} has already had a pairing-allocated bye or a forfeit win"
        return Violation(self.absolute("C.2"), (number,), detail)

    # --- quality --------------------------------------------------------------

    def next_bracket(self, downfloaters: Sequence[Contestant]) -> NextBracket:
        """C.7 ([C8]): the following bracket (these downfloaters and the next scoregroup), paired at its best."""
        key = frozenset(p.number for p in downfloaters)
        cached = self._next.get(key)
        if cached is None:
            moved = tuple(sorted(downfloaters, key=Contestant.sort_key))
            if self.role is Role.PPB:
                cached = self._next_to_the_end(moved)
            else:
                cached = self._next_by_cardinality(moved) or self._next_by_engine(moved)
            self._next[key] = cached
        return cached

    def _next_by_engine(self, moved: tuple[Contestant, ...]) -> NextBracket:
        """The following bracket paired by the engine's own :func:`pair_bracket` (C.5, then C.6, there)."""
        following = self.bracket.following
        last = self.bracket.following_is_last
        pairing = pair_bracket(Bracket(moved, following, (), must_complete=last, criteria=self.bracket.criteria))
        return self._next_value(pairing.pairs, pairing.downfloaters)

    def _next_to_the_end(self, moved: tuple[Contestant, ...]) -> NextBracket:
        """C.04.3-2026 [C8] for a bracket paired again with every remaining player in view.

        The following bracket (these downfloaters and the next scoregroup) must itself leave a legal
        pairing for everyone below it ([C4]); paired so by the engine, its pairs ([C6]) and its
        downfloaters' scores ([C7]) are the value.
        """
        group = self.next_group
        below = self.bracket.following[len(group) :]
        pairing = pair_bracket(Bracket(moved, group, below, must_complete=True, criteria=self.bracket.criteria))
        return self._next_value(pairing.pairs, pairing.downfloaters, group, barred=False)

    def _next_by_cardinality(self, moved: tuple[Contestant, ...]) -> NextBracket | None:
        """The same value, cheaply, when a maximum cardinality matching pairs every moved-down player.

        The residents of the following bracket share one score, so with the
        most pairs the PSD depends only on which MDPs are paired: all of them
        is the lowest PSD (an unpaired MDP's difference to the artificial
        value exceeds everything it replaces).  Before the last bracket the
        matching must also complete the round (one player left at most, whom
        C.2 allows the bye).  Otherwise: None, and the engine decides.
        """
        following = self.bracket.following
        if len({p.score for p in following}) != 1:
            return None
        if self._following_edges is None:
            self._following_edges = [
                [j for j, q in enumerate(following) if j != i and may_meet(p, q)] for i, p in enumerate(following)
            ]
        m = len(moved)
        players = moved + following
        neighbours = [[m + j for j, q in enumerate(following) if may_meet(d, q)] for d in moved]
        neighbours += [[m + j for j in edges] for edges in self._following_edges]
        for i in range(m):
            for j in neighbours[i]:
                neighbours[j].append(i)
        mate = maximum_cardinality_matching(len(players), neighbours)
        if any(mate[i] < 0 for i in range(m)):
            return None
        unpaired = tuple(players[v] for v in range(len(players)) if mate[v] < 0)
        if self.bracket.following_is_last and (len(unpaired) > 1 or any(not p.can_get_bye for p in unpaired)):
            return None
        pairs = tuple((players[v], players[mate[v]]) for v in range(len(players)) if v < mate[v])
        return self._next_value(pairs, unpaired)

    def _next_value(
        self,
        pairs: Sequence[Pair],
        unpaired: Sequence[Contestant],
        group: tuple[Contestant, ...] | None = None,
        barred: bool = True,
    ) -> NextBracket:
        group = self.bracket.following if group is None else group
        everyone = [p for pair in pairs for p in pair] + list(unpaired)
        base = self.bracket.criteria.base(group, sorted(everyone, key=Contestant.sort_key))
        scores = self.scores_criterion
        psd = evaluate(pairs, unpaired, base, (scores,))[scores.article]
        assert isinstance(psd, tuple)
        if self.texts.scores_as_points:
            psd = tuple(v + base - ONE_POINT for v in psd)
        counted = barred and self.bracket.following_is_last and self.role is Role.SCOREGROUP
        barred_count = sum(1 for p in unpaired if not p.can_get_bye) if counted else 0
        return NextBracket(len(unpaired), barred_count, psd)

    def _evaluate(self, pairs: Sequence[Pair], downfloaters: Sequence[Contestant]) -> dict[str, FailureValue]:
        """The engine's evaluator; the downfloaters' scores ([C7]) shifted back to the scores themselves."""
        values = evaluate(pairs, downfloaters, self.base, self.quality)
        if self._shift:
            key = self.texts.scores_key
            values[key] = tuple(v + self._shift for v in values[key])  # type: ignore[union-attr]
        return values

    def floater_value(self, p: Contestant) -> int | None:
        """What one downfloater adds to the scores criterion (C.6's difference to A.8's value; [C7]'s score)."""
        value = self.scores_criterion.downfloater(p, self.base)
        return None if value is None else value + self._shift

    def contribution(self, pair: Pair | None = None, floater: Contestant | None = None) -> dict[str, FailureValue]:
        """What one pair, or one downfloater, adds to each failure value (the evaluator on it alone)."""
        key = (pair[0].number, pair[1].number) if pair is not None else (floater.number,)  # type: ignore[union-attr]
        cached = self._contributions.get(key)
        if cached is None:
            cached = self._evaluate([pair] if pair else [], [floater] if floater else [])
            self._contributions[key] = cached
        return cached

    def empty(self) -> dict[str, FailureValue]:
        """The failure values of nothing: the start of a sum."""
        return self._evaluate((), ())

    def evaluate(self, pairs: Sequence[Pair], downfloaters: Sequence[Contestant]) -> Evaluation:
        """Failure values of a candidate (pairs with the higher ranked player first)."""
        values: dict[str, FailureValue | NextBracket] = dict(self._evaluate(pairs, downfloaters))
        if self.has_c7:
            values[self.texts.next_key] = self.next_bracket(downfloaters)
        bye_key = self.texts.bye_unplayed_key
        if bye_key is not None and self.has_bye_unplayed:
            values[bye_key] = sum(p.unplayed for p in downfloaters)
        ordered = {article: values[article] for article in self.articles if article in values}
        key = tuple(ordered.get(article, self.neutral(article)) for article in self.articles)
        return Evaluation(ordered, key)

    def neutral(self, article: str) -> object:
        """The value standing for a criterion that does not apply."""
        return 0 if article == self.texts.bye_unplayed_key else BEST_NEXT

    def colours(self, pair: Pair) -> tuple[int, int]:
        """(white, black) of a pair as E.1-E.5 would allocate them."""
        higher, lower = sorted(pair, key=Contestant.sort_key)
        colour, _ = allocate_colours(higher.preference, lower.preference, higher.rank, self.initial_colour)
        if colour is Colour.WHITE:
            return higher.number, lower.number
        return lower.number, higher.number


def _points(tenths: int) -> str:
    whole, tenth = divmod(tenths, 10)
    return f"{whole}.{tenth}"


def _list(numbers: Iterable[int]) -> str:
    return ", ".join(f"#{n}" for n in numbers)
