"""HTML to PDF with Qt's own text layout (``QTextDocument`` + ``QPdfWriter``): no browser, no network.

The page is A4 landscape with 12 mm margins.  The document is laid out on the
PDF writer itself (its resolution, so fonts measure as printed) and paginated
by Qt, which repeats a table's ``<thead>`` row on every page.  A table wider
than the paper is never cut at the right edge: the layout is made as wide as
the content needs and each page is scaled down to the paper's width (the page
height grows in step, so the scaled page fills the paper).  Every page has a
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
from html import unescape

from PySide6.QtCore import QCoreApplication, QMarginsF, QPointF, QRectF, QSizeF, Qt
from PySide6.QtGui import (
    QFont,
    QFontMetricsF,
    QGuiApplication,
    QPagedPaintDevice,
    QPageLayout,
    QPageSize,
    QPainter,
    QPdfWriter,
    QTextDocument,
)
from PySide6.QtPrintSupport import QPrinter

RESOLUTION = 300
"""Dots per inch of the PDF writer's coordinate system."""
MARGIN_MM = 12.0
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


def qt_rich_text(html: str) -> str:
    """The report as Qt's rich text lays it out best (on paper and in a preview).

    Qt's rich text reads CSS padding lengths as device pixels (tiny at 300 dpi): use the table attributes.

    Qt scales ``cellpadding`` and ``border`` as points (about 2 pt and 0.5 pt here).
    """
    html = re.sub(r"(th, td \{[^}]*?)padding:[^;}]*;?", r"\1", html)
    html = html.replace('<table class="grid">', '<table class="grid" cellspacing="40" cellpadding="0" border="0">')
    return html.replace("<table>", '<table cellspacing="0" cellpadding="2" border="0.5" style="border-color: #999;">')


def running_header(html: str) -> str:
    """The document's ``<title>`` as plain text (the report's name, round and tournament)."""
    match = re.search(r"<title>(.*?)</title>", html, re.S | re.I)
    return unescape(match.group(1)).strip() if match else ""


def html_to_pdf(
    html: str, path: str | os.PathLike[str], *, header: str | None = None, landscape: bool = True
) -> int:
    """Write ``html`` as a PDF at ``path``; returns the number of pages.

    Every page gets a running header line, ``header`` (default: the HTML's
    title) on the left and "page k of n" on the right, above the content.
    """
    ensure_gui_application()
    header = running_header(html) if header is None else header
    writer = QPdfWriter(str(path))
    writer.setResolution(RESOLUTION)
    writer.setCreator("arbiter")
    if header:
        writer.setTitle(header)
    orientation = QPageLayout.Orientation.Landscape if landscape else QPageLayout.Orientation.Portrait
    writer.setPageLayout(
        QPageLayout(
            QPageSize(QPageSize.PageSizeId.A4),
            orientation,
            QMarginsF(MARGIN_MM, MARGIN_MM, MARGIN_MM, MARGIN_MM),
            QPageLayout.Unit.Millimeter,
        )
    )
    return paint_pages(html, writer, RESOLUTION, header, f"cannot write {path}")


def print_html(html: str, printer: QPrinter, *, header: str | None = None) -> int:
    """Print ``html`` on ``printer`` (as the print dialog set it up), laid out as the PDF is; returns the pages."""
    ensure_gui_application()
    header = running_header(html) if header is None else header
    return paint_pages(html, printer, printer.resolution(), header, "the printer cannot be opened")


def paint_pages(html: str, device: QPagedPaintDevice, resolution: int, header: str, failure: str) -> int:
    """Lay ``html`` out on ``device``'s pages, with the running header; returns the number of pages."""
    printable = device.pageLayout().paintRectPixels(resolution)  # in device pixels
    font = QFont(HEADER_FAMILIES)
    font.setPointSizeF(7.5)
    metrics = QFontMetricsF(font, device)
    band = metrics.height() * 2.2  # the running header and a gap below it
    paper = QRectF(0, band, printable.width(), printable.height() - band)
    doc = QTextDocument()
    doc.documentLayout().setPaintDevice(device)
    doc.setDocumentMargin(0)
    doc.setHtml(qt_rich_text(html))
    width = float(paper.width())
    doc.setPageSize(QSizeF(width, float(paper.height())))
    needed = doc.size().width()
    if needed > width + 0.5:  # too wide: lay out on a wider page, scale it down to the paper
        doc.setTextWidth(-1)
        needed = max(doc.idealWidth(), doc.size().width(), needed)
        scale = width / needed
        doc.setPageSize(QSizeF(needed, paper.height() / scale))
        # a wider page may let the layout widen again; settle on what it uses now
        if doc.size().width() > needed + 0.5:
            needed = doc.size().width()
            scale = width / needed
            doc.setPageSize(QSizeF(needed, paper.height() / scale))
    else:
        scale = 1.0
    page = doc.pageSize()
    pages = doc.pageCount()
    painter = QPainter()
    if not painter.begin(device):
        raise OSError(failure)
    try:
        for k in range(pages):
            if k:
                device.newPage()
            painter.setFont(font)
            line = QRectF(0, 0, printable.width(), band / 2.2 * 1.2)
            number = f"page {k + 1} of {pages}"
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
            painter.translate(QPointF(0, -k * page.height()))
            doc.drawContents(painter, QRectF(0, k * page.height(), page.width(), page.height()))
            painter.restore()
    finally:
        painter.end()
    return pages
