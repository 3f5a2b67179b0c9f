"""Shared test set-up: the project's own test data (``tests/data``, refreshed from ``../shared`` by
``tests/data/refresh.py``), so that a clone anywhere runs the whole suite."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
# The tests and the command lines they start never write to the user's own data folder (the default tournament
# file, the command line's record of the players it listed): a folder of their own, for the whole run.
os.environ["XDG_DATA_HOME"] = tempfile.mkdtemp(prefix="arbiter-tests-data-")

DATA = Path(__file__).resolve().parent / "data"


@pytest.fixture(scope="session")
def data() -> Path:
    """The test data folder: ``conformance/`` and ``fixtures/`` as in ``../shared``."""
    return DATA


@pytest.fixture(scope="session")
def template_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """An empty tournament file at the head revision, copied for each test that needs one (migrations run once)."""
    from arbiter_app.persistence import open_database

    path = tmp_path_factory.mktemp("template") / "template.db"
    open_database(path, create=True).dispose()
    return path
