"""A CSV sheet read so that every line is accounted for: decoded as stated, split on any line end, cut into rows.

What a spreadsheet saves varies: UTF-8 with or without a byte-order mark,
UTF-16 (Excel's "Unicode text"), Windows-1252 (older Excel in Western Europe),
CR-only line ends (old Mac Excel), CRLF or LF; quotes around cells with commas.
:func:`decode` reads UTF-8 and UTF-16 with a byte-order mark exactly; any other
file is read in the encoding the caller chooses, by default Windows-1252, and
the result says so (a guess is never silent).  :func:`rows` parses each line
with the standard :mod:`csv` module in strict mode and yields, for every line
that is not blank, either the row's cells or a :class:`SheetProblem` naming the
line and what is wrong, so that nothing is merged or dropped silently:

* a quote opened and not closed on its line never swallows the lines after it:
  a row may continue over several lines only when its quote closes within
  :data:`MAX_SPAN` lines and the caller accepts the cells (a line break inside
  a name never is);
* a line longer than :data:`MAX_LINE` characters is refused (and not echoed);
* a byte the chosen encoding does not define refuses its line.
"""

from __future__ import annotations

import codecs
import csv
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass

MAX_LINE = 4096
"""Characters of one line of a sheet (a row of a sign-up sheet or a national list holds far fewer)."""
MAX_SPAN = 10
"""Lines a row with a quoted line break may span."""
DEFAULT_ENCODING = "windows-1252"
"""The encoding of a file that is not UTF-8, unless told otherwise."""
_LINE_END = re.compile(r"\r\n|\r|\n")
_BOMS = ((codecs.BOM_UTF32_LE, "utf-32"), (codecs.BOM_UTF32_BE, "utf-32"), (codecs.BOM_UTF8, "utf-8-sig"),
         (codecs.BOM_UTF16_LE, "utf-16"), (codecs.BOM_UTF16_BE, "utf-16"))  # fmt: skip


class SheetEncodingError(ValueError):
    """The file cannot be read in the encoding chosen for it."""


@dataclass(frozen=True)
class Decoded:
    text: str
    encoding: str
    """The encoding the file was read in (``utf-8``, ``utf-16``, ``windows-1252``...)."""
    chosen: bool
    """The encoding was chosen (by the caller or by default), not found in the file: the report says so."""

    @property
    def note(self) -> str:
        """What a report says of the encoding ("" when the file says it itself)."""
        if not self.chosen:
            return ""
        return f"the file is not UTF-8: read as {self.encoding} (choose another encoding if names look wrong)"


def decode(data: bytes, encoding: str | None = None) -> Decoded:
    """The file's text: ``encoding`` when given, else by its byte-order mark, else UTF-8, else Windows-1252.

    A byte the encoding cannot read raises :class:`SheetEncodingError` naming its line."""
    if encoding:
        try:
            codecs.lookup(encoding)
        except LookupError:
            raise SheetEncodingError(f"unknown encoding {encoding!r} (utf-8, windows-1252, windows-1250...)") from None
        return Decoded(_strict(data, encoding), encoding, True)
    for bom, name in _BOMS:
        if data.startswith(bom):
            return Decoded(_strict(data, name), name.replace("-sig", ""), False)
    try:
        return Decoded(data.decode("utf-8"), "utf-8", False)
    except UnicodeDecodeError:
        return Decoded(_strict(data, DEFAULT_ENCODING), DEFAULT_ENCODING, True)


def _strict(data: bytes, encoding: str) -> str:
    try:
        return data.decode(encoding)
    except UnicodeDecodeError as error:
        line = data[: error.start].count(b"\n") + 1 if b"\n" in data else data[: error.start].count(b"\r") + 1
        raise SheetEncodingError(
            f"line {line}: byte 0x{data[error.start]:02X} cannot be read as {encoding} (choose the file's encoding)"
        ) from None


def physical_lines(text: str) -> list[str]:
    """The lines of ``text``, whatever their ends (CRLF, CR, LF); a final line end makes no empty line."""
    lines = _LINE_END.split(text)
    if lines and lines[-1] == "":
        lines.pop()
    return lines


def sniff_delimiter(header: str) -> str:
    """``,`` ``;`` or tab: the one the header line has most of (outside quotes)."""
    outside = re.sub(r'"[^"]*"', "", header)
    return max(",;\t", key=outside.count)


@dataclass(frozen=True)
class SheetRow:
    line: int
    """The line it starts on (1: the file's first line)."""
    end: int
    """The line it ends on (the same but for a row with a quoted line break)."""
    cells: list[str]


@dataclass(frozen=True)
class SheetProblem:
    line: int
    message: str
    text: str = ""
    """The line, cut to a readable length."""

    def __str__(self) -> str:
        return f"line {self.line}: {self.message}"


def _parse(text: str, delimiter: str) -> list[str] | None:
    """The cells of one row, None when its quoting is broken (a quote left open, text after a closing quote)."""
    try:
        rows = list(csv.reader([text], delimiter=delimiter, strict=True))
    except csv.Error:
        return None
    if len(rows) != 1:
        return None
    return rows[0]


def shown(line: str, limit: int = 80) -> str:
    return line if len(line) <= limit else line[:limit] + "…"


def rows(
    lines: list[str], delimiter: str, first: int = 0, accept_span: Callable[[list[str]], bool] | None = None
) -> Iterator[SheetRow | SheetProblem]:
    """Every line from ``lines[first]`` on as a row, a problem, or nothing (a blank line).

    ``accept_span(cells)``: whether a row whose quote runs over several lines is one row (default: never)."""
    limit = csv.field_size_limit()
    k = first
    while k < len(lines):
        line = lines[k]
        number = k + 1
        k += 1
        if not line.strip():
            continue
        if len(line) > MAX_LINE:
            yield SheetProblem(number, f"{len(line):,} characters: a row holds at most {MAX_LINE:,}", shown(line))
            continue
        cells = _parse(line, delimiter)
        if cells is not None:
            yield SheetRow(number, number, cells)
            continue
        spanned = None
        if accept_span is not None and line.count('"') % 2 == 1:
            text = line
            for end in range(k, min(len(lines), k + MAX_SPAN - 1)):
                text += "\n" + lines[end]
                if len(text) > min(limit, MAX_LINE * MAX_SPAN):
                    break
                joined = _parse(text, delimiter)
                if joined is not None:
                    spanned = (end + 1, joined) if accept_span(joined) else None
                    break
        if spanned is not None:
            yield SheetRow(number, spanned[0], spanned[1])
            k = spanned[0]
            continue
        why = (
            "a quote opened on this line is not closed on it (the line was not read with the lines after it)"
            if line.count('"') % 2 == 1
            else "the quotes are not as CSV writes them (text after a closing quote)"
        )
        yield SheetProblem(number, why, shown(line))
