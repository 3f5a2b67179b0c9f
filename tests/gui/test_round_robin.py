"""A complete 10-player double round robin through real widgets only: the New tournament dialog's System choice
(the last two rounds of cycle 1 reversed), ten players typed in, the Berger numbers set by hand and then drawn by
lot in the Berger numbers dialog (C.05 Annex 1, checklist Q95), round 1 paired by hand (Q100-Q101), the others
by the Berger table, results typed, a withdrawal after three rounds from the Players view (C.05: fewer than half
of the games, the results do not count), standings with DE, WIN, SB, KS (C.07), the Round robin view's
crosstable, table of all rounds and player card, the explain panel naming the Berger rows, and the reports."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QTableWidget

from arbiter_app import services as sv
from arbiter_app.gui.main_window import MainWindow
from arbiter_app.gui.report_dialog import TITLES, ReportDialog
from arbiter_app.gui.round_robin import BergerNumbersDialog, HandPairingDialog
from arbiter_app.gui.seminar import SeminarView
from arbiter_app.gui.tournament_dialog import SettingsDialog, TournamentDialog
from arbiter_app.pairing.berger import berger_row, double_round_robin
from arbiter_app.services.systems import drawn_numbers
from tests.gui.conftest import MessageBoxes, on_modal
from tests.gui.test_new_user import add_player, ok, type_result
from tests.gui.test_reports import pdf_printer, pdf_text

NAMES = [f"{first} Tamm" for first in ("Ada", "Bo", "Cy", "Di", "Ed", "Fay", "Gus", "Hal", "Ivy", "Jo")]
SEED = 11
LEAVER_BERGER = 2
"""The player with Berger number 2 withdraws after round 3: 3 games of 18 completed, fewer than half (C.05)."""
RESULT_KEYS = {0: "1", 1: "=", 2: "0"}
POINTS = {"1": (Fraction(1), Fraction(0)), "=": (Fraction(1, 2), Fraction(1, 2)), "0": (Fraction(0), Fraction(1))}


def key_of(round_number: int, board: int) -> str:
    """The result typed on a board: 1, = or 0 by round and board (a wrong pairing scores differently)."""
    return RESULT_KEYS[(round_number + board) % 3]


def cells(table: QTableWidget) -> list[list[str]]:
    return [
        [(table.item(r, c).text() if table.item(r, c) else "") for c in range(table.columnCount())]
        for r in range(table.rowCount())
    ]


def test_ten_player_double_round_robin_in_the_gui(
    qtbot: Any, window: MainWindow, tmp_path: Path, boxes: MessageBoxes
) -> None:
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
    settings = SettingsDialog(context)
    assert settings.system.text().startswith("Double round robin, Berger tables, last two rounds of the first cycle")
    settings.deleteLater()
    rr_view = window.crosstable_view
    assert window.tabs.isTabVisible(window.tabs.indexOf(rr_view))  # a round robin's own tab
    for i, name in enumerate(NAMES):
        add_player(window, name, 2300 - 20 * i)

    # --- Berger numbers: typed by hand (a repeated number refused), then drawn by lot from a seed -------------
    def numbers_dialog(d: BergerNumbersDialog) -> None:
        assert d.message.text() == "" and d.save_button.isEnabled()
        for number, spin in d.spins.items():
            spin.setValue(11 - number)  # reversed: pairing number 1 is Berger number 10
        d.spins[1].setValue(9)  # two players with 9
        d.save_button.click()
        assert "The Berger numbers are 1 to 10, each once" in d.message.text()
        d.spins[1].setValue(10)
        d.save_button.click()
        assert d.message.text() == "Berger numbers set by hand." and d.seed_label.text() == ""
        assert [d.spins[n].value() for n in range(1, 11)] == list(range(10, 0, -1))
        d.seed.setText(str(SEED))
        d.draw_button.click()
        assert f"seed {SEED}" in d.seed_label.text() and "audit log" in d.seed_label.text()
        d.reject()

    window.tabs.setCurrentWidget(rr_view)
    seen = on_modal(BergerNumbersDialog, numbers_dialog)
    rr_view.berger_action.trigger()
    assert seen
    expected_numbers = drawn_numbers(list(range(1, 11)), SEED)  # the drawing is repeatable from its seed
    dialog = BergerNumbersDialog(context)
    assert {n: spin.value() for n, spin in dialog.spins.items()} == expected_numbers
    dialog.deleteLater()
    by_berger = {b: p for p, b in expected_numbers.items()}
    table = double_round_robin(10, reverse_last_two=True)
    planned = [[(by_berger[w], by_berger[b]) for w, b in r.boards] for r in table]

    # --- round 1 by hand: a player twice refused, then the Berger table's proposal paired -------------------
    def hand(d: HandPairingDialog) -> None:
        proposal = d.boards.toPlainText()
        assert proposal == "\n".join(f"{w} {b}" for w, b in planned[0])
        w = planned[0][0][0]
        d.boards.setPlainText(proposal.replace(f"{planned[0][1][0]} ", f"{w} ", 1))
        d.check_button.click()
        assert f"round 1: player {w} plays twice" in d.message.text()
        d.boards.setPlainText("1 2\nten 3")
        d.pair_button.click()
        assert "line 2: 'ten 3' is not two pairing numbers" in d.message.text().lower()
        d.boards.setPlainText(proposal)
        assert d.check()
        d.pair_button.click()

    seen = on_modal(HandPairingDialog, hand)
    rr_view.hand_action.trigger()
    assert seen and seen[0].result() == HandPairingDialog.DialogCode.Accepted

    # The Berger numbers are fixed now: the dialog says so with the rule and offers nothing to change.
    def fixed(d: BergerNumbersDialog) -> None:
        assert "C.05 Annex 1" in d.message.text() and "fixed once it is paired" in d.message.text()
        assert not d.draw_button.isEnabled() and not d.save_button.isEnabled()
        d.reject()

    seen = on_modal(BergerNumbersDialog, fixed)
    rr_view.berger_action.trigger()
    assert seen

    view = window.rounds_view
    window.tabs.setCurrentWidget(view)
    view.refresh()
    scores = {p: Fraction(0) for p in range(1, 11)}
    wins = dict.fromkeys(range(1, 11), 0)
    leaver = by_berger[LEAVER_BERGER]
    for number in range(1, 19):
        if number > 1:
            assert view.pair_action.isEnabled(), view.pair_action.toolTip()
            view.pair_action.trigger()
        assert view.current is not None and view.current.number == number
        assert [(b.white, b.black) for b in view.current.boards] == planned[number - 1]
        assert view.state_label.text().endswith("paired by the Berger table")
        view.publish_action.trigger()
        for board, (w, b) in enumerate(planned[number - 1], 1):
            if leaver in (w, b) and number > 3:
                continue  # C.05: lost by forfeit when the round is paired
            key = key_of(number, board)
            type_result(qtbot, window, board, key)
            if leaver not in (w, b):
                scores[w] += POINTS[key][0]
                scores[b] += POINTS[key][1]
                wins[w if key == "1" else b] += key != "="
        assert view.current.state == "completed", view.feedback.text()
        if number == 3:  # the withdrawal, after three rounds, from the Players view
            window.tabs.setCurrentWidget(window.players_view)
            window.players_view.select_player(leaver)
            window.players_view.withdraw_button.click()
            window.tabs.setCurrentWidget(view)
            view.refresh()
        if number == 4:  # the boards of the withdrawn player are forfeits entered with the pairing
            forfeits = [b for b in view.current.boards if leaver in (b.white, b.black)]
            assert len(forfeits) == 1 and forfeits[0].result_text in ("+/-", "-/+")
    del scores[leaver], wins[leaver]

    # --- standings: the leaver's results do not count (C.05); DE, WIN, SB, KS (C.07) ----------------------
    window.tabs.setCurrentWidget(window.standings_view)
    standings = window.standings_view
    standings.refresh()
    qtbot.waitUntil(lambda: standings.model.rowCount() == 9)
    lines = standings.model.rows
    assert leaver not in [line.number for line in lines]
    assert {line.number: line.score for line in lines} == {n: line_score(v) for n, v in scores.items()}
    assert standings.model.codes == ("DE", "WIN", "SB", "KS")
    win = standings.model.codes.index("WIN")
    assert {line.number: line.tiebreaks[win] for line in lines} == {n: str(v) for n, v in wins.items()}
    assert "DE = " in standings.note.text() and "KS = " in standings.note.text()

    # --- the Round robin view: crosstable, all rounds, a card ------------------------------------------------
    window.tabs.setCurrentWidget(rr_view)
    rr_view.refresh()
    rows = cells(rr_view.crosstable)
    assert [row[0] for row in rows] == [str(k) for k in range(1, 11)]  # by Berger number
    header = [rr_view.crosstable.horizontalHeaderItem(c).text() for c in range(rr_view.crosstable.columnCount())]
    assert header[14:] == ["Points", "DE", "WIN", "SB", "KS", "Place"]
    leaver_row = rows[LEAVER_BERGER - 1]
    assert leaver_row[2] == NAMES[leaver - 1] and leaver_row[-1] == "–" and leaver_row[14].startswith("(")
    assert leaver_row[15:19] == ["–"] * 4  # no tie-breaks: not counted
    by_number = {line.number: line for line in lines}
    for row in rows:
        number = int(row[1])
        if number != leaver:
            assert row[14] == line_score(scores[number])  # the games against the leaver not counted
            assert row[4 + LEAVER_BERGER - 1] != ""  # but shown: C.05 keeps them in the table
            line = by_number[number]
            mark = " (lot)" if line.by_lot else " (hand)" if line.by_hand else ""
            assert row[15:19] == list(line.tiebreaks) and row[19] == line.place + mark
    assert "3 of 18 games" in rr_view.note.text() and "C.05" in rr_view.note.text()
    rounds = cells(rr_view.rounds)
    for number in range(1, 19):
        boards = [(int(r[2].split()[0]), int(r[3].split()[0])) for r in rounds if r[0] == str(number)]
        assert boards == planned[number - 1]
    rr_view.card_player.setCurrentIndex(rr_view.card_player.findData(leaver))
    card = cells(rr_view.card)
    assert len(card) == 18 and all(row[3] == "-" for row in card[3:])  # lost by forfeit after withdrawing

    # --- the explain panel: the Berger row, not the Dutch rules ---------------------------------------------
    dock = window.explain_dock
    assert dock.why_float_button.text() == "Which Berger row?" and not dock.compare_button.isVisible()
    dock.explain(9)
    qtbot.waitUntil(lambda: "Rd 8" in dock.outline.toPlainText())  # round 9 plays table row 8 (last two reversed)
    assert "Dutch" not in dock.outline.toPlainText() and dock.bracket.count() == 0
    player = by_berger[3]
    dock.ask_why_float(player)
    qtbot.waitUntil(lambda: "Berger number 3" in dock.answer.toPlainText())
    white, black = planned[8][0]
    dock.ask_why_not(white, black)
    qtbot.waitUntil(lambda: "comes from the Berger table" in dock.answer.toPlainText())
    answer = dock.answer.toPlainText()
    assert f"player {expected_numbers[white]} has white against {expected_numbers[black]}" in answer

    # --- prints ------------------------------------------------------------------------------------------------
    def crosstable_report(d: ReportDialog) -> None:
        text = d.preview.toPlainText()
        assert "Crosstable after round 18" in text and "Double round robin, Berger tables" in text
        assert NAMES[leaver - 1] in text and "not counted (C.05)" in text
        target = tmp_path / "crosstable.pdf"
        pages = d.print_to(pdf_printer(target, d))
        assert pages >= 1 and "Crosstable after round 18" in pdf_text(target)
        d.reject()

    seen = on_modal(ReportDialog, crosstable_report)
    window.report_actions[list(TITLES).index("crosstable")].trigger()
    assert seen

    def rounds_report(d: ReportDialog) -> None:
        text = d.html  # the whole report (the preview shows it in parts)
        assert "Round 18" in text and "(to come)" not in text and "Round 1" in d.preview.toPlainText()
        d.reject()

    seen = on_modal(ReportDialog, rounds_report)
    window.report_actions[list(TITLES).index("rounds")].trigger()
    assert seen


def line_score(points: Fraction) -> str:
    from arbiter_app.pairing.points import points_text

    return points_text(points)


def new_quad(window: MainWindow, tmp_path: Path, system: int) -> None:
    """A round robin of four made in the New tournament dialog (``system``: its index in the System box), the
    players typed in, Berger numbers 1 to 4 set by hand in pairing order."""

    def fill(d: TournamentDialog) -> None:
        d.name.setText("Quad")
        d.system.setCurrentIndex(system)
        d.file.setText(str(tmp_path / "quad.db"))
        ok(d)

    on_modal(TournamentDialog, fill)
    window.welcome.new_button.click()
    for i, name in enumerate(NAMES[:4]):
        add_player(window, name, 2000 - i)

    def numbers(d: BergerNumbersDialog) -> None:
        for number, spin in d.spins.items():
            spin.setValue(number)
        d.save_button.click()
        d.reject()

    on_modal(BergerNumbersDialog, numbers)
    window.crosstable_view.berger_action.trigger()


def test_a_round_paired_by_hand_names_the_pair_that_meets_again(window: MainWindow, tmp_path: Path) -> None:
    """A single round robin of four: numbers typed in the dialog, rounds 1 and 2 typed by hand; round 2 repeating a
    pair of round 1 is refused naming the round and the pair (C.05, checklist Q101), nothing is stored; reopened,
    the file opens on the crosstable (a round robin's main view)."""

    new_quad(window, tmp_path, 1)  # single round robin
    assert window.context is not None
    rr_view = window.crosstable_view
    typed = iter(["1 4\n2 3", "4 1\n3 2", "1 2\n3 4"])
    messages: list[str] = []

    def hand(d: HandPairingDialog) -> None:
        d.boards.setPlainText(next(typed))
        d.pair_button.click()
        messages.append(d.message.text())
        if d.isVisible():
            d.reject()

    view = window.rounds_view
    for round_number in (1, 2, 2):
        on_modal(HandPairingDialog, hand)
        rr_view.hand_action.trigger()
        rounds = window.context.read(sv.list_rounds)
        if rounds[-1].number == round_number and rounds[-1].state == "draft":
            view.refresh()
            view.show_round(round_number)
            view.publish_action.trigger()
            for board in (1, 2):
                view.enter_result(board, "1-0")
    assert messages[0] == ""  # round 1 stored
    assert "round 2: 4 and 1 meet again (each pair meets once)" in messages[1]
    assert "round 2: 3 and 2 meet again" in messages[1] and messages[1].startswith("C.05")
    assert messages[2] == ""  # the sound round 2
    assert [r.number for r in window.context.read(sv.list_rounds)] == [1, 2]

    path = window.context.path
    window.close_tournament()
    assert window.open_file(path)
    assert window.tabs.currentWidget() is rr_view and window.tabs.isTabVisible(window.tabs.indexOf(rr_view))
    assert cells(rr_view.crosstable)[0][4:8] == ["×", "1", "", "1"]  # Berger 1 beat 4 (white) and 2 (white)


def test_a_swiss_has_no_round_robin_view_and_the_dutch_explanation(window: MainWindow) -> None:
    window.open_example()  # the Arbiters' Manual's Swiss
    assert window.context is not None
    rr_view = window.crosstable_view
    assert not window.tabs.isTabVisible(window.tabs.indexOf(rr_view))
    assert not rr_view.berger_action.isVisible() and not rr_view.hand_action.isVisible()
    assert window.explain_dock.why_float_button.text() == "Why does this player float?"
    assert window.explain_dock.question(1).by_table is False


def test_pairing_without_berger_numbers_says_where_to_set_them(
    window: MainWindow, tmp_path: Path, boxes: MessageBoxes
) -> None:
    def fill(d: TournamentDialog) -> None:
        d.name.setText("Trio")
        d.system.setCurrentIndex(1)
        d.file.setText(str(tmp_path / "trio.db"))
        ok(d)

    on_modal(TournamentDialog, fill)
    window.welcome.new_button.click()
    for name in NAMES[:3]:
        add_player(window, name, 1800)
    window.tabs.setCurrentWidget(window.crosstable_view)
    assert "Round > Berger numbers" in window.crosstable_view.note.text()
    window.tabs.setCurrentWidget(window.rounds_view)
    window.rounds_view.pair_action.trigger()
    said = [t for t in boxes.texts() if "Berger numbers 1 to 3" in t]
    assert said and "players 1, 2, 3 have none" in said[0]
    assert window.context is not None and window.context.read(sv.list_rounds) == ()


def test_a_round_robin_names_its_system_and_teaches_the_berger_rows(window: MainWindow, tmp_path: Path) -> None:
    """The window's title names the round robin's system, not an edition of the Dutch rules; teaching mode shows
    which Berger row each board of the round comes from (C.05 Annex 1), not the Candidates tab a round robin has
    no use for (it is disabled)."""

    new_quad(window, tmp_path, 2)  # double round robin
    assert window.windowTitle() == "Quad — Double round robin, Berger tables — Arbiter"
    window.rounds_view.pair_action.trigger()
    dock = window.explain_dock
    assert "Berger row" in dock.teaching_action.toolTip()
    dock.teaching_action.setChecked(True)
    assert dock.isVisible() and dock.tabs.currentIndex() == 0 and dock.tabs.isTabEnabled(0)
    outline = dock.outline.toPlainText()
    assert "Round 1: Double round robin, Berger tables (C.05 Annex 1)" in outline
    assert "Board 1: Ada Tamm (Berger 1) – Di Tamm (Berger 4)" in outline
    dock.teaching_action.setChecked(False)
    window.open_example()  # a Swiss: its edition's rules in the title, teaching on the Candidates tab
    assert window.windowTitle().endswith("— Baku 2016 rules — Arbiter")
    dock.teaching_action.setChecked(True)
    assert dock.tabs.currentIndex() == 1 and "bracket by bracket" in dock.teaching_action.toolTip()


def test_seminar_mode_steps_through_the_boards_by_their_berger_rows(
    window: MainWindow, tmp_path: Path, qtbot: Any
) -> None:
    """F9 on a round robin: the round, then each board with the Berger row it comes from (C.05 Annex 1), one per
    key press; no brackets, candidates or editions compared (the Dutch rules do not pair it)."""
    new_quad(window, tmp_path, 2)
    window.rounds_view.pair_action.trigger()
    window.explain_dock.round.setValue(1)
    window.seminar_action.trigger()
    seminar = window.findChild(SeminarView)
    assert seminar is not None and seminar.isFullScreen()
    qtbot.addWidget(seminar)
    assert seminar.complete and seminar.parts == 1
    assert [s.kind for s in seminar.slides] == ["round", "board", "board"]  # four players: two boards
    assert seminar.total == 3
    assert seminar.slide is not None
    assert seminar.slide.title == "Round 1: Double round robin, Berger tables (C.05 Annex 1)"
    assert "no brackets" in " ".join(seminar.slide.lines)
    rows = [berger_row(4, white, 1, True, False).text for white, _ in double_round_robin(4)[0].boards]
    for board, row in enumerate(rows, 1):
        qtbot.keyClick(seminar, Qt.Key.Key_Right)
        assert seminar.slide.kind == "board" and seminar.slide.heading == "Round 1"
        assert seminar.slide.title.startswith(f"Board {board}: ")
        assert seminar.slide.lines == (row,)
    assert "Board 1: Ada Tamm (Berger 1) – Di Tamm (Berger 4)" in seminar.slides[1].title
    qtbot.keyClick(seminar, Qt.Key.Key_Right)  # the last step stays: nothing Swiss follows
    assert seminar.step == 2 and seminar.footer_text().startswith("Step 3 of 3")
    seminar.close()


def test_a_new_tournament_leaves_nothing_of_the_last_in_the_round_menu(window: MainWindow, tmp_path: Path) -> None:
    """Issue 28: after a new tournament the Round menu offered the previous one's "Pair round 10"."""
    window.open_example()
    view = window.rounds_view
    assert view.pair_action.text() == "&Pair next round"  # all 9 rounds paired

    def fill(d: TournamentDialog) -> None:
        d.name.setText("Quad")
        d.system.setCurrentIndex(1)
        d.file.setText(str(tmp_path / "quad.db"))
        ok(d)

    on_modal(TournamentDialog, fill)
    window.new_tournament()
    assert window.tabs.currentWidget() is window.players_view  # the Rounds view not shown yet
    assert view.rounds == () and view.current is None
    assert view.pair_action.text() == "&Pair round 1" and "Pair round 1" in view.pair_action.toolTip()
