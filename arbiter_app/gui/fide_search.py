"""Find a player in the offline FIDE rating list while typing: a field, the list to use, up to 20 results.

Each keystroke (after a short pause) asks :func:`~arbiter_app.services.search_players`,
which answers from an index in a few milliseconds, so the search runs on the
GUI thread.  Picking a result (click, Enter, or Down then Enter) emits
:attr:`FideSearch.picked` with the :class:`~arbiter_app.services.ratings.RatedPlayer`.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QVBoxLayout,
    QWidget,
)

from arbiter_app import services as sv
from arbiter_app.errors import ArbiterError
from arbiter_app.services.ratings import RatedPlayer

DELAY_MS = 120
LIMIT = 20


class _Field(QLineEdit):
    """The search field: Down moves into the results."""

    def __init__(self, results: QListWidget) -> None:
        super().__init__()
        self._results = results

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() == Qt.Key.Key_Down and self._results.count():
            self._results.setFocus()
            self._results.setCurrentRow(0)
            return
        super().keyPressEvent(event)


class FideSearch(QWidget):
    """The search field over the rating list, the list chooser (standard, rapid, blitz) and the results."""

    picked = Signal(object)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.results = QListWidget()
        self.results.setObjectName("fideResults")
        self.results.setMaximumHeight(140)
        self.results.hide()
        self.field = _Field(self.results)
        self.field.setObjectName("fideSearch")
        self.field.setPlaceholderText("Part of a name, or a FIDE ID")
        self.field.setClearButtonEnabled(True)
        self.kind = QComboBox()
        self.kind.setToolTip("Which FIDE rating list fills the rating")
        self.note = QLabel()
        self.note.setWordWrap(True)
        row = QHBoxLayout()
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(self.field, 1)
        row.addWidget(self.kind)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(row)
        layout.addWidget(self.results)
        layout.addWidget(self.note)
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(DELAY_MS)
        self._timer.timeout.connect(self.search_now)
        self.field.textEdited.connect(lambda _text: self._timer.start())
        self.field.returnPressed.connect(self._pick_first)
        self.kind.currentIndexChanged.connect(lambda _i: self.search_now())
        self.results.itemActivated.connect(self._pick)
        self.results.itemClicked.connect(self._pick)
        self._load_lists()

    def _load_lists(self) -> None:
        try:
            lists = sv.rating_list_info()
        except ArbiterError as error:
            lists = ()
            self.note.setText(str(error))
        self.kind.blockSignals(True)
        self.kind.clear()
        for info in lists:
            self.kind.addItem(f"{info.kind} {info.date or ''}".strip(), info.kind)
        self.kind.blockSignals(False)
        self.kind.setVisible(bool(lists))
        self.field.setEnabled(bool(lists))
        if not lists and not self.note.text():
            self.note.setText("No FIDE rating list yet: File › Import FIDE rating list…")
        self.note.setVisible(bool(self.note.text()))

    @property
    def chosen_kind(self) -> str | None:
        data = self.kind.currentData()
        return str(data) if data else None

    def search_now(self) -> None:
        """Search at once (the field's text in the chosen list) and show the results."""
        self._timer.stop()
        self.results.clear()
        text = self.field.text().strip()
        found: tuple[RatedPlayer, ...] = ()
        if text and self.chosen_kind:
            try:
                found = sv.search_players(text, LIMIT, kind=self.chosen_kind)
            except ArbiterError as error:
                self.note.setText(str(error))
                self.note.show()
        for player in found:
            item = QListWidgetItem(player.label)
            item.setData(Qt.ItemDataRole.UserRole, player)
            self.results.addItem(item)
        self.results.setVisible(bool(found))

    def _pick_first(self) -> None:
        self.search_now()
        if self.results.count():
            self._pick(self.results.item(0))

    def _pick(self, item: QListWidgetItem) -> None:
        player = item.data(Qt.ItemDataRole.UserRole)
        if isinstance(player, RatedPlayer):
            self.results.hide()
            self.picked.emit(player)
