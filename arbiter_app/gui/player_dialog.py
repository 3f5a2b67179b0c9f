"""Add or correct a player; the services validate, their refusals are shown in the dialog."""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from typing import Any

from PySide6.QtCore import QRegularExpression, Qt
from PySide6.QtGui import QRegularExpressionValidator
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QPushButton,
    QFormLayout,
    QLabel,
    QLineEdit,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from arbiter_app import services as sv
from arbiter_app.gui.context import TournamentContext
from arbiter_app.gui.fide_search import FideSearch
from arbiter_app.gui.messages import error_text, is_expected
from arbiter_app.gui.modal import run_modal
from arbiter_app.gui.warning_dialogs import confirmed_call
from arbiter_app.gui.rating_choice import RatingChoiceDialog
from arbiter_app.services import rating_lists as rl
from arbiter_app.services.dto import PlayerInfo
from arbiter_app.services.rating_lists import ListedRating
from arbiter_app.services.ratings import RatedPlayer

TITLES = ("", "GM", "IM", "WGM", "FM", "WIM", "CM", "WFM", "WCM")
SEXES = (("not given", ""), ("male", "m"), ("female", "w"))
MISSED = (("0-point byes", "zero"), ("½-point byes", "half"))


def error_label() -> QLabel:
    """The red line under a form where refusals appear."""
    label = QLabel()
    label.setObjectName("errorLabel")
    label.setWordWrap(True)
    label.setStyleSheet("color: #b00020;")
    label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
    label.hide()
    return label


def finish_form(
    dialog: QDialog,
    form: QFormLayout,
    on_accepted: Callable[[], None],
    *,
    ok: QDialogButtonBox.StandardButton = QDialogButtonBox.StandardButton.Ok,
    ok_text: str = "",
    notes: Sequence[QWidget] = (),
    width: int = 420,
) -> QLabel:
    """Lay out a form dialog: the form, any notes, the error line, then OK (``ok_text``) and Cancel.

    OK calls ``on_accepted``, which accepts the dialog or shows a refusal on
    the returned error line.
    """
    errors = error_label()
    buttons = QDialogButtonBox(ok | QDialogButtonBox.StandardButton.Cancel)
    if ok_text:
        buttons.button(ok).setText(ok_text)
    buttons.accepted.connect(on_accepted)
    buttons.rejected.connect(dialog.reject)
    layout = QVBoxLayout(dialog)
    layout.addLayout(form)
    for note in notes:
        layout.addWidget(note)
    layout.addWidget(errors)
    layout.addWidget(buttons)
    dialog.setMinimumWidth(width)
    return errors


def show_inline(label: QLabel, error: BaseException) -> None:
    if not is_expected(error):
        raise error
    label.setText(error_text(error))
    label.show()


class PlayerDialog(QDialog):
    """``player`` None: register a new player (a late entry once round 1 is paired)."""

    def __init__(
        self,
        context: TournamentContext,
        player: PlayerInfo | None = None,
        first_open: int = 1,
        parent: QWidget | None = None,
        *,
        seen: int | None = None,
        seen_players: Collection[str] | None = None,
    ) -> None:
        """``seen``: the player's version the desk showed; ``seen_players``: the players it showed (a registration
        colliding with one another desk registered meanwhile is refused naming who; issue 32)."""
        super().__init__(parent)
        self._context, self._player = context, player
        self._seen, self._seen_players = seen, seen_players
        self.result_player: PlayerInfo | None = None
        self.listed: ListedRating | None = None
        """The list the rating came from (its source is kept, checklist Q134); None: typed in."""
        self.setWindowTitle("Add player" if player is None else f"Edit #{player.number} {player.name}")
        self.name = QLineEdit()
        self.name.setPlaceholderText("Surname, First name")
        self.title = QComboBox()
        for title in TITLES:
            self.title.addItem(title or "none", title)
        self.title.setMinimumContentsLength(6)
        self.rating = QSpinBox()
        self.rating.setRange(0, 3500)
        self.rating.setSpecialValueText("unrated")
        self.rating.setMinimumWidth(110)
        self.fide_id = QLineEdit()
        self.fide_id.setValidator(QRegularExpressionValidator(QRegularExpression(r"\d{0,11}")))
        self.federation = QLineEdit()
        self.federation.setMaxLength(3)
        self.federation.setPlaceholderText("e.g. FRA")
        self.sex = QComboBox()
        for text, code in SEXES:
            self.sex.addItem(text, code)
        self.sex.setMinimumContentsLength(8)
        self.birth = QLineEdit()
        self.birth.setPlaceholderText("YYYY/MM/DD")
        self.birth.setValidator(QRegularExpressionValidator(QRegularExpression(r"[0-9/.\-]{0,10}")))
        form = QFormLayout()
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.ExpandingFieldsGrow)
        self.fide_search: FideSearch | None = None
        if player is None:
            self.fide_search = FideSearch(self)
            self.fide_search.picked.connect(self.fill_from_list)
            form.addRow("FIDE &list:", self.fide_search)
        form.addRow("&Name:", self.name)
        form.addRow("&Title:", self.title)
        form.addRow("&Rating:", self.rating)
        form.addRow("&FIDE id:", self.fide_id)
        form.addRow("F&ederation:", self.federation)
        form.addRow("&Sex:", self.sex)
        form.addRow("&Born:", self.birth)
        self.half_byes: QCheckBox | None = None
        if player is not None:
            self.half_byes = QCheckBox("Eligible for ½-point &byes")
            self.half_byes.setObjectName("halfByeEligible")
            self.half_byes.setToolTip(
                "Untick for a free entry or where the tournament's conditions bar ½-point byes "
                "(checklist Q175): such a request is then refused"
            )
            form.addRow("", self.half_byes)
        self.entry_round: QSpinBox | None = None
        self.missed: QComboBox | None = None
        if player is None and first_open > 1:
            self._add_late_entry(form, first_open)
        self.errors = finish_form(self, form, self._on_accepted, ok_text="Add" if player is None else "Save")
        self._saving = False
        self.added: list[PlayerInfo] = []
        """The players registered with "Add and next" (the dialog stays open for the next one)."""
        self.next_button: QPushButton | None = None
        if player is None:  # registering a field: one player after the other without reopening (issue 28)
            buttons = self.findChild(QDialogButtonBox)
            assert buttons is not None  # finish_form made it
            self.next_button = buttons.addButton("Add and &next", QDialogButtonBox.ButtonRole.ActionRole)
            self.next_button.setObjectName("addNextPlayer")
            self.next_button.setToolTip("Register this player and clear the form for the next one")
            self.next_button.clicked.connect(self._on_next_clicked)
        if player is not None:
            self._fill(player)

    def _add_late_entry(self, form: QFormLayout, first_open: int) -> None:
        rounds = self._context.tournament.rounds_count
        self.entry_round = QSpinBox()
        self.entry_round.setRange(1, rounds)
        self.entry_round.setValue(min(first_open, rounds))
        self.entry_round.setToolTip(
            "C.04.2.C: a late entry is paired from this round; the round published and not started: C.04.2-2026 "
            "4.4.4, its pairing then changed by hand"
        )
        self.missed = QComboBox()
        for text, code in MISSED:
            self.missed.addItem(text, code)
        self.missed.setToolTip("What the rounds missed count as (the tournament's rules decide)")
        form.addRow(QLabel("<b>Late entry</b> (C.04.2.C)"))
        form.addRow("Plays from &round:", self.entry_round)
        form.addRow("&Missed rounds:", self.missed)

    def _register(
        self, service: Callable[..., PlayerInfo], name: str, fields: dict[str, Any], level: int
    ) -> PlayerInfo:
        if service is sv.register_player:
            registered: PlayerInfo = self._context.call(service, name, **fields, confirmed=level)
            return registered
        listed = fields.pop("listed")
        try:
            edited: PlayerInfo = self._context.call(service, name, listed, **fields, confirmed=level)
            return edited
        finally:
            fields["listed"] = listed

    def _fill(self, p: PlayerInfo | RatedPlayer) -> None:
        self.name.setText(p.name)
        self.title.setCurrentIndex(max(0, self.title.findData(p.title)))
        self.rating.setValue(p.rating)
        self.fide_id.setText(p.fide_id)
        self.federation.setText(p.federation)
        self.sex.setCurrentIndex(max(0, self.sex.findData(p.sex)))
        self.birth.setText(p.birth_date)
        if self.half_byes is not None and isinstance(p, PlayerInfo):
            self.half_byes.setChecked(p.half_bye_eligible)

    def fill_from_list(self, p: RatedPlayer) -> None:
        """A player picked in the FIDE rating list: name, title, rating, FIDE ID, federation, sex, birth year.

        The rating is that of the tournament's main list (checklist Q127); a player it does not hold is offered
        the ratings of the other lists of the sequence (Q128-Q129)."""
        self._fill(p)
        self.listed = None
        found = rl.registration_rating(self._context.db, self._context.tournament_id, p.fide_id)
        if found.main is not None:
            self.listed = found.main
        elif found.others:
            dialog = RatingChoiceDialog(p.name, found.others, self)
            if run_modal(dialog) == QDialog.DialogCode.Accepted:
                self.listed = dialog.chosen
        if self.listed is not None:
            self.rating.setValue(0 if self.listed.national else self.listed.rating)

    def fields(self) -> dict[str, Any]:
        return {
            "name": self.name.text().strip(),
            "title": self.title.currentData() or "",
            "rating": self.rating.value(),
            "fide_id": self.fide_id.text().strip(),
            "federation": self.federation.text().strip().upper(),
            "sex": self.sex.currentData() or "",
            "birth_date": self.birth.text().strip(),
        } | ({"half_bye_eligible": self.half_byes.isChecked()} if self.half_byes is not None else {})

    def _on_next_clicked(self) -> None:
        """Register the player, then an empty form for the next one; the line under the form says who was added."""
        if not self._save():
            return
        assert self.result_player is not None
        self.added.append(self.result_player)
        for edit in (self.name, self.fide_id, self.federation, self.birth):
            edit.clear()
        self.rating.setValue(0)
        self.title.setCurrentIndex(0)
        self.sex.setCurrentIndex(0)
        self.listed = None
        self.errors.setStyleSheet("")
        self.errors.setText(f"Registered #{self.result_player.number} {self.result_player.name}; next player:")
        self.errors.show()
        self.name.setFocus()

    def _on_accepted(self) -> None:
        if self._player is not None:
            self._save_edit()
        elif self._save():
            self.accept()

    @property
    def is_saving(self) -> bool:
        """The changes are being stored off the window's thread (the dialog closes once they are)."""
        return self._saving

    def _save_edit(self) -> None:
        """Store the changes to the player off the window's thread (each change to the file is sealed in the audit
        chain, a digest of the whole tournament: a third of a second with 2,000 players, issue 28), then close;
        a refusal is shown under the form, which stays open."""
        old = self._player
        assert old is not None
        changes = {k: v for k, v in self.fields().items() if getattr(old, k) != v}
        if not changes:
            self.result_player = old
            self.accept()
            return
        self.errors.setStyleSheet("color: #b00020;")
        self._set_saving(True)

        def stored(player: PlayerInfo) -> None:
            self._set_saving(False)
            self.result_player = player
            self._context.changed.emit()
            self.accept()

        def refused(error: BaseException) -> None:
            self._set_saving(False)
            show_inline(self.errors, error)

        self._context.write(sv.edit_player, old.number, expected=old.name, on_done=stored, on_error=refused, **changes)

    def _set_saving(self, saving: bool) -> None:
        self._saving = saving
        buttons = self.findChild(QDialogButtonBox)
        if buttons is not None:
            buttons.setEnabled(not saving)
        if saving:
            self.errors.setStyleSheet("")
            self.errors.setText("Saving…")
            self.errors.show()
        else:
            self.errors.setStyleSheet("color: #b00020;")
            self.errors.setText("")
            self.errors.hide()

    def reject(self) -> None:
        if not self._saving:  # the change is on its way to the file: the dialog closes when it is stored
            super().reject()

    def _save(self) -> bool:
        """Register (or save) the player; False, the refusal shown under the form, if the services refuse."""
        self.errors.setStyleSheet("color: #b00020;")
        fields = self.fields()
        try:
            if self._player is None:
                name = fields.pop("name")
                if self.entry_round is not None and self.missed is not None:
                    fields["entry_round"] = self.entry_round.value()
                    fields["missed_rounds"] = self.missed.currentData()
                if self._seen_players is not None:
                    fields["seen_players"] = self._seen_players
                listed = self.listed
                service: Callable[..., PlayerInfo] = sv.register_player
                if listed is not None and (listed.national or listed.rating == fields["rating"]):
                    service, fields["listed"] = rl.register_with_rating, listed
                # A late entry into the published round not yet started asks at Level 3 (C.04.2-2026 4.4.4).
                registered = confirmed_call(self, lambda level: self._register(service, name, fields, level))
                if registered is None:
                    return False
                self.result_player = registered
            else:
                old = self._player
                changes = {k: v for k, v in fields.items() if getattr(old, k) != v}
                self.result_player = (
                    self._context.call(sv.edit_player, old.number, expected=old.name, seen=self._seen, **changes)
                    if changes
                    else old
                )
        except Exception as error:  # noqa: BLE001 - refusals shown inline, bugs raised again
            show_inline(self.errors, error)
            return False
        return True
