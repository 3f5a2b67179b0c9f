"""A real PostgreSQL server for the tests of a tournament on a server (issue 32).

One server a session (:mod:`tests.pg_server`: the system's binaries, a temporary folder, a Unix socket, no
network); the schema is migrated once into a template database, and each test gets a fresh database copied from
it (``CREATE DATABASE ... TEMPLATE``).  Without the binaries every test here is skipped, naming the Debian package.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator

import pytest
from sqlalchemy import create_engine, text

from arbiter_app.persistence import Database, open_database
from tests import pg_server

TEMPLATE = "arbiter_template"
_numbers = itertools.count(1)


@pytest.fixture(scope="session")
def server() -> Iterator[pg_server.Server]:
    reason = pg_server.missing_reason()
    if reason:
        pytest.skip(reason)
    running = pg_server.start_server()
    try:
        _admin(running, f"CREATE DATABASE {TEMPLATE}")
        open_database(running.url(TEMPLATE), create=True).dispose()  # migrated once, from an empty database
        yield running
    finally:
        running.stop()


def _admin(server: pg_server.Server, *statements: str) -> None:
    engine = create_engine(server.url("postgres"), isolation_level="AUTOCOMMIT")
    try:
        with engine.connect() as connection:
            for statement in statements:
                connection.execute(text(statement))
    finally:
        engine.dispose()


def new_database(server: pg_server.Server, template: str = TEMPLATE) -> str:
    """A fresh database on the server (a copy of ``template``: the schema at the head revision); its URL."""
    name = f"t{next(_numbers)}"
    _admin(server, f"CREATE DATABASE {name} TEMPLATE {template}")
    return server.url(name)


@pytest.fixture
def server_url(server: pg_server.Server) -> str:
    """The URL of a fresh tournament database at the head revision."""
    return new_database(server)


@pytest.fixture
def empty_url(server: pg_server.Server) -> str:
    """The URL of a fresh, empty database (no tables)."""
    return new_database(server, "template0")


@pytest.fixture
def db(server_url: str) -> Iterator[Database]:
    """A tournament database on the server, as the desk ``desk 1`` of the arbiter Anna sees it."""
    database = open_database(server_url, arbiter="Anna")
    database.desk = "desk 1"
    yield database
    database.dispose()


FILE_ONLY = {
    "test_publish_makes_a_backup_copy": "a file's backup beside it (a server is backed up by its administrator)",
    "test_leaving_fide_mode_takes_level_4_and_is_final": "writes the file with sqlite3 (tests/server/test_desks.py "
    "tests the trigger on the server)",
}


@pytest.fixture
def other(server_url: str, db: Database) -> Iterator[Database]:
    """A second desk on the same database: Ben at desk 2 (``db`` is Anna at desk 1)."""
    desk = open_database(server_url, arbiter="Ben")
    desk.desk = "desk 2"
    yield desk
    desk.dispose()


@pytest.fixture
def forty(db: Database) -> int:
    """Forty players, round 1 paired and published (20 boards)."""
    from arbiter_app.services import import_trf, pair_next_round, publish_round
    from arbiter_app.trf import parse_trf
    from tests.server.events import players_trf

    tid = import_trf(db, parse_trf(players_trf(40), source="forty.trf")).tournament.id
    pair_next_round(db, tid)
    publish_round(db, tid)
    return tid


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The services tests imported here that test what only a file has are skipped on the server, saying why."""
    for item in items:
        if "tests/server/" not in str(item.path).replace("\\", "/"):
            continue
        name = getattr(item, "originalname", item.name)
        if name in FILE_ONLY:
            item.add_marker(pytest.mark.skip(reason=f"on a file only: {FILE_ONLY[name]}"))
        elif "db_path" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.skip(reason="on a file only: the test opens the file itself"))
