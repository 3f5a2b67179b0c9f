"""A round robin through real widgets: the New tournament dialog's System choice (a double round robin
with the last two rounds of cycle 1 reversed), ten players, Berger numbers drawn (through the services: the
drawing has no button yet), rounds paired and published by the rounds view as the Berger table says, results
typed, a withdrawal after three rounds, the crosstable report without the withdrawn player (C.05)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from arbiter_app import services as sv
from arbiter_app.gui.main_window import MainWindow
from arbiter_app.gui.report_dialog import ReportDialog
from arbiter_app.gui.tournament_dialog import SettingsDialog, TournamentDialog
from arbiter_app.pairing.berger import double_round_robin
from tests.gui.conftest import MessageBoxes, on_modal
from tests.gui.test_new_user import add_player, ok, type_result

NAMES = [f"{first} Tamm" for first in ("Ada", "Bo", "Cy", "Di", "Ed", "Fay", "Gus", "Hal", "Ivy", "Jo")]


def test_ten_player_double_round_robin_in_the_gui(qtbot: Any, window: MainWindow, tmp_path: Path,
                                                   boxes: MessageBoxes) -> None:
    def fill(d: TournamentDialog) -> None:
        d.name.setText("Club round robin")
        d.system.setCurrentIndex(3)  # double round robin, last two rounds of cycle 1 reversed
        assert not d.rounds.isEnabled() and d.tie_breaks.currentText() == "DE, WIN, SB, KS"
        d.file.setText(str(tmp_path / "rr.db"))
        ok(d)

    seen = on_modal(TournamentDialog, fill)
    window.welcome.new_button.click()
    assert seen and window.context is not None
    context = window.context
    t = sv.get_tournament(context.db, context.tournament_id)
    assert (t.system, t.double_round_robin, t.reverse_last_two) == ("round-robin", True, True)
    settings = SettingsDialog(context)
    assert settings.system.text().startswith("Double round robin, Berger tables, last two rounds of the first cycle")
    settings.deleteLater()
    for i, name in enumerate(NAMES):
        add_player(window, name, 2300 - 20 * i)
    sv.draw_berger_numbers(context.db, context.tournament_id, seed=11)
    numbers = sv.berger_number_of(context.db, context.tournament_id)
    by_berger = {b: p for p, b in numbers.items()}
    table = double_round_robin(10, reverse_last_two=True)

    window.tabs.setCurrentWidget(window.rounds_view)
    view = window.rounds_view
    view.refresh()
    for number in range(1, 4):
        assert view.pair_action.isEnabled(), view.pair_action.toolTip()
        view.pair_action.trigger()
        assert view.current is not None and view.current.number == number
        assert [(b.white, b.black) for b in view.current.boards] == [
            (by_berger[w], by_berger[b]) for w, b in table[number - 1].boards
        ]
        view.publish_action.trigger()
        for board in range(1, 6):
            type_result(qtbot, window, board, "1" if board % 2 else "=")
        assert view.current.state == "completed"

    leaver = by_berger[2]
    sv.withdraw_player(context.db, context.tournament_id, leaver)
    from arbiter_app.reports import report_html

    cross = report_html(context.db, context.tournament_id, "crosstable")
    assert NAMES[leaver - 1] not in cross and "Double round robin, Berger tables" in cross
    dialog = ReportDialog(context, "rounds", window)
    text = dialog.preview.toPlainText()
    assert "Round 18 (to come)" in text and "Round 3 (to come)" not in text
    ranked = sv.ranked_standings(context.db, context.tournament_id)
    assert len(ranked.rows) == 9 and ranked.tiebreaks == ("DE", "WIN", "SB", "KS")
