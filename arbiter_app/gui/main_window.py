"""The main window: the welcome page, or the open tournament's tabs and the explain dock."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from pathlib import Path

from PySide6.QtCore import QByteArray, Qt
from PySide6.QtGui import QAction, QCloseEvent, QFont, QKeySequence
from PySide6.QtWidgets import (
    QApplication,
    QInputDialog,
    QLabel,
    QMessageBox,
    QProgressBar,
    QStackedWidget,
    QTableView,
    QTabWidget,
    QWidget,
)

from arbiter_app import __version__
from arbiter_app import services as sv
from arbiter_app.errors import ReasonRequired
from arbiter_app.gui import settings
from arbiter_app.gui.audit_view import AuditView
from arbiter_app.gui.cards_view import CardsView
from arbiter_app.gui.compare_dialog import CompareDialog
from arbiter_app.gui.context import TournamentContext
from arbiter_app.gui.crosstable_view import CrosstableView
from arbiter_app.gui.explain_dock import ExplainDock
from arbiter_app.gui.fide_mode import add_fide_mode
from arbiter_app.gui.file_actions import FileActions
from arbiter_app.gui.hall_display import HallDisplay
from arbiter_app.gui.hall_network import HallNetworkDialog
from arbiter_app.gui.help_viewer import ManualWindow
from arbiter_app.gui.messages import show_error
from arbiter_app.gui.modal import run_modal
from arbiter_app.gui.player_list_actions import add_player_list_actions
from arbiter_app.gui.players_view import PlayersView
from arbiter_app.gui.report_dialog import TITLES, ReportDialog
from arbiter_app.gui.rounds_view import RoundsView
from arbiter_app.gui.seminar import SeminarView
from arbiter_app.gui.standings_view import StandingsView
from arbiter_app.gui.tournament_dialog import SettingsDialog
from arbiter_app.gui.view_base import ContextView, fit_to_screen, rescale
from arbiter_app.gui.welcome_view import WelcomeView
from arbiter_app.gui.workers import Runner

BASE_FONT = "arbiterBaseFont"
"""The application's font before "Large text" (a property of the QApplication)."""


class MainWindow(FileActions):
    def __init__(self, runner: Runner | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("mainWindow")
        self.runner = runner or Runner(self)
        self.context: TournamentContext | None = None
        self.hall_display: HallDisplay | None = None
        self.hall_network: HallNetworkDialog | None = None
        self.welcome = WelcomeView()
        self.players_view = PlayersView()
        self.rounds_view = RoundsView()
        self.cards_view = CardsView()
        self.standings_view = StandingsView()
        self.audit_view = AuditView()
        self.crosstable_view = CrosstableView()  # issue 20: a round robin's crosstable, Berger numbers, hand pairing
        self.tabs = QTabWidget()
        self.tabs.setDocumentMode(True)
        for view, title in self.views():
            self.tabs.addTab(view, title)
        self.stack = QStackedWidget()
        self.stack.addWidget(self.welcome)
        self.stack.addWidget(self.tabs)
        self.setCentralWidget(self.stack)
        self.standings_view.use_runner(type(self.runner)(self))
        self.explain_dock = ExplainDock(self, type(self.runner)(self))
        self.manual: ManualWindow | None = None
        self.explain_dock.setObjectName("explainDock")
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.explain_dock)
        self.explain_dock.hide()
        self._build_status_bar()
        self._build_menus()
        self.welcome.new_requested.connect(self.new_tournament)
        self.welcome.open_requested.connect(self.choose_file)
        self.welcome.example_requested.connect(self.open_example)
        self.welcome.import_requested.connect(self.import_trf)
        self.welcome.recent_chosen.connect(self._on_recent_chosen)
        self.players_view.import_requested.connect(self.import_trf)
        self.cards_view.why_not_requested.connect(self._on_why_not_requested)
        self.rounds_view.explain_requested.connect(self._on_explain_requested)
        self.explain_dock.teaching_changed.connect(self._on_teaching_changed)
        self.explain_dock.round_explained.connect(self._on_round_explained)
        self.runner.busy_changed.connect(self._on_busy_changed)
        fit_to_screen(self, 1280, 800, place=True)  # 1024x768 with a task bar included (issue 28)
        self._restore_layout()
        self.show_welcome()

    def views(self) -> list[tuple[ContextView, str]]:
        return [
            (self.players_view, "&Players"),
            (self.rounds_view, "&Rounds"),
            (self.cards_view, "Pairing &cards"),
            (self.standings_view, "&Standings"),
            (self.audit_view, "&Audit log"),
            (self.crosstable_view, "Round &robin"),
        ]

    # --- building ----------------------------------------------------------------

    def _build_status_bar(self) -> None:
        self.busy_bar = QProgressBar()
        self.busy_bar.setRange(0, 0)
        self.busy_bar.setMaximumWidth(160)
        self.busy_bar.setTextVisible(False)
        self.busy_bar.hide()
        self.file_label = QLabel()
        self.file_label.setStyleSheet("color: palette(mid);")
        self.statusBar().addPermanentWidget(self.busy_bar)
        self.statusBar().addPermanentWidget(self.file_label)

    def _action(
        self,
        text: str,
        slot: Callable[[], object],
        shortcut: QKeySequence | QKeySequence.StandardKey | str | None = None,
    ) -> QAction:
        action = QAction(text, self)
        if shortcut is not None:
            action.setShortcut(shortcut)
        action.triggered.connect(slot)
        return action

    def _build_menus(self) -> None:
        bar = self.menuBar()
        file_menu = bar.addMenu("&File")
        file_menu.addAction(self._action("&New tournament…", self.new_tournament, QKeySequence.StandardKey.New))
        file_menu.addAction(self._action("&Open…", self.choose_file, QKeySequence.StandardKey.Open))
        file_menu.addAction(self._action("&Connect to a server…", self.connect_to_server))
        self.recent_menu = file_menu.addMenu("Open &recent")
        file_menu.addAction(self._action("Open the Arbiters' Manual &example", self.open_example))
        file_menu.addSeparator()
        file_menu.addAction(self._action("&Import TRF…", self.import_trf))
        self.export_action = self._action("&Export TRF…", self.export_trf)
        file_menu.addAction(self.export_action)
        self.save_copy_action = self._action("Save a &copy…", self.save_a_copy)
        file_menu.addAction(self.save_copy_action)
        self.rating_list_importer = add_player_list_actions(self, file_menu)  # issue 17: FIDE list, CSV sheet
        file_menu.addSeparator()
        self.close_action = self._action("&Close tournament", self.close_tournament, QKeySequence.StandardKey.Close)
        file_menu.addAction(self.close_action)
        file_menu.addAction(self._action("&Quit", self.close, QKeySequence.StandardKey.Quit))
        edit_menu = bar.addMenu("&Edit")
        self.undo_action = self._action("&Undo last step", self.undo_last_step, QKeySequence.StandardKey.Undo)
        edit_menu.addAction(self.undo_action)
        edit_menu.addSeparator()
        self.settings_action = self._action("Tournament &settings…", self.edit_settings)
        edit_menu.addAction(self.settings_action)
        self.fide_mode = add_fide_mode(self, edit_menu)  # Leave FIDE mode…, and the banner once left
        round_menu = bar.addMenu("&Round")
        for action in self.rounds_view.actions_for_menu() + self.crosstable_view.actions_for_menu():
            round_menu.addAction(action)
        report_menu = bar.addMenu("Re&ports")
        self.report_actions = []
        for kind, title in TITLES.items():
            action = self._action(f"{title}…", partial(self.show_report, kind))
            report_menu.addAction(action)
            self.report_actions.append(action)
        view_menu = bar.addMenu("&View")
        for k, (view, title) in enumerate(self.views(), 1):
            view_menu.addAction(self._action(title.replace("&", ""), partial(self.show_view, view), f"Ctrl+{k}"))
        view_menu.addSeparator()
        toggle = self.explain_dock.toggleViewAction()
        toggle.setText("&Explain panel")
        toggle.setShortcut("F2")
        view_menu.addAction(toggle)
        view_menu.addAction(self.explain_dock.teaching_action)
        self.hall_action = self._action("&Hall display", self.show_hall_display, "F8")
        self.hall_action.setToolTip("The round's pairings on a second screen or projector, by board and by name")
        view_menu.addAction(self.hall_action)
        self.hall_network_action = self._action("Hall &network…", self.show_hall_network)
        self.hall_network_action.setToolTip("Serve the pairings, standings and deputies' result entry on the hall's "
                                            "network: the address and its QR code")  # fmt: skip
        view_menu.addAction(self.hall_network_action)
        self.seminar_action = self._action("&Seminar mode", self.show_seminar, "F9")
        self.seminar_action.setToolTip(
            "Full screen, large type: the round in the explain panel as slides, one per key; Ctrl+P: a PDF handout"
        )
        view_menu.addAction(self.seminar_action)
        self.compare_action = self._action("Compare the &editions…", self.compare_editions)
        self.compare_action.setToolTip("A round paired by Baku 2016 and by the 2026 edition, side by side (seminars)")
        view_menu.addAction(self.compare_action)
        self.large_text_action = QAction("&Large text", self)
        self.large_text_action.setCheckable(True)
        self.large_text_action.setToolTip("Everything a quarter larger (a desk in a dim hall, a projector)")
        self.large_text_action.toggled.connect(self._on_large_text_toggled)
        view_menu.addAction(self.large_text_action)
        help_menu = bar.addMenu("&Help")
        self.manual_action = self._action("User &manual", self.show_manual, QKeySequence.StandardKey.HelpContents)
        help_menu.addAction(self.manual_action)
        self.verify_action = self._action("&Verify the tournament file", self.verify_file)
        self.verify_action.setToolTip("Was the file changed outside the program? (the audit chain, checked)")
        help_menu.addAction(self.verify_action)
        help_menu.addAction(self._action("&About", self._on_about_triggered))
        self.tournament_actions = [
            self.verify_action,
            self.export_action,
            self.save_copy_action,
            self.compare_action,
            self.seminar_action,
            self.hall_network_action,
            self.close_action,
            self.undo_action,
            self.settings_action,
            toggle,
            *self.report_actions,
            *self.rounds_view.actions_for_menu(),
            *self.crosstable_view.actions_for_menu(),
        ]

    def manual_page(self) -> tuple[str, str]:
        """The manual's page (and section) for what is on screen: the current tab's, or the welcome page's."""
        if self.stack.currentWidget() is not self.tabs:
            return "getting-started.md", "the-welcome-page"
        pages: dict[QWidget, tuple[str, str]] = {
            self.players_view: ("players.md", ""),
            self.rounds_view: ("rounds.md", ""),
            self.cards_view: ("explain.md", "the-pairing-cards-view"),
            self.standings_view: ("standings.md", ""),
            self.audit_view: ("rounds.md", "the-audit-log"),
            self.crosstable_view: ("round-robin.md", ""),
        }
        return pages.get(self.tabs.currentWidget(), ("index.md", ""))

    def show_manual(self) -> ManualWindow:
        """Help > User manual (F1): the manual in a window of its own, at the page of what is on screen."""
        if self.manual is None:
            self.manual = ManualWindow()
        self.manual.open(*self.manual_page())
        self.manual.show()
        self.manual.raise_()
        self.manual.activateWindow()
        return self.manual

    def edit_settings(self) -> SettingsDialog | None:
        """The tournament's settings dialog, modal; returns it once closed."""
        if self.context is None:
            return None
        dialog = SettingsDialog(self.context, self)
        run_modal(dialog)
        return dialog

    def show_report(self, kind: str) -> ReportDialog | None:
        """The report dialog of ``kind`` (preview, print, save), modal; returns it once closed."""
        if self.context is None:
            return None
        dialog = ReportDialog(self.context, kind, self)
        run_modal(dialog)
        return dialog

    # --- pages -------------------------------------------------------------------

    def show_welcome(self) -> None:
        self.welcome.set_recent(settings.recent_files())
        self._refresh_recent_menu()
        self.stack.setCurrentWidget(self.welcome)
        self.setWindowTitle("Arbiter")
        self.file_label.setText("")
        for action in self.tournament_actions:
            action.setEnabled(False)

    def show_view(self, view: QWidget) -> None:
        if self.context is not None:
            self.tabs.setCurrentWidget(view)

    def _refresh_recent_menu(self) -> None:
        self.recent_menu.clear()
        for path, name in settings.recent_files():
            text = f"{name} — {path}" if name else str(path)
            self.recent_menu.addAction(text, partial(self.open_file, path))
        self.recent_menu.setEnabled(not self.recent_menu.isEmpty())

    # --- the open tournament ---------------------------------------------------

    def _set_context(self, context: TournamentContext | None) -> None:
        if self.hall_network is not None:  # it serves the file that closes
            self.hall_network.shut_down()
            self.hall_network.close()
            self.hall_network = None
        old, self.context = self.context, context
        for view, _ in self.views():
            view.set_context(context)
        if self.hall_display is not None:
            self.hall_display.set_context(context)
        self.explain_dock.set_context(context)
        self.tabs.setTabVisible(self.tabs.indexOf(self.crosstable_view), CrosstableView.applies(context))
        self.fide_mode.set_context(context)
        if old is not None:
            old.close()
        if context is None:
            self.show_welcome()
            return
        context.message.connect(self._on_context_message)
        context.changed.connect(self._update_title)
        if context.path is not None:  # a server's database is not a recent file (its URL may carry a password)
            settings.remember_file(context.path, context.tournament.name)
        self._refresh_recent_menu()
        for action in self.tournament_actions:
            action.setEnabled(True)
        self.stack.setCurrentWidget(self.tabs)
        self._update_title()
        if context.fetch([(sv.list_rounds, ())], lambda: self._show_first_view(context)):
            self._show_first_view(context)

    def _show_first_view(self, context: TournamentContext) -> None:
        """The Rounds view (a round robin's crosstable) once the tournament has rounds, else the Players view (the round
        list read first)."""
        if context is self.context:
            has_rounds = bool(context.read(sv.list_rounds))
            main = self.crosstable_view if CrosstableView.applies(context) else self.rounds_view  # a round robin's
            self.tabs.setCurrentWidget(main if has_rounds else self.players_view)

    def _update_title(self) -> None:
        if self.context is None:
            return
        t = self.context.tournament
        self.setWindowTitle(f"{t.name} — {sv.system_of_info(t).rules_title} — Arbiter")
        self.file_label.setText(self.context.db.name)  # a server's URL without its password

    def close_tournament(self) -> None:
        self._set_context(None)

    def undo_last_step(self) -> None:
        if self.context is None:
            return
        self.rounds_view.settle_results()  # the last step is the result just typed, once stored
        try:
            try:
                entry = self.context.call(sv.undo_last_step)
            except ReasonRequired as needed:
                reason, ok = QInputDialog.getText(self, "Undo", f"{needed.detail}.\n\nReason:")
                if not ok:
                    return
                entry = self.context.call(sv.undo_last_step, reason)
        except Exception as error:  # noqa: BLE001
            show_error(self, error)
            return
        self.statusBar().showMessage(f"Undone: {entry.summary}", 8000)

    # --- slots -------------------------------------------------------------------

    def _on_recent_chosen(self, path: Path) -> None:
        self.open_file(path)

    def _on_context_message(self, text: str) -> None:
        self.statusBar().showMessage(text, 10000)

    def _on_busy_changed(self, busy: bool) -> None:
        self.busy_bar.setVisible(busy)
        for action in self.tournament_actions:
            if action is not self.explain_dock.toggleViewAction():
                action.setEnabled(self.context is not None and not busy)
        self.players_view.setEnabled(not busy)
        if busy:
            self.statusBar().showMessage("Working… the window stays usable; the file is written when done.")
        else:
            self.statusBar().clearMessage()
        self.rounds_view.set_busy(busy)

    def _on_why_not_requested(self, a: int, b: int) -> None:
        self.explain_dock.show()
        self.explain_dock.raise_()
        self.explain_dock.ask_why_not(a, b)

    def _on_explain_requested(self, round_number: int) -> None:
        self.explain_dock.show()
        self.explain_dock.raise_()
        self.explain_dock.explain(round_number)

    def _on_teaching_changed(self, on: bool) -> None:
        """Teaching mode: results out of sight, so that the room can follow the pairing round by round."""
        self.rounds_view.set_results_hidden(on)
        self.cards_view.set_results_hidden(on)
        if on:
            self.tabs.setCurrentWidget(self.rounds_view)

    def _on_large_text_toggled(self, on: bool) -> None:
        app = QApplication.instance()
        if not isinstance(app, QApplication):
            return
        base = app.property(BASE_FONT)
        if not isinstance(base, QFont):
            base = app.font()
            app.setProperty(BASE_FONT, base)
        font = QFont(base)
        if on:
            font.setPointSizeF(font.pointSizeF() * 1.25)
        app.setFont(font)
        for table in self.findChildren(QTableView):
            rescale(table)

    def _on_round_explained(self, number: int) -> None:
        if self.explain_dock.teaching_action.isChecked() and number in [r.number for r in self.rounds_view.rounds]:
            self.rounds_view.show_round(number)

    def show_hall_display(self) -> HallDisplay:
        """View > Hall display: the window for the hall's screen (one; shown again if already open)."""
        if self.hall_display is None:
            self.hall_display = HallDisplay(self.context, parent=self)
            fit_to_screen(self.hall_display, 1024, 768, place=True)
        self.hall_display.show()
        self.hall_display.raise_()
        return self.hall_display

    def show_hall_network(self) -> HallNetworkDialog | None:
        """View > Hall network: start or stop serving the hall's pages; deputies' links and conflicts."""
        if self.context is None:
            return None
        if self.hall_network is None:
            self.hall_network = HallNetworkDialog(self.context, self)
        self.hall_network.show()
        self.hall_network.raise_()
        return self.hall_network

    def show_seminar(self) -> SeminarView | None:
        """View > Seminar mode: the round chosen in the explain panel, full screen, one step per key press."""
        question = self.explain_dock.question()
        if question is None:
            return None
        seminar = SeminarView(question, self.explain_dock.runner, self)
        seminar.showFullScreen()
        return seminar

    def compare_editions(self) -> None:
        """View > Compare the editions: the round shown in the explain panel, paired by both editions."""
        if self.context is None:
            return
        dialog = CompareDialog(self.context, self.explain_dock.round.value(), self)
        dialog.compare()
        run_modal(dialog)

    def _on_about_triggered(self) -> None:
        QMessageBox.about(
            self,
            "About Arbiter",
            f"<b>arbiter_app {__version__}</b><p>FIDE Swiss pairings, Dutch system: the 2026 edition (C.04.3 "
            "applied from 1 February 2026) and Baku 2016, with the reasons for every pairing.</p>"
            "<p>Works offline; your tournament is one file you can copy.</p>",
        )

    # --- layout ------------------------------------------------------------------

    def _restore_layout(self) -> None:
        s = settings.app_settings()
        geometry, state = s.value("window/geometry"), s.value("window/state")
        if isinstance(geometry, QByteArray):
            self.restoreGeometry(geometry)
        if isinstance(state, QByteArray):
            self.restoreState(state)
        self.explain_dock.load_preferences(s)
        self.large_text_action.setChecked(s.value("view/large_text", False, type=bool) is True)

    def closeEvent(self, event: QCloseEvent) -> None:
        if self._importing:
            event.ignore()  # the import's file is being written: the window closes once it is done
            return
        s = settings.app_settings()
        s.setValue("window/geometry", self.saveGeometry())
        s.setValue("window/state", self.saveState())
        s.setValue("view/large_text", self.large_text_action.isChecked())
        self.explain_dock.save_preferences(s)
        self._set_context(None)
        if self.manual is not None:
            self.manual.close()
        super().closeEvent(event)
