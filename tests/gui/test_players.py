"""The players view: withdraw, byes, reinstate, remove, late entry, undo; refusals shown."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtWidgets import QDialogButtonBox

from arbiter_app import services as sv
from arbiter_app.gui.bye_dialog import ByeDialog
from arbiter_app.gui.main_window import MainWindow
from arbiter_app.gui.player_dialog import PlayerDialog
from arbiter_app.gui.players_model import PlayerColumn
from arbiter_app.persistence import open_database
from tests.gui.conftest import MessageBoxes, on_modal


def six_players(path: Path, paired: bool = False) -> None:
    db = open_database(path)
    tid = sv.create_tournament(db, "Six", 3).id
    for k, name in enumerate(["Ada", "Ben", "Cy", "Dee", "Eve", "Fay"]):
        sv.register_player(db, tid, name, rating=2000 - 10 * k)
    if paired:
        sv.pair_next_round(db, tid)
        sv.publish_round(db, tid)
    db.dispose()


def test_withdraw_bye_cancel_reinstate_remove(window: MainWindow, empty_file: Path, boxes: MessageBoxes) -> None:
    six_players(empty_file)
    assert window.open_file(empty_file)
    view = window.players_view
    assert view.model.rowCount() == 6
    view.select_player(2)
    view.withdraw_button.click()
    assert view.selected_player().status == "withdrawn"
    assert view.model.index(1, PlayerColumn.STATUS).data() == "withdrawn from round 1"
    view.reinstate_button.click()
    assert view.selected_player().status == "active"

    def half_bye(d: ByeDialog) -> None:
        d.kind.setCurrentIndex(0)
        d.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Ok).click()

    view.select_player(3)
    on_modal(ByeDialog, half_bye)
    view.bye_button.click()
    assert view.model.index(2, PlayerColumn.NEXT).data() == "½-point bye"
    assert "1 bye or absence in round 1" in view.summary.text()
    assert view.cancel_bye_button.isEnabled()
    view.cancel_bye_button.click()
    assert view.model.index(2, PlayerColumn.NEXT).data() == ""

    view.select_player(6)
    view.remove_button.click()
    assert view.model.rowCount() == 5
    assert boxes.texts("question")  # every step asked first
    assert not boxes.texts("warning")


def test_late_entry_and_refusals(window: MainWindow, empty_file: Path, boxes: MessageBoxes) -> None:
    six_players(empty_file, paired=True)
    assert window.open_file(empty_file)
    view = window.players_view
    window.tabs.setCurrentWidget(view)
    view.select_player(1)
    view.remove_button.click()  # paired already: C.04.2.D.3 refuses
    assert "C.04.2.D.3" in boxes.texts("warning")[-1]
    assert view.model.rowCount() == 6

    def late(d: PlayerDialog) -> None:
        assert d.entry_round is not None and d.entry_round.value() == 2
        d.name.setText("Gus")
        d.rating.setValue(2100)
        d.missed.setCurrentIndex(1)
        d.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Ok).click()

    seen = on_modal(PlayerDialog, late)
    view.add_button.click()
    assert seen
    gus = next(p for p in view.model.rows if p.name == "Gus")
    assert gus.entry_round == 2 and view.model.display(gus, PlayerColumn.STATUS) == "late entry, round 2"


def test_undo_last_step(window: MainWindow, empty_file: Path) -> None:
    six_players(empty_file)
    assert window.open_file(empty_file)
    window.tabs.setCurrentWidget(window.rounds_view)
    window.rounds_view.pair_action.trigger()
    assert window.rounds_view.current is not None
    window.undo_action.trigger()
    assert window.rounds_view.current is None
    assert "Undone" in window.statusBar().currentMessage()


def test_edit_player(window: MainWindow, empty_file: Path, qtbot: Any) -> None:
    six_players(empty_file)
    assert window.open_file(empty_file)
    view = window.players_view
    view.select_player(6)

    def edit(d: PlayerDialog) -> None:
        assert d.name.text() == "Fay"
        d.rating.setValue(2500)
        d.federation.setText("nor")
        d.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Ok).click()

    on_modal(PlayerDialog, edit)
    view.edit_button.click()
    fay = next(p for p in view.model.rows if p.name == "Fay")
    assert fay.number == 1 and fay.federation == "NOR"  # renumbered by rating before round 1 (C.04.2.B)
    assert view.selected_player().name == "Fay"


def test_add_and_next_keeps_the_dialog_for_the_next_player(window: MainWindow, empty_file: Path) -> None:
    """Issue 28: registering a field, the dialog stayed open for one player only."""
    six_players(empty_file)
    assert window.open_file(empty_file)
    view = window.players_view

    def register(d: PlayerDialog) -> None:
        assert d.next_button is not None
        for name, rating in (("Gus", 1700), ("Hal", 1650)):
            d.name.setText(name)
            d.rating.setValue(rating)
            d.next_button.click()
            assert d.isVisible() and d.name.text() == "" and d.rating.value() == 0
            assert "Registered #" in d.errors.text() and name in d.errors.text()
        d.name.setText("Ivy")
        d.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Ok).click()

    seen = on_modal(PlayerDialog, register)
    view.add_button.click()
    assert seen and {"Gus", "Hal", "Ivy"} <= {p.name for p in view.model.rows}
    assert view.selected_player().name == "Ivy"


def test_the_new_tournament_dialog_labels_its_file_row(window: MainWindow) -> None:
    """Issue 28: the File row showed a literal "&File:"; its label has the field as buddy, so Alt+F works."""
    from PySide6.QtWidgets import QLabel

    from arbiter_app.gui.tournament_dialog import TournamentDialog

    dialog = TournamentDialog(window)
    label = next(w for w in dialog.findChildren(QLabel) if w.text() == "&File:")
    assert label.buddy() is dialog.file
    dialog.reject()
