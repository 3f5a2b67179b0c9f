"""The one helper for background work: a QThreadPool running QRunnables that post results back as signals.

    runner = Runner()
    runner.submit(pair_next_round, db, tid, on_done=show_round, on_error=show_error)

Callbacks run on the GUI thread.  One worker thread: actions that write the
tournament file are serialised.  CPU-heavy work (pairing, explanations) is
handed by that thread to a child process (:mod:`arbiter_app.gui.process_call`,
see there why), when ``use_processes`` is set.  :class:`SyncRunner` does the same work at
once on the calling thread (tests that need no event loop).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject, QRunnable, QThreadPool, Signal, Slot

Callback = Callable[[Any], None]


class _TaskSignals(QObject):
    """Lives on the GUI thread; emitted from the worker, so delivered through the event loop."""

    finished = Signal(int, object)
    failed = Signal(int, object)


class _Task(QRunnable):
    def __init__(self, key: int, signals: _TaskSignals, fn: Callable[..., Any], args: tuple[Any, ...]) -> None:
        super().__init__()
        self.setAutoDelete(True)
        self._key, self._signals, self._fn, self._args = key, signals, fn, args

    def run(self) -> None:
        try:
            result = self._fn(*self._args)
        except BaseException as error:  # noqa: BLE001 - handed to the GUI thread, never swallowed
            self._signals.failed.emit(self._key, error)
        else:
            self._signals.finished.emit(self._key, result)


class Runner(QObject):
    """Runs callables on a worker thread; ``busy_changed`` tells when work starts and ends."""

    busy_changed = Signal(bool)
    finished = Signal(object)
    """Any task's result (after its own callback)."""
    failed = Signal(object)
    """Any task's exception (after its own callback)."""

    use_processes = True
    """Long services run in a child process (:mod:`arbiter_app.gui.process_call`), the thread only waits."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._pool = QThreadPool(self)
        self._pool.setMaxThreadCount(1)
        self._signals = _TaskSignals(self)
        self._signals.finished.connect(self._on_task_finished)
        self._signals.failed.connect(self._on_task_failed)
        self._callbacks: dict[int, tuple[Callback | None, Callback | None]] = {}
        self._keys = itertools.count(1)

    @property
    def is_busy(self) -> bool:
        return bool(self._callbacks)

    def submit(
        self, fn: Callable[..., Any], *args: Any, on_done: Callback | None = None, on_error: Callback | None = None
    ) -> None:
        key = next(self._keys)
        was_busy = self.is_busy
        self._callbacks[key] = (on_done, on_error)
        if not was_busy:
            self.busy_changed.emit(True)
        self._pool.start(_Task(key, self._signals, fn, args))

    def wait(self, msecs: int = -1) -> bool:
        """Block until the worker is idle (closing the window)."""
        return self._pool.waitForDone(msecs)

    @Slot(int, object)
    def _on_task_finished(self, key: int, result: object) -> None:
        on_done, _ = self._callbacks.pop(key)
        try:
            if on_done is not None:
                on_done(result)
            self.finished.emit(result)
        finally:
            self._settle()

    @Slot(int, object)
    def _on_task_failed(self, key: int, error: object) -> None:
        _, on_error = self._callbacks.pop(key)
        try:
            if on_error is None:
                raise error if isinstance(error, BaseException) else RuntimeError(error)
            on_error(error)
            self.failed.emit(error)
        finally:
            self._settle()

    def _settle(self) -> None:
        if not self.is_busy:
            self.busy_changed.emit(False)


class SyncRunner(Runner):
    """Same interface, no thread: the callable runs at once, in this process (for tests)."""

    use_processes = False

    def submit(
        self, fn: Callable[..., Any], *args: Any, on_done: Callback | None = None, on_error: Callback | None = None
    ) -> None:
        key = next(self._keys)
        self._callbacks[key] = (on_done, on_error)
        self.busy_changed.emit(True)
        try:
            result = fn(*args)
        except Exception as error:  # noqa: BLE001
            self._on_task_failed(key, error)
        else:
            self._on_task_finished(key, result)
