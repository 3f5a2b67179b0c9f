"""Standings after a round: score, then the tie-breaks the tournament uses (``arbiter_app.standings``)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QHBoxLayout,
    QInputDialog,
    QLabel,
    QMessageBox,
    QPushButton,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from arbiter_app import services as sv
from arbiter_app.errors import ArbiterError
from arbiter_app.gui import process_call
from arbiter_app.gui.messages import error_text, is_expected
from arbiter_app.gui.row_model import LazyRows
from arbiter_app.gui.why_above_dialog import WhyAboveDialog
from arbiter_app.pairing.points import tenths_text
from arbiter_app.gui.standings_model import StandingColumn, StandingLine, StandingsModel
from arbiter_app.gui.view_base import ContextView, blocked, button_row, fit_width, heading, note, tune_table, widen
from arbiter_app.gui.warning_dialogs import confirmed_call
from arbiter_app.gui.workers import Runner
from arbiter_app.services.dto import RoundInfo, StandingRow
from arbiter_app.services.standings_shown import ENTERED, NOT_USED, ShownStandingRow, ShownStandings, format_of

Format = Callable[[Any], str]


def standing_line(r: ShownStandingRow) -> StandingLine:
    """A line of the ranked standings as the service wrote it (:func:`arbiter_app.services.shown_standings`)."""
    return StandingLine(r.place, r.number, r.name, r.rating, r.score, r.tiebreaks, r.by_lot, r.by_hand)


def score_line(r: StandingRow) -> StandingLine:
    """A line of the standings by score only (a round still waiting for results, or before round 1)."""
    return StandingLine(str(r.rank), r.number, r.name, r.rating, tenths_text(r.points))


class StandingsView(ContextView):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = StandingsModel(self)
        self.formats: dict[str, Format] = {}
        """Each column's format in the table shown (Why above? writes values as the table does)."""
        self.runner = Runner(self)
        """Computes the standings off the GUI thread (the window gives it one like its own: :meth:`use_runner`)."""
        self._asked = 0
        self.table = QTableView()
        self.table.setObjectName("standingsTable")
        self.table.setModel(self.model)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        tune_table(self.table, scale=1.1, stretch_last=False, widened=True)
        self.after = QComboBox()
        self.after.setMinimumContentsLength(26)
        self.after.currentIndexChanged.connect(self._on_after_changed)
        self.note = note()
        layout = QVBoxLayout(self)
        self.why = QPushButton("Why above?")
        self.why.setObjectName("whyAboveButton")
        self.why.setToolTip("Select two players: which tie-break puts one above the other, and how (C.07)")
        self.why.clicked.connect(self._on_why_clicked)
        self.rank_by_hand_button = QPushButton("Rank by hand…")
        self.rank_by_hand_button.setObjectName("rankByHandButton")
        self.rank_by_hand_button.setToolTip("Select players tied on every tie-break: rank them yourself (after a"
                                            " play-off, instead of the drawing of lots; C.07-2026 4.2)")  # fmt: skip
        self.rank_by_hand_button.clicked.connect(self._on_rank_by_hand_clicked)
        self.enter_value_button = QPushButton("Enter value…")
        self.enter_value_button.setObjectName("enterValueButton")
        self.enter_value_button.setToolTip("Select a player: enter a tie-break value computed elsewhere")
        self.enter_value_button.clicked.connect(self._on_enter_value_clicked)
        self.rating_button = QPushButton("Tie-break rating…")
        self.rating_button.setObjectName("tieBreakRatingButton")
        self.rating_button.setToolTip("Select a player: the rating the rating-based tie-breaks count from a round"
                                      " on (an unrated player's estimate from round 1; a later rating of a"
                                      " tournament lasting more than 30 days)")  # fmt: skip
        self.rating_button.clicked.connect(self._on_rating_clicked)
        layout.addLayout(button_row(heading("Standings"), QLabel("after"), self.after, self.why,
                                    self.rank_by_hand_button, self.enter_value_button, self.rating_button))  # fmt: skip
        table_row = QHBoxLayout()
        table_row.addWidget(self.table, 1)
        table_row.addStretch(0)
        layout.addLayout(table_row, 1)
        layout.addWidget(self.note)

    def use_runner(self, runner: Runner) -> None:
        self.runner = runner

    def refresh(self) -> None:
        if self.context is None:
            self.model.set_lines([], (), {})
            return
        if not self.context.fetch([(sv.list_rounds, ()), (sv.tournament_tiebreaks, ()), (sv.standing_marks, ()),
                                   (sv.list_open_games, ())], self.refresh_if_visible_again):  # fmt: skip
            return  # read off the GUI thread first
        rounds = self.context.read(sv.list_rounds)
        published = [r for r in rounds if r.state != "draft"]
        wanted = self.after.currentData()
        with blocked(self.after):
            self.after.clear()
            self.after.addItem("registration", 0)
            for r in published:
                self.after.addItem(
                    f"round {r.number}" + (" (results coming in)" if r.state != "completed" else ""), r.number
                )
            index = self.after.findData(wanted) if wanted is not None else -1
            if index < 0:  # the last round with every result in (its tie-breaks), else the last one
                index = (
                    self.after.findData(sv.last_complete(rounds))
                    if sv.last_complete(rounds)
                    else self.after.count() - 1
                )
            self.after.setCurrentIndex(index)
        self.show_after(self.after.currentData(), rounds)

    def show_after(self, after: int, rounds: tuple[RoundInfo, ...] | None = None) -> None:
        """The standings after round ``after``, computed off the GUI thread (the tie-breaks of 2,000 players take
        seconds, issue 21); the table fills when they arrive, unless the question changed meanwhile."""
        if self.context is None:
            return
        rounds = rounds if rounds is not None else self.context.read(sv.list_rounds)
        complete = sv.last_complete(rounds)
        ranked = 0 < after <= complete
        self._asked += 1
        asked = self._asked
        self.note.setText("Computing the standings…")

        def done(result: object) -> None:
            if asked == self._asked:
                self._show_lines(after, ranked, result)

        self._compute(sv.shown_standings if ranked else sv.standings, after, done)

    def _compute(self, service: Callable[..., Any], after: int, on_done: Callable[[Any], None]) -> None:
        """``service(db, tournament, after)`` in the child process (or at once with a synchronous runner)."""
        ctx = self.context
        assert ctx is not None
        cached = ctx.cached(service, after)
        if cached is not None:
            on_done(cached[0])
            return

        generation = ctx.generation

        def keep(result: object) -> None:
            if ctx is self.context and ctx.remember(generation, result, service, after):
                on_done(result)

        if self.runner.use_processes and ctx.path is not None:
            self.runner.submit(
                process_call.call_service,
                service.__name__,
                ctx.path,
                ctx.tournament_id,
                after,
                on_done=keep,
                on_error=self._on_failed,
            )
        else:
            self.runner.submit(service, ctx.db, ctx.tournament_id, after, on_done=keep, on_error=self._on_failed)

    def _on_failed(self, error: BaseException) -> None:
        if not is_expected(error):
            raise error
        self.note.setText(f"<span style='color:#b00020'>{error_text(error)}</span>")

    def _show_lines(self, after: int, ranked: bool, result: Any) -> None:
        assert self.context is not None
        marks = self.context.read(sv.standing_marks)

        def marked(line: StandingLine) -> StandingLine:
            return replace(line, mark=marks[line.number]) if line.number in marks else line

        if ranked:
            rules, legend = self.context.read(sv.tournament_tiebreaks)
            codes = tuple(e.code for e in legend)
            names = {e.code: f"{e.name} ({e.source})" for e in legend}
            table: ShownStandings = result
            self.formats = {code: format_of(places) for code, places in table.places.items()}
            lines: Sequence[StandingLine] = LazyRows(table.rows, lambda r: marked(standing_line(r)))
            self.note.setText(
                f"Tie-breaks ({rules}): "
                + "; ".join(f"{e.code} = {e.name} ({e.source})" for e in legend)
                + f". {NOT_USED} = not used for this player (not defined, or DE whose Article 6 conditions fail)."
                + "".join(f" {c} separated no one." for c in codes if c not in table.deciding)
                + " "
                + table.ties
                + (" (hand) = placed by the arbiter within a tie." if table.any_by_hand else "")
                + (f" {ENTERED.strip()} = value entered by hand." if table.any_entered else "")
                + self._provisional(after)
            )
            self.model.set_lines(lines, codes, names)
        else:
            rows = result
            lines = LazyRows(rows, lambda r: marked(score_line(r)))
            codes = ()
            self.model.set_lines(lines, (), {})
            if after == 0:
                self.note.setText("Before round 1: players in pairing-number order.")
            else:
                self.note.setText(
                    f"Round {after} still lacks results: score and pairing number only; "
                    "the tie-breaks come when every result is in."
                )
        widen(self.table, {StandingColumn.NAME: 260, **{len(StandingColumn) + k: 56 for k in range(len(codes))}})
        fit_width(self.table)

    def _provisional(self, after: int) -> str:
        """Checklist Q161: standings that count an adjourned game are provisional, never final; the games named."""
        assert self.context is not None
        waiting = [str(g) for g in self.context.read(sv.list_open_games) if g.round <= after]
        return " Provisional: games without their final result: " + ", ".join(waiting) + "." if waiting else ""

    def show_why_above(self, a: int | None = None, b: int | None = None) -> WhyAboveDialog | None:
        """Why is ``a`` above ``b`` (by default the two players selected)? A dialog of two tables, answered off the
        window's thread; None (and a word) unless two players are named."""
        if self.context is None:
            return None
        if a is None or b is None:
            numbers = self._selected_numbers()
            if len(numbers) != 2:
                QMessageBox.information(self, "Why above?", "Select two players in the standings.")
                return None
            a, b = numbers
        dialog = WhyAboveDialog(self.context, a, b, self.after.currentData(), self.formats, self)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.open()
        return dialog

    def _on_why_clicked(self) -> None:
        self.show_why_above()

    def _selected_numbers(self) -> list[int]:
        rows = sorted({index.row() for index in self.table.selectionModel().selectedRows()})
        return [self.model.row_at(row).number for row in rows]

    def rank_by_hand(self, numbers: Sequence[int]) -> bool:
        """Store the arbiter's order of tied players (checklist Q205; empty clears it), after the Level-3
        question; False when cancelled or refused."""
        ctx = self.context
        if ctx is None:
            return False
        order = list(numbers)
        try:
            done = confirmed_call(self, lambda level: ctx.call(sv.set_hand_order, order, confirmed=level))
        except ArbiterError as error:
            QMessageBox.warning(self, "Rank by hand", error_text(error))
            return False
        return done is not None

    def enter_value(self, number: int, code: str, value: str) -> bool:
        """Store (or, empty, clear) a tie-break value computed elsewhere (checklist Q207)."""
        if self.context is None:
            return False
        try:
            self.context.call(sv.enter_tiebreak_value, number, code, value.strip() or None)
        except ArbiterError as error:
            QMessageBox.warning(self, "Enter value", error_text(error))
            return False
        return True

    def set_tiebreak_rating(self, number: int, from_round: int, rating: int | None) -> bool:
        """Store (None: clear) the player's rating for the rating-based tie-breaks from ``from_round`` on."""
        if self.context is None:
            return False
        try:
            self.context.call(sv.set_tiebreak_rating, number, from_round, rating)
        except ArbiterError as error:
            QMessageBox.warning(self, "Tie-break rating", error_text(error))
            return False
        return True

    def _on_rating_clicked(self) -> None:
        numbers = self._selected_numbers()
        if len(numbers) != 1 or self.context is None:
            QMessageBox.information(self, "Tie-break rating", "Select one player in the standings.")
            return
        rounds = self.context.tournament.rounds_count
        first, ok = QInputDialog.getInt(self, "Tie-break rating", f"No. {numbers[0]}: from round", 1, 1, rounds)
        if not ok:
            return
        rating, ok = QInputDialog.getInt(self, "Tie-break rating", f"No. {numbers[0]} from round {first}: rating"
                                         " (0: clear)", 0, 0, 3500)  # fmt: skip
        if ok:
            self.set_tiebreak_rating(numbers[0], first, rating or None)

    def _on_rank_by_hand_clicked(self) -> None:
        numbers = self._selected_numbers()
        if len(numbers) < 2:
            QMessageBox.information(self, "Rank by hand", "Select the tied players in the standings.")
            return
        text, ok = QInputDialog.getText(self, "Rank by hand", "Pairing numbers, best first (empty: none):",
                                        text=" ".join(map(str, numbers)))  # fmt: skip
        if ok:
            self.rank_by_hand([int(n) for n in text.replace(",", " ").split() if n.isdigit()])

    def _on_enter_value_clicked(self) -> None:
        numbers = self._selected_numbers()
        if len(numbers) != 1 or not self.model.codes:
            QMessageBox.information(self, "Enter value", "Select one player in the standings after a round.")
            return
        code, ok = QInputDialog.getItem(self, "Enter value", "Tie-break:", list(self.model.codes), 0, False)
        if not ok:
            return
        value, ok = QInputDialog.getText(self, "Enter value", f"{code} of no. {numbers[0]} (empty: computed):")
        if ok:
            self.enter_value(numbers[0], code, value)

    def _on_after_changed(self, index: int) -> None:
        if index >= 0:
            self.show_after(self.after.itemData(index))
