"""``arbiter-app`` itself: --version, the smoke run of the tests' harness, files and settings, and the layering of
``arbiter_app/gui``."""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Any

import pytest

from arbiter_app import __version__
from arbiter_app import services as sv
from arbiter_app.app import main
from arbiter_app.gui import settings
from arbiter_app.gui.main_window import MainWindow
from arbiter_app.gui.resources import example_trf
from arbiter_app.gui.tournament_dialog import TournamentDialog
from arbiter_app.gui.workers import SyncRunner
from arbiter_app.services import files as sv_files
from tests.gui.conftest import on_modal

GUI = Path(__file__).resolve().parents[2] / "arbiter_app" / "gui"
ALLOWED_PAIRING = {"arbiter_app.pairing.model", "arbiter_app.pairing.points", "arbiter_app.pairing.editions"}
"""The pairing core's value types (the one points formatter, the editions' registry for their names) may be named;
its rules and engine may not be run from the GUI."""
PERSISTENCE_INSIDE = tuple(f"arbiter_app.persistence.{m}" for m in ("models", "queries", "database", "migrate"))
"""The file is opened through the package's functions; tables and queries stay behind the services."""


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--version"]) == 0
    assert capsys.readouterr().out == f"arbiter_app {__version__}\n"


def test_smoke_opens_the_example(tmp_path: Path) -> None:
    """The harness's ``--smoke`` (every view, an explanation, then a short soak), in a child process: an abort fails
    the test."""
    from tests.soak.test_soak import run_app

    outcome = run_app(tmp_path, "--smoke")
    assert outcome.returncode == 0, outcome.describe()
    assert outcome.report is not None and outcome.report["ok"], outcome.describe()


def test_example_is_shipped() -> None:
    assert example_trf().is_file()
    assert example_trf().read_text().startswith("012 Arbiters Manual example")


def imported_modules(path: Path) -> set[str]:
    names = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
            names.update(f"{node.module}.{alias.name}" for alias in node.names)
    return names


def test_gui_runs_no_sql_and_no_pairing_logic() -> None:
    files = sorted(GUI.glob("*.py"))
    assert len(files) > 10
    for path in files:
        for name in imported_modules(path):
            assert not name.startswith("sqlalchemy"), f"{path.name} imports {name}"
            assert not name.startswith(PERSISTENCE_INSIDE), f"{path.name} imports {name}"
            if name.startswith("arbiter_app.pairing"):
                assert any(name == a or name.startswith(a + ".") for a in ALLOWED_PAIRING), (
                    f"{path.name} imports {name}"
                )


def test_open_a_new_file_asks_for_the_tournament(window: MainWindow, tmp_path: Path) -> None:
    path = tmp_path / "fresh.db"

    def fill(d: TournamentDialog) -> None:
        assert not d.file.isEnabled() and d.file.text() == str(path)
        d.name.setText("Fresh open")
        d.accept()

    seen = on_modal(TournamentDialog, fill)
    assert window.open_file(path, create=True)
    assert seen and window.context is not None and window.context.tournament.name == "Fresh open"
    assert window.windowTitle().startswith("Fresh open")


def test_recent_files_and_layout_are_remembered(qtbot: Any, tmp_path: Path, isolated: Path) -> None:
    first = MainWindow(SyncRunner())
    qtbot.addWidget(first)
    first.show()
    first.open_example()
    assert first.context is not None
    example = first.context.path
    first.resize(700, 560)
    height = first.height()
    first.close()
    assert settings.recent_files()[0] == (example, "Arbiters' Manual example")
    assert (isolated / "settings").is_dir()
    second = MainWindow(SyncRunner())
    qtbot.addWidget(second)
    assert second.height() == height == 560  # (the offscreen screen is 800x600: sizes are clamped)
    assert second.welcome.recent.count() == 1
    assert second.recent_menu.actions()[0].text().startswith("Arbiters' Manual example")
    second.welcome.recent.setCurrentRow(0)
    second.welcome.recent.itemActivated.emit(second.welcome.recent.item(0))
    assert second.context is not None and second.context.path == example
    second.close()


def test_import_and_export_trf(window: MainWindow, tmp_path: Path, boxes: Any) -> None:
    target = tmp_path / "imported.db"
    assert window.import_trf_file(example_trf(), target)
    assert window.context is not None and window.context.path == target
    assert not window.import_trf_file(example_trf(), target)  # one tournament per file
    assert "already exists" in boxes.texts("warning")[-1]
    text = window.context.read(sv.export_trf).text
    assert text.count("001 ") == 12
    for version, record in (("trf-2026", "142 9"), ("trf-16", "XXR 9")):
        window.write_trf_export(str(tmp_path / f"{version}.trf"), version)
        written = (tmp_path / f"{version}.trf").read_text()
        assert record in written and ("142 9" in written) == (version == "trf-2026")


def test_closing_returns_to_the_welcome_page(window: MainWindow) -> None:
    window.open_example()
    window.close_tournament()
    assert window.context is None and window.stack.currentWidget() is window.welcome
    assert not window.export_action.isEnabled()


def test_dialogs_are_deleted_once_answered(window: MainWindow) -> None:
    """A dialog made for one use is not kept by the window it was parented to (issue 21: a day of settings, reports
    and player dialogs would pile up hundreds of widgets a round)."""
    from PySide6.QtCore import QCoreApplication, QEvent
    from PySide6.QtWidgets import QDialog

    from arbiter_app.gui.report_dialog import ReportDialog
    from arbiter_app.gui.tournament_dialog import SettingsDialog

    window.open_example()
    seen = [on_modal(SettingsDialog, lambda d: d.reject())]
    window.edit_settings()
    for kind in ("standings", "pairings"):
        seen.append(on_modal(ReportDialog, lambda d: d.reject()))
        window.show_report(kind)
    assert all(len(s) == 1 for s in seen)
    assert window.findChildren(QDialog)  # until the event loop runs again
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    assert window.findChildren(QDialog) == []


def test_large_text_preference(qtbot: Any) -> None:
    window = MainWindow(SyncRunner())
    qtbot.addWidget(window)
    normal = window.rounds_view.table.font().pointSizeF()
    window.large_text_action.setChecked(True)
    assert window.rounds_view.table.font().pointSizeF() > normal
    window.close()
    again = MainWindow(SyncRunner())
    qtbot.addWidget(again)
    assert again.large_text_action.isChecked()
    again.large_text_action.setChecked(False)
    assert again.rounds_view.table.font().pointSizeF() == normal
    again.close()


def test_start_opens_the_file_named(qtbot: Any, tmp_path: Path) -> None:
    from arbiter_app.app import start
    from arbiter_app.gui.files import make_example

    window = start(str(make_example(tmp_path)))
    qtbot.addWidget(window)
    assert window.windowTitle() == "Arbiters' Manual example — Baku 2016 rules — Arbiter"
    window.close()


def test_start_without_a_file_shows_the_welcome_page(qtbot: Any) -> None:
    from arbiter_app.app import start

    window = start(None)  # the default file in the (isolated) data folder does not exist yet
    qtbot.addWidget(window)
    assert window.context is None and window.stack.currentWidget() is window.welcome
    window.close()


def test_a_file_that_is_not_a_tournament_is_refused(window: MainWindow, tmp_path: Path, boxes: Any) -> None:
    window.open_example()
    junk = tmp_path / "notes.db"
    junk.write_text("not a database, just notes " * 100)
    assert not window.open_file(junk)
    assert "not a tournament file" in boxes.texts("warning")[-1]
    assert window.context is not None and window.stack.currentWidget() is window.tabs  # the open one stays


def test_save_a_copy_from_the_file_menu(window: MainWindow, tmp_path: Path, boxes: Any) -> None:
    assert not window.save_copy_action.isEnabled()
    assert window.import_trf_file(example_trf(), tmp_path / "open.db")
    assert window.save_copy_action.isEnabled()
    assert window.save_copy_as(tmp_path / "backup.db")
    copy = sv_files.open_database(tmp_path / "backup.db")
    try:
        assert [r.state for r in sv.list_rounds(copy, sv.only_tournament(copy).id)] == ["completed"] * 9
    finally:
        copy.dispose()
    assert not window.save_copy_as(tmp_path / "open.db")  # the open file itself is refused, with a message
    assert "the open tournament file" in boxes.texts("warning")[-1]
