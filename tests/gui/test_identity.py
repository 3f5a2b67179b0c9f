"""The arbiter's name, asked once at start, goes into the audit log (issue 14)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QInputDialog
from pytestqt.qtbot import QtBot

from arbiter_app import services as sv
from arbiter_app.gui.identity import ask_arbiter_name
from arbiter_app.gui.settings import use_settings_folder
from arbiter_app.persistence import ARBITER_ENV, open_database


def _answer(text: str) -> None:
    def fill() -> None:
        dialog = QApplication.activeModalWidget()
        assert isinstance(dialog, QInputDialog)
        dialog.setTextValue(text)
        dialog.accept()

    QTimer.singleShot(50, fill)


def test_the_name_asked_at_start_is_in_every_audit_row(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    use_settings_folder(tmp_path / "settings")
    monkeypatch.delenv(ARBITER_ENV, raising=False)
    _answer("Jane Arbiter")
    assert ask_arbiter_name() == "Jane Arbiter"
    assert os.environ[ARBITER_ENV] == "Jane Arbiter"
    db = open_database(tmp_path / "t.db", create=True)
    try:
        t = sv.create_tournament(db, "Club", 3)
        assert [e.arbiter for e in sv.audit_log(db, t.id)] == ["Jane Arbiter"]
    finally:
        db.dispose()
    _answer("")  # an empty answer keeps the last name
    assert ask_arbiter_name() == "Jane Arbiter"
