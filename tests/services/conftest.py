"""Fixtures of the service tests: a fresh tournament file per test, copied from one made at the head revision."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import text

from arbiter_app.persistence import Database, open_database
from arbiter_app.services import Level, import_trf
from arbiter_app.trf import parse_trf

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
def db_path(tmp_path: Path, template_db: Path) -> Path:
    path = tmp_path / "tournament.db"
    shutil.copy(template_db, path)
    return path


@pytest.fixture
def db(db_path: Path) -> Iterator[Database]:
    database = open_database(db_path)
    yield database
    database.dispose()


@pytest.fixture
def seven(db: Database) -> int:
    """The SEVEN tournament imported, paired by the Baku 2016 rules its tests cite; round 3 is next."""
    return import_trf(db, parse_trf(SEVEN, source="seven.trf"), confirmed=HANDMADE, edition="baku-2016").tournament.id


def dump(db: Database) -> dict[str, list[tuple[object, ...]]]:
    """Every row of every table, to check that a refused action changed nothing."""
    with db.read() as s:
        tables = [row[0] for row in s.execute(text("SELECT name FROM sqlite_master WHERE type = 'table'"))]
        return {t: [tuple(r) for r in s.execute(text(f'SELECT * FROM "{t}" ORDER BY 1'))] for t in sorted(tables)}
