"""A report on screen, then printed or saved: standings, crosstable, wall chart, pairing cards, pairing list,
results so far.

The report is the same HTML document the command line writes
(:func:`arbiter_app.reports.report_html`); the preview shows it, the
printer gets it laid out page by page as the PDF is (running header, page
numbers, a table too wide for the paper scaled down, never cut).

The document is made off the window's thread (in the child process:
:func:`arbiter_app.reports.report_preview`), and the preview shows it a part
at a time (20 lines of its tables: a report of 2,000 players laid out whole
would hold the window for seconds, issue 28); saving runs there too and says
where the file went.
"""

from __future__ import annotations

from functools import partial
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import QPageLayout, QPageSize
from PySide6.QtPrintSupport import QPrintDialog, QPrinter
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QProgressBar,
    QPushButton,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)
from shiboken6 import isValid

from arbiter_app import services as sv
from arbiter_app.gui.context import TournamentContext
from arbiter_app.gui.files import data_folder
from arbiter_app.gui.messages import error_text, may_write, show_error
from arbiter_app.gui.modal import run_modal
from arbiter_app.gui.view_base import fit_to_screen
from arbiter_app.reports import ReportPreview, report_preview, write_report
from arbiter_app.reports.pdf import preferred_orientation, print_html

TITLES = {
    "standings": "Standings",
    "crosstable": "Crosstable",
    "wallchart": "Wall chart",
    "cards": "Pairing cards",
    "pairings": "Pairing list",
    "results": "Results so far",
    "rounds": "All rounds",
}
"""The report kinds, as the Reports menu names them."""


def report_rounds(context: TournamentContext, kind: str) -> list[tuple[str, int]]:
    """The rounds a report can show, latest first: paired rounds for a pairing list, complete ones otherwise."""
    rounds = context.read(sv.list_rounds)
    if kind == "rounds":
        # The table of all rounds: one view (a round robin's rounds to come from its Berger table).
        return [("every round", 0)]
    if kind in ("pairings", "results"):
        complete = sv.last_complete(rounds)
        return [
            (f"round {r.number}" + (" (draft)" if r.state == "draft" else ""), r.number)
            for r in reversed(rounds)
            if r.number <= complete + 1
        ]
    return [(f"after round {k}", k) for k in range(sv.last_complete(rounds), 0, -1)]


class ReportDialog(QDialog):
    """One report kind: choose the round, look at it, print it or save it as PDF or HTML."""

    def __init__(self, context: TournamentContext, kind: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.context, self.kind = context, kind
        self.setWindowTitle(f"{TITLES[kind]} – {context.tournament.name}")
        self.round_box = QComboBox()
        for text, number in report_rounds(context, kind):
            self.round_box.addItem(text, number)
        self.round_box.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        self.round_box.setMinimumContentsLength(16)
        self.round_box.currentIndexChanged.connect(self._show)
        self.part_box = QComboBox()
        self.part_box.setObjectName("reportPart")
        self.part_box.setToolTip("The preview shows a long report a part at a time; printing and saving take it whole")
        self.part_box.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        self.part_box.setMinimumContentsLength(14)
        self.part_box.currentIndexChanged.connect(self._on_part_changed)
        self.busy = QProgressBar()
        self.busy.setRange(0, 0)
        self.busy.setMaximumWidth(120)
        self.busy.setTextVisible(False)
        self.status = QLabel()
        self.status.setObjectName("reportStatus")
        self.status.setWordWrap(True)
        self.status.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.preview = QTextBrowser()
        self.preview.setObjectName("reportPreview")
        self.print_button = QPushButton("&Print…")
        self.print_button.clicked.connect(self.print_report)
        self.pdf_button = QPushButton("Save as P&DF…")
        self.pdf_button.clicked.connect(lambda: self.save_as(".pdf"))
        self.html_button = QPushButton("Save as &HTML…")
        self.html_button.clicked.connect(lambda: self.save_as(".html"))
        close = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        close.rejected.connect(self.reject)
        top = QHBoxLayout()
        top.addWidget(QLabel(TITLES[kind]))
        top.addWidget(self.round_box)
        top.addWidget(self.part_box)
        top.addWidget(self.busy)
        top.addStretch(1)
        bottom = QHBoxLayout()
        for button in (self.print_button, self.pdf_button, self.html_button):
            bottom.addWidget(button)
        bottom.addStretch(1)
        bottom.addWidget(close)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(self.preview, 1)
        layout.addWidget(self.status)
        layout.addLayout(bottom)
        self.html = ""
        self.parts: tuple[str, ...] = ()
        self.saved: Path | None = None
        """The last file saved (the status line says where)."""
        self._asked = 0
        self._loading = False
        fit_to_screen(self, 980, 680)
        self._show()

    @property
    def round_number(self) -> int | None:
        number = self.round_box.currentData()
        return int(number) if number is not None else None

    @property
    def is_loading(self) -> bool:
        """The report (or a file being saved) is being made off the window's thread."""
        return self._loading

    def _set_loading(self, text: str) -> None:
        self._loading = bool(text)
        self.busy.setVisible(self._loading)
        if text:
            self.status.setText(text)
        self._update_buttons()

    def _update_buttons(self) -> None:
        ready = bool(self.html) and not self._loading
        for button in (self.print_button, self.pdf_button, self.html_button):
            button.setEnabled(ready)

    def _show(self) -> None:
        """The report of the round chosen, made off the window's thread; the preview shows its first part."""
        self.html, self.parts = "", ()
        self._asked += 1
        asked = self._asked
        self.part_box.clear()
        self.part_box.hide()
        if self.round_number is None:
            what = "no round is paired yet" if self.kind == "pairings" else "no round has every result in yet"
            self.preview.setPlainText(f"Nothing to show: {what}.")
            self._set_loading("")
            return
        self.preview.clear()

        def done(preview: ReportPreview) -> None:
            if isValid(self) and asked == self._asked:  # the dialog may be closed (and deleted) meanwhile
                self._show_preview(preview)

        def failed(error: BaseException) -> None:
            if isValid(self) and asked == self._asked:
                self.preview.setPlainText(error_text(error))  # shown in the preview, nothing is lost
                self._set_loading("")
                self.status.setText("")

        self._set_loading(f"Preparing the {TITLES[self.kind].lower()}…")
        self.context.compute(report_preview, self.kind, self.round_number, on_done=done, on_error=failed)

    def _show_preview(self, preview: ReportPreview) -> None:
        self.html, self.parts = preview.html, preview.parts
        self._set_loading("")
        self.status.setText("")
        with_parts = len(self.parts) > 1
        self.part_box.blockSignals(True)
        for k in range(len(self.parts)):
            self.part_box.addItem(f"part {k + 1} of {len(self.parts)}", k)
        self.part_box.blockSignals(False)
        self.part_box.setVisible(with_parts)
        if with_parts:
            self.status.setText(f"The preview shows the report in {len(self.parts)} parts; printing and saving take "
                                "it whole.")  # fmt: skip
        self._on_part_changed(0)

    def _on_part_changed(self, index: int) -> None:
        if 0 <= index < len(self.parts):
            self.preview.setHtml(self.parts[index])

    def new_printer(self) -> QPrinter:
        """A printer set to A4, portrait or landscape as the report's width asks (as its PDF is laid out);
        the print dialog may change it."""
        printer = QPrinter(QPrinter.PrinterMode.HighResolution)
        printer.setPageSize(QPageSize(QPageSize.PageSizeId.A4))
        landscape = QPageLayout.Orientation.Landscape
        printer.setPageOrientation(preferred_orientation(self.html) if self.html else landscape)
        printer.setDocName(self.windowTitle())
        return printer

    def print_to(self, printer: QPrinter) -> int:
        """Print the report on ``printer``; returns the number of pages."""
        return print_html(self.html, printer)

    def print_report(self) -> None:
        if not self.html:
            return
        printer = self.new_printer()
        dialog = QPrintDialog(printer, self)
        dialog.setWindowTitle(f"Print the {TITLES[self.kind].lower()}")
        if run_modal(dialog) != QDialog.DialogCode.Accepted:
            return
        try:
            pages = self.print_to(printer)
        except Exception as error:  # noqa: BLE001
            show_error(self, error)
            return
        self.setWindowTitle(f"{TITLES[self.kind]} – {self.context.tournament.name} (printed, {pages} page(s))")

    def suggested_path(self, suffix: str) -> Path:
        """Beside the tournament file, else in the data folder (never the program's working folder)."""
        base = self.context.path.parent if self.context.path else data_folder()
        return base / f"{self.kind}-round{self.round_number}{suffix}"

    def save_as(self, suffix: str) -> None:
        """Ask for a file name, then write the report there off the window's thread; the status line says where
        it went (or why not)."""
        if not self.html:
            return
        kinds = "PDF documents (*.pdf)" if suffix == ".pdf" else "HTML documents (*.html)"
        name, _ = QFileDialog.getSaveFileName(
            self,
            f"Save the {TITLES[self.kind].lower()}",
            str(self.suggested_path(suffix)),
            kinds,
            options=QFileDialog.Option.DontConfirmOverwrite,  # asked below (may_write), with the tournament files
        )
        if not name:
            return
        path = Path(name) if Path(name).suffix.lower() == suffix else Path(name + suffix)
        replace = may_write(self, path)
        if replace is not None:
            self.save_to(path, replace=replace)

    def save_to(self, path: Path, *, replace: bool = False) -> None:
        """Write the report to ``path`` (PDF or HTML by its suffix) off the window's thread; an existing file only
        with ``replace``, never a tournament file."""
        what = "PDF" if path.suffix.lower() == ".pdf" else "HTML"

        def done(written: Path) -> None:
            if not isValid(self):
                return
            self.saved = written
            self._set_loading("")
            self.status.setText(f"Saved as {what}: {written}")

        def failed(error: BaseException) -> None:
            if not isValid(self):
                return
            self._set_loading("")
            self.status.setText(f"<span style='color:#b00020'>Not saved: {error_text(error)}</span>")

        self._set_loading(f"Saving {path.name}…")
        write = partial(write_report, replace=replace)
        self.context.compute(write, self.kind, path, self.round_number, on_done=done, on_error=failed)
