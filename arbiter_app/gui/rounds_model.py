"""The boards of one round, in C.04.2.D.9 order as the services store them."""

from __future__ import annotations

from collections.abc import Mapping
from enum import IntEnum
from typing import Any, ClassVar

from PySide6.QtGui import QColor, QFont

from arbiter_app.gui.row_model import CENTRE, RIGHT, RowTableModel
from arbiter_app.pairing.points import tenths_text
from arbiter_app.services.dto import BoardInfo, RoundInfo

OVERRIDE_MARK = "✎"


class BoardColumn(IntEnum):
    BOARD = 0
    WHITE_NO = 1
    WHITE = 2
    WHITE_POINTS = 3
    RESULT = 4
    BLACK_POINTS = 5
    BLACK = 6
    BLACK_NO = 7
    MARK = 8


class BoardsModel(RowTableModel[BoardInfo]):
    Column = BoardColumn
    HEADERS: ClassVar[dict[int, str]] = {
        BoardColumn.BOARD: "Bd",
        BoardColumn.WHITE_NO: "No.",
        BoardColumn.WHITE: "White",
        BoardColumn.WHITE_POINTS: "Pts",
        BoardColumn.RESULT: "Result",
        BoardColumn.BLACK_POINTS: "Pts",
        BoardColumn.BLACK: "Black",
        BoardColumn.BLACK_NO: "No.",
        BoardColumn.MARK: "",
    }
    ALIGN: ClassVar[dict[int, Any]] = {
        BoardColumn.BOARD: RIGHT,
        BoardColumn.WHITE_NO: RIGHT,
        BoardColumn.WHITE_POINTS: CENTRE,
        BoardColumn.RESULT: CENTRE,
        BoardColumn.BLACK_POINTS: CENTRE,
        BoardColumn.BLACK_NO: RIGHT,
        BoardColumn.MARK: CENTRE,
    }
    TOOLTIPS: ClassVar[dict[int, str]] = {
        BoardColumn.WHITE_POINTS: "Score before the round",
        BoardColumn.BLACK_POINTS: "Score before the round",
        BoardColumn.MARK: "✎: changed by hand (override)",
    }

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self.round: RoundInfo | None = None
        self._scores: Mapping[int, int] = {}
        self._overridden: frozenset[int] = frozenset()

    def set_round(self, info: RoundInfo | None, scores: Mapping[int, int], overridden: frozenset[int]) -> None:
        self.round, self._scores, self._overridden = info, dict(scores), overridden
        self.set_rows(info.boards if info is not None else ())

    def replace_board(self, info: RoundInfo, board: BoardInfo) -> None:
        """A result entered on ``board`` of the round shown (``info``: the round as it is now)."""
        row = self.row_of_board(board.number)
        self.round = info
        if row is not None:
            self.replace_row(row, board)

    def is_overridden(self, board: int) -> bool:
        return board in self._overridden

    def row_of_board(self, board: int) -> int | None:
        return next((k for k, b in enumerate(self.rows) if b.number == board), None)

    def display(self, row: BoardInfo, column: int) -> str:
        c = BoardColumn(column)
        if c is BoardColumn.BOARD:
            return str(row.number)
        if c is BoardColumn.WHITE_NO:
            return str(row.white)
        if c is BoardColumn.WHITE:
            return row.white_name
        if c is BoardColumn.WHITE_POINTS:
            return tenths_text(self._scores.get(row.white))
        if c is BoardColumn.RESULT:
            return row.result_text.replace("-", " – ") if row.result_text else "–"
        if c is BoardColumn.BLACK_POINTS:
            return tenths_text(self._scores.get(row.black))
        if c is BoardColumn.BLACK:
            return row.black_name
        if c is BoardColumn.BLACK_NO:
            return str(row.black)
        return OVERRIDE_MARK if row.number in self._overridden else ""

    def tooltip(self, row: BoardInfo, column: int) -> str | None:
        if row.number in self._overridden and self.round is not None and self.round.overrides:
            reasons = "; ".join(o.reason for o in self.round.overrides)
            return f"Changed by hand: {reasons}"
        if column == BoardColumn.RESULT and row.forfeit:
            return "Forfeit (the game was not played, C.04.2.D.6)"
        return None

    def foreground(self, row: BoardInfo, column: int) -> Any:
        if column == BoardColumn.RESULT and row.result is None:
            return QColor("#8a8a8a")
        if column == BoardColumn.MARK:
            return QColor("#9a5b00")
        return None

    def background(self, row: BoardInfo, column: int) -> Any:
        if row.number in self._overridden:
            return QColor(255, 236, 179, 110)
        return None

    def font(self, row: BoardInfo, column: int) -> Any:
        if column == BoardColumn.RESULT and row.result is not None:
            f = QFont()
            f.setBold(True)
            return f
        return None
