"""File > Connect to a server…: the tournament database on a PostgreSQL server that several desks share.

The arbiter gives the database's URL (``postgresql+psycopg://arbiter@hall-server/open2026``), the password when the
server asks one, and the name of this desk (shown to the other desks and in the audit log).  The password is
used to connect and nothing else: never kept in the settings, the recent files, the audit log or a report.
"""

from __future__ import annotations

import platform
from pathlib import Path
from typing import Any

from PySide6.QtWidgets import QDialog, QDialogButtonBox, QFormLayout, QLabel, QLineEdit, QWidget

from arbiter_app.services.files import LocationError, parse_location

EXAMPLE = "postgresql+psycopg://arbiter@hall-server/open2026"


class ConnectDialog(QDialog):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Connect to a server")
        form = QFormLayout(self)
        self.url = QLineEdit(self)
        self.url.setPlaceholderText(EXAMPLE)
        self.password = QLineEdit(self)
        self.password.setEchoMode(QLineEdit.EchoMode.Password)
        self.password.setPlaceholderText("when the server asks one (never kept)")
        self.desk = QLineEdit(platform.node()[:60], self)
        self.error = QLabel(self)
        self.error.setWordWrap(True)
        self.error.setStyleSheet("color: #b00020")
        form.addRow(QLabel("The tournament's database on the server that several desks share:", self))
        form.addRow("Database &URL:", self.url)
        form.addRow("&Password:", self.password)
        form.addRow("This &desk:", self.desk)
        form.addRow(self.error)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, self)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)
        self._location: Any = None

    def accept(self) -> None:
        """Only a supported URL closes the dialog; anything else says why, in the dialog."""
        try:
            location = parse_location(self.url.text().strip())
        except LocationError as error:
            self.error.setText(str(error))
            return
        if isinstance(location, Path):
            self.error.setText("a server's database URL, such as " + EXAMPLE + " (to open a file: File > Open…)")
            return
        if self.password.text():
            location = location.set(password=self.password.text())
        self._location = location
        super().accept()

    def location(self) -> Any:
        """The database URL (with the password typed, to connect only), None unless accepted."""
        return self._location

    def desk_name(self) -> str:
        return " ".join(self.desk.text().split())[:60]
