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
import re
import sqlite3
import sys
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import unquote

from sqlalchemy import URL, Engine, create_engine, event, inspect, make_url, text
from sqlalchemy.exc import ArgumentError, DBAPIError, OperationalError
from sqlalchemy.orm import Session, sessionmaker
from sqlalchemy.orm.exc import StaleDataError

from arbiter_app.persistence import audit_chain
from arbiter_app.persistence.errors import (
    ChangedMeanwhileError,
    DatabaseBusyError,
    DatabaseFileError,
    OutsideChangeError,
)
from arbiter_app.persistence.migrate import HEAD_REVISION, WRITE_LOCK, upgrade_to_head

APP_FOLDER = "arbiter_app"
DEFAULT_BUSY_TIMEOUT_MS = 5000
SERVER_BUSY_TIMEOUT_MS = 30000
"""On a server several desks queue for the write lock: a write waits up to this long before it is refused."""
ARBITER_ENV = "ARBITER_NAME"
"""Environment variable naming the arbiter at work, when :func:`open_database` is not told."""
NEW_ENTRIES = "audit_entries_added"
"""``session.info`` key: the audit entries a write transaction added (chained when it commits)."""
_SEALED = "sealed_data_version"
"""Per connection: its ``PRAGMA data_version`` when it last sealed the file."""
BUSY_TIMEOUT_ENV = "ARBITER_BUSY_TIMEOUT_MS"
"""Environment variable overriding the busy timeout (milliseconds), e.g. for tests."""


SERVER_DRIVER = "postgresql+psycopg"
"""The one server database supported: PostgreSQL through psycopg 3."""
_SERVER_SCHEMES = {"postgresql", "postgres", SERVER_DRIVER}
_SCHEME = re.compile(r"^([A-Za-z][A-Za-z0-9+.\-]+):")
"""A URL's scheme (two characters at least: ``C:\\...`` is a Windows path)."""
CHANGES_CHANNEL = "arbiter_changes"
"""The NOTIFY channel on which every committed write is announced to the other desks."""


class LocationError(DatabaseFileError):
    """``--db`` or the connect dialog named something that is neither a file path nor a supported URL."""


def redacted(url: URL) -> str:
    """The URL as shown, recorded and remembered: no password (nor a ``password=`` parameter)."""
    query = {k: v for k, v in url.query.items() if k.lower() not in ("password", "passfile")}
    bare = URL.create(url.drivername, url.username, None, url.host, url.port, url.database, query)
    return unquote(bare.render_as_string(hide_password=False))


def parse_location(location: str | os.PathLike[str] | URL) -> Path | URL:
    """A tournament's place: a file path, or the URL of a database on a PostgreSQL server.

    ``postgresql://`` and ``postgres://`` mean ``postgresql+psycopg://``.  Anything with another scheme (``sqlite:``,
    ``mysql://``, ``file:``, a misspelt ``postgresq://``) is refused, never taken as a file name."""
    if isinstance(location, URL):
        url = location
    elif not isinstance(location, str) or not _SCHEME.match(location):
        return Path(location)
    else:
        scheme = _SCHEME.match(location).group(1)  # type: ignore[union-attr]
        shown = scheme + ":..."
        if scheme.lower() not in _SERVER_SCHEMES:
            raise LocationError(
                shown,
                f"neither a tournament file's path nor a supported database URL (scheme {scheme!r}); give a "
                f"file path, or a server as {SERVER_DRIVER}://user@host/database (a file whose name has a colon: "
                "write it as ./NAME)",
            )
        try:
            url = make_url(location)
        except ArgumentError as error:
            raise LocationError(shown, "not a valid database URL (expected "
                                f"{SERVER_DRIVER}://user@host/database)") from error  # fmt: skip
    if url.drivername not in _SERVER_SCHEMES:
        raise LocationError(redacted(url), f"unsupported database (only {SERVER_DRIVER}://user@host/database)")
    url = url.set(drivername=SERVER_DRIVER)
    if not url.database:
        raise LocationError(redacted(url), "the URL names no database (…/database at its end)")
    return url


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
    """The file, None for an in-memory database or a server's."""
    engine: Engine
    session_factory: sessionmaker[Session]
    """Write transactions (``BEGIN IMMEDIATE``): ``with db.session_factory.begin() as s:``."""
    read_factory: sessionmaker[Session]
    """Read-only work (deferred ``BEGIN``)."""
    arbiter: str = ""
    """Who works on the file (the arbiter's name, asked once at start): every audit row records it."""
    read_only: bool = False
    """Opened read-only (``mode=ro``): every write fails."""
    url: URL | None = None
    """The server database's URL (password included: never shown, see :attr:`name`), None for a file."""
    busy_timeout_ms: int = DEFAULT_BUSY_TIMEOUT_MS
    """A server: how long a write waits for the write lock before it is refused as busy."""
    desk: str = ""
    """Which desk works here (a server: the computer's name unless told), shown with the arbiter to other desks."""

    desk_token: str = field(default_factory=lambda: uuid.uuid4().hex)
    """This open database's own mark on the changes it announces (a server)."""

    @property
    def server(self) -> bool:
        """On a PostgreSQL server (several desks at once)."""
        return self.url is not None

    @property
    def who(self) -> str:
        """The arbiter and the desk, as the audit log and the other desks name them."""
        if not self.desk:
            return self.arbiter
        return f"{self.arbiter} at {self.desk}" if self.arbiter else f"desk {self.desk}"

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
        """The file name for messages (a server's URL without its password)."""
        if self.url is not None:
            return redacted(self.url)
        return str(self.path) if self.path is not None else ":memory:"

    @contextmanager
    def write(self, *, outside_changes: bool = False) -> Iterator[Session]:
        """One write transaction; SQLite busy/locked becomes :class:`DatabaseBusyError`.

        It starts by checking that the state is the one the program sealed last (else
        :class:`OutsideChangeError`, nothing done; ``outside_changes``: the caller records them) and ends by
        chaining its audit entries and sealing the state (:mod:`arbiter_app.persistence.audit_chain`)."""
        if self.read_only:
            raise DatabaseFileError(self.name, "the file is open read-only here (its folder or the file is read-only)")
        if self.server:
            with self._server_write(outside_changes) as session:
                yield session
            return
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
            _seal(session)
            kept.pop(_SEALED, None)
        kept[_SEALED] = version

    @contextmanager
    def _server_write(self, outside_changes: bool) -> Iterator[Session]:
        """A server's write transaction: the write lock first (waiting at most the busy timeout), the state checked,
        then the work, the audit entries chained, the state sealed and the other desks told."""
        with self.translated_errors(), self.session_factory.begin() as session:
            session.info["arbiter"] = self.who
            session.execute(  # one round trip: the wait bounded, the lock taken
                text("SELECT set_config('lock_timeout', :wait, true), pg_advisory_xact_lock(:key)"),
                {"wait": f"{int(self.busy_timeout_ms)}ms", "key": WRITE_LOCK},
            )
            if not outside_changes:
                changed = audit_chain.state_findings(session, None)
                if changed:
                    raise OutsideChangeError(self.name, changed)
            yield session
            _seal(session)
            note = f"{self.desk_token} {self.who}"  # the desk's own listener skips its own changes
            session.execute(text("SELECT pg_notify(:channel, :note)"), {"channel": CHANGES_CHANNEL, "note": note})

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
        except StaleDataError as error:  # the row's version changed under this transaction (another desk)
            raise ChangedMeanwhileError("a player or a board", "another desk") from error
        except DBAPIError as error:
            if self.server:
                raise _server_error(self.name, error) from error
            if not isinstance(error, OperationalError):
                if isinstance(error.orig, sqlite3.DatabaseError) and "not a database" in str(error.orig):
                    raise DatabaseFileError(
                        self.name, "this is not a tournament file (not an SQLite database)"
                    ) from error
                raise
            if is_busy(error):
                raise DatabaseBusyError(self.name) from error
            raise DatabaseFileError(self.name, f"cannot use the tournament file ({error.orig})") from error

    def dispose(self) -> None:
        """Close every pooled connection."""
        self.engine.dispose()


def _seal(session: Session) -> None:
    """The end of every write transaction: its audit entries chained, the state sealed."""
    session.flush()
    # Entries of a savepoint rolled back (a sheet's bad row, a preview) are no longer in the session.
    entries = [e for e in session.info.pop(NEW_ENTRIES, []) if inspect(e).persistent]
    audit_chain.seal(session, sorted({e.id for e in entries}))


def _server_error(name: str, error: DBAPIError) -> Exception:
    """A server's failure as a message: busy (the write lock not had in time), unreachable, or as it is."""
    code = getattr(error.orig, "sqlstate", None)
    if code in ("55P03", "57014"):  # lock_not_available, query_canceled (lock timeout)
        return DatabaseBusyError(name, server=True)
    if isinstance(error, OperationalError):
        first = str(error.orig).strip().splitlines()[0] if str(error.orig).strip() else type(error.orig).__name__
        return DatabaseFileError(name, f"cannot use the database on the server ({first})")
    return error


def open_database(
    path: str | os.PathLike[str] | URL,
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
    place = parse_location(path)
    if isinstance(place, URL):
        return open_server(place, create=create, busy_timeout_ms=busy_timeout_ms, read_only=read_only, arbiter=arbiter)
    file = place
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


DESK_ENV = "ARBITER_DESK"
"""Environment variable naming the desk (default: the computer's name) when :func:`open_server` is not told."""


def open_server(
    url: URL,
    *,
    create: bool = False,
    busy_timeout_ms: int | None = None,
    read_only: bool = False,
    arbiter: str = "",
    desk: str | None = None,
) -> Database:
    """Open the tournament database ``url`` on a PostgreSQL server and bring its schema to the head revision.

    The database itself must exist (the server's administrator makes it); an empty one becomes a tournament
    database with ``create`` only.  A database holding another program's tables is refused, left untouched."""
    import platform

    if busy_timeout_ms is None:  # several desks queue for the write lock: a server waits longer than a file
        busy_timeout_ms = int(os.environ.get(BUSY_TIMEOUT_ENV, SERVER_BUSY_TIMEOUT_MS))
    if desk is None:
        desk = " ".join((os.environ.get(DESK_ENV) or platform.node()).split())[:60]
    engine = create_engine(
        url, pool_pre_ping=True, connect_args={"connect_timeout": 10, "application_name": f"arbiter_app {desk}"[:60]}
    )
    db = Database.from_engine(engine, None)
    db.url, db.arbiter, db.desk, db.busy_timeout_ms = url, arbiter, desk, busy_timeout_ms
    try:
        with db.translated_errors():
            tables = set(inspect(engine).get_table_names())
            if tables and "alembic_version" not in tables and "tournaments" not in tables:
                shown = ", ".join(sorted(tables)[:5]) + (", ..." if len(tables) > 5 else "")
                raise DatabaseFileError(db.name, f"this database belongs to another program (tables {shown}): not a "
                                        "tournament database; left untouched")  # fmt: skip
            if not tables and not create:
                raise DatabaseFileError(db.name, "the database is empty: not a tournament database (create one with "
                                        "'arbiter new' or import one with 'arbiter import-db')")  # fmt: skip
            upgrade_to_head(db.engine, db.name)
    except BaseException:
        db.dispose()
        raise
    db.read_only = read_only
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
