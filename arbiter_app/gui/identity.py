"""Who works at this desk: the arbiter's name, asked once when the application starts.

The name goes into every audit row (the services read it from the
``ARBITER_NAME`` environment variable when a file is opened, in this process
and in the pairing's child process alike); the last name given is offered
again next time.
"""

from __future__ import annotations

import getpass
import os

from PySide6.QtWidgets import QInputDialog, QLineEdit, QMessageBox, QWidget

from arbiter_app import services as sv
from arbiter_app.errors import ArbiterError
from arbiter_app.gui.settings import app_settings
from arbiter_app.services.files import ARBITER_ENV

KEY = "arbiter/name"


def remember_arbiter(name: str, parent: QWidget | None = None) -> str:
    """Use ``name`` (blanks tidied) for the audit log from now on, and offer it next time; none given, or one with
    control, direction or invisible characters (said), the operating system's account is used."""
    try:
        name = sv.arbiter_name(name) if name.strip() else ""
    except ArbiterError as error:
        QMessageBox.warning(parent, "Arbiter", f"{error}\n\nYour account's name is used instead.")
        name = ""
    if not name:
        try:
            name = sv.arbiter_name(getpass.getuser())
        except (OSError, KeyError, ImportError, ArbiterError):
            name = ""
    os.environ[ARBITER_ENV] = name
    app_settings().setValue(KEY, name)
    return name


def ask_arbiter_name(parent: QWidget | None = None) -> str:
    """Ask the arbiter's name (the last one given is proposed); an empty answer keeps the last one."""
    last = str(app_settings().value(KEY, "") or "")
    name, ok = QInputDialog.getText(
        parent,
        "Arbiter",
        "Your name, for the audit log of every change you make:",
        QLineEdit.EchoMode.Normal,
        last,
    )
    return remember_arbiter(name if ok and name.strip() else last, parent)
