"""Players › Import from CSV: which column fills which field, the first rows, each bad row, then register."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QPlainTextEdit,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from arbiter_app import services as sv
from arbiter_app.gui.context import TournamentContext
from arbiter_app.gui.player_dialog import error_label, show_inline
from arbiter_app.services.player_csv import CsvImport, CsvPreview

FIELDS = (
    ("name", "Name"),
    ("rating", "Rating"),
    ("title", "Title"),
    ("federation", "Federation"),
    ("fide_id", "FIDE ID"),
    ("birth_date", "Born"),
    ("sex", "Sex"),
)


class CsvImportDialog(QDialog):
    """The preview of a sign-up sheet; Import registers its good rows (or, refusing, none if one is bad)."""

    def __init__(self, context: TournamentContext, path: Path, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._context, self.path = context, path
        self.result_import: CsvImport | None = None
        self.setWindowTitle(f"Import players from {path.name}")
        self.preview: CsvPreview = self._preview()
        self.columns: dict[str, QComboBox] = {}
        form = QFormLayout()
        for field, label in FIELDS:
            combo = QComboBox()
            combo.addItem("(none)", None)
            for header in self.preview.headers:
                combo.addItem(header or "(no header)", header)
            combo.setCurrentIndex(max(0, combo.findData(self.preview.mapping.get(field))))
            combo.currentIndexChanged.connect(self.refresh)
            self.columns[field] = combo
            form.addRow(f"{label}:", combo)
        self.table = QTableWidget(0, len(FIELDS) + 1)
        self.table.setHorizontalHeaderLabels(["Line", *(label for _, label in FIELDS)])
        self.table.verticalHeader().hide()
        self.summary = QLabel()
        self.bad = QPlainTextEdit()
        self.bad.setReadOnly(True)
        self.bad.setMaximumHeight(110)
        self.refuse = QCheckBox("&Refuse the whole sheet if a row is bad (else skip the bad rows)")
        self.errors = error_label()
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        self.import_button = buttons.button(QDialogButtonBox.StandardButton.Ok)
        self.import_button.setText("Import")
        buttons.accepted.connect(self._on_accepted)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(QLabel("First rows:"))
        layout.addWidget(self.table)
        layout.addWidget(self.summary)
        layout.addWidget(self.bad)
        layout.addWidget(self.refuse)
        layout.addWidget(self.errors)
        layout.addWidget(buttons)
        self.setMinimumWidth(640)
        self._show(self.preview)

    def _preview(self, mapping: dict[str, int | str] | None = None) -> CsvPreview:
        """What the import would register: run against the tournament and undone (issue 29 D9)."""
        ctx = self._context
        return sv.preview_csv(self.path, mapping, db=ctx.db, tournament_id=ctx.tournament_id)

    def mapping(self) -> dict[str, int | str]:
        out: dict[str, int | str] = {}
        for field, combo in self.columns.items():
            if combo.currentData() is not None:
                out[field] = self.preview.headers.index(str(combo.currentData()))
        return out

    def refresh(self) -> None:
        self.errors.hide()
        try:
            preview = self._preview(self.mapping())
        except Exception as error:  # noqa: BLE001 - refusals shown inline
            show_inline(self.errors, error)
            self.import_button.setEnabled(False)
            return
        self._show(preview)

    def _show(self, preview: CsvPreview) -> None:
        self.table.setRowCount(len(preview.first_rows))
        for r, (line, fields) in enumerate(preview.first_rows):
            values: list[Any] = [line, *(fields.get(f, "") for f, _ in FIELDS)]
            for c, value in enumerate(values):
                self.table.setItem(r, c, QTableWidgetItem("" if value in (None, 0) and c == 2 else str(value)))
        self.table.resizeColumnsToContents()
        good = preview.rows - len(preview.bad_rows)
        self.summary.setText(f"{good} of {preview.rows} rows can be registered; {len(preview.bad_rows)} cannot:")
        self.bad.setPlainText("\n".join(str(b) for b in preview.bad_rows))
        self.bad.setVisible(bool(preview.bad_rows))
        self.import_button.setEnabled(good > 0 and not preview.problem)
        self.errors.setText(preview.problem)
        self.errors.setVisible(bool(preview.problem))

    def _on_accepted(self) -> None:
        bad_rows = "refuse" if self.refuse.isChecked() else "skip"
        try:
            self.result_import = self._context.call(sv.import_players_csv, self.path, self.mapping(), bad_rows=bad_rows)
        except Exception as error:  # noqa: BLE001 - refusals shown inline, bugs raised again
            show_inline(self.errors, error)
            return
        self.accept()
