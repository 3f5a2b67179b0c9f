"""Tournament files: open or create one, make the example, import a TRF report into a new file."""

from __future__ import annotations

from pathlib import Path

from arbiter_app import services as sv
from arbiter_app.errors import ArbiterError
from arbiter_app.gui.resources import example_trf
from arbiter_app.pairing.editions import BAKU_2016
from arbiter_app.services.dto import TournamentInfo
from arbiter_app.services.files import Database, default_data_dir, open_database

EXAMPLE_NAME = "Arbiters' Manual example"
EXAMPLE_FILE = "arbiters-manual-example.db"
EXAMPLE_EDITION = BAKU_2016.name
"""The manual's worked example follows the Baku 2016 text (its walkthroughs cite C.04.3 of 2016)."""


def data_folder() -> Path:
    """The user's data folder, created if it is not there yet: the folder every new file is offered in (a fresh
    profile has none, and a file dialog opened on a folder that does not exist falls back to the working folder:
    a source checkout, issue 28)."""
    folder = default_data_dir()
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError:
        return Path.home()
    return folder


def tournaments_in(db: Database) -> tuple[TournamentInfo, ...]:
    return sv.list_tournaments(db)


def audit_chain_of(path: str) -> sv.ChainReport:
    """The audit chain of the file at ``path`` checked on a connection of its own (in the child process: the check
    digests the whole tournament, a third of a second at 2,000 players, issue 28)."""
    db = open_database(path)
    try:
        return sv.verify_audit_chain(db)
    finally:
        db.dispose()


def remove_file(path: Path) -> None:
    """A tournament file with its SQLite companions and publication backups."""
    for companion in [path, path.with_name(path.name + "-wal"), path.with_name(path.name + "-shm")]:
        companion.unlink(missing_ok=True)
    for backup in path.parent.glob(path.name + ".bak-round*"):
        backup.unlink(missing_ok=True)


def make_example(folder: Path | None = None) -> Path:
    """A fresh file holding the Arbiters' Manual example (replacing an earlier copy)."""
    folder = folder or data_folder() / "examples"
    path = folder / EXAMPLE_FILE
    remove_file(path)
    import_into_new_file(example_trf(), path, EXAMPLE_NAME, edition=EXAMPLE_EDITION)
    return path


def import_into_new_file(
    trf: Path, target: Path, name: str | None = None, edition: str | None = None, *, confirmed: int = 0
) -> tuple[Path, tuple[str, ...]]:
    """A new tournament file made from a TRF-16 report; returns it and the import's warnings.

    ``edition``: the rules that pair it; None takes the file's ``092`` line, else the rules in force."""
    if target.exists() and target.stat().st_size > 0:
        raise ArbiterError(f"{target} already exists: choose another file (one tournament per file)")
    db = open_database(target, create=True)
    try:
        info = sv.import_trf(db, trf, name, edition, confirmed=confirmed)
    except BaseException:
        db.dispose()
        remove_file(target)
        raise
    db.dispose()
    return target, info.warnings


def suggested_target(trf: Path) -> Path:
    """Where a tournament imported from ``trf`` is kept by default: beside nothing, in the data folder."""
    folder = data_folder()
    path = folder / f"{trf.stem}.db"
    k = 2
    while path.exists():
        path = folder / f"{trf.stem}-{k}.db"
        k += 1
    return path


def holds_tournament(path: Path) -> bool:
    """``path`` is a tournament file with a tournament in it (False for anything unreadable)."""
    if not path.is_file():
        return False
    try:
        db = open_database(path)
    except ArbiterError:
        return False
    try:
        return bool(tournaments_in(db))
    finally:
        db.dispose()
