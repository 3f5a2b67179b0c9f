"""Modal dialogs that go away once answered.

A dialog made for one question and parented to a view or the window (so
that it centres on it and shares its style) lives as long as its parent
unless it is deleted: a window open for a day at the desk would keep every
settings, report, player and override dialog it ever showed, with their
widgets and the Python objects they hold (issue 21: the soak counted seven
dialogs and some 400 Qt objects more per round played).
"""

from __future__ import annotations

from PySide6.QtWidgets import QDialog


def run_modal(dialog: QDialog) -> int:
    """``dialog.exec()``, then the dialog deleted once control is back in the event loop (the caller may still
    read what it holds, as long as it does so before returning to the loop)."""
    try:
        return dialog.exec()
    finally:
        dialog.deleteLater()
