"""The bye dialog asks at Level 3 before a second ½-point bye and tells that full-point byes are deprecated (Level
2); the player dialog keeps the "eligible for ½-point byes" flag (checklist Q174, Q175, Q178)."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QDialogButtonBox, QLabel

from arbiter_app import services as sv
from arbiter_app.gui.bye_dialog import ByeDialog
from arbiter_app.gui.main_window import MainWindow
from arbiter_app.gui.player_dialog import PlayerDialog
from arbiter_app.gui.players_model import PlayerColumn
from arbiter_app.gui.standings_model import StandingColumn
from arbiter_app.gui.warning_dialogs import InformDialog, ProceedDialog
from arbiter_app.persistence import open_database
from tests.gui.conftest import MessageBoxes, on_modal
from tests.gui.test_players import six_players


def _ok(d: ByeDialog | PlayerDialog) -> None:
    d.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Ok).click()


def _bye(d: ByeDialog, round_number: int, kind: str) -> None:
    d.round.setValue(round_number)
    d.kind.setCurrentIndex(d.kind.findData(kind))


def test_second_half_point_bye_and_full_point_bye(window: MainWindow, empty_file: Path, boxes: MessageBoxes) -> None:
    six_players(empty_file)
    db = open_database(empty_file)
    sv.request_bye(db, 1, 3, 1, "half")
    db.dispose()
    assert window.open_file(empty_file)
    view = window.players_view
    asked: list[str] = []

    def cancel(p: ProceedDialog) -> None:
        asked.append(p.text.text())
        p.cancel.click()

    def second_half(d: ByeDialog) -> None:
        _bye(d, 2, "half")
        on_modal(ProceedDialog, cancel)
        _ok(d)
        assert d.isVisible()  # cancelled: nothing stored, the dialog stays
        on_modal(ProceedDialog, lambda p: p.proceed.click())
        _ok(d)

    view.select_player(3)
    on_modal(ByeDialog, second_half)
    view.bye_button.click()
    assert asked and "already has a half-point bye (round 1)" in asked[0]
    db = open_database(empty_file)
    assert {(b.round, b.kind) for r in (1, 2) for b in sv.list_byes(db, 1, r) if b.player == 3} == {
        (1, "half"),
        (2, "half"),
    }
    db.dispose()

    told: list[str] = []

    def full(d: ByeDialog) -> None:
        _bye(d, 1, "full")
        on_modal(InformDialog, lambda i: (told.append(i.text.text()), i.accept()))
        _ok(d)

    view.select_player(4)
    on_modal(ByeDialog, full)
    view.bye_button.click()
    assert told and "deprecated" in told[0]
    assert view.model.index(3, PlayerColumn.NEXT).data() == "1-point bye"


def test_the_player_dialog_keeps_the_half_bye_flag(window: MainWindow, empty_file: Path, boxes: MessageBoxes) -> None:
    six_players(empty_file)
    assert window.open_file(empty_file)
    view = window.players_view

    def untick(d: PlayerDialog) -> None:
        assert d.half_byes is not None and d.half_byes.isChecked()
        d.half_byes.setChecked(False)
        _ok(d)

    view.select_player(2)
    on_modal(PlayerDialog, untick)
    view.edit_button.click()
    assert view.selected_player().half_bye_eligible is False
    refused: list[str] = []

    def half(d: ByeDialog) -> None:
        _bye(d, 1, "half")
        _ok(d)
        refused.append(" ".join(label.text() for label in d.findChildren(QLabel)))
        d.reject()

    on_modal(ByeDialog, half)
    view.bye_button.click()
    assert refused and "not eligible for half-point byes" in refused[0]


def test_the_standings_mark_withdrawn_and_expelled_players(window: MainWindow, empty_file: Path) -> None:
    """Checklist Q170, Q197-Q198: after round 1, #5 withdrawn from round 2 is marked; #6, expelled, is left out of
    the Swiss standings and marked in the player list."""
    six_players(empty_file, paired=True)
    db = open_database(empty_file)
    sv.enter_results(db, 1, 1, [(k, "1-0") for k in (1, 2, 3)])
    sv.withdraw_player(db, 1, 5)
    sv.expel_player(db, 1, 6)
    db.dispose()
    assert window.open_file(empty_file)
    window.tabs.setCurrentWidget(window.standings_view)
    model = window.standings_view.model
    names = [model.index(row, StandingColumn.NAME).data() for row in range(model.rowCount())]
    assert "Eve (withdrawn from round 2)" in names and len(names) == 5
    assert not [name for name in names if name.startswith("Fay")]
    assert sum("(" in name for name in names) == 1
    players = window.players_view.model
    assert players.index(5, PlayerColumn.STATUS).data() == "expelled from round 2"
