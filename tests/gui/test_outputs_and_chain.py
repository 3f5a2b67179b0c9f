"""Issue 33 in the window: saving asks before replacing a file and never replaces a tournament file; Help > Verify;
a file changed outside the program is a Level-3 warning at open."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtWidgets import QMessageBox

from arbiter_app.gui.main_window import MainWindow
from arbiter_app.gui.player_list_actions import export_csv
from arbiter_app.gui.warning_dialogs import ProceedDialog
from tests.gui.conftest import on_modal
from tests.services.test_audit_chain import _outside


def test_saving_asks_before_replacing_and_never_replaces_a_tournament_file(
    window: MainWindow, tmp_path: Path, boxes: Any
) -> None:
    window.open_example()
    assert window.context is not None
    own = window.context.path
    trf = tmp_path / "out.trf"
    trf.write_text("kept")
    boxes.answer = QMessageBox.StandardButton.No
    window.write_trf_export(str(trf), "trf-2026")
    assert trf.read_text() == "kept" and "already exists" in boxes.texts("question")[-1]
    boxes.answer = QMessageBox.StandardButton.Yes
    window.write_trf_export(str(trf), "trf-2026")
    assert trf.read_text().startswith("012 ")
    before = own.read_bytes()[:16]
    window.write_trf_export(str(own), "trf-2026")  # the open file, the arbiter having said yes
    assert "tournament file" in boxes.texts("warning")[-1] or "open tournament file" in boxes.texts("warning")[-1]
    assert own.read_bytes()[:16] == before == b"SQLite format 3\x00"
    assert not export_csv(window, window.context, own)
    assert not window.save_copy_as(own)
    assert own.read_bytes()[:16] == b"SQLite format 3\x00"


def test_help_verify_and_the_warning_at_open(window: MainWindow, boxes: Any) -> None:
    window.open_example()
    assert window.context is not None
    path = window.context.path
    window.verify_file()
    assert "the audit chain is intact" in boxes.texts("information")[-1]
    window.close_tournament()
    _outside(path, "UPDATE boards SET result = '0-1' WHERE id = (SELECT max(id) FROM boards)")
    seen = on_modal(ProceedDialog, lambda d: d.reject())
    assert not window.open_file(path)  # cancelled: the file is left as it is, unopened
    assert seen and window.context is None
    seen = on_modal(ProceedDialog, lambda d: d.accept())
    assert window.open_file(path)
    assert seen and window.context is not None
    window.verify_file()
    assert "the audit chain is intact" in boxes.texts("information")[-1]
    assert "recorded earlier" in boxes.texts("information")[-1]
