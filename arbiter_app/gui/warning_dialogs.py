"""One dialog class per warning level (checklist §4; :mod:`arbiter_app.services.warnings`).

- :class:`InformDialog` (Levels 1-2): the arbiter is told; OK.
- :class:`ProceedDialog` (Level 3): proceed or cancel.
- :class:`TwoStepDialog` (Level 4): first "I understand this breaks the FIDE rules" must be ticked
  before Continue; then a second question spells out the consequences, answered "No" by default.
  Cancel at either step changes nothing.
- :class:`RefusedDialog` (Level 5): prohibited in FIDE mode; OK.

:func:`confirmed_call` runs a service call, shows the dialog of the level it asks for and
calls it again with that level once the arbiter has answered.  No setting turns a dialog
off or makes it a lower level (checklist Q218-Q221).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from PySide6.QtWidgets import (
    QCheckBox,
    QDialog,
    QDialogButtonBox,
    QLabel,
    QPushButton,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from arbiter_app import services as sv

T = TypeVar("T")

TITLES = {
    sv.Level.SILENT: "Note",
    sv.Level.INFORM: "For your information",
    sv.Level.PROCEED: "Warning (Level 3): proceed or cancel",
    sv.Level.DOUBLE: "Warning (Level 4): two confirmations",
    sv.Level.REFUSED: "Prohibited in FIDE mode (Level 5)",
}


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _label(text: str, name: str) -> QLabel:
    label = QLabel(_capital(text))
    label.setObjectName(name)
    label.setWordWrap(True)
    return label


class WarningDialog(QDialog):
    """A warning: its level in the title, the rule it rests on, the text."""

    level: sv.Level = sv.Level.INFORM

    def __init__(self, notice: sv.Notice, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.notice = notice
        self.setWindowTitle(TITLES[self.level])
        self.setModal(True)
        self.setMinimumWidth(520)
        self.layout_ = QVBoxLayout(self)
        if notice.rule:
            self.layout_.addWidget(_label(notice.rule, "rule"))
        self.text = _label(notice.text, "text")
        self.layout_.addWidget(self.text)

    def _add_ok(self) -> None:
        """Acknowledged with OK (Levels 1, 2 and 5)."""
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok)
        buttons.accepted.connect(self.accept)
        self.layout_.addWidget(buttons)


class InformDialog(WarningDialog):
    """Levels 1 and 2: information, acknowledged with OK."""

    def __init__(self, notice: sv.Notice, parent: QWidget | None = None) -> None:
        self.level = sv.Level.SILENT if notice.level == sv.Level.SILENT else sv.Level.INFORM
        super().__init__(notice, parent)
        self._add_ok()


class ProceedDialog(WarningDialog):
    """Level 3: proceed or cancel (Cancel is the default)."""

    level = sv.Level.PROCEED

    def __init__(self, notice: sv.Notice, parent: QWidget | None = None) -> None:
        super().__init__(notice, parent)
        buttons = QDialogButtonBox()
        self.proceed = buttons.addButton("&Proceed", QDialogButtonBox.ButtonRole.AcceptRole)
        self.cancel = buttons.addButton(QDialogButtonBox.StandardButton.Cancel)
        self.cancel.setDefault(True)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        self.layout_.addWidget(buttons)


class TwoStepDialog(WarningDialog):
    """Level 4: two confirmations; only "Yes" of the second step accepts."""

    level = sv.Level.DOUBLE

    def __init__(self, notice: sv.Notice, parent: QWidget | None = None) -> None:
        super().__init__(notice, parent)
        self.steps = QStackedWidget()
        first = QWidget()
        one = QVBoxLayout(first)
        self.understood = QCheckBox("I understand that this does not comply with the FIDE rules")
        one.addWidget(self.understood)
        self.continue_ = QPushButton("&Continue…")
        self.continue_.setEnabled(False)
        self.understood.toggled.connect(self.continue_.setEnabled)
        self.continue_.clicked.connect(self.second_step)
        cancel_first = QPushButton("Cancel")
        cancel_first.clicked.connect(self.reject)
        cancel_first.setDefault(True)
        row = QDialogButtonBox()
        row.addButton(self.continue_, QDialogButtonBox.ButtonRole.ActionRole)
        row.addButton(cancel_first, QDialogButtonBox.ButtonRole.RejectRole)
        one.addWidget(row)
        second = QWidget()
        two = QVBoxLayout(second)
        self.consequences = _label(notice.consequences or notice.text, "consequences")
        two.addWidget(self.consequences)
        two.addWidget(_label("Do you really want to go ahead?", "question"))
        answers = QDialogButtonBox()
        self.yes = answers.addButton("&Yes, go ahead", QDialogButtonBox.ButtonRole.AcceptRole)
        self.no = answers.addButton("&No", QDialogButtonBox.ButtonRole.RejectRole)
        self.no.setDefault(True)
        answers.accepted.connect(self.accept)
        answers.rejected.connect(self.reject)
        two.addWidget(answers)
        self.steps.addWidget(first)
        self.steps.addWidget(second)
        self.layout_.addWidget(self.steps)

    def second_step(self) -> None:
        """The second confirmation (only once the first box is ticked)."""
        if self.understood.isChecked():
            self.steps.setCurrentIndex(1)
            self.yes.setAutoDefault(False)  # Enter answers No: going ahead takes a deliberate click
            self.no.setDefault(True)
            self.no.setFocus()

    def accept(self) -> None:
        if self.steps.currentIndex() == 1 and self.understood.isChecked():
            super().accept()


class RefusedDialog(WarningDialog):
    """Level 5: the rules forbid it in FIDE mode; nothing was changed."""

    level = sv.Level.REFUSED

    def __init__(self, notice: sv.Notice, parent: QWidget | None = None) -> None:
        super().__init__(notice, parent)
        self.layout_.addWidget(
            _label("Nothing was changed. This is possible only after leaving FIDE mode (Edit menu).", "how")
        )
        self._add_ok()


def dialog_for(notice: sv.Notice, parent: QWidget | None = None) -> WarningDialog:
    """The dialog of the notice's level."""
    if notice.level >= sv.Level.REFUSED:
        return RefusedDialog(notice, parent)
    if notice.level == sv.Level.DOUBLE:
        return TwoStepDialog(notice, parent)
    if notice.level == sv.Level.PROCEED:
        return ProceedDialog(notice, parent)
    return InformDialog(notice, parent)


def confirmed_call(parent: QWidget | None, call: Callable[[int], T]) -> T | None:
    """``call(level)`` with level 0, then with each level the arbiter confirms; None when cancelled or refused
    (Level 5 shows :class:`RefusedDialog`).  Other errors propagate."""
    level = 0
    while True:
        try:
            return call(level)
        except sv.ProhibitedInFideMode as refused:
            dialog_for(refused.warning, parent).exec()
            return None
        except sv.ConfirmationNeeded as needed:
            if needed.level <= level:
                raise
            if dialog_for(needed.warning, parent).exec() != QDialog.DialogCode.Accepted:
                return None
            level = needed.level
