"""The players view changes a player against what it showed (several desks, issue 32): a bye entered meanwhile in
another window is named, never overwritten by a withdrawal decided on the old view."""

from __future__ import annotations

from pathlib import Path

from arbiter_app import services as sv
from arbiter_app.gui.main_window import MainWindow
from arbiter_app.persistence import open_database
from tests.gui.conftest import MessageBoxes
from tests.gui.test_players import six_players


def test_a_withdrawal_from_an_old_view_is_refused_naming_who(
    window: MainWindow, empty_file: Path, boxes: MessageBoxes
) -> None:
    six_players(empty_file)
    assert window.open_file(empty_file)
    view = window.players_view
    view.select_player(3)
    other = open_database(empty_file, arbiter="Ben")
    try:
        (tid,) = [t.id for t in sv.list_tournaments(other)]
        sv.request_bye(other, tid, 3, 1, "half")  # the other window: this view still shows #3 without it
        view.withdraw_button.click()
        assert "Player #3 Cy was changed meanwhile by Ben (now half bye in round 1)" in boxes.texts("warning")[-1]
        cy = next(p for p in sv.list_players(other, tid) if p.number == 3)
        assert cy.status == "active" and [b.kind for b in sv.list_byes(other, tid, 1)] == ["half"]
        window.context.forget_reads()  # read anew (on a server: at the other desk's NOTIFY); the withdrawal goes in
        view.refresh()
        view.select_player(3)
        view.withdraw_button.click()
        assert next(p for p in sv.list_players(other, tid) if p.number == 3).status == "withdrawn"
    finally:
        other.dispose()
