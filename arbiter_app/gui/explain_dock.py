"""The explain panel: the round's outline, each bracket's candidates (trail or sieve), and answers for the desk.

Every explanation is a service (:mod:`arbiter_app.services.explanations`) run on the panel's own worker, in the
child process like every long service call; its answers are structured (:mod:`arbiter_app.explain.document`)
and rendered to HTML by :mod:`arbiter_app.explain.render_html`, in the words and article numbers of the edition
that paired the round.  A round changed by hand is explained as it stands: the boards set by hand, the reason,
and the engine's pairing beside.  Teaching mode (View menu) uses projector-sized type
and steps bracket by bracket, round by round.
"""

from __future__ import annotations

import html
import uuid
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QEvent, QObject, QPoint, QSettings, Qt, QTimer, Signal
from PySide6.QtGui import QAction, QBrush, QColor, QFont
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QDockWidget,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QMainWindow,
    QPushButton,
    QSpinBox,
    QStatusBar,
    QTableWidget,
    QTableWidgetItem,
    QTabWidget,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from arbiter_app import services as sv
from arbiter_app.explain.document import Answer, CandidateTable, OutlineView
from arbiter_app.explain.render_html import answer_html, outline_html
from arbiter_app.gui import explain_source as xs
from arbiter_app.gui.context import TournamentContext
from arbiter_app.gui.messages import error_text, is_expected
from arbiter_app.gui.workers import Runner

DECIDING = QColor("#1b5e20")
CHOSEN = QColor(200, 230, 201, 150)
ILLEGAL = QColor("#8a8a8a")
FIXED_COLUMNS = ("#", "Pairing", "Verdict")
PANEL_WIDTH = 400
"""The panel's least width beside the tables."""
ROOM = 48
"""Spare pixels the window keeps beside the tables and the panel before the panel moves below them."""
BELOW_SHARE = 0.42
"""The part of the window's height the panel takes below the tables (never less than it needs): the rest keeps
eight boards and more of a round in sight at 1024x768."""
OUTLINE, CANDIDATES, DESK = range(3)
"""The panel's tabs."""
TEACHING_TIPS = {
    False: "Projector-sized type; step bracket by bracket and round by round",
    True: "Projector-sized type; the Berger row of each board, round by round (C.05 Annex 1)",
}
"""Teaching mode's tooltip, by whether the system pairs from a table (``paired_by_table``)."""
SIDES = (Qt.DockWidgetArea.LeftDockWidgetArea, Qt.DockWidgetArea.RightDockWidgetArea)
BELOW = Qt.DockWidgetArea.BottomDockWidgetArea
DIRECT = Qt.FindChildOption.FindDirectChildrenOnly
UNBOUNDED = 16777215
"""Qt's greatest widget size (QWIDGETSIZE_MAX): a view without a greatest width."""
PLACING_EVENTS = (QEvent.Type.Resize, QEvent.Type.LayoutRequest)


def mode_labels_of(edition: str | None) -> tuple[str, str]:
    """The candidates' two modes, named with the articles of ``edition`` (the trail: B.3–B.8; 3.3–3.8)."""
    return sv.candidate_modes(edition)


class ExplainDock(QDockWidget):
    teaching_changed = Signal(bool)
    round_explained = Signal(int)
    """The panel now explains this round (teaching mode shows its pairing beside)."""

    def __init__(self, parent: QWidget | None = None, runner: Runner | None = None) -> None:
        super().__init__("Why this pairing?", parent)
        self.context: TournamentContext | None = None
        self.runner = runner or Runner(self)
        self.version = 0
        """Counts the tournament's changes (explanations computed before a change are not reused)."""
        self._nonce = uuid.uuid4().hex
        """With :attr:`version`, the token the explanation services know an unchanged tournament by."""
        self._chosen_round: int | None = None
        """The round explained since the last change (kept when the ranges, read off the GUI thread, arrive)."""
        self.explained: int | None = None
        """The round whose outline is shown."""
        self.outline_data: OutlineView | None = None
        self.answer_data: Answer | None = None
        self.table_data: CandidateTable | None = None
        self.teaching_action = QAction("&Teaching mode", self)
        self.teaching_action.setCheckable(True)
        self.teaching_action.setToolTip(TEACHING_TIPS[False])
        self.by_table = False
        """The tournament's system pairs from a fixed table (a round robin): no brackets, no candidates."""
        self.teaching_action.toggled.connect(self._on_teaching_toggled)
        self.round = QSpinBox()
        self.round.setPrefix("Round ")
        self.round.setRange(1, 1)
        self.explain_button = QPushButton("Explain")
        self.explain_button.clicked.connect(self._on_explain_clicked)
        self.status = QLabel()
        self.status.setWordWrap(True)
        self.tabs = QTabWidget()
        self.tabs.addTab(self._outline_tab(), "Outline")
        self.tabs.addTab(self._candidates_tab(), "Candidates")
        self.tabs.addTab(self._ask_tab(), "Desk mode")
        top = QHBoxLayout()
        top.addWidget(self.round)
        top.addWidget(self.explain_button)
        top.addWidget(self.status, 1)  # beside the buttons: below the tables, every line of height goes to a table
        body = QWidget()
        layout = QVBoxLayout(body)
        layout.addLayout(top)
        layout.addWidget(self.tabs, 1)
        self.setWidget(body)
        self.setMinimumWidth(PANEL_WIDTH)
        self._base_font = QFont(body.font())
        self._held: int | None = None
        """The least width the panel set on the window (released when the panel closes)."""
        self._side: Qt.DockWidgetArea | None = None
        """The side the panel was on before the window became too narrow for it (it is below the tables)."""
        if isinstance(parent, QMainWindow):
            parent.installEventFilter(self)

    # --- placing -----------------------------------------------------------------

    def width_beside(self) -> int:
        """The window width from which the panel stays beside the tables (below them in a narrower window)."""
        window = self.parentWidget()
        central = window.centralWidget() if isinstance(window, QMainWindow) else None
        tables = central.minimumSizeHint().width() if central is not None else 0
        return tables + max(self.minimumWidth(), self.minimumSizeHint().width()) + ROOM

    def width_below(self) -> int:
        """The window's least width with the panel below the tables: the widest of the tables, the panel and the
        window's bars."""
        window = self.parentWidget()
        if not isinstance(window, QMainWindow):
            return self.minimumWidth()
        parts = [window.centralWidget(), window.menuWidget(), window.findChild(QStatusBar, options=DIRECT)]
        widest = max(
            [self.minimumWidth(), self.minimumSizeHint().width()]
            + [w.minimumSizeHint().width() for w in parts if w is not None and not w.isHidden()]
        )
        margins = window.contentsMargins()
        return widest + margins.left() + margins.right()

    def place(self, showing: bool = False) -> None:
        """Beside the tables when the window is wide enough for both, below them when it is not (a 1024-pixel
        projector): the window then fits the screen with the panel open.  A panel moved below goes back to its
        side when the window is wide again; one the arbiter floated or put elsewhere stays where it is."""
        window = self.parentWidget()
        if not isinstance(window, QMainWindow):
            return
        self._hold_least_width(showing or self.isVisible())
        if self.isFloating():
            return
        area, wide = window.dockWidgetArea(self), window.width() >= self.width_beside()
        if area in SIDES and not wide:
            self._side = area
            window.addDockWidget(BELOW, self)
            window.resizeDocks([self], [self.height_below()], Qt.Orientation.Vertical)
        elif area == BELOW and self._side is not None and wide:
            side, self._side = self._side, None
            window.addDockWidget(side, self)

    def width_left(self) -> int:
        """The width the tables beside the panel leave unused: their views stop at a greatest width (a round's
        boards), and the panel takes the rest of the window rather than leave a gap between them."""
        window = self.parentWidget()
        central = window.centralWidget() if isinstance(window, QMainWindow) else None
        if central is None:
            return 0
        capped = [v for v in central.findChildren(QAbstractItemView) if v.isVisible() and v.maximumWidth() < UNBOUNDED]
        if not capped:
            return 0
        right = max(v.mapTo(central, QPoint(0, 0)).x() + v.maximumWidth() for v in capped)
        spare = central.width() - right - ROOM // 2
        return self.width() + spare if spare > 0 else 0

    def height_below(self) -> int:
        """The panel's height below the tables: its share of the window, at least what it needs."""
        window = self.parentWidget()
        if not isinstance(window, QMainWindow):
            return self.height()
        bars = [window.menuWidget(), window.findChild(QStatusBar, options=DIRECT)]
        room = window.height() - sum(w.height() for w in bars if w is not None and not w.isHidden())
        return max(self.minimumSizeHint().height(), round(room * BELOW_SHARE))

    def _hold_least_width(self, shown: bool) -> None:
        """While the panel is open, the window's least width is the one with the panel below the tables, wherever
        the panel is now: a window narrowed in one step (a window manager's restore, a switch to a projector) is
        not stopped at the width of the tables and the panel side by side; the panel moves below the tables on
        the way (``place`` on the resize, before the window's layout takes the new size).  Closed, the window's
        layout sets the least width again."""
        window = self.parentWidget()
        if not isinstance(window, QMainWindow):
            return
        if shown:
            least = self.width_below()
            if window.minimumWidth() != least:
                window.setMinimumWidth(least)
        elif window.minimumWidth() and window.minimumWidth() == self._held:
            window.setMinimumSize(0, 0)  # the layout's own least size again, at its next pass
        self._held = window.minimumWidth() if shown else None

    def setVisible(self, visible: bool) -> None:
        if visible and not self.isVisible():
            self.place(showing=True)  # before it shows: a panel beside the tables would widen a narrow window first
        super().setVisible(visible)
        if not visible:
            self._hold_least_width(False)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.parentWidget() and self.isVisible() and event.type() in PLACING_EVENTS:
            self.place()  # a new width, or tables that need more room now (large text), or the panel moved
        elif watched is self.candidates.horizontalHeader() and event.type() == QEvent.Type.Resize:
            self._rows_to_contents_soon()
        return super().eventFilter(watched, event)

    # --- building ----------------------------------------------------------------

    def _outline_tab(self) -> QWidget:
        self.outline = QTextBrowser()
        self.outline.setObjectName("explainOutline")
        self.outline.setPlaceholderText("Choose a round and press Explain.")
        return self.outline

    def _candidates_tab(self) -> QWidget:
        self.bracket = QComboBox()
        self.bracket.setMinimumContentsLength(30)
        self.bracket.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.bracket.currentIndexChanged.connect(self._on_bracket_changed)
        self.mode = QComboBox()
        for label, data in zip(mode_labels_of(None), ("trail", "sieve")):
            self.mode.addItem(label, data)
        self.mode.currentIndexChanged.connect(self._on_bracket_changed)
        self.candidates = QTableWidget()
        self.candidates.setObjectName("explainCandidates")
        self.candidates.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.candidates.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.candidates.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.candidates.verticalHeader().hide()
        self.candidates.setWordWrap(True)
        self.candidates.horizontalHeader().setMinimumSectionSize(24)
        self.candidates.horizontalHeader().sectionResized.connect(self._on_section_resized)
        self.candidates.horizontalHeader().installEventFilter(self)
        self.candidates.itemSelectionChanged.connect(self._on_candidate_selected)
        self.previous_button = QPushButton("◀ Previous")
        self.next_button = QPushButton("Next ▶")
        self.previous_button.clicked.connect(lambda: self.step_candidate(-1))
        self.next_button.clicked.connect(lambda: self.step_candidate(1))
        self.previous_bracket = QPushButton("◀ Bracket")
        self.next_bracket = QPushButton("Bracket ▶")
        self.previous_bracket.clicked.connect(lambda: self.step_bracket(-1))
        self.next_bracket.clicked.connect(lambda: self.step_bracket(1))
        self.candidate_detail = QLabel()
        self.candidate_detail.setWordWrap(True)
        self.decision = QLabel()
        self.decision.setObjectName("explainDecision")
        self.decision.setWordWrap(True)
        page = QWidget()
        layout = QVBoxLayout(page)
        layout.setContentsMargins(0, 0, 0, 0)  # the tab's frame is margin enough
        layout.addWidget(self.bracket)  # a row of its own: the bracket's title is not cut
        row = QHBoxLayout()
        row.addWidget(self.previous_bracket)
        row.addWidget(self.next_bracket)
        row.addWidget(self.mode, 1)
        layout.addLayout(row)
        layout.addWidget(self.candidates, 1)
        steps = QHBoxLayout()
        steps.addWidget(self.previous_button)
        steps.addWidget(self.next_button)
        steps.addWidget(self.candidate_detail, 1)  # beside the buttons that step through the candidates
        layout.addLayout(steps)
        layout.addWidget(self.decision)
        return page

    def _ask_tab(self) -> QWidget:
        self.ask_a, self.ask_b, self.ask_x = QSpinBox(), QSpinBox(), QSpinBox()
        for box in (self.ask_a, self.ask_b, self.ask_x):
            box.setPrefix("#")
            box.setRange(1, 9999)
        why_not_button = QPushButton("Why not paired?")
        why_not_button.clicked.connect(lambda: self.ask_why_not(self.ask_a.value(), self.ask_b.value()))
        why_float_button = self.why_float_button = QPushButton("Why does this player float?")
        why_float_button.clicked.connect(lambda: self.ask_why_float(self.ask_x.value()))
        compare_button = self.compare_button = QPushButton("Compare editions")
        compare_button.setToolTip("Pair this round by Baku 2016 and by C.04.3-2026, side by side, for seminars")
        compare_button.clicked.connect(self.compare_editions)
        self.answer = QTextBrowser()
        self.answer.setObjectName("deskAnswer")
        self.answer.setPlaceholderText("Ask a question; the answer appears here in large type, to show the player.")
        font = self.answer.font()
        font.setPointSizeF(font.pointSizeF() * 1.7)
        self.answer.setFont(font)
        page = QWidget()
        layout = QVBoxLayout(page)
        row = QHBoxLayout()
        row.addWidget(self.ask_a)
        row.addWidget(QLabel("and"))
        row.addWidget(self.ask_b)
        row.addWidget(why_not_button)
        row.addStretch(1)
        layout.addLayout(row)
        row2 = QHBoxLayout()
        row2.addWidget(self.ask_x)
        row2.addWidget(why_float_button)
        row2.addStretch(1)
        row2.addWidget(compare_button)
        layout.addLayout(row2)
        layout.addWidget(self.answer, 1)
        return page

    # --- context -----------------------------------------------------------------

    def set_context(self, context: TournamentContext | None) -> None:
        if self.context is not None:
            self.context.changed.disconnect(self._on_context_changed)
        self.context = context
        self.version += 1
        self._chosen_round = None
        self.explained = None
        self.outline.clear()
        self.candidates.setRowCount(0)
        self.answer.clear()
        self.status.setText("")
        # The system decides what can be asked: a round robin names each player's Berger row (no floats, no editions).
        by_table = self.by_table = context is not None and sv.system_of_info(context.tournament).paired_by_table
        self.teaching_action.setToolTip(TEACHING_TIPS[by_table])
        self.why_float_button.setText("Which Berger row?" if by_table else "Why does this player float?")
        self.compare_button.setVisible(not by_table)
        self.tabs.setTabEnabled(CANDIDATES, not by_table)
        self._name_modes(mode_labels_of(context.tournament.edition if context is not None else None))
        if context is not None:
            context.changed.connect(self._on_context_changed)
            self._update_range()

    def _on_context_changed(self) -> None:
        self.version += 1
        self._chosen_round = None
        self._update_range()

    def _update_range(self) -> None:
        """The round and player ranges of the boxes (the round list and players read off the GUI thread)."""
        context = self.context
        if context is None:
            return
        if not context.fetch([(sv.list_rounds, ()), (sv.list_players, ())], self._update_range_again(context)):
            return
        rounds = context.read(sv.list_rounds)
        last = rounds[-1] if rounds else None
        top = 1 if last is None else last.number + (1 if last.state == "completed" else 0)
        top = min(top, context.tournament.rounds_count)
        self.round.setRange(1, max(top, 1))
        players = len(context.read(sv.list_players))
        for box in (self.ask_a, self.ask_b, self.ask_x):
            box.setRange(1, max(players, 1))
        if self._chosen_round is not None:  # asked for while the ranges were being read
            self.round.setValue(self._chosen_round)
        elif last is not None:
            self.round.setValue(last.number)

    # --- computing ---------------------------------------------------------------

    def _update_range_again(self, context: TournamentContext) -> Callable[[], None]:
        def again() -> None:
            if context is self.context:
                self._update_range()

        return again

    def question(self, round_number: int | None = None) -> xs.Question | None:
        ctx = self.context
        if ctx is None or ctx.path is None:
            return None
        number = self._asked_round() if round_number is None else round_number
        # Each round is explained by the rules that paired it (the tournament may have changed edition since).
        by_table = sv.system_of_info(ctx.tournament).paired_by_table
        return xs.Question(
            str(ctx.path), ctx.tournament_id, number, ctx.read(sv.round_edition, number), self.version, by_table
        )

    def _submit(
        self, service: Callable[..., Any], *args: Any, on_done: Callable[[Any], None], asked: bool = False
    ) -> None:
        """The service ``service(db, tournament_id, *args)`` on the panel's worker, in the child process like every
        long service call (at once with a synchronous runner).  An answer for another tournament is dropped, and
        so is an outline or a table computed before the tournament changed; an answer to a question the arbiter
        asked (``asked``) is shown: it answers the round as it stood when asked."""
        context, version = self.context, self.version
        if context is None:
            return

        def done(answer: Any) -> None:
            if self.context is context and (asked or self.version == version):
                on_done(answer)

        token = (self._nonce, version)  # the state read for it is used again until the tournament changes
        context.run_on(self.runner, service, *args, token, on_done=done, on_error=self._on_failed)

    def _on_failed(self, error: BaseException) -> None:
        if not is_expected(error):
            raise error
        self.status.setText(f"<span style='color:#b00020'>{error_text(error)}</span>")

    def explain(self, round_number: int) -> None:
        """Explain round ``round_number``: outline, then the first bracket's candidates."""
        self._chosen_round = round_number
        self.round.setValue(round_number)
        if self.context is None:
            return
        self.status.setText(f"Explaining round {round_number}…")

        def done(outline: OutlineView) -> None:
            if self._chosen_round in (round_number, None):  # not after another round was asked for
                self.status.setText("")
                self.show_outline(round_number, outline)

        self._submit(sv.explain_outline, round_number, on_done=done)

    def show_outline(self, round_number: int, outline: OutlineView) -> None:
        """The outline built from the structured data: brackets as headings, their players as lists, the boards
        set by hand beside the engine's pairing; the candidates' modes named by the round's edition."""
        self.explained = round_number
        self.outline_data = outline
        self.outline.setHtml(outline_html(outline))
        self._name_modes((outline.trail_label, outline.sieve_label))
        self.round_explained.emit(round_number)
        self.bracket.blockSignals(True)
        self.bracket.clear()
        for k, title in enumerate(outline.titles, 1):
            self.bracket.addItem(title, k)
        self.bracket.blockSignals(False)
        self.bracket.setCurrentIndex(0)
        self._on_bracket_changed()

    def _name_modes(self, labels: tuple[str, str]) -> None:
        for k, label in enumerate(labels):
            self.mode.setItemText(k, label)

    def _on_explain_clicked(self) -> None:
        self.explain(self.round.value())

    def _on_bracket_changed(self, _index: int = 0) -> None:
        index, mode = self.bracket.currentData(), self.mode.currentData()
        explained = self.explained
        if self.context is None or explained is None or index is None:
            return
        self.status.setText(f"Candidates of bracket {index}…")

        def done(table: CandidateTable) -> None:
            if self.explained == explained:
                self.status.setText("")
                self.show_table(table)

        self._submit(sv.explain_candidates, explained, index, mode, on_done=done)

    def show_table(self, table: CandidateTable) -> None:
        self.table_data = table
        articles = table.used_articles()
        headers = list(FIXED_COLUMNS) + [table.label(a) for a in articles]
        self.candidates.clear()
        self.candidates.setColumnCount(len(headers))
        self.candidates.setHorizontalHeaderLabels(headers)
        self.candidates.setRowCount(len(table.rows))
        positions = [table.articles.index(a) for a in articles]
        for r, row in enumerate(table.rows):
            cells = [row.label, row.pairing, row.verdict] + [row.values[k] for k in positions]
            for c, text in enumerate(cells):
                item = QTableWidgetItem(text)
                if c >= len(FIXED_COLUMNS) or c == 0:
                    item.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
                if not row.legal:
                    item.setForeground(QBrush(ILLEGAL))
                if row.chosen:
                    item.setBackground(QBrush(CHOSEN))
                    font = item.font()
                    font.setBold(True)
                    item.setFont(font)
                if c >= len(FIXED_COLUMNS) and articles[c - len(FIXED_COLUMNS)] == row.article:
                    item.setForeground(QBrush(DECIDING))
                    font = item.font()
                    font.setBold(True)
                    item.setFont(font)
                self.candidates.setItem(r, c, item)
        for c, article in enumerate(articles, len(FIXED_COLUMNS)):
            if article == table.decided_by:
                header = self.candidates.horizontalHeaderItem(c)
                if header is not None:
                    header.setText(f"{table.label(article)} ★")
                    header.setToolTip("The deciding criterion")
        self._fit_candidates()
        decided = f" Decided by <b>{table.label(table.decided_by)}</b>." if table.decided_by else ""
        notes = "".join(f"<br><i>Note on the Arbiters' Manual: {html.escape(n, quote=False)}</i>" for n in table.notes)
        by_hand = html.escape(table.by_hand, quote=False)
        by_hand = f"<br><span style='color:#b00020'>{by_hand}</span>" if by_hand else ""
        self.decision.setText(html.escape(table.summary, quote=False) + decided + by_hand + notes)
        chosen = next((k for k, row in enumerate(table.rows) if row.chosen), 0)
        if table.rows:
            self.candidates.selectRow(chosen)

    def _fit_candidates(self) -> None:
        """Every column in sight: the panel widened for the table when the window has room (beside the tables, up
        to half the window), and the pairings and verdicts wrapped, never cut, when it has not."""
        table, head = self.candidates, self.candidates.horizontalHeader()
        head.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        window = self.parentWidget()
        if isinstance(window, QMainWindow) and window.dockWidgetArea(self) in SIDES and not self.isFloating():
            wanted = (
                head.length() + (self.width() - table.viewport().width()) + table.verticalScrollBar().sizeHint().width()
            )
            wanted = max(min(wanted, window.width() // 2), self.width_left())
            if wanted > self.width():
                window.resizeDocks([self], [wanted], Qt.Orientation.Horizontal)
        for column in (1, 2):  # the pairing and the verdict share the width left
            head.setSectionResizeMode(column, QHeaderView.ResizeMode.Stretch)
        table.resizeRowsToContents()

    def _on_section_resized(self, column: int, _old: int, _new: int) -> None:
        if column in (1, 2):  # a wrapped column: rows as high as their text now needs
            self.candidates.resizeRowsToContents()

    def _rows_to_contents_soon(self) -> None:
        """Once the header has shared out its new width (after its resize event): rows as high as they need."""
        QTimer.singleShot(0, self.candidates.resizeRowsToContents)

    def step_candidate(self, delta: int) -> None:
        rows = self.candidates.rowCount()
        if not rows:
            return
        current = self.candidates.currentRow()
        self.candidates.selectRow(min(max(current + delta, 0), rows - 1))

    def step_bracket(self, delta: int) -> None:
        k = self.bracket.currentIndex() + delta
        if 0 <= k < self.bracket.count():
            self.bracket.setCurrentIndex(k)
        elif (
            self.teaching_action.isChecked() and k >= self.bracket.count() and self.round.value() < self.round.maximum()
        ):
            self.explain((self.explained or self.round.value()) + 1)

    def _on_candidate_selected(self) -> None:
        table, row = self.table_data, self.candidates.currentRow()
        if table is None or not 0 <= row < len(table.rows):
            return
        c = table.rows[row]
        self.candidate_detail.setText(f"<b>Candidate {c.label}</b> of {len(table.rows)}: {c.pairing} — {c.verdict}")

    # --- questions ---------------------------------------------------------------

    def ask_why_not(self, a: int, b: int) -> None:
        self.ask_a.setValue(a)
        self.ask_b.setValue(b)
        self.tabs.setCurrentIndex(DESK)
        self._ask(sv.explain_why_not, a, b)

    def ask_why_float(self, number: int) -> None:
        self.ask_x.setValue(number)
        self.tabs.setCurrentIndex(DESK)
        self._ask(sv.explain_why_float, number)

    def compare_editions(self) -> None:
        """The round by both editions of the Dutch rules, side by side (``explain.compare_editions``)."""
        if self.context is None:
            return
        number = self._asked_round()
        self.tabs.setCurrentIndex(DESK)
        self.status.setText(f"Round {number}: pairing by both editions…")
        self._submit(sv.explain_comparison, number, on_done=self.show_answer, asked=True)

    def _ask(self, service: Callable[..., Answer], *args: int) -> None:
        if self.context is None:
            return
        number = self._asked_round()
        self.status.setText(f"Round {number}: working out the answer…")
        self._submit(service, number, *args, on_done=self.show_answer, asked=True)

    def _asked_round(self) -> int:
        """The round in the box; the round asked for when the box cannot hold it yet (its range is still being
        read off the window's thread)."""
        chosen = self._chosen_round
        return chosen if chosen is not None and chosen > self.round.maximum() else self.round.value()

    def show_answer(self, answer: Answer) -> None:
        """A desk answer built from its structured data: the question, the lines, a round changed by hand."""
        self.answer_data = answer
        self.status.setText("")
        self.answer.setHtml(answer_html(answer))

    # --- teaching ----------------------------------------------------------------

    def _on_teaching_toggled(self, on: bool) -> None:
        body = self.widget()
        font = QFont(self._base_font)
        if on:
            font.setPointSizeF(font.pointSizeF() * 1.6)
        body.setFont(font)
        self.teaching_changed.emit(on)
        if on:
            self.show()
            # The Candidates tab steps through a bracket; a round robin has none: the Outline names the Berger rows.
            self.tabs.setCurrentIndex(OUTLINE if self.by_table else CANDIDATES)
            if self.by_table and self.explained is None:
                self.explain(self.round.value())

    def save_preferences(self, settings: QSettings) -> None:
        settings.setValue("explain/mode", self.mode.currentData())

    def load_preferences(self, settings: QSettings) -> None:
        """Trail or sieve, as last used."""
        index = self.mode.findData(settings.value("explain/mode", "trail"))
        if index >= 0:
            self.mode.setCurrentIndex(index)
