"""The main window's File actions: new tournament, open, the example, TRF import and export.

The base class of :class:`~arbiter_app.gui.main_window.MainWindow` (kept apart
to keep that module short); it relies on the window's ``runner``, ``tabs``,
views and ``_set_context``.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

from PySide6.QtCore import QEventLoop
from PySide6.QtWidgets import QFileDialog, QInputDialog, QMainWindow, QMessageBox, QTabWidget

from arbiter_app import atomic
from arbiter_app import services as sv
from arbiter_app.gui import files, process_call, settings
from arbiter_app.gui.connect_dialog import ConnectDialog
from arbiter_app.gui.context import TournamentContext
from arbiter_app.gui.messages import may_write, show_error
from arbiter_app.gui.modal import run_modal
from arbiter_app.gui.players_view import PlayersView
from arbiter_app.gui.rounds_view import RoundsView
from arbiter_app.gui.tournament_dialog import FILE_FILTER, TournamentDialog
from arbiter_app.gui.warning_dialogs import confirmed_call
from arbiter_app.gui.workers import Runner
from arbiter_app.services.files import Database, open_database, save_copy

TRF_FILTER = "TRF reports (*.trf *.txt);;All files (*)"


class FileActions(QMainWindow):
    """The window's file actions; :class:`~arbiter_app.gui.main_window.MainWindow` provides what is declared here."""

    runner: Runner
    context: TournamentContext | None
    tabs: QTabWidget
    players_view: PlayersView
    rounds_view: RoundsView

    def _set_context(self, context: TournamentContext | None) -> None:
        raise NotImplementedError

    def show_welcome(self) -> None:
        raise NotImplementedError

    def connect_to_server(self) -> None:
        """File > Connect to a server…: a tournament database that several desks share."""
        dialog = ConnectDialog(self)
        if run_modal(dialog):
            self.open_file(dialog.location(), create=True, desk=dialog.desk_name())

    def open_file(self, path: Path | Any, create: bool = False, desk: str = "") -> bool:
        """Open a tournament file (``create``: a new file may be made) or a server's database (a URL); False if
        refused."""
        try:
            db = open_database(path, create=create)
            if desk:
                db.desk = desk
        except Exception as error:  # noqa: BLE001
            show_error(self, error)
            if isinstance(path, Path):
                settings.forget_file(path)
            if self.context is None:
                self.show_welcome()  # the recent files without it
            return False
        if not self.chain_accepted(db):
            db.dispose()
            return False
        tournaments = files.tournaments_in(db)
        if not tournaments:
            tournament = self._create_in(db)
            if tournament is None:
                db.dispose()
                return False
        elif len(tournaments) == 1:
            tournament = tournaments[0].id
        else:
            names = [f"{t.name} ({t.id})" for t in tournaments]
            choice, ok = QInputDialog.getItem(
                self, "Tournament", "This file holds several tournaments:", names, 0, False
            )
            if not ok:
                db.dispose()
                return False
            tournament = tournaments[names.index(choice)].id
        self._set_context(TournamentContext(db, tournament, self.runner, self))
        return True

    def chain_accepted(self, db: Database) -> bool:
        """At every open: a file changed outside the program is a Level-3 warning; proceeding records the change
        in the audit log (a file open read-only is only shown), cancelling leaves it unopened.  The chain is checked
        off the window's thread (the window repaints meanwhile, issue 28)."""
        report = (
            self._wait_for(partial(files.audit_chain_of, str(db.path)))
            if db.path is not None
            else (sv.verify_audit_chain(db))
        )
        if report.intact:
            return True
        if db.read_only:
            QMessageBox.warning(self, "Changed outside the program", sv.outside_change_notice(report).text)
            return True
        return confirmed_call(self, lambda level: sv.accept_outside_changes(db, confirmed=level)) is not None

    def verify_file(self) -> None:
        """Help > Verify the tournament file: was it changed outside the program?"""
        if self.context is None:
            return
        report = sv.verify_audit_chain(self.context.db)
        text = report.summary + "".join(f"\n• {f}" for f in report.findings)
        if report.intact:
            QMessageBox.information(self, "Verify the tournament file", text + f"\n\nChain head: {report.head}")
        else:
            QMessageBox.warning(self, "Verify the tournament file", text)

    def _create_in(self, db: Database) -> int | None:
        """An empty file: ask for the new tournament's settings."""
        dialog = TournamentDialog(self)
        dialog.file.setText(db.name)
        dialog.file.setEnabled(False)
        if not run_modal(dialog):
            return None
        try:
            return int(
                sv.create_tournament(db, dialog.name.text().strip(), dialog.rounds.value(), **dialog.settings()).id
            )
        except Exception as error:  # noqa: BLE001
            show_error(self, error)
            return None

    def new_tournament(self) -> None:
        dialog = TournamentDialog(self)
        if not run_modal(dialog):
            return
        path = dialog.path()
        try:
            db = open_database(path, create=True)
            info = sv.create_tournament(db, dialog.name.text().strip(), dialog.rounds.value(), **dialog.settings())
        except Exception as error:  # noqa: BLE001
            show_error(self, error)
            return
        self._set_context(TournamentContext(db, info.id, self.runner, self))
        self.tabs.setCurrentWidget(self.players_view)

    def choose_file(self) -> None:
        start = str(settings.recent_files()[0][0].parent) if settings.recent_files() else str(files.data_folder())
        name, _ = QFileDialog.getOpenFileName(self, "Open tournament", start, FILE_FILTER)
        if name:
            self.open_file(Path(name))

    def open_example(self) -> None:
        self._set_context(None)
        try:
            path = files.make_example()
        except Exception as error:  # noqa: BLE001
            show_error(self, error)
            return
        if self.open_file(path) and self.context is not None:
            self.tabs.setCurrentWidget(self.rounds_view)
            self.context.message.emit("The Arbiters' Manual example: 12 players, 9 rounds (a fresh copy)")

    def import_trf(self) -> None:
        name, _ = QFileDialog.getOpenFileName(self, "Import a TRF-16 report", str(files.data_folder()), TRF_FILTER)
        if not name:
            return
        trf = Path(name)
        target = files.suggested_target(trf)
        target_name, _ = QFileDialog.getSaveFileName(self, "Save the tournament as", str(target), FILE_FILTER)
        if not target_name:
            return
        self.import_trf_file(trf, Path(target_name))

    def import_trf_file(self, trf: Path, target: Path) -> bool:
        """Import ``trf`` into the new file ``target`` and open it; False if cancelled or refused.

        The import re-pairs every paired round to compare it with the engine (C.04.3-2026 checklist Q54-Q55):
        seconds for a few hundred players, so it runs on the worker (in the child process) while the window
        repaints, the busy bar on (issue 21); the Level-3 question is asked here between two runs.
        """
        if self._importing:
            return False  # one import at a time (the window stays usable while one runs)
        self._importing = True
        try:
            made = confirmed_call(
                self, lambda level: self._wait_for(partial(files.import_into_new_file, trf, target, confirmed=level))
            )
        except Exception as error:  # noqa: BLE001
            show_error(self, error)
            return False
        finally:
            self._importing = False
        if made is None:
            return False  # cancelled at the Level-3 question (rounds the engine pairs otherwise), or refused
        path, warnings = made
        if not self.open_file(path):
            return False
        if warnings:
            QMessageBox.information(self, "Imported with warnings", "\n".join(warnings))
        return True

    _importing = False

    def _wait_for(self, work: Callable[[], Any]) -> Any:
        """``work()`` on the worker (in the child process when it uses one), the event loop running here until
        it is done; its answer, or its exception raised here."""
        outcome: list[tuple[bool, Any]] = []
        loop = QEventLoop(self)

        def settle(ok: bool, value: Any) -> None:
            outcome.append((ok, value))
            loop.quit()

        task = (process_call.call, work) if self.runner.use_processes else (work,)
        # The window repaints meanwhile, but takes no command: New, Open or another import started inside this
        # loop would be replaced by the file the import opens when it is done.
        blocked = [w for w in (self.menuBar(), self.centralWidget()) if w is not None and w.isEnabled()]
        for widget in blocked:
            widget.setEnabled(False)
        try:
            self.runner.submit(*task, on_done=partial(settle, True), on_error=partial(settle, False))
            if not outcome:
                loop.exec()
        finally:
            for widget in blocked:
                widget.setEnabled(True)
        ok, value = outcome[0]
        if not ok:
            raise value
        return value

    def save_a_copy(self) -> None:
        """File > Save a copy: one consistent file (what is still in the ``-wal`` file beside it included)."""
        if self.context is None:
            return
        path = self.context.path or files.data_folder() / "tournament.db"  # a server's: a file of its own
        suggested = path.with_name(f"{path.stem}-copy{path.suffix}")
        name, _ = QFileDialog.getSaveFileName(
            self,
            "Save a copy of the tournament file",
            str(suggested),
            FILE_FILTER,
            options=QFileDialog.Option.DontConfirmOverwrite,
        )
        if name:
            self.save_copy_as(Path(name))

    def save_copy_as(self, target: Path) -> bool:
        if self.context is None:
            return False
        replace = may_write(self, target)
        if replace is None:
            return False
        try:
            save_copy(self.context.db, target, replace=replace)
        except Exception as error:  # noqa: BLE001
            show_error(self, error)
            return False
        self.statusBar().showMessage(f"Saved a copy as {target}", 5000)
        return True

    def export_trf(self) -> None:
        if self.context is None:
            return
        edition = self.context.read(sv.get_tournament).edition
        default = sv.edition_trf_format(edition).upper()  # the edition's own format: TRF-2026, TRF-16
        # The final report is refused while a game waits for its result (checklist Q169).
        formats = ["TRF-2026", "TRF-16", "TRF-2026 final report", "TRF-16 final report"]
        chosen, ok = QInputDialog.getItem(
            self, "Export TRF", "Format (TRF-2026 for the 2026 edition):", formats, formats.index(default), False
        )
        if not ok:
            return
        checklist = self.context.read(sv.rating_report_checklist)
        if checklist:  # none of it is fatal: listed before the export
            QMessageBox.information(self, "FIDE rating report checklist", "\n".join(checklist))
        suggested = self.context.path.with_suffix(".trf") if self.context.path else Path("tournament.trf")
        name, _ = QFileDialog.getSaveFileName(
            self, f"Export {chosen}", str(suggested), TRF_FILTER, options=QFileDialog.Option.DontConfirmOverwrite
        )
        if name:
            self.write_trf_export(name, chosen.split()[0].lower(), final=chosen.endswith("final report"))

    def write_trf_export(self, name: str, version: str, final: bool = False) -> None:
        """Write the tournament as ``version`` (``trf-2026``/``trf-16``) to ``name``; warnings in a box.  ``final``:
        the final report, refused (nothing written) while a game waits for its result (checklist Q169)."""
        assert self.context is not None
        replace = may_write(self, Path(name))
        if replace is None:
            return
        try:
            atomic.check_target(name, replace=replace, protect=[self.context.path])
            export = self.context.read(sv.export_trf, version, final=final)
            text = sv.with_chain_head(self.context.db, export.text)
            atomic.write_text(name, text, replace=replace, protect=[self.context.path])
        except OSError as error:
            QMessageBox.warning(self, "Export TRF", f"{name}: {error.strerror}")
            return
        except Exception as error:  # noqa: BLE001
            show_error(self, error)
            return
        if export.warnings:
            QMessageBox.information(self, "Exported: what the file does not carry", "\n".join(export.warnings))
        self.statusBar().showMessage(f"Exported {name}", 5000)
