"""A requested bye or an absence for a coming round (C.04.2.D.2, D.4)."""

from __future__ import annotations

from PySide6.QtWidgets import QComboBox, QDialog, QFormLayout, QLabel, QSpinBox, QWidget

from arbiter_app import services as sv
from arbiter_app.gui.context import TournamentContext
from arbiter_app.gui.player_dialog import finish_form, show_inline
from arbiter_app.gui.warning_dialogs import confirmed_call, dialog_for
from arbiter_app.services.dto import ByeInfo, PlayerInfo

KINDS = (
    ("½-point bye (requested)", "half"),
    ("1-point bye", "full"),
    ("0-point bye (requested)", "zero"),
    ("Absent, explained", "absent explained"),
    ("Absent without explanation (withdrawn afterwards, C.04.2.D.2)", "absent"),
)


class ByeDialog(QDialog):
    def __init__(
        self,
        context: TournamentContext,
        player: PlayerInfo,
        first_open: int,
        parent: QWidget | None = None,
        seen: int | None = None,
    ) -> None:
        """``seen``: the player's version the desk showed (another desk's change meanwhile is refused, named)."""
        super().__init__(parent)
        self._context, self._player, self._seen = context, player, seen
        self.result_bye: ByeInfo | None = None
        self.setWindowTitle(f"Bye for #{player.number} {player.name}")
        self.round = QSpinBox()
        self.round.setRange(1, context.tournament.rounds_count)
        self.round.setValue(min(first_open, context.tournament.rounds_count))
        self.kind = QComboBox()
        for text, code in KINDS:
            self.kind.addItem(text, code)
        form = QFormLayout()
        form.addRow("&Round:", self.round)
        form.addRow("&Kind:", self.kind)
        note = QLabel("The player is not paired in that round (C.04.2.D.4). A draft pairing of the round is discarded.")
        note.setWordWrap(True)
        self.errors = finish_form(self, form, self._on_accepted, notes=[note], width=440)

    def _on_accepted(self) -> None:
        kind, number, round_number, seen = self.kind.currentData(), self._player.number, self.round.value(), self._seen
        try:
            if kind.startswith("absent"):
                explained = kind == "absent explained"
                self.result_bye = self._context.call(sv.record_absence, number, round_number, explained=explained,
                                                      seen=seen)  # fmt: skip
            else:
                # A second ½-point bye asks at Level 3 (checklist Q174); Cancel there keeps the dialog open.
                self.result_bye = confirmed_call(
                    self,
                    lambda level: self._context.call(
                        sv.request_bye, number, round_number, kind, confirmed=level, seen=seen
                    ),
                )
                if self.result_bye is None:
                    return
        except Exception as error:  # noqa: BLE001
            show_inline(self.errors, error)
            return
        for notice in self.result_bye.notices:  # Level 2: a full-point bye is deprecated (checklist Q178)
            dialog_for(notice, self).exec()
        self.accept()
