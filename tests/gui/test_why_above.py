"""Standings > Why above? (issue 28): a dialog of two tables in the standings' notation, answered off the thread."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QItemSelectionModel

from arbiter_app.gui.main_window import MainWindow
from arbiter_app.gui.view_base import available_room

pytestmark = pytest.mark.usefixtures("qapp")


def test_why_above_answers_in_tables_written_as_the_standings(window: MainWindow) -> None:
    window.open_example()
    window.tabs.setCurrentWidget(window.standings_view)
    view = window.standings_view
    model = view.model
    assert model.rowCount() == 12
    # Two players equal on points: the answer is a tie-break, its values as the table writes its column.
    rows = [k for k in range(11) if model.row_at(k).score == model.row_at(k + 1).score]
    assert rows, "the example has two players equal on points"
    k = rows[0]
    selection = view.table.selectionModel()
    for row in (k, k + 1):
        selection.select(model.index(row, 0), QItemSelectionModel.SelectionFlag.Select
                         | QItemSelectionModel.SelectionFlag.Rows)  # fmt: skip
    dialog = view.show_why_above()
    assert dialog is not None and dialog.answered and dialog.why is not None
    why = dialog.why
    assert why.decided_by not in (None, "PTS")
    deciding = next(s for s in why.steps if s.separates)
    column = list(model.codes).index(deciding.code)
    upper, lower = model.row_at(k), model.row_at(k + 1)
    shown = {upper.number: upper.tiebreaks[column], lower.number: lower.tiebreaks[column]}
    last = dialog.steps.rowCount() - 1
    # the values in the dialog are the table's own texts (never 3.5 where the table says 3½)
    assert dialog.steps.item(last, 2).text() == shown[why.a].strip()
    assert dialog.steps.item(last, 3).text() == shown[why.b].strip()
    assert dialog.steps.item(last, 4).text() == "separates them"
    assert dialog.conclusion.text() == f"#{why.above} is above by {deciding.code}."
    # the rounds of the deciding tie-break, each player's total last
    assert dialog.detail.isVisibleTo(dialog) and dialog.detail.rowCount() > 2
    # the dialog fits the screen (1024x768 with a task bar, issue 28)
    width, height = available_room(dialog)
    assert dialog.width() <= width and dialog.height() <= height
    dialog.accept()


def test_why_above_asks_for_two_players(window: MainWindow, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    from PySide6.QtWidgets import QMessageBox

    window.open_example()
    window.tabs.setCurrentWidget(window.standings_view)
    asked: list[str] = []
    monkeypatch.setattr(QMessageBox, "information", staticmethod(lambda parent, title, text: asked.append(text)))
    assert window.standings_view.show_why_above() is None
    assert asked == ["Select two players in the standings."]
