"""Alembic migrations shipped inside the package, run programmatically.

No ``alembic.ini`` is needed: :func:`alembic_config` points Alembic at
``arbiter_app/persistence/migrations``.  :func:`upgrade_to_head` refuses a
file whose schema revision this version does not know (written by a newer
version) instead of touching it.  A file already at :data:`HEAD_REVISION` is
recognised with one query, without loading Alembic (quicker start-up).

For developers, after changing the models (and :data:`HEAD_REVISION`)::

    python -m arbiter_app.persistence.revision revision -m "what changes" SCRATCH.db
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING

from sqlalchemy import Connection, Engine, inspect, text

from arbiter_app.persistence.errors import SchemaTooNewError

if TYPE_CHECKING:
    from alembic.config import Config

MIGRATIONS = "arbiter_app.persistence.migrations"
WRITE_LOCK = 0x41524249
"""A PostgreSQL server: the advisory lock key every write transaction (and an upgrade) takes first."""
HEAD_REVISION = "0021"
"""The newest revision in ``migrations/versions`` (a test checks they agree)."""


def migrations_dir() -> Path:
    """The folder holding ``env.py`` and ``versions/``."""
    return Path(str(resources.files(MIGRATIONS)))


def alembic_config(connection: Connection | None = None) -> Config:
    """An Alembic configuration for the packaged migrations, optionally bound to ``connection``."""
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(migrations_dir()))
    config.set_main_option("file_template", "%%(year)d_%%(month).2d_%%(day).2d_%%(rev)s_%%(slug)s")
    if connection is not None:
        config.attributes["connection"] = connection
    return config


def known_revisions() -> list[str]:
    """Every revision the package ships, newest first."""
    from alembic.script import ScriptDirectory

    return [rev.revision for rev in ScriptDirectory.from_config(alembic_config()).walk_revisions()]


def current_revision(connection: Connection) -> str | None:
    """The revision stamped in the file, None for a file without the version table."""
    if not inspect(connection).has_table("alembic_version"):
        return None
    return connection.execute(text("SELECT version_num FROM alembic_version")).scalar()


def upgrade_to_head(engine: Engine, name: str | None = None) -> None:
    """Bring the file's schema to the newest revision (creating it in an empty file).

    Raises :class:`SchemaTooNewError`, leaving the file untouched, when the
    file's revision is unknown (a newer version wrote it).
    """
    label = name or str(engine.url.database)
    with engine.connect() as connection:
        connection.execution_options(sqlite_begin="DEFERRED")  # a reader: no write lock just to look
        revision = current_revision(connection)
        connection.rollback()
    if revision == HEAD_REVISION:
        return
    with engine.connect() as connection:
        if connection.dialect.name == "postgresql":  # one desk upgrades; the others wait, then find it done
            connection.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": WRITE_LOCK})
        revision = current_revision(connection)  # again, now holding the write lock
        if revision == HEAD_REVISION:
            return
        if revision is not None and revision not in known_revisions():
            raise SchemaTooNewError(label, revision, HEAD_REVISION)
        from alembic import command

        from arbiter_app.persistence import audit_chain

        # A migration may rewrite what the audit chain vouches for (a column's values): a file that was as the
        # program left it is sealed again once upgraded; one that was not keeps saying so.
        intact = audit_chain.has_chain(connection) and not audit_chain.state_findings(connection, None)
        connection.info.pop(audit_chain.COLUMNS_KEY, None)
        command.upgrade(alembic_config(connection), "head")
        connection.info.pop(audit_chain.COLUMNS_KEY, None)  # the columns the chain reads are read anew
        if intact:
            audit_chain.write_seal(connection, audit_chain.state_text(audit_chain.state_digest(connection)))
        connection.commit()
