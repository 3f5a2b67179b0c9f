"""A new tournament: its settings and the file it lives in."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from PySide6.QtCore import QDate
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDateEdit,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from arbiter_app.gui.player_dialog import error_label
from arbiter_app.pairing.model import Colour
from arbiter_app.persistence import default_data_dir, default_database_path
from arbiter_app.standings import ARBITERS_MANUAL

FILE_FILTER = "Tournament files (*.db *.sqlite);;All files (*)"


def suggested_path(name: str) -> Path:
    """The data folder's default file while it is unused, else one named after the tournament."""
    default = default_database_path()
    if not default.exists():
        return default
    slug = re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-") or "tournament"
    path = default_data_dir() / f"{slug}.db"
    k = 2
    while path.exists():
        path = default_data_dir() / f"{slug}-{k}.db"
        k += 1
    return path


class TournamentDialog(QDialog):
    """Collects the settings; the main window creates the file and calls ``create_tournament``."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("New tournament")
        self.name = QLineEdit()
        self.name.setPlaceholderText("e.g. Town Open 2026")
        self.place = QLineEdit()
        self.rounds = QSpinBox()
        self.rounds.setRange(1, 30)
        self.rounds.setValue(9)
        self.rounds.setToolTip("C.04.1.a: the number of rounds is declared beforehand")
        self.start = QDateEdit(QDate.currentDate())
        self.start.setCalendarPopup(True)
        self.start.setDisplayFormat("yyyy-MM-dd")
        self.chief = QLineEdit()
        self.colour = QComboBox()
        self.colour.addItem("White", Colour.WHITE)
        self.colour.addItem("Black", Colour.BLACK)
        self.colour.setToolTip("The colour of pairing number 1 in round 1 (drawn by lot)")
        self.tie_breaks = QComboBox()
        for name, codes in ARBITERS_MANUAL.recommended.items():
            self.tie_breaks.addItem(f"{name.capitalize()}: {', '.join(codes)}", ",".join(codes))
        self.accelerated = QCheckBox("Baku acceleration (C.04.5)")
        self.file = QLineEdit()
        browse = QPushButton("Choose…")
        browse.clicked.connect(self._on_browse_clicked)
        file_row = QHBoxLayout()
        file_row.addWidget(self.file, 1)
        file_row.addWidget(browse)
        self.name.textChanged.connect(self._on_name_changed)
        self._file_edited = False
        self.file.textEdited.connect(self._on_file_edited)
        form = QFormLayout()
        form.addRow("&Name:", self.name)
        form.addRow("&Place:", self.place)
        form.addRow("&Rounds:", self.rounds)
        form.addRow("&Starts:", self.start)
        form.addRow("&Chief arbiter:", self.chief)
        form.addRow("&Colour of no. 1 in round 1:", self.colour)
        form.addRow("&Tie-breaks:", self.tie_breaks)
        form.addRow("", self.accelerated)
        form.addRow("&File:", file_row)
        self.errors = error_label()
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.button(QDialogButtonBox.StandardButton.Ok).setText("Create")
        buttons.accepted.connect(self._on_accepted)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.errors)
        layout.addWidget(buttons)
        self.setMinimumWidth(560)
        self._on_name_changed("")

    def path(self) -> Path:
        return Path(self.file.text().strip()).expanduser()

    def settings(self) -> dict[str, Any]:
        """Keyword arguments of ``create_tournament`` (besides name and rounds)."""
        start = self.start.date()
        return {
            "place": self.place.text().strip(),
            "start_date": start.toPython(),
            "chief_arbiter": self.chief.text().strip(),
            "initial_colour": self.colour.currentData(),
            "accelerated": self.accelerated.isChecked(),
            "tie_breaks": self.tie_breaks.currentData(),
        }

    def _on_name_changed(self, text: str) -> None:
        if not self._file_edited:
            self.file.setText(str(suggested_path(text)))

    def _on_file_edited(self) -> None:
        self._file_edited = True

    def _on_browse_clicked(self) -> None:
        name, _ = QFileDialog.getSaveFileName(self, "Tournament file", self.file.text(), FILE_FILTER)
        if name:
            self.file.setText(name)
            self._file_edited = True

    def _on_accepted(self) -> None:
        if not self.name.text().strip():
            self.errors.setText("A tournament needs a name.")
            self.errors.show()
            return
        path = self.path()
        if path.exists() and path.stat().st_size > 0:
            self.errors.setText(f"{path} already exists: choose another file (one tournament per file).")
            self.errors.show()
            return
        self.accept()
