"""Moving a tournament between a server and a file: every row of every table copied, nothing else.

``save-copy`` from a server writes a tournament file; ``arbiter import-db FILE --db URL`` puts a file's
tournament on a server.  Both copy the rows of every table of the schema (both sides at the head revision) in
one transaction, the audit log and its chain head included, so that the copy verifies as the original does and
:func:`contents` of both are equal.  A server's sequences then go on after the highest id copied.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import Connection, func, select, text

from arbiter_app.persistence import audit_chain
from arbiter_app.persistence.database import Database
from arbiter_app.persistence.errors import DatabaseFileError
from arbiter_app.persistence.migrate import WRITE_LOCK
from arbiter_app.persistence.models import Base

TRANSIENT = {"desk_locks"}
"""Tables of the desks at work, not of the tournament: never copied."""


def _tables() -> list[Any]:
    return [t for t in Base.metadata.sorted_tables if t.name not in TRANSIENT]


def contents(db: Database) -> dict[str, list[tuple[object, ...]]]:
    """Every row of every table of the tournament, in id order, values as SQLite holds them (a file and a server
    holding the same tournament give the same)."""
    out: dict[str, list[tuple[object, ...]]] = {}
    with db.engine.connect() as connection:
        for table in _tables():
            order = list(table.primary_key.columns)
            rows = connection.execute(select(table).order_by(*order))
            out[table.name] = [tuple(audit_chain.plain(v) for v in row) for row in rows]
        connection.rollback()
    return out


def _holds_a_tournament(connection: Connection) -> bool:
    return bool(connection.execute(text("SELECT count(*) FROM tournaments")).scalar())


def copy_tournament(source: Database, target: Database) -> int:
    """Copy every row of ``source`` into ``target`` (at the head revision, holding no tournament yet); returns the
    number of rows copied.  All or nothing: the target is unchanged when anything fails."""
    copied = 0
    with source.engine.connect() as reader, target.translated_errors(), target.engine.begin() as writer:
        if writer.dialect.name == "postgresql":
            writer.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": WRITE_LOCK})
        if _holds_a_tournament(writer):
            raise DatabaseFileError(target.name, "already holds a tournament: a copy goes into a new, empty database "
                                    "or file; nothing was changed")  # fmt: skip
        writer.execute(text("DELETE FROM audit_seals"))  # the empty target's own seal: the source's comes
        for table in _tables():
            if table.name == "alembic_version":
                continue
            rows = [dict(row._mapping) for row in reader.execute(select(table))]
            if rows:
                writer.execute(table.insert(), rows)
                copied += len(rows)
        if writer.dialect.name == "postgresql":
            for table in _tables():
                column = table.c.get("id")
                if column is None or not column.autoincrement or not table.primary_key.columns.get("id") is column:
                    continue
                highest = writer.execute(select(func.max(column))).scalar()
                sequence = writer.execute(text("SELECT pg_get_serial_sequence(:t, 'id')"), {"t": table.name}).scalar()
                if sequence and highest:
                    writer.execute(text("SELECT setval(:s, :v)"), {"s": sequence, "v": highest})
        reader.rollback()
    return copied
