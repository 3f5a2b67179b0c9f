"""Opening a tournament file: the engine factory, pragmas, write transactions.

Nothing connects at import time.  Every connection gets ``foreign_keys=ON``,
``journal_mode=WAL`` and a ``busy_timeout`` from a connect-event listener.
Connections are made by a creator function from the file's path, never from
a URL string: a name with ``?`` or ``%`` is the file it names.

A command that only reads opens the file read-only (``mode=ro``; also
``immutable`` when the folder or the file cannot be written, so that no WAL
side file is needed), and never sets WAL.  An SQLite file of another program
is refused before anything is written to it.

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

from sqlalchemy import URL, Engine, create_engine, event, inspect, text
from sqlalchemy.exc import DBAPIError, OperationalError
from sqlalchemy.orm import Session, sessionmaker

from arbiter_app.persistence import audit_chain
from arbiter_app.persistence.errors import DatabaseBusyError, DatabaseFileError, OutsideChangeError
from arbiter_app.persistence.migrate import HEAD_REVISION, upgrade_to_head

APP_FOLDER = "arbiter_app"
DEFAULT_BUSY_TIMEOUT_MS = 5000
ARBITER_ENV = "ARBITER_NAME"
"""Environment variable naming the arbiter at work, when :func:`open_database` is not told."""
NEW_ENTRIES = "audit_entries_added"
"""``session.info`` key: the audit entries a write transaction added (chained when it commits)."""
_SEALED = "sealed_data_version"
"""Per connection: its ``PRAGMA data_version`` when it last sealed the file."""
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


def _set_pragmas(dbapi_connection: Any, _record: Any, busy_timeout_ms: int, wal: bool = True) -> None:
    # Take transaction control from the sqlite3 module: the "begin" listener
    # below issues BEGIN itself.
    dbapi_connection.isolation_level = None
    cursor = dbapi_connection.cursor()
    try:
        cursor.execute(f"PRAGMA busy_timeout = {int(busy_timeout_ms)}")
        cursor.execute("PRAGMA foreign_keys = ON")
        if wal:
            cursor.execute("PRAGMA journal_mode = WAL")
    finally:
        cursor.close()


def _begin(connection: Any) -> None:
    """BEGIN IMMEDIATE unless the connection asks for ``sqlite_begin="DEFERRED"`` (readers)."""
    mode = connection.get_execution_options().get("sqlite_begin", "IMMEDIATE")
    connection.exec_driver_sql(f"BEGIN {mode}")


def _listen(engine: Engine, busy_timeout_ms: int, wal: bool = True) -> Engine:
    event.listen(engine, "connect", lambda dbapi, record: _set_pragmas(dbapi, record, busy_timeout_ms, wal))
    event.listen(engine, "begin", _begin)
    return engine


def file_uri(path: str | os.PathLike[str], read_only: bool = False, immutable: bool = False) -> str:
    """The SQLite URI of the file ``path`` (every character of the name escaped), read-write-create or
    read-only (``immutable``: no lock and no WAL side file either)."""
    mode = "?mode=ro" + ("&immutable=1" if immutable else "") if read_only else "?mode=rwc"
    return Path(os.path.abspath(os.fspath(path))).as_uri() + mode


def connect_file(path: str | os.PathLike[str], read_only: bool = False, immutable: bool = False) -> sqlite3.Connection:
    """A DB-API connection on the file ``path`` itself (its name is never read as a URL or a URI)."""
    return sqlite3.connect(file_uri(path, read_only, immutable), uri=True, check_same_thread=False)


def create_database_engine(
    path: str | os.PathLike[str],
    busy_timeout_ms: int | None = None,
    *,
    read_only: bool = False,
    immutable: bool = False,
) -> Engine:
    """An engine on the SQLite file ``path`` (created on first write); does not connect."""
    if busy_timeout_ms is None:
        busy_timeout_ms = int(os.environ.get(BUSY_TIMEOUT_ENV, DEFAULT_BUSY_TIMEOUT_MS))
    engine = create_engine(
        URL.create("sqlite", database=os.fspath(path)),
        creator=lambda: connect_file(path, read_only, immutable),
    )
    return _listen(engine, busy_timeout_ms, wal=not read_only)


def writable(file: Path) -> bool:
    """The file (when it exists) and its folder can be written (WAL needs side files beside it)."""
    folder = file.parent if str(file.parent) else Path(".")
    return os.access(folder, os.W_OK | os.X_OK) and (not file.exists() or os.access(file, os.W_OK))


def _tables(file: Path, name: str) -> set[str] | None:
    """The tables of an existing file, read without changing it; None for an empty (0-byte) file."""
    if file.stat().st_size == 0:
        return None
    try:
        connection = connect_file(file, read_only=True, immutable=not writable(file))
        try:
            return {row[0] for row in connection.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        finally:
            connection.close()
    except sqlite3.DatabaseError as error:
        if "not a database" in str(error) or "malformed" in str(error):
            raise DatabaseFileError(name, "this is not a tournament file (not an SQLite database)") from error
        raise DatabaseFileError(name, f"cannot read the tournament file ({error})") from error


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
    arbiter: str = ""
    """Who works on the file (the arbiter's name, asked once at start): every audit row records it."""
    read_only: bool = False
    """Opened read-only (``mode=ro``): every write fails."""

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
    def write(self, *, outside_changes: bool = False) -> Iterator[Session]:
        """One write transaction; SQLite busy/locked becomes :class:`DatabaseBusyError`.

        It starts by checking that the state is the one the program sealed last (else
        :class:`OutsideChangeError`, nothing done; ``outside_changes``: the caller records them) and ends by
        chaining its audit entries and sealing the state (:mod:`arbiter_app.persistence.audit_chain`)."""
        if self.read_only:
            raise DatabaseFileError(self.name, "the file is open read-only here (its folder or the file is read-only)")
        with self.translated_errors(), self.session_factory.begin() as session:
            session.info["arbiter"] = self.arbiter
            # Another connection's commit changes data_version; without one, the state is the one this
            # connection sealed, and the check is spared.
            kept = session.connection().connection.info
            version = session.execute(text("PRAGMA data_version")).scalar()
            if not outside_changes and kept.get(_SEALED) != version:
                changed = audit_chain.state_findings(session, None)
                if changed:
                    raise OutsideChangeError(self.name, changed)
            yield session
            session.flush()
            # Entries of a savepoint rolled back (a sheet's bad row, a preview) are no longer in the session.
            entries = [e for e in session.info.pop(NEW_ENTRIES, []) if inspect(e).persistent]
            audit_chain.seal(session, sorted({e.id for e in entries}))
            kept.pop(_SEALED, None)
        kept[_SEALED] = version

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
    path: str | os.PathLike[str],
    *,
    create: bool = False,
    busy_timeout_ms: int | None = None,
    read_only: bool = False,
    arbiter: str | None = None,
) -> Database:
    """Open (or, with ``create``, create) a tournament file and bring its schema to the head revision.

    ``read_only``: the caller only reads; the file is opened ``mode=ro`` and
    nothing is written to it (a file of an older version is upgraded first
    when it can be written).  A file or folder that cannot be written is
    opened read-only as well.  ``arbiter``: who works on the file, recorded in
    every audit row (default: the ``ARBITER_NAME`` environment variable).

    Raises :class:`DatabaseFileError` when the file is missing (without
    ``create``), is not an SQLite file, is another program's SQLite file
    (left untouched), or is locked, and :class:`SchemaTooNewError` for a file
    from a newer version.
    """
    if arbiter is None:
        arbiter = " ".join(os.environ.get(ARBITER_ENV, "").split())
    file = Path(path)
    name = str(file)
    if not create and not file.is_file():
        raise DatabaseFileError(name, "no such tournament file (create one with 'arbiter new')")
    tables = _tables(file, name) if file.is_file() else None
    if tables and "alembic_version" not in tables and "tournaments" not in tables:
        shown = ", ".join(sorted(tables)[:5]) + (", ..." if len(tables) > 5 else "")
        raise DatabaseFileError(
            name, f"this SQLite file belongs to another program (tables {shown}): not a tournament file; left untouched"
        )
    if not tables and not create and read_only:
        raise DatabaseFileError(name, "the file is empty: not a tournament file (create one with 'arbiter new')")
    if create:
        try:
            file.parent.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise DatabaseFileError(name, f"cannot create the folder: {error.strerror}") from error
    can_write = writable(file)
    if tables and (read_only or not can_write) and _revision(file, can_write) == HEAD_REVISION:
        engine = create_database_engine(file, busy_timeout_ms, read_only=True, immutable=not can_write)
        db = Database.from_engine(engine, file)
        db.read_only = True
        db.arbiter = arbiter
        return db
    if tables and not can_write:
        raise DatabaseFileError(
            name, "the file was written by an older version and must be upgraded, but it cannot be written here"
        )
    db = Database.from_engine(create_database_engine(file, busy_timeout_ms), file)
    db.arbiter = arbiter
    try:
        with db.translated_errors():
            upgrade_to_head(db.engine, db.name)
    except BaseException:
        db.dispose()
        raise
    return db


def _revision(file: Path, can_write: bool) -> str | None:
    connection = connect_file(file, read_only=True, immutable=not can_write)
    try:
        found = connection.execute("SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'alembic_version'")
        if found.fetchone() is None:
            return None
        row = connection.execute("SELECT version_num FROM alembic_version").fetchone()
        return None if row is None else str(row[0])
    except sqlite3.Error:
        return None
    finally:
        connection.close()


def open_memory_database() -> Database:
    """A fresh in-memory database at the head revision (one shared connection), for tests and previews."""
    from sqlalchemy.pool import StaticPool

    engine = _listen(create_engine("sqlite://", poolclass=StaticPool), 0)
    upgrade_to_head(engine, ":memory:")
    return Database.from_engine(engine, None)
