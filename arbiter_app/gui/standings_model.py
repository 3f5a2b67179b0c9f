"""The standings table: place, player, score, then the tournament's tie-breaks in order."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import IntEnum
from typing import Any, ClassVar

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, Qt
from PySide6.QtGui import QFont

from arbiter_app.gui.row_model import CENTRE, RIGHT, RowTableModel


@dataclass(frozen=True)
class StandingLine:
    """One line as shown: values already in words (``6½``, ``2414``)."""

    place: str
    number: int
    name: str
    rating: int
    score: str
    tiebreaks: tuple[str, ...] = ()
    by_lot: bool = False
    by_hand: bool = False
    """Placed by the arbiter within a tie (checklist Q205)."""
    mark: str = ""
    """``withdrawn from round 5``, ``expelled from round 5`` (checklist Q170, Q197); empty for the others."""


class StandingColumn(IntEnum):
    PLACE = 0
    NUMBER = 1
    NAME = 2
    RATING = 3
    SCORE = 4


class StandingsModel(RowTableModel[StandingLine]):
    """Fixed columns from :class:`StandingColumn`, then one column per tie-break code."""

    Column = StandingColumn
    HEADERS: ClassVar[dict[int, str]] = {
        StandingColumn.PLACE: "Place",
        StandingColumn.NUMBER: "No.",
        StandingColumn.NAME: "Name",
        StandingColumn.RATING: "Rating",
        StandingColumn.SCORE: "Pts",
    }
    ALIGN: ClassVar[dict[int, Any]] = {
        StandingColumn.PLACE: RIGHT,
        StandingColumn.NUMBER: RIGHT,
        StandingColumn.RATING: RIGHT,
        StandingColumn.SCORE: CENTRE,
    }

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self.codes: tuple[str, ...] = ()
        self.names: dict[str, str] = {}

    def set_lines(self, lines: Sequence[StandingLine], codes: tuple[str, ...], names: dict[str, str]) -> None:
        """The lines (a :class:`LazyRows` formats each line when first shown), under the tie-breaks ``codes``."""
        self.codes, self.names = codes, names
        self.set_rows(lines)

    def columnCount(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(StandingColumn) + len(self.codes)

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if orientation == Qt.Orientation.Horizontal and section >= len(StandingColumn):
            code = self.codes[section - len(StandingColumn)]
            if role == Qt.ItemDataRole.DisplayRole:
                return code
            if role == Qt.ItemDataRole.ToolTipRole:
                return self.names.get(code, code)
            if role == Qt.ItemDataRole.TextAlignmentRole:
                return RIGHT
            return None
        return super().headerData(section, orientation, role)

    def data(self, index: QModelIndex | QPersistentModelIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if index.isValid() and index.column() >= len(StandingColumn) and role == Qt.ItemDataRole.TextAlignmentRole:
            return RIGHT
        return super().data(index, role)

    def display(self, row: StandingLine, column: int) -> str:
        if column >= len(StandingColumn):
            return row.tiebreaks[column - len(StandingColumn)]
        c = StandingColumn(column)
        if c is StandingColumn.PLACE:
            return row.place + (" (lot)" if row.by_lot else " (hand)" if row.by_hand else "")
        if c is StandingColumn.NUMBER:
            return str(row.number)
        if c is StandingColumn.NAME:
            return f"{row.name} ({row.mark})" if row.mark else row.name
        if c is StandingColumn.RATING:
            return str(row.rating) if row.rating else ""
        return row.score

    def font(self, row: StandingLine, column: int) -> Any:
        if column == StandingColumn.SCORE:
            f = QFont()
            f.setBold(True)
            return f
        return None
