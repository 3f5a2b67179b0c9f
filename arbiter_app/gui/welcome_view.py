"""The first screen: new tournament, open a file, recent files, the Arbiters' Manual example."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QSize, Qt, Signal
from PySide6.QtGui import QHideEvent, QShowEvent
from PySide6.QtWidgets import (
    QCommandLinkButton,
    QFrame,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from arbiter_app import __version__


class WelcomeView(QWidget):
    new_requested = Signal()
    open_requested = Signal()
    example_requested = Signal()
    import_requested = Signal()
    recent_chosen = Signal(Path)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        title = QLabel("Arbiter")
        font = title.font()
        font.setPointSizeF(font.pointSizeF() * 2.2)
        font.setBold(True)
        title.setFont(font)
        subtitle = QLabel(f"FIDE Swiss tournaments, Dutch system (C.04.3), explained — version {__version__}")
        self.new_button = QCommandLinkButton("New tournament…", "Name, rounds and the file it is kept in")
        self.open_button = QCommandLinkButton("Open…", "A tournament file (.db) from this computer or a USB stick")
        self.import_button = QCommandLinkButton(
            "Start from a TRF file…", "A FIDE report (TRF-16 or TRF-2026) from another program: players and rounds"
        )
        self.example_button = QCommandLinkButton(
            "Open the Arbiters' Manual example", "12 players, 9 rounds: the tournament the manual explains"
        )
        self.new_button.clicked.connect(self.new_requested)
        self.open_button.clicked.connect(self.open_requested)
        self.example_button.clicked.connect(self.example_requested)
        self.import_button.clicked.connect(self.import_requested)
        actions = QVBoxLayout()
        actions.setSpacing(8)
        for b in (self.new_button, self.open_button, self.import_button, self.example_button):
            actions.addWidget(b)
        actions.addStretch(1)
        self.recent = QListWidget()
        self.recent.setObjectName("recentFiles")
        self.recent.itemActivated.connect(self._on_item_activated)
        self.no_recent = QLabel("No tournament opened yet.")
        recent_box = QVBoxLayout()
        recent_box.setSpacing(6)
        recent_title = QLabel("<b>Recent tournaments</b>")
        recent_title.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)
        self.no_recent.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)
        self.recent.setSpacing(2)
        recent_box.addWidget(recent_title)
        recent_box.addWidget(self.recent, 1)
        recent_box.addWidget(self.no_recent, 1, Qt.AlignmentFlag.AlignTop)
        columns = QHBoxLayout()
        columns.setSpacing(32)
        columns.addLayout(actions, 1)
        columns.addLayout(recent_box, 1)
        card = QFrame()
        card.setObjectName("welcomeCard")
        card.setStyleSheet(
            "QFrame#welcomeCard { background: palette(base); border: 1px solid palette(mid); border-radius: 10px; }"
        )
        card.setMaximumWidth(980)
        card.setMinimumHeight(380)
        card.setMaximumHeight(520)
        inner = QVBoxLayout(card)
        inner.setContentsMargins(36, 28, 36, 28)
        inner.setSpacing(10)
        inner.addWidget(title)
        inner.addWidget(subtitle)
        inner.addSpacing(18)
        inner.addLayout(columns, 1)
        row = QHBoxLayout()
        row.addStretch(1)
        row.addWidget(card, 4)
        row.addStretch(1)
        outer = QVBoxLayout(self)
        outer.setContentsMargins(40, 40, 40, 40)
        outer.addStretch(1)
        outer.addLayout(row)
        outer.addStretch(2)

    def minimumSizeHint(self) -> QSize:
        """Nothing while another page is shown: the page behind the tournament's tabs does not keep the window
        tall (with the explain panel below the tables the window must fit 768 pixels)."""
        return QSize(0, 0) if self.isHidden() else super().minimumSizeHint()

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        self.updateGeometry()

    def hideEvent(self, event: QHideEvent) -> None:
        super().hideEvent(event)
        self.updateGeometry()

    def set_recent(self, files: list[tuple[Path, str]]) -> None:
        """(path, tournament name or "") newest first."""
        self.recent.clear()
        for path, name in files:
            item = QListWidgetItem(f"{name}\n{path}" if name else str(path))
            item.setData(Qt.ItemDataRole.UserRole, str(path))
            item.setToolTip(str(path))
            self.recent.addItem(item)
        self.recent.setVisible(bool(files))
        self.no_recent.setVisible(not files)

    def _on_item_activated(self, item: QListWidgetItem) -> None:
        self.recent_chosen.emit(Path(item.data(Qt.ItemDataRole.UserRole)))
