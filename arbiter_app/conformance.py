"""The round-by-round conformance check of ../shared/conformance/README.md.

For every round of a paired tournament file: rebuild the tournament as it
stood before the round, pair it with the engine, and compare with the file
(pairs with their colours, forfeited games included, and the bye).

And the standings: the rank and points columns of the file after its last
round, against the tie-break list of its ``202`` line (TRF-2026) or one given
(:func:`check_standings`).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from itertools import pairwise
from typing import TYPE_CHECKING

from arbiter_app.errors import ArbiterError
from arbiter_app.pairing.editions import DEFAULT, DutchEdition, declared_edition
from arbiter_app.pairing.engine import pair_round
from arbiter_app.pairing.model import RoundPairing, TournamentState
from arbiter_app.trf.model import PlayerLine, TrfDocument
from arbiter_app.trf.rounds import pairing_of_round, state_before_round
from arbiter_app.trf.versions import parse_score_line, points_text

if TYPE_CHECKING:
    from arbiter_app.standings.c07 import Edition
    from arbiter_app.standings.table import StandingsRow


@dataclass(frozen=True)
class RoundCheck:
    """The outcome of re-pairing one round."""

    round: int
    expected: RoundPairing
    actual: RoundPairing | None
    error: str | None = None

    @property
    def matches(self) -> bool:
        return (
            self.actual is not None
            and self.actual.pairs() == self.expected.pairs()
            and self.actual.bye == self.expected.bye
        )

    def side_by_side(self) -> str:
        """Both pairings: the boards they share, then, marked ``*``, the file's and the engine's others."""
        expected = _lines(self.expected)
        actual = _lines(self.actual) if self.actual else [f"error: {self.error}"]
        shared = [line for line in expected if line in actual]
        left = [line for line in expected if line not in shared]
        right = [line for line in actual if line not in shared]
        width = max(len(s) for s in expected + ["file"])
        rows = [f"round {self.round}", f"{'file'.ljust(width)}  | engine"]
        rows += [f"{line.ljust(width)}  | {line}" for line in shared]
        for k in range(max(len(left), len(right))):
            a = left[k] if k < len(left) else ""
            b = right[k] if k < len(right) else ""
            rows.append(f"{a.ljust(width)} *| {b}")
        return "\n".join(rows)


def _lines(pairing: RoundPairing) -> list[str]:
    lines = sorted(f"{b.white:>4} - {b.black:<4}" for b in pairing.boards)
    if pairing.bye is not None:
        lines.append(f"{pairing.bye:>4} - bye")
    return lines


def edition_for(doc: TrfDocument, edition: DutchEdition | None = None) -> DutchEdition:
    """The edition to pair ``doc`` with: the one asked for, else the one its ``192``/``092`` line declares
    (:func:`~arbiter_app.pairing.editions.declared_edition`, as the import reads it), else the rules in force."""
    return edition or declared_edition(doc) or DEFAULT


def with_tournament_records(doc: TrfDocument) -> TrfDocument:
    """``doc`` with what TRF-2026 records say where the engine lines (``XXR XXC BBW BBD``) are missing:
    ``142`` the number of rounds, ``152`` the initial colour, ``162`` the points of a win and a draw.

    Without either colour line, the initial colour is read from round 1 (C.04.3-2026 5.2.5: drawn by
    lot, it alternates down the round-1 order): the colour of the lowest pairing number paired with
    a colour, reversed once for every player ahead of it in that order who had none.  The order is that
    of the players paired in round 1: a player absent from it (a requested bye, ``0000``) has no TPN yet
    (C.04.2-2026 2.4) and takes no place in it.
    """
    changes: dict[str, object] = {}
    for _, text in doc.other_lines:
        code = text[:3]
        if code == "142" and doc.rounds_count is None and text[3:].strip().isdigit():
            changes["rounds_count"] = int(text[3:].strip())
        elif code == "152" and doc.initial_colour is None and text.rstrip() in ("152 W", "152 B"):
            changes["initial_colour"] = "white" if text.rstrip() == "152 W" else "black"
        elif code == "162" and not doc.point_values and (values := parse_score_line(text)) is not None:
            changes["point_values"] = {"BBW": points_text(values.get("W", 10)), "BBD": points_text(values.get("D", 5))}
    if doc.initial_colour is None and "initial_colour" not in changes:
        for skipped, line in enumerate(
            sorted(
                (p for p in doc.players if (e := p.entry(1)) is not None and e.opponent is not None),
                key=lambda p: p.number,
            )  # fmt: skip
        ):
            entry = line.entry(1)
            if entry is not None and entry.colour in ("w", "b"):
                first_white = (entry.colour == "w") == (skipped % 2 == 0)
                changes["initial_colour"] = "white" if first_white else "black"
                break
    return replace(doc, **changes) if changes else doc  # type: ignore[arg-type]


def check_tournament(doc: TrfDocument, edition: DutchEdition | None = None) -> list[RoundCheck]:
    """Re-pair every round of ``doc`` that has a pairing and compare each with the file.

    ``edition`` None: the file's own (``192``/``092``), else the rules in force.
    """
    doc = with_tournament_records(doc)
    rules = edition_for(doc, edition)
    last = max((len(p.rounds) for p in doc.players), default=0)
    checks = []
    for round_number in range(1, last + 1):
        expected = pairing_of_round(doc, round_number)
        if not expected.boards and expected.bye is None:
            continue
        try:
            actual = pair_round(state_before_round(doc, round_number), rules)
            checks.append(RoundCheck(round_number, expected, actual))
        except ArbiterError as error:
            checks.append(RoundCheck(round_number, expected, None, str(error)))
    return checks


# --- The standings check (FIDE VCL4THP Q21): the ranks of the file against its tie-break list. ---

TIEBREAK_LIST_CODE = "202"
"""TRF-2026: the tie-break list, C.07 codes separated by commas (``202 BH/C1,BH,SB``)."""


@dataclass(frozen=True)
class StandingsIssue:
    """Two players the file ranks in an order its tie-break list does not give, or a wrong points column."""

    round: int
    above: int
    """The player the file ranks higher (or, ``shared``, at the same rank)."""
    below: int
    ranks: tuple[int | None, int | None]
    rule: str
    """``PTS`` or the code of the tie-break that decides (``BH/C1``)."""
    source: str
    """The rule, cited with its edition."""
    values: tuple[str, str]
    """The decisive values of ``above`` and ``below``."""
    shared: bool = False

    def __str__(self) -> str:
        (ra, rb), (va, vb) = self.ranks, self.values
        where = f"round {self.round}: rank {ra} player {self.above}, rank {rb} player {self.below}"
        if self.rule == "points column":
            return f"round {self.round}: player {self.above}: points column {va}, the results give {vb} ({self.source})"
        if self.shared:
            return f"{where}: the same rank, but {self.rule} ({self.source}) separates them: {va} against {vb}"
        return f"{where}: {self.rule} ({self.source}) puts {self.below} above {self.above}: {vb} against {va}"


@dataclass(frozen=True)
class StandingsCheck:
    """The file's standings (rank and points columns) after its last round, against the tie-break list."""

    round: int
    codes: tuple[str, ...]
    origin: str
    """Where the list comes from: ``the 202 line``, ``--tiebreaks`` or ``no tie-break list: points only``."""
    rules: str
    ranked: int
    """Players with a rank in the file."""
    issues: tuple[StandingsIssue, ...]

    def summary(self) -> str:
        listed = ", ".join(self.codes) if self.codes else "points"
        verdict = "consistent" if not self.issues else f"{len(self.issues)} inconsistencies"
        return (f"standings after round {self.round} ({self.ranked} ranked players; {listed}; {self.origin};"
                f" {self.rules}): {verdict}")  # fmt: skip


def tiebreak_list_of(doc: TrfDocument) -> tuple[str, ...] | None:
    """The codes of the file's ``202`` line (a leading ``PTS`` dropped), None without one."""
    for _, text in doc.other_lines:
        if text.startswith(TIEBREAK_LIST_CODE + " ") and text[4:].strip():
            codes = tuple(w for w in re.split(r"[,;\s]+", text[4:].strip()) if w)
            return codes[1:] if codes and codes[0].upper() == "PTS" else codes
    return None


def check_standings(
    doc: TrfDocument, codes: Sequence[str] | None = None, rules: str = "c07-2026"
) -> StandingsCheck | None:
    """Compare the file's rank and points columns with the standings after its last round with results.

    ``codes`` None: the file's ``202`` line, else points only. None when the
    file has no rank at all. Of the players sorted by the file's ranks, every
    two neighbours are compared (a wrong order anywhere shows between some
    two neighbours): an issue when the list puts the lower-ranked one
    strictly above, or separates two players given the same rank. Players
    equal on points and every tie-break may be in either order (C.07-2026
    4.2: drawing of lots). Raises :class:`ArbiterError` for an unknown code,
    naming the line.
    """
    # The tie-break code is loaded here: pairing a round (-p) does without it.
    from arbiter_app.standings import standings
    from arbiter_app.standings.c07 import EDITIONS as C07_EDITIONS
    from arbiter_app.standings.c07 import TieBreakCodeError, parse_codes, rules_for

    if rules not in C07_EDITIONS:
        raise ArbiterError(f"unknown tie-break rules {rules!r} (known: {', '.join(sorted(C07_EDITIONS))})")
    origin = "--tiebreaks"
    if codes is None:
        codes = tiebreak_list_of(doc)
        origin = f"the {TIEBREAK_LIST_CODE} line" if codes is not None else "no tie-break list: points only"
    codes = tuple(codes or ())
    edition = C07_EDITIONS[rules]
    try:
        codes = tuple(str(c) for c in parse_codes(",".join(codes), edition.codes))
    except TieBreakCodeError as error:
        raise ArbiterError(f"{doc.source}: tie-break list ({origin}): {error}") from None
    ranked = sorted((line for line in doc.players if line.rank is not None), key=lambda p: (p.rank, p.number))
    if not ranked and not any(line.points for line in doc.players):
        return None
    last = doc.last_round_with_results()
    state = state_before_round(doc, last + 1)
    table = standings(state, codes, rules=rules_for(edition))
    place = {row.number: row.place for row in table.rows}
    issues = [*_points_issues(doc, table.rows, last)]
    for upper, lower in pairwise(ranked):
        shared = upper.rank == lower.rank
        if place[lower.number] < place[upper.number] or (shared and place[lower.number] != place[upper.number]):
            issues.append(_issue(state, edition, codes, last, upper, lower, shared))
    return StandingsCheck(last, codes, origin, edition.label, len(ranked), tuple(issues))


def _points_issues(doc: TrfDocument, rows: Sequence[StandingsRow], last: int) -> list[StandingsIssue]:
    """Players whose points column differs from the sum of their results (C.04.1 / the TRF's scoring)."""
    from arbiter_app.pairing.points import decimal_text

    score = {row.number: row.score for row in rows}
    issues = []
    for line in doc.players:
        if not line.points:
            continue
        try:
            written = Fraction(line.points)
        except (ValueError, ZeroDivisionError):
            written = None
        if written != score[line.number]:
            issues.append(StandingsIssue(last, line.number, line.number, (line.rank, line.rank), "points column",
                                         "C.04.1, the results of the file", (line.points, decimal_text(score[line.number]))))  # fmt: skip
    return issues


def _issue(
    state: TournamentState, edition: Edition, codes: Sequence[str], last: int,
    upper: PlayerLine, lower: PlayerLine, shared: bool,
) -> StandingsIssue:  # fmt: skip
    """The issue between the file's ``upper`` and ``lower``: the rule that separates them and its values."""
    from arbiter_app.pairing.points import decimal_text
    from arbiter_app.standings.c07.why import why_above

    why = why_above(state, edition, codes, upper.number, lower.number, last)
    if why.decided_by == "PTS":
        rule, source, values = "PTS", edition.cite("4.2 (points first)"), tuple(decimal_text(s) for s in why.scores)
    else:
        step = why.steps[-1]
        rule, source = step.code, step.source
        values = tuple("not used" if v is None else decimal_text(v) for v in step.values)
    return StandingsIssue(last, upper.number, lower.number, (upper.rank, lower.rank), rule, source,
                          (values[0], values[1]), shared)  # fmt: skip
