"""Fixtures of the service tests: a fresh tournament file per test, copied from one made at the head revision."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import inspect, text

from arbiter_app.persistence import Database, open_database
from arbiter_app.services import Level, import_trf, list_tournaments
from arbiter_app.trf import parse_trf
from tests.conftest import MadeOnce

SEVEN = """\
012 Seven players
XXR 5
XXC white1
001    1      One                               2400                                          4 w 1     6 w 1
001    2      Two                               2300                                          5 w 0     4 w =
001    3      Three                             2200                                          6 w =     7 b +
001    4      Four                              2100                                          1 b 0     2 b =
001    5      Five                              2000                                          2 b 1  0000 - U
001    6      Six                               1900                                          3 b =     1 b 0
001    7      Seven                             1800                                       0000 - U     3 w -
"""
"""After two rounds of five: #1 and #2 have played white twice (absolute preference for black), #4 and #6
black twice (absolute for white); #3 has a forfeit win, #5 and #7 a pairing-allocated bye; #1 met #4 and #6."""

HANDMADE = Level.PROCEED
"""SEVEN's rounds were written by hand and the engine pairs both otherwise: its import asks at Level 3 (checklist
Q54-Q55, tests/services/test_fide_mode.py) and the tests importing it answer so."""


@pytest.fixture
def db_path(tmp_path: Path, template_db: Path, made_once: MadeOnce, request: pytest.FixtureRequest) -> Path:
    """A fresh tournament file: empty, or holding SEVEN for the tests that ask for ``seven``."""
    path = tmp_path / "tournament.db"
    if "seven" in request.fixturenames:
        return made_once("seven", _import_seven, path)
    shutil.copy(template_db, path)
    return path


@pytest.fixture
def db(db_path: Path) -> Iterator[Database]:
    database = open_database(db_path)
    yield database
    database.dispose()


def _import_seven(path: Path) -> None:
    database = open_database(path)
    try:
        import_trf(database, parse_trf(SEVEN, source="seven.trf"), confirmed=HANDMADE, edition="baku-2016")
    finally:
        database.dispose()


@pytest.fixture
def seven(db: Database) -> int:
    """The SEVEN tournament imported, paired by the Baku 2016 rules its tests cite; round 3 is next.

    Imported once per session (``made_once``, tests/conftest.py); ``db_path`` is a copy of that file."""
    tournaments = list_tournaments(db)
    if not tournaments:  # a server's database (tests/server): no file to copy, imported here
        import_trf(db, parse_trf(SEVEN, source="seven.trf"), confirmed=HANDMADE, edition="baku-2016")
        tournaments = list_tournaments(db)
    (tournament,) = tournaments
    return tournament.id


def dump(db: Database) -> dict[str, list[tuple[object, ...]]]:
    """Every row of every table, to check that a refused action changed nothing."""
    with db.read() as s:
        tables = inspect(s.connection()).get_table_names()  # a file's or a server's
        out = {}
        for t in sorted(tables):
            # A row's version and who changed it last are bookkeeping of several desks (an undo raises the version)
            kept = [c["name"] for c in inspect(s.connection()).get_columns(t) if c["name"] not in BOOKKEEPING]
            listing = ", ".join(f'"{c}"' for c in kept)
            out[t] = [tuple(r) for r in s.execute(text(f'SELECT {listing} FROM "{t}" ORDER BY 1'))]
        return out


BOOKKEEPING = {"row_version", "changed_by"}
