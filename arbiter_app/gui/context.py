"""The open tournament: its file, its id, the worker, and a ``changed`` signal every view listens to."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, Signal

from arbiter_app import services as sv
from arbiter_app.gui import process_call
from arbiter_app.gui.workers import Callback, Runner
from arbiter_app.services import desks
from arbiter_app.services.dto import TournamentInfo
from arbiter_app.services.files import Database


class TournamentContext(QObject):
    """What every view works on; services are called through :meth:`call` (writes) or :meth:`read`."""

    changed = Signal()
    """The tournament changed: views refresh."""
    message = Signal(str)
    """A line for the status bar."""
    _elsewhere = Signal(str)
    """Another desk changed the tournament (emitted from the listener's thread, delivered on the GUI thread)."""

    def __init__(self, db: Database, tournament_id: int, runner: Runner, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.db = db
        self.tournament_id = tournament_id
        self.runner = runner
        self._tournament: TournamentInfo | None = None
        self._reads: dict[Any, Any] = {}
        self.generation = 0
        """Counts the changes: an answer computed off the GUI thread is kept only if none came meanwhile."""
        self._closed = False
        self.reader = type(runner)(self)
        """Reads off the GUI thread (:meth:`fetch`) and short writes (:meth:`write`), apart from ``runner``: no
        busy indication, actions stay on."""
        self.changed.connect(self._on_changed)
        # Several desks on a server: another desk's change refreshes the views here, as a change of this desk does.
        self._elsewhere.connect(self._on_elsewhere)
        self._listener = desks.listen_for_changes(db, self._elsewhere.emit)

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
        """A service that only reads: ``service(db, tournament_id, *args)``.

        The answer is kept until the tournament changes (``changed``): the views that refresh after one change
        read the round list, the players... once between them, not once each.  The services' answers are frozen
        DTOs, safe to share.
        """
        try:
            key: Any = (service, args, tuple(sorted(kwargs.items())))
            hash(key)
        except TypeError:
            return service(self.db, self.tournament_id, *args, **kwargs)
        if key not in self._reads:
            self._reads[key] = service(self.db, self.tournament_id, *args, **kwargs)
        return self._reads[key]

    def fetch(self, reads: list[tuple[Callable[..., Any], tuple[Any, ...]]], then: Callable[[], None]) -> bool:
        """Make sure the answers of ``reads`` (service, args) are in hand; True if they are already.

        Otherwise they are read off the GUI thread (in the child process, all on one opening of the file: the
        round list of 2,000 players takes a second to read, issue 21), kept as :meth:`read` keeps its own, and
        ``then()`` runs on the GUI thread once they are in, unless the tournament changed or closed meanwhile
        (whoever reads then asks again).  With a synchronous runner they are read at once.
        """
        missing = [(service, args) for service, args in reads if (service, args, ()) not in self._reads]
        if not missing:
            return True
        if not (self.reader.use_processes and self.db.path is not None):
            for service, args in missing:
                self.read(service, *args)
            return True
        generation = self.generation

        def done(answers: list[Any]) -> None:
            if generation == self.generation and not self._closed:
                for (service, args), answer in zip(missing, answers):
                    self._reads[(service, args, ())] = answer
                then()

        self.reader.submit(
            process_call.call,
            process_call.read_services,
            str(self.db.path),
            self.tournament_id,
            [(service.__name__, args) for service, args in missing],
            on_done=done,
        )
        return False

    def cached(self, service: Callable[..., Any], *args: Any) -> tuple[Any] | None:
        """``(answer,)`` if ``service(*args)`` was read since the last change (see :meth:`remember`), else None."""
        key = (service, args, ())
        return (self._reads[key],) if key in self._reads else None

    def remember(self, generation: int, answer: Any, service: Callable[..., Any], *args: Any) -> bool:
        """Keep an answer computed elsewhere (off the GUI thread, asked at ``generation``) as :meth:`read` keeps
        its own; False (not kept) when the tournament changed since it was asked."""
        if generation != self.generation:
            return False
        self._reads[(service, args, ())] = answer
        return True

    def forget_reads(self) -> None:
        """Read everything from the file again (after a change made outside :meth:`call` and :meth:`run`)."""
        self._reads.clear()
        self._tournament = None

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

        self._submit(self.runner, service, args, done, on_error)

    def run_on(
        self, runner: Runner, service: Callable[..., Any], *args: Any, on_done: Callback, on_error: Callback | None
    ) -> None:
        """A long service that only reads, on a worker of the caller's own (a panel's: its answers do not wait
        behind the window's reads), in the child process like :meth:`run`; nothing refreshes afterwards."""
        self._submit(runner, service, args, on_done, on_error)

    def write(
        self, service: Callable[..., Any], /, *args: Any, on_done: Callback, on_error: Callback, **kwargs: Any
    ) -> None:
        """A short change off the GUI thread, behind the reads already asked for (:attr:`reader`) and without the
        busy state of :meth:`run`: the arbiter goes on typing (a result stored in a round of 1,000 boards takes a
        tenth of a second, issue 21).  ``on_done(answer)`` runs on the GUI thread; it emits :attr:`changed`
        (the caller knows what it has shown already).  ``kwargs`` go to the service."""
        self._submit(self.reader, service, args, on_done, on_error, kwargs)

    def _submit(
        self,
        runner: Runner,
        service: Callable[..., Any],
        args: tuple[Any, ...],
        on_done: Callback,
        on_error: Callback | None,
        kwargs: dict[str, Any] | None = None,
    ) -> None:
        """``service(db, tournament_id, *args, **kwargs)`` on ``runner``: in the child process when it uses one."""
        kwargs = kwargs or {}
        if runner.use_processes and self.db.path is not None:
            name = service.__name__
            if getattr(sv, name, None) is not service:
                raise ValueError(f"{name} is not a service of arbiter_app.services")
            runner.submit(
                partial(process_call.call_service, **kwargs),
                name,
                self.db.path,
                self.tournament_id,
                *args,
                on_done=on_done,
                on_error=on_error,
            )
        else:
            runner.submit(partial(service, **kwargs) if kwargs else service, self.db, self.tournament_id, *args,
                          on_done=on_done, on_error=on_error)  # fmt: skip

    def compute(self, fn: Callable[..., Any], *args: Any, on_done: Callback, on_error: Callback) -> None:
        """``fn(db, tournament_id, *args)``, a long read that is not a service (a report, its preview), off the GUI
        thread behind the reads already asked for: in the child process when the reader uses one, else at once.
        ``on_done(answer)`` runs on the GUI thread unless the tournament closed meanwhile."""

        def done(answer: Any) -> None:
            if not self._closed:
                on_done(answer)

        if self.reader.use_processes and self.db.path is not None:
            self.reader.submit(process_call.call_on_file, fn, self.db.path, self.tournament_id, *args, on_done=done,
                               on_error=on_error)  # fmt: skip
        else:
            self.reader.submit(fn, self.db, self.tournament_id, *args, on_done=done, on_error=on_error)

    def _on_elsewhere(self, who: str) -> None:
        if self._closed:
            return
        self._tournament = None  # its settings too may have changed
        self.changed.emit()
        self.message.emit(f"Changed at another desk by {who}" if who else "Read again after the server came back")

    def close(self) -> None:
        """Wait for the workers, then close the file."""
        if self._listener is not None:
            self._listener.stop()
        self._closed = True
        self.runner.wait()
        self.reader.wait()
        self.db.dispose()

    def _on_changed(self) -> None:
        self.generation += 1
        self.forget_reads()
