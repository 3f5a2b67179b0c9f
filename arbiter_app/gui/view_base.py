"""What every tab shares: the tournament it shows, refreshed when it changes and the tab is on screen."""

from __future__ import annotations

from PySide6.QtCore import QSignalBlocker, Qt
from PySide6.QtGui import QFontMetrics, QShowEvent
from PySide6.QtWidgets import (
    QApplication,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QSizePolicy,
    QTableView,
    QWidget,
)

from arbiter_app.gui.context import TournamentContext


class ContextView(QWidget):
    """A view over the open tournament; :meth:`refresh` reads the services again."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.context: TournamentContext | None = None
        self._stale = True

    def set_context(self, context: TournamentContext | None) -> None:
        if self.context is not None:
            self.context.changed.disconnect(self._on_context_changed)
        self.context = context
        if context is not None:
            context.changed.connect(self._on_context_changed)
        self._stale = True
        self.refresh_if_visible()

    def refresh(self) -> None:
        """Read the tournament again (``self.context`` may be None: show nothing)."""
        raise NotImplementedError

    def ensure_fresh(self) -> None:
        if self._stale:
            self._stale = False
            self.refresh()

    def refresh_if_visible(self) -> None:
        if self.isVisible():
            self.ensure_fresh()

    def refresh_if_visible_again(self) -> None:
        """What the view waited for has been read (:meth:`TournamentContext.fetch`): show it, if still on screen
        (else when it comes back)."""
        if self.isVisible():
            self.refresh()
        else:
            self._stale = True

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        self.ensure_fresh()

    def _on_context_changed(self) -> None:
        self._stale = True
        self.refresh_if_visible()


def heading(text: str) -> QLabel:
    label = QLabel(text)
    label.setObjectName("viewHeading")
    font = label.font()
    font.setPointSizeF(font.pointSizeF() * 1.35)
    font.setBold(True)
    label.setFont(font)
    return label


def button(text: str, tooltip: str = "", shortcut: str = "") -> QPushButton:
    b = QPushButton(text)
    b.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)
    if shortcut:
        b.setShortcut(shortcut)
        tooltip = f"{tooltip} ({shortcut})" if tooltip else shortcut
    if tooltip:
        b.setToolTip(tooltip)
    return b


def button_row(*widgets: QWidget | None, stretch_at_end: bool = True) -> QHBoxLayout:
    """Buttons left to right; None is a gap."""
    row = QHBoxLayout()
    row.setSpacing(6)
    for w in widgets:
        if w is None:
            row.addSpacing(16)
        else:
            row.addWidget(w)
    if stretch_at_end:
        row.addStretch(1)
    return row


def blocked(widget: QWidget) -> QSignalBlocker:
    return QSignalBlocker(widget)


SIZING_ROWS = 100
"""How many rows (besides those on screen) a table measures to size its columns."""


def tune_table(table: QTableView, scale: float = 1.0, stretch_last: bool = True, widened: bool = False) -> None:
    """Rows as high as the text needs, no grid clutter, the last column taking the spare width; ``widened``:
    the view sizes the columns itself with :func:`widen` after each change (Qt does not measure them again)."""
    table.setProperty("fontScale", scale)
    rescale(table)
    table.verticalHeader().hide()
    table.setShowGrid(False)
    table.setAlternatingRowColors(True)
    table.setWordWrap(False)
    header = table.horizontalHeader()
    header.setHighlightSections(False)
    header.setDefaultAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
    header.setSectionResizeMode(
        QHeaderView.ResizeMode.Interactive if widened else QHeaderView.ResizeMode.ResizeToContents
    )
    header.setStretchLastSection(stretch_last)
    header.setMinimumSectionSize(36)
    # Column widths from the rows on screen and at most SIZING_ROWS others, not from every row: with 2,000
    # players, sizing from all of them is some 50,000 look-ups after every change (issue 21).
    # (Qt measures a column over the rows the *vertical* header counts: its precision is the one that matters.)
    header.setResizeContentsPrecision(SIZING_ROWS)
    table.verticalHeader().setResizeContentsPrecision(SIZING_ROWS)


def widen(table: QTableView, minimum: dict[int, int]) -> None:
    """Columns as wide as their contents, ``minimum`` pixels at least for those named (and their contents some
    air); call after the rows change.

    The columns are sized once, here, not by Qt after every change: a column left to size itself is measured
    again on every reset and every resize of another column (seven times over for the standings' columns,
    tens of thousands of look-ups with 2,000 players, issue 21).
    """
    header = table.horizontalHeader()
    header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
    header.resizeSections(QHeaderView.ResizeMode.ResizeToContents)
    for column, pixels in minimum.items():
        header.resizeSection(column, max(header.sectionSize(column) + 24, pixels))


def fit_width(table: QTableView) -> None:
    """No wider than its columns (put the table in a row with a stretch after it); call after the rows change."""
    header = table.horizontalHeader()
    width = sum(header.sectionSize(k) for k in range(header.count()))
    table.setMaximumWidth(width + 2 * table.frameWidth() + table.verticalScrollBar().sizeHint().width())


def rescale(table: QTableView) -> None:
    """The application's font times the table's ``fontScale``, and rows to match (after the font changed)."""
    scale = table.property("fontScale")
    font = QApplication.font()
    if isinstance(scale, float) and scale != 1.0:
        font.setPointSizeF(font.pointSizeF() * scale)
    table.setFont(font)
    table.verticalHeader().setDefaultSectionSize(QFontMetrics(font).height() + 10)
