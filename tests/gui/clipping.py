"""What is cut on screen: labels, buttons, boxes and table cells whose text needs more room than they have.

Used by the layout tests and by ``screenshots.py``; it reads the widgets as laid out (after ``show`` and the
events processed), as the arbiter sees them.
"""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, Qt
from PySide6.QtGui import QFont, QFontMetrics, QTextLayout, QTextOption
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

CELL_MARGIN = (
    2 * (QApplication.style().pixelMetric(QStyle.PixelMetric.PM_FocusFrameHMargin) + 1)
    if QApplication.instance()
    else 6
)
"""Pixels a view keeps around a cell's text (Qt's own margin, both sides)."""
SLACK = 1


def wrapped_height(text: str, font: QFont, width: int) -> tuple[int, int]:
    """The height and widest line of ``text`` wrapped in ``width`` pixels as a view's delegate lays it out (Qt's
    ``viewItemTextLayout``: at word boundaries, or anywhere when a word is wider than the line)."""
    height, widest = 0.0, 0.0
    for paragraph in text.split("\n"):
        layout = QTextLayout(paragraph, font)
        option = QTextOption()
        option.setWrapMode(QTextOption.WrapMode.WrapAtWordBoundaryOrAnywhere)
        layout.setTextOption(option)
        layout.beginLayout()
        while True:
            line = layout.createLine()
            if not line.isValid():
                break
            line.setLineWidth(width)
            height += line.height()
            widest = max(widest, line.naturalTextWidth())
        layout.endLayout()
    return round(height), round(widest)


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
    grid = 1 if view.showGrid() else 0
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
            metrics_font = font if isinstance(font, QFont) else view.font()
            metrics = QFontMetrics(metrics_font)
            room = width - grid - CELL_MARGIN  # the cell's rect stops short of the grid line; the text keeps a margin
            if view.wordWrap():
                height, widest = wrapped_height(str(text), metrics_font, room)
                if height > view.rowHeight(row) - grid or widest > room:
                    cut.append(
                        f"row {row} '{text}' needs {widest}x{height} px, has {room}x{view.rowHeight(row) - grid}"
                    )
                continue
            needed = max(metrics.horizontalAdvance(t) for t in str(text).split("\n"))
            if needed > room:
                cut.append(f"row {row} '{text}' needs {needed} px, has {room}")
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
