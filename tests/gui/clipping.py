"""What is cut on screen: labels, buttons, boxes and table cells whose text needs more room than they have.

Used by the layout tests and by ``screenshots.py``; it reads the widgets as laid out (after ``show`` and the
events processed), as the arbiter sees them.
"""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, QRect, Qt
from PySide6.QtGui import QFont, QFontMetrics
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QApplication,
    QCheckBox,
    QComboBox,
    QCommandLinkButton,
    QLabel,
    QRadioButton,
    QStyle,
    QTableView,
    QWidget,
)

CELL_MARGIN = 2 * (QApplication.style().pixelMetric(QStyle.PixelMetric.PM_FocusFrameHMargin) + 1) if QApplication.instance() else 6
"""Pixels a view keeps around a cell's text (Qt's own margin, both sides)."""
SLACK = 1
WRAP = int(Qt.AlignmentFlag.AlignLeft) | int(Qt.TextFlag.TextWordWrap)


def shown(widget: QWidget, top: QWidget) -> bool:
    return widget.isVisible() and widget.isVisibleTo(top) and widget.width() > 0 and widget.height() > 0


def label_cut(label: QLabel) -> str | None:
    if not label.text() or label.pixmap() is not None and not label.pixmap().isNull():
        return None
    if label.wordWrap():
        needed = label.heightForWidth(label.width())
        if needed > label.height() + SLACK:
            return f"needs {needed} px of height, has {label.height()}"
        return None
    needed = label.sizeHint().width()
    if needed > label.width() + SLACK:
        return f"needs {needed} px, has {label.width()}"
    return None


def button_cut(b: QAbstractButton) -> str | None:
    if isinstance(b, QCommandLinkButton):
        needed = b.heightForWidth(b.width())
        return f"needs {needed} px of height, has {b.height()}" if needed > b.height() + SLACK else None
    if isinstance(b, (QCheckBox, QRadioButton)) or b.text():
        needed = b.sizeHint().width()
        return f"needs {needed} px, has {b.width()}" if needed > b.width() + SLACK else None
    return None


def combo_cut(box: QComboBox) -> str | None:
    text = box.currentText()
    if not text:
        return None
    needed = box.fontMetrics().horizontalAdvance(text)
    room = box.width() - box.style().pixelMetric(QStyle.PixelMetric.PM_ScrollBarExtent) - 2 * CELL_MARGIN - 8
    return f"'{text}' needs {needed} px, has {room}" if needed > room else None


def cells_cut(view: QTableView) -> list[str]:
    """Cells on screen (and header sections) whose text is wider than their column."""
    model = view.model()
    if model is None or model.rowCount() == 0:
        return []
    header = view.horizontalHeader()
    first = max(view.rowAt(0), 0)
    last = view.rowAt(view.viewport().height() - 1)
    last = model.rowCount() - 1 if last < 0 else last
    cut = []
    beyond = header.length() - header.offset() - view.viewport().width()
    if beyond > SLACK:
        cut.append(f"the columns run {beyond} px past the right edge")
    for column in range(model.columnCount()):
        if view.isColumnHidden(column):
            continue
        width = view.columnWidth(column)
        title = model.headerData(column, Qt.Orientation.Horizontal)
        if header.isVisible() and title:
            needed = header.sectionSizeFromContents(column).width()
            if needed > width + SLACK:
                cut.append(f"header '{title}' needs {needed} px, has {width}")
        for row in range(first, last + 1):
            index: QModelIndex = model.index(row, column)
            text = index.data(Qt.ItemDataRole.DisplayRole)
            if not text:
                continue
            font = index.data(Qt.ItemDataRole.FontRole)
            metrics = QFontMetrics(font if isinstance(font, QFont) else view.font())
            if view.wordWrap():
                box = metrics.boundingRect(QRect(0, 0, width - CELL_MARGIN, 100_000), WRAP, str(text))
                if box.height() > view.rowHeight(row) + SLACK or box.width() > width - CELL_MARGIN + SLACK:
                    cut.append(f"row {row} '{text}' needs {box.width()}x{box.height()} px, has {width}x"
                               f"{view.rowHeight(row)}")
                continue
            needed = max(metrics.horizontalAdvance(t) for t in str(text).split("\n")) + CELL_MARGIN
            if needed > width + SLACK:
                cut.append(f"row {row} '{text}' needs {needed} px, has {width}")
    return cut


def clipped(top: QWidget) -> list[str]:
    """Every text cut inside ``top``, described (empty when nothing is)."""
    found = []
    for w in top.findChildren(QWidget):
        if not shown(w, top):
            continue
        name = w.objectName() or type(w).__name__
        problem = None
        if isinstance(w, QLabel):
            problem = label_cut(w)
            name = f"label '{w.text()[:40]}'"
        elif isinstance(w, QAbstractButton):
            problem = button_cut(w)
            name = f"button '{w.text()[:40]}'"
        elif isinstance(w, QComboBox):
            problem = combo_cut(w)
        elif isinstance(w, QTableView):
            found += [f"{name}: {c}" for c in cells_cut(w)]
        if problem:
            found.append(f"{name}: {problem}")
    return found


def item_views(top: QWidget) -> list[QAbstractItemView]:
    return [v for v in top.findChildren(QAbstractItemView) if shown(v, top)]
