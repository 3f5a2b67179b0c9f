"""A read-only table model over an immutable tuple of row DTOs, columns from an ``IntEnum``.

Subclasses name their ``Column`` enum and ``HEADERS`` and say how a cell
reads (:meth:`display`); :meth:`set_rows` replaces every row at once
(``beginResetModel``/``endResetModel``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from enum import IntEnum
from typing import Any, ClassVar, Generic, TypeVar, overload

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QObject, QPersistentModelIndex, Qt

Row = TypeVar("Row")
Index = QModelIndex | QPersistentModelIndex

LEFT = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter
RIGHT = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
CENTRE = Qt.AlignmentFlag.AlignCenter


Source = TypeVar("Source")


class LazyRows(Sequence[Row], Generic[Source, Row]):
    """Rows made from ``sources`` by ``make`` when first asked for, then kept: a table on screen asks for a few
    dozen of 2,000 lines, so the window does not build (format) them all before it can paint (issue 21)."""

    def __init__(self, sources: Sequence[Source], make: Callable[[Source], Row]) -> None:
        self._sources = sources
        self._make = make
        self._made: list[Row | None] = [None] * len(sources)

    def __len__(self) -> int:
        return len(self._sources)

    @overload
    def __getitem__(self, index: int) -> Row: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[Row]: ...

    def __getitem__(self, index: int | slice) -> Row | Sequence[Row]:
        if isinstance(index, slice):
            return [self[k] for k in range(*index.indices(len(self)))]
        row = self._made[index]
        if row is None:
            row = self._made[index] = self._make(self._sources[index])
        return row


class RowTableModel(QAbstractTableModel, Generic[Row]):
    Column: ClassVar[type[IntEnum]]
    HEADERS: ClassVar[dict[int, str]]
    ALIGN: ClassVar[dict[int, Qt.AlignmentFlag]] = {}
    """Alignment per column (left by default)."""
    TOOLTIPS: ClassVar[dict[int, str]] = {}
    """Header tooltips."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._rows: Sequence[Row] = ()

    @property
    def rows(self) -> Sequence[Row]:
        return self._rows

    def set_rows(self, rows: Sequence[Row]) -> None:
        """Every row replaced (a :class:`LazyRows` is kept as it is: its rows are made when shown)."""
        self.beginResetModel()
        self._rows = rows if isinstance(rows, LazyRows) else tuple(rows)
        self.endResetModel()

    def row_at(self, row: int) -> Row:
        return self._rows[row]

    def replace_row(self, row: int, value: Row) -> None:
        """One row changed: only its cells are read again (no reset of the whole table)."""
        self._rows = (*self._rows[:row], value, *self._rows[row + 1 :])
        self.dataChanged.emit(self.index(row, 0), self.index(row, self.columnCount() - 1))

    # --- to override -------------------------------------------------------------

    def display(self, row: Row, column: int) -> str:
        raise NotImplementedError

    def tooltip(self, row: Row, column: int) -> str | None:
        return None

    def foreground(self, row: Row, column: int) -> Any:
        return None

    def background(self, row: Row, column: int) -> Any:
        return None

    def font(self, row: Row, column: int) -> Any:
        return None

    # --- Qt ----------------------------------------------------------------------

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self.Column)

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if orientation != Qt.Orientation.Horizontal:
            return None
        if role == Qt.ItemDataRole.DisplayRole:
            return self.HEADERS[section]
        if role == Qt.ItemDataRole.ToolTipRole:
            return self.TOOLTIPS.get(section)
        if role == Qt.ItemDataRole.TextAlignmentRole:
            return self.ALIGN.get(section, LEFT)
        return None

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        row, column = self._rows[index.row()], index.column()
        if role == Qt.ItemDataRole.DisplayRole:
            return self.display(row, column)
        if role == Qt.ItemDataRole.TextAlignmentRole:
            return self.ALIGN.get(column, LEFT)
        if role == Qt.ItemDataRole.ToolTipRole:
            return self.tooltip(row, column)
        if role == Qt.ItemDataRole.ForegroundRole:
            return self.foreground(row, column)
        if role == Qt.ItemDataRole.BackgroundRole:
            return self.background(row, column)
        if role == Qt.ItemDataRole.FontRole:
            return self.font(row, column)
        return None
