"""View > Hall network: serve the players' pages, the hall screens and the deputies' result entry on the hall's
network (issue 31), with the address and its QR code to project; the deputies' links and their conflicts.

The server is ``arbiter serve`` in a child process (:class:`QProcess`): it never takes time from the window's
thread, and it stops when the tournament or the window closes.  Nothing is served until the arbiter presses
Start.  While it runs, the dialog looks every two seconds, off the window's thread, whether a deputy entered a
result, and the window's views refresh when one did.
"""

from __future__ import annotations

import io
import os
import sys
from typing import Any

import segno
from PySide6.QtCore import QProcess, QProcessEnvironment, Qt, QTimer
from PySide6.QtGui import QPixmap
from PySide6.QtWidgets import (
    QDialog,
    QDoubleSpinBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from arbiter_app import services as sv
from arbiter_app.errors import ArbiterError
from arbiter_app.gui.context import TournamentContext
from arbiter_app.gui.messages import show_error
from arbiter_app.gui.warning_dialogs import confirmed_call
from arbiter_app.hall.address import DEFAULT_PORT, lan_address

WATCH_MS = 2000


def qr_pixmap(text: str, scale: int = 6) -> QPixmap:
    """The QR code of ``text`` (segno, pure Python) as a pixmap."""
    buffer = io.BytesIO()
    segno.make(text, error="m").save(buffer, kind="png", scale=scale, border=2)
    pixmap = QPixmap()
    pixmap.loadFromData(buffer.getvalue(), "PNG")
    return pixmap


def server_command() -> list[str]:
    """How this program runs its command line ``arbiter``: the bundle's executable takes the command's name
    (installer/arbiter_app_main.py), an interpreter the module."""
    return ["arbiter"] if getattr(sys, "frozen", False) else ["-m", "arbiter_app.cli.arbiter"]


class HallNetworkDialog(QDialog):
    def __init__(self, context: TournamentContext, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Hall network")
        self.context = context
        self.process: QProcess | None = None
        self.version: int | None = None
        self.port = QSpinBox()
        self.port.setRange(1024, 65535)
        self.port.setValue(DEFAULT_PORT)
        self.start_button = QPushButton("&Start")
        self.stop_button = QPushButton("S&top")
        self.stop_button.setEnabled(False)
        self.start_button.clicked.connect(self.start)
        self.stop_button.clicked.connect(self.stop)
        self.status = QLabel("Not served: nothing is reachable from the network until you press Start.")
        self.status.setWordWrap(True)
        self.address = QLabel("")
        self.address.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.qr = QLabel()
        self.qr.setAlignment(Qt.AlignmentFlag.AlignCenter)
        server_box = QGroupBox("Players' pages and hall screens")
        row = QHBoxLayout()
        row.addWidget(QLabel("Port"))
        row.addWidget(self.port)
        row.addWidget(self.start_button)
        row.addWidget(self.stop_button)
        row.addStretch()
        box = QVBoxLayout(server_box)
        box.addLayout(row)
        box.addWidget(self.status)
        box.addWidget(self.address)
        box.addWidget(self.qr)
        box.addWidget(QLabel("Hall screens: the address followed by /screen."))

        deputy_box = QGroupBox("Deputies")
        self.name = QLineEdit()
        self.boards = QLineEdit("1-40")
        self.hours = QDoubleSpinBox()
        self.hours.setRange(0.5, 24 * 31)
        self.hours.setValue(12)
        add = QPushButton("&Add deputy")
        add.clicked.connect(self.add_deputy)
        form = QFormLayout()
        form.addRow("Name", self.name)
        form.addRow("Boards", self.boards)
        form.addRow("Hours", self.hours)
        form.addRow("", add)
        self.link = QLabel("")
        self.link.setWordWrap(True)
        self.link.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.link_qr = QLabel()
        self.deputies = QListWidget()
        revoke = QPushButton("&Revoke the deputy chosen")
        revoke.clicked.connect(self.revoke)
        self.conflicts = QListWidget()
        take = QPushButton("Take the deputy's result")
        keep = QPushButton("Keep the result on the board")
        take.clicked.connect(lambda: self.decide(True))
        keep.clicked.connect(lambda: self.decide(False))
        decide_row = QHBoxLayout()
        decide_row.addWidget(take)
        decide_row.addWidget(keep)
        dbox = QVBoxLayout(deputy_box)
        dbox.addLayout(form)
        dbox.addWidget(self.link)
        dbox.addWidget(self.link_qr)
        dbox.addWidget(self.deputies)
        dbox.addWidget(revoke)
        dbox.addWidget(QLabel("Conflicts: a deputy's result over one already entered"))
        dbox.addWidget(self.conflicts)
        dbox.addLayout(decide_row)

        layout = QHBoxLayout(self)
        layout.addWidget(server_box)
        layout.addWidget(deputy_box)
        self.watch = QTimer(self)
        self.watch.setInterval(WATCH_MS)
        self.watch.timeout.connect(self._look_for_changes)
        context.changed.connect(self.refresh)
        self.refresh()

    # The server

    @property
    def running(self) -> bool:
        return self.process is not None and self.process.state() != QProcess.ProcessState.NotRunning

    def base_url(self) -> str:
        return f"http://{lan_address()}:{self.port.value()}"

    def start(self) -> None:
        if self.running or self.context.path is None:
            return
        process = self.process = QProcess(self)
        env = QProcessEnvironment.systemEnvironment()
        env.insert("ARBITER_NAME", self.context.db.arbiter or os.environ.get("ARBITER_NAME", ""))
        process.setProcessEnvironment(env)
        process.setProcessChannelMode(QProcess.ProcessChannelMode.MergedChannels)
        process.readyReadStandardOutput.connect(self._on_output)
        process.finished.connect(self._on_finished)
        process.errorOccurred.connect(self._on_finished)
        arguments = ["--db", str(self.context.path), "--tournament", str(self.context.tournament_id), "serve",
                     "--host", "0.0.0.0", "--port", str(self.port.value())]  # fmt: skip
        process.start(sys.executable, [*server_command(), *arguments])
        self.status.setText("Starting…")
        self.start_button.setEnabled(False)
        self.stop_button.setEnabled(True)
        self.port.setEnabled(False)

    def stop(self) -> None:
        """Ask the server to stop (it finishes the requests under way); killed if it has not stopped in 5 s."""
        process = self.process
        if process is None or not self.running:
            return
        self.status.setText("Stopping…")
        process.terminate()
        # Bound to the process: the kill is cancelled with it if the window (its parent) is closed first.
        QTimer.singleShot(5000, process, lambda: process.kill() if process.state() != QProcess.ProcessState.NotRunning else None)  # fmt: skip

    def _on_output(self) -> None:
        if self.process is None:
            return
        text = bytes(self.process.readAllStandardOutput().data()).decode(errors="replace")
        if "serving" in text:
            url = self.base_url() + "/"
            self.status.setText("Served on the hall's network: players open this address (or scan the code).")
            self.address.setText(url)
            self.qr.setPixmap(qr_pixmap(url, 8))
            self.watch.start()
        elif text.strip():
            self.status.setText(text.strip()[-300:])

    def _on_finished(self, *_: Any) -> None:
        if self.running:
            return  # errorOccurred while still running (a read failure): the process goes on
        self.watch.stop()
        if self.status.text().startswith("Served") or self.status.text() in ("Starting…", "Stopping…"):
            self.status.setText("Not served.")  # else the server's own message (a port in use...) stays shown
        self.address.setText("")
        self.qr.clear()
        self.start_button.setEnabled(True)
        self.stop_button.setEnabled(False)
        self.port.setEnabled(True)

    def _look_for_changes(self) -> None:
        """Deputies' results entered through the server: the window's views read the file again."""
        self.context.compute(sv.hall_version, on_done=self._on_version, on_error=lambda _e: None)

    def _on_version(self, version: int) -> None:
        if version != self.version:  # the first look too: whatever came since the server started is read
            self.version = version
            self.context.changed.emit()

    # The deputies

    def refresh(self) -> None:
        if self.context.fetch([(sv.list_deputies, ()), (sv.list_conflicts, ())], self.refresh):
            self.deputies.clear()
            for d in self.context.read(sv.list_deputies):
                state = "revoked" if d.revoked_at is not None else "active" if d.is_active() else "expired"
                item = QListWidgetItem(f"{d.name}: boards {d.boards}, until {d.expires_at:%H:%M} UTC ({state})")
                item.setData(Qt.ItemDataRole.UserRole, d.id)
                self.deputies.addItem(item)
            self.conflicts.clear()
            for e in self.context.read(sv.list_conflicts):
                item = QListWidgetItem(f"Round {e.round} board {e.board}: {e.deputy} sent {e.result}; "
                                       f"on the board: {e.previous}")  # fmt: skip
                item.setData(Qt.ItemDataRole.UserRole, e.id)
                self.conflicts.addItem(item)

    def add_deputy(self) -> None:
        from arbiter_app.services.deputies import parse_boards

        try:
            boards = parse_boards(self.boards.text())
        except ArbiterError as error:
            show_error(self, error)
            return
        self.context.write(sv.add_deputy, self.name.text(), boards, self.hours.value(), on_done=self._on_added,
                           on_error=lambda error: show_error(self, error))  # fmt: skip

    def _on_added(self, new: Any) -> None:
        link = f"{self.base_url()}/deputy/{new.token}"
        self.link.setText(f"The link of {new.deputy.name} (shown once; give it to him only):\n{link}")
        self.link_qr.setPixmap(qr_pixmap(link, 4))
        self.name.clear()
        self.context.changed.emit()

    def _chosen(self, widget: QListWidget) -> int | None:
        item = widget.currentItem()
        return None if item is None else int(item.data(Qt.ItemDataRole.UserRole))

    def revoke(self) -> None:
        chosen = self._chosen(self.deputies)
        if chosen is not None:
            self.context.write(sv.revoke_deputy, str(chosen), on_done=lambda _d: self.context.changed.emit(),
                               on_error=lambda error: show_error(self, error))  # fmt: skip

    def decide(self, take: bool) -> None:
        """The chief arbiter's decision; taking the deputy's result is a correction, with its warnings asked."""
        chosen = self._chosen(self.conflicts)
        if chosen is None:
            return
        try:
            confirmed_call(self, lambda level: self.context.call(sv.decide_conflict, chosen, take, confirmed=level))
        except ArbiterError as error:
            show_error(self, error)

    def shut_down(self) -> None:
        """The tournament or the window closes: the server stops (its requests under way finish, 3 s at most)."""
        self.watch.stop()
        process = self.process
        if process is not None and self.running:
            process.terminate()
            if not process.waitForFinished(3000):
                process.kill()
                process.waitForFinished(1000)
