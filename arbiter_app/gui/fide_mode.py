"""FIDE mode in the main window: Edit > Leave FIDE mode… (Level 4) and the banner shown for good once it is left
(checklist Q43-Q46).

:func:`add_fide_mode` adds the action to a menu and the banner, a bar across the top of the
window that cannot be moved, floated or hidden; :meth:`FideMode.set_context` follows the
open tournament.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QLabel, QMainWindow, QMenu, QMessageBox, QToolBar

from arbiter_app import services as sv
from arbiter_app.gui.context import TournamentContext
from arbiter_app.gui.messages import show_error
from arbiter_app.gui.warning_dialogs import confirmed_call
from arbiter_app.services.dto import TournamentInfo

BANNER_STYLE = "background: #b00020; color: white; font-weight: bold; padding: 4px 8px;"


def banner_text(t: TournamentInfo) -> str:
    """What the banner says of a tournament that left FIDE mode."""
    when = f"after round {t.fide_mode_left_round}" if t.fide_mode_left_round else "before round 1"
    return (
        f"NOT IN FIDE MODE — left {when}; it cannot be entered again. "
        "Pairings and settings may break the FIDE rules (each step asks first and is logged)."
    )


class FideMode:
    """The action and the banner of one main window."""

    def __init__(self, window: QMainWindow, menu: QMenu) -> None:
        self.window = window
        self.context: TournamentContext | None = None
        self.action = QAction("Leave FIDE &mode…", window)
        self.action.setEnabled(False)
        self.action.triggered.connect(self.leave)
        menu.addAction(self.action)
        self.bar = QToolBar("FIDE mode", window)
        self.bar.setObjectName("fideModeBanner")
        self.bar.setMovable(False)
        self.bar.setFloatable(False)
        self.bar.toggleViewAction().setVisible(False)  # not in the window's menu of bars: it cannot be hidden
        self.bar.setContextMenuPolicy(Qt.ContextMenuPolicy.PreventContextMenu)
        self.banner = QLabel()
        self.banner.setObjectName("fideModeBannerText")
        self.banner.setStyleSheet(BANNER_STYLE)
        self.banner.setWordWrap(True)
        self.bar.addWidget(self.banner)
        window.addToolBar(Qt.ToolBarArea.TopToolBarArea, self.bar)
        self.bar.hide()

    def set_context(self, context: TournamentContext | None) -> None:
        """Follow the open tournament (None: none open)."""
        if self.context is not None:
            self.context.changed.disconnect(self.refresh)
        self.context = context
        if context is not None:
            context.changed.connect(self.refresh)
        self.refresh()

    def refresh(self) -> None:
        context = self.context
        if context is None or context is not getattr(self.window, "context", context):
            self.action.setEnabled(False)
            self.bar.hide()
            return
        t = context.tournament
        self.action.setEnabled(t.fide_mode)
        if t.fide_mode:
            self.bar.hide()
        else:
            self.banner.setText(banner_text(t))
            self.bar.show()

    def leave(self) -> bool:
        """Leave FIDE mode after the two confirmations; True if left."""
        context = self.context
        if context is None:
            return False
        try:
            left = confirmed_call(self.window, lambda level: context.call(sv.leave_fide_mode, confirmed=level))
        except Exception as error:  # noqa: BLE001
            show_error(self.window, error)
            return False
        if left is None:
            return False
        self.refresh()
        QMessageBox.information(self.window, "FIDE mode left", banner_text(left))
        return True


def add_fide_mode(window: QMainWindow, menu: QMenu) -> FideMode:
    """The action (in ``menu``) and the banner of ``window``."""
    return FideMode(window, menu)
