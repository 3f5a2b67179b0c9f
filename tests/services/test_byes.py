"""Requested byes and absences for a coming round (C.04.2.D.2, D.4)."""

from __future__ import annotations

import pytest

from arbiter_app.errors import ArbiterError, RuleViolation
from arbiter_app.persistence import Database
from arbiter_app.services import (
    cancel_bye,
    enter_results,
    get_round,
    list_players,
    pair_next_round,
    publish_round,
    record_absence,
    reinstate_player,
    request_bye,
    standings,
)
from tests.services.conftest import dump


def test_a_bye_for_a_past_round_is_refused_and_nothing_changes(db: Database, seven: int) -> None:
    before = dump(db)
    with pytest.raises(RuleViolation, match="round 2 is already published") as caught:
        request_bye(db, seven, 1, 2, "half")
    assert caught.value.article == "C.04.2.D.4"
    with pytest.raises(RuleViolation, match="there is no round 6"):
        request_bye(db, seven, 1, 6, "half")
    with pytest.raises(ArbiterError, match="half, full or zero"):
        request_bye(db, seven, 1, 3, "double")
    assert dump(db) == before


def test_a_requested_bye_keeps_the_player_out_and_scores(db: Database, seven: int) -> None:
    request_bye(db, seven, 1, 3, "half")
    request_bye(db, seven, 2, 4, "zero")  # pre-entered further ahead
    r3 = pair_next_round(db, seven)
    assert (1, "half") in r3.not_paired
    assert all(1 not in (b.white, b.black) for b in r3.boards) and r3.bye is None
    publish_round(db, seven)
    assert next(row.points for row in standings(db, seven) if row.number == 1) == 25
    with pytest.raises(ArbiterError, match="already has a zero bye"):
        request_bye(db, seven, 2, 4, "half")


def test_a_bye_for_the_draft_round_discards_the_draft(db: Database, seven: int) -> None:
    draft = pair_next_round(db, seven)
    receiver = draft.bye
    assert receiver is not None
    info = request_bye(db, seven, receiver, 3, "full")  # the draft's bye receiver asks for a full-point bye
    assert info.discarded_draft
    with pytest.raises(ArbiterError, match="has not been paired"):
        get_round(db, seven, 3)
    assert (receiver, "full") in pair_next_round(db, seven).not_paired


def test_an_unexplained_absence_withdraws_the_player(db: Database, seven: int) -> None:
    record_absence(db, seven, 4, 3)
    assert next(p for p in list_players(db, seven) if p.number == 4).withdrawal_round == 4
    r3 = pair_next_round(db, seven)
    assert (4, "absent") in r3.not_paired
    publish_round(db, seven)
    enter_results(db, seven, 3, [(b.number, "1-0") for b in r3.boards])
    assert (4, "withdrawn") in pair_next_round(db, seven).not_paired


def test_an_explained_absence_and_reinstatement(db: Database, seven: int) -> None:
    record_absence(db, seven, 4, 3, explained=True)
    assert next(p for p in list_players(db, seven) if p.number == 4).status == "active"
    record_absence(db, seven, 5, 3)
    assert reinstate_player(db, seven, 5).withdrawal_round is None


def test_cancel_a_requested_bye(db: Database, seven: int) -> None:
    request_bye(db, seven, 1, 3, "half")
    assert cancel_bye(db, seven, 1, 3).kind == "half"
    with pytest.raises(ArbiterError, match="no requested bye"):
        cancel_bye(db, seven, 1, 3)


def test_list_byes_of_the_coming_round(db: Database, seven: int) -> None:
    from arbiter_app.services import list_byes

    request_bye(db, seven, 6, 3, "half")
    request_bye(db, seven, 2, 4, "zero")
    record_absence(db, seven, 4, 3, explained=True)
    assert [(b.round, b.player, b.kind) for b in list_byes(db, seven)] == [(3, 4, "absent"), (3, 6, "half")]
    assert [(b.player, b.kind) for b in list_byes(db, seven, 4)] == [(2, "zero")]
    # Round 2 was imported with its pairing-allocated bye, to 5.
    assert {(b.player, b.kind) for b in list_byes(db, seven, 2)} == {(5, "pairing_allocated")}
