"""A new user's path through real widgets: create a tournament, add 12 players, pair and publish three
rounds, enter results from the keyboard, override one published board (D.10 shown, reason required)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialogButtonBox

from arbiter_app import services as sv
from arbiter_app.gui.main_window import MainWindow
from arbiter_app.gui.override_dialog import OverrideDialog
from arbiter_app.gui.player_dialog import PlayerDialog
from arbiter_app.gui.rounds_model import OVERRIDE_MARK, BoardColumn
from arbiter_app.gui.standings_model import StandingColumn
from arbiter_app.gui.tournament_dialog import TournamentDialog
from arbiter_app.gui.warning_dialogs import ProceedDialog
from tests.gui.conftest import MessageBoxes, on_modal

PLAYERS = [
    ("Carlsen, Anna", 2480, "IM"),
    ("Berg, Tomas", 2410, "FM"),
    ("Dahl, Ida", 2365, ""),
    ("Eriksen, Ola", 2290, ""),
    ("Fossum, Kari", 2250, "WFM"),
    ("Gran, Per", 2190, ""),
    ("Holm, Siri", 2120, ""),
    ("Iversen, Jon", 2080, ""),
    ("Johansen, Liv", 2010, ""),
    ("Knutsen, Arne", 1950, ""),
    ("Lund, Mari", 1890, ""),
    ("Moe, Even", 1820, ""),
]


def ok(dialog: Any) -> None:
    dialog.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Ok).click()


def create_tournament(window: MainWindow, path: Path) -> None:
    def fill(d: TournamentDialog) -> None:
        d.name.setText("Club Championship")
        d.rounds.setValue(5)
        d.file.setText(str(path))
        ok(d)

    seen = on_modal(TournamentDialog, fill)
    window.welcome.new_button.click()
    assert seen and window.context is not None
    assert window.tabs.currentWidget() is window.players_view


def add_player(window: MainWindow, name: str, rating: int, title: str = "") -> PlayerDialog:
    def fill(d: PlayerDialog) -> None:
        d.name.setText(name)
        d.rating.setValue(rating)
        d.title.setCurrentText(title)
        ok(d)

    seen = on_modal(PlayerDialog, fill)
    window.players_view.add_button.click()
    assert seen
    return seen[0]  # type: ignore[return-value]


def type_result(qtbot: Any, window: MainWindow, board: int, key: str) -> None:
    """Board number, Enter, result key, in the result field."""
    entry = window.rounds_view.entry
    qtbot.keyClicks(entry, str(board))
    qtbot.keyClick(entry, Qt.Key.Key_Return)
    qtbot.keyClicks(entry, key)


def pair_and_publish(window: MainWindow, number: int) -> None:
    view = window.rounds_view
    assert view.pair_action.isEnabled(), view.pair_action.toolTip()
    view.pair_action.trigger()
    assert view.current is not None and view.current.number == number and view.current.state == "draft"
    assert view.publish_action.isEnabled()
    view.publish_action.trigger()
    assert view.current.state == "published"
    assert view.model.rowCount() == 6


def test_new_user_runs_a_small_tournament(qtbot: Any, window: MainWindow, tmp_path: Path, boxes: MessageBoxes) -> None:
    create_tournament(window, tmp_path / "club.db")
    for name, rating, title in PLAYERS:
        add_player(window, name, rating, title)
    players = window.players_view
    assert players.model.rowCount() == 12
    assert players.model.row_at(0).name == "Carlsen, Anna" and players.model.row_at(0).title == "IM"

    # Validation: the services' refusal appears in the dialog, which stays open.
    refused = add_player(window, "Moe, Even", 1820)
    assert "already registered" in refused.errors.text()
    assert players.model.rowCount() == 12

    window.tabs.setCurrentWidget(window.rounds_view)
    view = window.rounds_view
    assert view.pair_action.text().replace("&", "") == "Pair round 1"

    # Round 1: results typed as board number, Enter, key; one correction.
    pair_and_publish(window, 1)
    # The publish question cites the rule of the tournament's edition (new tournaments: the 2026 rules).
    assert boxes.texts("question")[-1].endswith(
        "Once published, C.04.2-2026 4.4 applies: a published pairing is changed only in one of the five cases "
        "of 4.4, which the arbiter names."
    )
    for board, key in [(1, "1"), (2, "="), (3, "0"), (4, "1"), (5, "+"), (6, "=")]:
        type_result(qtbot, window, board, key)
    assert [b.result_text for b in view.current.boards] == ["1-0", "½-½", "0-1", "1-0", "+/-", "½-½"]
    type_result(qtbot, window, 5, "1")
    assert "Corrected" in view.feedback.text() and "was +/-" in view.feedback.text()
    assert view.current.state == "completed"

    # Round 2: "7=" style and keys typed on the selected board in the table.
    pair_and_publish(window, 2)
    qtbot.keyClicks(view.entry, "3=")
    assert view.current.boards[2].result_text == "½-½"
    for board, key in [(1, "1"), (2, "0"), (4, "-"), (5, "1"), (6, "0")]:
        assert view.select_board(board)
        qtbot.keyClicks(view.table, key)
    assert view.current.state == "completed"
    assert view.current.boards[3].result_text == "-/+"

    # Round 3: published, then one board overridden by hand.
    pair_and_publish(window, 3)
    first = view.current.boards[0]

    def override(d: OverrideDialog) -> None:
        warnings = d.warning_texts()
        # A new tournament is paired by the 2026 rules: a published pairing changes only in a case of 4.4.
        assert warnings[0].startswith("C.04.2-2026 4.4 (FIDE 2026): round 3 is already published"), warnings
        assert d.case.isVisibleTo(d) and d.case.count() == 6
        assert not d.save_button.isEnabled()  # no change, no reason
        d.boards.selectRow(0)
        d.colours_button.click()
        assert d.edits and not d.save_button.isEnabled()  # a reason is still missing
        d.save_button.click()
        assert d.isVisible()
        d.reason.setText("White player arrived with a doctor's note about the seat; colours swapped")
        assert not d.save_button.isEnabled()  # the case of 4.4 is still to be named
        d.case.setCurrentIndex(d.case.findData("competition-rules"))
        assert d.save_button.isEnabled()
        d.save_button.click()

    # Saving is a manual pairing alteration: the Level-3 question (checklist Q69, Q115), answered Proceed.
    asked = on_modal(ProceedDialog, lambda p: p.proceed.click())

    seen = on_modal(OverrideDialog, override)
    view.override_action.trigger()
    assert seen and asked and "round 3 will differ from the engine's pairing" in asked[0].notice.text
    swapped = next(b for b in view.current.boards if {b.white, b.black} == {first.white, first.black})
    assert (swapped.white, swapped.black) == (first.black, first.white)
    assert view.model.is_overridden(swapped.number)
    row = view.model.row_of_board(swapped.number)
    assert view.model.index(row, BoardColumn.MARK).data() == OVERRIDE_MARK
    assert "Changed by hand" in view.unpaired.text()

    for board in range(1, 7):
        type_result(qtbot, window, board, "=")
    assert view.current.state == "completed"

    # Standings with the tournament's tie-breaks, the audit log with the override's reason.
    window.tabs.setCurrentWidget(window.standings_view)
    standings = window.standings_view.model
    assert standings.rowCount() == 12
    # A new tournament ranks by C.07-2026 with the recommended order, Buchholz Cut-1 first.
    assert standings.codes and standings.headerData(len(StandingColumn), Qt.Orientation.Horizontal) == "BH/C1"
    assert "C.07-2026 8.1" in window.standings_view.note.text()
    first, second = standings.row_at(0).number, standings.row_at(1).number
    why = window.standings_view.show_why_above(first, second)
    assert why is not None and why.answered and "is above" in why.conclusion.text()
    why.accept()
    window.tabs.setCurrentWidget(window.audit_view)
    audit = window.audit_view.model
    overrides = [e for e in audit.rows if e.action == "override"]
    assert len(overrides) == 1 and "doctor's note" in overrides[0].reason
    assert "under C.04.2-2026 4.4.2 (the rules of the competition allow the change)" in overrides[0].summary

    # Cards: one per player, three lines each, the overridden board marked.
    window.tabs.setCurrentWidget(window.cards_view)
    cards = window.cards_view.model.cards
    assert len(cards) == 12 and all(len(c.lines) == 3 for c in cards)
    assert any(line.overridden for c in cards for line in c.lines)
    assert not boxes.texts("warning")

    context = window.context
    assert context is not None
    assert len(sv.list_rounds(context.db, context.tournament_id)) == 3
