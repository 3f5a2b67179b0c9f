"""A Chess960 tournament (checklist Q222): one starting position a round, drawn from a seed recorded with the
tournament, the same every time it is asked for, shown on the pairing list, the pairing cards and the table of
all rounds, and given by ``arbiter chess960``."""

from __future__ import annotations

from pathlib import Path

import pytest

from arbiter_app.cli.arbiter import main
from arbiter_app.pairing.chess960 import back_rank, drawn_positions
from arbiter_app.persistence import Database
from arbiter_app.reports import report_html
from arbiter_app.services import (
    chess960_positions,
    create_tournament,
    get_tournament,
    pair_next_round,
    publish_round,
    register_player,
)


def tournament(db: Database, **chess960: object) -> int:
    tid = create_tournament(db, "Fischer Random Open", 5, **chess960).id  # type: ignore[arg-type]
    for k, name in enumerate(("Ann", "Bob", "Cid", "Dee", "Eve", "Fay")):
        register_player(db, tid, name, rating=2200 - 50 * k)
    return tid


def test_the_positions_are_drawn_from_the_recorded_seed(db: Database) -> None:
    tid = tournament(db, chess960=True, chess960_seed=20261123)
    positions = chess960_positions(db, tid)
    assert get_tournament(db, tid).chess960_seed == 20261123
    assert positions == drawn_positions(20261123, 5) == chess960_positions(db, tid)
    assert [p.round for p in positions] == [1, 2, 3, 4, 5]
    other = tournament(db, chess960=True)  # a fresh seed, recorded
    seed = get_tournament(db, other).chess960_seed
    assert seed is not None and chess960_positions(db, other) == drawn_positions(seed, 5)
    assert chess960_positions(db, tournament(db)) == ()  # standard chess


def test_the_position_is_on_the_pairing_list_the_cards_and_all_rounds(db: Database) -> None:
    tid = tournament(db, chess960=True, chess960_seed=7)
    first = chess960_positions(db, tid)[0]
    pair_next_round(db, tid)
    line = f"Chess960 starting position: round 1: position {first.number}, {back_rank(first.number)}"
    assert line in report_html(db, tid, "pairings")
    publish_round(db, tid)
    assert line in report_html(db, tid, "results", 1)
    assert f"round 1: position {first.number}" in report_html(db, tid, "rounds")
    standard = tournament(db)
    pair_next_round(db, standard)
    assert "Chess960" not in report_html(db, standard, "pairings")


def test_arbiter_chess960(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = str(tmp_path / "c960.db")
    assert main(["--db", db, "new", "--name", "Random", "--rounds", "3", "--chess960", "--chess960-seed", "42"]) == 0
    assert main(["--db", db, "chess960"]) == 0
    out = capsys.readouterr().out
    expected = [f"  round {p.round}: position {p.number}, {p.back_rank}" for p in drawn_positions(42, 3)]
    assert out.splitlines()[-3:] == expected and "seed 42" in out
    assert main(["--db", db, "chess960", "--round", "2"]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == expected[1]
    assert main(["--db", db, "chess960", "--round", "4"]) == 3
    assert "round 4 is not a round of the tournament" in capsys.readouterr().err
    plain = str(tmp_path / "plain.db")
    assert main(["--db", plain, "new", "--name", "Plain", "--rounds", "3"]) == 0
    assert main(["--db", plain, "chess960"]) == 3
    assert "not played as Chess960" in capsys.readouterr().err
