"""Several desks on one server (issue 32): withdrawals, absences, byes, overrides and registrations made against
what a desk showed are refused, naming the other desk, when it changed meanwhile; nothing is overwritten or lost;
who pairs is shown to the others."""

from __future__ import annotations

import threading

import pytest

from arbiter_app.persistence import Database
from arbiter_app.persistence.desks import desk_task
from arbiter_app.services import (
    Swap,
    apply_override,
    cancel_bye,
    enter_result,
    get_round,
    import_trf,
    list_byes,
    list_players,
    player_identities,
    player_versions,
    record_absence,
    register_player,
    request_bye,
    withdraw_player,
)
from arbiter_app.services.desks import ChangedMeanwhileError, busy_text, desk_tasks
from arbiter_app.trf import parse_trf
from tests.server.events import players_trf


def test_a_withdrawal_after_a_bye_given_meanwhile_is_refused_naming_the_desk(
    db: Database, other: Database, forty: int
) -> None:
    seen = player_versions(other, forty)[5][0]
    assert player_versions(db, forty)[5][0] == seen
    request_bye(db, forty, 5, 2, "half", seen=seen)
    with pytest.raises(ChangedMeanwhileError, match=r"player #5 Player 5 was changed meanwhile by Anna at desk 1 "
                                                    r"\(now half bye in round 2\)"):  # fmt: skip
        withdraw_player(other, forty, 5, seen=seen)
    assert [(b.player, b.kind) for b in list_byes(other, forty, 2)] == [(5, "half")]  # the bye kept
    assert next(p for p in list_players(other, forty) if p.number == 5).status == "active"
    version, by = player_versions(other, forty)[5]
    assert version > seen and by == "Anna at desk 1"
    withdraw_player(other, forty, 5, seen=version)  # looked at anew: it goes in
    assert player_versions(db, forty)[5][1] == "Ben at desk 2"


def test_an_absence_and_a_cancelled_bye_racing_keep_the_first(db: Database, other: Database, forty: int) -> None:
    request_bye(db, forty, 8, 2, "zero")
    seen = player_versions(db, forty)[8][0]
    record_absence(other, forty, 8, 2, explained=True, seen=seen)
    with pytest.raises(ChangedMeanwhileError, match=r"changed meanwhile by Ben at desk 2 \(now absent in round 2\)"):
        cancel_bye(db, forty, 8, 2, seen=seen)
    assert [(b.player, b.kind) for b in list_byes(db, forty, 2)] == [(8, "absent")]


def test_an_override_of_a_round_changed_meanwhile_is_refused(db: Database, other: Database, forty: int) -> None:
    shown = get_round(other, forty, 1)
    enter_result(db, forty, 1, 3, "1-0")
    with pytest.raises(ChangedMeanwhileError, match=r"round 1 was changed meanwhile by Anna at desk 1 \(now "
                                                    r"published, 20 boards, 1 result\)"):  # fmt: skip
        apply_override(other, forty, 1, [Swap(1, 2)], "a rematch", case="rematch", confirmed=9,
                       seen=shown.version)  # fmt: skip
    after = get_round(db, forty, 1)
    assert after.boards == tuple(b if b.number != 3 else after.boards[2] for b in shown.boards)
    assert after.boards[2].result == "1-0" and after.version != shown.version


def test_a_registration_made_meanwhile_at_another_desk_is_named(db: Database, other: Database) -> None:
    tid = import_trf(db, parse_trf(players_trf(12), source="twelve.trf")).tournament.id
    shown = frozenset(key for key, _ in player_identities(other, tid).values())
    register_player(db, tid, "Nora Late", fide_id="99000001", seen_players=shown)
    with pytest.raises(ChangedMeanwhileError, match=r"FIDE ID 99000001 was registered meanwhile by Anna at desk 1 "
                                                    r"\(now #\d+ Nora Late\)"):  # fmt: skip
        register_player(other, tid, "Nora Late", fide_id="99000001", seen_players=shown)
    assert [p.name for p in list_players(other, tid)].count("Nora Late") == 1


def test_two_desks_registering_one_player_at_once_store_it_once(db: Database, other: Database) -> None:
    tid = import_trf(db, parse_trf(players_trf(12), source="twelve.trf")).tournament.id
    shown = frozenset(key for key, _ in player_identities(db, tid).values())
    start = threading.Barrier(2)
    outcome: dict[str, BaseException | None] = {}

    def desk(database: Database, name: str) -> None:
        start.wait()
        try:
            register_player(database, tid, "Olav Twice", fide_id="99000002", birth_date="1990", seen_players=shown)
            outcome[name] = None
        except BaseException as error:  # noqa: BLE001 - asserted below
            outcome[name] = error

    threads = [threading.Thread(target=desk, args=(db, "Anna")), threading.Thread(target=desk, args=(other, "Ben"))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(120)
    stored = [n for n, e in outcome.items() if e is None]
    refused = [e for e in outcome.values() if e is not None]
    assert len(stored) == 1 and len(refused) == 1
    assert isinstance(refused[0], ChangedMeanwhileError)
    assert f"registered meanwhile by {stored[0]} at desk" in str(refused[0])
    assert [p.fide_id for p in list_players(db, tid)].count("99000002") == 1


def test_who_pairs_is_shown_to_the_other_desks(db: Database, other: Database) -> None:
    import_trf(db, parse_trf(players_trf(12), source="twelve.trf"))
    assert desk_tasks(other) == ()
    with desk_task(db, "pairing"):
        (task,) = desk_tasks(other)
        assert (task.task, task.arbiter, task.desk, task.own) == ("pairing", "Anna", "desk 1", False)
        assert busy_text(desk_tasks(other), "pairing") == (
            f"Pairing under way at Anna at desk 1 since {task.since:%H:%M:%S} UTC"
        )
        assert busy_text(desk_tasks(db), "pairing") == ""  # the holder is not told of itself
        assert busy_text(desk_tasks(other), "publishing") == ""
    assert desk_tasks(other) == ()
