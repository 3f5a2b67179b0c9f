"""A tournament database on a PostgreSQL server: the same Alembic history from an empty database, the models
matching it, and what is not a tournament database refused (issue 32)."""

from __future__ import annotations

import pytest
from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy import create_engine, text

from arbiter_app.persistence import HEAD_REVISION, DatabaseFileError, open_database
from arbiter_app.persistence.migrate import alembic_config
from arbiter_app.persistence.models import Base
from arbiter_app.services import create_tournament, verify_audit_chain


def test_the_migrations_run_from_an_empty_database_and_match_the_models(empty_url: str) -> None:
    db = open_database(empty_url, create=True)
    try:
        with db.engine.connect() as connection:
            assert connection.execute(text("SELECT version_num FROM alembic_version")).scalar() == HEAD_REVISION
            context = MigrationContext.configure(connection, opts={"compare_type": True})
            assert compare_metadata(context, Base.metadata) == []
        assert verify_audit_chain(db).intact
    finally:
        db.dispose()


def test_down_to_the_first_revision_and_up_again(empty_url: str) -> None:
    db = open_database(empty_url, create=True)
    try:
        tid = create_tournament(db, "Open", 5).id
        with db.engine.begin() as connection:
            command.downgrade(alembic_config(connection), "0017")  # the audit triggers of 0005 back
        with db.engine.begin() as connection:
            command.upgrade(alembic_config(connection), "head")
        assert tid == 1 and verify_audit_chain(db).intact
    finally:
        db.dispose()


def test_an_empty_database_is_made_a_tournament_database_only_when_asked(empty_url: str) -> None:
    with pytest.raises(DatabaseFileError, match="the database is empty: not a tournament database"):
        open_database(empty_url)
    engine = create_engine(empty_url)
    with engine.connect() as connection:
        assert connection.execute(text("SELECT count(*) FROM pg_tables WHERE schemaname = 'public'")).scalar() == 0
    engine.dispose()


def test_another_programs_database_is_left_untouched(empty_url: str) -> None:
    engine = create_engine(empty_url)
    with engine.begin() as connection:
        connection.execute(text("CREATE TABLE invoices (id integer primary key)"))
    engine.dispose()
    with pytest.raises(DatabaseFileError, match=r"belongs to another program \(tables invoices\)"):
        open_database(empty_url, create=True)
