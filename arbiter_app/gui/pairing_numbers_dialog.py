"""Tournament pairing numbers: the order announced for equal rating and title, an exchange of two TPNs, a
regeneration (C.04.2-2026 2.2-2.3; checklist Q146-Q155).  Exchanges and regenerations after round 1 are
pairing-integrity events: the services ask at Level 3 (:func:`confirmed_call`)."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import QComboBox, QDialog, QFormLayout, QHBoxLayout, QLabel, QPushButton, QSpinBox, QWidget

from arbiter_app import services as sv
from arbiter_app.gui.context import TournamentContext
from arbiter_app.gui.player_dialog import error_label, show_inline
from arbiter_app.gui.warning_dialogs import confirmed_call


class PairingNumbersDialog(QDialog):
    """What changes a TPN, each action at once (the dialog stays open; Close ends it)."""

    def __init__(self, context: TournamentContext, selected: int = 1, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._context = context
        self.setWindowTitle("Pairing numbers")
        paired = bool(context.read(sv.list_rounds))
        count = max(2, len(context.read(sv.list_players)))
        self.tie_order = QComboBox()
        for code, text in sv.TIE_ORDERS.items():
            self.tie_order.addItem(text, code)
        self.tie_order.setCurrentIndex(max(0, self.tie_order.findData(context.tournament.tie_order)))
        self.tie_order.setEnabled(not paired)
        self.tie_order.setToolTip("C.04.2-2026 2.2.3: announced before round 1 (checklist Q146)")
        self.tie_order.activated.connect(self._on_tie_order)
        self.first, self.second = QSpinBox(), QSpinBox()
        for box in (self.first, self.second):
            box.setRange(1, count)
        self.first.setValue(min(selected, count))
        self.second.setValue(min(selected + 1, count))
        self.exchange = QPushButton("E&xchange")
        self.exchange.setToolTip("Two players of equal rating swap their TPNs (checklist Q147-Q150)")
        self.exchange.clicked.connect(self._on_exchange)
        self.regenerate = QPushButton("&Regenerate all")
        self.regenerate.setToolTip("Every TPN by rating, title and the announced order, until round 4 is paired")
        self.regenerate.clicked.connect(self._on_regenerate)
        close = QPushButton("Close")
        close.clicked.connect(self.accept)
        pair = QHBoxLayout()
        for widget in (self.first, QLabel("with"), self.second, self.exchange):
            pair.addWidget(widget)
        form = QFormLayout(self)
        form.addRow("Equal rating and &title:", self.tie_order)
        form.addRow("Exchange #", pair)
        form.addRow("", self.regenerate)
        self.done_text = QLabel()
        self.done_text.setObjectName("done")
        self.errors = error_label()
        form.addRow(self.done_text)
        form.addRow(self.errors)
        form.addRow("", close)

    def _run(self, call: Callable[[int], object], done: str) -> None:
        self.errors.hide()
        try:
            result = confirmed_call(self, call)
        except Exception as error:  # noqa: BLE001 - refusals shown inline, bugs raised again
            show_inline(self.errors, error)
            return
        if result is not None:
            self.done_text.setText(done)

    def _on_tie_order(self) -> None:
        code = self.tie_order.currentData()
        self._run(lambda level: self._context.call(sv.set_tie_order, code), f"equal players: {sv.TIE_ORDERS[code]}")

    def _on_exchange(self) -> None:
        a, b = self.first.value(), self.second.value()
        self._run(
            lambda level: self._context.call(sv.exchange_pairing_numbers, a, b, confirmed=level),
            f"#{a} and #{b} exchanged",
        )

    def _on_regenerate(self) -> None:
        self._run(
            lambda level: self._context.call(sv.assign_pairing_numbers, confirmed=level), "pairing numbers regenerated"
        )
