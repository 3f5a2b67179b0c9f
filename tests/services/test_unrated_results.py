"""Games of less than one move: played and scored, not rated; TRF codes ``W``, ``D``, ``L`` (checklist Q185)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from arbiter_app.errors import ArbiterError
from arbiter_app.persistence import Database, open_database
from arbiter_app.services import (
    create_tournament,
    enter_results,
    export_trf,
    get_round,
    import_trf,
    pair_next_round,
    publish_round,
    register_player,
    standings,
    state_for_round,
    undo_last_step,
)
from arbiter_app.trf import parse_trf


def _four(db: Database) -> int:
    t = create_tournament(db, "Club", 3).id
    for k, name in enumerate(("Ann", "Bob", "Cy", "Dee")):
        register_player(db, t, name, rating=2000 - 100 * k)
    pair_next_round(db, t)
    publish_round(db, t)
    return t


def test_an_unrated_game_scores_and_counts_for_the_pairing(db: Database) -> None:
    t = _four(db)
    boards = get_round(db, t, 1).boards
    entered = enter_results(db, t, 1, [(boards[0].number, "1-0 unrated"), (boards[1].number, "D-D")])
    assert [(i.board.unrated, i.board.result_text) for i in entered] == [(True, "1-0 unrated"), (True, "½-½ unrated")]
    points = {row.number: row.points for row in standings(db, t)}
    assert points[boards[0].white] == 10 and points[boards[1].white] == points[boards[1].black] == 5
    with db.read() as s:
        history = {p.number: p.history for p in state_for_round(s, t, 2).players}
    assert history[boards[0].white][0].opponent == boards[0].black  # a game played: the two have met
    lines = parse_trf(export_trf(db, t).text)
    assert lines.player(boards[0].white).entry(1).code == "W"
    assert lines.player(boards[0].black).entry(1).code == "L"
    assert lines.player(boards[1].white).entry(1).code == "D"


def test_only_a_played_win_loss_or_draw_can_be_unrated(db: Database) -> None:
    t = _four(db)
    for text in ("+- unrated", "1/2-0 unrated", "0-0 unrated", "* unrated"):
        with pytest.raises(ArbiterError, match="can be unrated"):
            enter_results(db, t, 1, [(1, text)])
    assert get_round(db, t, 1).boards[0].result is None


def test_unrated_games_survive_export_import_and_undo(db: Database, tmp_path: Path, template_db: Path) -> None:
    t = _four(db)
    enter_results(db, t, 1, [(1, "L-W"), (2, "1-0")])
    text = export_trf(db, t).text
    shutil.copy(template_db, tmp_path / "copy.db")
    copy = open_database(tmp_path / "copy.db")
    try:
        imported = import_trf(copy, parse_trf(text, source="club.trf")).tournament.id
        again = {b.number: (b.result, b.unrated) for b in get_round(copy, imported, 1).boards}
    finally:
        copy.dispose()
    assert again == {1: ("0-1", True), 2: ("1-0", False)}
    enter_results(db, t, 1, [(1, "0-1")])  # the game was rated after all
    assert not get_round(db, t, 1).boards[0].unrated
    undo_last_step(db, t)
    assert get_round(db, t, 1).boards[0].unrated
