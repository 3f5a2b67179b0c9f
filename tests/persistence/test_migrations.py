"""Alembic history is linear, the models match the migrations, and newer files are refused."""

from __future__ import annotations

from pathlib import Path

import pytest
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import text

from arbiter_app.persistence import (
    HEAD_REVISION,
    SchemaTooNewError,
    create_database_engine,
    open_database,
    upgrade_to_head,
)
from arbiter_app.persistence.migrate import alembic_config, migrations_dir
from arbiter_app.persistence.models import Base


def test_history_is_linear_and_ends_at_the_declared_head() -> None:
    script = ScriptDirectory.from_config(alembic_config())
    revisions = list(script.walk_revisions())
    assert script.get_heads() == [HEAD_REVISION]
    assert len(script.get_bases()) == 1
    for revision in revisions:
        down = revision.down_revision
        assert down is None or isinstance(down, str), f"{revision.revision} merges branches"
    downs = [r.down_revision for r in revisions if r.down_revision is not None]
    assert len(downs) == len(set(downs)), "two revisions share a parent: history branches"


def test_revision_files_are_dated() -> None:
    files = sorted(p.name for p in (migrations_dir() / "versions").glob("*.py"))
    assert files
    for name in files:
        year, month, day = name.split("_")[:3]
        assert (len(year), len(month), len(day)) == (4, 2, 2), name


def test_models_match_the_migrations(tmp_path: Path) -> None:
    engine = create_database_engine(tmp_path / "head.db")
    upgrade_to_head(engine)
    with engine.connect() as connection:
        context = MigrationContext.configure(connection, opts={"compare_type": True, "render_as_batch": True})
        diff = compare_metadata(context, Base.metadata)
    engine.dispose()
    assert diff == []


def test_every_constraint_is_named(tmp_path: Path) -> None:
    for table in Base.metadata.sorted_tables:
        assert table.name.endswith("s") and table.name == table.name.lower()
        for constraint in table.constraints:
            assert constraint.name, f"unnamed constraint on {table.name}"


def test_upgrade_is_idempotent_and_stamps_head(tmp_path: Path) -> None:
    db = open_database(tmp_path / "t.db", create=True)
    db.dispose()
    db = open_database(tmp_path / "t.db")
    with db.read() as s:
        assert s.execute(text("SELECT version_num FROM alembic_version")).scalar() == HEAD_REVISION
    db.dispose()


def test_a_file_from_a_newer_version_is_refused_untouched(tmp_path: Path) -> None:
    path = tmp_path / "newer.db"
    open_database(path, create=True).dispose()
    engine = create_database_engine(path)
    with engine.begin() as connection:
        connection.execute(text("UPDATE alembic_version SET version_num = '9999_from_the_future'"))
        connection.execute(text("CREATE TABLE future_things (id INTEGER PRIMARY KEY)"))
    engine.dispose()
    before = path.read_bytes()
    with pytest.raises(SchemaTooNewError, match="newer version") as caught:
        open_database(path)
    assert "9999_from_the_future" in str(caught.value)
    assert path.read_bytes() == before


def test_a_file_of_revision_0001_keeps_its_trf_header_lines_as_fields(tmp_path: Path) -> None:
    """0002 moves the 032, 122 and 132 lines an imported TRF left verbatim into the new fields."""
    from alembic import command

    from arbiter_app import services as sv

    path = tmp_path / "old.db"
    engine = create_database_engine(path)
    with engine.begin() as connection:
        command.upgrade(alembic_config(connection), "0001")
        extra = "\n".join(
            [
                "032 nor",
                "122 90 min/40 moves + 30 min + 30 s/move",
                "132" + " " * 88 + "26/07/01  26/07/02            26/07/04",
                "XXZ something else",
            ]
        )
        connection.execute(
            text(
                "INSERT INTO tournaments (name, place, chief_arbiter, deputy_arbiters, rounds_count, points_win,"
                " points_draw, points_loss, points_zero_bye, points_forfeit_loss, points_pairing_bye,"
                " initial_colour, accelerated, tie_breaks, edition, extra_trf_lines, created_at)"
                " VALUES ('Old', '', '', '', 5, 10, 5, 0, 0, 0, 10, 'white', 0, '', 'baku-2016', :extra,"
                " '2026-11-01 10:00:00')"
            ),
            {"extra": extra},
        )
    engine.dispose()
    db = open_database(path)
    try:
        t = sv.only_tournament(db)
        assert (t.federation, t.time_control) == ("NOR", "90 min/40 moves + 30 min + 30 s/move")
        assert [d.day if d else None for d in t.round_dates] == [1, 2, None, 4]
        header = [line for line in sv.export_trf(db, t.id).text.splitlines() if line[:3] in ("032", "122", "132")]
        assert header[0] == "032 NOR" and header[2].split() == ["132", "26/07/01", "26/07/02", "26/07/04"]
        assert header[2].index("26/07/04") == 91 + 30  # above round 4's column
    finally:
        db.dispose()


OLD_TOURNAMENT = text(
    "INSERT INTO tournaments (id, name, place, chief_arbiter, deputy_arbiters, rounds_count, points_win,"
    " points_draw, points_loss, points_zero_bye, points_forfeit_loss, points_pairing_bye,"
    " initial_colour, accelerated, tie_breaks, edition, extra_trf_lines, created_at)"
    " VALUES (1, 'Old', '', '', '', 5, 10, 5, 0, 0, 0, 10, 'white', 0, '', 'fide-2026', '',"
    " '2026-11-01 10:00:00')"
)
"""A tournament as revision 0010 stores it."""


def test_0011_keeps_the_stored_rating_as_the_official_one_and_the_fide_mode_trigger(tmp_path: Path) -> None:
    """0011 (checklist Q116, Q134, Q145): the rating stored so far becomes the FIDE rating, its source not recorded;
    the method is FIDE, so the tournament rating stays; ``tournaments`` gains columns without a rebuild (its FIDE-mode
    trigger of 0008 stays)."""
    from alembic import command

    from arbiter_app.services import rating_lists as rl

    path = tmp_path / "old.db"
    engine = create_database_engine(path)
    with engine.begin() as connection:
        command.upgrade(alembic_config(connection), "0010")
        triggers = connection.execute(text("SELECT name FROM sqlite_master WHERE type = 'trigger'")).all()
        connection.execute(OLD_TOURNAMENT)
        connection.execute(
            text(
                "INSERT INTO players (tournament_id, pairing_number, name, title, rating, fide_id, federation, sex,"
                " birth_date, status, entry_round) VALUES (1, 1, 'Alpha', '', 2345, '', '', '', '', 'active', 1)"
            )
        )
    engine.dispose()
    db = open_database(path)
    try:
        with db.read() as s:
            after = s.execute(text("SELECT name FROM sqlite_master WHERE type = 'trigger'")).all()
        assert triggers and sorted(after) == sorted(triggers)  # 0018 makes the audit triggers anew (same names)
        [alpha] = rl.player_ratings(db, 1)
        assert (alpha.tournament_rating, alpha.fide_rating, alpha.fide_source) == (2345, 2345, "not recorded")
        settings = rl.rating_settings(db, 1)
        assert (settings.method, settings.rating_type, settings.check_on) == ("FIDE", "standard", True)
    finally:
        db.dispose()


def test_0019_moves_each_rounds_edition_out_of_the_engine_pairing_json(tmp_path: Path) -> None:
    """0019: the edition that paired a round, kept in the ``engine_pairing`` JSON until then, is a column of its own;
    a round that kept none (imported) is read as paired by the tournament's edition.  The downgrade moves it back."""
    import json

    from alembic import command

    from arbiter_app.services import round_edition

    kept = {"boards": [[1, 2]], "bye": None}
    path = tmp_path / "old.db"
    engine = create_database_engine(path)
    with engine.begin() as connection:
        command.upgrade(alembic_config(connection), "0010")
        connection.execute(OLD_TOURNAMENT)
        command.upgrade(alembic_config(connection), "0018")
        for number, engine_pairing in (
            (1, json.dumps({**kept, "edition": "baku-2016"})),  # paired by Baku 2016, then the edition changed
            (2, json.dumps(kept)),
            (3, ""),  # imported
        ):
            connection.execute(
                text("INSERT INTO rounds (tournament_id, number, state, paired_at, engine_pairing)"
                     " VALUES (1, :number, 'published', '2026-11-01 10:00:00', :engine_pairing)"),
                {"number": number, "engine_pairing": engine_pairing},
            )  # fmt: skip
    engine.dispose()
    db = open_database(path)
    try:
        with db.read() as s:
            rows = s.execute(text("SELECT number, edition, engine_pairing FROM rounds ORDER BY number")).all()
        assert [tuple(row) for row in rows] == [(1, "baku-2016", json.dumps(kept)), (2, None, json.dumps(kept)),
                                                (3, None, "")]  # fmt: skip
        assert [round_edition(db, 1, n) for n in (1, 2, 3, 4)] == ["baku-2016", "fide-2026", "fide-2026", "fide-2026"]
    finally:
        db.dispose()
    engine = create_database_engine(path)
    with engine.begin() as connection:
        command.downgrade(alembic_config(connection), "0018")
        rows = connection.execute(text("SELECT number, engine_pairing FROM rounds ORDER BY number")).all()
    engine.dispose()
    assert [json.loads(r.engine_pairing) if r.engine_pairing else None for r in rows] == [
        {**kept, "edition": "baku-2016"},
        kept,
        None,
    ]
