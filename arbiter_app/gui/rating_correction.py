"""A result corrected for the rating report only (C.04.2-2026 4.3; checklist Q192-Q193): the dialog that asks
which result the rating report counts, from the board's menu in the round view."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtWidgets import QComboBox, QDialog, QDialogButtonBox, QLabel, QVBoxLayout, QWidget

from arbiter_app.services.dto import BoardInfo


class RatingCorrectionDialog(QDialog):
    """Which result the rating report counts for one game; pairing and standings keep the board's result."""

    def __init__(
        self, round_number: int, board: BoardInfo, choices: Sequence[tuple[str, str]], parent: QWidget | None = None
    ) -> None:
        """``choices``: (text, result) of every final result (an adjourned game gets its result, not this)."""
        super().__init__(parent)
        self.setWindowTitle(f"Round {round_number}, board {board.number}: correction for rating only")
        layout = QVBoxLayout(self)
        about = QLabel(
            f"#{board.white} {board.white_name} – #{board.black} {board.black_name}: {board.result_text} stays the "
            "result for pairings and standings. C.04.2-2026 4.3: a correction reported after the following round "
            "counts for rating purposes only; TRF-2026 exports note it as a ### comment."
        )
        about.setWordWrap(True)
        layout.addWidget(about)
        self.results = QComboBox()
        self.results.setObjectName("ratingResult")
        for text, value in choices:
            self.results.addItem(text, value)
        layout.addWidget(QLabel("Result for the rating report:"))
        layout.addWidget(self.results)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)

    @property
    def chosen(self) -> str:
        """The result chosen, as the service reads it (``0-1``, ``-+`` ...)."""
        return str(self.results.currentData())
