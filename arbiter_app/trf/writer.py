"""Writing a :class:`TrfDocument` as TRF-16 text (FIDE C.04 Annex 2).

Lines come out in the document's ``line_order``, with LF line ends and no
trailing blanks. Player lines use the TRF-16 columns (numbers right-aligned,
names left-aligned, round cells from column 92 every 10 columns); extension
lines use the layout of the pairing engines: ``XXR n``, ``XXC white1``,
``XXA`` and ``XXP`` with 4-column right-aligned numbers and values, ``BBW  1.0``.
A parsed file in that layout is written back byte for byte.
"""

from __future__ import annotations

import re
from collections import deque
from collections.abc import Iterable

from .errors import TrfWriteError
from .layout import (
    ACCELERATION_CODE,
    CANONICAL_ORDER,
    COLOUR_CODE,
    FORBIDDEN_CODE,
    HEADER_WIDTH,
    OTHER_LINE,
    PLAYER_CODE,
    PLAYER_FIELDS,
    ROUNDS_CODE,
)
from .model import PlayerLine, TrfDocument

_GAP = "  "  # between the rank field and the first cell, and between cells


def write_trf(doc: TrfDocument) -> str:
    """The TRF-16 text of ``doc``; raises :class:`TrfWriteError` if a value does not fit."""
    settings = _setting_lines(doc)
    sequences = {
        OTHER_LINE: deque(text for _, text in doc.other_lines),
        PLAYER_CODE: deque(_player_line(player) for player in doc.players),
        ACCELERATION_CODE: deque(
            _numbers_line(ACCELERATION_CODE, (str(number), *values)) for number, values in doc.accelerations.items()
        ),
        FORBIDDEN_CODE: deque(_numbers_line(FORBIDDEN_CODE, map(str, group)) for group in doc.forbidden_pairs),
    }
    lines: list[str] = []
    for tag in doc.line_order:
        if tag in settings:
            lines.append(settings[tag])  # a one-value line may be repeated
        elif sequences.get(tag):
            lines.append(sequences[tag].popleft())
    placed = set(doc.line_order)
    for tag in CANONICAL_ORDER:
        if tag in settings and tag not in placed:
            lines.append(settings[tag])
        lines.extend(sequences.get(tag, ()))
    return "".join(f"{_one_line(line)}\n" for line in lines)


_CONTROL = re.compile(r"[\x00-\x08\x0a-\x1f\x7f\x85\u2028\u2029]")


def _one_line(text: str) -> str:
    """A line break (or another control character) inside a value would start a line of its own: a blank."""
    return _CONTROL.sub(" ", text)


def _setting_lines(doc: TrfDocument) -> dict[str, str]:
    """The XXR, XXC and BBx lines of ``doc``, by code."""
    lines = {code: f"{code} {value.rjust(4)}" for code, value in doc.point_values.items()}
    if doc.rounds_count is not None:
        lines[ROUNDS_CODE] = f"{ROUNDS_CODE} {doc.rounds_count}"
    if doc.initial_colour is not None:
        lines[COLOUR_CODE] = f"{COLOUR_CODE} {doc.initial_colour}1"
    return lines


def _numbers_line(code: str, words: Iterable[str]) -> str:
    """An XXA/XXP line: each word right-aligned in 4 columns after a blank."""
    return code + "".join(f" {word:>4}" for word in words)


def player_line_text(player: PlayerLine) -> str:
    """A 001 line in TRF-16 columns."""
    return _player_line(player)


def _player_line(player: PlayerLine) -> str:
    """A 001 line in TRF-16 columns."""
    values = {
        "number": str(player.number),
        "sex": player.sex,
        "title": player.title,
        "name": player.name,
        "rating": "" if player.rating is None else str(player.rating),
        "federation": player.federation,
        "fide_id": player.fide_id,
        "birth": player.birth,
        "points": player.points,
        "rank": "" if player.rank is None else str(player.rank),
    }
    header = list(PLAYER_CODE.ljust(HEADER_WIDTH))
    for field in PLAYER_FIELDS:
        text = values[field.name]
        if len(text) > field.width:
            raise TrfWriteError(
                f"player {player.number}: {field.name} '{text}' does not fit in columns {field.first}-{field.last}"
            )
        header[field.first - 1 : field.last] = field.render(text)
    cells = []
    for round_number, entry in enumerate(player.rounds, 1):
        if entry.opponent is not None and not 1 <= entry.opponent <= 9999:
            raise TrfWriteError(f"player {player.number}, round {round_number}: opponent {entry.opponent} out of range")
        cells.append(_GAP + entry.as_cell())
    return ("".join(header) + "".join(cells)).rstrip(" ")
