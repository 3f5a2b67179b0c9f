"""Import and export never store or write what TRF-16 cannot say (issue 14)."""

from __future__ import annotations

from pathlib import Path

import pytest

from arbiter_app.cli.arbiter import main
from arbiter_app.errors import ArbiterError
from arbiter_app.persistence import Database
from arbiter_app.services import (
    create_tournament,
    edit_player,
    edit_tournament,
    export_trf,
    import_trf,
    register_player,
)
from arbiter_app.trf import parse_trf
from tests.services.conftest import HANDMADE, SEVEN
from tests.trf.test_trf_parse import SMALL


def test_xxp_lines_naming_one_pair_twice(db: Database) -> None:
    # The forbidden pairs leave the engine no pairing of the file's rounds: the import asks at Level 3 (Q55).
    doc = parse_trf(SMALL + "XXP 1 2\nXXP 2 1\nXXP 1 2 3\n")
    t = import_trf(db, doc, confirmed=HANDMADE).tournament.id
    assert export_trf(db, t, "trf-16").text.count("XXP") == 3  # the pairs 1-2, 1-3, 2-3, each once
    assert export_trf(db, t, "trf-2026").text.count("\n260 ") == 3  # TRF-2026: as records 260


@pytest.mark.parametrize(
    ("field", "value"), [("place", "Town\nXXR 1"), ("name", "Open\r001 x"), ("chief_arbiter", "A\u2028B")]
)
def test_a_line_break_in_a_tournament_setting_is_refused(db: Database, field: str, value: str) -> None:
    settings = {"name": "Open", field: value}
    with pytest.raises(ArbiterError, match="line break"):
        create_tournament(db, rounds=5, **settings)  # type: ignore[arg-type]
    t = create_tournament(db, "Open", 5)
    with pytest.raises(ArbiterError, match="line break"):
        edit_tournament(db, t.id, **{field: value})


def test_a_line_break_in_a_player_name_is_refused(db: Database, seven: int) -> None:
    with pytest.raises(ArbiterError, match="line break"):
        register_player(db, seven, "Eve\n001    8      Fake")
    with pytest.raises(ArbiterError, match="line break"):
        edit_player(db, seven, 1, name="One\n001    9 Fake")
    assert "Fake" not in export_trf(db, seven).text


@pytest.mark.parametrize(
    ("fields", "says"),
    [({"rating": 12345}, "0 to 3500"), ({"fide_id": "123456789012345"}, "11 digits"), ({"fide_id": "12a"}, "digits")],
)
def test_values_the_export_cannot_write_are_refused(db: Database, seven: int, fields: dict, says: str) -> None:
    with pytest.raises(ArbiterError, match=says):
        register_player(db, seven, "Eve", **fields)
    with pytest.raises(ArbiterError, match=says):
        edit_player(db, seven, 1, **fields)
    export_trf(db, seven)


def test_a_long_name_is_refused_and_one_stored_before_is_cut_with_a_warning(db: Database, db_path: Path) -> None:
    import sqlite3

    from arbiter_app.services import Level, accept_outside_changes

    t = create_tournament(db, "Open", 5)
    long = "Alexandra Maria Konstantinopoulou-Smith"
    with pytest.raises(ArbiterError, match="39 characters, at most 33"):  # issue 33.4
        register_player(db, t.id, long)
    register_player(db, t.id, "Alexandra")
    raw = sqlite3.connect(db_path)  # a name registered by an older version, which did not bound names
    raw.execute("UPDATE players SET name = ?", (long,))
    raw.commit()
    raw.close()
    accept_outside_changes(db, confirmed=Level.PROCEED)
    out = export_trf(db, t.id)
    assert long[:33] in out.text and long not in out.text
    assert any("TRF-16 keeps the first 33" in w for w in out.warnings)


@pytest.mark.parametrize(("tail", "where"), [("XXR x\n", "bad.trf:11:5"), ("BBD 2.0\n", "bad.trf:11:5")])
def test_a_failed_import_leaves_no_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], tail: str, where: str
) -> None:
    bad = tmp_path / "bad.trf"
    bad.write_text(SEVEN + tail)
    db = tmp_path / "t.db"
    assert main(["--db", str(db), "import-trf", str(bad)]) == 3
    assert where in capsys.readouterr().err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["bad.trf"]


@pytest.mark.parametrize(
    ("points", "rounds", "says"),
    [
        ({"pairing_allocated_bye": 1000}, 9, "from 0 to 99.9"),
        ({"pairing_allocated_bye": 20}, 9, "bye cannot be worth more than a win"),
        ({"win": 0}, 9, "more than 0"),
        ({"draw": 15}, 9, "must not go up"),
        ({}, 120, "at most 99.9"),
    ],
)
def test_points_the_export_cannot_write_are_refused(db: Database, points: dict, rounds: int, says: str) -> None:
    from arbiter_app.pairing.model import PointSystem

    with pytest.raises(ArbiterError, match=says):
        create_tournament(db, "Open", rounds, points=PointSystem(**points))
