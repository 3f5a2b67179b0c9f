"""GUI test set-up: isolated settings and data folder, message boxes answered, modal dialogs driven.

Every test wraps real widgets around real services on a temporary SQLite file.
"""

from __future__ import annotations

import shutil
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.system_libraries import qt_gui_problem_once

if (_problem := qt_gui_problem_once()) is not None:
    pytest.skip(f"needs Qt's GUI: {_problem}", allow_module_level=True)

from PySide6.QtCore import QTimer  # noqa: E402
from PySide6.QtWidgets import QApplication, QMessageBox, QWidget  # noqa: E402

from arbiter_app.gui.main_window import MainWindow  # noqa: E402
from arbiter_app.gui.settings import use_settings_folder  # noqa: E402
from arbiter_app.gui.workers import Runner, SyncRunner  # noqa: E402


@pytest.fixture(autouse=True)
def isolated(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Settings and the user's data folder under the test's temporary folder."""
    use_settings_folder(tmp_path / "settings")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    return tmp_path


class MessageBoxes:
    """What the application said in message boxes; questions are answered Yes (or ``answer``)."""

    def __init__(self) -> None:
        self.shown: list[tuple[str, str, str]] = []
        self.answer = QMessageBox.StandardButton.Yes

    def texts(self, kind: str | None = None) -> list[str]:
        return [text for k, _, text in self.shown if kind is None or k == kind]


@pytest.fixture(autouse=True)
def boxes(monkeypatch: pytest.MonkeyPatch) -> MessageBoxes:
    record = MessageBoxes()

    def fake(kind: str) -> Callable[..., Any]:
        def show(parent: QWidget | None, title: str, text: str, *args: Any, **kwargs: Any) -> Any:
            record.shown.append((kind, title, text))
            return record.answer if kind == "question" else QMessageBox.StandardButton.Ok

        return show

    for kind in ("question", "warning", "information", "critical"):
        monkeypatch.setattr(QMessageBox, kind, staticmethod(fake(kind)))
    monkeypatch.setattr(QMessageBox, "about", staticmethod(lambda *a: record.shown.append(("about", "", ""))))
    return record


@pytest.fixture
def empty_file(tmp_path: Path, template_db: Path) -> Path:
    path = tmp_path / "tournament.db"
    shutil.copy(template_db, path)
    return path


def shown_window(qtbot: Any, runner: Runner) -> Iterator[MainWindow]:
    """The main window with ``runner`` as its worker, on screen until the test ends."""
    w = MainWindow(runner)
    qtbot.addWidget(w)
    w.show()
    yield w
    w.close()


@pytest.fixture
def window(qtbot: Any) -> Iterator[MainWindow]:
    """The main window with a synchronous worker (pairing runs at once)."""
    yield from shown_window(qtbot, SyncRunner())


@pytest.fixture
def threaded_window(qtbot: Any) -> Iterator[MainWindow]:
    """The main window with its real worker: a thread handing long work to the child process."""
    yield from shown_window(qtbot, Runner())


def on_modal(cls: type[QWidget], action: Callable[[Any], None], timeout_ms: int = 5000) -> list[QWidget]:
    """Run ``action(dialog)`` on the next modal dialog of class ``cls`` once it is on screen.

    Returns a list that holds the dialog once it has been seen.  ``action``
    must close the dialog (accept, reject) or the test blocks until it does.
    """
    seen: list[QWidget] = []
    waited = [0]

    def poll() -> None:
        widget = QApplication.activeModalWidget()
        if isinstance(widget, cls):
            seen.append(widget)
            try:
                action(widget)
            finally:
                if widget.isVisible() and hasattr(widget, "reject"):
                    widget.reject()
        elif waited[0] < timeout_ms:
            waited[0] += 10
            QTimer.singleShot(10, poll)

    QTimer.singleShot(0, poll)
    return seen
