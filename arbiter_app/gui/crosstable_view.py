"""A round robin's main view: the crosstable (players by Berger number, a column per opponent), the table of all
rounds (those to come from the Berger table), and a card per player; the Berger numbers and a round paired by
hand from here (``round_robin``)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QBrush, QColor
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QLabel,
    QTableWidget,
    QTableWidgetItem,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from arbiter_app import services as sv
from arbiter_app.errors import ArbiterError
from arbiter_app.gui.context import TournamentContext
from arbiter_app.gui.messages import error_text
from arbiter_app.gui.round_actions import tool_button
from arbiter_app.gui.round_robin import BergerNumbersDialog, HandPairingDialog
from arbiter_app.gui.view_base import ContextView, blocked, button_row, heading
from arbiter_app.pairing.points import column_format
from arbiter_app.standings.roundrobin import RoundRobinTable

NOT_COUNTED = QColor("#8a8a8a")
NOT_USED = "–"


def _table(name: str) -> QTableWidget:
    table = QTableWidget()
    table.setObjectName(name)
    table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    table.verticalHeader().hide()
    table.setAlternatingRowColors(True)
    return table


def _fill(table: QTableWidget, headers: list[str], rows: list[list[str]], grey: set[int] | None = None) -> None:
    table.clear()
    table.setColumnCount(len(headers))
    table.setHorizontalHeaderLabels(headers)
    table.setRowCount(len(rows))
    for r, cells in enumerate(rows):
        for c, text in enumerate(cells):
            item = QTableWidgetItem(text)
            if c != 2:
                item.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
            if grey and r in grey:
                item.setForeground(QBrush(NOT_COUNTED))
            table.setItem(r, c, item)
    table.resizeColumnsToContents()


class CrosstableView(ContextView):
    """Shown for round robins (the main window hides the tab for a Swiss: :meth:`applies`)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.berger_action = QAction("&Berger numbers…", self)
        self.berger_action.setToolTip("Draw the Berger numbers by lot or set them by hand, before round 1 (C.05)")
        self.berger_action.triggered.connect(self.edit_berger_numbers)
        self.hand_action = QAction("Pair a round by &hand…", self)
        self.hand_action.setToolTip("Type the next round's boards; each pair meets once per cycle (C.05)")
        self.hand_action.triggered.connect(self.pair_by_hand)
        self.table: RoundRobinTable | None = None
        self.crosstable = _table("roundRobinCrosstable")
        self.rounds = _table("roundRobinRounds")
        self.card = _table("roundRobinCard")
        self.card_player = QComboBox()
        self.card_player.currentIndexChanged.connect(self._show_card)
        self.note = QLabel()
        self.note.setWordWrap(True)
        self.note.setStyleSheet("color: palette(mid);")
        cross_page = QWidget()  # the note is the crosstable's: under its own tab only (issue 28)
        cross_layout = QVBoxLayout(cross_page)
        cross_layout.setContentsMargins(0, 0, 0, 0)
        cross_layout.addWidget(self.crosstable, 1)
        cross_layout.addWidget(self.note)
        card_page = QWidget()
        card_layout = QVBoxLayout(card_page)
        card_layout.addWidget(self.card_player)
        card_layout.addWidget(self.card, 1)
        self.pages = QTabWidget()
        self.pages.addTab(cross_page, "Crosstable")
        self.pages.addTab(self.rounds, "All rounds")
        self.pages.addTab(card_page, "Player card")
        layout = QVBoxLayout(self)
        layout.addLayout(
            button_row(heading("Round robin"), tool_button(self.berger_action), tool_button(self.hand_action))
        )
        layout.addWidget(self.pages, 1)

    def actions_for_menu(self) -> list[QAction]:
        return [self.berger_action, self.hand_action]

    @staticmethod
    def applies(context: TournamentContext | None) -> bool:
        """The tournament is paired by a table (a round robin)."""
        return context is not None and sv.system_of_info(context.tournament).paired_by_table

    def set_context(self, context: TournamentContext | None) -> None:
        for action in self.actions_for_menu():
            action.setVisible(self.applies(context))
        super().set_context(context)

    # --- reading -----------------------------------------------------------------

    def refresh(self) -> None:
        self.table = None
        if not self.applies(self.context):
            for t in (self.crosstable, self.rounds, self.card):
                t.clear()
                t.setRowCount(0)
            self.note.setText("")
            return
        assert self.context is not None
        try:
            self.table = self.context.read(sv.round_robin_crosstable)
        except ArbiterError as error:
            where = " Round > Berger numbers… draws or sets them." if "Berger numbers" in str(error) else ""
            self.note.setText(error_text(error) + "." + where)
            self.crosstable.setRowCount(0)
        else:
            self._show_crosstable(self.table)
        self._show_rounds()
        players = self.context.read(sv.list_players)
        wanted = self.card_player.currentData()
        with blocked(self.card_player):
            self.card_player.clear()
            for p in players:
                self.card_player.addItem(f"{p.number} {p.name}", p.number)
            index = self.card_player.findData(wanted)
            self.card_player.setCurrentIndex(max(index, 0))
        self._show_card()

    def _show_crosstable(self, table: RoundRobinTable) -> None:
        headers = [
            "Berger",
            "No.",
            "Name",
            "Rating",
            *(str(k) for k in range(1, len(table.lines) + 1)),
            "Points",
            *table.tiebreaks,
            "Place",
        ]
        rows = []
        # one format per column, as the standings write it (issue 28)
        counted = [line for line in table.lines if line.counted and line.tiebreaks]
        formats = [column_format([line.tiebreaks[k] for line in counted]) for k in range(len(table.tiebreaks))]
        score_text = column_format([line.score for line in table.lines])
        for line in table.lines:
            score = score_text(line.score)
            values = line.tiebreaks or (None,) * len(table.tiebreaks)
            rows.append([str(line.berger), str(line.number), line.name, str(line.rating or ""), *line.cells,
                         score if line.counted else f"({score})",
                         *(NOT_USED if v is None else formats[k](v) for k, v in enumerate(values)),
                         line.place if line.counted else "–"])  # fmt: skip
        grey = {k for k, line in enumerate(table.lines) if not line.counted}
        _fill(self.crosstable, headers, rows, grey)
        text = f"After round {table.round}; a cell holds the results against that Berger number, in round order."
        self.note.setText(" ".join([text, *(f"{n}." for n in table.notes)]))

    def _show_rounds(self) -> None:
        assert self.context is not None
        names = {p.number: p.name for p in self.context.read(sv.list_players)}
        rows = []
        for number, boards, out, paired in self.context.read(sv.rounds_table):
            when = "yes" if paired else "to come"
            for board, (white, black, result) in enumerate(boards, 1):
                rows.append(
                    [
                        str(number),
                        str(board),
                        f"{white} {names.get(white, '')}",
                        f"{black} {names.get(black, '')}",
                        result,
                        when,
                    ]
                )
            rows.extend([str(number), "–", f"{p} {names.get(p, '')}", "sits out", "", when] for p in out)
        _fill(self.rounds, ["Round", "Board", "White", "Black", "Result", "Paired"], rows)

    def _show_card(self, _index: int = 0) -> None:
        """The chosen player's rounds: colour, opponent, result, and the Berger row each comes from."""
        number = self.card_player.currentData()
        if self.context is None or number is None:
            self.card.setRowCount(0)
            return
        names = {p.number: p.name for p in self.context.read(sv.list_players)}
        rows = []
        for round_number, boards, out, paired in self.context.read(sv.rounds_table):
            result, colour, opponent = "", "", ""
            for white, black, text in boards:
                if number in (white, black):
                    colour = "white" if number == white else "black"
                    other = black if number == white else white
                    opponent = f"{other} {names.get(other, '')}"
                    result = _own_result(text, number == white)
            if number in out:
                opponent = "sits out"
            rows.append([str(round_number), colour, opponent, result, "" if paired else "to come"])
        _fill(self.card, ["Round", "Colour", "Opponent", "Result", ""], rows)

    # --- actions -----------------------------------------------------------------

    def edit_berger_numbers(self) -> BergerNumbersDialog | None:
        """The Berger numbers dialog, modal; returns it once closed."""
        if self.context is None:
            return None
        dialog = BergerNumbersDialog(self.context, self)
        dialog.exec()
        return dialog

    def pair_by_hand(self) -> HandPairingDialog | None:
        """The next round typed by hand, modal; returns the dialog once closed."""
        if self.context is None:
            return None
        dialog = HandPairingDialog(self.context, self)
        dialog.exec()
        return dialog


def _own_result(text: str, white: bool) -> str:
    """A board's result (``1-0``, ``½-½``, ``+/-``...) as the player's own (``1``, ``½``, ``+``...)."""
    if not text:
        return ""
    for separator in ("/", "-"):
        if separator in text.replace("1/2", "½"):
            first, _, second = text.replace("1/2", "½").partition(separator)
            return first if white else second
    return text
