"""An organiser's sign-up sheet as CSV: columns found by their headers, rows read one at a time.

The first line holds the headers; each is matched, ignoring case, accents
and punctuation, to a player field (``Name``/``Player``, ``Rating``/``Elo``,
``Title``, ``Fed``/``Federation``/``Country``, ``FIDE ID``, ``Born``/``Birth
date``/``Year of birth``, ``Sex``/``Gender``); the caller may map columns
itself.  The separator (``,`` ``;`` or tab) is the one the header line has most of
(or Excel's ``sep=;`` line); the text is read as :mod:`arbiter_app.ratings.sheet_text`
says (UTF-8 or UTF-16 as the file says, else the encoding chosen, Windows-1252 by
default; any line end).  Each line gives a :class:`CsvRow` of text fields, or a
:class:`BadRow` naming its line.
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path

from arbiter_app.plaintext import csv_cell, csv_value
from arbiter_app.ratings.names import name_key
from arbiter_app.ratings.sheet_text import (
    MAX_LINE,
    SheetEncodingError,
    SheetProblem,
    SheetRow,
    decode,
    physical_lines,
    rows,
    shown,
    sniff_delimiter,
)

FIELDS = ("name", "rating", "title", "federation", "fide_id", "birth_date", "sex")
"""The player fields a column can fill, in the order an exported sheet has them."""
HEADERS = {
    "name": "Name",
    "rating": "Rating",
    "title": "Title",
    "federation": "Federation",
    "fide_id": "FIDE ID",
    "birth_date": "Born",
    "sex": "Sex",
}
"""The headers an exported sheet has (read back without any mapping)."""
_ALIASES = {
    "name": ("name", "player", "player name", "full name", "nom", "surname first name", "last name first name"),
    "rating": ("rating", "elo", "fide rating", "rtg", "srtng", "standard rating", "std", "fide elo", "classement",
               "wertung"),
    "title": ("title", "tit", "fide title", "titre", "titel", "titulo"),
    "federation": ("federation", "fed", "country", "nation", "fide federation", "pays", "land", "verband", "pais"),
    "fide_id": ("fide id", "fideid", "fide", "id fide", "fide number", "id number", "fide no"),
    "birth_date": ("born", "birth", "birth date", "birthday", "date of birth", "b day", "year of birth", "birth year",
                   "yob", "dob", "naissance", "ne le", "jahrgang", "geburtsjahr"),
    "sex": ("sex", "gender", "m f", "sexe", "geschlecht", "sexo"),
}  # fmt: skip
_BY_ALIAS = {alias: field for field, aliases in _ALIASES.items() for alias in aliases}


class CsvFormatError(ValueError):
    """The sheet cannot be read at all (no header line, or no column for the name)."""


@dataclass(frozen=True)
class CsvRow:
    line: int
    values: dict[str, str]


BadRow = SheetProblem
"""A line that is not a player: its number, what is wrong, its text (cut to a readable length)."""


def guess_mapping(headers: list[str]) -> dict[str, int]:
    """Field -> column index, from the headers (the first column that matches wins)."""
    mapping: dict[str, int] = {}
    for index, header in enumerate(headers):
        field = _BY_ALIAS.get(name_key(header))
        if field is not None and field not in mapping:
            mapping[field] = index
    return mapping


MAX_SHEET_BYTES = 50 * 1024 * 1024
"""A sign-up sheet larger than this is not one (50 MB: a million players)."""
_SEP_LINE = re.compile(r"^sep=(.)$", re.IGNORECASE)
"""Excel's first line naming the separator (``sep=;``)."""


class PlayerSheet:
    """A CSV sheet read: :attr:`headers`, :attr:`mapping` (field -> column index), rows by :meth:`rows`.

    The text is decoded and cut into rows by :mod:`arbiter_app.ratings.sheet_text`: every line that is not
    blank gives a :class:`CsvRow` or a :class:`BadRow`; :attr:`encoding_note` says when the encoding was chosen
    rather than read from the file (``encoding``: the caller's choice)."""

    def __init__(
        self,
        path: str | Path,
        mapping: Mapping[str, int | str] | None = None,
        require_name: bool = True,
        encoding: str | None = None,
    ) -> None:
        self.path = Path(path)
        if self.path.stat().st_size > MAX_SHEET_BYTES:
            raise CsvFormatError(f"{self.path.name}: {self.path.stat().st_size:,} bytes: not a sign-up sheet")
        try:
            decoded = decode(self.path.read_bytes(), encoding)
        except SheetEncodingError as error:
            raise CsvFormatError(f"{self.path.name}, {error}") from None
        self.encoding, self.encoding_note = decoded.encoding, decoded.note
        self._lines = physical_lines(decoded.text)
        header_at = next((k for k, line in enumerate(self._lines) if line.strip()), None)
        if header_at is None:
            raise CsvFormatError(f"{self.path.name}: the file is empty")
        separator = _SEP_LINE.match(self._lines[header_at].strip())
        if separator:
            header_at = next((k for k in range(header_at + 1, len(self._lines)) if self._lines[k].strip()), None)
            if header_at is None:
                raise CsvFormatError(f"{self.path.name}: the file has no header line")
        header = self._lines[header_at]
        if len(header) > MAX_LINE:
            raise CsvFormatError(f"{self.path.name}, line {header_at + 1}: {len(header):,} characters: not a header")
        self.delimiter = separator.group(1) if separator else sniff_delimiter(header)
        first = next(rows([header], self.delimiter), None)
        if not isinstance(first, SheetRow):
            why = first.message if isinstance(first, SheetProblem) else "no columns"
            raise CsvFormatError(f"{self.path.name}, line {header_at + 1} (the header): {why}")
        self._first_row = header_at + 1
        self.headers = [h.strip() for h in first.cells]
        self.mapping = guess_mapping(self.headers) if mapping is None else self._resolve(mapping)
        self.problem = ""
        if "name" not in self.mapping:
            self.problem = (
                f"{self.path.name}: no column for the players' names (headers: {', '.join(self.headers) or 'none'});"
                " name one 'Name', or map the columns"
            )
            if require_name:
                raise CsvFormatError(self.problem)

    def _resolve(self, mapping: Mapping[str, int | str]) -> dict[str, int]:
        out: dict[str, int] = {}
        for field, column in mapping.items():
            if field not in FIELDS:
                raise CsvFormatError(f"unknown player field {field!r} (known: {', '.join(FIELDS)})")
            if isinstance(column, int):
                if not 0 <= column < len(self.headers):
                    raise CsvFormatError(f"{field}: there is no column {column + 1}")
                out[field] = column
            else:
                keys = [name_key(h) for h in self.headers]
                if name_key(column) not in keys:
                    raise CsvFormatError(f"{field}: there is no column {column!r}")
                out[field] = keys.index(name_key(column))
        return out

    def _one_row(self, cells: list[str]) -> bool:
        """A row whose quoted cell runs over lines is one row only if it has the header's columns and no line
        break in a cell that fills a field."""
        return len(cells) == len(self.headers) and not any(
            "\n" in cells[i] for i in self.mapping.values() if i < len(cells)
        )

    def rows(self) -> Iterator[CsvRow | BadRow]:
        """Every line after the header that is not blank: a row, or a bad row naming its line."""
        if "name" not in self.mapping:
            return
        width = len(self.headers)
        for item in rows(self._lines, self.delimiter, self._first_row, self._one_row):
            if isinstance(item, SheetProblem):
                yield item
                continue
            cells, line = item.cells, item.line
            if not any(c.strip() for c in cells):
                continue  # separators only: a blank row
            text = shown(self.delimiter.join(cells))
            if len(cells) > width and any(c.strip() for c in cells[width:]):
                yield BadRow(line, f"{len(cells)} cells where the header has {width} columns", text)
                continue
            values = {f: (csv_value(cells[i].strip()) if i < len(cells) else "") for f, i in self.mapping.items()}
            if not values.get("name"):
                yield BadRow(line, "no name", text)
                continue
            yield CsvRow(line, values)


def write_sheet(rows: list[dict[str, str]]) -> str:
    """The CSV text of ``rows`` (field -> text), with the headers of :data:`HEADERS`; a cell a spreadsheet would
    take for a formula starts with an apostrophe (:func:`arbiter_app.plaintext.csv_cell`; read back without)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow([HEADERS[f] for f in FIELDS])
    for row in rows:
        writer.writerow([csv_cell(row.get(f, "")) for f in FIELDS])
    return out.getvalue()
