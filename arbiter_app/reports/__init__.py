"""Printable reports of a stored tournament as HTML or PDF: standings, crosstable, wall chart, pairing cards,
pairing list, the results of a round so far, all rounds.

    from arbiter_app.reports import report_html, write_report
    html = report_html(db, tournament_id, "crosstable", round_number=5)
    write_report(db, tournament_id, "standings", Path("standings.pdf"))

The data comes from the services (the tournament's state) and the pure
``arbiter_app.standings`` functions; the HTML from
:mod:`arbiter_app.reports.html`; the PDF from :mod:`arbiter_app.reports.pdf`
(Qt's text layout, imported only when a PDF is asked for).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from arbiter_app import atomic
from arbiter_app import services as sv
from arbiter_app import standings as tb
from arbiter_app.errors import ArbiterError
from arbiter_app.pairing.model import Outcome
from arbiter_app.plaintext import visible
from arbiter_app.services.dto import RoundInfo, TournamentInfo
from arbiter_app.services.files import Database
from arbiter_app.services.standings import last_complete, tiebreak_codes
from arbiter_app.services.systems import system_of_info
from arbiter_app.standings.crosstable import PairingList
from arbiter_app.reports.html import (
    Entrant,
    crosstable_html,
    document_parts,
    pairing_cards_html,
    pairing_list_html,
    qt_rich_text,
    results_sheet_html,
    round_robin_crosstable_html,
    rounds_table_html,
    standings_html,
    wallchart_html,
)

KINDS = ("standings", "crosstable", "wallchart", "cards", "pairings", "results", "rounds")
"""The report kinds."""
FORMATS = (".html", ".pdf")
"""The file suffixes written."""


def date_text(t: TournamentInfo) -> str:
    """The tournament's dates for the page header (``2026-07-01 – 2026-07-05``), empty if unknown."""
    dates = [d.isoformat() for d in (t.start_date, t.end_date) if d is not None]
    if len(dates) == 2 and dates[0] == dates[1]:
        dates = dates[:1]
    return " – ".join(dates)


def report_html(db: Database, tournament_id: int, kind: str, round_number: int | None = None) -> str:
    """The report as an HTML document.

    Standings and crosstable count the rounds up to ``round_number`` (default:
    the last round with every result in); every round up to it must be
    complete.  The pairing list shows ``round_number`` (default: the last
    paired round), a draft included; the results sheet (``results``) the same
    round with the results entered so far.
    """
    if kind not in KINDS:
        raise ArbiterError(f"unknown report {kind!r}: one of {', '.join(KINDS)}")
    html = _report_html(db, tournament_id, kind, round_number)
    positions = sv.chess960_positions(db, tournament_id)
    if positions:
        # A Chess960 tournament: the starting position of the round listed, or of every round paired so far.
        paired = [r.number for r in sv.list_rounds(db, tournament_id)]
        if kind in ("pairings", "results"):
            shown = [positions[(round_number or (paired[-1] if paired else 1)) - 1]]
        else:
            shown = [p for p in positions if p.round in paired]
        lines = "; ".join(f"round {p.round}: position {p.number}, {p.back_rank}" for p in shown)
        if lines:
            note = f'<p class="chess960">Chess960 starting position{"s" if len(shown) > 1 else ""}: {lines}</p>\n'
            html = html.replace("</header>\n", "</header>\n" + note, 1)
    head, last = sv.chain_head(db)
    if head:  # the report carries the audit chain's head (issue 33.3), in the PDF's metadata too
        html = html.replace('<meta charset="utf-8">\n', f'<meta charset="utf-8">\n<meta name="{CHAIN_META}" '
                            f'content="{head} (entry {last})">\n', 1)  # fmt: skip
    # A name stored before names were checked shows its direction controls and invisible characters as [U+202E]:
    # they never reorder what is printed ("\u202e0-1" would read "1-0").
    return visible(html, keep="\n\r\t")


def _report_html(db: Database, tournament_id: int, kind: str, round_number: int | None) -> str:
    t = sv.get_tournament(db, tournament_id)
    rounds = sv.list_rounds(db, tournament_id)
    # The page header: the dates, then the rules that paired the tournament (issue: the edition on every report).
    when = " · ".join(part for part in (date_text(t), system_of_info(t).report_title) if part)
    if kind == "rounds":
        # The table of all rounds (a round robin's rounds to come from its Berger table).
        names = {p.number: f"{p.number} {p.name}" for p in sv.list_players(db, tournament_id)}
        rows = [
            (number, [(names[w], names[b], result) for w, b, result in boards], [names[p] for p in out], paired)
            for number, boards, out, paired in sv.rounds_table(db, tournament_id)
        ]
        return rounds_table_html(rows, t.name, when)
    if kind in ("pairings", "results"):
        number = round_number if round_number is not None else (rounds[-1].number if rounds else 0)
        listing = _listing(db, tournament_id, rounds, number, with_results=kind == "results")
        day = t.round_dates[number - 1] if number <= len(t.round_dates) else None
        entrants = {p.number: Entrant(p.title, p.rating, p.federation) for p in sv.list_players(db, tournament_id)}
        sheet = pairing_list_html if kind == "pairings" else results_sheet_html
        return sheet(listing, t.name, day.isoformat() if day else when, entrants)
    if kind == "crosstable" and system_of_info(t).paired_by_table:
        # A round robin's crosstable: a column per opponent; C.05's withdrawals shown, not counted.
        return round_robin_crosstable_html(sv.round_robin_crosstable(db, tournament_id, round_number), t.name, when)
    # The standings leave an expelled player out (checklist Q198); the crosstables list every player's games.
    table = sv.ranked_standings(db, tournament_id, round_number, expelled=kind != "standings")
    if kind == "standings":
        # Checklist Q161: games adjourned (or without a result) in the rounds counted make the standings provisional.
        waiting = ", ".join(str(g) for g in sv.list_open_games(db, tournament_id) if g.round <= table.round)
        _, entries = sv.tournament_tiebreaks(db, tournament_id)
        legend = [("Pts", "points"), *((e.code, f"{e.name} ({e.source})") for e in entries)]
        return standings_html(table, t.name, when, waiting, legend)
    # The state the standings ranked (a round robin's C.05 withdrawals left out).
    state = sv.standings_state(db, tournament_id, table.round + 1)
    chart = tb.crosstable(state, table.round, table)
    if kind == "wallchart":
        return wallchart_html(chart, t.name, when)
    if kind == "cards":
        # The round paired after the cards' round, while it is played: its line on every card.
        following = table.round + 1
        playing = None
        if following == last_complete(rounds) + 1 and any(r.number == following for r in rounds):
            playing = _listing(db, tournament_id, rounds, following, with_results=False)
        return pairing_cards_html(chart, t.name, when, sv.round_floats(db, tournament_id), playing)
    return crosstable_html(chart, t.name, when)


PREVIEW_LINES = 20
"""Table lines in one part of a report's preview."""


@dataclass(frozen=True)
class ReportPreview:
    """A report for the screen: the whole document (printed, saved) and the parts the preview shows one at a time,
    as Qt's rich text lays them out (a report of 2,000 players laid out whole would hold the window for seconds)."""

    html: str
    parts: tuple[str, ...]


def report_preview(
    db: Database, tournament_id: int, kind: str, round_number: int | None = None, lines: int = PREVIEW_LINES
) -> ReportPreview:
    """:func:`report_html` and its parts for the preview (made off the window's thread)."""
    html = report_html(db, tournament_id, kind, round_number)
    return ReportPreview(html, tuple(qt_rich_text(part) for part in document_parts(html, lines)))


GRANTED = {
    "half": Outcome.HALF_POINT_BYE,
    "full": Outcome.FULL_POINT_BYE,
    "zero": Outcome.ZERO_POINT_BYE,
    "absent": Outcome.ABSENT,
}
"""A round's ``not_paired`` kinds (:class:`arbiter_app.services.dto.RoundInfo`) as the outcomes they bring."""


def board_result(result: str | None, forfeit: bool) -> str:
    """A stored board result as a pairing list prints it (``1-0``, ``½-½``, ``½-0``, ``0-0``, ``+/-``, ``-/-``);
    empty before it.  ``0-0`` is a double forfeit only with ``forfeit`` (else a game both lost, checklist Q180)."""
    if result is None:
        return ""
    if forfeit:
        return {"1-0": "+/-", "0-1": "-/+", "0-0": "-/-"}.get(result, result)
    return result.replace("1/2", "½")


def _listing(
    db: Database, tournament_id: int, rounds: Sequence[RoundInfo], number: int, with_results: bool
) -> PairingList:
    """The pairing list of round ``number``; ``with_results``: a round in progress with the results in so far."""
    paired = {r.number: r for r in rounds}
    if number not in paired:
        raise ArbiterError(f"round {number} has not been paired")
    complete = last_complete(rounds)
    if number <= complete:
        return tb.pairing_list(sv.tournament_state(db, tournament_id, number + 1), number)
    if number > complete + 1:
        raise ArbiterError(f"round {complete + 1} lacks results: the pairing list of round {number} waits for them")
    in_progress = paired[number]
    granted = {n: GRANTED[kind] for n, kind in in_progress.not_paired if kind in GRANTED}
    state = sv.tournament_state(db, tournament_id, number)
    listing = tb.pairing_list(state, number, in_progress.pairing(), granted)
    if not with_results:
        return listing
    results = {(b.white, b.black): board_result(b.result, b.forfeit) for b in in_progress.boards}
    boards = tuple(replace(b, result=results.get((b.white, b.black), "")) for b in listing.boards)
    return replace(listing, boards=boards)


CHAIN_META = "arbiter-audit-chain-head"
"""The ``<meta>`` of a report that carries the audit chain's head."""


def write_report(
    db: Database, tournament_id: int, kind: str, path: Path, round_number: int | None = None, *, replace: bool = False
) -> Path:
    """Write the report to ``path``, HTML or PDF by its suffix (whole or not at all: :mod:`arbiter_app.atomic`;
    an existing file only with ``replace``, never a tournament file)."""
    suffix = path.suffix.lower()
    if suffix not in FORMATS:
        raise ArbiterError(f"{path.name}: the report is written as .html or .pdf, not {suffix or 'no suffix'!r}")
    atomic.check_target(path, replace=replace, protect=[db.path])  # before the work of making it
    html = report_html(db, tournament_id, kind, round_number)
    if suffix == ".html":
        atomic.write_text(path, html, replace=replace, protect=[db.path])
    else:
        from arbiter_app.reports.pdf import html_to_pdf, running_header

        when = date_text(sv.get_tournament(db, tournament_id))
        header = running_header(html) + (f" · {when}" if when else "")
        atomic.write_with(
            path,
            lambda temporary: html_to_pdf(html, temporary, header=header),
            _whole_pdf,
            replace=replace,
            protect=[db.path],
        )
    return path


def _whole_pdf(path: Path) -> bool:
    """The PDF ends with its end-of-file marker (Qt does not report a failed write)."""
    with open(path, "rb") as pdf:
        pdf.seek(0, 2)
        size = pdf.tell()
        pdf.seek(max(0, size - 64))
        return size > 0 and b"%%EOF" in pdf.read()


__all__ = [
    "FORMATS",
    "KINDS",
    "ReportPreview",
    "date_text",
    "last_complete",
    "report_html",
    "report_preview",
    "tiebreak_codes",
    "write_report",
]
