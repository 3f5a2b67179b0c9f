"""The encoded time control (TRF-2026 record 222, checklist Q217) in the settings dialog: checked when accepted,
stored, shown in words, and written to the TRF-2026 export."""

from __future__ import annotations

from PySide6.QtWidgets import QDialogButtonBox

from arbiter_app import services as sv
from arbiter_app.gui.main_window import MainWindow
from arbiter_app.gui.tournament_dialog import SettingsDialog
from tests.gui.conftest import on_modal


def save(d: SettingsDialog) -> None:
    """Press the dialog's Save button, as the arbiter does."""
    d.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Save).click()


def test_the_settings_dialog_refuses_a_time_control_not_in_the_trf_2026_form(window: MainWindow) -> None:
    window.open_example()
    assert window.context is not None
    told: list[str] = []

    def wrong(d: SettingsDialog) -> None:
        d.time_control_code.setText("90 min + 30 s")
        save(d)
        told.append(d.errors.text() if not d.errors.isHidden() else "")
        d.reject()

    on_modal(SettingsDialog, wrong)
    window.edit_settings()
    assert told and "The encoded time control '90 min + 30 s' is not in the TRF-2026 form (222)" in told[0]
    assert window.context.tournament.time_control_code == ""

    def right(d: SettingsDialog) -> None:
        d.time_control_code.setText("5400+30")
        told.append(d.time_control_code.toolTip())
        save(d)

    on_modal(SettingsDialog, right)
    window.edit_settings()
    assert told[-1].startswith("90 min, 30 s a move")
    t = sv.get_tournament(window.context.db, window.context.tournament.id)
    assert t.time_control_code == "5400+30"
    assert "222 5400+30" in sv.export_trf(window.context.db, t.id, "trf-2026").text.splitlines()
