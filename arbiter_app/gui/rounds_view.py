"""Rounds: the boards of a round and results from the keyboard, corrections (pairing and publishing: ``round_actions``)."""

from __future__ import annotations

from dataclasses import replace
from functools import partial

from PySide6.QtCore import QCoreApplication, QEvent, QObject, QPoint, Qt, Signal
from PySide6.QtGui import QAction, QKeyEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QDialog,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QMenu,
    QProgressBar,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from arbiter_app import services as sv
from arbiter_app.gui.messages import error_text, is_expected
from arbiter_app.gui.context import TournamentContext
from arbiter_app.gui.modal import run_modal
from arbiter_app.gui.players_model import BYE_WORDS
from arbiter_app.gui.rating_correction import RatingCorrectionDialog
from arbiter_app.gui.result_entry import KEY_WORDS, RESULT_KEYS, ResultEntry
from arbiter_app.gui.round_actions import RoundActions
from arbiter_app.gui.rounds_model import BoardColumn, BoardsModel
from arbiter_app.gui.view_base import ContextView, blocked, button_row, heading, note, tune_table, widen
from arbiter_app.gui.warning_dialogs import confirmed_call
from arbiter_app.services.dto import ResultInfo, RoundInfo

REQUESTED = ("half", "full")
"""Byes the player asked for that score (C.04.2.D.4); a zero-point one (a late entry's first rounds too) stays
under "Not paired"."""
STATE_WORDS = {
    "draft": "draft — not published",
    "published": "published — results coming in",
    "completed": "completed — all results in",
}
MENU_RESULTS = (
    ("1-0", "1-0"),
    ("0-1", "0-1"),
    ("½-½", "1/2"),
    ("½-0 (played, white ½)", "1/2-0"),
    ("0-½ (played, black ½)", "0-1/2"),
    ("0-0 (played, both lose)", "0-0"),
    ("+/− white wins by forfeit", "+-"),
    ("−/+ black wins by forfeit", "-+"),
    ("−/− double forfeit", "--"),
    ("* adjourned", "*"),
)


class RoundsView(ContextView):
    explain_requested = Signal(int)
    """The arbiter asked why round N is paired as it is."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = BoardsModel(self)
        self.rounds: tuple[RoundInfo, ...] = ()
        self._names: dict[int, str] = {}
        self._busy = False
        self._entering = False
        self._loading = False
        self._wanted: int | None = None
        self._pending: dict[int, int] = {}
        """Board -> how many of its results typed are being stored."""
        self._stored_versions: dict[tuple[int, int], int] = {}
        """Several desks: the version of each board as this desk last stored it (round, board)."""
        self.feedback = QLabel()
        self.round_actions = RoundActions(self, self)
        self.pair_action = self.round_actions.pair
        self.repair_action = self.round_actions.repair
        self.publish_action = self.round_actions.publish
        self.override_action = self.round_actions.override
        self.edit_pairings_action = self.round_actions.edit_pairings
        self.explain_action = self.round_actions.explain
        self.round_box = QComboBox()
        self.round_box.setMinimumContentsLength(26)
        self.round_box.currentIndexChanged.connect(self._on_round_box_changed)
        self.state_label = QLabel()
        self.table = QTableView()
        self.table.setObjectName("boardsTable")
        self.table.setModel(self.model)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        tune_table(self.table, scale=1.15, widened=True)
        self.table.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.table.customContextMenuRequested.connect(self._on_context_menu_requested)
        self.table.installEventFilter(self)
        header = self.table.horizontalHeader()
        header.setMinimumSectionSize(44)
        header.setSectionResizeMode(BoardColumn.WHITE, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(BoardColumn.BLACK, QHeaderView.ResizeMode.Stretch)
        header.setStretchLastSection(False)
        self.table.setMaximumWidth(1100)
        self.unpaired = QLabel()
        self.unpaired.setWordWrap(True)
        self.unpaired.setTextFormat(Qt.TextFormat.RichText)
        self.entry = ResultEntry()
        self.entry.setObjectName("resultEntry")
        self.entry.setMinimumWidth(240)
        self.entry.setMaximumWidth(300)  # the key hint beside it keeps its one line wherever the width allows
        self.entry.result_typed.connect(self._on_result_typed)
        self.entry.board_chosen.connect(self._on_board_chosen)
        self.entry.step.connect(self._on_entry_step)
        self.entry.default_board_wanted.connect(self._on_default_board_wanted)
        self.entry_hint = note(KEY_WORDS)
        self.entry_hint.setWordWrap(True)  # two lines rather than past the right edge (1024 pixels, large text)
        self.feedback.setWordWrap(True)
        self.feedback.setObjectName("resultFeedback")
        top = button_row(heading("Round"), self.round_box, self.state_label)
        top.addWidget(self.round_actions.progress_label)
        top.addWidget(self.round_actions.progress)
        actions = self.round_actions.button_row()
        self.entry_label = QLabel("<b>Result:</b>")
        entry_row = button_row(self.entry_label, self.entry, self.entry_hint, stretch_at_end=False)
        entry_row.setStretchFactor(self.entry_hint, 1)  # the hint takes the rest: one line wherever it fits
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addLayout(actions)
        table_row = QHBoxLayout()
        table_row.addWidget(self.table, 1)
        table_row.addStretch(0)
        layout.addLayout(table_row, 1)
        layout.addWidget(self.unpaired)
        layout.addLayout(entry_row)
        layout.addWidget(self.feedback)
        self._update_actions()

    def window_widget(self) -> QWidget:
        return self

    def set_context(self, context: TournamentContext | None) -> None:
        """Another tournament: nothing of the previous one stays in the view or in the Round menu (issue 28: after
        a new tournament the menu offered the previous one's "Pair round 8"); until its rounds are read, no
        action on them."""
        self.rounds, self._names, self._wanted, self._pending = (), {}, None, {}
        self.model.set_round(None, {}, frozenset())
        self._loading = context is not None
        super().set_context(context)
        self._update_actions()
        if context is not None and context.fetch([(sv.list_rounds, ())], lambda: self._rounds_known(context)):
            self._rounds_known(context)

    def _rounds_known(self, context: TournamentContext) -> None:
        """The round list is in: the Round menu says what comes next, even before the view is first shown."""
        if context is self.context and not self.rounds:
            self.rounds = context.read(sv.list_rounds)
            self._loading = False
            self._update_actions()

    @property
    def progress(self) -> QProgressBar:
        return self.round_actions.progress

    def actions_for_menu(self) -> list[QAction]:
        return self.round_actions.all()

    def _update_actions(self) -> None:
        self.round_actions.update()
        info = self.current
        self.entry.setEnabled(not self.is_busy and info is not None and info.state != "draft")

    # --- reading -----------------------------------------------------------------

    @property
    def current(self) -> RoundInfo | None:
        return self.model.round

    def refresh(self) -> None:
        if self.context is not None and not self.context.fetch(
            [(sv.list_rounds, ()), (sv.list_players, ())], self.refresh_if_visible_again
        ):
            self._set_loading(True)
            return  # read off the GUI thread first
        shown = self._wanted if self._wanted is not None else (self.current.number if self.current else None)
        self._wanted = None
        self.rounds = self.context.read(sv.list_rounds) if self.context else ()
        self._names = {p.number: p.name for p in self.context.read(sv.list_players)} if self.context else {}
        with blocked(self.round_box):
            self.round_box.clear()
            for r in self.rounds:
                self.round_box.addItem(f"Round {r.number} — {r.state}", r.number)
        numbers = [r.number for r in self.rounds]
        self.show_round(shown if shown in numbers else (numbers[-1] if numbers else None))

    def show_round(self, number: int | None) -> None:
        info = next((r for r in self.rounds if r.number == number), None)
        if info is None or self.context is None:
            self._loading = False
            self.model.set_round(None, {}, frozenset())
            self.state_label.setText(
                "No round paired yet: add the players, then Pair next round." if self.context else ""
            )
            self.unpaired.setText("")
            self._update_actions()
            return
        if not self.context.fetch([(sv.standings, (info.number - 1,))], lambda: self._show_round_again(info.number)):
            self._set_loading(True)
            return  # the scores before the round, read off the GUI thread first
        self._loading = False
        with blocked(self.round_box):
            self.round_box.setCurrentIndex(self.round_box.findData(info.number))
        scores = {row.number: row.points for row in self.context.read(sv.standings, info.number - 1)}
        marked = frozenset(b.number for b in info.boards if b.overridden)
        self.model.set_round(info, scores, marked)
        widen(self.table, {BoardColumn.RESULT: 0})  # here, not after each result (Qt would measure every column)
        self._show_state(info)
        self.unpaired.setText(self._unpaired_text(info))
        self._select_next_open_board()
        self._update_actions()

    def show_round_soon(self, number: int) -> None:
        """Show round ``number`` now if it has been read, else once the round list is in."""
        if number in [r.number for r in self.rounds]:
            self.show_round(number)
        else:
            self._wanted = number

    def _show_round_again(self, number: int) -> None:
        if number in [r.number for r in self.rounds]:
            self.show_round(number)

    def _show_state(self, info: RoundInfo) -> None:
        total = self.context.tournament.rounds_count if self.context else 0
        text = f"of {total}: {STATE_WORDS.get(info.state, info.state)}"
        missing = sum(1 for b in info.boards if b.result is None)
        if info.state == "published" and missing:
            text += f", {missing} result{'s' if missing > 1 else ''} to come"
        seed = self.context.tournament.chess960_seed if self.context else None
        position = sv.chess960_position(seed, info.number)
        if position is not None:  # a Chess960 tournament: the round's starting position (checklist Q222)
            text += f" · Chess960 position {position.number}, {position.back_rank}"
        system = sv.system_of_info(self.context.tournament) if self.context else None
        if system is not None and system.paired_by_table:  # a round robin: the Berger table, not an edition's rules
            self.state_label.setText(f"{text} · paired by the Berger table")
            self.state_label.setToolTip(system.report_title)
            return
        rules = sv.edition_title(info.edition or (self.context.tournament.edition if self.context else ""))
        self.state_label.setText(f"{text} · paired by the {rules.short} rules")
        self.state_label.setToolTip(rules.full)

    def _show_result(self, entered: ResultInfo) -> None:
        """One result in: that board and the round's state change, nothing else on this view (no reload: with
        2,000 players reading every round again took a second per result, issue 21)."""
        info = self.current
        if info is None or info.number != entered.round:
            self._stale = True
            self.refresh_if_visible()
            return
        boards = tuple(entered.board if b.number == entered.board.number else b for b in info.boards)
        info = replace(info, boards=boards, state=entered.round_state)
        self.rounds = tuple(info if r.number == info.number else r for r in self.rounds)
        self.model.replace_board(info, entered.board)
        index = self.round_box.findData(info.number)
        if index >= 0:
            self.round_box.setItemText(index, f"Round {info.number} — {info.state}")
        self._show_state(info)
        self._update_actions()

    def _on_context_changed(self) -> None:
        if self._entering and self.isVisible():
            return  # enter_result shows the one board that changed (_show_result)
        super()._on_context_changed()

    def _unpaired_text(self, info: RoundInfo) -> str:
        names = {}
        for b in info.boards:
            names[b.white], names[b.black] = b.white_name, b.black_name
        parts = []
        if info.bye is not None:
            parts.append(f"<b>Bye</b> (pairing-allocated, C.04.1.c): #{info.bye} {self._name(info.bye)}")
        requested = [f"#{n} {self._name(n)} ({BYE_WORDS[kind]})" for n, kind in info.not_paired if kind in REQUESTED]
        if requested:  # C.04.2.D.4: a bye the player asked for is a bye, not a player left out
            parts.append("<b>Requested byes:</b> " + ", ".join(requested))
        words = dict(BYE_WORDS)
        system = sv.system_of_info(self.context.tournament) if self.context else None
        # a round robin's player without a board sits out by the Berger table (issue 28: shown as "(unpaired)")
        words["unpaired"] = (
            "sits out: the Berger table's free number" if system and system.paired_by_table else "not paired"
        )
        others = [
            f"#{n} {self._name(n)} ({words.get(kind, kind)})" for n, kind in info.not_paired if kind not in REQUESTED
        ]
        if others:
            parts.append("<b>Not paired:</b> " + ", ".join(others))
        if info.overrides:
            reasons = "; ".join(f"“{o.reason}”" for o in info.overrides)
            parts.append(f"<span style='color:#9a5b00'><b>✎ Changed by hand:</b> {reasons}</span>")
        return "<br>".join(parts)

    def _name(self, number: int) -> str:
        return self._names.get(number, "")

    def set_results_hidden(self, hidden: bool) -> None:
        """Teaching mode: the results (and result entry) out of sight, the pairings shown."""
        self.table.setColumnHidden(BoardColumn.RESULT, hidden)
        for w in (self.entry, self.entry_hint, self.entry_label):
            w.setVisible(not hidden)

    def set_busy(self, busy: bool) -> None:
        self._busy = busy
        self._update_actions()

    @property
    def is_busy(self) -> bool:
        """Working (a pairing), or still reading the tournament: no action on what is not on screen yet."""
        return self._busy or self._loading

    def _set_loading(self, loading: bool) -> None:
        self._loading = loading
        self._update_actions()

    def _on_round_box_changed(self, index: int) -> None:
        if index >= 0:
            self.show_round(self.round_box.itemData(index))

    # --- results -----------------------------------------------------------------

    def enter_result(self, board: int, result: str, move_on: bool = False) -> None:
        """Enter or correct a result of the round shown.  It is stored off the GUI thread (with 2,000 players the
        write takes a tenth of a second, issue 21), in the order typed; the board and the feedback line show it
        once stored, while the arbiter types the next one.  ``move_on``: select the next board waiting for its
        result at once (back to this one if the result is refused)."""
        info = self.current
        if self.context is None or info is None:
            return
        context = self.context
        seen = self._seen_version(board)
        self._pending[board] = self._pending.get(board, 0) + 1
        row = self.model.row_of_board(board)
        if move_on and row is not None:
            self._select_next_open_board(row + 1)

        def stored(entered: ResultInfo) -> None:
            self._settle_pending(board)
            self._stored_versions[(info.number, board)] = entered.board.version
            if context is self.context:
                self._entering = True
                try:
                    context.changed.emit()  # the other views read again; this one shows the board (_show_result)
                finally:
                    self._entering = False
                self._show_stored(entered)

        def refused(error: BaseException) -> None:
            self._settle_pending(board)
            if context is not self.context:
                return
            if isinstance(error, (sv.ConfirmationNeeded, sv.ProhibitedInFideMode)):
                # A correction the rules let through only when confirmed (a correction event, Level 3), or
                # refuse in FIDE mode (Level 5): asked here, then stored with the level the arbiter gave.
                self._entering = True
                try:
                    entered = confirmed_call(
                        self, lambda level: context.call(sv.enter_result, info.number, board, result, confirmed=level)
                    )
                except Exception as failure:  # noqa: BLE001
                    self._say_error(failure)
                    entered = None
                finally:
                    self._entering = False
                if entered is not None:
                    self._show_stored(entered)
                    return
            else:
                self._say_error(error)
            self.select_board(board)

        enter = sv.enter_result if seen is None else partial(sv.enter_result, seen=seen)
        context.write(enter, info.number, board, result, on_done=stored, on_error=refused)

    def _seen_version(self, board: int) -> int | None:
        """Several desks on a server: the board's version this desk shows (a result another desk entered since is
        then refused, naming who, never overwritten); None on a file, or while a result of this desk for the
        board is still being stored (this desk's own results go in the order typed)."""
        info = self.current
        if self.context is None or info is None or not self.context.db.server or self._pending.get(board):
            return None
        shown = next((b.version for b in info.boards if b.number == board), None)
        if shown is None:
            return None
        return max(shown, self._stored_versions.get((info.number, board), 0))

    @property
    def pending_boards(self) -> frozenset[int]:
        """Boards whose result is being stored."""
        return frozenset(self._pending)

    def settle_results(self) -> None:
        """Wait for the results being stored and show them: before a step that reads what is stored (undo)."""
        if self.context is not None and self._pending:
            self.context.reader.wait()
            QCoreApplication.sendPostedEvents()  # their answers, queued for this thread

    def _settle_pending(self, board: int) -> None:
        left = self._pending.pop(board, 1) - 1
        if left > 0:
            self._pending[board] = left

    def _show_stored(self, entered: ResultInfo) -> None:
        self._show_result(entered)
        b = entered.board
        text = f"Board {b.number}: #{b.white} {b.white_name} {b.result_text} #{b.black} {b.black_name}"
        if entered.previous is not None and entered.previous != b.result_text:
            text = f"Corrected — {text} (was {entered.previous})"
        if entered.note:
            text += f". {entered.note[:1].upper()}{entered.note[1:]}"
        self.feedback.setStyleSheet("")
        self.feedback.setText(text)

    def _say_error(self, error: BaseException) -> None:
        if not is_expected(error):
            raise error
        self.feedback.setStyleSheet("color: #b00020;")
        self.feedback.setText(error_text(error))

    def selected_board(self) -> int | None:
        rows = self.table.selectionModel().selectedRows()
        return self.model.row_at(rows[0].row()).number if rows else None

    def select_board(self, board: int) -> bool:
        row = self.model.row_of_board(board)
        if row is None:
            return False
        self.table.selectRow(row)
        self.table.scrollTo(self.model.index(row, 0))
        return True

    def _select_next_open_board(self, after: int = 0) -> None:
        boards = self.model.rows
        for b in list(boards[after:]) + list(boards[:after]):
            if b.result is None and b.number not in self._pending:
                self.select_board(b.number)
                return

    def _on_result_typed(self, board: int, result: str) -> None:
        self.enter_result(board, result, move_on=True)

    def _on_board_chosen(self, board: int) -> None:
        if not self.select_board(board):
            self.entry.release()
            self.feedback.setStyleSheet("color: #b00020;")
            self.feedback.setText(f"This round has no board {board} (boards 1–{self.model.rowCount()}).")
            return
        b = self.model.rows[self.model.row_of_board(board) or 0]
        self.feedback.setStyleSheet("")
        self.feedback.setText(
            f"Board {board}: #{b.white} {b.white_name} – #{b.black} {b.black_name}. Type the result: 1, 0, =, + or −."
        )

    def _on_default_board_wanted(self) -> None:
        board = self.selected_board()
        if board is not None:
            self.entry.choose(board)

    def _on_entry_step(self, delta: int) -> None:
        rows = self.table.selectionModel().selectedRows()
        row = (rows[0].row() if rows else -1) + delta
        if 0 <= row < self.model.rowCount():
            self.table.selectRow(row)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.table and event.type() == QEvent.Type.KeyPress:
            assert isinstance(event, QKeyEvent)
            board = self.selected_board()
            if event.text() in RESULT_KEYS and board is not None and self.entry.isEnabled():
                self._on_result_typed(board, RESULT_KEYS[event.text()])
                return True
        return super().eventFilter(watched, event)

    def _on_context_menu_requested(self, pos: QPoint) -> None:
        index = self.table.indexAt(pos)
        if not index.isValid() or self.current is None or self.current.state == "draft":
            return
        board = self.model.row_at(index.row()).number
        menu = QMenu(self)
        for text, result in MENU_RESULTS:
            menu.addAction(text, partial(self.enter_result, board, result))
        menu.addSeparator()
        menu.addAction("Correct for the rating report only…", partial(self.correct_for_rating, board))
        menu.exec(self.table.viewport().mapToGlobal(pos))

    def correct_for_rating(self, board: int) -> None:
        """Keep another result for the rating report only (C.04.2-2026 4.3, checklist Q192): asked in a dialog,
        confirmed at Level 3; the board keeps its result."""
        info, context = self.current, self.context
        shown = next((b for b in info.boards if b.number == board), None) if info is not None else None
        if context is None or info is None or shown is None:
            return
        dialog = RatingCorrectionDialog(info.number, shown, [c for c in MENU_RESULTS if c[1] != "*"], self)
        if run_modal(dialog) != QDialog.DialogCode.Accepted:
            return
        result = dialog.chosen
        try:
            kept = confirmed_call(self, lambda level: context.call(
                sv.correct_for_rating, info.number, board, result, confirmed=level))  # fmt: skip
        except Exception as failure:  # noqa: BLE001
            self._say_error(failure)
            return
        if kept is not None:
            self.feedback.setText(f"Board {board}: {kept.result} for the rating report; {kept.used} kept for "
                                  "pairings and standings.")  # fmt: skip
