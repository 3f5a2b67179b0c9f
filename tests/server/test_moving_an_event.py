"""Moving an event (issue 32): ``save-copy`` from a server to a file and ``import-db`` back, identical both ways."""

from __future__ import annotations

from pathlib import Path

import pytest

from arbiter_app.cli.arbiter import main
from arbiter_app.persistence import Database, open_database
from arbiter_app.services import enter_results, pair_next_round, publish_round, standings, verify_audit_chain
from arbiter_app.services.files import contents
from tests.services.conftest import seven  # noqa: F401


@pytest.fixture
def played(db: Database, seven: int) -> int:  # noqa: F811
    """SEVEN on the server with round 3 paired, published and played, round 4 a draft."""
    pair_next_round(db, seven)
    publish_round(db, seven)
    enter_results(db, seven, 3, [(1, "1-0"), (2, "1/2"), (3, "+-")])
    enter_results(db, seven, 3, [(1, "0-1")])  # a correction: audit entries of both kinds
    pair_next_round(db, seven)
    return seven


def _same(one: Database, other: Database, tid: int) -> None:
    assert contents(one) == contents(other)
    first, second = verify_audit_chain(one), verify_audit_chain(other)
    assert first.intact and second.intact and first.head == second.head and first.entries == second.entries > 5
    assert [(r.number, r.points) for r in standings(one, tid)] == [(r.number, r.points) for r in standings(other, tid)]


def test_save_copy_from_a_server_and_import_db_back(
    db: Database, played: int, empty_url: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    copy = tmp_path / "hall.db"
    assert main(["--db", db.url.render_as_string(hide_password=False), "save-copy", str(copy)]) == 0  # type: ignore[union-attr]
    file = open_database(copy)
    try:
        assert file.path == copy and not file.server
        _same(db, file, played)
        # ... played on in the file (away from the hall), then back onto an empty server database
        publish_round(file, played)
    finally:
        file.dispose()
    capsys.readouterr()
    assert main(["--db", empty_url, "import-db", str(copy)]) == 0
    assert "imported" in capsys.readouterr().out
    back, file = open_database(empty_url), open_database(copy)
    try:
        _same(back, file, played)
        enter_results(back, played, 4, [(1, "1-0")])  # the server goes on: new rows after the copied ones
        assert verify_audit_chain(back).intact
    finally:
        back.dispose()
        file.dispose()


def test_import_db_refuses_a_database_that_holds_a_tournament(
    db: Database, played: int, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    copy = tmp_path / "hall.db"
    assert main(["--db", db.url.render_as_string(hide_password=False), "save-copy", str(copy)]) == 0  # type: ignore[union-attr]
    before = contents(db)
    capsys.readouterr()
    assert main(["--db", db.url.render_as_string(hide_password=False), "import-db", str(copy)]) != 0  # type: ignore[union-attr]
    assert "already holds a tournament" in capsys.readouterr().err
    assert contents(db) == before
