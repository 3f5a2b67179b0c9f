"""Shared test set-up: the project's own test data (``tests/data``, refreshed from ``../shared`` by
``tests/data/refresh.py``), so that a clone anywhere runs the whole suite."""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Callable
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


MadeOnce = Callable[[str, Callable[[Path], None], Path], Path]


@pytest.fixture(scope="session")
def made_once(tmp_path_factory: pytest.TempPathFactory, template_db: Path) -> MadeOnce:
    """``made_once(key, build, target)``: a tournament file copied to ``target``, built once for the session (once
    per pytest-xdist worker) by ``build(path)`` on a copy of the empty template.

    For fixtures whose file takes seconds to make (a TRF imported and paired): each test still gets a file of its
    own, in the state the fixture's building leaves; what ``build`` asserts is asserted once.
    """
    made: dict[str, Path] = {}

    def copy(key: str, build: Callable[[Path], None], target: Path) -> Path:
        if key not in made:
            path = tmp_path_factory.mktemp("made-once") / "tournament.db"
            shutil.copy(template_db, path)
            build(path)
            made[key] = path
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(made[key], target)
        return target

    return copy


@pytest.hookimpl(tryfirst=True)  # before pytest-xdist's own, which reads the groups into the node IDs
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Under pytest-xdist, the tests of a module sharing a module- or class-scoped fixture (a bundle built, a large
    file imported) keep to one worker (``--dist loadgroup``): the fixture is built once, not once per worker."""
    if not config.pluginmanager.hasplugin("xdist"):
        return
    for item in items:
        info = getattr(item, "_fixtureinfo", None)
        if info is None:
            continue
        if any(defs and defs[-1].scope in ("module", "class", "package") for defs in info.name2fixturedefs.values()):
            item.add_marker(pytest.mark.xdist_group(item.nodeid.split("::")[0]))
