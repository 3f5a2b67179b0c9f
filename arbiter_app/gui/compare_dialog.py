"""For seminars: "what changed?" -- a round paired by Baku 2016 and by the 2026 edition, side by side.

The comparison (the service ``explain_comparison``) runs off the GUI thread,
in the child process like every explanation; the dialog shows both pairings,
the boards that differ and, for each difference, the criterion that decides
it in each edition, or says that the editions agree; for a round changed by
hand, the boards set by hand beside the engine's pairing.
"""

from __future__ import annotations

from PySide6.QtGui import QFontDatabase
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSpinBox,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from arbiter_app import services as sv
from arbiter_app.explain.document import Answer
from arbiter_app.explain.render_html import answer_html
from arbiter_app.gui.context import TournamentContext
from arbiter_app.gui.messages import error_text, is_expected


class CompareDialog(QDialog):
    def __init__(self, context: TournamentContext, round_number: int, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.context = context
        self.setWindowTitle("Compare the editions: Baku 2016 and FIDE 2026")
        self.round = QSpinBox()
        self.round.setRange(1, max(context.tournament.rounds_count, 1))
        self.round.setValue(min(max(round_number, 1), self.round.maximum()))
        self.round.setPrefix("Round ")
        self.compare_button = QPushButton("&Compare")
        self.compare_button.clicked.connect(self.compare)
        self.status = QLabel()
        self.text = QTextBrowser()
        self.text.setObjectName("editionComparison")
        self.text.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        self.text.setLineWrapMode(QTextBrowser.LineWrapMode.WidgetWidth)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        top = QHBoxLayout()
        top.addWidget(QLabel("Pair"))
        top.addWidget(self.round)
        top.addWidget(QLabel("by both editions of the rules"))
        top.addWidget(self.compare_button)
        top.addStretch(1)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(self.status)
        layout.addWidget(self.text, 1)
        layout.addWidget(buttons)
        self.resize(900, 620)

    def compare(self) -> None:
        ctx = self.context
        self.compare_button.setEnabled(False)
        self.status.setText(f"Round {self.round.value()}: pairing it by both editions…")
        ctx.run_on(ctx.runner, sv.explain_comparison, self.round.value(), on_done=self._shown, on_error=self._failed)

    def _shown(self, answer: Answer) -> None:
        self.compare_button.setEnabled(True)
        self.status.setText("")
        self.answer = answer
        self.text.setHtml(answer_html(answer))

    def _failed(self, error: BaseException) -> None:
        self.compare_button.setEnabled(True)
        if not is_expected(error):
            raise error
        self.status.setText(f"<span style='color:#b00020'>{error_text(error)}</span>")
