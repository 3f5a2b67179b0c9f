"""Results from the keyboard: a board number, Enter, then ``1``, ``0``, ``=``, ``+`` or ``-``.

The results of a game the arbiter scores otherwise (checklist Q180) have letters: ``w`` ½-0 (only White
scores ½), ``b`` 0-½, ``x`` 0-0; after the board number only, since letters are not part of a number.

``7`` Enter ``1`` enters 1-0 on board 7; ``7=`` works too (``=``, ``+`` and
``-`` cannot be part of a number).  Enter alone takes the board selected in
the table (the next one without a result after each entry), so results in
board order are typed as Enter ``1`` Enter ``=`` ...  Escape starts over.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QLineEdit, QWidget

RESULT_KEYS = {"1": "1-0", "0": "0-1", "=": "1/2", "+": "+-", "-": "-+", "w": "1/2-0", "b": "0-1/2", "x": "0-0"}
"""Key -> result as the services spell it: 1-0, 0-1, draw, white wins by forfeit, black wins by forfeit,
½-0, 0-½, 0-0 (played)."""
KEY_WORDS = "1 = 1-0    0 = 0-1    = = ½-½    + = +/− (forfeit)    − = −/+ (forfeit)    w = ½-0    b = 0-½    x = 0-0"


class ResultEntry(QLineEdit):
    board_chosen = Signal(int)
    """A board number was confirmed (the view selects it, or refuses it with :meth:`release`)."""
    result_typed = Signal(int, str)
    """(board, result) to enter."""
    step = Signal(int)
    """Up/Down arrows: move the table's selection by one board."""
    default_board_wanted = Signal()
    """Enter on an empty field: the view calls :meth:`choose` with its selected board."""

    PLACEHOLDER = "Board no., Enter, then 1 0 = + −"

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.board: int | None = None
        self.setPlaceholderText(self.PLACEHOLDER)
        self.setMaxLength(24)

    def choose(self, board: int) -> None:
        """Wait for the result of ``board``."""
        self.board = board
        self.setText(f"Board {board}: ")
        self.board_chosen.emit(board)

    def release(self) -> None:
        """Back to waiting for a board number."""
        self.board = None
        self.clear()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        key, text = event.key(), event.text()
        if key == Qt.Key.Key_Escape:
            self.release()
            return
        if key in (Qt.Key.Key_Up, Qt.Key.Key_Down):
            self.step.emit(-1 if key == Qt.Key.Key_Up else 1)
            return
        if self.board is not None:
            if text.lower() in RESULT_KEYS:
                board = self.board
                self.release()
                self.result_typed.emit(board, RESULT_KEYS[text.lower()])
            elif key == Qt.Key.Key_Backspace:
                self.release()
            return
        number = self.text().strip()
        if key in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            if number.isdigit():
                self.choose(int(number))
            elif not number:
                self.default_board_wanted.emit()
            return
        if text in ("=", "+", "-") and number.isdigit():
            self.choose(int(number))
            if self.board is not None:
                board = self.board
                self.release()
                self.result_typed.emit(board, RESULT_KEYS[text])
            return
        if text and not text.isdigit() and text.isprintable():
            return
        super().keyPressEvent(event)
