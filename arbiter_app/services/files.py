"""The tournament file as the shells see it: opening it, where it lives, what can go wrong.

The GUI and the command lines reach the database only through the services;
this module hands them the file itself (an open :class:`Database` is what
every service takes first) without letting them import the persistence layer,
and makes copies of it.

A tournament file in use is two files on disk: ``NAME`` and, while it is
open, ``NAME-wal`` (SQLite's write-ahead log) beside it; the latest steps may
still be only in the second.  Copying ``NAME`` alone can therefore lose them.
:func:`save_copy` writes one self-contained, consistent file instead.
"""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path
from typing import Any

from arbiter_app import atomic
from arbiter_app.errors import ArbiterError
from arbiter_app.persistence import (
    ARBITER_ENV,
    Database,
    DatabaseBusyError,
    DatabaseFileError,
    LocationError,
    SchemaTooNewError,
    default_data_dir,
    default_database_path,
    parse_location,
)
from arbiter_app.persistence import open_database as _open_database
from arbiter_app.persistence.transfer import contents, copy_tournament

__all__ = [
    "ARBITER_ENV",
    "Database",
    "backup_database",
    "contents",
    "import_database",
    "save_copy",
    "DatabaseBusyError",
    "DatabaseFileError",
    "LocationError",
    "SchemaTooNewError",
    "parse_location",
    "default_data_dir",
    "default_database_path",
    "open_database",
]


def backup_database(db: Database, target: Path) -> None:
    """A consistent copy of the open file into ``target`` (SQLite online backup: the log's content included)."""
    with db.engine.connect() as connection:
        source = connection.connection.driver_connection
        assert isinstance(source, sqlite3.Connection)
        destination = sqlite3.connect(target)
        try:
            source.backup(destination)
            destination.execute("PRAGMA journal_mode=DELETE")  # one file, nothing beside it
        finally:
            destination.close()
        connection.rollback()


def save_copy(db: Database, target: str | os.PathLike[str], *, replace: bool = False) -> Path:
    """Save a copy of the tournament file as ``target``: one self-contained file, written whole or not at all.

    The copy is made in a temporary file beside ``target`` and renamed over it
    only when complete, so a full disk or a removed medium leaves no partial
    copy.  The open file itself is never a target; an existing file (another
    tournament file included) is replaced only with ``replace`` and keeps its
    permissions (:func:`arbiter_app.atomic.check_target`).
    """
    path = Path(target)
    try:
        with atomic.replacing(path, replace=replace, protect=[db.path], database=True) as scratch:
            if db.server:  # a server's tournament into a file of its own: every row, the audit chain included
                copy = _open_database(scratch, create=True)
                try:
                    copy_tournament(db, copy)
                finally:
                    copy.dispose()
            else:
                backup_database(db, scratch)
    except atomic.OutputRefused:
        raise
    except (OSError, sqlite3.Error) as error:
        raise ArbiterError(f"{path}: the copy could not be written ({error})") from error
    return path


def import_database(source: str | os.PathLike[str], target: Database) -> int:
    """Put the tournament of the file ``source`` into ``target`` (a server's database, or a file, holding no
    tournament yet): every row, the audit chain included, all or nothing; returns the number of rows copied."""
    place = parse_location(source)
    if not isinstance(place, Path):
        raise ArbiterError(f"{target.name}: import-db copies from a tournament file, not from a server")
    original = _open_database(place, read_only=True)
    try:
        return copy_tournament(original, target)
    finally:
        original.dispose()


def open_database(path: str | os.PathLike[str] | Any, **options: Any) -> Database:
    """Open a tournament file or a server's database (:func:`arbiter_app.persistence.open_database`), first
    removing the temporary ``.part`` files that writers killed part-way left beside the file and in the data
    folder."""
    place = parse_location(path)
    atomic.remove_leftovers([place.parent, default_data_dir()] if isinstance(place, Path) else [default_data_dir()])
    return _open_database(place, **options)
