"""HTML to PDF with Qt's own text layout (``QTextDocument`` + ``QPdfWriter``): no browser, no network.

The page is A4 with 12 mm margins, portrait when the report's tables fit its
width, landscape otherwise (:func:`preferred_orientation`).  The document is
laid out once on the PDF writer itself (its resolution, so fonts measure as
printed), its tables stretched to the width of the paper; a table wider than
landscape paper is never cut at the right edge: the layout is made as wide as
the content needs and each page is scaled down to the paper's width.

The pages are cut by this module, not by Qt: a page ends only between two
rows of a table (a player's line, a row of pairing cards) or between two
paragraphs (:func:`page_breaks`), so no row and no card is ever split, and a
table continued on the next page repeats its heading rows.  Every page has a
running header (the report, round, tournament and dates; "page k of n") above
the content; the HTML's own header (name, round, date) opens the first page.

Fonts: the HTML names DejaVu Sans / Noto Sans first (they carry accented
Latin, Greek and Cyrillic); Qt falls back through fontconfig for any other
character.  Qt needs a ``QGuiApplication``: one is created, on the offscreen
platform when there is no display, if none exists.
"""

from __future__ import annotations

import os
import re
import sys
from dataclasses import dataclass
from html import unescape

from PySide6.QtCore import QBuffer, QCoreApplication, QMarginsF, QPointF, QRectF, Qt
from PySide6.QtGui import (
    QFont,
    QFontMetricsF,
    QGuiApplication,
    QPagedPaintDevice,
    QPageLayout,
    QPageSize,
    QPainter,
    QPdfWriter,
    QTextCursor,
    QTextDocument,
    QTextFrame,
    QTextLength,
    QTextOption,
    QTextTable,
)
from PySide6.QtPrintSupport import QPrinter

from arbiter_app.reports.html import qt_rich_text

RESOLUTION = 300
"""Dots per inch of the PDF writer's coordinate system."""
MIN_SCALE = 0.7
"""A page is never scaled below this: the reports' 10 pt type stays at 7 pt or more (readable on paper)."""
MARGIN_MM = 12.0
A4_MM = (210.0, 297.0)
HEADER_FAMILIES = ["DejaVu Sans", "Noto Sans", "Liberation Sans", "Arial"]
"""Fonts of the running header, the HTML's own choice (accented names included)."""

_app: QCoreApplication | None = None


def ensure_gui_application() -> QCoreApplication:
    """The running Qt application; a ``QGuiApplication`` (offscreen without a display) if there is none."""
    global _app
    app = QCoreApplication.instance()
    if app is None:
        if sys.platform.startswith("linux") and not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")):
            os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
        app = _app = QGuiApplication(["arbiter-report"])
    if not isinstance(app, QGuiApplication):
        raise RuntimeError("PDF reports need a QGuiApplication, but a QCoreApplication is running")
    return app


def running_header(html: str) -> str:
    """The document's ``<title>`` as plain text (the report's name, round and tournament)."""
    match = re.search(r"<title>(.*?)</title>", html, re.S | re.I)
    return unescape(match.group(1)).strip() if match else ""


def stretch_tables(frame: QTextFrame) -> None:
    """Every table in ``frame`` takes the whole width it is given (the paper's, a pairing card's column)."""
    for child in frame.childFrames():
        if isinstance(child, QTextTable):
            table_format = child.format()
            table_format.setWidth(QTextLength(QTextLength.Type.PercentageLength, 100))
            child.setFormat(table_format)
        stretch_tables(child)


def allow_wrapping(doc: QTextDocument) -> None:
    """Let every line wrap, within words too (cells written ``white-space: nowrap``), and every table take the
    width it is given: what a report too wide to scale down readably is laid out as."""
    option = doc.defaultTextOption()
    option.setWrapMode(QTextOption.WrapMode.WrapAtWordBoundaryOrAnywhere)
    doc.setDefaultTextOption(option)
    cursor = QTextCursor(doc)
    cursor.beginEditBlock()
    block = doc.begin()
    while block.isValid():
        unbroken = block.blockFormat()
        if unbroken.nonBreakableLines():
            unbroken.setNonBreakableLines(False)
            QTextCursor(block).setBlockFormat(unbroken)
        block = block.next()
    stretch_tables(doc.rootFrame())
    cursor.endEditBlock()


def _document(html: str, device: QPagedPaintDevice) -> QTextDocument:
    doc = QTextDocument()
    doc.documentLayout().setPaintDevice(device)
    doc.setDocumentMargin(0)
    doc.setHtml(html)
    return doc


def layout_width(doc: QTextDocument) -> float:
    """The width the document's tables need, none of their lines wrapped (device pixels); paragraphs wrap
    to any width."""
    doc.setTextWidth(1e6)
    layout = doc.documentLayout()
    return max((layout.frameBoundingRect(f).right() for f in doc.rootFrame().childFrames()), default=0.0)


def orientation_for(needed: float, resolution: int) -> QPageLayout.Orientation:
    """Portrait when ``needed`` (device pixels) fits the width of portrait A4 within the margins, else landscape."""
    portrait = (A4_MM[0] - 2 * MARGIN_MM) / 25.4 * resolution
    return QPageLayout.Orientation.Portrait if needed <= portrait else QPageLayout.Orientation.Landscape


def preferred_orientation(html: str) -> QPageLayout.Orientation:
    """Portrait when the report's tables fit the width of portrait A4 within the margins, else landscape."""
    ensure_gui_application()
    buffer = QBuffer()
    buffer.open(QBuffer.OpenModeFlag.WriteOnly)
    writer = QPdfWriter(buffer)
    writer.setResolution(RESOLUTION)
    return orientation_for(layout_width(_document(qt_rich_text(html), writer)), RESOLUTION)


def html_to_pdf(
    html: str, path: str | os.PathLike[str], *, header: str | None = None, landscape: bool | None = None
) -> int:
    """Write ``html`` as a PDF at ``path``; returns the number of pages.

    Every page gets a running header line, ``header`` (default: the HTML's
    title) on the left and "page k of n" on the right, above the content.
    ``landscape``: the paper's orientation; None chooses it by the width of the
    report (:func:`preferred_orientation`).
    """
    ensure_gui_application()
    header = running_header(html) if header is None else header
    writer = QPdfWriter(str(path))
    writer.setResolution(RESOLUTION)
    chain = re.search(r'<meta name="arbiter-audit-chain-head" content="([^"]*)">', html)
    writer.setCreator("arbiter" + (f"; audit chain head {chain.group(1)}" if chain else ""))
    if header:
        writer.setTitle(header)
    doc = _document(qt_rich_text(html), writer)  # laid out once, on the writer (its resolution)
    needed = layout_width(doc)
    if landscape is None:
        orientation = orientation_for(needed, RESOLUTION)
    else:
        orientation = QPageLayout.Orientation.Landscape if landscape else QPageLayout.Orientation.Portrait
    writer.setPageLayout(
        QPageLayout(
            QPageSize(QPageSize.PageSizeId.A4),
            orientation,
            QMarginsF(MARGIN_MM, MARGIN_MM, MARGIN_MM, MARGIN_MM),
            QPageLayout.Unit.Millimeter,
        )
    )
    return paint_document(doc, needed, writer, RESOLUTION, header, f"cannot write {path}")


def print_html(html: str, printer: QPrinter, *, header: str | None = None) -> int:
    """Print ``html`` on ``printer`` (as the print dialog set it up), laid out as the PDF is; returns the pages."""
    ensure_gui_application()
    header = running_header(html) if header is None else header
    return paint_pages(html, printer, printer.resolution(), header, "the printer cannot be opened")


@dataclass(frozen=True)
class Break:
    """A place where a page may end: ``y`` in the laid-out document, and the table heading to repeat after it."""

    y: float
    heading: tuple[float, float] | None = None
    """The heading rows' extent (top, bottom) of the table the break is in, if it has any."""


def _span(doc: QTextDocument, first: int, last: int) -> tuple[float, float]:
    """The vertical extent of the blocks between two document positions (nested tables' blocks included)."""
    layout = doc.documentLayout()
    block = doc.findBlock(first)
    top, bottom = float("inf"), float("-inf")
    while block.isValid() and block.position() <= last:
        rect = layout.blockBoundingRect(block)
        top, bottom = min(top, rect.top()), max(bottom, rect.bottom())
        block = block.next()
    return top, bottom


def _table_breaks(doc: QTextDocument, table: QTextTable) -> list[Break]:
    """Between the rows of a table, never between its heading rows nor right after them."""
    rows = [
        _span(doc, table.cellAt(r, 0).firstPosition(), table.cellAt(r, table.columns() - 1).lastPosition())
        for r in range(table.rows())
    ]
    top = doc.documentLayout().frameBoundingRect(table).top()
    headings = min(table.format().headerRowCount(), len(rows) - 1)
    heading = (top, (rows[headings - 1][1] + rows[headings][0]) / 2) if headings > 0 else None
    return [Break((rows[r - 1][1] + rows[r][0]) / 2, heading) for r in range(max(headings, 0) + 1, len(rows))]


def page_breaks(doc: QTextDocument) -> list[Break]:
    """Every place where a page may end: before a top-level paragraph or table, and between a table's rows.

    A row (a player's line, a row of pairing cards with every card whole) is
    never cut; a table continued on the next page gets its heading rows again.
    """
    layout = doc.documentLayout()
    breaks = []
    after_heading = False  # a heading (a round's title) stays with what follows it
    it = doc.rootFrame().begin()
    while not it.atEnd():
        frame, block = it.currentFrame(), it.currentBlock()
        if frame is not None:
            if not after_heading:
                breaks.append(Break(layout.frameBoundingRect(frame).top()))
            if isinstance(frame, QTextTable):
                breaks += _table_breaks(doc, frame)
            after_heading = False
        elif block.isValid():
            if not after_heading:
                breaks.append(Break(layout.blockBoundingRect(block).top()))
            after_heading = block.blockFormat().headingLevel() > 0
        it += 1
    return sorted(breaks, key=lambda b: b.y)


@dataclass(frozen=True)
class PageSlice:
    """What one page shows of the laid-out document: ``top`` to ``bottom``, under the repeated ``heading``."""

    top: float
    bottom: float
    heading: tuple[float, float] | None


def paginate(breaks: list[Break], height: float, total: float) -> list[PageSlice]:
    """Cut the document into pages of ``height`` at the allowed breaks (only a row taller than a page is cut)."""
    pages: list[PageSlice] = []
    top, heading = 0.0, None
    while top < total - 0.5 or not pages:
        room = height - (heading[1] - heading[0] if heading else 0.0)
        if room < height / 4:  # a heading taller than three quarters of a page is not repeated
            heading, room = None, height
        bottom, after = total, None
        if top + room < total:
            fitting = [b for b in breaks if top + 0.5 < b.y <= top + room]
            bottom, after = (fitting[-1].y, fitting[-1].heading) if fitting else (top + room, heading)
        pages.append(PageSlice(top, bottom, heading))
        top, heading = bottom, after
    return pages


def paint_pages(html: str, device: QPagedPaintDevice, resolution: int, header: str, failure: str) -> int:
    """Lay ``html`` out on ``device``'s pages, with the running header; returns the number of pages."""
    doc = _document(qt_rich_text(html), device)
    return paint_document(doc, layout_width(doc), device, resolution, header, failure)


def paint_document(
    doc: QTextDocument, needed: float, device: QPagedPaintDevice, resolution: int, header: str, failure: str
) -> int:
    """Paint ``doc`` (laid out on ``device``, its tables ``needed`` wide) on the device's pages."""
    printable = device.pageLayout().paintRectPixels(resolution)  # in device pixels
    font = QFont(HEADER_FAMILIES)
    font.setPointSizeF(7.5)
    metrics = QFontMetricsF(font, device)
    band = metrics.height() * 2.2  # the running header and a gap below it
    width, height = float(printable.width()), float(printable.height()) - band
    if needed <= width + 0.5:  # fits: the tables take the paper's width
        edit = QTextCursor(doc)
        edit.beginEditBlock()  # one layout after all the changes
        stretch_tables(doc.rootFrame())
        edit.endEditBlock()
        doc.setTextWidth(width)
        scale = 1.0
    else:  # too wide: lay out as wide as needed, every page scaled down to the paper ...
        scale = width / needed
        if scale < MIN_SCALE:  # ... but never below readable type: the cells wrap instead (a 300-character name)
            allow_wrapping(doc)
            scale = MIN_SCALE
        doc.setTextWidth(width / scale)
    slices = paginate(page_breaks(doc), height / scale, doc.size().height())
    page_width = doc.textWidth()
    painter = QPainter()
    if not painter.begin(device):
        raise OSError(failure)
    try:
        for k, part in enumerate(slices):
            if k:
                device.newPage()
            painter.setFont(font)
            line = QRectF(0, 0, printable.width(), band / 2.2 * 1.2)
            number = f"page {k + 1} of {len(slices)}"
            painter.drawText(line, int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter), number)
            room = printable.width() - metrics.horizontalAdvance(number) * 1.5
            painter.drawText(
                QRectF(0, 0, room, line.height()),
                int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter),
                metrics.elidedText(header, Qt.TextElideMode.ElideRight, room),
            )
            painter.save()
            painter.translate(QPointF(0, band))
            painter.scale(scale, scale)
            if part.heading is not None:  # the table's heading rows again, above its next rows
                top, bottom = part.heading
                painter.translate(QPointF(0, -top))
                doc.drawContents(painter, QRectF(0, top, page_width, bottom - top))
                painter.translate(QPointF(0, bottom))
            painter.translate(QPointF(0, -part.top))
            doc.drawContents(painter, QRectF(0, part.top, page_width, part.bottom - part.top))
            painter.restore()
    finally:
        painter.end()
    return len(slices)
