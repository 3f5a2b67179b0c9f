"""The audit log: every change of the tournament, newest first, with the arbiter's reasons."""

from __future__ import annotations

from datetime import UTC, datetime
from enum import IntEnum
from typing import Any, ClassVar

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QLabel,
    QPlainTextEdit,
    QSplitter,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from arbiter_app import services as sv
from arbiter_app.explain.words import counted
from arbiter_app.gui.row_model import RowTableModel
from arbiter_app.gui.view_base import ContextView, button_row, heading, tune_table
from arbiter_app.services.dto import AuditInfo


def local_time(when: datetime) -> str:
    """The file stores naive UTC; the arbiter reads local time."""
    aware = when if when.tzinfo else when.replace(tzinfo=UTC)
    return aware.astimezone().strftime("%Y-%m-%d %H:%M:%S")


class AuditColumn(IntEnum):
    WHEN = 0
    ACTION = 1
    SUMMARY = 2
    REASON = 3
    WHO = 4


class AuditModel(RowTableModel[AuditInfo]):
    Column = AuditColumn
    HEADERS: ClassVar[dict[int, str]] = {
        AuditColumn.WHEN: "When",
        AuditColumn.ACTION: "Action",
        AuditColumn.SUMMARY: "What",
        AuditColumn.REASON: "Reason",
        AuditColumn.WHO: "Who",
    }

    def display(self, row: AuditInfo, column: int) -> str:
        c = AuditColumn(column)
        if c is AuditColumn.WHEN:
            return local_time(row.when)
        if c is AuditColumn.ACTION:
            return row.action + (" (undone)" if row.undone else "")
        if c is AuditColumn.SUMMARY:
            return row.summary
        if c is AuditColumn.WHO:
            return row.arbiter
        return row.reason

    def foreground(self, row: AuditInfo, column: int) -> Any:
        if row.undone:
            return QColor("#8a8a8a")
        if row.action == "override":
            return QColor("#9a5b00")
        return None


class AuditView(ContextView):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = AuditModel(self)
        self.table = QTableView()
        self.table.setObjectName("auditTable")
        self.table.setModel(self.model)
        tune_table(self.table, stretch_last=False)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(AuditColumn.SUMMARY, QHeaderView.ResizeMode.Stretch)
        # A long entry (a path, a late entry's long name) wraps in its column rather than run past the right edge
        # of a 1024-pixel screen (issue 28).
        self.table.setWordWrap(True)
        self.table.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.table.selectionModel().selectionChanged.connect(self._on_selection_changed)
        self.details = QPlainTextEdit()
        self.details.setReadOnly(True)
        self.details.setPlaceholderText("Select a line to see what it changed.")
        self.count = QLabel()
        splitter = QSplitter(Qt.Orientation.Vertical)
        splitter.addWidget(self.table)
        splitter.addWidget(self.details)
        splitter.setSizes([500, 140])
        layout = QVBoxLayout(self)
        layout.addLayout(button_row(heading("Audit log"), None, self.count))
        layout.addWidget(splitter, 1)

    def refresh(self) -> None:
        if self.context is not None and not self.context.fetch([(sv.audit_log, ())], self.refresh_if_visible_again):
            return  # read off the GUI thread first
        entries = tuple(reversed(self.context.read(sv.audit_log))) if self.context else ()
        self.model.set_rows(entries)
        self.count.setText(f"{counted(len(entries), 'entry', 'entries')}, newest first" if entries else "")
        self.details.clear()

    def _on_selection_changed(self) -> None:
        rows = self.table.selectionModel().selectedRows()
        if not rows:
            self.details.clear()
            return
        e = self.model.row_at(rows[0].row())
        parts = [f"{e.action}: {e.summary}"]
        if e.reason:
            parts.append(f"Reason: {e.reason}")
        if e.before:
            parts.append(f"Before: {e.before}")
        if e.after:
            parts.append(f"After: {e.after}")
        self.details.setPlainText("\n".join(parts))
