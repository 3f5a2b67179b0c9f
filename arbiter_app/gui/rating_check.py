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

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QMessageBox,
    QVBoxLayout,
    QWidget,
)

from arbiter_app.gui.context import TournamentContext
from arbiter_app.gui.messages import show_error
from arbiter_app.gui.modal import run_modal
from arbiter_app.gui.player_dialog import error_label, finish_form, show_inline
from arbiter_app.gui.rating_choice import RatingChoiceDialog
from arbiter_app.gui.warning_dialogs import confirmed_call
from arbiter_app.ratings.methods import DEFAULT_SEQUENCES, METHODS, RATING_TYPES
from arbiter_app.services import rating_lists as rl
from arbiter_app.services.rating_lists import ConsistencyReport, RatingDifference

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


__all__ = ["RatingCheckDialog", "RatingChoiceDialog", "RatingSettingsDialog", "check_now", "update_all_lists"]
