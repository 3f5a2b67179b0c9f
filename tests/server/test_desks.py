"""Several desks on one tournament on a PostgreSQL server (issue 32): nothing lost, nothing overwritten, one desk
pairs at a time, every desk hears of the others' changes, the audit log names desk and arbiter."""

from __future__ import annotations

import threading

import pytest
from sqlalchemy import text
from sqlalchemy.exc import IntegrityError

from arbiter_app.persistence import Database
from arbiter_app.persistence.desks import desk_task
from arbiter_app.services import (
    audit_log,
    edit_player,
    enter_result,
    get_round,
    import_trf,
    pair_next_round,
    player_versions,
    verify_audit_chain,
)
from arbiter_app.services.desks import ChangedMeanwhileError, DeskBusyError, listen_for_changes, tasks_under_way
from arbiter_app.trf import parse_trf
from tests.server.events import players_trf


def test_a_result_changed_meanwhile_is_never_overwritten(db: Database, other: Database, forty: int) -> None:
    seen_here = get_round(db, forty, 1).boards[2]
    seen_there = get_round(other, forty, 1).boards[2]
    assert seen_here.version == seen_there.version
    enter_result(db, forty, 1, 3, "1-0", seen=seen_here.version)
    with pytest.raises(ChangedMeanwhileError, match="round 1 board 3 was changed meanwhile by Anna at desk 1 "
                                                    r"\(now 1-0\)"):  # fmt: skip
        enter_result(other, forty, 1, 3, "0-1", seen=seen_there.version)
    board = get_round(other, forty, 1).boards[2]
    assert board.result == "1-0" and board.changed_by == "Anna at desk 1" and board.version > seen_there.version
    enter_result(other, forty, 1, 3, "0-1", seen=board.version)  # seen anew: the correction goes in
    assert get_round(db, forty, 1).boards[2].result == "0-1"


def test_a_player_changed_meanwhile_is_never_overwritten(db: Database, other: Database, forty: int) -> None:
    version, _ = player_versions(other, forty)[7]
    edit_player(db, forty, 7, seen=version, federation="NOR")
    with pytest.raises(ChangedMeanwhileError, match="player #7 Player 7 was changed meanwhile by Anna at desk 1"):
        edit_player(other, forty, 7, seen=version, federation="SWE")
    assert player_versions(other, forty)[7] == (version + 1, "Anna at desk 1")


def test_the_audit_log_names_desk_and_arbiter(db: Database, other: Database, forty: int) -> None:
    enter_result(db, forty, 1, 1, "1-0")
    enter_result(other, forty, 1, 2, "0-1")
    entries = audit_log(db, forty)
    who = {e.summary: e.arbiter for e in entries if e.summary.startswith("round 1: board")}
    assert who == {"round 1: board 1 1-0": "Anna at desk 1", "round 1: board 2 0-1": "Ben at desk 2"}


def test_two_desks_entering_results_at_once_lose_none(db: Database, other: Database, forty: int) -> None:
    boards = get_round(db, forty, 1).boards
    errors: list[BaseException] = []
    start = threading.Barrier(2)

    def desk(database: Database, numbers: range, result: str) -> None:
        try:
            start.wait()
            for number in numbers:
                enter_result(database, forty, 1, number, result, seen=boards[number - 1].version)
        except BaseException as error:  # noqa: BLE001 - reported below
            errors.append(error)

    threads = [threading.Thread(target=desk, args=(db, range(1, 11), "1-0")),
               threading.Thread(target=desk, args=(other, range(11, 21), "0-1"))]  # fmt: skip
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(120)
    assert errors == []
    results = [(b.number, b.result, b.changed_by) for b in get_round(db, forty, 1).boards]
    assert results == [(n, "1-0", "Anna at desk 1") for n in range(1, 11)] + [
        (n, "0-1", "Ben at desk 2") for n in range(11, 21)
    ]
    entered = [e for e in audit_log(db, forty) if e.action == "results"]
    assert len(entered) == 20  # each result once: none lost, none twice
    assert verify_audit_chain(db).intact


def test_one_desk_pairs_at_a_time_and_the_others_are_told_who(db: Database, other: Database) -> None:
    tid = import_trf(db, parse_trf(players_trf(12), source="twelve.trf")).tournament.id
    with desk_task(db, "pairing"):
        under_way = tasks_under_way(other)
        assert [(t.task, t.holder) for t in under_way] == [("pairing", "Anna at desk 1")]
        with pytest.raises(DeskBusyError, match=r"pairing is under way at another desk \(Anna at desk 1, since "):
            pair_next_round(other, tid)
    assert tasks_under_way(other) == []
    assert len(pair_next_round(other, tid).boards) == 6


def test_every_desk_hears_of_the_others_changes(db: Database, other: Database, forty: int) -> None:
    heard: list[str] = []
    event = threading.Event()

    def changed(who: str) -> None:
        heard.append(who)
        event.set()

    listener = listen_for_changes(other, changed)
    assert listener is not None and listener.wait_ready()
    try:
        enter_result(other, forty, 1, 1, "1-0")  # its own change: not announced to itself
        enter_result(db, forty, 1, 2, "1/2")
        assert event.wait(10)
        assert heard == ["Anna at desk 1"]
    finally:
        listener.stop()


def test_the_audit_log_is_append_only_on_the_server(db: Database, forty: int) -> None:
    for statement, says in [
        ("DELETE FROM audit_entries", "cannot be deleted"),
        ("UPDATE audit_entries SET reason = 'x'", "cannot be changed"),
        ("UPDATE audit_entries SET chain_hash = NULL", "cannot be changed"),
        ("TRUNCATE audit_entries CASCADE", "cannot be deleted"),
    ]:
        with db.engine.begin() as connection, pytest.raises(IntegrityError, match=says):
            connection.execute(text(statement))
    assert verify_audit_chain(db).intact


def test_fide_mode_cannot_be_entered_again_on_the_server(db: Database, forty: int) -> None:
    with db.engine.begin() as connection:
        connection.execute(text("UPDATE tournaments SET fide_mode = false"))
    with db.engine.begin() as connection, pytest.raises(IntegrityError, match="cannot be entered again"):
        connection.execute(text("UPDATE tournaments SET fide_mode = true"))


def test_a_change_outside_the_program_is_found(db: Database, forty: int) -> None:
    with db.engine.begin() as connection:
        connection.execute(text("UPDATE boards SET result = '1-0' WHERE number = 4"))
    report = verify_audit_chain(db)
    assert not report.intact and "the pairings and results (boards) changed" in report.summary
