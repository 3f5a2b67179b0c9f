"""Printable HTML for standings, crosstable and pairing lists (the documents of :mod:`arbiter_app.reports`).

Self-contained UTF-8 documents (no network: no web fonts, no scripts), every
name escaped, a header with the tournament's name, the round and an optional
date; table headings repeat on each printed page.  The fonts named first carry
accented Latin, Greek and Cyrillic names (DejaVu Sans, Noto Sans).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from html import escape

from arbiter_app.pairing.floats import Float
from arbiter_app.pairing.model import Outcome
from arbiter_app.pairing.points import column_texts, points_text
from arbiter_app.standings.crosstable import Crosstable, CrosstableCell, PairingList
from arbiter_app.standings.roundrobin import RoundRobinTable
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
th.card { text-align: left; font-size: 11pt; }
table.grid, td.grid { border: none; vertical-align: top; padding: 0 12pt 12pt 0; }
@page { size: A4 landscape; margin: 12mm; }
"""


def _document(tournament: str, subtitle: str, date: str, body: str) -> str:
    title = escape(f"{tournament} – {subtitle}")
    line = escape(subtitle + (f" · {date}" if date else ""))
    return (
        '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        f"<title>{title}</title>\n<style>{_STYLE}</style>\n</head>\n<body>\n"
        f"<header><h1>{escape(tournament)}</h1><p>{line}</p></header>\n{body}</body>\n</html>\n"
    )


def _text(text: str) -> str:
    """Escaped, each line break kept."""
    return "<br>".join(escape(line) for line in text.split("\n"))


def _table(headings: Sequence[str], rows: Sequence[Sequence[tuple[str, bool]]], centred: Sequence[int] = ()) -> str:
    """An HTML table; each cell is (text, is_number), the text not yet escaped (``\n`` breaks the line);
    the columns ``centred`` are centred."""
    head = "".join(f"<th>{escape(h)}</th>" for h in headings)
    lines = []
    for row in rows:
        cells = "".join(
            f'<td class="num">{_text(t)}</td>' if num else
            f'<td align="center">{_text(t)}</td>' if k in centred else f"<td>{_text(t)}</td>"
            for k, (t, num) in enumerate(row)
        )  # fmt: skip
        lines.append(f"<tr>{cells}</tr>")
    return f"<table>\n<thead><tr>{head}</tr></thead>\n<tbody>\n" + "\n".join(lines) + "\n</tbody>\n</table>\n"


def standings_html(
    standings: Standings, tournament: str, date: str = "", provisional: str = "",
    legend: Sequence[tuple[str, str]] = (),
) -> str:  # fmt: skip
    """The standings after ``standings.round`` as an HTML document; ``provisional`` names the games still without
    their final result (adjourned ...): the standings are then provisional, never final (checklist Q161, Q169).
    ``legend``: each tie-break code and what it is (name and article), printed under the table with what the
    table does with players equal on everything (issue 28: the PDF had no legend)."""
    headings = ["Place", "No.", "Name", "Rating", "Points", *standings.tiebreaks]
    points = column_texts([row.score for row in standings.rows])
    columns = [column_texts([row.tiebreaks[k] for row in standings.rows]) for k in range(len(standings.tiebreaks))]
    rows = [
        [
            (row.place_label + (" *" if row.by_lot else " h" if row.by_hand else ""), True),
            (str(row.number), True),
            (row.name, False),
            (str(row.rating or ""), True),
            (points[k], True),
            *((columns[c][k] + (" e" if code in row.entered else ""), True)
              for c, code in enumerate(standings.tiebreaks)),
        ]
        for k, row in enumerate(standings.rows)
    ]  # fmt: skip
    note = ""
    if legend:
        note += "<p>" + escape("; ".join(f"{code} = {words}" for code, words in legend)) + ".</p>\n"
    if any(r.by_lot for r in standings.rows):
        note += "<p>* place decided by drawing of lots (equal on points and every tie-break)</p>\n"
    if any(r.is_shared for r in standings.rows):
        note += "<p>5-7: places shared (equal on points and every tie-break)</p>\n"
    if any(r.by_hand for r in standings.rows):
        note += "<p>h place within a tie ranked by the arbiter</p>\n"
    if any(r.entered for r in standings.rows):
        note += "<p>e value entered by hand (computed elsewhere)</p>\n"
    if provisional:
        note += f"<p>Provisional: games without their final result ({_text(provisional)})</p>\n"
    body = _table(headings, rows) + note
    title = f"{'Provisional standings' if provisional else 'Standings'} after round {standings.round}"
    return _document(tournament, title, date, body)


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
    points = column_texts([row.score for row in crosstable.rows])
    rows = [
        [
            *([(row.place, True)] if ordered else []),
            (str(row.number), True),
            (row.name, False),
            (str(row.rating or ""), True),
            *((_cell_text(c), False) for c in row.cells),
            (points[k], True),
        ]
        for k, row in enumerate(crosstable.rows)
    ]
    return _document(tournament, f"Crosstable after round {crosstable.round}", date, _table(headings, rows))


def wallchart_html(crosstable: Crosstable, tournament: str, date: str = "") -> str:
    """The wall chart after ``crosstable.round``: players by pairing number, each round's game and running score.

    A cell reads ``12w1`` (opponent, colour, result) over the score after
    that round; the last columns give the score and the place.
    """
    headings = ["No.", "Name", "Rating"] + [f"R{k}" for k in range(1, crosstable.round + 1)] + ["Points", "Place"]
    rows = []
    ordered = sorted(crosstable.rows, key=lambda r: r.number)
    points = column_texts([row.score for row in ordered])
    for row, total in zip(ordered, points):
        cells = [(f"{_cell_text(c)}\n{points_text(score)}", False) for c, score in zip(row.cells, row.running_scores)]
        rows.append(
            [
                (str(row.number), True),
                (row.name, False),
                (str(row.rating or ""), True),
                *cells,
                (total, True),
                (row.place, True),
            ]
        )
    return _document(tournament, f"Wall chart after round {crosstable.round}", date, _table(headings, rows))


_CARD_OPPONENT: dict[Outcome, str] = {
    Outcome.PAIRING_ALLOCATED_BYE: "bye",
    Outcome.HALF_POINT_BYE: "½ bye",
    Outcome.FULL_POINT_BYE: "1 bye",
    Outcome.ZERO_POINT_BYE: "0 bye",
    Outcome.ABSENT: "absent",
}


def pairing_cards_html(
    crosstable: Crosstable,
    tournament: str,
    date: str = "",
    floats: Mapping[int, Mapping[int, Float]] | None = None,
    playing: PairingList | None = None,
) -> str:
    """The pairing cards after ``crosstable.round``, as the Arbiters' Manual keeps them: one per player.

    A line per round: colour, opponent (number and name), float (``floats[number][round]``, from the
    pairing core's definition for the tournament's edition, :func:`arbiter_app.pairing.floats.floats_of`),
    result and running score.  ``playing``: the round paired after it, in progress, is the last line of
    each card (colour, opponent or bye, float; no result yet).
    """
    floats = floats or {}
    upcoming = _upcoming(playing) if playing is not None and playing.round == crosstable.round + 1 else {}
    by_number = {row.number: row for row in crosstable.rows}
    headings = ["Rd", "Col", "Opponent", "Float", "Result", "Score"]
    cards = []
    for row in sorted(crosstable.rows, key=lambda r: r.number):
        lines = []
        for cell, after in zip(row.cells, column_texts(row.running_scores)):
            if cell.opponent is not None:
                other = by_number[cell.opponent]
                opponent = f"{other.number} {other.name}"
            else:
                opponent = _CARD_OPPONENT.get(cell.outcome, "")
            drift = _ARROWS[floats.get(row.number, {}).get(cell.round, Float.NONE)]
            colour = cell.colour.value.upper() if cell.colour else ""
            lines.append(
                [
                    (str(cell.round), True),
                    (colour, False),
                    (opponent, False),
                    (drift, False),
                    (cell.result, False),
                    (after, True),
                ]
            )
        if row.number in upcoming:
            colour, coming = upcoming[row.number]
            if isinstance(coming, int):  # an opponent without a card yet (a late entry) by number alone
                opponent = f"{coming} {by_number[coming].name}" if coming in by_number else str(coming)
            else:
                opponent = coming
            drift = _ARROWS[floats.get(row.number, {}).get(crosstable.round + 1, Float.NONE)]
            lines.append([(str(crosstable.round + 1), True), (colour, False), (opponent, False), (drift, False),
                          ("", False), ("", True)])  # fmt: skip
        title = f"{row.number} {row.name}" + (f" ({row.rating})" if row.rating else "")
        # The player's name heads the card's table, so it never parts from it.
        card = _table(headings, lines).replace(
            "<thead>", f'<thead><tr><th class="card" colspan="{len(headings)}">{escape(title)}</th></tr>', 1
        )
        cards.append(card)
    grid = "".join(
        "<tr>" + "".join(f'<td class="grid">{c}</td>' for c in cards[k : k + CARDS_PER_ROW]) + "</tr>\n"
        for k in range(0, len(cards), CARDS_PER_ROW)
    )
    body = f'<table class="grid">\n{grid}</table>\n'
    subtitle = f"Pairing cards after round {crosstable.round}"
    if upcoming:
        subtitle += f", round {crosstable.round + 1} being played"
    return _document(tournament, subtitle, date, body)


_ARROWS = {Float.DOWN: "↓", Float.UP: "↑", Float.NONE: ""}


def _upcoming(playing: PairingList) -> dict[int, tuple[str, int | str]]:
    """Each player's colour and opponent (or what instead of a game) in the round being played."""
    found: dict[int, tuple[str, int | str]] = {}
    for b in playing.boards:
        found[b.white], found[b.black] = ("W", b.black), ("B", b.white)
    for u in playing.unpaired:
        found[u.number] = ("", _CARD_OPPONENT.get(u.outcome, "") if u.outcome else "")
    return found


CARDS_PER_ROW = 3
"""Pairing cards side by side on a landscape page."""


_UNPAIRED: dict[Outcome | None, str] = {
    None: "not paired",
    Outcome.PAIRING_ALLOCATED_BYE: "pairing-allocated bye",
    Outcome.HALF_POINT_BYE: "half-point bye",
    Outcome.FULL_POINT_BYE: "full-point bye",
    Outcome.ZERO_POINT_BYE: "zero-point bye",
    Outcome.ABSENT: "absent",
}


@dataclass(frozen=True)
class Entrant:
    """What a pairing list prints beside a player's name: title, rating, federation."""

    title: str = ""
    rating: int = 0
    federation: str = ""


def _player(number: int, name: str, entrants: Mapping[int, Entrant]) -> list[tuple[str, bool]]:
    """Name with title, rating, federation: the cells of one player on a pairing list."""
    who = entrants.get(number, Entrant())
    return [(f"{who.title} {name}" if who.title else name, False), (str(who.rating or ""), True),
            (who.federation, False)]  # fmt: skip


def _boards_table(listing: PairingList, entrants: Mapping[int, Entrant]) -> str:
    headings = ["Bd", "No.", "White", "Rtg", "Fed", "Pts", "Result", "Pts", "Black", "Rtg", "Fed", "No."]
    scores = column_texts([s for b in listing.boards for s in (b.white_score, b.black_score)])
    rows = [
        [
            (str(b.board), True),
            (str(b.white), True),
            *_player(b.white, b.white_name, entrants),
            (scores[2 * k], True),
            (b.result, False),
            (scores[2 * k + 1], True),
            *_player(b.black, b.black_name, entrants),
            (str(b.black), True),
        ]
        for k, b in enumerate(listing.boards)
    ]
    return _table(headings, rows, centred=(6,))


def _unpaired_table(listing: PairingList, entrants: Mapping[int, Entrant]) -> str:
    """The players without a board and why: the pairing-allocated bye, a requested bye, an absence."""
    if not listing.unpaired:
        return ""
    rows = [
        [(str(u.number), True), *_player(u.number, u.name, entrants), (_UNPAIRED.get(u.outcome, "not paired"), False)]
        for u in listing.unpaired
    ]
    return _table(["No.", "Without a board", "Rtg", "Fed", f"Round {listing.round}"], rows)


def pairing_list_html(
    listing: PairingList, tournament: str, date: str = "", entrants: Mapping[int, Entrant] | None = None
) -> str:
    """The pairing of ``listing.round`` in C.04.2.D.9 board order (names with title, rating, federation, the
    points before the round, the result), then the players without a board: byes (requested ones as such) and
    absences."""
    entrants = entrants or {}
    body = _boards_table(listing, entrants) + _unpaired_table(listing, entrants)
    return _document(tournament, f"Pairings of round {listing.round}", date, body)


def results_sheet_html(
    listing: PairingList, tournament: str, date: str = "", entrants: Mapping[int, Entrant] | None = None
) -> str:
    """The results of a round as far as they are in, to post during the round: the pairing list with every
    result entered so far, the boards still playing left blank, and how many results are in."""
    entrants = entrants or {}
    done = sum(1 for b in listing.boards if b.result)
    total = len(listing.boards)
    subtitle = f"Results of round {listing.round}" + ("" if done == total else " so far")
    count = f"{done} of {total} results in" + ("" if done == total else "; the boards left blank are still playing")
    body = f"<p>{escape(count)}</p>\n" + _boards_table(listing, entrants) + _unpaired_table(listing, entrants)
    return _document(tournament, subtitle, date, body)


def rounds_table_html(
    rounds: Sequence[tuple[int, Sequence[tuple[str, str, str]], Sequence[str], bool]], tournament: str, date: str = ""
) -> str:
    """The table of all rounds: per round, ``(number, boards as (white, black, result), sitting out, paired)``;
    a round robin's rounds still to come are the Berger table's (marked "to come")."""
    body = []
    for number, boards, out, paired in rounds:
        state = "" if paired else " (to come)"
        body.append(f"<h2>Round {number}{escape(state)}</h2>\n")
        rows = [
            [(str(k), True), (white, False), (result, False), (black, False)]
            for k, (white, black, result) in enumerate(boards, 1)
        ]
        body.append(_table(["Board", "White", "Result", "Black"], rows))
        if out:
            body.append(f"<p>Sits out: {escape(', '.join(out))}</p>\n")
    return _document(tournament, "All rounds", date, "".join(body))


def round_robin_crosstable_html(table: RoundRobinTable, tournament: str, date: str = "") -> str:
    """A round robin's crosstable: players by Berger number, a column per opponent, points and place.

    C.05: a player who withdrew having completed less than half of the games stays in the table, the points
    in brackets and no place (not counted), with a note saying so under the table."""
    headings = [
        "No.",
        "Name",
        "Rating",
        *(str(k) for k in range(1, len(table.lines) + 1)),
        "Points",
        *table.tiebreaks,
        "Place",
    ]
    rows = []
    for line in table.lines:
        score = points_text(line.score)
        rows.append(
            [
                (str(line.berger), True),
                (line.name, False),
                (str(line.rating or ""), True),
                *((cell, True) for cell in line.cells),
                (score if line.counted else f"({score})", True),
                *((points_text(v), True) for v in line.tiebreaks or (None,) * len(table.tiebreaks)),
                (line.place if line.counted else "–", True),
            ]
        )
    notes = "".join(f"<p>{escape(note)}.</p>\n" for note in table.notes)
    return _document(tournament, f"Crosstable after round {table.round}", date, _table(headings, rows) + notes)


def qt_rich_text(html: str) -> str:
    """The report as Qt's rich text lays it out best (on paper and in a preview).

    Qt's rich text reads CSS padding lengths as device pixels (tiny at 300 dpi): use the table attributes.

    Qt scales ``cellpadding`` and ``border`` as points (about 2 pt and 0.5 pt here).
    """
    html = re.sub(r"(th, td \{[^}]*?)padding:[^;}]*;?", r"\1", html)
    html = html.replace('<table class="grid">', '<table class="grid" cellspacing="40" cellpadding="0" border="0">')
    return html.replace("<table>", '<table cellspacing="0" cellpadding="2" border="0.5" style="border-color: #999;">')


_TAG = re.compile(r"<(/?)(table|thead|tr)\b[^>]*>", re.I)


def document_parts(html: str, lines: int = 150) -> list[str]:
    """The document cut into parts of about ``lines`` table lines each, every part a whole document: the report's
    header, and each table continued with its heading rows again.  A part ends only between two rows of a table
    (a player's line; a row of pairing cards, counted as the lines of the cards it holds): a preview shows one
    part at a time, laid out in a few milliseconds where the whole report of 2,000 players takes seconds (issue
    28)."""
    start, end = html.find("<body>"), html.rfind("</body>")
    if start < 0 or end < 0:
        return [html]
    head, body, tail = html[: start + len("<body>")], html[start + len("<body>") : end], html[end:]
    parts: list[list[str]] = [[]]
    used, depth, in_head, table_start, prefix, position = 0, 0, False, 0, "", 0
    for match in _TAG.finditer(body):
        closing, tag = match.group(1) == "/", match.group(2).lower()
        if tag == "table":
            depth += -1 if closing else 1
            if not closing and depth == 1:
                table_start, prefix = match.start(), ""
        elif tag == "thead" and depth == 1:
            in_head = not closing
        elif tag == "tr" and not closing and depth >= 1 and not in_head:
            if depth == 1:
                if not prefix:
                    prefix = body[table_start : match.start()]
                elif used >= lines:  # a part ends here, between two rows; the next one opens the table again
                    ending = "</tbody>\n</table>\n" if "<tbody>" in prefix else "</table>\n"
                    parts[-1].append(body[position : match.start()] + ending)
                    parts.append([prefix])
                    position, used = match.start(), 0
            used += 1
    parts[-1].append(body[position:])
    header = re.search(r"<header>.*?</header>\n?", body, re.S)
    documents = []
    for k, part in enumerate(parts):
        text = "".join(part)
        if k and header is not None:
            text = header.group(0) + text
        documents.append(head + text + tail)
    return documents
