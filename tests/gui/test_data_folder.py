"""A fresh profile (issue 28): the data folder is created and offered for every new file, never the working folder
(with a source checkout, the checkout)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtWidgets import QFileDialog

from arbiter_app.gui import files
from arbiter_app.gui.main_window import MainWindow
from arbiter_app.gui.report_dialog import ReportDialog
from arbiter_app.gui.tournament_dialog import TournamentDialog
from arbiter_app.services.files import default_data_dir


@pytest.fixture
def fresh_profile(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """No data folder yet, and a working folder that is not it (as a source checkout would be)."""
    data = tmp_path / "fresh" / "share"
    monkeypatch.setenv("XDG_DATA_HOME", str(data))
    work = tmp_path / "checkout"
    work.mkdir()
    monkeypatch.chdir(work)
    assert not default_data_dir().exists()
    return work


class Offered:
    """What the file dialogs were asked to start in (the arbiter cancels each)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, chosen: list[str] | None = None) -> None:
        self.places: list[Path] = []
        self.chosen = list(chosen or [])

        def ask(parent: Any, caption: str, start: str = "", *args: Any, **kwargs: Any) -> tuple[str, str]:
            self.places.append(Path(start) if start else Path.cwd())
            return (self.chosen.pop(0) if self.chosen else "", "")

        monkeypatch.setattr(QFileDialog, "getSaveFileName", staticmethod(ask))
        monkeypatch.setattr(QFileDialog, "getOpenFileName", staticmethod(ask))


def inside(path: Path, folder: Path) -> bool:
    return os.path.commonpath([path.resolve(), folder.resolve()]) == str(folder.resolve())


def test_the_data_folder_is_made_on_first_use(fresh_profile: Path) -> None:
    folder = files.data_folder()
    assert folder == default_data_dir() and folder.is_dir()


def test_a_new_tournament_is_offered_in_the_data_folder(window: MainWindow, fresh_profile: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:  # fmt: skip
    offered = Offered(monkeypatch)
    dialog = TournamentDialog(window)
    dialog.name.setText("Spring open")
    target = Path(dialog.file.text())
    assert inside(target, default_data_dir()) and target.parent.is_dir()  # Qt falls back to the working folder
    dialog._on_browse_clicked()  # "Choose…" opens in the data folder too
    assert offered.places and inside(offered.places[0], default_data_dir())
    dialog.reject()


def test_start_from_a_trf_file_offers_the_data_folder(window: MainWindow, fresh_profile: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:  # fmt: skip
    """Welcome page > Start from a TRF file: the report is looked for, and the new file offered, in the data
    folder, which exists by then (issue 28: it was saved into the working folder)."""
    trf = Path(__file__).resolve().parents[2] / "resources" / "arbiters-manual-12.trf"
    offered = Offered(monkeypatch, [str(trf)])
    window.import_trf()
    assert len(offered.places) == 2
    opened_in, saved_in = offered.places
    assert inside(opened_in, default_data_dir()) and opened_in.is_dir()
    assert inside(saved_in, default_data_dir()) and saved_in.parent.is_dir()
    assert not inside(saved_in, fresh_profile)
    assert list(fresh_profile.iterdir()) == []  # nothing written into the working folder


def test_reports_and_lists_are_offered_beside_the_tournament(window: MainWindow, fresh_profile: Path,
                                                             monkeypatch: pytest.MonkeyPatch) -> None:  # fmt: skip
    window.open_example()
    assert window.context is not None and window.context.path is not None
    assert inside(window.context.path, default_data_dir())  # the example's copy lives in the data folder
    offered = Offered(monkeypatch)
    report = ReportDialog(window.context, "standings", window)
    report.save_as(".pdf")
    from arbiter_app.gui.player_list_actions import export_csv

    export_csv(window, window.context)
    assert len(offered.places) == 2 and all(inside(p, default_data_dir()) for p in offered.places)
    assert list(fresh_profile.iterdir()) == []
    report.reject()


def test_opening_a_file_starts_in_the_data_folder(window: MainWindow, fresh_profile: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:  # fmt: skip
    offered = Offered(monkeypatch)
    window.choose_file()
    assert offered.places and inside(offered.places[0], default_data_dir())
