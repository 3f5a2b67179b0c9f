"""Chess960 from the window (checklist Q222): the New tournament dialog's box makes a Chess960 tournament, its
seed is shown in the settings, the Rounds tab names the round's position, and the pairing list the Reports menu previews names the round's position."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from arbiter_app import services as sv
from arbiter_app.gui.main_window import MainWindow
from arbiter_app.gui.report_dialog import ReportDialog
from arbiter_app.gui.tournament_dialog import SettingsDialog, TournamentDialog
from tests.gui.conftest import on_modal


def test_a_chess960_tournament_from_the_new_tournament_dialog(window: MainWindow, tmp_path: Path, qtbot: Any) -> None:
    def fill(d: TournamentDialog) -> None:
        d.name.setText("Random Open")
        d.chess960.setChecked(True)
        d.accept()

    seen = on_modal(TournamentDialog, fill)
    assert window.open_file(tmp_path / "random.db", create=True)
    assert seen and window.context is not None
    t = window.context.tournament
    assert t.chess960_seed is not None
    first = sv.chess960_positions(window.context.db, t.id)[0]
    for name in ("Ann", "Bob", "Cid", "Dee"):
        sv.register_player(window.context.db, t.id, name, rating=2000)
    sv.pair_next_round(window.context.db, t.id)
    window.context.changed.emit()
    window.show_view(window.rounds_view)
    qtbot.waitUntil(lambda: "Chess960" in window.rounds_view.state_label.text())
    assert f"Chess960 position {first.number}, {first.back_rank}" in window.rounds_view.state_label.text()
    shown: list[str] = []
    on_modal(ReportDialog, lambda d: shown.append(d.preview.toPlainText()))
    window.show_report("pairings")
    assert shown and f"round 1: position {first.number}, {first.back_rank}" in shown[0]
    settings: list[str] = []
    on_modal(SettingsDialog, lambda d: settings.append(" ".join(w.text() for w in d.findChildren(type(d.system)))))
    window.edit_settings()
    assert f"seed {t.chess960_seed}" in settings[0]
