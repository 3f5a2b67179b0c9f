"""A report on screen, then printed or saved: standings, crosstable, wall chart, pairing cards, pairing list,
results so far.

The report is the same HTML document the command line writes
(:func:`arbiter_app.reports.report_html`); the preview shows it, the
printer gets it laid out page by page as the PDF is (running header, page
numbers, a table too wide for the paper scaled down, never cut).
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtGui import QPageLayout, QPageSize
from PySide6.QtPrintSupport import QPrintDialog, QPrinter
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from arbiter_app import services as sv
from arbiter_app.gui.context import TournamentContext
from arbiter_app.gui.messages import show_error
from arbiter_app.gui.modal import run_modal
from arbiter_app.reports import report_html, write_report
from arbiter_app.reports.pdf import preferred_orientation, print_html, qt_rich_text

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
        self.resize(980, 680)
        self.round_box = QComboBox()
        for text, number in report_rounds(context, kind):
            self.round_box.addItem(text, number)
        self.round_box.currentIndexChanged.connect(self._show)
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
        top.addStretch(1)
        bottom = QHBoxLayout()
        for button in (self.print_button, self.pdf_button, self.html_button):
            bottom.addWidget(button)
        bottom.addStretch(1)
        bottom.addWidget(close)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(self.preview, 1)
        layout.addLayout(bottom)
        self.html = ""
        self._show()

    @property
    def round_number(self) -> int | None:
        number = self.round_box.currentData()
        return int(number) if number is not None else None

    def _show(self) -> None:
        self.html = ""
        if self.round_number is None:
            what = "no round is paired yet" if self.kind == "pairings" else "no round has every result in yet"
            self.preview.setPlainText(f"Nothing to show: {what}.")
        else:
            try:
                self.html = self.context.read(report_html, self.kind, self.round_number)
            except Exception as error:  # noqa: BLE001 - shown in the preview, nothing is lost
                self.preview.setPlainText(str(error))
            else:
                self.preview.setHtml(qt_rich_text(self.html))
        for button in (self.print_button, self.pdf_button, self.html_button):
            button.setEnabled(bool(self.html))

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

    def save_as(self, suffix: str) -> Path | None:
        if not self.html:
            return None
        base = self.context.path.parent if self.context.path else Path.cwd()
        number = self.round_number
        suggested = base / f"{self.kind}-round{number}{suffix}"
        kinds = "PDF documents (*.pdf)" if suffix == ".pdf" else "HTML documents (*.html)"
        name, _ = QFileDialog.getSaveFileName(self, f"Save the {TITLES[self.kind].lower()}", str(suggested), kinds)
        if not name:
            return None
        path = Path(name) if Path(name).suffix.lower() == suffix else Path(name + suffix)
        try:
            return self.context.read(write_report, self.kind, path, number)
        except Exception as error:  # noqa: BLE001
            show_error(self, error)
            return None
