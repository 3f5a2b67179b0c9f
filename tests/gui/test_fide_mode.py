"""FIDE mode in the window: the Level-4 dialog needs both steps, the banner stays once FIDE mode is left
(checklist Q43, Q46); one dialog class per warning level (§4)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtWidgets import QDialog

from arbiter_app import services as sv
from arbiter_app.gui.main_window import MainWindow
from arbiter_app.gui.warning_dialogs import (
    InformDialog,
    ProceedDialog,
    RefusedDialog,
    TwoStepDialog,
    confirmed_call,
    dialog_for,
)
from tests.gui.conftest import on_modal

LEAVE = sv.Notice(sv.Level.DOUBLE, "checklist Q43", "leaving FIDE mode", "it can never be entered again")


def test_one_dialog_class_per_level(qtbot: Any) -> None:
    kinds = {level: type(dialog_for(sv.Notice(level, "Q", "text"))) for level in sv.Level}
    assert kinds == {
        sv.Level.SILENT: InformDialog,
        sv.Level.INFORM: InformDialog,
        sv.Level.PROCEED: ProceedDialog,
        sv.Level.DOUBLE: TwoStepDialog,
        sv.Level.REFUSED: RefusedDialog,
    }


def test_the_level_4_dialog_needs_both_steps(qtbot: Any) -> None:
    dialog = TwoStepDialog(LEAVE)
    qtbot.addWidget(dialog)
    dialog.show()
    assert not dialog.continue_.isEnabled()
    dialog.continue_.click()  # disabled: nothing happens
    dialog.accept()  # not from the first step
    assert dialog.isVisible() and dialog.steps.currentIndex() == 0
    dialog.understood.setChecked(True)
    assert dialog.continue_.isEnabled()
    dialog.continue_.click()
    assert dialog.steps.currentIndex() == 1 and dialog.consequences.text() == "It can never be entered again"
    assert dialog.no.isDefault() and not dialog.yes.isDefault()
    dialog.yes.click()
    assert dialog.result() == QDialog.DialogCode.Accepted


def test_no_at_the_second_step_cancels(qtbot: Any) -> None:
    dialog = TwoStepDialog(LEAVE)
    qtbot.addWidget(dialog)
    dialog.show()
    dialog.understood.setChecked(True)
    dialog.continue_.click()
    dialog.no.click()
    assert dialog.result() == QDialog.DialogCode.Rejected


def _both_steps(dialog: TwoStepDialog) -> None:
    dialog.understood.setChecked(True)
    dialog.continue_.click()
    dialog.yes.click()


def _first_step_only(dialog: TwoStepDialog) -> None:
    dialog.understood.setChecked(True)
    dialog.continue_.click()
    dialog.no.click()


def test_leaving_fide_mode_shows_the_banner_for_good(window: MainWindow, tmp_path: Path, qtbot: Any) -> None:
    window.open_example()
    context = window.context
    assert context is not None and context.tournament.fide_mode
    assert not window.fide_mode.bar.isVisible() and window.fide_mode.action.isEnabled()
    seen = on_modal(TwoStepDialog, _first_step_only)
    assert not window.fide_mode.leave()
    assert seen and context.tournament.fide_mode and not window.fide_mode.bar.isVisible()
    seen = on_modal(TwoStepDialog, _both_steps)
    assert window.fide_mode.leave()
    assert seen and not context.tournament.fide_mode
    assert window.fide_mode.bar.isVisible() and not window.fide_mode.action.isEnabled()
    assert window.fide_mode.banner.text().startswith("NOT IN FIDE MODE — left after round ")
    assert not window.fide_mode.bar.toggleViewAction().isVisible()  # not offered in the menu of bars: no hiding it
    assert "### FIDE mode exited @ Round" in context.read(sv.export_trf, "trf-2026").text
    # Open again: the banner is there at once.
    path = context.path
    assert path is not None
    window.close_tournament()
    assert not window.fide_mode.bar.isVisible()
    assert window.open_file(path)
    assert window.fide_mode.bar.isVisible()


def test_a_refused_change_shows_the_level_5_dialog(window: MainWindow, qtbot: Any) -> None:
    window.open_example()
    context = window.context
    assert context is not None
    rounds = context.tournament.rounds_count
    seen = on_modal(RefusedDialog, lambda d: d.accept())
    assert confirmed_call(window, lambda level: context.call(sv.edit_tournament, rounds_count=rounds + 1,
                                                             confirmed=level)) is None  # fmt: skip
    assert seen and "checklist Q57-Q58" in seen[0].notice.rule and context.tournament.rounds_count == rounds


def test_importing_rounds_the_engine_pairs_otherwise_asks_first(window: MainWindow, tmp_path: Path) -> None:
    """Q54-Q55 in the window: the Level-3 dialog names the rounds; Cancel leaves no file, Proceed imports the file in
    FIDE mode with a ### Import line per round."""
    from tests.services.conftest import SEVEN

    trf = tmp_path / "seven.trf"
    trf.write_text(SEVEN)
    target = tmp_path / "seven.db"
    asked = on_modal(ProceedDialog, lambda d: d.cancel.click())
    assert not window.import_trf_file(trf, target)
    assert asked and "round(s) 1, 2 are not paired as the engine pairs them" in asked[0].notice.text
    assert not target.exists() and window.context is None
    asked = on_modal(ProceedDialog, lambda d: d.proceed.click())
    assert window.import_trf_file(trf, target)
    assert asked and window.context is not None and window.context.tournament.fide_mode
    text = window.context.read(sv.export_trf, "trf-2026").text
    marks = [line[:25] for line in text.splitlines() if line.startswith("###")]
    assert marks == ["### Import @ Round 1: 2-5", "### Import @ Round 2: 1-6"]
