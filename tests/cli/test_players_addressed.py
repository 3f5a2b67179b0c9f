"""Issue 33.6: a player addressed by number is the one the arbiter saw under that number, or nothing is changed."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.cli.test_arbiter_cli import run


@pytest.fixture
def views_here(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    return tmp_path / "data"


def _event(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> str:
    db = str(tmp_path / "t.db")
    assert run(capsys, "--db", db, "new", "--name", "Open", "--rounds", "5")[0] == 0
    for name, rating in (("Ann Alpha", "2400"), ("Bob Beta", "2300"), ("Cid Gamma", "2200"), ("Dee Delta", "2100"),
                         ("Eve Epsilon", "2000")):  # fmt: skip
        assert run(capsys, "--db", db, "players", "add", name, "--rating", rating)[0] == 0
    return db


def test_numbers_changed_by_another_terminal_refuse_the_edit(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], views_here: Path
) -> None:
    db = _event(tmp_path, capsys)
    listed = run(capsys, "--db", db, "players", "list")[1]
    assert "   5     Eve Epsilon" in listed
    # Another terminal registers a stronger player: before round 1 every number follows (C.04.2.B).
    other = str(tmp_path / "t.db")
    from arbiter_app import services as sv
    from arbiter_app.persistence import open_database

    elsewhere = open_database(other)
    try:
        sv.register_player(elsewhere, 1, "Zed Zeta", rating=2600)
    finally:
        elsewhere.dispose()
    code, _, err = run(capsys, "--db", db, "players", "edit", "5", "--rating", "1990")
    assert code == 3 and "#5 is now Dee Delta, and Eve Epsilon is #6" in err and "nothing was changed" in err
    listed = run(capsys, "--db", db, "players", "list")[1]
    assert "Dee Delta                        2100" in listed and "Eve Epsilon                      2000" in listed
    # Listed again: the number means what was just shown.
    assert run(capsys, "--db", db, "players", "edit", "6", "--rating", "1990")[0] == 0
    assert "Eve Epsilon                      1990" in run(capsys, "--db", db, "players", "list")[1]


def test_a_player_addressed_by_name_or_fide_id(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], views_here: Path
) -> None:
    db = _event(tmp_path, capsys)
    assert run(capsys, "--db", db, "players", "edit", "epsilon", "--fide-id", "1503014")[0] == 0
    code, out, _ = run(capsys, "--db", db, "players", "edit", "fide:1503014", "--title", "FM")
    assert code == 0 and out.startswith("#5 Eve Epsilon FM")
    code, _, err = run(capsys, "--db", db, "players", "withdraw", "e")
    assert code == 3 and "names several players" in err
    code, _, err = run(capsys, "--db", db, "players", "remove", "Nobody Here")
    assert code == 3 and "no player's name holds 'Nobody Here'" in err
