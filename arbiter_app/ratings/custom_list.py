"""A rating list the user brings (a national federation's list): CSV with a header, read one player at a time.

The layout (checklist Q117), one player per line, separated by commas or semicolons:

* ``id`` (required) - the player's FIDE ID, by which registered players are matched;
* ``name`` (required) - ``Surname, Firstname``;
* ``rating`` (required) - a whole number, blank or 0 for unrated;
* ``federation``, ``title``, ``sex`` (``M``/``F``), ``birth_year`` - optional.

Headers are matched without regard to case and order; other columns are ignored.  A
line that cannot be read is a :class:`~arbiter_app.ratings.fide_list.BadLine` naming it.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

from arbiter_app.ratings.fide_list import (
    MAX_DIGITS,
    BadLine,
    ListPlayer,
    ListRating,
    ListReadError,
    check_birth_year,
    check_ratings,
)
from arbiter_app.ratings.sheet_text import (
    SheetEncodingError,
    SheetProblem,
    decode,
    physical_lines,
    rows,
    shown,
    sniff_delimiter,
)

REQUIRED = ("id", "name", "rating")
OPTIONAL = ("federation", "title", "sex", "birth_year")
MAX_NAME = 100
"""Characters of a name in a list (FIDE's column holds 60)."""


def _number(text: str, what: str) -> int | None:
    text = text.strip()
    if not text:
        return None
    if not (text.isdigit() and text.isascii()):
        raise ValueError(f"{what} {text[:20]!r} is not a whole number" + (" (below 0)" if text.startswith("-") else ""))
    if len(text) > MAX_DIGITS:
        raise ValueError(f"{what} {text[:20]!r}: {len(text)} digits, too many")
    return int(text)


def read_custom_list(path: str | Path, encoding: str | None = None) -> Iterator[ListPlayer | BadLine]:
    """The players of a CSV rating list; ListReadError when the header lacks a required column or the file cannot
    be decoded.  Read as :mod:`arbiter_app.ratings.sheet_text` reads (UTF-8, else ``encoding``, Windows-1252 by
    default; any line end): every line that is not blank gives a player or a :class:`BadLine`."""
    source = Path(path)
    try:
        decoded = decode(source.read_bytes(), encoding)
    except SheetEncodingError as error:
        raise ListReadError(str(error)) from None
    lines = physical_lines(decoded.text)
    at_header = next((k for k, line in enumerate(lines) if line.strip()), None)
    if at_header is None:
        raise ListReadError("line 1: the file is empty")
    delimiter = sniff_delimiter(lines[at_header])
    first = next(rows([lines[at_header]], delimiter), None)
    header = (
        [h.strip().lower() for h in first.cells] if first is not None and not isinstance(first, SheetProblem) else []
    )
    missing = [c for c in REQUIRED if c not in header]
    if missing:
        raise ListReadError(
            f"line {at_header + 1}: the header has no {', '.join(repr(c) for c in missing)} column "
            f"(a custom list has the columns {', '.join(REQUIRED)}; optionally {', '.join(OPTIONAL)})"
        )
    at = {name: header.index(name) for name in (*REQUIRED, *OPTIONAL) if name in header}
    for item in rows(lines, delimiter, at_header + 1):
        if isinstance(item, SheetProblem):
            yield BadLine(item.line, item.message, item.text)
        elif any(cell.strip() for cell in item.cells):
            yield _player(item.line, item.cells, at, delimiter)


def _player(number: int, row: list[str], at: dict[str, int], delimiter: str) -> ListPlayer | BadLine:
    def cell(name: str) -> str:
        k = at.get(name)
        return row[k].strip() if k is not None and k < len(row) else ""

    try:
        fide_id = _number(cell("id"), "id")
        if not fide_id:
            raise ValueError("no id" if fide_id is None else "id 0")
        name = cell("name")
        if not name:
            raise ValueError("no name")
        if len(name) > MAX_NAME:
            raise ValueError(f"a name of {len(name)} characters (at most {MAX_NAME})")
        rating = _number(cell("rating"), "rating")
        ratings = (ListRating("standard", rating or None, None, None),)
        check_ratings(ratings)
        birth = _number(cell("birth_year"), "birth year")
        check_birth_year(birth)
        return ListPlayer(
            number, fide_id, name, cell("federation").upper()[:3], cell("sex").upper()[:1], cell("title").upper()[:3],
            "", "", "", birth or None, "", ratings,
        )  # fmt: skip
    except ValueError as error:
        return BadLine(number, str(error), shown(delimiter.join(row)))
