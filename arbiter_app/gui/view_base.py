"""What every tab shares: the tournament it shows, refreshed when it changes and the tab is on screen."""

from __future__ import annotations

from PySide6.QtCore import QAbstractProxyModel, QSignalBlocker, Qt
from PySide6.QtGui import QFont, QFontMetrics, QGuiApplication, QShowEvent
from PySide6.QtWidgets import (
    QApplication,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QSizePolicy,
    QStyle,
    QTableView,
    QWidget,
)

from arbiter_app.gui.context import TournamentContext
from arbiter_app.gui.row_model import RowTableModel


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


FRAME = (16, 48)
"""Room the window manager's frame takes around a window (borders; title bar and borders), pixels."""


def available_room(widget: QWidget | None = None) -> tuple[int, int]:
    """Width and height a window may take on ``widget``'s screen (else the primary one): the screen's available
    geometry (without the task bar) less the frame the window manager adds."""
    screen = widget.screen() if widget is not None else None
    screen = screen or QGuiApplication.primaryScreen()
    if screen is None:
        return 1024 - FRAME[0], 768 - FRAME[1]
    room = screen.availableGeometry()
    return room.width() - FRAME[0], room.height() - FRAME[1]


def fit_to_screen(window: QWidget, width: int, height: int, place: bool = False) -> None:
    """Resize ``window`` to ``width`` x ``height``, or less where the screen is smaller (1024x768 with a task bar,
    issue 28); ``place``: put it at the top left of the screen's available geometry (its title bar on screen)."""
    room_w, room_h = available_room(window.parentWidget() or window)
    window.resize(min(width, room_w), min(height, room_h))
    if place:
        screen = (window.parentWidget() or window).screen() or QGuiApplication.primaryScreen()
        if screen is not None:
            room = screen.availableGeometry()
            window.move(room.left() + FRAME[0] // 2, room.top() + FRAME[1] - FRAME[0] // 2)


def heading(text: str) -> QLabel:
    label = QLabel(text)
    label.setObjectName("viewHeading")
    font = label.font()
    font.setPointSizeF(font.pointSizeF() * 1.35)
    font.setBold(True)
    label.setFont(font)
    return label


def note(text: str = "") -> QLabel:
    """A hint or a legend beside a view: the palette's text colour (readable), in italics to set it apart."""
    label = QLabel(text)
    label.setWordWrap(True)
    font = label.font()
    font.setItalic(True)
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


WIDENED = "widenedColumns"
"""Table property: the minimum widths :func:`widen` was last given, as ``[[column, pixels], ...]``."""


def widen(table: QTableView, minimum: dict[int, int] | None = None) -> None:
    """Columns as wide as their contents, ``minimum`` pixels at least for those named (and their contents some
    air); call after the rows change (``minimum`` None: the last one given, after the font changed).

    The columns are sized once, here, not by Qt after every change: a column left to size itself is measured
    again on every reset, every row changed and every resize of another column (seven times over for the
    standings' columns; a result entered on a round of 1,000 boards measured all its columns again: tens of
    thousands of look-ups with 2,000 players, issue 21).  Columns that stretch keep stretching.
    """
    if minimum is None:
        minimum = {int(c): int(px) for c, px in (table.property(WIDENED) or [])}
    else:
        table.setProperty(WIDENED, [[int(c), int(px)] for c, px in minimum.items()])
    header = table.horizontalHeader()
    texts = _sample_texts(table)
    for column in range(header.count()):
        if header.sectionResizeMode(column) == QHeaderView.ResizeMode.Stretch:
            continue
        header.setSectionResizeMode(column, QHeaderView.ResizeMode.Interactive)
        content = _text_width(table, texts[column]) if texts is not None else table.sizeHintForColumn(column)
        width = max(header.sectionSizeHint(column), content)
        if column in minimum:
            width = max(width + 24, minimum[column])
        header.resizeSection(column, width)


def _sample_texts(table: QTableView) -> list[dict[str, bool]] | None:
    """Per column, the texts of the rows :func:`widen` measures (and whether each is bold), read from a
    :class:`RowTableModel` directly: the first :data:`SIZING_ROWS` rows and as many spread over the rest.

    Asking Qt instead (``sizeHintForColumn``) costs some eight calls into Python per cell (text, font,
    alignment, decoration...): tens of milliseconds for a table of a dozen columns.  None for other models.
    """
    model = table.model()
    source = model.sourceModel() if isinstance(model, QAbstractProxyModel) else model
    if not isinstance(source, RowTableModel):
        return None
    rows = source.rows
    step = max(len(rows) // SIZING_ROWS, 1)
    sample = sorted(set(range(min(len(rows), SIZING_ROWS))) | set(range(0, len(rows), step)))
    texts: list[dict[str, bool]] = [{} for _ in range(source.columnCount())]
    for k in sample:
        row = rows[k]
        for column, seen in enumerate(texts):
            text = source.display(row, column)
            if text:
                font = source.font(row, column)
                seen[text] = seen.get(text, False) or (isinstance(font, QFont) and font.bold())
    return texts


def _text_width(table: QTableView, texts: dict[str, bool]) -> int:
    """The width a cell needs for the widest of ``texts`` in the table's font (bold where marked), with the
    margins the item delegate adds."""
    plain = QFontMetrics(table.font())
    bold_font = QFont(table.font())
    bold_font.setBold(True)
    bold = QFontMetrics(bold_font)
    margin = 2 * (table.style().pixelMetric(QStyle.PixelMetric.PM_FocusFrameHMargin, None, table) + 1)
    widest = max(((bold if b else plain).horizontalAdvance(text) + 1 for text, b in texts.items()), default=0)
    return widest + margin  # (+ 1: Qt rounds the text's width up)


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
    if table.property(WIDENED) is not None:
        widen(table)  # sized by the view, not by Qt: sized again for the new font
