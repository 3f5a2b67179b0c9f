"""Shared test set-up: where the project's shared materials live."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

SHARED = Path(__file__).resolve().parents[1].parent / "shared"


@pytest.fixture(scope="session")
def shared() -> Path:
    if not SHARED.is_dir():
        pytest.skip(f"the shared materials are not at {SHARED}")
    return SHARED


@pytest.fixture(scope="session")
def template_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """An empty tournament file at the head revision, copied for each test that needs one (migrations run once)."""
    from arbiter_app.persistence import open_database

    path = tmp_path_factory.mktemp("template") / "template.db"
    open_database(path, create=True).dispose()
    return path
