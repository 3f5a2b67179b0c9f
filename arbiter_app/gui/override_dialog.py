"""Change a round's pairing by hand: every warning the services return is shown before saving, and a reason is required.

Edits are the services' own (:class:`Swap`, :class:`Split`, :class:`MakePair`,
:class:`SwapColours`, :class:`MoveBye`); boards are named by their number in
the stored round, new boards numbered after the last (as ``apply_edits``
does), so the dialog keeps that numbering for the rows it shows.

The preview (every warning, the comparison with the engine's pairing) is
worked out off the window's thread (in the child process: with 2,000
players the engine takes seconds, issue 28); the dialog shows "Checking…"
meanwhile and saves only a preview it has shown.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum

from PySide6.QtCore import Qt
from PySide6.QtGui import QStandardItem, QStandardItemModel
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QProgressBar,
    QPushButton,
    QStyle,
    QTableView,
    QVBoxLayout,
    QWidget,
)
from shiboken6 import isValid

from arbiter_app import services as sv
from arbiter_app.gui.context import TournamentContext
from arbiter_app.gui.player_dialog import error_label, show_inline
from arbiter_app.gui.row_model import CENTRE, RowTableModel
from arbiter_app.gui.view_base import fit_to_screen, tune_table
from arbiter_app.gui.warning_dialogs import confirmed_call
from arbiter_app.pairing.model import RoundPairing
from arbiter_app.services import MakePair, MoveBye, Split, Swap, SwapColours
from arbiter_app.services.articles import change_cases
from arbiter_app.services.dto import OverridePreview, OverrideWarning, RoundInfo
from arbiter_app.services.overrides import Edit
from arbiter_app.services.records import reason_text

PUBLISHED = "published"
"""The warning about a published round (C.04.2.D.10; C.04.2-2026 4.4), whatever the edition numbers it."""


def ordered_warnings(warnings: tuple[OverrideWarning, ...]) -> list[OverrideWarning]:
    """The published round first and foremost, then the rules broken, then the comparison with the engine."""
    return sorted(warnings, key=lambda w: 0 if w.rule == PUBLISHED else 2 if w.article == "engine" else 1)


def describe(edit: Edit, names: dict[int, str]) -> str:
    def who(n: int | None) -> str:
        return "nobody" if n is None else f"#{n} {names.get(n, '')}".strip()

    if isinstance(edit, Swap):
        return f"Swap {who(edit.first)} and {who(edit.second)}"
    if isinstance(edit, Split):
        return f"Take board {edit.board} apart"
    if isinstance(edit, MakePair):
        return f"New board: {who(edit.white)} (White) – {who(edit.black)} (Black)"
    if isinstance(edit, SwapColours):
        return f"Swap the colours on board {edit.board}"
    return f"Bye to {who(edit.player)}"


@dataclass(frozen=True)
class ProposedBoard:
    """A board of the pairing after the changes, as the dialog lists it."""

    board: int
    white: str
    black: str
    changed: bool


class ProposedColumn(IntEnum):
    BOARD = 0
    WHITE = 1
    BLACK = 2
    CHANGED = 3


class ProposedModel(RowTableModel[ProposedBoard]):
    """The boards after the changes (a model: 1,000 boards listed without 4,000 table items)."""

    Column = ProposedColumn
    HEADERS = {0: "Bd", 1: "White", 2: "Black", 3: ""}
    ALIGN = {0: CENTRE, 3: CENTRE}

    def display(self, row: ProposedBoard, column: int) -> str:
        return (str(row.board), row.white, row.black, "✎" if row.changed else "")[column]


def players_model(names: dict[int, str], with_nobody: bool, parent: QWidget) -> QStandardItemModel:
    """The players as a combo box lists them (``#12 Name``, the number as the item's data); one model shared by
    the boxes that list the same players."""
    model = QStandardItemModel(parent)
    if with_nobody:
        nobody = QStandardItem("nobody")
        nobody.setData(None, Qt.ItemDataRole.UserRole)
        model.appendRow(nobody)
    for number, name in sorted(names.items()):
        item = QStandardItem(f"#{number} {name}")
        item.setData(number, Qt.ItemDataRole.UserRole)
        model.appendRow(item)
    return model


class OverrideDialog(QDialog):
    def __init__(self, context: TournamentContext, info: RoundInfo, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._context, self._info = context, info
        self.edits: list[Edit] = []
        self.preview: OverridePreview | None = None
        self.saved_warnings = 0
        self._asked = 0
        self._loading = False
        self._refused = False
        self._box_width: int | None = None
        self.names = {p.number: p.name for p in context.read(sv.list_players)}
        state = "published" if info.state != "draft" else "draft"
        self.setWindowTitle(f"Override round {info.number} ({state})")
        self.boards_model = ProposedModel(self)
        self.boards = QTableView()
        self.boards.setObjectName("proposedBoards")
        self.boards.setModel(self.boards_model)
        tune_table(self.boards, stretch_last=False)
        self.boards.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.boards.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        header = self.boards.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        header.resizeSection(ProposedColumn.BOARD, 48)
        header.resizeSection(ProposedColumn.CHANGED, 28)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(2, QHeaderView.ResizeMode.Stretch)
        self.bye_label = QLabel()
        self.warnings = QListWidget()
        self.warnings.setObjectName("overrideWarnings")
        self.warnings.setWordWrap(True)
        self.warnings.setSpacing(3)
        self.warnings_title = QLabel()
        self.checking = QProgressBar()
        self.checking.setRange(0, 0)
        self.checking.setMaximumWidth(120)
        self.checking.setTextVisible(False)
        self.checking.hide()
        self.edit_list = QListWidget()
        self.edit_list.setMaximumHeight(110)
        self.reason = QLineEdit()
        self.reason.setObjectName("overrideReason")
        self.reason.setPlaceholderText("Required: why the pairing is changed (it goes into the audit log)")
        self.reason.textChanged.connect(self._update_save)
        # C.04.2-2026 4.4: a published round of a 2026 tournament changes only in a case the arbiter names.
        cases = change_cases(context.tournament.edition) if info.state != "draft" else ()
        self.case = QComboBox()
        self.case.setObjectName("overrideCase")
        self.case.addItem("Choose the case that allows changing a published pairing…", None)
        for c in cases:
            self.case.addItem(f"{c.article}: {c.text}", c.key)
        self.case.currentIndexChanged.connect(self._update_save)
        self.case.setVisible(len(cases) > 1)
        self.errors = error_label()
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Save | QDialogButtonBox.StandardButton.Cancel)
        self.save_button = self.buttons.button(QDialogButtonBox.StandardButton.Save)
        self.save_button.setText("Save override")
        self.buttons.accepted.connect(self._on_accepted)
        self.buttons.rejected.connect(self.reject)
        left = QVBoxLayout()
        left.addWidget(QLabel("<b>Pairing after the changes</b> (✎ = changed)"))
        left.addWidget(self.boards, 1)
        left.addWidget(self.bye_label)
        right = QVBoxLayout()
        title_row = QHBoxLayout()
        title_row.addWidget(self.warnings_title, 1)
        title_row.addWidget(self.checking)
        right.addLayout(title_row)
        right.addWidget(self.warnings, 1)
        right.addWidget(QLabel("<b>Changes</b>"))
        right.addWidget(self.edit_list)
        undo = QPushButton("Remove the last change")
        undo.clicked.connect(self._on_undo_clicked)
        right.addWidget(undo, 0, Qt.AlignmentFlag.AlignLeft)
        columns = QHBoxLayout()
        columns.addLayout(left, 1)
        columns.addLayout(right, 1)
        reason_row = QHBoxLayout()
        reason_row.addWidget(QLabel("<b>Reason:</b>"))
        reason_row.addWidget(self.reason, 1)
        layout = QVBoxLayout(self)
        layout.addLayout(columns, 1)
        layout.addWidget(self._edit_box())  # the whole width: two long names side by side fit 1024 pixels
        layout.addLayout(reason_row)
        layout.addWidget(self.case)
        layout.addWidget(self.errors)
        layout.addWidget(self.buttons)
        fit_to_screen(self, 1100, 640)
        self._refresh_preview()

    # --- building ----------------------------------------------------------------

    def _player_box(self, model: QStandardItemModel) -> QComboBox:
        """A box listing the players: as wide as the longest entry, measured once for all the boxes on the longest
        entries (a box that sizes itself measures every one of 2,000 entries, five times: issue 28)."""
        box = QComboBox()
        box.setModel(model)
        box.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        if self._box_width is None:
            texts = sorted((f"#{n} {name}" for n, name in self.names.items()), key=len, reverse=True)[:32]
            fm = box.fontMetrics()
            widest = max((fm.horizontalAdvance(t) for t in texts), default=0) + fm.horizontalAdvance("M")
            self._box_width = widest + box.style().pixelMetric(QStyle.PixelMetric.PM_ScrollBarExtent) + 24
        box.setMinimumWidth(self._box_width)
        return box

    def _edit_box(self) -> QGroupBox:
        box = QGroupBox("Change")
        grid = QGridLayout(box)
        players = players_model(self.names, False, self)
        self.swap_a, self.swap_b = self._player_box(players), self._player_box(players)
        self.new_white, self.new_black = self._player_box(players), self._player_box(players)
        for second in (self.swap_b, self.new_black):
            second.setCurrentIndex(min(1, second.count() - 1))
        self.bye_box = self._player_box(players_model(self.names, True, self))
        rows: list[tuple[str, list[QWidget], str, object]] = [
            ("Swap players", [self.swap_a, self.swap_b], "Swap", self._on_swap_clicked),
            ("New board", [self.new_white, self.new_black], "Add board", self._on_pair_clicked),
            ("Bye", [self.bye_box], "Give bye", self._on_bye_clicked),
        ]
        for k, (label, widgets, text, slot) in enumerate(rows):
            grid.addWidget(QLabel(label), k, 0)
            for j, w in enumerate(widgets):
                grid.addWidget(w, k, 1 + j, 1, 2 if len(widgets) == 1 else 1)
            b = QPushButton(text)
            b.clicked.connect(slot)
            grid.addWidget(b, k, 3)
        selected = QHBoxLayout()
        self.colours_button = QPushButton("Swap colours")
        self.colours_button.clicked.connect(self._on_colours_clicked)
        self.split_button = QPushButton("Take apart")
        self.split_button.clicked.connect(self._on_split_clicked)
        selected.addWidget(self.colours_button)
        selected.addWidget(self.split_button)
        selected.addStretch(1)
        grid.addWidget(QLabel("Selected board"), len(rows), 0)
        grid.addLayout(selected, len(rows), 1, 1, 3)
        grid.setColumnStretch(1, 1)
        grid.setColumnStretch(2, 1)
        return box

    # --- edits -------------------------------------------------------------------

    def board_keys(self) -> list[int]:
        """The number each shown board has for the edits (as ``apply_edits`` names them)."""
        keys = list(range(1, len(self._info.boards) + 1))
        for edit in self.edits:
            if isinstance(edit, Split):
                keys.remove(edit.board)
            elif isinstance(edit, MakePair):
                keys.append(max(keys, default=0) + 1)
        return sorted(keys)

    def add_edit(self, edit: Edit) -> bool:
        """Add a change and preview it off the window's thread; False (the reason shown, the change taken back) if
        the services refuse it: known at once with a synchronous runner, else when the preview comes back."""
        self.edits.append(edit)
        self.edit_list.addItem(describe(edit, self.names))
        self._refused = False
        self._refresh_preview()
        return not self._refused

    def _selected_key(self) -> int | None:
        rows = self.boards.selectionModel().selectedRows()
        return self.board_keys()[rows[0].row()] if rows else None

    def _on_swap_clicked(self) -> None:
        a, b = self.swap_a.currentData(), self.swap_b.currentData()
        if a != b:
            self.add_edit(Swap(a, b))

    def _on_pair_clicked(self) -> None:
        self.add_edit(MakePair(self.new_white.currentData(), self.new_black.currentData()))

    def _on_bye_clicked(self) -> None:
        self.add_edit(MoveBye(self.bye_box.currentData()))

    def _on_colours_clicked(self) -> None:
        key = self._selected_key()
        if key is not None:
            self.add_edit(SwapColours(key))

    def _on_split_clicked(self) -> None:
        key = self._selected_key()
        if key is not None:
            self.add_edit(Split(key))

    def _on_undo_clicked(self) -> None:
        if self.edits:
            self.edits.pop()
            self.edit_list.takeItem(self.edit_list.count() - 1)
            self._refresh_preview()

    # --- preview and save --------------------------------------------------------

    @property
    def is_loading(self) -> bool:
        """The preview of the changes is being worked out."""
        return self._loading

    def _refresh_preview(self, keep_error: bool = False) -> None:
        """The pairing after the changes and every warning, worked out off the window's thread; a change the
        services refuse is taken back, its reason shown."""
        self._asked += 1
        asked, edits = self._asked, tuple(self.edits)
        self._set_loading(True)

        def done(preview: OverridePreview) -> None:
            if not isValid(self) or asked != self._asked:  # closed (and deleted) meanwhile, or asked again since
                return
            self._set_loading(False)
            if not keep_error:
                self.errors.hide()
            self.preview = preview
            self.show_pairing(preview.proposed, {(b.white, b.black) for b in self._info.boards})
            self._show_warnings(preview.warnings)
            self._update_save()

        def refused(error: BaseException) -> None:
            if not isValid(self) or asked != self._asked:
                return
            self._refused = True
            show_inline(self.errors, error)
            if len(self.edits) == len(edits) and self.edits:
                self.edits.pop()  # the change just added: taken back, the preview before it shown again
                self.edit_list.takeItem(self.edit_list.count() - 1)
                self._refresh_preview(keep_error=True)
            else:
                self._set_loading(False)

        self._context.compute(sv.preview_override, self._info.number, edits, on_done=done, on_error=refused)

    def _set_loading(self, loading: bool) -> None:
        self._loading = loading
        self.checking.setVisible(loading)
        if loading:
            self.warnings_title.setText("<b>Checking the changes…</b>")
        self._update_save()

    def show_pairing(self, pairing: RoundPairing, original: set[tuple[int, int]]) -> None:
        """The boards (✎ where not in ``original``) and the bye."""
        selected = self.boards.selectionModel().selectedRows()
        row = selected[0].row() if selected else None
        self.boards_model.set_rows([
            ProposedBoard(k, f"#{b.white} {self.names.get(b.white, '')}", f"#{b.black} {self.names.get(b.black, '')}",
                          (b.white, b.black) not in original)
            for k, b in enumerate(pairing.boards, 1)
        ])  # fmt: skip
        if row is not None and row < self.boards_model.rowCount():
            self.boards.selectRow(row)
        bye = pairing.bye
        self.bye_label.setText(f"Bye: #{bye} {self.names.get(bye, '')}" if bye is not None else "Bye: nobody")

    def _show_warnings(self, warnings: tuple[OverrideWarning, ...]) -> None:
        self.warnings.clear()
        for w in ordered_warnings(warnings):
            item = QListWidgetItem(str(w) if w.article != "engine" else f"Engine: {w.message}")
            if w.rule == PUBLISHED:
                font = item.font()
                font.setBold(True)
                item.setFont(font)
                item.setForeground(Qt.GlobalColor.darkRed)
            self.warnings.addItem(item)
        n = len(warnings)
        self.warnings_title.setText(f"<b>Warnings ({n})</b> — read them before saving" if n else "<b>No warning</b>")

    def warning_texts(self) -> list[str]:
        return [self.warnings.item(k).text() for k in range(self.warnings.count())]

    def _case_missing(self) -> bool:
        return self.case.isVisibleTo(self) and self.case.currentData() is None

    def _update_save(self) -> None:
        reason = reason_text(self.reason.text())  # zero-width and other invisible characters are no reason
        self.save_button.setEnabled(bool(self.edits) and bool(reason) and not self._case_missing()
                                    and not self._loading)  # fmt: skip
        if self._loading:
            self.save_button.setToolTip("The changes are being checked")
        elif not reason:
            self.save_button.setToolTip("A reason is required (it is kept in the audit log)")
        elif self._case_missing():
            self.save_button.setToolTip("Name the case of C.04.2-2026 4.4 that allows the change")
        else:
            self.save_button.setToolTip("")

    def _on_accepted(self) -> None:
        reason = reason_text(self.reason.text())
        if not reason or not self.edits or self._case_missing() or self._loading:
            return
        try:
            # The warnings shown name every board whose result the change discards: saving confirms it.
            case = self.case.currentData() if self.case.isVisibleTo(self) else None
            saved = confirmed_call(
                self,
                lambda level: self._context.call(
                    sv.apply_override,
                    self._info.number,
                    tuple(self.edits),
                    reason,
                    discard_results=True,
                    case=case,
                    confirmed=level,
                    seen=self._info.version,  # the round the edits refer to (another desk's change: refused)
                ),
            )
        except Exception as error:  # noqa: BLE001
            show_inline(self.errors, error)
            return
        if saved is None:
            return  # cancelled at the Level-3 question (a manual pairing alteration)
        self.saved_warnings = len(saved.warnings)
        self.accept()
