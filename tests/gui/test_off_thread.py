"""Work the window hands to its worker so that its own thread never freezes (issue 21).

- Importing a TRF report: the import re-pairs every paired round to compare it with the engine (checklist
  Q54-Q55), seconds for a few hundred players; the window repaints meanwhile, the Level-3 question is still
  asked on it, and errors are shown as before.
- The Pairing cards: built on the worker thread, shown when they arrive."""

from __future__ import annotations

import time
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QTimer

from arbiter_app import services as sv
from arbiter_app.generator import GeneratorConfig, generate
from arbiter_app.gui.main_window import MainWindow
from arbiter_app.gui.warning_dialogs import ProceedDialog
from arbiter_app.pairing.editions import BAKU_2016
from arbiter_app.trf.writer import write_trf
from tests.gui.conftest import on_modal


@pytest.fixture
def threaded(threaded_window: MainWindow) -> MainWindow:
    return threaded_window


class Beats:
    """A timer on the GUI thread: how often it fired, and whether the busy bar was on when it did."""

    def __init__(self, window: MainWindow) -> None:
        self.busy: list[bool] = []
        self.timer = QTimer()
        self.timer.setInterval(5)
        self.timer.timeout.connect(lambda: self.busy.append(window.busy_bar.isVisible()))
        self.timer.start()


def test_an_import_leaves_the_window_running(threaded: MainWindow, tmp_path: Path) -> None:
    doc = generate(replace(GeneratorConfig(), players=120, rounds=3), 2026, edition=BAKU_2016)
    trf = tmp_path / "open.trf"
    trf.write_text(write_trf(doc))
    beats = Beats(threaded)
    commands: list[bool] = []  # the menu bar's state while the import runs
    closed: list[bool] = []

    def meanwhile() -> None:
        commands.append(threaded.menuBar().isEnabled())
        if not closed:
            closed.append(threaded.close())  # refused: the import's file is being written

    beats.timer.timeout.connect(meanwhile)
    began = time.monotonic()
    assert threaded.import_trf_file(trf, tmp_path / "open.db")
    beats.timer.stop()
    assert commands and not any(commands) and closed == [False]  # no New, Open or close inside the import
    assert threaded.menuBar().isEnabled() and threaded.centralWidget().isEnabled()
    print(f"the timer fired {len(beats.busy)} times in {time.monotonic() - began:.2f} s of import")
    assert beats.busy and any(beats.busy)  # a blocked GUI thread would have fired it at most once, after
    assert not threaded.busy_bar.isVisible()
    assert threaded.context is not None and len(threaded.context.read(sv.list_players)) == 120


def test_the_level_3_question_is_asked_between_two_runs(threaded: MainWindow, tmp_path: Path, boxes: Any) -> None:
    from tests.services.conftest import SEVEN

    trf = tmp_path / "seven.trf"
    trf.write_text(SEVEN)
    target = tmp_path / "seven.db"
    asked = on_modal(ProceedDialog, lambda d: d.cancel.click(), timeout_ms=120_000)
    assert not threaded.import_trf_file(trf, target)
    assert asked and "round(s) 1, 2 are not paired as the engine pairs them" in asked[0].notice.text
    assert not target.exists() and threaded.context is None
    asked = on_modal(ProceedDialog, lambda d: d.proceed.click(), timeout_ms=120_000)
    assert threaded.import_trf_file(trf, target)
    assert asked and threaded.context is not None and threaded.context.tournament.fide_mode
    assert not threaded.import_trf_file(trf, target)  # an error in the child is shown as before
    assert "already exists" in boxes.texts("warning")[-1]


def test_the_cards_are_built_on_the_worker_and_shown_when_they_arrive(
    threaded: MainWindow, tmp_path: Path, qtbot: Any
) -> None:
    doc = generate(replace(GeneratorConfig(), players=60, rounds=2), 2026, edition=BAKU_2016)
    trf = tmp_path / "open.trf"
    trf.write_text(write_trf(doc))
    assert threaded.import_trf_file(trf, tmp_path / "open.db")
    view = threaded.cards_view
    qtbot.waitUntil(lambda: len(threaded.rounds_view.model.rows) > 0, timeout=60_000)  # the file is on screen
    threaded.tabs.setCurrentWidget(view)
    qtbot.waitUntil(lambda: view.model.rowCount() == 60, timeout=60_000)  # read, then built, off the thread
    first = view.model.cards
    assert [(-c.score, c.number) for c in first] == sorted((-c.score, c.number) for c in first)
    assert all(len(c.lines) == 2 for c in first)
    assert view.delegate.width >= view.delegate.least_width(view.list.font())
    view.model.set_cards([], 0)
    view.refresh()  # everything read already: only the building is left, and it is not done on this thread
    assert view.model.rowCount() == 0
    qtbot.waitUntil(lambda: view.model.rowCount() == 60, timeout=60_000)
    assert view.model.cards == first


def test_a_player_edited_is_stored_off_the_thread_and_shown(threaded: MainWindow, tmp_path: Path, qtbot: Any) -> None:
    """Issue 28: the Save of the player dialog stores the change in the child process (each write seals the audit
    chain, a digest of the whole tournament); the dialog closes once it is stored, the Players view shows it, and
    a refusal keeps the dialog open with the reason under the form."""
    from PySide6.QtWidgets import QDialog

    from arbiter_app.gui.player_dialog import PlayerDialog

    doc = generate(replace(GeneratorConfig(), players=30, rounds=2), 2026, edition=BAKU_2016)
    trf = tmp_path / "open.trf"
    trf.write_text(write_trf(doc))
    assert threaded.import_trf_file(trf, tmp_path / "open.db")
    ctx = threaded.context
    assert ctx is not None
    view = threaded.players_view
    qtbot.waitUntil(lambda: len(threaded.rounds_view.model.rows) > 0, timeout=60_000)  # the file is on screen
    threaded.tabs.setCurrentWidget(view)
    qtbot.waitUntil(lambda: view.model.rowCount() == 30, timeout=60_000)
    player = next(p for p in ctx.read(sv.list_players) if p.number == 7)
    dialog = PlayerDialog(ctx, player, 1, threaded)
    dialog.show()
    dialog.rating.setValue(1234)
    dialog._on_accepted()
    assert dialog.is_saving and dialog.isVisible()  # on its way to the file: not stored by this thread
    dialog.reject()  # Escape while it is stored: the dialog stays until the change is in
    assert dialog.isVisible()
    qtbot.waitUntil(lambda: not dialog.is_saving, timeout=60_000)
    assert dialog.result() == QDialog.DialogCode.Accepted and not dialog.isVisible()
    assert dialog.result_player is not None and dialog.result_player.rating == 1234
    qtbot.waitUntil(lambda: any(p.number == 7 and p.rating == 1234 for p in view.model.rows), timeout=60_000)
    stored = next(p for p in sv.list_players(ctx.db, ctx.tournament_id) if p.number == 7)
    assert stored.rating == 1234
    # refused (no name): the form stays open and says why, nothing is stored
    again = PlayerDialog(ctx, stored, 1, threaded)
    again.show()
    again.name.setText("")
    again._on_accepted()
    qtbot.waitUntil(lambda: not again.is_saving, timeout=60_000)
    assert again.isVisible() and again.errors.isVisible() and again.errors.text()
    assert next(p for p in sv.list_players(ctx.db, ctx.tournament_id) if p.number == 7).name == stored.name


def test_the_audit_chain_is_checked_in_the_child_at_open(threaded: MainWindow, tmp_path: Path) -> None:
    """Issue 28: opening a file checks its audit chain off the window's thread; a file changed outside the program
    is still the Level-3 question (cancelled: left unopened), an intact one opens without it."""
    from tests.services.test_audit_chain import _outside

    doc = generate(replace(GeneratorConfig(), players=20, rounds=2), 2026, edition=BAKU_2016)
    trf = tmp_path / "open.trf"
    trf.write_text(write_trf(doc))
    path = tmp_path / "open.db"
    assert threaded.import_trf_file(trf, path)
    threaded.close_tournament()
    beats = Beats(threaded)
    asked = on_modal(ProceedDialog, lambda d: d.cancel.click(), timeout_ms=120_000)
    assert threaded.open_file(path) and not asked  # intact: no question
    threaded.close_tournament()
    _outside(path, "UPDATE players SET name = name || ' X' WHERE id = (SELECT min(id) FROM players)")
    assert not threaded.open_file(path)  # the question (cancelled by the watcher above, still waiting for one)
    assert len(asked) == 1 and threaded.context is None
    beats.timer.stop()
    assert beats.busy  # the timer fired while the chain was checked
