"""The players table: one row per registered player, by pairing number."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from enum import IntEnum
from typing import Any, ClassVar

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import QApplication

from arbiter_app import services as sv
from arbiter_app.gui.row_model import CENTRE, RIGHT, RowTableModel
from arbiter_app.services.dto import PlayerInfo

BYE_WORDS = {
    "half": "½-point bye",
    "full": "1-point bye",
    "zero": "0-point bye",
    "absent": "absent",
    "pairing_allocated": "pairing bye",
    "withdrawn": "withdrawn",
}


class PlayerColumn(IntEnum):
    NUMBER = 0
    TITLE = 1
    NAME = 2
    RATING = 3
    FEDERATION = 4
    FIDE_ID = 5
    BIRTH = 6
    STATUS = 7
    NEXT = 8


def status_text(p: PlayerInfo) -> str:
    if p.status == "withdrawn":
        return sv.standing_mark(p)  # "withdrawn from round k", "expelled from round k" (checklist Q197)
    if p.entry_round > 1:
        return f"late entry, round {p.entry_round}"
    return "active"


class PlayersModel(RowTableModel[PlayerInfo]):
    Column = PlayerColumn
    HEADERS: ClassVar[dict[int, str]] = {
        PlayerColumn.NUMBER: "No.",
        PlayerColumn.TITLE: "Title",
        PlayerColumn.NAME: "Name",
        PlayerColumn.RATING: "Rating",
        PlayerColumn.FEDERATION: "Fed",
        PlayerColumn.FIDE_ID: "FIDE id",
        PlayerColumn.BIRTH: "Born",
        PlayerColumn.STATUS: "Status",
        PlayerColumn.NEXT: "Next round",
    }
    ALIGN: ClassVar[dict[int, Any]] = {
        PlayerColumn.NUMBER: RIGHT,
        PlayerColumn.RATING: RIGHT,
        PlayerColumn.TITLE: CENTRE,
        PlayerColumn.FEDERATION: CENTRE,
        PlayerColumn.FIDE_ID: RIGHT,
    }
    TOOLTIPS: ClassVar[dict[int, str]] = {
        PlayerColumn.NUMBER: "Pairing number (C.04.2.B: by rating, title, name until round 4 is paired)",
        PlayerColumn.NEXT: "Requested bye or absence in the next round to be paired (C.04.2.D.4)",
    }

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self._byes: Mapping[int, str] = {}
        self.next_round = 1

    def set_players(self, players: Sequence[PlayerInfo], byes: Mapping[int, str], next_round: int) -> None:
        self._byes, self.next_round = dict(byes), next_round
        self.set_rows(players)

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if (
            section == PlayerColumn.NEXT
            and orientation == Qt.Orientation.Horizontal
            and role == Qt.ItemDataRole.DisplayRole
        ):
            return f"Round {self.next_round}"
        return super().headerData(section, orientation, role)

    def bye_of(self, number: int) -> str | None:
        return self._byes.get(number)

    def display(self, row: PlayerInfo, column: int) -> str:
        c = PlayerColumn(column)
        if c is PlayerColumn.NUMBER:
            return str(row.number)
        if c is PlayerColumn.TITLE:
            return row.title
        if c is PlayerColumn.NAME:
            return row.name
        if c is PlayerColumn.RATING:
            return str(row.rating) if row.rating else ""
        if c is PlayerColumn.FEDERATION:
            return row.federation
        if c is PlayerColumn.FIDE_ID:
            return row.fide_id
        if c is PlayerColumn.BIRTH:
            return row.birth_date
        if c is PlayerColumn.STATUS:
            return status_text(row)
        bye = self._byes.get(row.number)
        return BYE_WORDS.get(bye, bye) if bye else ""

    def foreground(self, row: PlayerInfo, column: int) -> Any:
        if row.status == "withdrawn":
            return QApplication.palette().color(QPalette.ColorGroup.Disabled, QPalette.ColorRole.Text)
        if column == PlayerColumn.NEXT and row.number in self._byes:
            return QColor("#9a5b00")
        return None
