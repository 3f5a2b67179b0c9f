"""The manual-pairing phase of one round in a window: "Edit pairings" opens it, "Validate" or "Cancel" ends it.

The changes are the override dialog's (swap, new board, bye, swap colours, take a board apart);
each goes through :func:`arbiter_app.services.change_pairing` at once, so a rule it breaks is
asked at Level 3 on its own (proceed or cancel that change) and a Level-2 notice is shown as
it comes (checklist Q66-Q67).  Validate compares the round with the engine's pairing and asks
at Level 4 when they differ (Q68-Q69); Cancel leaves the round as it was.  Boards are named by
their place in the pairing shown.
"""

from __future__ import annotations

from PySide6.QtWidgets import QListWidgetItem, QWidget

from arbiter_app import services as sv
from arbiter_app.gui.context import TournamentContext
from arbiter_app.gui.override_dialog import OverrideDialog, describe
from arbiter_app.gui.player_dialog import show_inline
from arbiter_app.gui.warning_dialogs import confirmed_call, dialog_for
from arbiter_app.services.dto import RoundInfo
from arbiter_app.services.overrides import Edit
from arbiter_app.services.records import reason_text


class PairingEditDialog(OverrideDialog):
    """One round between "Edit pairings" and "Validate" / "Cancel" (nothing is stored before Validate)."""

    def __init__(self, context: TournamentContext, number: int, parent: QWidget | None = None) -> None:
        self.session: sv.PairingEdit = context.read(sv.start_pairing_edit, number)
        self.history: list[sv.PairingEdit] = []
        self.stored: RoundInfo | None = None
        info = context.read(sv.get_round, number) if self.session.original is not None else None
        super().__init__(context, info or RoundInfo(number, "draft", (), None, ()), parent)
        self.setWindowTitle(f"Edit pairings: round {number}" + ("" if info else " (not paired yet)"))
        self.save_button.setText("&Validate")
        self.save_button.setObjectName("validatePairings")
        self.reason.setPlaceholderText("Required: why the round is paired by hand (it goes into the audit log)")

    # --- the phase ---------------------------------------------------------------

    def board_keys(self) -> list[int]:
        return list(range(1, len(self.session.current.boards) + 1))

    def add_edit(self, edit: Edit) -> bool:
        """One change, checked at once: False when the arbiter cancels it or the services refuse it."""
        try:
            changed = confirmed_call(
                self,
                lambda level: self._context.read(sv.change_pairing, self.session, edit, confirmed=level),
            )
        except Exception as error:  # noqa: BLE001
            show_inline(self.errors, error)
            return False
        if changed is None:
            return False
        for notice in changed.notices:
            if notice.level <= sv.Level.INFORM:
                dialog_for(notice, self).exec()
        self.history.append(self.session)
        self.session = changed
        self.edits.append(edit)
        self.edit_list.addItem(describe(edit, self.names))
        self.errors.hide()
        self._refresh_preview()
        return True

    def _on_undo_clicked(self) -> None:
        if self.history:
            self.session = self.history.pop()
            self.edits.pop()
            self.edit_list.takeItem(self.edit_list.count() - 1)
            self._refresh_preview()

    def _kept(self) -> list[sv.Notice]:
        """The notices of every change still in the pairing, answered or told."""
        return [n for s in (*self.history, self.session) for n in s.notices]

    def _refresh_preview(self, keep_error: bool = False) -> bool:
        session: sv.PairingEdit = self.session
        self.show_pairing(session.current, set(session.original.pairs()) if session.original is not None else set())
        bye = session.current.bye
        placed = {n for b in session.current.boards for n in (b.white, b.black)} | {bye}
        waiting = [n for n in sorted(self.names) if n not in placed]
        self.warnings.clear()
        for notice in self._kept():
            self.warnings.addItem(QListWidgetItem(f"Level {int(notice.level)}: {notice}"))
        if waiting:
            self.warnings.addItem(QListWidgetItem("Not on a board: " + ", ".join(f"#{n}" for n in waiting)))
        n = len(self._kept())
        self.warnings_title.setText(f"<b>Warnings answered ({n})</b>" if n else "<b>No warning</b>")
        self._update_save()
        return True

    def _update_save(self) -> None:
        super()._update_save()
        self.save_button.setEnabled(self.save_button.isEnabled() or (not self.session.changed and bool(self.edits)))

    def _on_accepted(self) -> None:
        reason = reason_text(self.reason.text())
        if not self.session.changed:
            self.reject()
            return
        if not reason or self._case_missing():
            return
        case = self.case.currentData() if self.case.isVisibleTo(self) else None
        try:
            stored = confirmed_call(
                self,
                lambda level: self._context.call(
                    sv.validate_pairing_edit, self.session, reason, discard_results=True, case=case, confirmed=level
                ),
            )
        except Exception as error:  # noqa: BLE001
            show_inline(self.errors, error)
            return
        if stored is None:
            return  # the Level-4 question was cancelled: the phase goes on
        self.stored = stored
        self.saved_warnings = len(self._kept())
        self.accept()

    def reject(self) -> None:
        """Cancel: the round stays as it was (nothing of the phase was stored)."""
        self._context.read(sv.cancel_pairing_edit, self.session)
        super().reject()
