"""Seminar mode: full screen, large type, one step of the pairing procedure per key press.

Right, Space or Page Down: the next step; Left, Backspace or Page Up: the one before; Home: the first;
Escape: leave.  The steps come from ``seminar_steps`` (the explanation package's own data), computed on the
explain panel's worker so that the window stays responsive with a large open.
"""

from __future__ import annotations

import html

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont, QKeyEvent, QResizeEvent
from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget

from arbiter_app.gui import explain_source as xs
from arbiter_app.gui import process_call
from arbiter_app.gui.seminar_steps import SeminarStep, steps_of
from arbiter_app.gui.workers import Runner

LINES_ON_SCREEN = 18
"""The type: a line is an eighteenth of the screen's height."""
NEXT_KEYS = (Qt.Key.Key_Right, Qt.Key.Key_Space, Qt.Key.Key_PageDown, Qt.Key.Key_Down)
PREVIOUS_KEYS = (Qt.Key.Key_Left, Qt.Key.Key_Backspace, Qt.Key.Key_PageUp, Qt.Key.Key_Up)
KIND_WORDS = {
    "round": "The round",
    "bracket": "The bracket",
    "candidate": "A candidate",
    "decision": "The deciding criterion",
    "more": "The other candidates",
    "editions": "Baku 2016 against 2026",
}


class SeminarView(QWidget):
    def __init__(self, question: xs.Question, runner: Runner, parent: QWidget | None = None) -> None:
        super().__init__(parent, Qt.WindowType.Window)
        self.setObjectName("seminar")
        self.setWindowTitle(f"Seminar — round {question.round}")
        self.setStyleSheet("QWidget#seminar { background: #fbfaf6; } QLabel { color: #111; }")
        self.question = question
        self.runner = runner
        self.steps: list[SeminarStep] = []
        self.step = 0
        self.kind = QLabel()
        self.title = QLabel()
        self.title.setWordWrap(True)
        self.body = QLabel("Working out the steps…")
        self.body.setWordWrap(True)
        self.body.setTextFormat(Qt.TextFormat.RichText)
        self.body.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.footer = QLabel()
        layout = QVBoxLayout(self)
        layout.setContentsMargins(48, 32, 48, 24)
        layout.addWidget(self.kind)
        layout.addWidget(self.title)
        layout.addSpacing(12)
        layout.addWidget(self.body, 1)
        layout.addWidget(self.footer)
        self._size_type()
        if runner.use_processes:
            runner.submit(process_call.call, steps_of, question, on_done=self.set_steps, on_error=self._failed)
        else:
            runner.submit(steps_of, question, on_done=self.set_steps, on_error=self._failed)

    def set_steps(self, steps: list[SeminarStep]) -> None:
        self.steps = steps
        self.show_step(0)

    def _failed(self, error: BaseException) -> None:
        self.body.setText(html.escape(str(error)))

    def show_step(self, k: int) -> None:
        if not self.steps:
            return
        self.step = min(max(k, 0), len(self.steps) - 1)
        s = self.steps[self.step]
        self.kind.setText(KIND_WORDS.get(s.kind, ""))
        self.title.setText(s.title)
        if s.kind == "editions":
            self.body.setText("<pre>" + html.escape("\n".join(s.lines)) + "</pre>")
        else:
            self.body.setText("".join(f"<p>{html.escape(line)}</p>" for line in s.lines))
        self.footer.setText(f"Step {self.step + 1} of {len(self.steps)}   ·   → next   ← back   Esc leaves")

    def keyPressEvent(self, event: QKeyEvent) -> None:
        key = event.key()
        if key in NEXT_KEYS:
            self.show_step(self.step + 1)
        elif key in PREVIOUS_KEYS:
            self.show_step(self.step - 1)
        elif key == Qt.Key.Key_Home:
            self.show_step(0)
        elif key == Qt.Key.Key_Escape:
            self.close()
        else:
            super().keyPressEvent(event)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._size_type()

    def _size_type(self) -> None:
        """Type from the window's height: readable from the back of a seminar room."""
        line = max(10, int(self.height() / LINES_ON_SCREEN))
        for label, scale, bold in ((self.kind, 0.5, False), (self.title, 0.8, True), (self.body, 0.62, False),
                                   (self.footer, 0.4, False)):
            font = QFont(self.font())
            font.setPixelSize(max(8, int(line * scale)))
            font.setBold(bold)
            label.setFont(font)
