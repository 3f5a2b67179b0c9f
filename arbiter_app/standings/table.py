"""Standings after any round: score, then the tournament's ordered tie-breaks, then drawing of lots.

Arbiters' Manual, Tie-Break Regulations: "The choice of the tie-break system to
be used in a tournament shall be decided in advance and shall be announced
prior to the start of the tournament. If all tie-breaks fail, the tie shall be
broken by drawing of lots."  Drawing of lots is an input here (the order the
arbiter drew), recorded in the result, never a random choice: without it,
players equal on every tie-break share their place ("5-7").
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from arbiter_app.errors import ArbiterError
from arbiter_app.pairing.model import TournamentState
from arbiter_app.standings.manual import ARBITERS_MANUAL
from arbiter_app.standings.rules import Evaluation, GroupTieBreak, TieBreak, TieBreakRules, Value, value_key


def json_number(value: Value) -> float | int | None:
    """A value for JSON: integers stay integers, exact fractions become floats."""
    if value is None or isinstance(value, int):
        return value
    return int(value) if value.denominator == 1 else float(value)


@dataclass(frozen=True)
class StandingsRow:
    """One line of the standings."""

    place: int
    """First place of the line; shared places run from ``place`` to ``place_to``."""
    place_to: int
    """Last place shared with equal players (``place`` when not shared)."""
    number: int
    """Pairing number."""
    name: str
    rating: int
    score: Fraction
    """Points after the round (real results)."""
    tiebreaks: tuple[Value, ...]
    """Values of the tournament's tie-breaks, in the order of :attr:`Standings.tiebreaks`."""
    by_lot: bool = False
    """The place was decided by the drawing of lots."""
    by_hand: bool = False
    """The place within a tie was set by the arbiter (:func:`standings`' ``hand_order``)."""
    entered: tuple[str, ...] = ()
    """Codes whose value was entered by hand (computed elsewhere), not computed here."""

    @property
    def is_shared(self) -> bool:
        """The place is shared with players equal on points and every tie-break."""
        return self.place_to != self.place

    @property
    def place_label(self) -> str:
        """``"3"`` or, shared, ``"5-7"``."""
        return f"{self.place}-{self.place_to}" if self.is_shared else str(self.place)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-serialisable dictionary."""
        data: dict[str, Any] = {
            "place": self.place,
            "place_to": self.place_to,
            "place_label": self.place_label,
            "number": self.number,
            "name": self.name,
            "rating": self.rating,
            "score": json_number(self.score),
            "tiebreaks": [json_number(v) for v in self.tiebreaks],
            "by_lot": self.by_lot,
        }
        if self.by_hand:
            data["by_hand"] = True
        if self.entered:
            data["entered"] = list(self.entered)
        return data


@dataclass(frozen=True)
class Standings:
    """The ranking after a round."""

    round: int
    """Rounds counted."""
    rules: str
    """Name of the tie-break rule set."""
    tiebreaks: tuple[str, ...]
    """Codes of the tie-breaks applied, in order."""
    rows: tuple[StandingsRow, ...]
    """Lines in ranking order (shared places by pairing number)."""
    lots: tuple[int, ...] = ()
    """The drawing of lots given, as an order of pairing numbers."""
    deciding: frozenset[str] = frozenset()
    """Codes that separated at least two tied players; the others were not used to rank anyone."""

    def row(self, number: int) -> StandingsRow:
        """The line of player ``number``."""
        for row in self.rows:
            if row.number == number:
                return row
        raise KeyError(number)

    def value(self, number: int, code: str) -> Value:
        """Player ``number``'s value of tie-break ``code``."""
        return self.row(number).tiebreaks[self.tiebreaks.index(code)]

    def to_dict(self) -> dict[str, Any]:
        """A JSON-serialisable dictionary."""
        return {
            "round": self.round,
            "rules": self.rules,
            "tiebreaks": list(self.tiebreaks),
            "lots": list(self.lots),
            "not_used": [code for code in self.tiebreaks if code not in self.deciding],
            "rows": [row.to_dict() for row in self.rows],
        }


def standings(
    state: TournamentState,
    tiebreaks: Sequence[str] = (),
    *,
    after_round: int | None = None,
    rules: TieBreakRules = ARBITERS_MANUAL,
    lots: Sequence[int] = (),
    hand_order: Sequence[int] = (),
    entered: Mapping[str, Mapping[int, Value]] | None = None,
) -> Standings:
    """Rank the players after ``after_round`` (default: all recorded rounds).

    ``tiebreaks`` are codes of ``rules`` in the tournament's order.  ``lots``
    is the order drawn by lot for the players still tied after every
    tie-break; it must name every player of a tie it is used for.

    ``hand_order``: the arbiter's ranking of tied players (after a play-off, or deciding instead of the
    lots), as an order of pairing numbers; applied only among players still tied after every tie-break
    (:func:`_by_hand`).  ``entered``: values computed elsewhere, by code and pairing number, used in the
    ranking instead of the computed ones (:class:`_Entered`).
    """
    context = rules.build_context(state, after_round)
    for what, numbers in (("drawing of lots", lots), ("order by hand", hand_order)):
        if len(set(numbers)) != len(numbers) or not set(numbers) <= set(context.players):
            raise ArbiterError(f"the {what} must list registered players once each, got {list(numbers)}")
    chain = rules.resolve(tiebreaks)
    chain = _with_entered(chain, entered or {}, set(context.players))
    tiebreaks = tuple(t.code for t in chain)
    score_groups = _groups_by(context.numbers, lambda n: context.scores[n])
    shown = _shown_values(context, chain, score_groups)
    ordered: list[tuple[list[int], bool, bool]] = []
    deciding: set[str] = set()
    for group in score_groups:
        for tied in _split(context, chain, group, deciding):
            ordered.extend(_by_hand(_draw(tied, lots), tied, hand_order))
    entered_by = {t.code: frozenset(t.values) for t in chain if isinstance(t, _Entered)}
    rows = []
    place = 1
    for tied, by_lot, by_hand in ordered:
        for number in sorted(tied):
            player = context.players[number]
            mine = tuple(code for code in tiebreaks if number in entered_by.get(code, ()))
            rows.append(
                StandingsRow(place, place + len(tied) - 1, number, player.name, player.rating,
                             context.scores[number], tuple(shown[code][number] for code in tiebreaks), by_lot,
                             by_hand, mine)
            )  # fmt: skip
        place += len(tied)
    return Standings(context.after_round, rules.name, tuple(tiebreaks), tuple(rows), tuple(lots), frozenset(deciding))


def _groups_by(numbers: Sequence[int], key: Callable[[int], Any]) -> list[list[int]]:
    """``numbers`` split into groups of equal ``key``, highest key first."""
    groups: dict[Any, list[int]] = {}
    for number in numbers:
        groups.setdefault(key(number), []).append(number)
    return [groups[k] for k in sorted(groups, reverse=True)]


def _split(context: Any, chain: Sequence[TieBreak], group: list[int], deciding: set[str]) -> list[list[int]]:
    """The group broken by the tie-breaks in order: a list of still-tied groups, best first.

    Codes that split a group are added to ``deciding``.
    """
    if len(group) == 1 or not chain:
        return [group]
    evaluations = chain[0].evaluate(context, group)
    result: list[list[int]] = []
    subgroups = _groups_by(group, lambda n: evaluations[n].key)
    if len(subgroups) > 1:
        deciding.add(chain[0].code)
    for sub in subgroups:
        result.extend(_split(context, chain[1:], sub, deciding))
    return result


def _draw(tied: list[int], lots: Sequence[int]) -> list[tuple[list[int], bool]]:
    """Apply the drawing of lots to a group equal on every tie-break."""
    drawn = [n for n in lots if n in tied]
    if len(tied) == 1 or not drawn:
        return [(tied, False)]
    if len(drawn) != len(tied):
        missing = sorted(set(tied) - set(drawn))
        raise ArbiterError(f"the drawing of lots must order all tied players; missing {missing}")
    return [([n], True) for n in drawn]


def _by_hand(
    drawn: list[tuple[list[int], bool]], tied: list[int], hand_order: Sequence[int]
) -> list[tuple[list[int], bool, bool]]:
    """The arbiter's order applied to a group equal on every tie-break (checklist Q205).

    Only the players of ``tied`` that ``hand_order`` names move, and only among themselves: with a drawing
    of lots they take, in the arbiter's order, the places the lots gave them; without one they take the
    first places of the tie one each, the others sharing the places after them.
    """
    named = [n for n in hand_order if n in tied]
    if len(named) < 2:
        return [(group, by_lot, False) for group, by_lot in drawn]
    if all(len(group) == 1 for group, _ in drawn):
        slots = iter(named)
        return [([next(slots)], False, True) if group[0] in named else (group, by_lot, False)
                for group, by_lot in drawn]  # fmt: skip
    rest = [n for n in tied if n not in named]
    return [([n], False, True) for n in named] + ([(rest, False, False)] if rest else [])


@dataclass(frozen=True)
class _Entered:
    """A tie-break with values entered by hand for some players (computed elsewhere; checklist Q207)."""

    inner: TieBreak
    values: Mapping[int, Value]

    @property
    def code(self) -> str:
        return self.inner.code

    @property
    def name(self) -> str:
        return self.inner.name

    @property
    def source(self) -> str:
        return self.inner.source

    def evaluate(self, context: Any, group: Sequence[int]) -> dict[int, Evaluation]:
        """The computed evaluation, the entered values in place of the computed ones."""
        result = self.inner.evaluate(context, group)
        key = getattr(self.inner, "value_sort_key", value_key)
        for number in group:
            if number in self.values:
                result[number] = Evaluation(self.values[number], key(self.values[number]))
        return result


def _with_entered(
    chain: Sequence[TieBreak], entered: Mapping[str, Mapping[int, Value]], players: set[int]
) -> tuple[TieBreak, ...]:
    """The chain with entered values wrapped in; an entry for a code not in the list, for a group tie-break
    or for a player not registered is refused, naming it."""
    codes = {t.code: t for t in chain}
    for code, values in entered.items():
        if not values:
            continue
        if code not in codes:
            raise ArbiterError(f"a value entered for {code}, which is not in the tie-break list {', '.join(codes)}")
        if isinstance(codes[code], GroupTieBreak) or code.split("/")[0] == "DE":
            raise ArbiterError(f"{code} ranks the tied players as a group: rank them by hand instead of a value")
        unknown = sorted(set(values) - players)
        if unknown:
            raise ArbiterError(f"a value of {code} entered for players not registered: {unknown}")
    return tuple(_Entered(t, entered[t.code]) if entered.get(t.code) else t for t in chain)


def _shown_values(
    context: Any, chain: Sequence[TieBreak], score_groups: list[list[int]]
) -> dict[str, dict[int, Value]]:
    """Printed values: each tie-break evaluated on the players equal on points.

    For a group tie-break (direct encounter) this is the score group, even when
    the ranking applied it to a smaller group left tied by earlier tie-breaks.
    """
    shown: dict[str, dict[int, Value]] = {}
    for tiebreak in chain:
        values: dict[int, Value] = {}
        for group in score_groups:
            values.update({n: e.value for n, e in tiebreak.evaluate(context, group).items()})
        shown[tiebreak.code] = values
    return shown
