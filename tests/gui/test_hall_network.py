"""View > Hall network (issue 31): the window starts and stops ``arbiter serve`` as a child process, shows the
address and its QR code, issues a deputy's link, and sees a deputy's result come back through the server."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import httpx

from arbiter_app import services as sv
from arbiter_app.gui.main_window import MainWindow
from arbiter_app.hall.address import free_port
from arbiter_app.services import files as sv_files


def test_start_a_deputy_and_stop(window: MainWindow, qtbot: Any, tmp_path: Path) -> None:
    path = tmp_path / "hall.db"
    db = sv_files.open_database(path, create=True)
    tid = sv.create_tournament(db, "Hall Open", 5).id
    for k, name in enumerate(("Anna Berg", "Boris Chen", "Carla Diaz", "Dmitri Egorov")):
        sv.register_player(db, tid, name, rating=2300 - k)
    sv.pair_next_round(db, tid)
    sv.publish_round(db, tid)
    db.dispose()
    assert window.open_file(path)
    dialog = window.show_hall_network()
    assert dialog is not None and not dialog.running
    assert "nothing is reachable from the network until you press Start" in dialog.status.text()
    port = free_port()
    dialog.port.setValue(port)
    dialog.start_button.click()
    qtbot.waitUntil(lambda: dialog.address.text() != "", timeout=60_000)
    assert dialog.address.text().endswith(f":{port}/") and not dialog.qr.pixmap().isNull()
    page = httpx.get(f"http://127.0.0.1:{port}/", timeout=10)
    assert page.status_code == 200 and "Round 1 of 5" in page.text

    dialog.name.setText("Ann Lee")
    dialog.boards.setText("1-2")
    dialog.add_deputy()
    qtbot.waitUntil(lambda: "/deputy/" in dialog.link.text(), timeout=10_000)
    token = re.search(r"/deputy/([A-Za-z0-9_-]{22})", dialog.link.text())
    assert token is not None and not dialog.link_qr.pixmap().isNull()
    qtbot.waitUntil(lambda: dialog.deputies.count() == 1, timeout=10_000)
    assert "Ann Lee: boards 1-2" in dialog.deputies.item(0).text()

    form = httpx.get(f"http://127.0.0.1:{port}/deputy/{token.group(1)}", timeout=10).text
    csrf = re.search(r'name="csrf" value="([0-9a-f]+)"', form)
    assert csrf is not None
    httpx.post(f"http://127.0.0.1:{port}/deputy/{token.group(1)}/result", timeout=10,
               data={"csrf": csrf.group(1), "round": "1", "board": "1", "result": "1-0"})  # fmt: skip
    assert window.context is not None
    qtbot.waitUntil(lambda: window.context.read(sv.get_round, 1).boards[0].result_text == "1-0", timeout=10_000)

    # A result someone else entered: the deputy's is held as a conflict; the chief takes it from the dialog.
    sv.enter_result(window.context.db, window.context.tournament_id, 1, 2, "0-1")
    sent = httpx.post(f"http://127.0.0.1:{port}/deputy/{token.group(1)}/result", timeout=10, follow_redirects=True,
                      data={"csrf": csrf.group(1), "round": "1", "board": "2", "result": "1-0"})  # fmt: skip
    assert "0-1 was already entered by someone else" in sent.text, sent.text[-600:]
    qtbot.waitUntil(lambda: dialog.conflicts.count() == 1, timeout=10_000)
    assert "Round 1 board 2: Ann Lee sent 1-0; on the board: 0-1" in dialog.conflicts.item(0).text()
    dialog.conflicts.setCurrentRow(0)
    dialog.decide(True)
    assert window.context.read(sv.get_round, 1).boards[1].result_text == "1-0" and dialog.conflicts.count() == 0

    dialog.stop_button.click()
    qtbot.waitUntil(lambda: not dialog.running, timeout=15_000)
    assert dialog.address.text() == "" and dialog.start_button.isEnabled()
