"""Long work in a separate process, so that the window never waits for Python's interpreter lock.

A pairing is pure Python: run on a thread of the GUI process it holds the
interpreter lock, and every call the window makes into Python (each cell a
table paints asks its model) waits for a lock hand-over, up to 5 ms each:
repainting a table then takes seconds.  So the worker thread of
:class:`~arbiter_app.gui.workers.Runner` hands the work to one child process
and only waits for the answer; the GUI thread stays free.

The child opens the tournament file itself (SQLite in WAL mode lets the
window read while the child writes).  Results are the services' frozen DTOs;
errors come back as the same exception classes with the same message and
attributes.  This module imports no Qt: the child never loads it.
"""

from __future__ import annotations

import importlib
import io
import multiprocessing
import os
import pickle
import traceback
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

_executor: ProcessPoolExecutor | None = None


def executor() -> ProcessPoolExecutor:
    """One child process, started on first use (spawned: the same on Linux, Windows and macOS)."""
    global _executor
    if _executor is None:
        _executor = ProcessPoolExecutor(max_workers=1, mp_context=multiprocessing.get_context("spawn"))
    return _executor


def shutdown() -> None:
    """Stop the child (the application is closing)."""
    global _executor
    if _executor is not None:
        try:
            _executor.shutdown(wait=True, cancel_futures=True)
        except BrokenProcessPool:
            pass
        _executor = None


_unavailable: str | None = None
"""Why no child process could be started (then the work runs on the calling thread)."""


def call(fn: Callable[..., Any], *args: Any) -> Any:
    """``fn(*args)`` in the child process; blocks the calling (worker) thread only.

    Where no child process can be started (a sandbox, a bundle without
    ``freeze_support``), the work runs on the calling thread instead: slower
    to repaint while it runs, never wrong.
    """
    global _unavailable
    if _unavailable is None:
        try:
            future = executor().submit(_run_packed, fn, args)
        except (BrokenProcessPool, OSError, RuntimeError) as error:
            _unavailable = str(error) or type(error).__name__
            shutdown()
        else:
            try:
                return _unwrap(unpack(future.result()))
            except BrokenProcessPool as error:  # the child died (killed, out of memory): once more, here
                _unavailable = str(error) or type(error).__name__
                shutdown()
    return _unwrap(_run(fn, args))


def call_service(name: str, path: str | os.PathLike[str], tournament_id: int, /, *args: Any, **kwargs: Any) -> Any:
    """The service ``arbiter_app.services.<name>(db, tournament_id, *args, **kwargs)`` on the file ``path``, in the
    child."""
    if kwargs:
        return call(run_service_with, name, os.fspath(path), tournament_id, args, kwargs)
    return call(run_service, name, os.fspath(path), tournament_id, *args)


def call_on_file(fn: Callable[..., Any], path: str | os.PathLike[str], tournament_id: int, *args: Any) -> Any:
    """``fn(db, tournament_id, *args)`` in the child on the file ``path`` (``fn`` a module-level function of the
    application, above the services: a report, a preview)."""
    return call(run_on_file, fn, os.fspath(path), tournament_id, *args)


def run_on_file(fn: Callable[..., Any], path: str, tournament_id: int, *args: Any) -> Any:
    """In the child: open the file, ``fn(db, tournament_id, *args)``, close the file."""
    from arbiter_app.services.files import open_database

    db = open_database(path)
    try:
        return fn(db, tournament_id, *args)
    finally:
        db.dispose()


def read_services(path: str, tournament_id: int, reads: list[tuple[str, tuple[Any, ...]]]) -> list[Any]:
    """In the child: several reading services on one opening of the file, their answers in order."""
    from arbiter_app import services
    from arbiter_app.services.files import open_database

    db = open_database(path)
    try:
        return [getattr(services, name)(db, tournament_id, *args) for name, args in reads]
    finally:
        db.dispose()


def run_service(name: str, path: str, tournament_id: int, *args: Any) -> Any:
    """In the child: open the file, run the service, close the file."""
    from arbiter_app import services
    from arbiter_app.services.files import open_database

    db = open_database(path)
    try:
        return getattr(services, name)(db, tournament_id, *args)
    finally:
        db.dispose()


def run_service_with(name: str, path: str, tournament_id: int, args: tuple[Any, ...], kwargs: dict[str, Any]) -> Any:
    """In the child: :func:`run_service` with keyword arguments."""
    from arbiter_app import services
    from arbiter_app.services.files import open_database

    db = open_database(path)
    try:
        return getattr(services, name)(db, tournament_id, *args, **kwargs)
    finally:
        db.dispose()


def _run(fn: Callable[..., Any], args: tuple[Any, ...]) -> tuple[str, Any]:
    try:
        return "ok", fn(*args)
    except Exception as error:  # noqa: BLE001 - carried back to the parent and raised there
        kind = type(error)
        state = {k: v for k, v in vars(error).items() if _picklable(v)}
        return "error", (kind.__module__, kind.__qualname__, str(error), state, traceback.format_exc())


SLICE = 200
"""Items of a long tuple or list pickled together (see :func:`pack`)."""


class _SlicingPickler(pickle.Pickler):
    """Pickles every tuple or list longer than :data:`SLICE` apart, a slice of :data:`SLICE` items at a time, into
    ``slices``; the pickle itself keeps a reference to them."""

    def __init__(self, out: io.BytesIO, slices: list[bytes]) -> None:
        super().__init__(out, protocol=pickle.HIGHEST_PROTOCOL)
        self.slices = slices

    def persistent_id(self, obj: Any) -> Any:
        kind = type(obj)
        if (kind is tuple or kind is list) and len(obj) > SLICE:
            # the slices of the long sequences inside these items are appended while these are pickled; these
            # follow them, one after the other
            pieces = [_pickled(obj[k : k + SLICE], self.slices) for k in range(0, len(obj), SLICE)]
            first = len(self.slices)
            self.slices.extend(pieces)
            return (kind is tuple, first, len(self.slices))
        return None


def _pickled(value: Any, slices: list[bytes]) -> bytes:
    out = io.BytesIO()
    _SlicingPickler(out, slices).dump(value)
    return out.getvalue()


class _SlicingUnpickler(pickle.Unpickler):
    def __init__(self, data: bytes, slices: list[bytes]) -> None:
        super().__init__(io.BytesIO(data))
        self.slices = slices

    def persistent_load(self, pid: Any) -> Any:
        is_tuple, first, end = pid
        items: list[Any] = []
        for k in range(first, end):
            items.extend(_SlicingUnpickler(self.slices[k], self.slices).load())
        return tuple(items) if is_tuple else items


def pack(value: Any) -> tuple[bytes, list[bytes]]:
    """``value`` as bytes in which no long sequence is one piece: a reply of the child (a round list of 9,000
    boards, the ranked standings of 2,000 players) is unpickled by the parent's worker thread, which holds
    Python's lock during each call to :func:`pickle.loads`; unpickled a slice of :data:`SLICE` items at a time,
    the lock goes back to the window's thread between two slices (every few milliseconds) instead of once after
    the whole reply (40-100 ms at 2,000 players on a quiet machine, several times that under load, issue 28).
    Equal values come back; objects shared between slices come back as equal copies."""
    slices: list[bytes] = []
    return _pickled(value, slices), slices


def unpack(packed: tuple[bytes, list[bytes]]) -> Any:
    """The value :func:`pack` packed."""
    data, slices = packed
    return _SlicingUnpickler(data, slices).load()


def _run_packed(fn: Callable[..., Any], args: tuple[Any, ...]) -> tuple[bytes, list[bytes]]:
    """In the child: :func:`_run`'s outcome packed for the parent (:func:`pack`)."""
    outcome = _run(fn, args)
    try:
        return pack(outcome)
    except Exception:  # noqa: BLE001 - an answer pickle refuses: the error says so, as an unpicklable reply would
        return pack(_run(_refuse, (outcome[1],)))


def _refuse(value: Any) -> Any:
    pickle.dumps(value)
    return value


def _picklable(value: object) -> bool:
    import pickle

    try:
        pickle.dumps(value)
    except Exception:  # noqa: BLE001
        return False
    return True


def _unwrap(outcome: tuple[str, Any]) -> Any:
    status, value = outcome
    if status == "ok":
        return value
    module, qualname, message, state, trace = value
    try:
        kind: Any = importlib.import_module(module)
        for part in qualname.split("."):
            kind = getattr(kind, part)
        error = kind.__new__(kind)
        Exception.__init__(error, message)
        error.__dict__.update(state)
    except Exception:  # noqa: BLE001 - an exception class we cannot rebuild: keep its words
        error = RuntimeError(f"{qualname}: {message}\n{trace}")
    raise error
