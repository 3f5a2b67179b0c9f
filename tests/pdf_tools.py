"""Reading the PDFs the application writes, with libraries from PyPI (no system package needed).

pypdf gives the page count and each page's text laid out as on paper;
pypdfium2 (PDFium) renders a page to an image.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pypdf
import pypdfium2


def page_count(pdf: Path) -> int:
    return len(pypdf.PdfReader(pdf).pages)


def _plain(text: str) -> str:
    """Word gaps as spaces (the reports keep a name on one line with no-break spaces)."""
    return text.replace("\t", " ").replace("\xa0", " ")


def page_text(pdf: Path, page: int) -> str:
    """The text of page ``page`` (from 1), in layout mode: a table row stays on one line."""
    return _plain(pypdf.PdfReader(pdf).pages[page - 1].extract_text(extraction_mode="layout"))


def page_texts(pdf: Path) -> list[str]:
    """The text of every page, as :func:`page_text` (one reading of the file)."""
    return [_plain(p.extract_text(extraction_mode="layout")) for p in pypdf.PdfReader(pdf).pages]


def all_text(pdf: Path) -> str:
    return "\n".join(_plain(p.extract_text(extraction_mode="layout")) for p in pypdf.PdfReader(pdf).pages)


@dataclass(frozen=True)
class Word:
    """A run of characters without a gap, where PDFium found it: points from the page's top left."""

    text: str
    left: float
    right: float
    top: float
    bottom: float

    @property
    def middle(self) -> float:
        return (self.left + self.right) / 2


def page_words(pdf: Path, page: int) -> list[Word]:
    """The words of page ``page`` (from 1) in reading order, each with its box (loose boxes: the glyphs'
    advance widths, so that right-aligned numbers end at the same ``right``)."""
    return [w for line in document_lines(pdf, page)[0] for w in line]


def document_lines(pdf: Path, page: int | None = None) -> list[list[list[Word]]]:
    """The words of every page (or of page ``page`` alone) by line: a word is a run of characters without a
    gap, a line the words at one height (a table row's cells side by side, pairing cards side by side)."""
    document = pypdfium2.PdfDocument(str(pdf))
    try:
        numbers = range(len(document)) if page is None else [page - 1]
        return [_lines(document[k]) for k in numbers]
    finally:
        document.close()


def _lines(sheet: pypdfium2.PdfPage) -> list[list[Word]]:
    height = sheet.get_size()[1]
    text = sheet.get_textpage()
    content = text.get_text_range()
    chars = []
    for k in range(min(text.count_chars(), len(content))):
        char = content[k]
        if char.isspace():
            continue
        left, bottom, right, top = text.get_charbox(k, loose=True)
        if right > left:
            chars.append((char, left, right, height - top, height - bottom))
    lines: list[list[tuple[str, float, float, float, float]]] = []
    for c in sorted(chars, key=lambda c: (round(c[3]), c[1])):
        if lines and abs(lines[-1][-1][3] - c[3]) < 1.0:
            lines[-1].append(c)
        else:
            lines.append([c])
    words = []
    for line in lines:
        line.sort(key=lambda c: c[1])
        run, found = [line[0]], []
        for c in line[1:]:
            if c[1] - run[-1][2] > 1.0:
                found.append(_word(run))
                run = []
            run.append(c)
        found.append(_word(run))
        words.append(found)
    return words


def page_lines(pdf: Path) -> list[list[str]]:
    """Each page's lines of text, words separated by one space (PDFium: quicker than pypdf's layout mode)."""
    return [[" ".join(w.text for w in line) for line in lines] for lines in document_lines(pdf)]


def _word(run: list[tuple[str, float, float, float, float]]) -> Word:
    return Word("".join(c[0] for c in run), run[0][1], run[-1][2], min(c[3] for c in run), max(c[4] for c in run))


def page_images(pdf: Path, out: Path, dpi: int = 30) -> list[Path]:
    """Every page rendered as a PNG in ``out`` (``<stem>-<k>.png``)."""
    from PySide6.QtGui import QImage

    document = pypdfium2.PdfDocument(str(pdf))
    try:
        paths = []
        for k in range(len(document)):
            bitmap = document[k].render(scale=dpi / 72, rev_byteorder=True)
            pixels = bytes(bitmap.buffer)
            image = QImage(pixels, bitmap.width, bitmap.height, bitmap.stride, QImage.Format.Format_RGB888)
            path = out / f"{pdf.stem}-{k + 1}.png"
            assert image.save(str(path)), path
            paths.append(path)
        return paths
    finally:
        document.close()
