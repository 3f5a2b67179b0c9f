"""The ranked standings as a table shows them: every value already in words, each column in its one format.

The window's Standings tab shows 2,000 lines at an open; deciding each column's format over every value, and
writing the values, is done here, in the child process that ranks them, so that the window's thread only puts
the lines on screen (issue 28: 150-320 ms of the window's thread at 2,000 players before).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from arbiter_app.pairing.points import column_places, points_text
from arbiter_app.services.files import Database
from arbiter_app.services.standings import ranked_standings
from arbiter_app.standings.table import Standings, StandingsRow

NOT_USED = "–"
"""Shown for a tie-break that gives a player no value."""
ENTERED = " e"
"""Follows a tie-break value entered by hand (computed elsewhere, checklist Q207)."""
SCORE = "PTS"
"""The key of the points column in :attr:`ShownStandings.places`."""

Format = Callable[[Any], str]


@dataclass(frozen=True)
class ShownStandingRow:
    """One line in words (``6½``, ``36.75``, ``–``, ``3½ e``)."""

    place: str
    """``3`` or, shared, ``5-7``."""
    number: int
    name: str
    rating: int
    score: str
    tiebreaks: tuple[str, ...]
    by_lot: bool
    by_hand: bool


@dataclass(frozen=True)
class ShownStandings:
    """The ranked standings after a round, in words."""

    round: int
    rules: str
    tiebreaks: tuple[str, ...]
    """The tie-breaks' codes, in order."""
    deciding: frozenset[str]
    """Codes that separated at least two tied players."""
    places: dict[str, int | None]
    """Each column's one format (:data:`SCORE`, then each tie-break by code): None for halves as ``½``, else the
    decimals every value of the column is written with, when one needs them (issue 28: one column mixed ``28½``
    and ``14.75``; :func:`arbiter_app.pairing.points.column_places`)."""
    rows: tuple[ShownStandingRow, ...]
    ties: str
    """What the table does with players equal on points and every tie-break (:func:`legend_of_ties`)."""
    any_by_hand: bool
    any_entered: bool


def column_places_of(table: Standings) -> dict[str, int | None]:
    """Each column's one format as a number of decimals (:attr:`ShownStandings.places`; :func:`format_of` makes
    the format of it)."""
    places = {SCORE: column_places([r.score for r in table.rows])}
    for k, code in enumerate(table.tiebreaks):
        places[code] = column_places([r.tiebreaks[k] for r in table.rows])
    return places


def format_of(places: int | None) -> Format:
    """The format of a column written with ``places`` decimals (None: halves as ``½``)."""
    if places is None:
        return points_text
    return lambda v: points_text(v, places)


def shown_row(r: StandingsRow, codes: Sequence[str] = (), formats: dict[str, Format] | None = None) -> ShownStandingRow:
    """A line of the standings with tie-breaks, in words (each column in its one format); values entered by hand
    marked."""
    formats = formats or {}

    def text(code: str, value: Any) -> str:
        return NOT_USED if value is None else formats.get(code, points_text)(value)

    tiebreaks = tuple(text(codes[k] if k < len(codes) else "", v) + (ENTERED if codes and codes[k] in r.entered else "")
                      for k, v in enumerate(r.tiebreaks))  # fmt: skip
    return ShownStandingRow(r.place_label, r.number, r.name, r.rating, text(SCORE, r.score), tiebreaks, r.by_lot,
                            r.by_hand)  # fmt: skip


def legend_of_ties(table: Standings, remaining_ties: str = "") -> str:
    """What the table does with players equal on points and every tie-break: the marks its rows carry."""
    parts = []
    if any(r.by_lot for r in table.rows):
        parts.append("(lot) = equal on points and every tie-break, the place decided by drawing of lots.")
    if any(r.is_shared for r in table.rows):
        parts.append("5-7 = equal on points and every tie-break: the places shared.")
    if not parts:
        parts.append(
            "No two players are equal on points and every tie-break"
            + (f" (such ties: {remaining_ties})." if remaining_ties else ".")
        )
    return " ".join(parts)


def shown(table: Standings) -> ShownStandings:
    """``table`` in words."""
    places = column_places_of(table)
    formats = {code: format_of(p) for code, p in places.items()}
    return ShownStandings(
        round=table.round,
        rules=table.rules,
        tiebreaks=table.tiebreaks,
        deciding=table.deciding,
        places=places,
        rows=tuple(shown_row(r, table.tiebreaks, formats) for r in table.rows),
        ties=legend_of_ties(table),
        any_by_hand=any(r.by_hand for r in table.rows),
        any_entered=any(r.entered for r in table.rows),
    )


def shown_standings(db: Database, tournament_id: int, after_round: int | None = None) -> ShownStandings:
    """:func:`~arbiter_app.services.standings.ranked_standings` after ``after_round``, in words (:func:`shown`)."""
    return shown(ranked_standings(db, tournament_id, after_round))
