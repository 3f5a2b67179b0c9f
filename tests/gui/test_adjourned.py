"""Adjourned games and corrections for the rating report only in the window (checklist Q158-Q160, Q192)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from arbiter_app import services as sv
from arbiter_app.gui.main_window import MainWindow
from arbiter_app.gui.rating_correction import RatingCorrectionDialog
from arbiter_app.gui.warning_dialogs import InformDialog, ProceedDialog
from tests.gui.conftest import on_modal
from tests.gui.test_explain import open_example


def test_pairing_with_a_result_missing_tells_then_pairs(window: MainWindow, tmp_path: Path) -> None:
    """Q158-Q160: Pair is offered while results are missing; the Level-2 dialog names the boards; OK pairs, the
    missing results recorded as adjourned; closing the dialog pairs nothing."""
    from tests.services.conftest import SEVEN

    trf = tmp_path / "seven.trf"
    trf.write_text(SEVEN)
    on_modal(ProceedDialog, lambda d: d.proceed.click())  # SEVEN's hand-made rounds (Q54-Q55)
    assert window.import_trf_file(trf, tmp_path / "seven.db")
    context = window.context
    assert context is not None
    view = window.rounds_view
    view.pair_action.trigger()
    view.round_actions.publish.trigger()
    context.call(sv.enter_result, 3, 1, "1-0")
    context.changed.emit()
    assert view.pair_action.isEnabled() and "recorded as adjourned" in view.pair_action.toolTip()
    told = on_modal(InformDialog, lambda d: d.reject())
    view.pair_action.trigger()
    assert told and "round 3 board 2 (" in told[0].notice.text and len(context.read(sv.list_rounds)) == 3
    told = on_modal(InformDialog, lambda d: d.accept())
    view.pair_action.trigger()
    assert told and len(context.read(sv.list_rounds)) == 4
    assert [b.result for b in context.read(sv.get_round, 3).boards][1:] == ["*", "*"]
    # Q161: the standings after round 3 count the adjourned games: provisional, the games named.
    window.tabs.setCurrentWidget(window.standings_view)
    window.standings_view.show_after(3)
    assert "Provisional: games without their final result: round 3 board 2 (" in window.standings_view.note.text()


def test_a_correction_for_the_rating_report_only_from_the_board_menu(window: MainWindow, qtbot: Any) -> None:
    """Q192: the dialog asks which result the rating report counts, Level 3 confirms; the board keeps its result."""
    open_example(window)
    context = window.context
    assert context is not None
    view = window.rounds_view
    view.show_round(9)
    board = view.current.boards[0] if view.current else None
    assert board is not None and board.result is not None

    def choose(dialog: RatingCorrectionDialog) -> None:
        dialog.results.setCurrentIndex(dialog.results.findData("0-0"))
        on_modal(ProceedDialog, lambda d: d.proceed.click())
        dialog.accept()

    asked = on_modal(RatingCorrectionDialog, choose)
    view.correct_for_rating(board.number)
    assert asked
    kept = context.read(sv.rating_corrections)
    assert [(k.round, k.board, k.result, k.used) for k in kept] == [(9, board.number, "0-0", board.result_text)]
    assert context.read(sv.get_round, 9).boards[0].result == board.result
    assert "0-0 for the rating report" in view.feedback.text()
    asked = on_modal(RatingCorrectionDialog, lambda d: d.reject())
    view.correct_for_rating(board.number)
    assert asked and len(context.read(sv.rating_corrections)) == 1  # cancelled: nothing changed


def test_the_final_report_is_refused_while_a_game_is_adjourned(window: MainWindow, tmp_path: Path, boxes: Any) -> None:
    """Q169 in the window: Export TRF's "final report" names the adjourned game and writes nothing; once its
    result is in, it is written."""
    open_example(window)
    context = window.context
    assert context is not None
    context.call(sv.enter_result, 9, 1, "*")
    target = tmp_path / "final.trf"
    window.write_trf_export(str(target), "trf-2026", final=True)
    assert not target.exists() and any("no final TRF yet" in text and "round 9 board 1 (" in text
                                       for text in boxes.texts())  # fmt: skip
    context.call(sv.enter_result, 9, 1, "1-0")  # the last round: no later pairing read it as a draw
    window.write_trf_export(str(target), "trf-2026", final=True)
    assert target.exists()
