"""Reading the PDFs the application writes, with libraries from PyPI (no system package needed).

pypdf gives the page count and each page's text laid out as on paper;
pypdfium2 (PDFium) renders a page to an image.
"""

from __future__ import annotations

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


def all_text(pdf: Path) -> str:
    return "\n".join(_plain(p.extract_text(extraction_mode="layout")) for p in pypdf.PdfReader(pdf).pages)


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
