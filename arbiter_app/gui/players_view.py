"""Players: the registered players, add / edit / withdraw / byes, TRF import."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QModelIndex, QSortFilterProxyModel, Qt, Signal
from PySide6.QtWidgets import QAbstractItemView, QLabel, QLineEdit, QMessageBox, QTableView, QVBoxLayout, QWidget

from arbiter_app import services as sv
from arbiter_app.explain.words import counted
from arbiter_app.gui.bye_dialog import ByeDialog
from arbiter_app.gui.compose import first_open_round
from arbiter_app.gui.messages import show_error
from arbiter_app.gui.modal import run_modal
from arbiter_app.gui.pairing_numbers_dialog import PairingNumbersDialog
from arbiter_app.gui.player_dialog import PlayerDialog
from arbiter_app.gui.players_model import BYE_WORDS, PlayerColumn, PlayersModel
from arbiter_app.gui.view_base import ContextView, button, button_row, heading, tune_table, widen
from arbiter_app.services.dto import PlayerInfo


class PlayersView(ContextView):
    import_requested = Signal()
    """The arbiter asked to import a TRF file (the main window makes a new tournament file of it)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = PlayersModel(self)
        self.proxy = QSortFilterProxyModel(self)
        self.proxy.setSourceModel(self.model)
        self.proxy.setFilterCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        self.proxy.setFilterKeyColumn(-1)
        self.table = QTableView()
        self.table.setObjectName("playersTable")
        self.table.setModel(self.proxy)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        tune_table(self.table, widened=True)
        self.table.doubleClicked.connect(self._on_double_clicked)
        self.table.selectionModel().selectionChanged.connect(self._on_selection_changed)
        self.filter = QLineEdit()
        self.filter.setPlaceholderText("Find a player…")
        self.filter.setClearButtonEnabled(True)
        self.filter.setMaximumWidth(260)
        self.filter.textChanged.connect(self.proxy.setFilterFixedString)
        self.summary = QLabel()
        self.add_button = button(
            "Add player…", "Register a player (a late entry once round 1 is paired)", "Ctrl+Shift+A"
        )
        self.edit_button = button("Edit…", "Correct the selected player's data")
        self.withdraw_button = button("Withdraw…", "C.04.2.D.3: not paired from the next round on")
        self.reinstate_button = button("Reinstate", "C.04.2.D.2: paired again (absence explained in time)")
        self.bye_button = button("Bye / absence…", "A requested bye or an absence in a coming round (C.04.2.D.4)")
        self.cancel_bye_button = button("Cancel bye", "Withdraw the bye request of the next round")
        self.remove_button = button("Remove", "Remove a player who has never been paired")
        self.import_button = button("Import TRF…", "Create a tournament file from a TRF-16 report")
        self.numbers_button = button(
            "Pairing numbers…",
            "Order of equal rating and title, exchange of two TPNs, regeneration (C.04.2-2026 2.2-2.3)",
        )
        self.numbers_button.clicked.connect(self._on_numbers_clicked)
        self.add_button.clicked.connect(self._on_add_clicked)
        self.edit_button.clicked.connect(self._on_edit_clicked)
        self.withdraw_button.clicked.connect(self._on_withdraw_clicked)
        self.reinstate_button.clicked.connect(self._on_reinstate_clicked)
        self.bye_button.clicked.connect(self._on_bye_clicked)
        self.cancel_bye_button.clicked.connect(self._on_cancel_bye_clicked)
        self.remove_button.clicked.connect(self._on_remove_clicked)
        self.import_button.clicked.connect(self.import_requested)
        # The file's actions beside the heading, the player's below: both rows fit 1024 pixels in large text.
        top = button_row(heading("Players"), None, self.summary)
        top.addWidget(self.filter)
        top.addWidget(self.numbers_button)
        top.addWidget(self.import_button)
        self.summary.setWordWrap(True)
        actions = button_row(
            self.add_button,
            self.edit_button,
            None,
            self.withdraw_button,
            self.reinstate_button,
            None,
            self.bye_button,
            self.cancel_bye_button,
            None,
            self.remove_button,
        )
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addLayout(actions)
        layout.addWidget(self.table)
        self.first_open = 1
        self.versions: dict[int, int] = {}
        """Per pairing number, the player's version shown: what the desk's changes of the player are made against
        (another desk's change meanwhile is named, never overwritten; issue 32)."""
        self.seen_players: frozenset[str] = frozenset()
        """The players shown (:func:`player_identities`): a registration is checked against the others'."""
        self._update_buttons()

    # --- reading -----------------------------------------------------------------

    def refresh(self) -> None:
        if self.context is None:
            self.model.set_players((), {}, 1)
            self.summary.setText("")
            self._update_buttons()
            return
        # The versions before the players (several desks on a server): a change between the two reads makes the
        # desk's next action on that player refused as changed meanwhile, never an overwrite of what it did not see.
        reads = [(sv.player_versions, ()), (sv.player_identities, ()), (sv.list_players, ()), (sv.list_rounds, ())]
        if not self.context.fetch(reads, self.refresh_if_visible_again):
            return  # read off the GUI thread first
        rounds = self.context.read(sv.list_rounds)
        published = sum(1 for r in rounds if r.state != "draft")
        if not self.context.fetch([(sv.list_byes, (published + 1,))], self.refresh_if_visible_again):
            return
        selected = self.selected_player()
        self.versions = {number: version for number, (version, _) in self.context.read(sv.player_versions).items()}
        self.seen_players = frozenset(key for key, _ in self.context.read(sv.player_identities).values())
        players = self.context.read(sv.list_players)
        self.first_open = first_open_round(rounds)
        byes = {b.player: b.kind for b in self.context.read(sv.list_byes, published + 1)}
        self.model.set_players(players, byes, published + 1)
        active = sum(1 for p in players if p.status == "active")
        text = f"{counted(len(players), 'player')}, {active} active"
        if byes:
            text += f"; {counted(len(byes), 'bye or absence', 'byes or absences')} in round {published + 1}"
        self.summary.setText(text)
        widen(self.table, {PlayerColumn.NAME: 260, PlayerColumn.STATUS: 180})
        if selected is not None:
            self.select_player(selected.number)
        self._update_buttons()

    def selected_player(self) -> PlayerInfo | None:
        rows = self.table.selectionModel().selectedRows()
        if not rows:
            return None
        return self.model.row_at(self.proxy.mapToSource(rows[0]).row())

    def select_player(self, number: int) -> None:
        for k, p in enumerate(self.model.rows):
            if p.number == number:
                index = self.proxy.mapFromSource(self.model.index(k, 0))
                self.table.selectRow(index.row())
                self.table.scrollTo(index)
                return

    def _update_buttons(self) -> None:
        p = self.selected_player()
        has_context = self.context is not None
        for b in (self.add_button, self.import_button, self.numbers_button):
            b.setEnabled(has_context or b is self.import_button)
        for b in (self.edit_button, self.bye_button, self.remove_button):
            b.setEnabled(p is not None)
        self.withdraw_button.setEnabled(p is not None and p.status == "active")
        self.reinstate_button.setEnabled(p is not None and p.status == "withdrawn")
        self.cancel_bye_button.setEnabled(
            p is not None and self.model.bye_of(p.number) in ("half", "full", "zero", "absent")
        )

    # --- actions -----------------------------------------------------------------

    def _on_selection_changed(self) -> None:
        self._update_buttons()

    def _on_double_clicked(self, _index: QModelIndex) -> None:
        self._on_edit_clicked()

    def _on_add_clicked(self) -> None:
        if self.context is None:
            return
        dialog = PlayerDialog(self.context, None, self.first_open, self, seen_players=self.seen_players)
        accepted = run_modal(dialog)
        last = dialog.result_player if accepted else (dialog.added[-1] if dialog.added else None)
        if last is not None:
            self.select_player(last.number)
            count = len(dialog.added) + (1 if accepted else 0)
            self.context.message.emit(
                f"Registered #{last.number} {last.name}"
                if count == 1
                else f"Registered {count} players, the last #{last.number} {last.name}"
            )

    def _on_edit_clicked(self) -> None:
        p = self.selected_player()
        if self.context is None or p is None:
            return
        dialog = PlayerDialog(self.context, p, self.first_open, self, seen=self.versions.get(p.number))
        if run_modal(dialog) and dialog.result_player is not None:
            self.select_player(dialog.result_player.number)

    def _on_withdraw_clicked(self) -> None:
        p = self.selected_player()
        if self.context is None or p is None:
            return
        answer = QMessageBox.question(
            self,
            "Withdraw player",
            f"Withdraw #{p.number} {p.name}?\n\nThe player is not paired from round {self.first_open} on "
            "(C.04.2.D.3). A draft pairing of that round is discarded.",
        )
        if answer != QMessageBox.StandardButton.Yes:
            return
        context = self.context
        seen = self.versions.get(p.number)
        self._act(lambda: context.call(sv.withdraw_player, p.number, expected=p.name, seen=seen),
                  f"#{p.number} {p.name} withdrawn")  # fmt: skip

    def _on_reinstate_clicked(self) -> None:
        p = self.selected_player()
        if self.context is not None and p is not None:
            context, seen = self.context, self.versions.get(p.number)
            self._act(
                lambda: context.call(sv.reinstate_player, p.number, seen=seen), f"#{p.number} {p.name} paired again"
            )

    def _on_bye_clicked(self) -> None:
        p = self.selected_player()
        if self.context is None or p is None:
            return
        dialog = ByeDialog(self.context, p, self.first_open, self, seen=self.versions.get(p.number))
        if run_modal(dialog) and dialog.result_bye is not None:
            bye = dialog.result_bye
            text = f"#{p.number} {p.name}: {BYE_WORDS.get(bye.kind, bye.kind)} in round {bye.round}"
            if bye.discarded_draft:
                text += f" (the draft pairing of round {bye.round} was discarded)"
            self.context.message.emit(text)

    def _on_numbers_clicked(self) -> None:
        if self.context is None:
            return
        p = self.selected_player()
        run_modal(PairingNumbersDialog(self.context, p.number if p is not None else 1, self))

    def _on_cancel_bye_clicked(self) -> None:
        p = self.selected_player()
        if self.context is not None and p is not None:
            context, round_number, seen = self.context, self.model.next_round, self.versions.get(p.number)
            self._act(lambda: context.call(sv.cancel_bye, p.number, round_number, seen=seen),
                      f"#{p.number}: bye cancelled")  # fmt: skip

    def _on_remove_clicked(self) -> None:
        p = self.selected_player()
        if self.context is None or p is None:
            return
        answer = QMessageBox.question(self, "Remove player", f"Remove #{p.number} {p.name} from the tournament?")
        if answer == QMessageBox.StandardButton.Yes:
            context = self.context
            self._act(
                lambda: context.call(sv.remove_player, p.number, expected=p.name), f"#{p.number} {p.name} removed"
            )

    def _act(self, action: Callable[[], object], done_text: str) -> None:
        try:
            action()
        except Exception as error:  # noqa: BLE001
            show_error(self, error)
            return
        if self.context is not None:
            self.context.message.emit(done_text)
