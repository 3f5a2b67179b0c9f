"""The Arbiters' Manual example: the explain panel on round 5 shows C.17 deciding; cards ask "why not?"."""

from __future__ import annotations

from typing import Any

from arbiter_app.gui.main_window import MainWindow
from arbiter_app.gui.rounds_model import BoardColumn
from arbiter_app.pairing.editions import BAKU_2016, FIDE_2026


def open_example(window: MainWindow) -> None:
    window.welcome.example_button.click()
    assert window.context is not None
    assert window.context.tournament.name == "Arbiters' Manual example"
    assert len(window.rounds_view.rounds) == 9


def test_explain_panel_shows_c17_deciding_round_5(window: MainWindow) -> None:
    open_example(window)
    window.rounds_view.show_round(5)
    window.rounds_view.explain_action.trigger()
    dock = window.explain_dock
    assert dock.isVisible() and dock.round.value() == 5
    assert "Bracket 7" in dock.outline.toPlainText() and "Chosen (B.8): 11-7, 3-6, 8-10." in dock.outline.toPlainText()
    last = dock.bracket.count() - 1
    assert "collapsed last bracket" in dock.bracket.itemText(last)
    dock.bracket.setCurrentIndex(last)
    assert dock.table_data is not None and dock.table_data.mode == "trail"
    assert dock.table_data.decided_by == "C.17"
    chosen = next(r for r in dock.table_data.rows if r.chosen)
    assert chosen.pairing == "11-7, 3-6, 8-10"
    dock.mode.setCurrentIndex(1)  # the manual's sieve
    table = dock.table_data
    assert table.mode == "sieve" and table.decided_by == "C.17" and len(table.rows) == 4
    headers = [dock.candidates.horizontalHeaderItem(c).text() for c in range(dock.candidates.columnCount())]
    assert "C.17 ★" in headers
    assert "C.17" in dock.decision.text()
    assert (
        "Note on the Arbiters' Manual: The sieve's C.13 step" in dock.decision.text()
    )  # where it and the rules differ
    dock.candidates.selectRow(0)
    dock.step_candidate(1)
    assert dock.candidates.currentRow() == 1 and "Candidate 2" in dock.candidate_detail.text()
    dock.step_candidate(-1)
    assert dock.candidates.currentRow() == 0


def test_cards_ask_why_not_these_two(window: MainWindow, qtbot: Any) -> None:
    open_example(window)
    window.explain_dock.round.setValue(5)
    window.tabs.setCurrentWidget(window.cards_view)
    cards = window.cards_view
    assert len(cards.model.cards) == 12
    first = cards.model.cards[0]
    assert first.number == 1 and len(first.lines) == 9  # Alice leads with 6½
    cards.select_numbers(7, 3)
    assert cards.why_button.isEnabled()
    cards.why_button.click()
    answer = window.explain_dock.answer.toPlainText()
    assert "not paired in round 5?" in answer and "#3" in answer and "#7" in answer
    assert "C.17" in answer


def test_teaching_mode_steps_bracket_by_bracket(window: MainWindow) -> None:
    open_example(window)
    dock = window.explain_dock
    dock.teaching_action.setChecked(True)
    assert dock.isVisible() and dock.widget().font().pointSizeF() > dock._base_font.pointSizeF()
    assert window.rounds_view.table.isColumnHidden(BoardColumn.RESULT)  # results out of sight
    assert window.cards_view.model.results_hidden
    dock.explain(4)
    assert dock.bracket.currentIndex() == 0
    for _ in range(dock.bracket.count() - 1):
        dock.step_bracket(1)
    assert dock.bracket.currentIndex() == dock.bracket.count() - 1
    dock.step_bracket(1)  # past the last bracket: the next round
    assert dock.round.value() == 5 and dock.bracket.currentIndex() == 0
    dock.teaching_action.setChecked(False)
    assert not window.rounds_view.table.isColumnHidden(BoardColumn.RESULT)


def test_compare_the_editions_for_a_seminar(window: MainWindow) -> None:
    """View > Compare the editions: the round paired by Baku 2016 and by 2026 side by side; for the manual's
    round 9 the editions agree, and the dialog says so."""
    from arbiter_app.gui.compare_dialog import CompareDialog
    from tests.gui.conftest import on_modal

    open_example(window)
    window.explain_dock.round.setValue(9)

    def look(d: CompareDialog) -> None:
        text = d.text.toPlainText()
        assert d.round.value() == 9 and "Round 9 paired by two editions" in text
        assert "Baku 2016" in text and "FIDE 2026" in text
        assert "The editions agree" in text
        d.reject()

    seen = on_modal(CompareDialog, look)
    window.compare_action.trigger()
    assert seen


def test_compare_editions_beside_the_explain_panel(window: MainWindow) -> None:
    """The Ask tab pairs the round by Baku 2016 and by C.04.3-2026 side by side (explain.compare_editions)."""
    open_example(window)
    dock = window.explain_dock
    dock.round.setValue(5)
    dock.compare_editions()
    answer = dock.answer.toPlainText()
    assert "Round 5 paired by two editions of the FIDE (Dutch) system" in answer
    assert "Board  Baku 2016     FIDE 2026" in answer


def test_the_panels_verdicts_cite_the_rounds_edition() -> None:
    """A 2026 round's candidate table speaks C.04.3-2026 (3.4 perfect, 3.8 best), not Baku's B.4/B.8."""
    from arbiter_app.explain import explain_round
    from arbiter_app.gui.explain_source import candidates
    from arbiter_app.trf import read_trf
    from arbiter_app.trf.rounds import state_before_round
    from tests.conftest import DATA

    doc = read_trf(DATA / "conformance" / "dutch-2026" / "d26-tiny-60012-p5-r4.trf")
    e = explain_round(state_before_round(doc, 2), FIDE_2026)
    summaries = [candidates(e, b.index).summary for b in e.outline.brackets]
    assert summaries and all("B.4" not in s and "B.8" not in s for s in summaries)
    assert any("(3.4)" in s or "(3.8)" in s for s in summaries), summaries
    baku = explain_round(state_before_round(doc, 2), BAKU_2016)
    assert any(
        "(B.4)" in candidates(baku, b.index).summary or "(B.8)" in candidates(baku, b.index).summary
        for b in baku.outline.brackets
    )
