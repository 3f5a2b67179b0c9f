"""A round robin's own dialogs: the Berger numbers, drawn by lot (the seed shown and recorded) or set by hand
before round 1 (checklist Q95); a round paired by hand, checked so that every pair meets once per cycle
(Q100-Q101)."""

from __future__ import annotations

import re
from collections.abc import Callable

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from arbiter_app import services as sv
from arbiter_app.errors import ArbiterError
from arbiter_app.gui.context import TournamentContext
from arbiter_app.gui.messages import error_text, is_expected

FIXED = "C.05 Annex 1 (checklist Q95): the Berger numbers are drawn or set before round 1 and fixed once it is paired"
"""Why the dialog only shows the numbers once round 1 is paired."""


def _say(label: QLabel, text: str, error: bool) -> None:
    label.setStyleSheet("color: #b00020;" if error else "")
    label.setText(text)


class BergerNumbersDialog(QDialog):
    """The players with their Berger numbers: draw them by lot (from a seed, shown and kept in the file and the
    audit log), or type them and save; before round 1 only."""

    COLUMNS = ("No.", "Name", "Rating", "Berger number")

    def __init__(self, context: TournamentContext, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.context = context
        self.setWindowTitle(f"Berger numbers – {context.tournament.name}")
        self.resize(560, 520)
        self.table = QTableWidget(0, len(self.COLUMNS))
        self.table.setObjectName("bergerNumbers")
        self.table.setHorizontalHeaderLabels(list(self.COLUMNS))
        self.table.verticalHeader().hide()
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.seed = QLineEdit()
        self.seed.setPlaceholderText("drawn at random")
        self.seed.setToolTip("The same seed draws the same numbers again (a drawing that can be checked)")
        self.draw_button = QPushButton("&Draw by lot")
        self.draw_button.clicked.connect(self.draw)
        self.seed_label = QLabel()
        self.message = QLabel()
        self.message.setWordWrap(True)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Save | QDialogButtonBox.StandardButton.Close)
        self.save_button = self.buttons.button(QDialogButtonBox.StandardButton.Save)
        self.save_button.setText("&Save the numbers typed")
        self.save_button.clicked.connect(self.save)
        self.buttons.rejected.connect(self.reject)
        draw_row = QHBoxLayout()
        draw_row.addWidget(QLabel("Seed:"))
        draw_row.addWidget(self.seed)
        draw_row.addWidget(self.draw_button)
        layout = QVBoxLayout(self)
        layout.addWidget(QLabel("Each player's number in the Berger table (C.05 Annex 1): drawn by lot, or typed."))
        layout.addWidget(self.table, 1)
        layout.addLayout(draw_row)
        layout.addWidget(self.seed_label)
        layout.addWidget(self.message)
        layout.addWidget(self.buttons)
        self.spins: dict[int, QSpinBox] = {}
        self.load()

    @property
    def fixed(self) -> bool:
        """Round 1 is paired: the numbers can no longer change."""
        return bool(self.context.read(sv.list_rounds))

    def load(self) -> None:
        """The players and their numbers as stored (a player without one gets the next free number)."""
        players = self.context.read(sv.list_players)
        numbers = self.context.read(sv.berger_number_of)
        free = iter(sorted(set(range(1, len(players) + 1)) - set(numbers.values())))
        self.table.setRowCount(len(players))
        self.spins = {}
        fixed = self.fixed
        for row, p in enumerate(players):
            for column, text in enumerate((str(p.number), p.name, str(p.rating or ""))):
                self.table.setItem(row, column, QTableWidgetItem(text))
            spin = QSpinBox()
            spin.setRange(1, max(len(players), 1))
            spin.setValue(numbers.get(p.number) or next(free, 1))
            spin.setEnabled(not fixed)
            self.table.setCellWidget(row, 3, spin)
            self.spins[p.number] = spin
        self.table.resizeColumnsToContents()
        seed = self.context.tournament.berger_seed
        drawn = f"Drawn by lot with seed {seed} (recorded in the file and the audit log)." if seed is not None else ""
        self.seed_label.setText(drawn if numbers else "No Berger numbers yet.")
        for w in (self.seed, self.draw_button, self.save_button):
            w.setEnabled(not fixed)
        if fixed:
            _say(self.message, f"Refused by {FIXED}.", True)

    def numbers(self) -> dict[int, int]:
        """Pairing number -> the Berger number shown."""
        return {number: spin.value() for number, spin in self.spins.items()}

    def draw(self) -> None:
        """The drawing of lots, from the seed typed (else one drawn at random)."""
        text = self.seed.text().strip()
        if text and not text.isdigit():
            _say(self.message, f"The seed is a whole number, not {text!r}.", True)
            return
        if self._call(sv.draw_berger_numbers, int(text) if text else None):
            seed = self.context.tournament.berger_seed
            _say(self.message, f"Berger numbers drawn by lot (seed {seed}).", False)

    def save(self) -> None:
        """The numbers typed, each of 1..N once."""
        if self._call(sv.set_berger_numbers, self.numbers()):
            _say(self.message, "Berger numbers set by hand.", False)

    def _call(self, service: Callable[..., object], *args: object) -> bool:
        try:
            self.context.call(service, *args)
        except Exception as error:
            if not is_expected(error):
                raise
            _say(self.message, error_text(error), True)
            return False
        self.load()
        return True


class HandPairingDialog(QDialog):
    """The next round of a round robin typed by hand, one board a line (``white black``, pairing numbers),
    proposed from the Berger table; checked (each pair meets once per cycle, no one twice in a round, colours)
    before it is stored as a draft."""

    def __init__(self, context: TournamentContext, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.context = context
        rounds = context.read(sv.list_rounds)
        self.round_number = (rounds[-1].number + 1) if rounds else 1
        self.setWindowTitle(f"Pair round {self.round_number} by hand – {context.tournament.name}")
        self.resize(520, 560)
        self.boards = QPlainTextEdit()
        self.boards.setObjectName("handBoards")
        self.boards.setPlainText(self._proposal())
        self.players = QLabel(", ".join(f"{p.number} {p.name}" for p in context.read(sv.list_players)))
        self.players.setWordWrap(True)
        self.players.setStyleSheet("color: palette(mid);")
        self.check_button = QPushButton("&Check")
        self.check_button.clicked.connect(self.check)
        self.message = QLabel()
        self.message.setWordWrap(True)
        self.message.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        self.pair_button = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        self.pair_button.setText(f"&Pair round {self.round_number}")
        self.pair_button.clicked.connect(self.pair)
        self.buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(QLabel(f"Round {self.round_number}: one board a line, white first (pairing numbers)."))
        layout.addWidget(self.boards, 1)
        layout.addWidget(self.players)
        layout.addWidget(self.check_button)
        layout.addWidget(self.message)
        layout.addWidget(self.buttons)
        self.paired: object = None

    def _proposal(self) -> str:
        """The Berger table's round, when the numbers are set (the arbiter edits from there)."""
        try:
            table = self.context.read(sv.rounds_table)
        except ArbiterError:
            return ""
        row = next((r for r in table if r[0] == self.round_number and not r[3]), None)
        return "\n".join(f"{w} {b}" for w, b, _ in row[1]) if row else ""

    def parsed(self) -> list[tuple[int, int]]:
        """The boards typed; an error naming the line that is not two pairing numbers."""
        boards = []
        for k, line in enumerate(self.boards.toPlainText().splitlines(), 1):
            if not line.strip():
                continue
            found = re.fullmatch(r"\s*(\d+)\s*[-–\s]\s*(\d+)\s*", line)
            if found is None:
                raise ArbiterError(f"line {k}: {line.strip()!r} is not two pairing numbers (white black)")
            boards.append((int(found[1]), int(found[2])))
        if not boards:
            raise ArbiterError(f"round {self.round_number} has no board: type one line per board")
        return boards

    def check(self) -> bool:
        """The round's problems, or that it is sound."""
        try:
            problems = self.context.read(sv.check_round_by_hand, tuple(self.parsed()), self.round_number)
        except ArbiterError as error:
            _say(self.message, error_text(error), True)
            return False
        if problems:
            _say(self.message, "C.05: " + "; ".join(problems) + ".", True)
            return False
        _say(
            self.message,
            f"Round {self.round_number} is sound: no pair meets more often than the round robin "
            "allows (C.05), no one plays twice, no one has one colour three games in a row "
            "(checklist Q102).",
            False,
        )
        return True

    def pair(self) -> None:
        """Store the round as a draft (the services check again); the dialog closes when it is stored."""
        try:
            self.paired = self.context.call(sv.pair_round_by_hand, self.parsed())
        except Exception as error:
            if not is_expected(error):
                raise
            _say(self.message, error_text(error), True)
            return
        self.accept()
