"""The menu entries of issue 17: the FIDE rating list (import, update ratings) and the CSV sheet (import, export).

:func:`add_player_list_actions` adds them to a menu of the main window; each
needing a tournament says so when none is open.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtGui import QAction
from PySide6.QtWidgets import QFileDialog, QInputDialog, QMainWindow, QMenu, QMessageBox, QWidget

from arbiter_app import services as sv
from arbiter_app.explain.words import counted
from arbiter_app.gui.context import TournamentContext
from arbiter_app.gui.csv_dialog import CsvImportDialog
from arbiter_app.gui.files import data_folder
from arbiter_app.gui.messages import may_write, show_error
from arbiter_app.gui.modal import run_modal
from arbiter_app.gui.prohibited_pairs_dialog import ProhibitedPairsDialog
from arbiter_app.gui.rating_check import (
    PlayerRatingsDialog,
    RatingSettingsDialog,
    check_now,
    import_custom_list,
    update_all_lists,
)
from arbiter_app.gui.rating_list_import import RatingListImporter
from arbiter_app.services.ratings import ImportReport

CSV_FILTER = "CSV sheets (*.csv *.txt);;All files (*)"
SHOWN_CHANGES = 25


def _context(window: QMainWindow) -> TournamentContext | None:
    context = getattr(window, "context", None)
    if context is None:
        QMessageBox.information(window, "No tournament", "Open or create a tournament first.")
    return context


def update_ratings(parent: QWidget, context: TournamentContext, kind: str | None = None) -> bool:
    """Ask which list, show what would change, and change it if the arbiter agrees; True if changed."""
    try:
        lists = tuple(i for i in sv.rating_list_info() if i.kind in ("standard", "rapid", "blitz"))
        if not lists:
            QMessageBox.information(parent, "FIDE rating list", "No FIDE rating list has been imported yet.")
            return False
        if kind is None:
            labels = [f"{i.kind} ({i.date or 'month unknown'})" for i in lists]
            label, ok = QInputDialog.getItem(parent, "Update ratings", "From the FIDE list:", labels, 0, False)
            if not ok:
                return False
            kind = lists[labels.index(label)].kind
        preview = context.read(sv.update_ratings_from_list, kind, apply=False)
        if not preview.changes:
            QMessageBox.information(parent, "Update ratings", f"Every rating already matches the {kind} list.")
            return False
        lines = [f"#{c.number} {c.name}: {c.old} → {c.new}" for c in preview.changes[:SHOWN_CHANGES]]
        if len(preview.changes) > SHOWN_CHANGES:
            lines.append(f"… and {len(preview.changes) - SHOWN_CHANGES} more")
        question = (
            f"Set {len(preview.changes)} rating(s) from the FIDE {kind} list of {preview.date or 'unknown month'}?"
            "\n\n" + "\n".join(lines)
        )
        answer = QMessageBox.question(parent, "Update ratings", question)
        if answer != QMessageBox.StandardButton.Yes:
            return False
        context.call(sv.update_ratings_from_list, kind)
        return True
    except Exception as error:  # noqa: BLE001
        show_error(parent, error)
        return False


def import_csv(parent: QWidget, context: TournamentContext, path: Path | None = None) -> bool:
    if path is None:
        name, _ = QFileDialog.getOpenFileName(parent, "Import players from a CSV sheet", "", CSV_FILTER)
        if not name:
            return False
        path = Path(name)
    try:
        dialog = CsvImportDialog(context, path, parent)
    except Exception as error:  # noqa: BLE001
        show_error(parent, error)
        return False
    if run_modal(dialog) != CsvImportDialog.DialogCode.Accepted or dialog.result_import is None:
        return False
    done = dialog.result_import
    text = f"{counted(len(done.registered), 'player')} registered."
    if done.skipped:
        text += f"\n\n{counted(len(done.skipped), 'row')} skipped:\n" + "\n".join(
            str(b) for b in done.skipped[:SHOWN_CHANGES]
        )
    QMessageBox.information(parent, "CSV import", text)
    return True


def export_csv(parent: QWidget, context: TournamentContext, path: Path | None = None) -> bool:
    if path is None:
        folder = context.path.parent if context.path is not None else data_folder()  # never the working folder
        name, _ = QFileDialog.getSaveFileName(
            parent,
            "Export the players as CSV",
            str(folder / "players.csv"),
            CSV_FILTER,
            options=QFileDialog.Option.DontConfirmOverwrite,  # asked below (may_write), with the tournament files
        )
        if not name:
            return False
        path = Path(name)
    replace = may_write(parent, path)
    if replace is None:
        return False
    try:
        # written each time asked (never a cached answer)
        count = sv.export_players_csv(context.db, context.tournament_id, path, replace=replace)
    except Exception as error:  # noqa: BLE001
        show_error(parent, error)
        return False
    QMessageBox.information(parent, "CSV export", f"{count} players written to {path}.")
    return True


def add_player_list_actions(window: QMainWindow, menu: QMenu) -> RatingListImporter:
    """Add the rating list and CSV entries to ``menu``; returns the importer (it owns the import thread)."""
    importer = RatingListImporter(window)
    menu.addSeparator()
    entries = (
        ("Import FIDE &rating list…", importer.choose),
        ("&Update ratings from the FIDE list…", lambda: (c := _context(window)) and update_ratings(window, c)),
        ("Import a c&ustom rating list (CSV)…", lambda: import_custom_list(window, getattr(window, "context", None))),
        ("Chec&k ratings against the list…", lambda: (c := _context(window)) and check_now(window, c)),
        ("Update all rating &lists", lambda: update_all_lists(window, getattr(window, "context", None))),
        ("Ratin&g settings…", lambda: (c := _context(window)) and run_modal(RatingSettingsDialog(c, window))),
        ("Pla&yer ratings…", lambda: (c := _context(window)) and run_modal(PlayerRatingsDialog(c, window))),
        ("Import players from &CSV…", lambda: (c := _context(window)) and import_csv(window, c)),
        ("Export players to CS&V…", lambda: (c := _context(window)) and export_csv(window, c)),
        ("Prohibited &pairings…", lambda: (c := _context(window)) and run_modal(ProhibitedPairsDialog(c, window))),
    )
    for text, slot in entries:
        action = QAction(text, window)
        action.triggered.connect(lambda _checked=False, slot=slot: slot())
        menu.addAction(action)
    # Checklist Q139: the registered ratings are checked after every list import, unless switched off.
    importer.finished.connect(
        lambda report: (
            isinstance(report, ImportReport)
            and (c := getattr(window, "context", None)) is not None
            and check_now(window, c, automatic=True)
        )
    )
    return importer
