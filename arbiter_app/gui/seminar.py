"""Seminar mode: full screen, large type, one step of the pairing procedure per key press.

Right, Space or Page Down: the next step; Left, Backspace or Page Up: the one before; Home: the first;
Escape: leave.  The steps come from ``seminar_steps`` (the explanation package's own data), computed on the
explain panel's worker part by part: the round first, then each bracket when the room is about to reach it,
so that the first step shows at once with a large open and the window stays responsive.
"""

from __future__ import annotations

import html

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont, QKeyEvent, QResizeEvent
from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget

from arbiter_app.gui import explain_source as xs
from arbiter_app.gui import process_call
from arbiter_app.gui.seminar_steps import SeminarPart, SeminarStep, part_of
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
    "board": "A board and its Berger row",
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
        self.parts: int | None = None
        """How many parts the seminar has (known with the first)."""
        self.parts_known = 0
        """The parts worked out so far (their steps are in ``steps``)."""
        self._asked = False
        self._wanted: int | None = None
        """A step asked for before its part was worked out (shown when it is)."""
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
        self._ask_next_part()

    @property
    def complete(self) -> bool:
        """Every part worked out: ``steps`` is the whole seminar."""
        return self.parts is not None and self.parts_known >= self.parts

    def _ask_next_part(self) -> None:
        """The next part on the worker (one at a time, in order: the steps are the same whenever asked for)."""
        if self._asked or self.complete:
            return
        self._asked = True
        if self.runner.use_processes:
            self.runner.submit(process_call.call, part_of, self.question, self.parts_known, on_done=self.add_part,
                               on_error=self._failed)
        else:
            self.runner.submit(part_of, self.question, self.parts_known, on_done=self.add_part, on_error=self._failed)

    def add_part(self, part: SeminarPart) -> None:
        self._asked = False
        self.steps.extend(part.steps)
        self.parts, self.parts_known = part.parts, self.parts_known + 1
        wanted, self._wanted = self._wanted, None
        self.show_step(self.step if wanted is None else wanted)

    def _failed(self, error: BaseException) -> None:
        self._asked = False
        self.body.setText(html.escape(str(error)))

    def show_step(self, k: int) -> None:
        if not self.steps:
            return
        if k >= len(self.steps) and not self.complete:
            self._wanted = k  # shown once its part is worked out
            self.footer.setText(f"Step {self.step + 1} of {len(self.steps)} so far   ·   working out the next steps…")
            self._ask_next_part()
            return
        self.step = min(max(k, 0), len(self.steps) - 1)
        s = self.steps[self.step]
        self.kind.setText(KIND_WORDS.get(s.kind, ""))
        self.title.setText(s.title)
        if s.kind == "editions":
            self.body.setText("<pre>" + html.escape("\n".join(s.lines)) + "</pre>")
        else:
            self.body.setText("".join(f"<p>{html.escape(line)}</p>" for line in s.lines))
        known = f"{len(self.steps)}" if self.complete else f"{len(self.steps)} so far"
        self.footer.setText(f"Step {self.step + 1} of {known}   ·   → next   ← back   Esc leaves")
        if self.step >= len(self.steps) - 1:
            self._ask_next_part()  # the room reads the last step worked out: the next part meanwhile

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
