"""Slides painted with QPainter: on the seminar window, on an image, and on the pages of a PDF handout.

A slide (:class:`arbiter_app.explain.slides.Slide`) is laid out on a canvas 768 units high and at least 1024
wide, scaled to the device: the same slide reads the same on a 1024x768 projector, on a 1920x1080 screen
(wider: more room for names) and on an A4 page.  The bracket is drawn as the Arbiters' Manual draws it: S1 and
S2 side by side, Limbo under S1, a line for each pair of the candidate, its downfloaters marked; beside it the
candidate's failure values against the best so far's, the deciding criterion highlighted and put in words.

    write_slides_pdf(slides, "round-5.pdf")     # one slide a page, text kept as text (a handout)
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from pathlib import Path

from PySide6.QtCore import QMarginsF, QPointF, QRectF, QSize, QSizeF, Qt
from PySide6.QtGui import (
    QColor,
    QFont,
    QFontMetricsF,
    QImage,
    QPageLayout,
    QPageSize,
    QPainter,
    QPainterPath,
    QPdfWriter,
    QPen,
)

from arbiter_app.explain.slides import Slide, SlideBracket, SlidePlayer

HEIGHT = 768.0
"""The canvas's height in units: a 1024x768 projector draws a unit a pixel."""
MIN_WIDTH = 1024.0
MARGIN = 30.0
PAPER = QColor("#fbfaf6")
INK = QColor("#15171a")
MUTED = QColor("#5d636b")
ACCENT = QColor("#1f5fae")
"""The candidate's pairs."""
CHOSEN = QColor("#1d7a3a")
FAULT = QColor("#c0392b")
FLOAT_FILL = QColor("#fde6c4")
MDP_MARK = QColor("#7b4fa6")
HIGHLIGHT = QColor("#ffe37a")
BOX_FILL = QColor("#ffffff")
BOX_EDGE = QColor("#9aa3ad")
KEYS_HINT = "→ next   ← back   Home first   Ctrl+P slides to PDF   Esc leaves"


def _font(base: QFont, size: float, bold: bool = False, mono: bool = False) -> QFont:
    font = QFont(base)
    if mono:
        font.setFamilies(["DejaVu Sans Mono", "Liberation Mono", "Courier New", "monospace"])
        font.setStyleHint(QFont.StyleHint.Monospace)
    font.setPixelSize(max(6, round(size)))
    font.setBold(bold)
    return font


def _wrapped_height(font: QFont, text: str, width: float) -> float:
    """The height of ``text`` wrapped to ``width`` (remembered: a slide is laid out at several sizes, and again
    at each repaint)."""
    return _measured(font.toString(), text, round(width))


@functools.lru_cache(maxsize=4096)
def _measured(font: str, text: str, width: int) -> float:
    described = QFont()
    described.fromString(font)
    rect = QFontMetricsF(described).boundingRect(QRectF(0, 0, width, 10_000), int(Qt.TextFlag.TextWordWrap), text)
    return rect.height()


def _fitting(
    base: QFont,
    lines: Sequence[str],
    width: float,
    height: float,
    largest: float,
    smallest: float = 11,
    bold: bool = False,
    mono: bool = False,
    gap: float = 0.35,
) -> QFont:
    """The largest type (down to ``smallest``) at which ``lines`` wrapped to ``width`` fit ``height``."""
    size = largest
    while size > smallest:
        font = _font(base, size, bold, mono)
        total = sum(_wrapped_height(font, line, width) + size * gap for line in lines)
        if total <= height:
            return font
        size -= 1
    return _font(base, smallest, bold, mono)


def _draw_lines(
    p: QPainter, font: QFont, lines: Sequence[str], rect: QRectF, colour: QColor = INK, gap: float = 0.35
) -> float:
    """Wrapped paragraphs from the top of ``rect``; the height used."""
    p.setFont(font)
    p.setPen(colour)
    y = rect.top()
    flags = int(Qt.TextFlag.TextWordWrap) | int(Qt.AlignmentFlag.AlignLeft) | int(Qt.AlignmentFlag.AlignTop)
    for line in lines:
        h = _wrapped_height(font, line, rect.width())
        p.drawText(QRectF(rect.left(), y, rect.width(), h + 2), flags, line)
        y += h + font.pixelSize() * gap
    return y - rect.top()


class SlideCanvas:
    """One slide laid out on a canvas ``width`` x :data:`HEIGHT` units."""

    def __init__(self, painter: QPainter, width: float, base: QFont) -> None:
        self.p = painter
        self.w = width
        self.base = base
        self.boxes: dict[int, tuple[QRectF, int]] = {}
        """Each drawn player's box and column (0 S1, 1 S2, 2 Limbo)."""
        self.overflow: list[str] = []
        """Parts of the slide drawn beyond their room (none when the slide fits; the type shrinks to 11 units
        before any does)."""

    # --- the frame ------------------------------------------------------------

    def frame(self, slide: Slide, step: int, total: int, hint: str) -> QRectF:
        """Heading, title and footer; the rectangle left for the slide's content."""
        p, w = self.p, self.w
        p.fillRect(QRectF(0, 0, w, 8), ACCENT)  # the paper: paint_slide
        p.setPen(MUTED)
        p.setFont(_font(self.base, 19))
        p.drawText(QRectF(MARGIN, 18, w - 2 * MARGIN, 28), int(Qt.AlignmentFlag.AlignLeft), slide.heading)
        title_font = _fitting(self.base, [slide.title], w - 2 * MARGIN, 48, 36, 20, bold=True)
        p.setFont(title_font)
        p.setPen(INK)
        p.drawText(
            QRectF(MARGIN, 46, w - 2 * MARGIN, 50),
            int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter) | int(Qt.TextFlag.TextSingleLine),
            QFontMetricsF(title_font).elidedText(slide.title, Qt.TextElideMode.ElideRight, w - 2 * MARGIN),
        )
        p.setPen(QPen(BOX_EDGE, 1))
        p.drawLine(QPointF(MARGIN, HEIGHT - 40), QPointF(w - MARGIN, HEIGHT - 40))
        p.setFont(_font(self.base, 17))
        p.setPen(MUTED)
        p.drawText(
            QRectF(MARGIN, HEIGHT - 36, w - 2 * MARGIN, 30),
            int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter),
            hint,
        )
        p.setFont(_font(self.base, 20, bold=True))
        p.setPen(INK)
        p.drawText(
            QRectF(MARGIN, HEIGHT - 36, w - 2 * MARGIN, 30),
            int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter),
            step_text(step, total),
        )
        return QRectF(MARGIN, 106, w - 2 * MARGIN, HEIGHT - 40 - 106 - 10)

    # --- text slides ----------------------------------------------------------

    def text(self, slide: Slide, area: QRectF) -> None:
        font = _fitting(
            self.base,
            slide.lines,
            area.width(),
            area.height(),
            24 if slide.monospace else 28,
            8 if slide.monospace else 11,
            mono=slide.monospace,
            gap=0.1 if slide.monospace else 0.5,
        )
        used = _draw_lines(self.p, font, slide.lines, area, gap=0.1 if slide.monospace else 0.5)
        if used > area.height() + font.pixelSize():  # the last paragraph's gap may pass the edge
            self.overflow.append("text")

    # --- the bracket ----------------------------------------------------------

    def bracket(self, b: SlideBracket, area: QRectF, slide: Slide) -> None:
        p = self.p
        gap = 70.0 if area.width() < 640 else 110.0
        col_w = (area.width() - gap - 40) / 2
        left = area.left() + 20
        right = left + col_w + gap
        p.setFont(_font(self.base, 22, bold=True))
        p.setPen(INK)
        p.drawText(QRectF(left, area.top(), col_w, 30), int(Qt.AlignmentFlag.AlignLeft), "S1")
        p.drawText(QRectF(right, area.top(), col_w, 30), int(Qt.AlignmentFlag.AlignLeft), "S2")
        p.setFont(_font(self.base, 15))
        p.setPen(MUTED)
        for x in (left, right):
            p.drawText(
                QRectF(x + 34, area.top() + 6, col_w - 34, 24), int(Qt.AlignmentFlag.AlignLeft), f"({b.article})"
            )
        rows = max(
            len(b.s1) + (len(b.limbo) + 1 if b.limbo else 0) + (1 if b.s1_more else 0),
            len(b.s2) + (1 if b.s2_more else 0),
            1,
        )
        top = area.top() + 36
        row_h = min(74.0, (area.bottom() - top - 30) / rows)
        box_h = row_h * 0.82
        floaters = set(slide.floaters)

        def column(players: Sequence[SlidePlayer], x: float, y: float, index: int, more: int = 0) -> float:
            for player in players:
                self._box(player, QRectF(x, y, col_w, box_h), index, player.number in floaters)
                y += row_h
            if more:
                self._more(more, QRectF(x, y, col_w, box_h))
                y += row_h
            return y

        y = column(b.s1, left, top, 0, b.s1_more)
        if b.limbo:
            p.setFont(_font(self.base, 17, bold=True))
            p.setPen(MDP_MARK)
            p.drawText(
                QRectF(left, y, col_w, row_h),
                int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignBottom),
                f"Limbo ({b.article})",
            )
            column(b.limbo, left, y + row_h, 2)
        column(b.s2, right, top, 1, b.s2_more)
        self._pairs(slide)

    def _more(self, count: int, rect: QRectF) -> None:
        self.p.setFont(_font(self.base, 16))
        self.p.setPen(MUTED)
        self.p.drawText(rect, int(Qt.AlignmentFlag.AlignCenter), f"… {count:,} more (their pairs not drawn)")

    def _box(self, player: SlidePlayer, rect: QRectF, column: int, floats: bool) -> None:
        """A player: number and name, then score, colour preference and floats (one line when rows are short)."""
        p = self.p
        self.boxes[player.number] = (rect, column)
        p.setPen(QPen(BOX_EDGE, 1.2))
        p.setBrush(FLOAT_FILL if floats else BOX_FILL)
        p.drawRoundedRect(rect, 6, 6)
        if player.mdp:
            p.fillRect(QRectF(rect.left() + 1, rect.top() + 1, 6, rect.height() - 2), MDP_MARK)
        two_lines = rect.height() >= 52
        line_h = rect.height() / 2 if two_lines else rect.height()
        size = min(21.0, line_h * (0.72 if two_lines else 0.56))
        pad = 12.0
        num_w = size * 2.1
        chip_w = size * 1.75
        score_w = size * 1.9
        floats_w = size * 3.4 if player.floats else 0.0
        mid = int(Qt.AlignmentFlag.AlignVCenter)
        top = QRectF(rect.left(), rect.top() + (2 if two_lines else 0), rect.width(), line_h)
        x = rect.left() + pad
        p.setPen(INK)
        p.setFont(_font(self.base, size, bold=True))
        p.drawText(QRectF(x, top.top(), num_w, line_h), mid | int(Qt.AlignmentFlag.AlignRight), str(player.number))
        x += num_w + size * 0.5
        details = chip_w + score_w + floats_w + 6
        name_w = rect.right() - pad - x - (0 if two_lines else details)
        name_font = _font(self.base, size)
        p.setFont(name_font)
        p.drawText(
            QRectF(x, top.top(), name_w, line_h),
            mid | int(Qt.AlignmentFlag.AlignLeft),
            QFontMetricsF(name_font).elidedText(player.name, Qt.TextElideMode.ElideRight, name_w),
        )
        if two_lines:
            y, x = top.bottom() - 4, rect.left() + pad + num_w + size * 0.5
        else:
            y, x = top.top(), rect.right() - pad - details + 6
        small = _font(self.base, size * 0.9)
        p.setFont(small)
        p.setPen(INK)
        p.drawText(QRectF(x, y, score_w, line_h), mid | int(Qt.AlignmentFlag.AlignLeft), player.score)
        x += score_w
        self._chip(player.colour, QRectF(x, y + line_h * 0.14, chip_w - 4, line_h * 0.72), size * 0.8)
        if player.floats:
            p.setFont(_font(self.base, size * 0.8, bold=True))
            p.setPen(MDP_MARK)
            p.drawText(
                QRectF(x + chip_w + 4, y, floats_w, line_h), mid | int(Qt.AlignmentFlag.AlignLeft), player.floats
            )

    def _chip(self, colour: str, rect: QRectF, size: float) -> None:
        """The colour preference: a white chip for White, a black one for Black, none for none."""
        p = self.p
        black = colour[:1] in ("B", "b")
        if colour != "-":
            p.setPen(QPen(INK, 1))
            p.setBrush(INK if black else BOX_FILL)
            p.drawRoundedRect(rect, 4, 4)
        p.setPen(BOX_FILL if black else INK)
        p.setFont(_font(self.base, size, bold=colour[:1].isupper()))
        p.drawText(rect, int(Qt.AlignmentFlag.AlignCenter), colour)

    def _pairs(self, slide: Slide) -> None:
        p = self.p
        colour = CHOSEN if slide.chosen else (FAULT if not slide.legal else ACCENT)
        for a, b in slide.pairs:
            if a not in self.boxes or b not in self.boxes:
                continue
            fault = not slide.legal and {a, b} <= set(slide.offending)
            pen = QPen(FAULT if fault else colour, 4 if fault or slide.chosen else 3)
            if not slide.legal and not fault:
                pen.setStyle(Qt.PenStyle.DashLine)
            p.setPen(pen)
            p.setBrush(Qt.BrushStyle.NoBrush)
            (ra, ca), (rb, cb) = self.boxes[a], self.boxes[b]
            if (ca == 1) != (cb == 1):  # across: S1 (or Limbo) to S2
                r1, r2 = (ra, rb) if ca != 1 else (rb, ra)
                start, end = QPointF(r1.right(), r1.center().y()), QPointF(r2.left(), r2.center().y())
                p.drawLine(start, end)
                p.setBrush(pen.color())
                p.drawEllipse(start, 4, 4)
                p.drawEllipse(end, 4, 4)
            else:  # both in one column: an arc on its outer side
                outer = ca == 1
                x = ra.right() if outer else ra.left()
                bulge = 22 if outer else -22
                s, e = QPointF(x, ra.center().y()), QPointF(x, rb.center().y())
                path = QPainterPath(s)
                path.cubicTo(QPointF(x + bulge, s.y()), QPointF(x + bulge, e.y()), e)
                p.drawPath(path)

    # --- the panel beside the bracket -----------------------------------------

    def panel(self, slide: Slide, area: QRectF) -> None:
        """The verdict, the criteria table, the deciding criterion in words (highlighted), then the rest."""
        p = self.p
        y = area.top()
        verdict_lines = [slide.verdict] if slide.verdict else list(slide.lines[:1])
        rest = [line for line in slide.lines if line not in verdict_lines[0]] if verdict_lines else list(slide.lines)
        if slide.kind == "bracket":
            verdict_lines, rest = [], list(slide.lines)
        rest_after = slide.kind in ("candidate", "decision")
        table_h = 34.0 * (len(slide.criteria) + 1) if slide.criteria else 0.0
        words = list(slide.explanation)
        width = area.width()

        def height(font: QFont, bold: QFont) -> float:
            gap = font.pixelSize() * 0.35
            total = sum(_wrapped_height(bold, line, width) + gap for line in verdict_lines)
            total += sum(_wrapped_height(font, line, width) + gap for line in rest + words[1:])
            if words:
                total += _wrapped_height(bold, words[0], width - 16) + gap + 14
            return total + (table_h + 16 if table_h else 0)

        size = 22
        while True:
            font = _font(self.base, size)
            bold = _font(self.base, size, bold=True)
            if size <= 11 or height(font, bold) <= area.height():
                break
            size -= 1

        def paragraphs(lines: list[str], colour: QColor = INK) -> None:
            nonlocal y
            if lines:
                y += _draw_lines(p, font, lines, QRectF(area.left(), y, area.width(), area.bottom() - y), colour)

        y += _draw_lines(p, bold, verdict_lines, QRectF(area.left(), y, area.width(), area.bottom() - y))
        if not rest_after:
            paragraphs(rest)
        if slide.criteria:
            y += 4
            y += self._criteria(slide, QRectF(area.left(), y, area.width(), table_h)) + 12
        if words:
            first, *others = words
            h = _wrapped_height(bold, first, width - 16)
            p.fillRect(QRectF(area.left(), y - 4, width, h + 10), HIGHLIGHT)
            y += _draw_lines(p, bold, [first], QRectF(area.left() + 8, y, width - 16, h + 4)) + 10
            paragraphs(others)
        if rest_after:
            paragraphs(rest, MUTED if slide.kind == "candidate" and words else INK)
        if y > area.bottom() + 12:
            self.overflow.append("panel")

    def _criteria(self, slide: Slide, rect: QRectF) -> float:
        p = self.p
        row_h = rect.height() / (len(slide.criteria) + 1)
        label_w = rect.width() * 0.25
        value_w = (rect.width() - label_w) / (2 if slide.compared_with else 1)
        size = min(20.0, row_h * 0.6)
        head = _font(self.base, size * 0.75, bold=True)
        p.setFont(head)
        p.setPen(MUTED)
        mid = int(Qt.AlignmentFlag.AlignVCenter)
        p.drawText(QRectF(rect.left() + 6, rect.top(), label_w, row_h), mid, "Criterion")
        p.drawText(QRectF(rect.left() + label_w, rect.top(), value_w, row_h), mid, "This candidate")
        if slide.compared_with:
            p.drawText(
                QRectF(rect.left() + label_w + value_w, rect.top(), value_w, row_h),
                mid,
                slide.compared_with.capitalize(),
            )
        y = rect.top() + row_h
        for row in slide.criteria:
            cell = QRectF(rect.left(), y, rect.width(), row_h)
            if row.deciding:
                p.fillRect(cell, HIGHLIGHT)
            p.setPen(QPen(BOX_EDGE, 0.8))
            p.drawLine(cell.topLeft(), cell.topRight())
            p.setPen(INK)
            font = _font(self.base, size, bold=row.deciding)
            p.setFont(font)
            metrics = QFontMetricsF(font)
            p.drawText(QRectF(rect.left() + 6, y, label_w - 6, row_h), mid, row.label)
            p.drawText(
                QRectF(rect.left() + label_w, y, value_w - 6, row_h),
                mid,
                metrics.elidedText(row.value, Qt.TextElideMode.ElideRight, value_w - 6),
            )
            if slide.compared_with:
                p.drawText(
                    QRectF(rect.left() + label_w + value_w, y, value_w - 6, row_h),
                    mid,
                    metrics.elidedText(row.best, Qt.TextElideMode.ElideRight, value_w - 6),
                )
            y += row_h
        return rect.height()

    # --- a whole slide --------------------------------------------------------

    def slide(self, slide: Slide, step: int, total: int, hint: str) -> None:
        area = self.frame(slide, step, total, hint)
        if slide.bracket is None:
            self.text(slide, area)
            return
        legend = "Orange: floats down (in the last bracket: the bye)   ▌MDP   W/B strong, w/b mild, * absolute"
        self.p.setFont(_font(self.base, 15))
        self.p.setPen(MUTED)
        self.p.drawText(
            QRectF(area.left(), area.bottom() - 22, area.width(), 22),
            int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter),
            legend,
        )
        area.setBottom(area.bottom() - 26)
        split = area.left() + area.width() * 0.58
        self.bracket(slide.bracket, QRectF(area.left(), area.top(), split - area.left() - 10, area.height()), slide)
        self.panel(slide, QRectF(split + 14, area.top(), area.right() - split - 14, area.height()))


def step_text(step: int, total: int) -> str:
    """``Step 3 of 12`` (``step`` from 0)."""
    return f"Step {step + 1} of {total}"


def paint_slide(
    painter: QPainter,
    size: QSizeF | QSize,
    slide: Slide,
    step: int,
    total: int,
    hint: str = "",
    base: QFont | None = None,
) -> SlideCanvas:
    """``slide`` (step ``step`` of ``total``, from 0) over a device of ``size``, scaled to fit, centred; the
    canvas it was laid out on (``overflow``: what did not fit)."""
    width, height = float(size.width()), float(size.height())
    scale = min(width / MIN_WIDTH, height / HEIGHT)
    painter.save()
    painter.fillRect(QRectF(0, 0, width, height), PAPER)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
    canvas_w = width / scale
    painter.translate(0, (height - HEIGHT * scale) / 2)
    painter.scale(scale, scale)
    canvas = SlideCanvas(painter, canvas_w, base or QFont())
    canvas.slide(slide, step, total, hint)
    painter.restore()
    return canvas


def slide_image(slide: Slide, step: int, total: int, width: int = 1024, height: int = 768, hint: str = "") -> QImage:
    image = QImage(width, height, QImage.Format.Format_RGB32)
    painter = QPainter(image)
    try:
        paint_slide(painter, image.size(), slide, step, total, hint)
    finally:
        painter.end()
    return image


class SlidesPdf:
    """A PDF handout written a slide a page, one page per call (the window stays free between pages)."""

    def __init__(self, path: str | Path, title: str, total: int) -> None:
        self.path = Path(path)
        self.total = total
        self.title = title
        """Under each slide, where the window shows its keys."""
        self.pages = 0
        self.writer = QPdfWriter(str(self.path))
        self.writer.setTitle(title)
        self.writer.setCreator("arbiter_app")
        self.writer.setResolution(96)
        self.writer.setPageLayout(
            QPageLayout(QPageSize(QPageSize.PageSizeId.A4), QPageLayout.Orientation.Landscape, QMarginsF(0, 0, 0, 0))
        )
        self.painter = QPainter()

    def add(self, slide: Slide) -> None:
        if self.pages == 0:
            if not self.painter.begin(self.writer):
                raise OSError(f"cannot write {self.path}")
        else:
            self.writer.newPage()
        rect = self.writer.pageLayout().paintRectPixels(self.writer.resolution())
        paint_slide(self.painter, QSizeF(rect.width(), rect.height()), slide, self.pages, self.total, self.title)
        self.pages += 1

    def finish(self) -> Path:
        if self.painter.isActive():
            self.painter.end()
        return self.path


def write_slides_pdf(slides: Sequence[Slide], path: str | Path, title: str = "Seminar") -> Path:
    """Every slide on a page of its own (A4 landscape), its text kept as text."""
    pdf = SlidesPdf(path, title, len(slides))
    try:
        for slide in slides:
            pdf.add(slide)
    finally:
        pdf.finish()
    return pdf.path
