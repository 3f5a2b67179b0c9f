"""The tournament file: SQLAlchemy models, the engine factory, Alembic migrations.

    db = open_database("open-2026.db", create=True)   # upgraded to the head revision
    with db.session_factory.begin() as session:        # one action, one transaction
        ...

Only services open transactions; nothing here commits on its own.
"""

from arbiter_app.persistence import desks  # noqa: F401 - who changed a row, recorded at every flush
from arbiter_app.persistence.database import (
    ARBITER_ENV,
    Database,
    LocationError,
    create_database_engine,
    default_data_dir,
    default_database_path,
    open_database,
    open_memory_database,
    open_server,
    parse_location,
    redacted,
)
from arbiter_app.persistence.errors import DatabaseBusyError, DatabaseFileError, SchemaTooNewError
from arbiter_app.persistence.migrate import HEAD_REVISION, upgrade_to_head

__all__ = [
    "ARBITER_ENV",
    "HEAD_REVISION",
    "Database",
    "DatabaseBusyError",
    "DatabaseFileError",
    "LocationError",
    "SchemaTooNewError",
    "create_database_engine",
    "default_data_dir",
    "default_database_path",
    "open_database",
    "open_memory_database",
    "open_server",
    "parse_location",
    "redacted",
    "upgrade_to_head",
]
