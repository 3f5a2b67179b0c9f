"""Half-point and full-point byes as FIDE's checklist wants them (Q173-Q179), and the standings' marks of withdrawn
and expelled players (Q170, Q197)."""

from __future__ import annotations

from pathlib import Path

import pytest

from arbiter_app.errors import RuleViolation
from arbiter_app.persistence import Database
from arbiter_app.services import (
    ConfirmationNeeded,
    Level,
    edit_player,
    expel_player,
    export_trf,
    list_players,
    ranked_standings,
    request_bye,
    standing_marks,
    withdraw_player,
)
from tests.services.conftest import dump


def test_a_second_half_point_bye_asks_at_level_3(db: Database, seven: int) -> None:
    """Checklist Q173-Q174: two or more half-point byes are possible, the second and later ones at Level 3."""
    assert request_bye(db, seven, 1, 3, "half").kind == "half"  # the first: no question
    before = dump(db)
    with pytest.raises(ConfirmationNeeded) as asked:
        request_bye(db, seven, 1, 4, "half")
    assert asked.value.level == Level.PROCEED and asked.value.rule == "checklist Q174"
    assert "round 3" in asked.value.text and "number 2" in asked.value.text
    assert dump(db) == before
    assert request_bye(db, seven, 1, 4, "half", confirmed=Level.PROCEED).round == 4
    with pytest.raises(ConfirmationNeeded, match="rounds 3, 4"):
        request_bye(db, seven, 1, 5, "half")
    request_bye(db, seven, 2, 4, "zero")  # other byes do not count
    assert request_bye(db, seven, 2, 5, "half").kind == "half"


def test_a_player_flagged_ineligible_gets_no_half_point_bye(db: Database, seven: int) -> None:
    """Checklist Q175-Q176: the flag is kept with the player and refuses a half-point bye (nothing changes)."""
    assert edit_player(db, seven, 3, half_bye_eligible=False).half_bye_eligible is False
    before = dump(db)
    with pytest.raises(RuleViolation, match="not eligible for half-point byes") as caught:
        request_bye(db, seven, 3, 3, "half", confirmed=Level.DOUBLE)
    assert caught.value.article == "checklist Q176"
    assert dump(db) == before
    assert request_bye(db, seven, 3, 3, "zero").kind == "zero"
    edit_player(db, seven, 3, half_bye_eligible=True)
    assert request_bye(db, seven, 3, 4, "half").kind == "half"


def test_a_full_point_bye_is_told_deprecated_and_written(db: Database, seven: int) -> None:
    """Checklist Q177-Q179: allowed, with a Level-2 notice, and a ``###`` line in TRF-2026 exports."""
    info = request_bye(db, seven, 6, 3, "full")
    assert [n.level for n in info.notices] == [Level.INFORM]
    assert "deprecated" in info.notices[0].text
    assert not request_bye(db, seven, 5, 3, "half").notices
    lines = export_trf(db, seven, "trf-2026").text.splitlines()
    assert "### Full-point bye @ Round 3: player 6" in lines


def test_withdrawn_and_expelled_players_are_marked(db: Database, seven: int) -> None:
    """Checklist Q170, Q197: the standings mark who withdrew and who was expelled, from which round."""
    withdraw_player(db, seven, 7)
    info = expel_player(db, seven, 4, 4)
    assert info.round == 4
    assert next(p for p in list_players(db, seven) if p.number == 4).expelled
    assert standing_marks(db, seven) == {7: "withdrawn from round 3", 4: "expelled from round 4"}


def test_expelled_players_are_left_out_of_the_swiss_standings(db: Database, seven: int) -> None:
    """Checklist Q198: the expelled player's line goes, the places below close up; the tie-breaks of the others
    still count the games played against him."""
    before = {r.number: r for r in ranked_standings(db, seven).rows}
    expel_player(db, seven, 4)
    after = ranked_standings(db, seven).rows
    assert 4 not in {r.number for r in after} and len(after) == 6
    assert [r.place for r in after] == list(range(1, 7))  # no gap where #4 stood
    assert all(r.tiebreaks == before[r.number].tiebreaks for r in after)


def test_reports_with_an_expelled_player(db: Database, seven: int, tmp_path: Path, qapp: object) -> None:
    """Checklist Q198 in the reports: the standings leave the expelled player out, the pairing cards (every
    player's games) still hold his card.  (``qapp``: the PDF needs Qt's application, made by pytest-qt as a
    QApplication so that the window tests after this one can still open widgets.)"""
    from arbiter_app.reports import write_report

    expel_player(db, seven, 4)
    for kind in ("standings", "cards"):
        assert write_report(db, seven, kind, tmp_path / f"{kind}.pdf", None).stat().st_size > 0
