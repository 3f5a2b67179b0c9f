"""Issue 17 in the window: the FIDE list searched while typing fills the player dialog; the list imported
off the GUI thread with a progress dialog (cancel keeps the old list); ratings updated on request; CSV."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialogButtonBox, QProgressDialog, QPushButton

from arbiter_app import services as sv
from arbiter_app.gui.csv_dialog import CsvImportDialog
from arbiter_app.gui.main_window import MainWindow
from arbiter_app.gui.player_dialog import PlayerDialog
from arbiter_app.gui.player_list_actions import export_csv, import_csv, update_ratings
from arbiter_app.gui.rating_list_import import ListImportDialog, RatingListImporter
from arbiter_app.gui.workers import SyncRunner
from arbiter_app.persistence import open_database
from arbiter_app.services.ratings import ratings_path
from tests.gui.conftest import MessageBoxes, on_modal
from tests.ratings.lists import P, write_combined, write_single


def a_tournament(path: Path) -> None:
    db = open_database(path)
    tid = sv.create_tournament(db, "Open", 5).id
    sv.register_player(db, tid, "Caruana, Fabiano", rating=2700, fide_id="2020009")
    db.dispose()


def test_the_search_fills_the_player_dialog(
    window: MainWindow, empty_file: Path, tmp_path: Path, qtbot: Any, isolated: Path
) -> None:
    sv.import_rating_list(write_combined(tmp_path / "players_list_foa.txt"), date="2026-11")
    assert ratings_path().is_relative_to(isolated)  # the user's data folder (the test's)
    a_tournament(empty_file)
    assert window.open_file(empty_file)
    assert window.context is not None
    dialog = PlayerDialog(window.context, parent=window)
    qtbot.addWidget(dialog)
    search = dialog.fide_search
    assert search is not None
    assert [search.kind.itemText(i) for i in range(search.kind.count())] == [
        "standard 2026-11", "rapid 2026-11", "blitz 2026-11",
    ]  # fmt: skip
    qtbot.keyClicks(search.field, "carl")
    qtbot.waitUntil(lambda: search.results.count() == 1, timeout=2000)  # after the typing pause
    assert search.results.item(0).text() == "Carlsen, Magnus GM NOR 2831  (1503014, 1990)"
    search.results.itemClicked.emit(search.results.item(0))
    assert dialog.fields() == {
        "name": "Carlsen, Magnus", "title": "GM", "rating": 2831, "fide_id": "1503014", "federation": "NOR",
        "sex": "m", "birth_date": "1990",
    }  # fmt: skip
    # the blitz list and a woman's title; Enter picks the first result
    search.kind.setCurrentIndex(2)
    search.field.clear()
    qtbot.keyClicks(search.field, "overg")
    qtbot.keyClick(search.field, Qt.Key.Key_Return)
    assert dialog.fields()["name"] == "Øvergaard, Åse" and dialog.fields()["title"] == "WFM"
    # unrated in blitz, but the tournament's main list (standard) holds her: that rating (checklist Q127)
    assert dialog.fields()["sex"] == "w" and dialog.fields()["rating"] == 1950 and dialog.fields()["birth_date"] == ""
    search.kind.setCurrentIndex(0)
    search.field.setText("1503014")
    search.search_now()
    search.results.itemActivated.emit(search.results.item(0))
    dialog.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Ok).click()
    added = dialog.result_player
    assert added is not None and (added.name, added.rating, added.fide_id) == ("Carlsen, Magnus", 2831, "1503014")
    assert window.players_view.model.rowCount() == 2


def test_no_list_yet(window: MainWindow, empty_file: Path, qtbot: Any) -> None:
    a_tournament(empty_file)
    assert window.open_file(empty_file) and window.context is not None
    dialog = PlayerDialog(window.context, parent=window)
    qtbot.addWidget(dialog)
    assert dialog.fide_search is not None and not dialog.fide_search.field.isEnabled()
    assert "Import FIDE rating list" in dialog.fide_search.note.text()
    edit = PlayerDialog(window.context, sv.list_players(window.context.db, window.context.tournament_id)[0])
    qtbot.addWidget(edit)
    assert edit.fide_search is None  # correcting a player: no search


def test_import_with_progress_then_cancel_keeps_the_list(
    window: MainWindow, tmp_path: Path, qtbot: Any, boxes: MessageBoxes
) -> None:
    importer = RatingListImporter(window, SyncRunner())
    reports: list[object] = []
    importer.finished.connect(reports.append)
    path = write_single(tmp_path / "list.txt")

    def fill(d: ListImportDialog) -> None:
        assert d.needs_kind
        d.kind.setCurrentIndex(1)  # rapid
        assert d.date.text() == "2026-11"  # from the header
        d.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Ok).click()

    on_modal(ListImportDialog, fill)
    assert importer.ask_and_import(path)
    assert [(i.kind, i.date, i.players) for i in sv.rating_list_info()] == [("rapid", "2026-11", 8)]
    assert "list.txt (2026-11): rapid 8 players." in boxes.texts("information")[-1]
    assert importer.dialog is None  # the progress dialog closed

    many = tuple(P(str(5_000_000 + k), f"Player{k}, A", std="1500") for k in range(12_000))
    big = write_single(tmp_path / "standard_dec26frl.txt", "standard", many, month="DEC26")
    seen: list[int] = []

    def cancel_at_first_step(done: int, total: int) -> None:
        assert isinstance(importer.dialog, QProgressDialog)
        seen.append(importer.dialog.value())
        importer.dialog.findChild(QPushButton).click()  # Cancel

    importer._progress.moved.connect(cancel_at_first_step)
    importer.start(big)
    assert seen and 0 < seen[0] < 1000
    assert isinstance(reports[-1], Exception)
    assert "Import cancelled" in boxes.texts("information")[-1]
    assert [(i.kind, i.date, i.players) for i in sv.rating_list_info()] == [("rapid", "2026-11", 8)]


def test_update_ratings_and_csv(window: MainWindow, empty_file: Path, tmp_path: Path, boxes: MessageBoxes) -> None:
    sv.import_rating_list(write_combined(tmp_path / "players_list_foa.txt"), date="2026-11")
    a_tournament(empty_file)
    assert window.open_file(empty_file) and window.context is not None
    context = window.context
    assert update_ratings(window, context, "standard")
    assert "2700 → 2805" in boxes.texts("question")[-1]
    assert sv.list_players(context.db, context.tournament_id)[0].rating == 2805
    assert not update_ratings(window, context, "standard")  # nothing left to change
    assert "already matches" in boxes.texts("information")[-1]

    sheet = tmp_path / "signup.csv"
    sheet.write_text("Joueur;Elo;Pays\nAnn;2100;FRA\nBob;x;GER\nCid;1900;NOR\n", "utf-8")

    def drive(d: CsvImportDialog) -> None:
        assert d.columns["name"].currentData() is None  # 'Joueur' is no header it knows
        assert not d.import_button.isEnabled() or d.errors.isVisible() or d.table.rowCount() == 0
        d.columns["name"].setCurrentIndex(d.columns["name"].findData("Joueur"))
        d.columns["federation"].setCurrentIndex(d.columns["federation"].findData("Pays"))
        assert d.columns["rating"].currentData() == "Elo"
        assert d.table.rowCount() == 2 and d.table.item(0, 1).text() == "Ann" and d.table.item(1, 4).text() == "NOR"
        assert d.bad.toPlainText() == "line 3: rating 'x' is not a whole number"
        assert d.summary.text().startswith("2 of 3 rows")
        d.import_button.click()

    seen = on_modal(CsvImportDialog, drive)
    assert import_csv(window, context, sheet)
    assert seen
    assert "2 players registered" in boxes.texts("information")[-1] and "line 3" in boxes.texts("information")[-1]
    assert window.players_view.model.rowCount() == 3
    out = tmp_path / "players.csv"
    assert export_csv(window, context, out)
    assert out.read_text("utf-8").splitlines()[1:] == [
        '"Caruana, Fabiano",2805,,,2020009,,', "Ann,2100,,FRA,,,", "Cid,1900,,NOR,,,",
    ]  # fmt: skip


def test_the_menu_has_the_entries(window: MainWindow) -> None:
    texts = [a.text() for a in window.menuBar().actions()[0].menu().actions()]
    assert "Import FIDE &rating list…" in texts and "Export players to CS&V…" in texts


def test_the_import_runs_on_a_worker_thread(
    window: MainWindow, tmp_path: Path, qtbot: Any, boxes: MessageBoxes
) -> None:
    importer = RatingListImporter(window)  # a real worker thread, its own (pairing is never queued behind it)
    assert importer.runner is not window.runner
    many = tuple(P(str(5_000_000 + k), f"Player{k}, A", std=str(1000 + k % 1500)) for k in range(20_000))
    path = write_single(tmp_path / "standard_nov26frl.txt", players=many)
    steps: list[int] = []
    importer._progress.moved.connect(lambda done, total: steps.append(done))
    with qtbot.waitSignal(importer.finished, timeout=60_000) as finished:
        importer.start(path)
        assert importer.dialog is not None and importer.dialog.isVisible()
    assert finished.args is not None and finished.args[0].players == {"standard": 20_000}
    assert len(steps) >= 3 and steps == sorted(steps)
    assert importer.dialog is None
    assert sv.search_players("Player1999")[0].rating == 1000 + 1999 % 1500
