"""The rating lists in the window: a rating picked from the other lists, the consistency check, the settings.

* :class:`RatingChoiceDialog` - a player not in the tournament's main list: the ratings the
  other lists give, one to pick (checklist Q128-Q129);
* :class:`RatingCheckDialog` - the consistency check's answer: first what is out of date among
  the local lists (Q141), then one line per rating that differs, ticked; the arbiter unticks
  what should stay and applies the rest (Q142-Q144);
* :class:`RatingSettingsDialog` - the tournament-rating method (Q145), the kind of event and
  its list sequence (Q123-Q126), the automatic check switch (Q138);
* :func:`update_all_lists` - every list from its configured file or address (Q136), then the
  automatic check (Q139).
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QInputDialog,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QMessageBox,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from arbiter_app.errors import ArbiterError
from arbiter_app.gui.context import TournamentContext
from arbiter_app.gui.messages import show_error
from arbiter_app.gui.modal import run_modal
from arbiter_app.gui.player_dialog import error_label, finish_form, show_inline
from arbiter_app.gui.warning_dialogs import confirmed_call
from arbiter_app.ratings.methods import DEFAULT_SEQUENCES, METHODS, RATING_TYPES
from arbiter_app.services import rating_lists as rl
from arbiter_app.services.rating_lists import ConsistencyReport, RatingDifference

CUSTOM_FILTER = "Rating lists in CSV (*.csv *.txt);;All files (*)"
SHOWN_SKIPPED = 15
METHOD_TEXTS = {
    "FIDE": "FIDE rating",
    "NRO": "national rating",
    "FIDON": "FIDE rating, else national",
    "NIDOF": "national rating, else FIDE",
    "HBFN": "highest of FIDE, national, manual",
    "OTHER": "manual rating",
}


def _difference_text(d: RatingDifference) -> str:
    kind = "national" if d.national else "FIDE"
    return f"#{d.number} {d.name} ({d.fide_id}): {kind} {d.registered} ({d.registered_source}) → {d.listed}"


class RatingCheckDialog(QDialog):
    """The consistency check's answer; ``applied`` holds what was applied once the dialog is accepted."""

    def __init__(self, context: TournamentContext, report: ConsistencyReport, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._context, self.report = context, report
        self.applied: tuple[RatingDifference, ...] = ()
        self.setWindowTitle("Rating check" + (" (automatic)" if report.automatic else ""))
        layout = QVBoxLayout(self)
        head = f"The ratings against the {rl.list_title(report.list_name)} list of {report.month}"
        layout.addWidget(QLabel(head + ("." if report.current else ":")))
        self.stale = QLabel("\n".join(report.stale))
        self.stale.setWordWrap(True)
        self.stale.setStyleSheet("color: #b00020;")
        self.stale.setVisible(bool(report.stale))
        layout.addWidget(self.stale)
        self.list = QListWidget()
        for d in report.differences:
            item = QListWidgetItem(_difference_text(d))
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(Qt.CheckState.Checked)
            item.setData(Qt.ItemDataRole.UserRole, d.number)
            self.list.addItem(item)
        layout.addWidget(QLabel(f"{len(report.differences)} rating(s) differ from the list; untick those to keep:"))
        layout.addWidget(self.list)
        if report.not_in_list:
            missing = QLabel("Not in the list: " + ", ".join(report.not_in_list))
            missing.setWordWrap(True)
            layout.addWidget(missing)
        self.errors = error_label()
        layout.addWidget(self.errors)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Apply | QDialogButtonBox.StandardButton.Close)
        self.apply_button = buttons.button(QDialogButtonBox.StandardButton.Apply)
        self.apply_button.setText("Apply the ticked")
        self.apply_button.setEnabled(bool(report.differences))
        self.apply_button.clicked.connect(self._apply)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self.setMinimumWidth(560)

    def ticked(self) -> list[int]:
        items = (self.list.item(k) for k in range(self.list.count()))
        return [int(i.data(Qt.ItemDataRole.UserRole)) for i in items if i.checkState() == Qt.CheckState.Checked]

    def _apply(self) -> None:
        try:
            self.applied = self._context.call(rl.apply_rating_updates, self.report, self.ticked())
        except Exception as error:  # noqa: BLE001 - refusals shown inline, bugs raised again
            show_inline(self.errors, error)
            return
        self.accept()


def check_now(parent: QWidget, context: TournamentContext, *, automatic: bool = False) -> bool:
    """Run the check (on request, or the automatic one unless switched off) and show it; True if ratings changed."""
    try:
        if automatic:
            report = rl.automatic_check(context.db, context.tournament_id)
            if report is None or not report.differences:
                return False
        else:
            report = rl.check_ratings(context.db, context.tournament_id)
    except Exception as error:  # noqa: BLE001
        show_error(parent, error)
        return False
    dialog = RatingCheckDialog(context, report, parent)
    return run_modal(dialog) == QDialog.DialogCode.Accepted and bool(dialog.applied)


def update_all_lists(parent: QWidget, context: TournamentContext | None) -> None:
    """One click: every list from its file or address (set in :class:`RatingSettingsDialog`), then the check."""
    try:
        done = rl.update_all_lists()
    except Exception as error:  # noqa: BLE001
        show_error(parent, error)
        return
    if not done:
        QMessageBox.information(
            parent, "Update all lists", "No list has a file or address yet: set them in Rating settings."
        )
        return
    lines = [
        f"{u.name}: " + (f"{u.report.date or 'month unknown'}, {sum(u.report.players.values()) // len(u.report.players):,}"
                         " players" if u.report is not None else f"not updated ({u.error})")
        for u in done
    ]  # fmt: skip
    QMessageBox.information(parent, "Update all lists", "\n".join(lines))
    if context is not None:
        check_now(parent, context, automatic=True)


def import_custom_list(
    parent: QWidget, context: TournamentContext | None, path: Path | None = None, name: str | None = None
) -> bool:
    """A national (custom) list from CSV (columns id, name, rating; optional federation, title, sex, birth_year),
    then the automatic check; True if imported."""
    if path is None:
        chosen, _ = QFileDialog.getOpenFileName(parent, "Import a custom rating list", "", CUSTOM_FILTER)
        if not chosen:
            return False
        path = Path(chosen)
    if name is None:
        name, ok = QInputDialog.getText(parent, "Custom rating list", "The list's name (such as NOR):")
        if not ok:
            return False
    try:
        report = rl.import_custom_list(path, name)
    except Exception as error:  # noqa: BLE001
        show_error(parent, error)
        return False
    text = f"{report.source} ({report.date or 'month unknown'}): {sum(report.players.values()):,} players."
    if report.skipped_count:
        text += "\n\nSkipped:\n" + "\n".join(str(b) for b in report.skipped[:SHOWN_SKIPPED])
    QMessageBox.information(parent, f"Custom list custom:{name.strip()} imported", text)
    if context is not None:
        check_now(parent, context, automatic=True)
    return True


class RatingSettingsDialog(QDialog):
    """The tournament's rating settings and where each list is updated from."""

    def __init__(self, context: TournamentContext, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._context = context
        self.setWindowTitle("Rating settings")
        settings = rl.rating_settings(context.db, context.tournament_id)
        self.method = QComboBox()
        for code in METHODS:
            self.method.addItem(f"{code}: {METHOD_TEXTS[code]}", code)
        self.method.setCurrentIndex(METHODS.index(settings.method))
        self.rating_type = QComboBox()
        for kind in RATING_TYPES:
            self.rating_type.addItem(kind, kind)
        self.rating_type.setCurrentIndex(RATING_TYPES.index(settings.rating_type))
        self.sequence = QLineEdit("" if settings.default_sequence else ", ".join(settings.sequence))
        self.sequence.setPlaceholderText(", ".join(DEFAULT_SEQUENCES[settings.rating_type]) + " (the default)")
        self.check_on = QCheckBox("Check the ratings after every list update")
        self.check_on.setChecked(settings.check_on)
        self.sources: dict[str, QLineEdit] = {}
        form = QFormLayout()
        form.addRow("Tournament &rating:", self.method)
        form.addRow("&Event rated as:", self.rating_type)
        form.addRow("&Lists searched:", self.sequence)
        form.addRow(self.check_on)
        known = rl.list_sources()
        for name in ("standard", "rapid", "blitz", *sorted(n for n in known if n.startswith("custom:"))):
            field = QLineEdit(known.get(name, ""))
            field.setPlaceholderText("file or https:// address")
            self.sources[name] = field
            form.addRow(f"Update {name} from:", field)
        self.errors = finish_form(self, form, self._on_accepted, width=520)

    def _on_accepted(self) -> None:
        try:
            self._context.call(rl.set_rating_type, self.rating_type.currentData())
            self._context.call(rl.set_list_sequence, self.sequence.text().split(","))
            self._context.call(rl.set_rating_check, self.check_on.isChecked())
            method = self.method.currentData()
            done = confirmed_call(self, lambda level: self._context.call(rl.set_rating_method, method, confirmed=level))
            if done is None:
                return
            for name, field in self.sources.items():
                rl.set_list_source(name, field.text())
        except Exception as error:  # noqa: BLE001 - refusals shown inline, bugs raised again
            show_inline(self.errors, error)
            return
        self.accept()


class PlayerRatingsDialog(QDialog):
    """Every player's ratings kept apart (checklist Q116, Q134): the tournament rating, the FIDE rating and its
    source, the national and manual ratings (typed in here; the tournament rating follows the method)."""

    HEADERS = ("#", "Name", "Tournament", "FIDE (source)", "National", "National source", "Manual")
    NATIONAL, MANUAL = 4, 6

    def __init__(self, context: TournamentContext, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._context = context
        self.setWindowTitle("Player ratings")
        self.rows = rl.player_ratings(context.db, context.tournament_id)
        self.table = QTableWidget(len(self.rows), len(self.HEADERS))
        self.table.setHorizontalHeaderLabels(list(self.HEADERS))
        self.table.verticalHeader().setVisible(False)
        for k, r in enumerate(self.rows):
            cells = (str(r.number), r.name, str(r.tournament_rating), f"{r.fide_rating} ({r.fide_source})",
                     str(r.national_rating), r.national_source, str(r.manual_rating))  # fmt: skip
            for column, text in enumerate(cells):
                item = QTableWidgetItem(text)
                if column not in (self.NATIONAL, self.MANUAL):
                    item.setFlags(item.flags() & ~Qt.ItemFlag.ItemIsEditable)
                self.table.setItem(k, column, item)
        self.table.resizeColumnsToContents()
        form = QFormLayout()
        form.addRow(QLabel(f"Tournament rating by {rl.rating_settings(context.db, context.tournament_id).method}; "
                           "national and manual ratings may be typed in (0: none)."))  # fmt: skip
        form.addRow(self.table)
        self.errors = finish_form(self, form, self._on_accepted, width=760)

    def _value(self, row: int, column: int) -> int:
        item = self.table.item(row, column)
        text = (item.text() if item is not None else "").strip() or "0"
        if not text.isdigit():
            raise ArbiterError(f"#{self.rows[row].number}: rating {text!r} is not a whole number")
        return int(text)

    def _on_accepted(self) -> None:
        try:
            for k, r in enumerate(self.rows):
                national, manual = self._value(k, self.NATIONAL), self._value(k, self.MANUAL)
                if national != r.national_rating or manual != r.manual_rating:
                    self._context.call(
                        rl.set_player_ratings, r.number,
                        national=national if national != r.national_rating else None,
                        manual=manual if manual != r.manual_rating else None,
                    )  # fmt: skip
        except Exception as error:  # noqa: BLE001 - refusals shown inline, bugs raised again
            show_inline(self.errors, error)
            return
        self.accept()


__all__ = [
    "PlayerRatingsDialog", "RatingCheckDialog", "RatingSettingsDialog", "check_now", "import_custom_list",
    "update_all_lists",
]  # fmt: skip
