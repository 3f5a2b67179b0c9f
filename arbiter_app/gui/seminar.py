"""Seminar mode: full screen, one slide of the pairing procedure per key press, for a lecturer to project.

Each slide draws the bracket as the Arbiters' Manual does (S1 and S2 side by side, Limbo, lines for the
candidate's pairs, colour preferences and floats) with the candidate's failure values and the deciding
criterion in words (:mod:`arbiter_app.explain.slides`, painted by :mod:`arbiter_app.gui.slide_painter`).

Right, Space or Page Down: the next slide; Left, Backspace or Page Up: the one before; Home: the first;
Ctrl+P: the slides to a PDF handout; Escape: leave.  The slides are worked out on the explain panel's worker
part by part (the round first, then each bracket when the room is about to reach it), so that the first shows
at once with a large open; the number of slides is known with the first.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QRectF, Qt, QTimer, Signal
from PySide6.QtGui import QFont, QKeyEvent, QKeySequence, QPainter, QPaintEvent
from PySide6.QtWidgets import QFileDialog, QMessageBox, QWidget

from arbiter_app.explain.slides import Slide
from arbiter_app.gui import explain_source as xs
from arbiter_app.gui import process_call
from arbiter_app.gui.files import data_folder
from arbiter_app.gui.seminar_steps import SeminarPart, part_of
from arbiter_app.gui.slide_painter import KEYS_HINT, PAPER, SlidesPdf, paint_slide, step_text
from arbiter_app.gui.workers import Runner

NEXT_KEYS = (Qt.Key.Key_Right, Qt.Key.Key_Space, Qt.Key.Key_PageDown, Qt.Key.Key_Down)
PREVIOUS_KEYS = (Qt.Key.Key_Left, Qt.Key.Key_Backspace, Qt.Key.Key_PageUp, Qt.Key.Key_Up)
PDF_FILTER = "PDF handouts (*.pdf)"
AHEAD = 3
"""The next part is worked out when the room is this many slides from the last one worked out (the editions
compared, the last part, takes seconds at 2,000 players)."""


class SeminarView(QWidget):
    exported = Signal(str)
    """The PDF handout is written (its path)."""

    def __init__(self, question: xs.Question, runner: Runner, parent: QWidget | None = None) -> None:
        super().__init__(parent, Qt.WindowType.Window)
        self.setObjectName("seminar")
        self.setWindowTitle(f"Seminar — round {question.round}")
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.question = question
        self.runner = runner
        self.slides: list[Slide] = []
        self.step = 0
        self.total: int | None = None
        """How many slides the seminar has (known with the first part)."""
        self.parts: int | None = None
        """How many parts the seminar has (known with the first)."""
        self.parts_known = 0
        """The parts worked out so far (their slides are in ``slides``)."""
        self.status = "Working out the slides…"
        """A line for the room under the slide: work under way, a file written, an error."""
        self._asked = False
        self._wanted: int | None = None
        """A slide asked for before its part was worked out (shown when it is)."""
        self._pdf: SlidesPdf | None = None
        self._pdf_path: Path | None = None
        """A handout asked for: written once every part is worked out."""
        self._ask_next_part()

    @property
    def complete(self) -> bool:
        """Every part worked out: ``slides`` is the whole seminar."""
        return self.parts is not None and self.parts_known >= self.parts

    @property
    def slide(self) -> Slide | None:
        """The slide on screen."""
        return self.slides[self.step] if self.slides else None

    def footer_text(self) -> str:
        """``Step 3 of 34`` (and what is under way)."""
        if self.total is None:
            return self.status
        return step_text(self.step, self.total) + (f"   ·   {self.status}" if self.status else "")

    def _ask_next_part(self) -> None:
        """The next part on the worker (one at a time, in order: the slides are the same whenever asked for)."""
        if self._asked or self.complete:
            return
        self._asked = True
        if self.runner.use_processes:
            self.runner.submit(
                process_call.call,
                part_of,
                self.question,
                self.parts_known,
                on_done=self.add_part,
                on_error=self._failed,
            )
        else:
            self.runner.submit(part_of, self.question, self.parts_known, on_done=self.add_part, on_error=self._failed)

    def add_part(self, part: SeminarPart) -> None:
        self._asked = False
        self.slides.extend(part.slides)
        self.parts, self.total, self.parts_known = part.parts, part.total, self.parts_known + 1
        wanted, self._wanted = self._wanted, None
        if self.status.startswith("Working out"):
            self.status = ""
        if self._pdf_path is not None:
            if self.complete:
                self._start_pdf()
            else:
                self._ask_next_part()
        self.show_step(self.step if wanted is None else wanted)

    def _failed(self, error: BaseException) -> None:
        self._asked = False
        self._pdf_path = None
        self.status = str(error)
        self.update()

    def show_step(self, k: int) -> None:
        if not self.slides:
            return
        if k >= len(self.slides) and not self.complete:
            self._wanted = k  # shown once its part is worked out
            self.status = "Working out the next slides…"
            self._ask_next_part()
            self.update()
            return
        self.step = min(max(k, 0), len(self.slides) - 1)
        self.update()
        if self.step >= len(self.slides) - AHEAD:
            self._ask_next_part()  # the room nears the last slide worked out: the next part meanwhile

    # --- the handout ----------------------------------------------------------

    def ask_pdf(self) -> None:
        """Ctrl+P: where to write the handout, then :meth:`export_pdf`."""
        suggested = data_folder() / f"seminar-round-{self.question.round}.pdf"
        name, _ = QFileDialog.getSaveFileName(self, "Slides to PDF", str(suggested), PDF_FILTER)
        if name:
            self.export_pdf(Path(name))

    def export_pdf(self, path: Path) -> None:
        """Write every slide to ``path``, a slide a page; the parts not yet worked out first, on the worker.
        The pages are painted one per turn of the event loop; ``exported`` tells when the file is written."""
        if self._pdf is not None:
            return
        self._pdf_path = path
        self.status = f"Writing the slides to {path.name}…"
        self.update()
        if self.complete:
            self._start_pdf()
        else:
            self._ask_next_part()

    def _start_pdf(self) -> None:
        path, self._pdf_path = self._pdf_path, None
        assert path is not None
        try:
            self._pdf = SlidesPdf(path, f"Round {self.question.round}: the pairing, step by step", len(self.slides))
        except OSError as error:
            self._pdf_failed(path, error)
            return
        QTimer.singleShot(0, self._next_page)

    def _next_page(self) -> None:
        pdf = self._pdf
        if pdf is None:
            return
        try:
            if pdf.pages < len(self.slides):
                pdf.add(self.slides[pdf.pages])
                QTimer.singleShot(0, self._next_page)
                return
            path = pdf.finish()
        except OSError as error:
            pdf.finish()
            self._pdf = None
            self._pdf_failed(pdf.path, error)
            return
        self._pdf = None
        self.status = f"{len(self.slides)} slides saved to {path}"
        self.update()
        self.exported.emit(str(path))

    def _pdf_failed(self, path: Path, error: OSError) -> None:
        self.status = ""
        QMessageBox.warning(self, "Slides to PDF", f"The slides could not be written to {path}: {error}")
        self.update()

    # --- Qt -------------------------------------------------------------------

    def keyPressEvent(self, event: QKeyEvent) -> None:
        key = event.key()
        if event.matches(QKeySequence.StandardKey.Print) or (
            key == Qt.Key.Key_P and event.modifiers() & Qt.KeyboardModifier.ControlModifier
        ):
            self.ask_pdf()
        elif key in NEXT_KEYS:
            self.show_step(self.step + 1)
        elif key in PREVIOUS_KEYS:
            self.show_step(self.step - 1)
        elif key == Qt.Key.Key_Home:
            self.show_step(0)
        elif key == Qt.Key.Key_Escape:
            self.close()
        else:
            super().keyPressEvent(event)

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        try:
            slide = self.slide
            if slide is None or self.total is None:
                painter.fillRect(self.rect(), PAPER)
                font = QFont(self.font())
                font.setPixelSize(max(12, self.height() // 24))
                painter.setFont(font)
                painter.drawText(QRectF(self.rect()), int(Qt.AlignmentFlag.AlignCenter), self.status)
                return
            hint = KEYS_HINT if not self.status else self.status
            paint_slide(painter, self.size(), slide, self.step, self.total, hint, self.font())
        finally:
            painter.end()
