"""The pairing-numbers dialog: the order announced for equal rating and title, an exchange at Level 3, a refusal
shown in the dialog (C.04.2-2026 2.2-2.3; checklist Q146-Q150)."""

from __future__ import annotations

from pathlib import Path

from arbiter_app import services as sv
from arbiter_app.gui.main_window import MainWindow
from arbiter_app.gui.pairing_numbers_dialog import PairingNumbersDialog
from arbiter_app.gui.warning_dialogs import ProceedDialog
from arbiter_app.persistence import open_database
from tests.gui.conftest import MessageBoxes, on_modal


def _names(window: MainWindow) -> list[str]:
    return [p.name for p in sorted(window.players_view.model.rows, key=lambda p: p.number)]


def test_order_exchange_and_refusal(window: MainWindow, empty_file: Path, boxes: MessageBoxes) -> None:
    db = open_database(empty_file)
    tid = sv.create_tournament(db, "Equal", 5).id
    sv.register_player(db, tid, "Top", rating=2300)
    for name, fide_id in (("Dunn", "200"), ("Clark", ""), ("Baker", "100"), ("Adams", "300")):
        sv.register_player(db, tid, name, rating=2000, fide_id=fide_id)
    db.dispose()
    assert window.open_file(empty_file)
    assert _names(window) == ["Top", "Adams", "Baker", "Clark", "Dunn"]
    seen: dict[str, str] = {}

    def act(d: PairingNumbersDialog) -> None:
        index = d.tie_order.findData("fide-id")
        d.tie_order.setCurrentIndex(index)
        d.tie_order.activated.emit(index)
        seen["order"] = " ".join(_names(window))
        d.first.setValue(2)
        d.second.setValue(3)
        on_modal(ProceedDialog, lambda p: (seen.setdefault("asked", p.text.text()), p.proceed.click()))
        d.exchange.click()
        seen["exchanged"] = " ".join(_names(window))
        seen["done"] = d.done_text.text()
        d.first.setValue(1)
        d.exchange.click()
        seen["refused"] = d.errors.text() if d.errors.isVisible() else ""
        d.accept()

    on_modal(PairingNumbersDialog, act)
    window.players_view.numbers_button.click()
    assert seen["order"] == "Top Baker Dunn Adams Clark"
    assert "#2 Baker and #3 Dunn exchange their pairing numbers" in seen["asked"]  # Level 3, checklist Q150
    assert seen["exchanged"] == "Top Dunn Baker Adams Clark" and seen["done"] == "#2 and #3 exchanged"
    assert "not rated equally" in seen["refused"]
