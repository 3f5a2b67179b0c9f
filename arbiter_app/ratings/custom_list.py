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

import csv
from collections.abc import Iterator
from pathlib import Path

from arbiter_app.ratings.fide_list import BadLine, ListPlayer, ListRating, ListReadError

REQUIRED = ("id", "name", "rating")
OPTIONAL = ("federation", "title", "sex", "birth_year")


def _number(text: str, what: str) -> int | None:
    text = text.strip()
    if not text:
        return None
    if not (text.isdigit() and text.isascii()):
        raise ValueError(f"{what} {text!r} is not a whole number")
    return int(text)


def read_custom_list(path: str | Path) -> Iterator[ListPlayer | BadLine]:
    """The players of a CSV rating list; ListReadError when the header lacks a required column."""
    source = Path(path)
    with open(source, encoding="utf-8-sig", newline="") as f:
        first = f.readline()
        delimiter = ";" if first.count(";") > first.count(",") else ","
        header = [h.strip().lower() for h in next(csv.reader([first], delimiter=delimiter), [])]
        missing = [c for c in REQUIRED if c not in header]
        if missing:
            raise ListReadError(
                f"line 1: the header has no {', '.join(repr(c) for c in missing)} column "
                f"(a custom list has the columns {', '.join(REQUIRED)}; optionally {', '.join(OPTIONAL)})"
            )
        at = {name: header.index(name) for name in (*REQUIRED, *OPTIONAL) if name in header}
        for number, row in enumerate(csv.reader(f, delimiter=delimiter), start=2):
            if not any(cell.strip() for cell in row):
                continue
            yield _player(number, row, at, delimiter)


def _player(number: int, row: list[str], at: dict[str, int], delimiter: str) -> ListPlayer | BadLine:
    def cell(name: str) -> str:
        k = at.get(name)
        return row[k].strip() if k is not None and k < len(row) else ""

    try:
        fide_id = _number(cell("id"), "id")
        if fide_id is None:
            raise ValueError("no id")
        name = cell("name")
        if not name:
            raise ValueError("no name")
        rating = _number(cell("rating"), "rating")
        if rating is not None and rating > 9999:
            raise ValueError(f"rating {rating} is above 9999")
        birth = _number(cell("birth_year"), "birth year")
        return ListPlayer(
            number, fide_id, name, cell("federation").upper(), cell("sex").upper(), cell("title").upper(),
            "", "", "", birth, "", (ListRating("standard", rating or None, None, None),),
        )  # fmt: skip
    except ValueError as error:
        return BadLine(number, str(error), delimiter.join(row))
