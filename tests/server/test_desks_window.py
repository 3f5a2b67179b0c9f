"""The window on a server (issue 32): File > Connect to a server…, and another desk's change shown here."""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QDialogButtonBox

from arbiter_app.gui import settings
from arbiter_app.gui.connect_dialog import ConnectDialog
from arbiter_app.gui.main_window import MainWindow
from arbiter_app.persistence import open_database
from arbiter_app.services import enter_result, import_trf, pair_next_round, publish_round
from arbiter_app.trf import parse_trf
from tests.gui.conftest import boxes, isolated, on_modal, window  # noqa: F401
from tests.server.events import players_trf


def _board(window: MainWindow, number: int) -> Any:  # noqa: F811
    info = window.rounds_view.current
    return None if info is None else next(b for b in info.boards if b.number == number)


def test_connect_to_a_server_and_see_another_desks_results(qtbot: Any, window: MainWindow, server_url: str) -> None:  # noqa: F811
    other = open_database(server_url, arbiter="Ben")
    other.desk = "desk 2"
    try:
        tid = import_trf(other, parse_trf(players_trf(20), source="twenty.trf")).tournament.id
        pair_next_round(other, tid)
        publish_round(other, tid)
        with_password = server_url.replace("arbiter_tests@", "arbiter_tests:s3cret@")

        def connect(dialog: ConnectDialog) -> None:
            ok = dialog.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Ok)
            dialog.url.setText(with_password.replace("postgresql+psycopg", "postgresq"))
            ok.click()  # refused in the dialog, which stays open
            assert dialog.isVisible() and "neither a tournament file's path nor a supported" in dialog.error.text()
            dialog.url.setText(with_password)
            dialog.desk.setText("desk 1")
            ok.click()

        seen = on_modal(ConnectDialog, connect)
        window.connect_to_server()
        assert seen and window.context is not None and window.context.db.server
        assert window.context.db.desk == "desk 1"
        shown = window.file_label.text()
        assert shown.startswith("postgresql+psycopg://arbiter_tests@/") and "s3cret" not in shown
        assert settings.recent_files() == []  # a server's URL is never a recent file
        window.tabs.setCurrentWidget(window.rounds_view)
        qtbot.waitUntil(lambda: _board(window, 3) is not None, timeout=10000)
        assert _board(window, 3).result is None

        enter_result(other, tid, 1, 3, "1-0")  # at desk 2
        qtbot.waitUntil(lambda: _board(window, 3).result == "1-0", timeout=10000)
        assert _board(window, 3).changed_by == "Ben at desk 2"
    finally:
        other.dispose()


def test_who_pairs_at_another_desk_is_shown_on_the_round_menu(qtbot: Any, window: MainWindow, server_url: str) -> None:  # noqa: F811
    from arbiter_app.persistence.desks import desk_task

    other = open_database(server_url, arbiter="Ben")
    other.desk = "desk 2"
    try:
        import_trf(other, parse_trf(players_trf(12), source="twelve.trf"))

        def connect(dialog: ConnectDialog) -> None:
            dialog.url.setText(server_url)
            dialog.desk.setText("desk 1")
            dialog.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Ok).click()

        on_modal(ConnectDialog, connect)
        window.connect_to_server()
        assert window.context is not None and window.context.db.server
        window.tabs.setCurrentWidget(window.rounds_view)
        pair = window.rounds_view.round_actions.pair
        qtbot.waitUntil(pair.isEnabled, timeout=10000)
        with desk_task(other, "pairing"):  # desk 2 pairs: desk 1 is told (NOTIFY), the action off
            qtbot.waitUntil(lambda: not pair.isEnabled(), timeout=10000)
            assert "(Pairing under way at Ben at desk 2 since " in pair.text()
            assert pair.toolTip().startswith("Pairing under way at Ben at desk 2 since ")
        qtbot.waitUntil(pair.isEnabled, timeout=10000)
        assert pair.text() == "&Pair round 1"
    finally:
        other.dispose()
