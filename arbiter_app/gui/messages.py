"""Errors turned into words for the arbiter (the only place besides the command line that does so)."""

from __future__ import annotations

import os
from pathlib import Path

from PySide6.QtWidgets import QMessageBox, QWidget

from arbiter_app.errors import ArbiterError, PairingImpossibleError, RuleViolation
from arbiter_app.services.files import DatabaseBusyError, DatabaseFileError


def is_expected(error: BaseException) -> bool:
    """An error the application raises on purpose (a refusal), as opposed to a bug."""
    return isinstance(error, ArbiterError)


def error_title(error: BaseException) -> str:
    if isinstance(error, RuleViolation):
        return f"Refused by {error.article}"
    if isinstance(error, PairingImpossibleError):
        return "No legal pairing"
    if isinstance(error, DatabaseBusyError):
        return "Tournament file busy"
    if isinstance(error, DatabaseFileError):
        return "Tournament file"
    return "Not possible"


def error_text(error: BaseException) -> str:
    """The message, first letter capitalised (the article first for rule violations)."""
    text = str(error) or type(error).__name__
    return text[:1].upper() + text[1:]


def show_error(parent: QWidget | None, error: BaseException) -> None:
    """A refusal in a message box; anything else is a bug and is raised again."""
    if not is_expected(error):
        raise error
    QMessageBox.warning(parent, error_title(error), error_text(error))


def may_write(parent: QWidget | None, path: Path) -> bool | None:
    """Whether ``path`` may be written: False when it does not exist, True when it does and the arbiter said to
    replace it, None when the arbiter said no (nothing is written).  A tournament file is refused later whatever
    is answered (:func:`arbiter_app.atomic.check_target`)."""
    if not os.path.lexists(path):
        return False
    answer = QMessageBox.question(
        parent,
        "Replace the file?",
        f"{path} already exists.\n\nReplace it?",
        QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
        QMessageBox.StandardButton.No,
    )
    return True if answer == QMessageBox.StandardButton.Yes else None
