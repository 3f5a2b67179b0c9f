"""Opening a tournament file: the engine factory, pragmas, write transactions.

Nothing connects at import time.  Every connection gets ``foreign_keys=ON``,
``journal_mode=WAL`` and a ``busy_timeout`` from a connect-event listener.

Transactions opened through :attr:`Database.session_factory` start with
``BEGIN IMMEDIATE``: a writer takes SQLite's write lock at the start of the
action, so a second writer waits ``busy_timeout`` and then fails before it
has done anything (and never half-way, when it would try to upgrade a read
lock).  Read-only work uses :attr:`Database.read_factory` (``BEGIN``
deferred), which WAL lets run beside a writer.
"""

from __future__ import annotations

import os
import sqlite3
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sqlalchemy import Engine, create_engine, event
from sqlalchemy.exc import DBAPIError, OperationalError
from sqlalchemy.orm import Session, sessionmaker

from arbiter_app.persistence.errors import DatabaseBusyError, DatabaseFileError
from arbiter_app.persistence.migrate import upgrade_to_head

APP_FOLDER = "arbiter_app"
DEFAULT_BUSY_TIMEOUT_MS = 5000
BUSY_TIMEOUT_ENV = "ARBITER_BUSY_TIMEOUT_MS"
"""Environment variable overriding the busy timeout (milliseconds), e.g. for tests."""


def default_data_dir() -> Path:
    """The user's data folder for the application.

    Windows ``%APPDATA%\\arbiter_app``; macOS ``~/Library/Application
    Support/arbiter_app``; elsewhere ``$XDG_DATA_HOME/arbiter_app`` or
    ``~/.local/share/arbiter_app``.
    """
    if sys.platform == "win32":
        base = os.environ.get("APPDATA") or os.environ.get("LOCALAPPDATA")
        return Path(base) / APP_FOLDER if base else Path.home() / "AppData" / "Roaming" / APP_FOLDER
    if sys.platform == "darwin":
        return Path.home() / "Library" / "Application Support" / APP_FOLDER
    xdg = os.environ.get("XDG_DATA_HOME")
    return (Path(xdg) if xdg else Path.home() / ".local" / "share") / APP_FOLDER


def default_database_path() -> Path:
    """Where the tournament file lives when none is named."""
    return default_data_dir() / "tournament.db"


def _set_pragmas(dbapi_connection: Any, _record: Any, busy_timeout_ms: int) -> None:
    # Take transaction control from the sqlite3 module: the "begin" listener
    # below issues BEGIN itself.
    dbapi_connection.isolation_level = None
    cursor = dbapi_connection.cursor()
    try:
        cursor.execute(f"PRAGMA busy_timeout = {int(busy_timeout_ms)}")
        cursor.execute("PRAGMA foreign_keys = ON")
        cursor.execute("PRAGMA journal_mode = WAL")
    finally:
        cursor.close()


def _begin(connection: Any) -> None:
    """BEGIN IMMEDIATE unless the connection asks for ``sqlite_begin="DEFERRED"`` (readers)."""
    mode = connection.get_execution_options().get("sqlite_begin", "IMMEDIATE")
    connection.exec_driver_sql(f"BEGIN {mode}")


def _listen(engine: Engine, busy_timeout_ms: int) -> Engine:
    event.listen(engine, "connect", lambda dbapi, record: _set_pragmas(dbapi, record, busy_timeout_ms))
    event.listen(engine, "begin", _begin)
    return engine


def create_database_engine(path: str | os.PathLike[str], busy_timeout_ms: int | None = None) -> Engine:
    """An engine on the SQLite file ``path`` (created on first write); does not connect."""
    if busy_timeout_ms is None:
        busy_timeout_ms = int(os.environ.get(BUSY_TIMEOUT_ENV, DEFAULT_BUSY_TIMEOUT_MS))
    return _listen(create_engine(f"sqlite:///{os.fspath(path)}"), busy_timeout_ms)


def is_busy(error: BaseException) -> bool:
    """The SQLite error says the file is locked by another connection."""
    original = error.orig if isinstance(error, DBAPIError) else error
    if not isinstance(original, sqlite3.OperationalError):
        return False
    text = str(original).lower()
    return "database is locked" in text or "database is busy" in text or "database table is locked" in text


@dataclass
class Database:
    """An open tournament file: its engine and its two session factories."""

    path: Path | None
    """The file, None for an in-memory database."""
    engine: Engine
    session_factory: sessionmaker[Session]
    """Write transactions (``BEGIN IMMEDIATE``): ``with db.session_factory.begin() as s:``."""
    read_factory: sessionmaker[Session]
    """Read-only work (deferred ``BEGIN``)."""

    @classmethod
    def from_engine(cls, engine: Engine, path: Path | None) -> Database:
        reader = engine.execution_options(sqlite_begin="DEFERRED")
        return cls(
            path,
            engine,
            sessionmaker(engine, expire_on_commit=False),
            sessionmaker(reader, expire_on_commit=False),
        )

    @property
    def name(self) -> str:
        """The file name for messages."""
        return str(self.path) if self.path is not None else ":memory:"

    @contextmanager
    def write(self) -> Iterator[Session]:
        """One write transaction; SQLite busy/locked becomes :class:`DatabaseBusyError`."""
        with self.translated_errors(), self.session_factory.begin() as session:
            yield session

    @contextmanager
    def read(self) -> Iterator[Session]:
        """One read transaction."""
        with self.translated_errors(), self.read_factory.begin() as session:
            yield session

    @contextmanager
    def translated_errors(self) -> Iterator[None]:
        """Turn SQLite's file-level failures into :class:`DatabaseFileError` messages."""
        try:
            yield
        except OperationalError as error:
            if is_busy(error):
                raise DatabaseBusyError(self.name) from error
            raise DatabaseFileError(self.name, f"cannot use the tournament file ({error.orig})") from error
        except DBAPIError as error:
            if isinstance(error.orig, sqlite3.DatabaseError) and "not a database" in str(error.orig):
                raise DatabaseFileError(self.name, "this is not a tournament file (not an SQLite database)") from error
            raise

    def dispose(self) -> None:
        """Close every pooled connection."""
        self.engine.dispose()


def open_database(
    path: str | os.PathLike[str], *, create: bool = False, busy_timeout_ms: int | None = None
) -> Database:
    """Open (or, with ``create``, create) a tournament file and bring its schema to the head revision.

    Raises :class:`DatabaseFileError` when the file is missing (without
    ``create``), is not an SQLite file, or is locked, and
    :class:`SchemaTooNewError` for a file from a newer version.
    """
    file = Path(path)
    if not create and not file.is_file():
        raise DatabaseFileError(str(file), "no such tournament file (create one with 'arbiter new')")
    if create:
        try:
            file.parent.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise DatabaseFileError(str(file), f"cannot create the folder: {error.strerror}") from error
    db = Database.from_engine(create_database_engine(file, busy_timeout_ms), file)
    try:
        with db.translated_errors():
            upgrade_to_head(db.engine, db.name)
    except BaseException:
        db.dispose()
        raise
    return db


def open_memory_database() -> Database:
    """A fresh in-memory database at the head revision (one shared connection), for tests and previews."""
    from sqlalchemy.pool import StaticPool

    engine = _listen(create_engine("sqlite://", poolclass=StaticPool), 0)
    upgrade_to_head(engine, ":memory:")
    return Database.from_engine(engine, None)
