"""An organiser's sign-up sheet as CSV: columns found by their headers, rows read one at a time.

The first line holds the headers; each is matched, ignoring case, accents
and punctuation, to a player field (``Name``/``Player``, ``Rating``/``Elo``,
``Title``, ``Fed``/``Federation``/``Country``, ``FIDE ID``, ``Born``/``Birth
date``/``Year of birth``, ``Sex``/``Gender``); the caller may map columns
itself.  The separator (``,`` ``;`` or tab) is the one the header line has most of;
UTF-8 (with or without BOM) is read, else Windows-1252.  Each row gives a
:class:`CsvRow` of text fields, or a :class:`BadRow` naming its line.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path

from arbiter_app.ratings.names import name_key

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


@dataclass(frozen=True)
class BadRow:
    line: int
    message: str
    text: str = ""

    def __str__(self) -> str:
        return f"line {self.line}: {self.message}"


def guess_mapping(headers: list[str]) -> dict[str, int]:
    """Field -> column index, from the headers (the first column that matches wins)."""
    mapping: dict[str, int] = {}
    for index, header in enumerate(headers):
        field = _BY_ALIAS.get(name_key(header))
        if field is not None and field not in mapping:
            mapping[field] = index
    return mapping


def _text(path: Path) -> str:
    data = path.read_bytes()
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return data.decode("cp1252", errors="replace")


class PlayerSheet:
    """A CSV sheet read: :attr:`headers`, :attr:`mapping` (field -> column index), rows by :meth:`rows`."""

    def __init__(
        self, path: str | Path, mapping: Mapping[str, int | str] | None = None, require_name: bool = True
    ) -> None:
        self.path = Path(path)
        self._text = _text(self.path)
        first = self._text.split("\n", 1)[0]
        self.delimiter = max(",;\t", key=first.count)
        reader = csv.reader(io.StringIO(self._text), delimiter=self.delimiter)
        try:
            self.headers = [h.strip() for h in next(reader)]
        except StopIteration:
            raise CsvFormatError(f"{self.path.name}: the file is empty") from None
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

    def rows(self) -> Iterator[CsvRow | BadRow]:
        if "name" not in self.mapping:
            return
        reader = csv.reader(io.StringIO(self._text), delimiter=self.delimiter)
        next(reader, None)
        try:
            for cells in reader:
                line = reader.line_num
                if not any(c.strip() for c in cells):
                    continue
                text = ",".join(cells)
                if len(cells) > len(self.headers) and any(c.strip() for c in cells[len(self.headers) :]):
                    yield BadRow(line, f"{len(cells)} cells where the header has {len(self.headers)} columns", text)
                    continue
                values = {f: (cells[i].strip() if i < len(cells) else "") for f, i in self.mapping.items()}
                if not values.get("name"):
                    yield BadRow(line, "no name", text)
                    continue
                yield CsvRow(line, values)
        except csv.Error as error:
            yield BadRow(reader.line_num, f"not readable as CSV ({error})")


def write_sheet(rows: list[dict[str, str]]) -> str:
    """The CSV text of ``rows`` (field -> text), with the headers of :data:`HEADERS`."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow([HEADERS[f] for f in FIELDS])
    for row in rows:
        writer.writerow([row.get(f, "") for f in FIELDS])
    return out.getvalue()
