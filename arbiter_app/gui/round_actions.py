"""The actions on a round: pair the next round in the worker (with a progress indication), pair a draft
again, publish, override by hand, ask why."""

from __future__ import annotations

import time
from typing import Protocol

from PySide6.QtCore import QObject, Qt, QTimer, SignalInstance
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QDialog, QHBoxLayout, QLabel, QMessageBox, QProgressBar, QToolButton, QWidget

from arbiter_app import services as sv
from arbiter_app.errors import PairingImpossibleError
from arbiter_app.explain.words import counted
from arbiter_app.gui.context import TournamentContext
from arbiter_app.gui.messages import show_error
from arbiter_app.gui.modal import run_modal
from arbiter_app.gui.override_dialog import OverrideDialog
from arbiter_app.gui.pairing_edit_dialog import PairingEditDialog
from arbiter_app.gui.view_base import button_row
from arbiter_app.gui.warning_dialogs import dialog_for
from arbiter_app.services import desks
from arbiter_app.services.articles import article, article_text
from arbiter_app.services.dto import PublishInfo, RoundInfo


class RoundShown(Protocol):
    """What the actions need of the view that shows a round (:class:`~arbiter_app.gui.rounds_view.RoundsView`):
    named here, so that this module does not import the view that builds it (issue 30.3)."""

    context: TournamentContext | None
    rounds: tuple[RoundInfo, ...]
    feedback: QLabel
    entry: QWidget
    explain_requested: SignalInstance

    @property
    def current(self) -> RoundInfo | None: ...

    @property
    def is_busy(self) -> bool: ...

    def refresh_if_visible(self) -> None: ...

    def show_round_soon(self, number: int) -> None: ...

    def window_widget(self) -> QWidget:
        """The widget the actions' dialogs are parented to."""
        ...


def tool_button(action: QAction) -> QToolButton:
    b = QToolButton()
    b.setDefaultAction(action)
    b.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
    return b


class RoundActions(QObject):
    """The round view's actions (also in the Round menu) and the pairing progress shown while the worker runs."""

    def __init__(self, view: RoundShown, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.view = view
        self.parent_widget = view.window_widget()
        self._started = 0.0
        self.pair = QAction("&Pair next round", self)
        self.pair.setShortcut("Ctrl+P")
        self.pair.triggered.connect(self._on_pair_triggered)
        self.repair = QAction("Pair the draft &again", self)
        self.repair.setToolTip("Pair the draft round again (after corrections or byes; drops an override)")
        self.repair.triggered.connect(self._on_repair_triggered)
        self.publish = QAction("P&ublish", self)
        self.publish.setShortcut("Ctrl+Shift+P")
        self.publish.setToolTip("C.04.2.D.7: make the pairing official (a backup copy of the file is made)")
        self.publish.triggered.connect(self._on_publish_triggered)
        self.override = QAction("&Override…", self)
        self.override.setToolTip("Change pairs, colours or the bye by hand, with every rule it breaks shown")
        self.override.triggered.connect(self._on_override_triggered)
        self.edit_pairings = QAction("&Edit pairings…", self)
        self.edit_pairings.setToolTip(
            "Pair the round by hand, each change checked at once; Validate compares it with the engine's pairing"
        )
        self.edit_pairings.triggered.connect(self._on_edit_pairings_triggered)
        self.explain = QAction("&Why this pairing?", self)
        self.explain.setToolTip("Open the explain panel on this round")
        self.explain.triggered.connect(self._on_explain_triggered)
        self.progress = QProgressBar()
        self.progress.setRange(0, 0)
        self.progress.setMaximumWidth(140)
        self.progress.setTextVisible(False)
        self.progress.hide()
        self.progress_label = QLabel()
        self.progress_label.hide()
        self.ticker = QTimer(self)
        self.ticker.setInterval(100)
        self.ticker.timeout.connect(self._on_ticker_timeout)

    def all(self) -> list[QAction]:
        return [self.pair, self.repair, self.publish, self.edit_pairings, self.override, self.explain]

    def button_row(self) -> QHBoxLayout:
        return button_row(
            tool_button(self.pair),
            tool_button(self.repair),
            tool_button(self.publish),
            None,
            tool_button(self.edit_pairings),
            tool_button(self.override),
            tool_button(self.explain),
        )

    def update(self) -> None:
        """Enable what the round shown and the tournament allow."""
        view = self.view
        ctx, info, busy = view.context, view.current, view.is_busy
        last = view.rounds[-1] if view.rounds else None
        total = ctx.tournament.rounds_count if ctx else 0
        can_pair = (
            ctx is not None
            and not busy
            # Results still missing are recorded as adjourned when pairing, told first (checklist Q158-Q160).
            and (last is None or (last.state in ("completed", "published") and last.number < total))
        )
        # Several desks on a server: who pairs or publishes elsewhere is named here, the action off meanwhile.
        tasks: tuple[desks.DeskTask, ...] = ctx.read(desks.desk_tasks) if ctx is not None else ()
        pairing, publishing = desks.busy_text(tasks, "pairing"), desks.busy_text(tasks, "publishing")
        self.busy_elsewhere = "; ".join(t for t in (pairing, publishing) if t)  # what another desk does meanwhile
        self.pair.setEnabled(can_pair and not pairing)
        next_number = (last.number + 1) if last else 1
        self.pair.setText((f"&Pair round {next_number}" if ctx and next_number <= total else "&Pair next round")
                          + (f" ({pairing})" if pairing else ""))  # fmt: skip
        is_draft = info is not None and info.state == "draft"
        self.repair.setEnabled(not busy and is_draft and not pairing)
        self.repair.setToolTip(pairing or "Pair the draft round again (after corrections or byes; drops an override)")
        self.publish.setEnabled(not busy and is_draft and not publishing)
        self.publish.setText("P&ublish" + (f" ({publishing})" if publishing else ""))
        self.publish.setToolTip(
            publishing or "C.04.2.D.7: make the pairing official (a backup copy of the file is made)"
        )
        self.override.setEnabled(not busy and info is not None)
        target = self.edit_target()
        self.edit_pairings.setEnabled(not busy and ctx is not None and target is not None)
        self.edit_pairings.setText(f"&Edit pairings of round {target}…" if target else "&Edit pairings…")
        self.explain.setEnabled(not busy and info is not None)
        self.pair.setToolTip(pairing or self._pair_hint(last, total))

    def edit_target(self) -> int | None:
        """The round "Edit pairings" opens: a round shown that is not over, else the next round when it may be
        paired (by hand when the engine cannot, A.9), else the round shown."""
        view = self.view
        info, last = view.current, (view.rounds[-1] if view.rounds else None)
        total = view.context.tournament.rounds_count if view.context else 0
        if info is not None and info.state != "completed":
            return info.number
        if last is None or (last.state == "completed" and last.number < total):
            return last.number + 1 if last else 1
        return info.number if info is not None else None

    def _pair_hint(self, last: RoundInfo | None, total: int) -> str:
        if last is None:
            return "Pair round 1 with the engine (a draft you can check before publishing)"
        if last.state == "draft":
            return f"Round {last.number} is a draft: publish it (or pair it again) first"
        if last.state == "published" and last.number < total:
            return (f"Pair round {last.number + 1}: the results round {last.number} still lacks are recorded as "
                    "adjourned (a draw for pairing only); you are told which first")  # fmt: skip
        if last.number >= total:
            return f"All {total} rounds are paired"
        return f"Pair round {last.number + 1} with the engine (in the background)"

    def _start_progress(self, text: str) -> None:
        self._started = time.monotonic()
        self.progress_label.setText(text)
        self.progress_label.show()
        self.progress.show()
        self.ticker.start()

    def _stop_progress(self) -> None:
        self.ticker.stop()
        self.progress.hide()
        self.progress_label.hide()

    def _on_ticker_timeout(self) -> None:
        text = self.progress_label.text().split(" (")[0]
        self.progress_label.setText(f"{text} ({time.monotonic() - self._started:.1f} s)")

    def _on_pair_triggered(self) -> None:
        if self.view.context is None or not self.pair.isEnabled():
            return
        last = self.view.rounds[-1].number if self.view.rounds else 0
        if not last:  # checklist Q62: a setup that cannot be completed under the rules is told before the start
            for notice in self.view.context.read(sv.setup_notices):
                run_modal(dialog_for(notice, self.parent_widget))
        self._pair(last + 1, 0)

    def _pair(self, number: int, confirmed: int) -> None:
        """Pair round ``number`` in the worker; a Level-2 notice (results recorded as adjourned, checklist
        Q158-Q160, Q168) is shown and acknowledged, then the pairing runs with that answer."""
        assert self.view.context is not None
        self._start_progress(f"Pairing round {number}…")

        def failed(error: BaseException) -> None:
            if isinstance(error, sv.ConfirmationNeeded) and error.level > confirmed:
                self._stop_progress()
                if dialog_for(error.warning, self.parent_widget).exec() == QDialog.DialogCode.Accepted:
                    self._pair(number, error.level)
                return
            self._on_pairing_failed(error)

        self.view.context.run(sv.pair_next_round, confirmed, on_done=self._on_paired, on_error=failed)

    def _on_repair_triggered(self) -> None:
        if self.view.context is None or self.view.current is None:
            return
        if self.view.current.overrides:
            answer = QMessageBox.question(
                self.parent_widget,
                "Pair again",
                "The draft was changed by hand. Pair it again with the engine and drop the changes?",
            )
            if answer != QMessageBox.StandardButton.Yes:
                return
        self._start_progress(f"Pairing round {self.view.current.number} again…")
        self.view.context.run(sv.repair_round, on_done=self._on_paired, on_error=self._on_pairing_failed)

    def _on_paired(self, info: RoundInfo) -> None:
        self._stop_progress()
        self.view.refresh_if_visible()
        self.view.show_round_soon(info.number)
        bye = f"; bye #{info.bye}" if info.bye is not None else ""
        self.view.feedback.setText(
            f"Round {info.number} paired as a draft: {counted(len(info.boards), 'board')}{bye}. Check it, then Publish."
        )

    def _on_pairing_failed(self, error: BaseException) -> None:
        self._stop_progress()
        show_error(self.parent_widget, error)
        if isinstance(error, PairingImpossibleError):
            self.view.feedback.setText("The engine cannot pair this round: pair it by hand with Edit pairings.")

    def _on_publish_triggered(self) -> None:
        info = self.view.current
        if self.view.context is None or info is None:
            return
        edition = info.edition or self.view.context.tournament.edition
        answer = QMessageBox.question(
            self.parent_widget,
            f"Publish round {info.number}",
            f"Publish the pairing of round {info.number} ({counted(len(info.boards), 'board')})?\n\n"
            f"Once published, {article(edition, 'published')} applies: {article_text(edition, 'published')}.",
        )
        if answer != QMessageBox.StandardButton.Yes:
            return
        number = info.number

        def published(done: PublishInfo) -> None:
            self._stop_progress()
            text = f"Round {number} published."
            if done.backup is not None:
                text += f" Backup copy: {done.backup}"
            if done.backup_error:
                QMessageBox.warning(self.parent_widget, "Backup copy", done.backup_error)
            self.view.feedback.setText(text)
            self.view.entry.setFocus()

        def failed(error: BaseException) -> None:
            self._stop_progress()
            if isinstance(error, sv.StaleDraftError):  # paired before a result it reads changed (C.04.2.D.8)
                self._offer_to_pair_again(number, error)
            else:
                show_error(self.parent_widget, error)

        # Off the window's thread: publishing writes the round and a backup copy of the file (a second with
        # 2,000 players, issue 28).
        self._start_progress(f"Publishing round {number}…")
        self.view.context.run(sv.publish_round, number, on_done=published, on_error=failed)

    def _offer_to_pair_again(self, number: int, stale: BaseException) -> None:
        """A stale draft is never published: say what changed and offer to pair the round again."""
        again = QMessageBox.question(
            self.parent_widget,
            f"Publish round {number}",
            f"{stale}\n\nPair round {number} again now? (Check the new pairing, then publish it.)",
        )
        if again == QMessageBox.StandardButton.Yes:
            self._start_progress(f"Pairing round {number} again…")
            self.view.context.run(sv.repair_round, on_done=self._on_paired, on_error=self._on_pairing_failed)
        else:
            self.view.feedback.setText(f"Round {number} not published: pair it again first.")

    def _on_override_triggered(self) -> None:
        if self.view.context is None or self.view.current is None:
            return
        dialog = OverrideDialog(self.view.context, self.view.current, self.parent_widget)
        if run_modal(dialog):
            self.view.feedback.setText(
                f"Round {self.view.current.number}: override saved ({dialog.saved_warnings} warnings recorded in the "
                "audit log)."
            )

    def _on_edit_pairings_triggered(self) -> None:
        number = self.edit_target()
        if self.view.context is None or number is None:
            return
        try:
            dialog = PairingEditDialog(self.view.context, number, self.parent_widget)
        except Exception as error:  # noqa: BLE001
            show_error(self.parent_widget, error)
            return
        if run_modal(dialog) and dialog.stored is not None:
            self.view.refresh_if_visible()
            self.view.show_round_soon(number)
            self.view.feedback.setText(
                f"Round {number}: pairing validated ({dialog.saved_warnings} warnings answered, in the audit log)."
            )

    def _on_explain_triggered(self) -> None:
        if self.view.current is not None:
            self.view.explain_requested.emit(self.view.current.number)
