"""A new tournament (its settings and the file it lives in), and the settings of an open one."""

from __future__ import annotations

import re
from datetime import date
from pathlib import Path
from typing import Any

from PySide6.QtCore import QDate, Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDateEdit,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QWidget,
)

from arbiter_app import services as sv
from arbiter_app.errors import ArbiterError
from arbiter_app.gui.context import TournamentContext
from arbiter_app.gui.files import data_folder
from arbiter_app.gui.player_dialog import finish_form
from arbiter_app.gui.warning_dialogs import confirmed_call, dialog_for
from arbiter_app.pairing.model import Colour
from arbiter_app.services.files import default_database_path

FILE_FILTER = "Tournament files (*.db *.sqlite);;All files (*)"


def suggested_path(name: str) -> Path:
    """The data folder's default file while it is unused, else one named after the tournament."""
    folder = data_folder()  # made if missing: a dialog offered a folder that is not there opens the working one
    default = default_database_path()
    if not default.exists():
        return default
    slug = re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-") or "tournament"
    path = folder / f"{slug}.db"
    k = 2
    while path.exists():
        path = folder / f"{slug}-{k}.db"
        k += 1
    return path


def federation_edit() -> QLineEdit:
    edit = QLineEdit()
    edit.setMaxLength(3)
    edit.setPlaceholderText("e.g. NOR")
    edit.setToolTip("The organising federation, a FIDE code (TRF line 032)")
    edit.textEdited.connect(lambda text: edit.setText(text.upper()))
    return edit


def time_control_edit() -> QLineEdit:
    edit = QLineEdit()
    edit.setPlaceholderText("e.g. 90 min/40 moves + 30 min + 30 s/move")
    edit.setToolTip("As announced (TRF line 122)")
    return edit


def time_control_code_edit() -> QLineEdit:
    edit = QLineEdit()
    edit.setPlaceholderText("e.g. 5400+30 (90 min, 30 s a move) or 40/6000+30:900+30")
    form = (
        "The time control encoded as TRF-2026 line 222 says: seconds, '+' the increment a move, a number of moves "
        "before '/', periods separated by ':' (W300-B240: different times for White and Black). FIDE's rating "
        "report asks for it."
    )
    edit.setToolTip(form)
    edit.textChanged.connect(
        lambda text: edit.setToolTip(f"{sv.describe_time_control(text)}\n\n{form}" if _valid_code(text) else form)
    )
    return edit


def _valid_code(text: str) -> bool:
    """Whether ``text`` is an encoded time control the services take (empty: none)."""
    try:
        return bool(sv.check_time_control_code(text))
    except ArbiterError:
        return False


def round_dates_edit() -> QLineEdit:
    edit = QLineEdit()
    edit.setPlaceholderText("2026-07-01, 2026-07-02, … (leave a date out between commas if not known)")
    edit.setToolTip("The date of each round, in order (TRF line 132)")
    return edit


def add_report_rows(
    form: QFormLayout,
    federation: QLineEdit,
    time_control: QLineEdit,
    time_control_code: QLineEdit,
    round_dates: QLineEdit,
) -> None:
    """The settings only FIDE's rating report asks for (TRF 032, 122, 222, 132)."""
    form.addRow("F&ederation:", federation)
    form.addRow("Ti&me control:", time_control)
    form.addRow("Time control, enc&oded:", time_control_code)
    form.addRow("Round &dates:", round_dates)


TIE_BREAK_RULE_LABELS = {
    "c07-2026": "FIDE C.07 (2026)",
    "c07-2024": "FIDE C.07 (2024)",
    "arbiters-manual": "Arbiters' Manual (before C.07)",
}


def tie_break_rules_combo(current: str) -> QComboBox:
    """The tie-break regulations, ``current`` selected."""
    combo = QComboBox()
    for key in sv.TIE_BREAK_RULES:
        combo.addItem(TIE_BREAK_RULE_LABELS.get(key, key), key)
    combo.setCurrentIndex(max(combo.findData(current), 0))
    return combo


def edition_combo(current: str) -> QComboBox:
    """The editions of the FIDE (Dutch) rules, ``current`` selected; the full title as each item's tooltip."""
    combo = QComboBox()
    for k, title in enumerate(sv.edition_titles()):
        combo.addItem(f"{title.short} ({title.name})", title.name)
        combo.setItemData(k, title.full, Qt.ItemDataRole.ToolTipRole)
    combo.setCurrentIndex(max(combo.findData(current), 0))
    combo.setToolTip("The rules in force since 1 February 2026 are the FIDE 2026 edition; Baku 2016 for old "
                     "tournaments, seminars and training")  # fmt: skip
    return combo


SYSTEM_CHOICES = (
    ("Swiss (FIDE Dutch system)", sv.SWISS, False, False),
    ("Round robin (Berger tables)", sv.ROUND_ROBIN, False, False),
    ("Double round robin (Berger tables)", sv.ROUND_ROBIN, True, False),
    ("Double round robin, last two rounds of cycle 1 reversed", sv.ROUND_ROBIN, True, True),
)
"""The pairing systems offered at creation: (label, system, double, reverse last two).  Frozen after round 1."""

ROUND_ROBIN_TIE_BREAKS = "DE, WIN, SB, KS"
"""A round robin's list to start with (C.07 6, 7.1, 9.1, 9.2; no Buchholz, C.07 8)."""


def system_combo() -> QComboBox:
    """The pairing system: a Swiss by the Dutch rules, or a round robin by the Berger tables (C.05 Annex 1)."""
    combo = QComboBox()
    for label, system, double, reverse in SYSTEM_CHOICES:
        combo.addItem(label, (system, double, reverse))
    combo.setToolTip(
        "Chosen now, frozen once round 1 is paired. A round robin's rounds follow from its players; "
        "its Berger numbers are drawn by lot (or set by hand) before round 1."
    )
    return combo


def round_dates_text(dates: tuple[date | None, ...]) -> str:
    return ", ".join(d.isoformat() if d else "" for d in dates)


class TournamentDialog(QDialog):
    """Collects the settings; the main window creates the file and calls ``create_tournament``."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("New tournament")
        self.name = QLineEdit()
        self.name.setPlaceholderText("e.g. Town Open 2026")
        self.place = QLineEdit()
        self.rounds = QSpinBox()
        self.rounds.setRange(1, 30)
        self.rounds.setValue(9)
        self.rounds.setToolTip("C.04.1.a: the number of rounds is declared beforehand")
        self.start = QDateEdit(QDate.currentDate())
        self.start.setCalendarPopup(True)
        self.start.setDisplayFormat("yyyy-MM-dd")
        self.chief = QLineEdit()
        self.federation = federation_edit()
        self.time_control = time_control_edit()
        self.time_control_code = time_control_code_edit()
        self.round_dates = round_dates_edit()
        self.colour = QComboBox()
        self.colour.addItem("White", Colour.WHITE)
        self.colour.addItem("Black", Colour.BLACK)
        self.colour.setToolTip("The colour of pairing number 1 in round 1 (drawn by lot)")
        self.edition = edition_combo(sv.edition_titles()[0].name)
        self.edition.setObjectName("tournamentEdition")
        self.tie_break_rules = tie_break_rules_combo("c07-2026")
        self.tie_breaks = QComboBox()
        self.tie_breaks.setEditable(True)
        self.tie_breaks.setCurrentText(", ".join(sv.recommended("c07-2026")))
        self.tie_breaks.setToolTip("Codes in order, e.g. BH/C1, BH, SB (C.07) or BHC1, BH, SB (Arbiters' Manual)")
        self.tie_break_rules.currentIndexChanged.connect(
            lambda _: self.tie_breaks.setCurrentText(", ".join(sv.recommended(self.tie_break_rules.currentData())))
        )
        self.accelerated = QCheckBox("Baku acceleration (C.04.5)")
        self.chess960 = QCheckBox("Chess960: a starting position drawn for each round")
        self.chess960.setToolTip("Drawn from a seed recorded with the tournament; shown on the pairing lists and cards")
        self.system = system_combo()
        self.system.setObjectName("tournamentSystem")
        self.system.currentIndexChanged.connect(self._on_system_changed)
        self.file = QLineEdit()
        browse = QPushButton("Choose…")
        browse.clicked.connect(self._on_browse_clicked)
        file_row = QHBoxLayout()
        file_row.addWidget(self.file, 1)
        file_row.addWidget(browse)
        self.name.textChanged.connect(self._on_name_changed)
        self._file_edited = False
        self.file.textEdited.connect(self._on_file_edited)
        form = QFormLayout()
        form.addRow("&Name:", self.name)
        form.addRow("&Place:", self.place)
        form.addRow("S&ystem:", self.system)
        form.addRow("&Rounds:", self.rounds)
        form.addRow("&Starts:", self.start)
        form.addRow("&Chief arbiter:", self.chief)
        add_report_rows(form, self.federation, self.time_control, self.time_control_code, self.round_dates)
        form.addRow("&Colour of no. 1 in round 1:", self.colour)
        form.addRow("Pairing ru&les:", self.edition)
        form.addRow("Tie-break r&ules:", self.tie_break_rules)
        form.addRow("&Tie-breaks:", self.tie_breaks)
        form.addRow("", self.accelerated)
        form.addRow("", self.chess960)
        file_label = QLabel("&File:")  # a label of its own: a row given as a layout has no buddy for "&"
        file_label.setBuddy(self.file)
        form.addRow(file_label, file_row)
        self.errors = finish_form(self, form, self._on_accepted, ok_text="Create", width=560)
        self._on_name_changed("")

    def path(self) -> Path:
        return Path(self.file.text().strip()).expanduser()

    def settings(self) -> dict[str, Any]:
        """Keyword arguments of ``create_tournament`` (besides name and rounds)."""
        start = self.start.date()
        return {
            "place": self.place.text().strip(),
            "start_date": start.toPython(),
            "chief_arbiter": self.chief.text().strip(),
            "initial_colour": self.colour.currentData(),
            "accelerated": self.accelerated.isChecked(),
            "tie_break_rules": self.tie_break_rules.currentData(),
            "tie_breaks": self.tie_breaks.currentText().strip(),
            "edition": self.edition.currentData(),
            "federation": self.federation.text().strip(),
            "time_control": self.time_control.text().strip(),
            "time_control_code": self.time_control_code.text().strip(),
            "round_dates": sv.parse_round_dates(self.round_dates.text()),
            "system": self.system.currentData()[0],
            "double_round_robin": self.system.currentData()[1],
            "reverse_last_two": self.system.currentData()[2],
            "chess960": self.chess960.isChecked(),
        }

    def _on_system_changed(self, _index: int) -> None:
        """A round robin: its rounds follow from the players, no acceleration, C.07's round-robin tie-breaks."""
        round_robin = self.system.currentData()[0] == sv.ROUND_ROBIN
        for widget in (self.rounds, self.accelerated, self.edition):
            widget.setEnabled(not round_robin)
        if round_robin:
            self.accelerated.setChecked(False)
            self.rounds.setToolTip(
                "A round robin's rounds follow from its players (set when the Berger numbers are drawn)"
            )
            self.tie_breaks.setCurrentText(ROUND_ROBIN_TIE_BREAKS)
        else:
            self.rounds.setToolTip("C.04.1.a: the number of rounds is declared beforehand")
            self.tie_breaks.setCurrentText(", ".join(sv.recommended(self.tie_break_rules.currentData())))

    def _on_name_changed(self, text: str) -> None:
        if not self._file_edited:
            self.file.setText(str(suggested_path(text)))

    def _on_file_edited(self) -> None:
        self._file_edited = True

    def _on_browse_clicked(self) -> None:
        name, _ = QFileDialog.getSaveFileName(self, "Tournament file", self.file.text(), FILE_FILTER)
        if name:
            self.file.setText(name)
            self._file_edited = True

    def _on_accepted(self) -> None:
        if not self.name.text().strip():
            self.errors.setText("A tournament needs a name.")
            self.errors.show()
            return
        try:
            sv.parse_round_dates(self.round_dates.text())
        except ArbiterError as error:
            self.errors.setText(f"Round dates: {error}.")
            self.errors.show()
            return
        path = self.path()
        if path.exists() and path.stat().st_size > 0:
            self.errors.setText(f"{path} already exists: choose another file (one tournament per file).")
            self.errors.show()
            return
        self.accept()


class SettingsDialog(QDialog):
    """The tournament's descriptive settings, changed through ``edit_tournament`` (one audited transaction).

    The number of rounds, the point system and the colour of no. 1 are shown,
    not changed: they were declared before round 1 (C.04.1.a).  The edition
    of the pairing rules may change (``change_edition``): once rounds are
    paired, only after the arbiter confirms it, in the audit log.
    """

    def __init__(self, context: TournamentContext, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.context = context
        t = context.read(sv.get_tournament)
        self.setWindowTitle(f"Settings – {t.name}")
        self.name = QLineEdit(t.name)
        self.place = QLineEdit(t.place)
        self.federation = federation_edit()
        self.federation.setText(t.federation)
        self.start = QLineEdit(t.start_date.isoformat() if t.start_date else "")
        self.end = QLineEdit(t.end_date.isoformat() if t.end_date else "")
        for edit in (self.start, self.end):
            edit.setPlaceholderText("2026-07-01")
        self.chief = QLineEdit(t.chief_arbiter)
        self.deputies = QLineEdit(t.deputy_arbiters)
        self.time_control = time_control_edit()
        self.time_control.setText(t.time_control)
        self.time_control_code = time_control_code_edit()
        self.time_control_code.setText(t.time_control_code)
        self.round_dates = round_dates_edit()
        self.round_dates.setText(round_dates_text(t.round_dates))
        self.tie_break_rules = tie_break_rules_combo(t.tie_break_rules)
        self.tie_breaks = QComboBox()
        self.tie_breaks.setEditable(True)
        self.tie_breaks.setCurrentText(", ".join(sv.codes_in_use(t.tie_break_rules, t.tie_breaks)))
        self.tie_breaks.setToolTip("Codes in order, e.g. BH/C1, BH, SB (C.07) or BHC1, BH, SB (Arbiters' Manual);"
                                   " they can change until the last round is published")  # fmt: skip
        self._edition = t.edition
        self.edition = edition_combo(t.edition)
        self.edition.setObjectName("settingsEdition")
        fixed = QLabel(f"{t.rounds_count} rounds · fixed before round 1 (C.04.1.a)")
        form = QFormLayout()
        form.addRow("&Name:", self.name)
        form.addRow("&Place:", self.place)
        form.addRow("&Starts:", self.start)
        form.addRow("E&nds:", self.end)
        form.addRow("&Chief arbiter:", self.chief)
        form.addRow("De&puty arbiters:", self.deputies)
        add_report_rows(form, self.federation, self.time_control, self.time_control_code, self.round_dates)
        self.system = QLabel(sv.system_of_info(t).title + " · chosen at creation, frozen once round 1 is paired")
        self.system.setObjectName("settingsSystem")
        form.addRow("System:", self.system)
        form.addRow("Pairing ru&les:", self.edition)
        form.addRow("Tie-break r&ules:", self.tie_break_rules)
        form.addRow("&Tie-breaks:", self.tie_breaks)
        self._add_rating_rows(form, context.read(sv.by_hand), t.rounds_count)
        form.addRow("", fixed)
        if t.chess960_seed is not None:
            form.addRow("Chess960:", QLabel(f"a starting position drawn for each round from seed {t.chess960_seed}"))
        self.errors = finish_form(self, form, self._on_accepted, ok=QDialogButtonBox.StandardButton.Save, width=600)

    def _add_rating_rows(self, form: QFormLayout, hand: Any, rounds: int) -> None:
        """C.07 Article 10: the rule for unrated players (checklist Q208-Q209), the flag of a tournament lasting
        more than 30 days and the rating used (Q210-Q216)."""
        self.unrated_method = QComboBox()
        self.unrated_method.setObjectName("settingsUnrated")
        for key, words in sv.UNRATED_METHODS.items():
            self.unrated_method.addItem(words[:1].upper() + words[1:], key)
        self.unrated_method.setCurrentIndex(self.unrated_method.findData(hand.unrated_method))
        self.unrated_rating = QSpinBox()
        self.unrated_rating.setObjectName("settingsUnratedRating")
        self.unrated_rating.setRange(0, 3500)
        self.unrated_rating.setValue(hand.unrated_rating)
        self.long_event = QCheckBox("Lasts more than 30 days (players may have several ratings)")
        self.long_event.setObjectName("settingsLongEvent")
        self.long_event.setChecked(hand.long_event)
        self.tiebreak_rating = QComboBox()
        self.tiebreak_rating.setObjectName("settingsTieBreakRating")
        for key, words in sv.RATING_USES.items():
            self.tiebreak_rating.addItem(words[:1].upper() + words[1:], key)
        for k in range(1, rounds + 1):
            self.tiebreak_rating.addItem(f"The rating of round {k}", str(k))
        self.tiebreak_rating.setCurrentIndex(max(0, self.tiebreak_rating.findData(hand.tiebreak_rating)))
        self._ratings = self.rating_rules()
        form.addRow("Unrated players:", self.unrated_method)
        form.addRow("Rating of unrated:", self.unrated_rating)
        form.addRow("", self.long_event)
        form.addRow("Rating used:", self.tiebreak_rating)

    def rating_rules(self) -> dict[str, Any]:
        """The rating rules as ``set_rating_rules`` takes them."""
        return {
            "unrated_method": self.unrated_method.currentData(),
            "unrated_rating": self.unrated_rating.value(),
            "long_event": self.long_event.isChecked(),
            "tiebreak_rating": self.tiebreak_rating.currentData(),
        }

    def changes(self) -> dict[str, Any]:
        """What the form holds, as ``edit_tournament`` takes it (an ArbiterError for a date that is not one)."""
        return {
            "name": self.name.text().strip(),
            "place": self.place.text().strip(),
            "federation": self.federation.text().strip(),
            "start_date": sv.parse_date(self.start.text()) if self.start.text().strip() else None,
            "end_date": sv.parse_date(self.end.text()) if self.end.text().strip() else None,
            "chief_arbiter": self.chief.text().strip(),
            "deputy_arbiters": self.deputies.text().strip(),
            "time_control": self.time_control.text().strip(),
            "time_control_code": self.time_control_code.text().strip(),
            "round_dates": sv.parse_round_dates(self.round_dates.text()),
            "tie_breaks": self.tie_breaks.currentText().strip(),
            "tie_break_rules": self.tie_break_rules.currentData(),
        }

    def _on_accepted(self) -> None:
        try:
            new = self.edition.currentData()
            context = self.context
            if new != self._edition:
                if confirmed_call(self, lambda level: context.call(sv.change_edition, new, confirmed=level)) is None:
                    return
                self._edition = new
            changes = self.changes()
            if confirmed_call(self, lambda level: context.call(sv.edit_tournament, confirmed=level, **changes)) is None:
                return
            rules = {k: v for k, v in self.rating_rules().items() if v != self._ratings[k]}
            if rules:
                told = confirmed_call(self, lambda level: context.call(sv.set_rating_rules, confirmed=level, **rules))
                if told is None:
                    return
                self._ratings = self.rating_rules()
                for notice in told:
                    dialog_for(notice, self).exec()
        except ArbiterError as error:
            self.errors.setText(str(error)[:1].upper() + str(error)[1:] + ".")
            self.errors.show()
            return
        self.accept()
