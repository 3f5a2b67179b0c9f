"""Standings > Why above?: which tie-break puts one player above the other, as two tables in the standings' notation.

The first table lists the tie-breaks compared in order (C.07 4.2), each
player's value and whether it separates them; the second how the deciding
tie-break's values are built, round by round (the opponent, the score that
counts, what it adds, a round cut marked).  Values are written as the
standings table writes that column (:mod:`arbiter_app.pairing.points`).  The
answer is worked out off the window's thread (the tie-breaks of 2,000
players take seconds, issue 28); the dialog opens at once and says so.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from fractions import Fraction

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QHeaderView,
    QLabel,
    QProgressBar,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)
from shiboken6 import isValid

from arbiter_app import services as sv
from arbiter_app.gui.context import TournamentContext
from arbiter_app.gui.messages import error_text
from arbiter_app.gui.view_base import fit_to_screen
from arbiter_app.pairing.points import points_text
from arbiter_app.standings.c07.articles import Breakdown, Contribution
from arbiter_app.standings.c07.why import WhyAbove

Format = Callable[[Fraction | int | None], str]
NOT_USED = "–"
CUT = QColor("#888888")


def _item(text: str, right: bool = False, tip: str = "") -> QTableWidgetItem:
    item = QTableWidgetItem(text)
    item.setFlags(Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable)
    if right:
        item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
    if tip:
        item.setToolTip(tip)
    return item


def _table(headers: list[str], stretch: int) -> QTableWidget:
    table = QTableWidget(0, len(headers))
    table.setHorizontalHeaderLabels(headers)
    table.verticalHeader().hide()
    table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    table.setWordWrap(False)
    header = table.horizontalHeader()
    header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
    header.setSectionResizeMode(stretch, QHeaderView.ResizeMode.Stretch)
    return table


class WhyAboveDialog(QDialog):
    """The answer for players ``a`` and ``b`` after round ``after``; ``formats``: each tie-break column's
    formatter as the standings table writes it (by code; points as ``PTS``)."""

    def __init__(self, context: TournamentContext, a: int, b: int, after: int, formats: Mapping[str, Format],
                 parent: QWidget | None = None) -> None:  # fmt: skip
        super().__init__(parent)
        self.setObjectName("whyAboveDialog")
        self.setWindowTitle(f"Why above? #{a} and #{b}")
        self.a, self.b, self.formats = a, b, formats
        self.why: WhyAbove | None = None
        self.answered = False
        """The answer (or the reason there is none) is on screen."""
        self.heading = QLabel(f"Working out why #{a} and #{b} are ranked as they are…")
        self.heading.setWordWrap(True)
        self.busy = QProgressBar()
        self.busy.setRange(0, 0)
        self.busy.setTextVisible(False)
        self.steps = _table(["Tie-break", "Article", f"#{a}", f"#{b}", ""], 1)
        self.steps.setObjectName("whyAboveSteps")
        self.detail_title = QLabel()
        self.detail = _table(["Player", "Rd", "Opponent", "Score", "Counts", "How"], 5)
        self.detail.setObjectName("whyAboveDetail")
        self.conclusion = QLabel()
        self.conclusion.setObjectName("whyAboveConclusion")
        self.conclusion.setWordWrap(True)
        font = self.conclusion.font()
        font.setBold(True)
        self.conclusion.setFont(font)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok)
        buttons.accepted.connect(self.accept)
        layout = QVBoxLayout(self)
        layout.addWidget(self.heading)
        layout.addWidget(self.busy)
        layout.addWidget(self.steps, 1)
        layout.addWidget(self.detail_title)
        layout.addWidget(self.detail, 2)
        layout.addWidget(self.conclusion)
        layout.addWidget(buttons)
        for widget in (self.steps, self.detail_title, self.detail):
            widget.hide()
        fit_to_screen(self, 860, 600)
        context.compute(sv.why_above, a, b, after, on_done=self._answered, on_error=self._on_failed)

    def _answered(self, why: WhyAbove) -> None:
        if isValid(self):  # the dialog may be closed (and deleted) before the answer comes
            self.show_answer(why)

    def _text(self, code: str, value: Fraction | int | None) -> str:
        if value is None:
            return NOT_USED
        form = self.formats.get(code)
        return form(value) if form is not None else points_text(value)

    def _on_failed(self, error: BaseException) -> None:
        if not isValid(self):
            return
        self.busy.hide()
        self.heading.setText(error_text(error))
        self.answered = True

    def show_answer(self, why: WhyAbove) -> None:
        self.why = why
        self.busy.hide()
        a, b = why.a, why.b
        self.heading.setText(
            f"{why.edition.title}, after round {why.after_round}: #{a} {why.names[0]}, "
            f"{self._text('PTS', why.scores[0])} points; #{b} {why.names[1]}, {self._text('PTS', why.scores[1])} points."
        )
        self.steps.setRowCount(0)
        deciding = None
        for step in why.steps:
            row = self.steps.rowCount()
            self.steps.insertRow(row)
            cells = [_item(step.code), _item(step.source, tip=step.note),
                     _item(self._text(step.code, step.values[0]), right=True),
                     _item(self._text(step.code, step.values[1]), right=True),
                     _item("separates them" if step.separates else "equal", tip=step.note)]  # fmt: skip
            for column, item in enumerate(cells):
                if step.separates:
                    font = item.font()
                    font.setBold(True)
                    item.setFont(font)
                self.steps.setItem(row, column, item)
            if step.separates:
                deciding = step
        self.steps.setVisible(bool(why.steps))
        if deciding is not None and any(bd is not None for bd in deciding.breakdowns):
            self.detail_title.setText(f"<b>How {deciding.code} is counted</b> ({deciding.source})")
            self._show_breakdowns(deciding.code, ((a, deciding.breakdowns[0]), (b, deciding.breakdowns[1])))
            self.detail_title.show()
            self.detail.show()
        if why.decided_by == "PTS":
            self.conclusion.setText(f"#{why.above} is above on points.")
        elif why.above is None:
            self.conclusion.setText(f"#{a} and #{b} are equal on points and on every tie-break: "
                                    f"{why.edition.remaining_ties} ({why.edition.cite('4.2')}).")  # fmt: skip
        else:
            self.conclusion.setText(f"#{why.above} is above by {why.decided_by}.")
        self.answered = True

    def _show_breakdowns(self, code: str, breakdowns: tuple[tuple[int, Breakdown | None], ...]) -> None:
        self.detail.setRowCount(0)
        for number, bd in breakdowns:
            if bd is None:
                continue
            cut = {id(c) for c in bd.cut}
            for c in sorted((*bd.kept, *bd.cut), key=lambda c: c.round):
                self._add_contribution(number, c, id(c) in cut)
            row = self.detail.rowCount()
            self.detail.insertRow(row)
            total = [_item(f"#{number}"), _item(""), _item("total"), _item(""),
                     _item(self._text(code, bd.value), right=True), _item(bd.note)]  # fmt: skip
            for column, item in enumerate(total):
                font = item.font()
                font.setBold(True)
                item.setFont(font)
                self.detail.setItem(row, column, item)

    def _add_contribution(self, number: int, c: Contribution, cut: bool) -> None:
        row = self.detail.rowCount()
        self.detail.insertRow(row)
        who = f"#{c.opponent}" if c.opponent is not None else "dummy"
        how = c.how + ("; voluntary unplayed round" if c.vur else "") + ("; cut" if cut else "")
        cells = [_item(f"#{number}"), _item(str(c.round), right=True), _item(who),
                 _item(points_text(c.score), right=True), _item(points_text(c.value), right=True),
                 _item(how, tip=c.how)]  # fmt: skip
        for column, item in enumerate(cells):
            if cut:
                item.setForeground(CUT)
            self.detail.setItem(row, column, item)
