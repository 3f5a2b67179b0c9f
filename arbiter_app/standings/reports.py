"""Printable HTML for standings, crosstable and pairing lists.

Self-contained UTF-8 documents (no network: no web fonts, no scripts), every
name escaped, a header with the tournament's name, the round and an optional
date; table headings repeat on each printed page.  The fonts named first carry
accented Latin, Greek and Cyrillic names (DejaVu Sans, Noto Sans).
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from html import escape

from arbiter_app.pairing.model import Outcome
from arbiter_app.standings.crosstable import Crosstable, CrosstableCell, PairingList
from arbiter_app.standings.rules import Value
from arbiter_app.standings.table import Standings

_STYLE = """
body { font-family: "DejaVu Sans", "Noto Sans", "Liberation Sans", Arial, sans-serif; font-size: 10pt; }
header h1 { font-size: 14pt; margin: 0; }
header p { margin: 0 0 8pt 0; }
table { border-collapse: collapse; }
th, td { border: 0.5pt solid #999; padding: 1pt 4pt; white-space: nowrap; }
td.num { text-align: right; }
thead { display: table-header-group; }
tr { page-break-inside: avoid; }
@page { size: A4 landscape; margin: 12mm; }
"""


def format_points(value: Value) -> str:
    """``6½``, ``36.75``, ``2414``; empty for an undefined value."""
    if value is None:
        return ""
    if isinstance(value, int):
        return str(value)
    if value.denominator == 1:
        return str(value.numerator)
    if value.denominator == 2:
        whole = value - Fraction(1, 2)
        return f"{whole}½" if whole else "½"
    return f"{float(value):g}"


def _document(tournament: str, subtitle: str, date: str, body: str) -> str:
    title = escape(f"{tournament} – {subtitle}")
    line = escape(subtitle + (f" · {date}" if date else ""))
    return (
        '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        f"<title>{title}</title>\n<style>{_STYLE}</style>\n</head>\n<body>\n"
        f"<header><h1>{escape(tournament)}</h1><p>{line}</p></header>\n{body}</body>\n</html>\n"
    )


def _table(headings: Sequence[str], rows: Sequence[Sequence[tuple[str, bool]]]) -> str:
    """An HTML table; each cell is (text, is_number), the text not yet escaped."""
    head = "".join(f"<th>{escape(h)}</th>" for h in headings)
    lines = []
    for row in rows:
        cells = "".join(f'<td class="num">{escape(t)}</td>' if num else f"<td>{escape(t)}</td>" for t, num in row)
        lines.append(f"<tr>{cells}</tr>")
    return f"<table>\n<thead><tr>{head}</tr></thead>\n<tbody>\n" + "\n".join(lines) + "\n</tbody>\n</table>\n"


def standings_html(standings: Standings, tournament: str, date: str = "") -> str:
    """The standings after ``standings.round`` as an HTML document."""
    headings = ["Place", "No.", "Name", "Rating", "Points", *standings.tiebreaks]
    rows = [
        [
            (row.place_label + (" *" if row.by_lot else ""), True),
            (str(row.number), True),
            (row.name, False),
            (str(row.rating or ""), True),
            (format_points(row.score), True),
            *((format_points(v), True) for v in row.tiebreaks),
        ]
        for row in standings.rows
    ]
    note = "<p>* place decided by drawing of lots</p>\n" if any(r.by_lot for r in standings.rows) else ""
    body = _table(headings, rows) + note
    return _document(tournament, f"Standings after round {standings.round}", date, body)


def _cell_text(cell: CrosstableCell) -> str:
    if cell.opponent is None:
        return cell.result
    colour = cell.colour.value if cell.colour else "-"
    return f"{cell.opponent}{colour}{cell.result}"


def crosstable_html(crosstable: Crosstable, tournament: str, date: str = "") -> str:
    """The crosstable after ``crosstable.round`` as an HTML document (cells: opponent, colour, result)."""
    ordered = any(row.place for row in crosstable.rows)
    headings = [*(["Place"] if ordered else []), "No.", "Name", "Rating"]
    headings += [f"R{k}" for k in range(1, crosstable.round + 1)] + ["Points"]
    rows = [
        [
            *([(row.place, True)] if ordered else []),
            (str(row.number), True),
            (row.name, False),
            (str(row.rating or ""), True),
            *((_cell_text(c), False) for c in row.cells),
            (format_points(row.score), True),
        ]
        for row in crosstable.rows
    ]
    return _document(tournament, f"Crosstable after round {crosstable.round}", date, _table(headings, rows))


_UNPAIRED: dict[Outcome | None, str] = {
    None: "not paired",
    Outcome.PAIRING_ALLOCATED_BYE: "pairing-allocated bye",
    Outcome.HALF_POINT_BYE: "half-point bye",
    Outcome.FULL_POINT_BYE: "full-point bye",
    Outcome.ZERO_POINT_BYE: "zero-point bye",
    Outcome.ABSENT: "absent",
}


def pairing_list_html(listing: PairingList, tournament: str, date: str = "") -> str:
    """The pairing of ``listing.round`` in C.04.2.D.9 board order, then the players without a board."""
    headings = ["Board", "No.", "White", "Pts", "Result", "Pts", "Black", "No."]
    rows = [
        [
            (str(b.board), True),
            (str(b.white), True),
            (b.white_name, False),
            (format_points(b.white_score), True),
            (b.result, False),
            (format_points(b.black_score), True),
            (b.black_name, False),
            (str(b.black), True),
        ]
        for b in listing.boards
    ]
    body = _table(headings, rows)
    if listing.unpaired:
        items = "".join(
            f"<li>{u.number} {escape(u.name)}: {_UNPAIRED.get(u.outcome, 'not paired')}</li>" for u in listing.unpaired
        )
        body += f"<ul>{items}</ul>\n"
    return _document(tournament, f"Pairings of round {listing.round}", date, body)
