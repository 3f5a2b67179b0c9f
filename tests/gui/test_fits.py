"""Every window and dialog fits a 1024x768 screen with a task bar, at normal and large text (issue 28).

The room is the screen's available geometry less a window manager's frame: 1024x768 with a 40-pixel task bar
leaves 1008x680 for a window's contents.  Each dialog is opened as the arbiter opens it, laid out in that room,
and checked with :mod:`tests.gui.clipping` (no label, button, box or table cell cut).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from PySide6.QtWidgets import QApplication, QDialog, QWidget

from arbiter_app import services as sv
from arbiter_app.gui.main_window import MainWindow
from arbiter_app.gui.view_base import FRAME, available_room
from tests.gui.clipping import clipped
from tests.gui.screenshots import build_tournament

TASK_BAR = 40
ROOM = (1024 - FRAME[0], 768 - TASK_BAR - FRAME[1])
"""A window's contents on a 1024x768 screen with a task bar."""


@pytest.fixture
def tournament(tmp_path: Path) -> Path:
    path = tmp_path / "shown.db"
    build_tournament(path)
    return path


@pytest.fixture(params=[False, True], ids=["normal text", "large text"])
def large_text(request: pytest.FixtureRequest, window: MainWindow) -> Iterator[bool]:
    window.large_text_action.setChecked(request.param)
    yield request.param
    window.large_text_action.setChecked(False)


def in_room(widget: QWidget) -> list[str]:
    """Lay ``widget`` out in :data:`ROOM` (smaller if it asks less) and say what does not fit."""
    widget.show()
    QApplication.processEvents()
    least = widget.minimumSizeHint().expandedTo(widget.minimumSize())
    problems = []
    if least.width() > ROOM[0] or least.height() > ROOM[1]:
        problems.append(f"needs at least {least.width()}x{least.height()}, the room is {ROOM[0]}x{ROOM[1]}")
    width, height = min(widget.width(), ROOM[0]), min(widget.height(), ROOM[1])
    widget.resize(max(width, least.width()), max(height, least.height()))
    QApplication.processEvents()
    return problems + clipped(widget)


def dialogs(window: MainWindow) -> dict[str, Callable[[], QDialog]]:
    from arbiter_app.gui.bye_dialog import ByeDialog
    from arbiter_app.gui.override_dialog import OverrideDialog
    from arbiter_app.gui.player_dialog import PlayerDialog
    from arbiter_app.gui.report_dialog import TITLES, ReportDialog
    from arbiter_app.gui.tournament_dialog import SettingsDialog, TournamentDialog

    context = window.context
    assert context is not None
    made: dict[str, Callable[[], QDialog]] = {
        "override": lambda: OverrideDialog(context, window.rounds_view.current, window),  # type: ignore[arg-type]
        "new tournament": lambda: TournamentDialog(window),
        "settings": lambda: SettingsDialog(context, window),
        "player": lambda: PlayerDialog(context, None, 6, window),
        "why above": lambda: window.standings_view.show_why_above(*top_two(window)),  # type: ignore[return-value]
    }
    players = context.read(sv.list_players)
    made["bye"] = lambda: ByeDialog(context, players[0], 6, window)
    for kind, title in TITLES.items():
        made[f"report {title.lower()}"] = lambda kind=kind: ReportDialog(context, kind, window)
    return made


def top_two(window: MainWindow) -> tuple[int, int]:
    window.tabs.setCurrentWidget(window.standings_view)
    model = window.standings_view.model
    return model.row_at(0).number, model.row_at(1).number


def test_dialogs_fit(window: MainWindow, tournament: Path, large_text: bool) -> None:
    assert window.open_file(tournament)
    window.rounds_view.show_round(5)
    failures = {}
    for name, make in dialogs(window).items():
        dialog = make()
        failures[name] = in_room(dialog)
        dialog.close()
        dialog.deleteLater()
    bad = {k: v for k, v in failures.items() if v}
    assert not bad, "\n".join(f"{k}: {problem}" for k, v in bad.items() for problem in v)


def test_views_fit(window: MainWindow, tournament: Path, large_text: bool) -> None:
    assert window.open_file(tournament)
    window.resize(*ROOM)
    QApplication.processEvents()
    failures = {}
    for view, title in window.views():
        if not window.tabs.isTabVisible(window.tabs.indexOf(view)):
            continue
        window.tabs.setCurrentWidget(view)
        QApplication.processEvents()
        failures[title] = in_room(window)
    bad = {k: v for k, v in failures.items() if v}
    assert not bad, "\n".join(f"{k}: {problem}" for k, v in bad.items() for problem in v)


def test_windows_open_inside_the_screen(window: MainWindow, tournament: Path) -> None:
    """The main window and the hall display open within the available geometry (issue 28: 1280x800 off a
    1024x768 screen, the hall display under the title bar)."""
    room_w, room_h = available_room(window)
    fresh = MainWindow()
    assert fresh.width() <= room_w and fresh.height() <= room_h
    fresh.close()
    assert window.open_file(tournament)
    hall = window.show_hall_display()
    screen = hall.screen().availableGeometry()
    assert hall.width() <= room_w and hall.height() <= room_h
    assert hall.y() >= screen.top() and hall.x() >= screen.left()
    hall.close()
