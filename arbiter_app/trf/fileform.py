"""The form of an imported TRF file (TRF-16 or TRF-2026), so that exporting what has not changed gives it back.

A TRF file says the same things in more than one way: which optional lines it
carries (the counts ``062``/``072``/``082``, the TRF-2026 records ``142``/``152``/``192``
beside the engine lines ``XXR``/``XXC``), in which order, with which line break,
whether the points and rank columns of the ``001`` lines are filled, how a date
or a number is spelt.  A :class:`FileLayout` records that form, line by line,
against the lines the export writes for the tournament as imported:

- ``order``: the key of each line of the file (:func:`line_keys`), in order;
- ``implied``: the lines the export writes that the file did not have, as
  written at import (``062 12`` for a file without a ``062`` line);
- ``variants``: for a line the file spelt otherwise than the export, the
  export's line at import and the file's line (a ``001`` line without a rank);
- ``blank_columns``: the points or rank column, if the file left it blank
  in every ``001`` line (the export then leaves it blank too);
- the line break, a final line break, a byte order mark; whether the file
  held games without a result (a round in progress); whether it wrote the
  requested byes of the coming round in the ``001`` lines too or only as
  TRF-2026 ``240`` records.

:func:`apply_layout` arranges the lines of a later export by it: a line of the
file is written in the file's place, as the file spelt it while the export
writes it as it did at import; a line the file did not have is left out while
it says what it said at import; every other line (a changed line, a new
player, a record that gained a value) is written as the export writes it, new
lines after the line that precedes them in the export.  So a change made
after import shows, and nothing else moves.

This module is pure: no Qt, no database.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from .layout import (
    ACCELERATION_CODE,
    CELL_WIDTH,
    COLOUR_OFFSET,
    FIRST_ROUND_COLUMN,
    PLAYER_CODE,
    PLAYER_FIELDS,
    RESULT_OFFSET,
    RESULT_SYNONYMS,
    ROUND_STRIDE,
    SETTING_CODES,
)

KEYED_BY_CODE = (
    *("012", "022", "032", "042", "052", "062", "072", "082", "092", "102", "112", "122", "132"),
    *("142", "152", "162", "182", "192", "202", "222"),
    *("XXR", "XXC", "XXP", "XXB", "BBW", "BBD", "BBL", "BBZ", "BBF", "BBU"),
)
"""Codes of the lines the export writes from the tournament's fields: such a line is the same line
whatever it says (``012 Open`` and ``012 Club`` are both the tournament's name).  Any other line
(comments ``###``, records kept verbatim) is known by its text."""


@dataclass(frozen=True)
class TextForm:
    """A file's text as lines, with its line break (the first one found), whether its last line ends with
    one, and whether it starts with a byte order mark."""

    lines: tuple[str, ...]
    newline: str = "\n"
    final_newline: bool = True
    bom: bool = False

    def text(self) -> str:
        return join_lines(self.lines, self.newline, self.final_newline, self.bom)


def join_lines(lines: Sequence[str], newline: str = "\n", final_newline: bool = True, bom: bool = False) -> str:
    body = newline.join(lines) + (newline if final_newline and lines else "")
    return ("\ufeff" if bom else "") + body


def _key(line: str) -> str:
    code = line[:3]
    if code == PLAYER_CODE:
        return f"{PLAYER_CODE} {line[4:8].strip().lstrip('0')}"
    if code == ACCELERATION_CODE:
        words = line[3:].split()
        return f"{ACCELERATION_CODE} {words[0].lstrip('0') if words else ''}"
    if code == "240":
        return f"240 {line[4:5]} {line[6:9].strip().lstrip('0')}"
    if code in KEYED_BY_CODE:
        return code
    return "= " + line.rstrip(" ")


def line_keys(lines: Iterable[str]) -> list[str]:
    """What each line is, the same in the imported file and in an export: ``001 7`` for player 7's line,
    ``XXA 7``, ``240 H 3`` for the half-point byes of round 3, the code of a tournament field's line
    (:data:`KEYED_BY_CODE`), else the text itself; a key met again gets ``#2``, ``#3``...  A one-value
    line (``XXR``, ``XXC``, ``BBx``), which a file may repeat, saying the same each time, keeps its key."""
    seen: Counter[str] = Counter()
    keys = []
    for line in lines:
        key = _key(line)
        seen[key] += 1
        keys.append(key if seen[key] == 1 or key in SETTING_CODES else f"{key}#{seen[key]}")
    return keys


@dataclass(frozen=True)
class FileLayout:
    """How an imported file laid out what the export writes (see the module's description)."""

    version: str
    order: tuple[str, ...]
    implied: dict[str, str] = field(default_factory=dict)
    variants: dict[str, tuple[str, str]] = field(default_factory=dict)
    newline: str = "\n"
    final_newline: bool = True
    bom: bool = False
    unfinished: bool = False
    byes_in_cells: bool = True
    blank_columns: tuple[str, ...] = ()

    def to_json(self) -> str:
        return json.dumps(
            {
                "version": self.version,
                "order": list(self.order),
                "implied": self.implied,
                "variants": {key: list(pair) for key, pair in self.variants.items()},
                "newline": self.newline,
                "final_newline": self.final_newline,
                "bom": self.bom,
                "unfinished": self.unfinished,
                "byes_in_cells": self.byes_in_cells,
                "blank_columns": list(self.blank_columns),
            },
            ensure_ascii=False,
        )

    @classmethod
    def from_json(cls, text: str) -> FileLayout:
        data = json.loads(text)
        return cls(
            version=data["version"],
            order=tuple(data["order"]),
            implied=dict(data["implied"]),
            variants={key: (pair[0], pair[1]) for key, pair in data["variants"].items()},
            newline=data["newline"],
            final_newline=data["final_newline"],
            bom=data["bom"],
            unfinished=data["unfinished"],
            byes_in_cells=data.get("byes_in_cells", True),
            blank_columns=tuple(data.get("blank_columns", ())),
        )


_DATE = re.compile(r"(\d{4}|\d{2})([/.-])(\d{1,2})\2(\d{1,2})|(\d{1,2})([/.-])(\d{1,2})\6(\d{4})")


def _word_value(word: str) -> object:
    """A word of a line as a value: a number, a date (``2026/07/01``, ``26/07/01``, ``01.07.2026``), else the word."""
    try:
        return Fraction(word.replace(",", "."))
    except (ValueError, ZeroDivisionError):
        pass
    found = _DATE.fullmatch(word)
    if found is None:
        return word
    if found.group(1) is not None:
        year, month, day = found.group(1), found.group(3), found.group(4)
    else:
        year, month, day = found.group(8), found.group(7), found.group(5)
    return (int(year) % 100, int(month), int(day))


def _cells(line: str) -> list[tuple[str, str, str]]:
    """The round cells of a ``001`` line: (opponent, colour, result code with ``W D L`` as ``1 = 0``)."""
    cells: list[tuple[str, str, str]] = []
    for start in range(FIRST_ROUND_COLUMN - 1, len(line.rstrip(" ")), ROUND_STRIDE):
        cell = line[start : start + CELL_WIDTH].ljust(CELL_WIDTH)
        opponent = cell[:4].strip().lstrip("0")
        code = cell[RESULT_OFFSET]
        cells.append((opponent, cell[COLOUR_OFFSET], RESULT_SYNONYMS.get(code, code)))
    return cells


def says_the_same(ours: str, theirs: str) -> bool:
    """Whether the file's line ``theirs`` says what the export's line ``ours`` says, spelt its own way.

    A ``001`` line: every field the file filled holds the same value (a points or rank column left
    blank says nothing), the same round cells (``W D L`` for ``1 = 0``).  Another line: the same
    words, numbers and dates compared as values (``XXR  5``, ``BBW 3``, ``042 01.07.2026``).
    """
    if ours[:3] != theirs[:3]:
        return False
    if ours[:3] != PLAYER_CODE:
        return [_word_value(w) for w in ours[3:].split()] == [_word_value(w) for w in theirs[3:].split()]
    for column in PLAYER_FIELDS:
        mine, their = column.text(ours).strip(), column.text(theirs).strip()
        if not their and column.name in ("points", "rank"):
            continue
        if column.name in ("number", "rating", "rank", "points"):
            mine, their = _word_value(mine or "0"), _word_value(their or "0")  # type: ignore[assignment]
        if mine != their:
            return False
    return _cells(ours) == _cells(theirs)


_OPTIONAL_COLUMNS = tuple(column for column in PLAYER_FIELDS if column.name in ("points", "rank"))


def _blank_columns(lines: Sequence[str]) -> tuple[str, ...]:
    """The optional columns of the ``001`` lines (points, rank) that the file left blank in every one."""
    players = [line for line in lines if line[:3] == PLAYER_CODE]
    return tuple(
        column.name for column in _OPTIONAL_COLUMNS if players and not any(column.text(p).strip() for p in players)
    )


def _blanked(line: str, names: Sequence[str]) -> str:
    """A ``001`` line with the columns ``names`` blank (and no trailing blank); any other line as it is."""
    if not names or line[:3] != PLAYER_CODE:
        return line
    for column in _OPTIONAL_COLUMNS:
        if column.name in names and len(line) >= column.first:
            line = line[: column.first - 1] + " " * column.width + line[column.last :]
    return line.rstrip(" ")


def record_layout(
    form: TextForm, version: str, written: Sequence[str], unfinished: bool = False, byes_in_cells: bool = True
) -> FileLayout:
    """The layout of the file ``form`` against ``written``, the lines the export wrote for it just after import.

    A line of the file with no line of the export to stand for (a record the import does not keep)
    stays out of ``order``: :func:`unkept_lines` lists such lines.  A line that says something else than
    the export's line (a ``062`` count that does not count the players) is no variant: the export's
    line takes its place (:func:`restated_lines`).
    """
    blank = _blank_columns(form.lines)
    written = [_blanked(line, blank) for line in written]
    ours = dict(zip(line_keys(written), written))
    keys = line_keys(form.lines)
    theirs: dict[str, str] = {}
    for key, line in zip(keys, form.lines):
        theirs.setdefault(key, line)  # a repeated one-value line: as first spelt
    return FileLayout(
        version=version,
        order=tuple(key for key in keys if key in ours),
        implied={key: line for key, line in ours.items() if key not in theirs},
        variants={
            key: (ours[key], line)
            for key, line in theirs.items()
            if key in ours and ours[key] != line and says_the_same(ours[key], line)
        },
        newline=form.newline,
        final_newline=form.final_newline,
        bom=form.bom,
        unfinished=unfinished,
        byes_in_cells=byes_in_cells,
        blank_columns=blank,
    )


def unkept_lines(form: TextForm, written: Sequence[str]) -> list[str]:
    """Lines of the file that the export, just after import, has no line for."""
    ours = set(line_keys(written))
    return [line for key, line in zip(line_keys(form.lines), form.lines) if key not in ours]


def restated_lines(form: TextForm, written: Sequence[str]) -> list[tuple[int, str, str]]:
    """(line number, the file's line, the export's line) for each line of the file that the export, just after
    import, writes with another content (:func:`says_the_same`)."""
    ours = dict(zip(line_keys(written), written))
    return [
        (number, line, ours[key])
        for number, (key, line) in enumerate(zip(line_keys(form.lines), form.lines), 1)
        if key in ours and ours[key] != line and not says_the_same(ours[key], line)
    ]


def apply_layout(layout: FileLayout, written: Sequence[str]) -> str:
    """The text of the export ``written`` (its lines, in the export's own order) laid out as ``layout`` says."""
    written = [_blanked(line, layout.blank_columns) for line in written]
    keys = line_keys(written)
    ours = dict(zip(keys, written))
    placed = [key for key in layout.order if key in ours]
    in_file = set(placed)
    following: dict[str | None, list[str]] = {}  # a placed key (None: the start) -> new lines after it, in order
    anchor: str | None = None
    for key in keys:
        if key in in_file:
            anchor = key
        elif layout.implied.get(key) != ours[key]:
            following.setdefault(anchor, []).append(ours[key])
    lines = list(following.get(None, ()))
    for key in placed:
        line = ours[key]
        variant = layout.variants.get(key)
        lines.append(variant[1] if variant is not None and variant[0] == line else line)
        lines.extend(following.pop(key, ()))  # after a repeated one-value line's first place
    return join_lines(lines, layout.newline, layout.final_newline, layout.bom)
