"""Prohibited pairings: two players who must not meet (same family, same club…), entered before round 1 is paired.

The services refuse a change once round 1 is paired (Level 5 in FIDE mode, checklist
Q195-Q196; Level 4 outside it); :func:`confirmed_call` shows that dialog.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from arbiter_app import services as sv
from arbiter_app.gui.context import TournamentContext
from arbiter_app.gui.player_dialog import error_label, show_inline
from arbiter_app.gui.warning_dialogs import confirmed_call


class ProhibitedPairsDialog(QDialog):
    def __init__(self, context: TournamentContext, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._context = context
        self.setWindowTitle("Prohibited pairings")
        self.names = {p.number: p.name for p in context.read(sv.list_players)}
        self.pairs = QListWidget()
        self.pairs.setObjectName("prohibitedPairs")
        self.first, self.second = QComboBox(), QComboBox()
        for box in (self.first, self.second):
            for number, name in sorted(self.names.items()):
                box.addItem(f"#{number} {name}", number)
        self.second.setCurrentIndex(min(1, self.second.count() - 1))
        self.add_button = QPushButton("&Add")
        self.add_button.clicked.connect(self._on_add_clicked)
        self.remove_button = QPushButton("&Remove selected")
        self.remove_button.clicked.connect(self._on_remove_clicked)
        self.frozen = QLabel()
        self.frozen.setWordWrap(True)
        self.errors = error_label()
        close = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        close.rejected.connect(self.reject)
        row = QHBoxLayout()
        row.addWidget(self.first, 1)
        row.addWidget(self.second, 1)
        row.addWidget(self.add_button)
        layout = QVBoxLayout(self)
        layout.addWidget(QLabel("Players who must not meet (checklist Q194-Q196; written as XXP in TRF files):"))
        layout.addWidget(self.pairs, 1)
        layout.addWidget(self.remove_button)
        layout.addLayout(row)
        layout.addWidget(self.frozen)
        layout.addWidget(self.errors)
        layout.addWidget(close)
        self.resize(560, 420)
        self.refresh()

    def refresh(self) -> None:
        self.pairs.clear()
        for a, b in self._context.read(sv.list_prohibited_pairs):
            item = QListWidgetItem(f"#{a} {self.names.get(a, '')}  ×  #{b} {self.names.get(b, '')}")
            item.setData(Qt.ItemDataRole.UserRole, (a, b))
            self.pairs.addItem(item)
        paired = bool(self._context.read(sv.list_rounds))
        self.frozen.setText(
            "Round 1 is paired: prohibited pairings can no longer change (FIDE mode refuses it)." if paired else ""
        )

    def pair_texts(self) -> list[str]:
        return [self.pairs.item(k).text() for k in range(self.pairs.count())]

    def _change(self, service: Callable[..., None], a: int, b: int) -> None:
        try:
            confirmed_call(self, lambda level: self._context.call(service, a, b, confirmed=level))
        except Exception as error:  # noqa: BLE001
            show_inline(self.errors, error)
            return
        self.errors.hide()
        self.refresh()

    def _on_add_clicked(self) -> None:
        self._change(sv.add_prohibited_pair, self.first.currentData(), self.second.currentData())

    def _on_remove_clicked(self) -> None:
        item = self.pairs.currentItem()
        if item is not None:
            self._change(sv.remove_prohibited_pair, *item.data(Qt.ItemDataRole.UserRole))
