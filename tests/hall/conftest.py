"""Fixtures of the hall's tests: a real tournament file with round 1 published, and the hall's server on a free
loopback port of this machine (uvicorn in a thread), fetched over HTTP."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from arbiter_app import services as sv
from arbiter_app.persistence import Database, open_database

NAMES = (
    "Anna Berg", "Boris Chen", "Carla Diaz", "Dmitri Egorov", "Eva Fischer", "Frank Gomez", "Greta Hahn",
    "Hugo Ivanov", "Ines Jansen", "<b>Jon</b> & Kim",
)  # fmt: skip
"""Ten players; the last name is free text a page must escape."""


@pytest.fixture
def db(tmp_path: Path, template_db: Path) -> Iterator[Database]:
    path = tmp_path / "hall.db"
    shutil.copy(template_db, path)
    database = open_database(path, arbiter="Chief Arbiter")
    yield database
    database.dispose()


@pytest.fixture
def tid(db: Database) -> int:
    """Ten players, round 1 paired and published (5 boards, no result yet)."""
    t = sv.create_tournament(db, "Hall Open", 5)
    for k, name in enumerate(NAMES):
        sv.register_player(db, t.id, name, rating=2400 - 37 * k)
    sv.pair_next_round(db, t.id)
    sv.publish_round(db, t.id)
    return t.id


@pytest.fixture
def server(db: Database, tid: int) -> Iterator[str]:
    """The hall's server on a free loopback port; its base address."""
    from arbiter_app.hall.server import HallServer

    with HallServer(db, tid) as running:
        yield running.url
