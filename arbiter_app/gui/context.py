"""The open tournament: its file, its id, the worker, and a ``changed`` signal every view listens to."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, Signal

from arbiter_app import services as sv
from arbiter_app.gui import process_call
from arbiter_app.gui.workers import Callback, Runner
from arbiter_app.services.dto import TournamentInfo
from arbiter_app.services.files import Database


class TournamentContext(QObject):
    """What every view works on; services are called through :meth:`call` (writes) or :meth:`read`."""

    changed = Signal()
    """The tournament changed: views refresh."""
    message = Signal(str)
    """A line for the status bar."""

    def __init__(self, db: Database, tournament_id: int, runner: Runner, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.db = db
        self.tournament_id = tournament_id
        self.runner = runner
        self._tournament: TournamentInfo | None = None
        self.changed.connect(self._on_changed)

    @property
    def path(self) -> Path | None:
        return self.db.path

    @property
    def tournament(self) -> TournamentInfo:
        if self._tournament is None:
            self._tournament = sv.get_tournament(self.db, self.tournament_id)
        return self._tournament

    @property
    def is_busy(self) -> bool:
        return self.runner.is_busy

    def read(self, service: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        """A service that only reads: ``service(db, tournament_id, *args)``."""
        return service(self.db, self.tournament_id, *args, **kwargs)

    def call(self, service: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        """A service that changes the tournament; views refresh afterwards.  Errors propagate to the caller."""
        result = service(self.db, self.tournament_id, *args, **kwargs)
        self.changed.emit()
        return result

    def run(
        self, service: Callable[..., Any], *args: Any, on_done: Callback | None = None, on_error: Callback | None = None
    ) -> None:
        """A long service off the GUI thread (in the child process when the runner uses one); on success views
        refresh, then ``on_done`` runs."""

        def done(result: Any) -> None:
            self.changed.emit()
            if on_done is not None:
                on_done(result)

        if self.runner.use_processes and self.db.path is not None:
            name = service.__name__
            if getattr(sv, name, None) is not service:
                raise ValueError(f"{name} is not a service of arbiter_app.services")
            self.runner.submit(
                process_call.call_service,
                name,
                self.db.path,
                self.tournament_id,
                *args,
                on_done=done,
                on_error=on_error,
            )
        else:
            self.runner.submit(service, self.db, self.tournament_id, *args, on_done=done, on_error=on_error)

    def close(self) -> None:
        """Wait for the worker, then close the file."""
        self.runner.wait()
        self.db.dispose()

    def _on_changed(self) -> None:
        self._tournament = None
