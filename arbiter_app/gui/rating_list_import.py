"""File › Import FIDE rating list…: choose the file, say which list and month, import off the GUI thread.

The import reads a million and a half lines for about half a minute; it runs
on a worker thread of its own (a :class:`~arbiter_app.gui.workers.Runner`,
not the tournament's, so pairing is never queued behind it) while a
:class:`QProgressDialog` follows the bytes read.  Cancel stops it, and the
list held before stays as it was.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QFileDialog,
    QFormLayout,
    QLabel,
    QLineEdit,
    QMessageBox,
    QProgressDialog,
    QWidget,
)

from arbiter_app import services as sv
from arbiter_app.gui.messages import show_error
from arbiter_app.gui.modal import run_modal
from arbiter_app.gui.player_dialog import finish_form
from arbiter_app.gui.workers import Runner
from arbiter_app.services.ratings import ImportReport, ListFileInfo, Progress

LIST_FILTER = "FIDE rating lists (*.txt *.xml);;All files (*)"
KINDS = ("standard", "rapid", "blitz")
SHOWN_BAD_LINES = 15


class ImportCancelled(Exception):
    """The arbiter pressed Cancel: the import stops, nothing changes."""


class ListImportDialog(QDialog):
    """The file chosen: which list it is (when its name does not say), its month, what a bad line does."""

    def __init__(self, path: Path, info: ListFileInfo, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Import a FIDE rating list")
        self.path = path
        self.kind = QComboBox()
        for kind in KINDS:
            self.kind.addItem(kind, kind)
        form = QFormLayout()
        form.addRow("File:", QLabel(path.name))
        if info.needs_kind:
            form.addRow("&List:", self.kind)
        else:
            what = "standard, rapid and blitz" if len(info.kinds) > 1 else info.kinds[0]
            form.addRow("Lists:", QLabel(what))
            self.kind.setCurrentIndex(KINDS.index(info.kinds[0]) if len(info.kinds) == 1 else 0)
        self.needs_kind = info.needs_kind
        self.date = QLineEdit(info.date)
        self.date.setPlaceholderText("YYYY-MM")
        form.addRow("List of (&month):", self.date)
        self.refuse = QCheckBox("&Refuse the whole list if a line cannot be read (else skip that line)")
        self.errors = finish_form(self, form, self.accept, ok_text="Import", notes=[self.refuse], width=460)

    def kind_given(self) -> str:
        return str(self.kind.currentData()) if self.needs_kind else ""


class _Progress(QObject):
    """Carries the worker's progress to the GUI thread (a queued signal)."""

    moved = Signal(int, int)


class RatingListImporter(QObject):
    """Runs imports; ``finished`` carries the :class:`ImportReport` (or the error)."""

    finished = Signal(object)

    def __init__(self, parent: QWidget, runner: Runner | None = None) -> None:
        super().__init__(parent)
        self._parent = parent
        self.runner = runner or Runner(self)
        self._progress = _Progress(self)
        self._progress.moved.connect(self._on_moved)
        self.dialog: QProgressDialog | None = None
        self._cancelled = False

    def choose(self) -> None:
        name, _ = QFileDialog.getOpenFileName(self._parent, "Import a FIDE rating list", "", LIST_FILTER)
        if name:
            self.ask_and_import(Path(name))

    def ask_and_import(self, path: Path) -> bool:
        """Show :class:`ListImportDialog` for ``path``, then import; False if refused or cancelled."""
        try:
            info = sv.inspect_rating_list(path)
        except Exception as error:  # noqa: BLE001 - shown, not raised
            show_error(self._parent, error)
            return False
        dialog = ListImportDialog(path, info, self._parent)
        if run_modal(dialog) != QDialog.DialogCode.Accepted:
            return False
        self.start(path, dialog.kind_given(), dialog.date.text().strip(), refuse=dialog.refuse.isChecked())
        return True

    def start(self, path: Path, kind: str = "", date: str = "", refuse: bool = False) -> None:
        """Import ``path`` on the worker, with a progress dialog."""
        self._cancelled = False
        self.dialog = QProgressDialog(f"Importing {path.name}…", "Cancel", 0, 1000, self._parent)
        self.dialog.setWindowTitle("FIDE rating list")
        self.dialog.setWindowModality(Qt.WindowModality.WindowModal)
        self.dialog.setMinimumDuration(0)
        self.dialog.canceled.connect(self._cancel)
        self.dialog.setValue(0)
        self.dialog.show()
        moved = self._progress.moved

        def on_progress(done: int, total: int) -> None:
            if self._cancelled:
                raise ImportCancelled
            moved.emit(done, total)

        self.runner.submit(
            _import, path, kind, date, on_progress, "refuse" if refuse else "skip",
            on_done=self._on_done, on_error=self._on_error,
        )  # fmt: skip

    def _cancel(self) -> None:
        self._cancelled = True

    def _on_moved(self, done: int, total: int) -> None:
        if self.dialog is not None and not self._cancelled:
            self.dialog.setValue(min(999, done * 1000 // max(total, 1)))

    def _close_dialog(self) -> None:
        if self.dialog is not None:
            self.dialog.canceled.disconnect(self._cancel)
            self.dialog.close()
            self.dialog.deleteLater()
            self.dialog = None

    def _on_done(self, report: object) -> None:
        self._close_dialog()
        assert isinstance(report, ImportReport)
        lists = ", ".join(f"{kind} {count:,}" for kind, count in report.players.items())
        text = f"{report.source} ({report.date or 'month unknown'}): {lists} players."
        if report.skipped_count:
            shown = "\n".join(str(b) for b in report.skipped[:SHOWN_BAD_LINES])
            more = report.skipped_count - min(len(report.skipped), SHOWN_BAD_LINES)
            text += f"\n\n{report.skipped_count} lines could not be read and were skipped:\n{shown}"
            text += f"\n… and {more} more" if more else ""
        QMessageBox.information(self._parent, "FIDE rating list imported", text)
        self.finished.emit(report)

    def _on_error(self, error: object) -> None:
        self._close_dialog()
        if isinstance(error, ImportCancelled):
            QMessageBox.information(self._parent, "FIDE rating list", "Import cancelled: the list held before is kept.")
        elif isinstance(error, BaseException):
            show_error(self._parent, error)
        self.finished.emit(error)


def _import(path: Path, kind: str, date: str, on_progress: Progress, bad_lines: str) -> ImportReport:
    return sv.import_rating_list(path, kind, date=date, on_progress=on_progress, bad_lines=bad_lines)


__all__ = ["ImportCancelled", "ListImportDialog", "RatingListImporter"]
