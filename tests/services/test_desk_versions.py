"""What a desk changes against what it showed, on a file (issue 32): two windows on one file are two desks.  A bye,
an absence, a withdrawal, an override or a registration made against an older view is refused, naming who; the
single-desk callers (no version given) work as before."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from arbiter_app.errors import ArbiterError
from arbiter_app.persistence import Database, open_database
from arbiter_app.services import (
    Swap,
    apply_override,
    enter_result,
    get_round,
    list_byes,
    list_players,
    pair_next_round,
    player_identities,
    player_versions,
    record_absence,
    register_player,
    reinstate_player,
    request_bye,
    withdraw_player,
)
from arbiter_app.services.desks import ChangedMeanwhileError, desk_tasks


@pytest.fixture
def window2(db_path: Path, seven: int) -> Iterator[Database]:
    """A second window on the same file, by another arbiter."""
    database = open_database(db_path, arbiter="Ben")
    yield database
    database.dispose()


def test_a_bye_requested_meanwhile_refuses_an_absence_shown_before(db: Database, window2: Database, seven: int) -> None:
    seen = player_versions(db, seven)[4][0]
    request_bye(window2, seven, 4, 3, "half", seen=seen)
    with pytest.raises(ChangedMeanwhileError, match=r"player #4 Four was changed meanwhile by Ben \(now half bye in "
                                                    r"round 3\)"):  # fmt: skip
        record_absence(db, seven, 4, 3, seen=seen)
    assert [(b.player, b.kind) for b in list_byes(db, seven, 3)] == [(4, "half")]
    assert next(p for p in list_players(db, seven) if p.number == 4).status == "active"


def test_each_change_of_a_players_round_raises_the_version(db: Database, seven: int) -> None:
    versions = [player_versions(db, seven)[6][0]]
    request_bye(db, seven, 6, 4, "zero", seen=versions[-1])
    versions.append(player_versions(db, seven)[6][0])
    withdraw_player(db, seven, 6, seen=versions[-1])
    versions.append(player_versions(db, seven)[6][0])
    reinstate_player(db, seven, 6, seen=versions[-1])
    versions.append(player_versions(db, seven)[6][0])
    assert versions == sorted(set(versions))  # every one raised it
    with pytest.raises(ChangedMeanwhileError, match="#6 Six was changed meanwhile"):
        withdraw_player(db, seven, 6, seen=versions[0])
    withdraw_player(db, seven, 6)  # a single desk, no version given: as before
    assert next(p for p in list_players(db, seven) if p.number == 6).status == "withdrawn"


def test_an_override_refers_to_the_round_as_shown(db: Database, window2: Database, seven: int) -> None:
    pair_next_round(db, seven)
    shown = get_round(db, seven, 3)
    assert get_round(window2, seven, 3).version == shown.version
    apply_override(window2, seven, 3, [Swap(1, 2)], "colours by the organiser's rules", confirmed=9,
                   seen=shown.version)  # fmt: skip
    with pytest.raises(ChangedMeanwhileError, match=r"round 3 was changed meanwhile by Ben \(now draft"):
        apply_override(db, seven, 3, [Swap(1, 2)], "the same swap again", confirmed=9, seen=shown.version)
    again = get_round(db, seven, 3)
    assert again.version != shown.version
    assert again.pairing() != shown.pairing()  # Ben's swap kept, not swapped back
    assert apply_override(db, seven, 3, [Swap(1, 2)], "back", confirmed=9, seen=again.version)


def test_a_result_changes_the_rounds_version(db: Database, seven: int) -> None:
    pair_next_round(db, seven)
    from arbiter_app.services import publish_round

    publish_round(db, seven)
    before = get_round(db, seven, 3).version
    enter_result(db, seven, 3, 1, "1-0")
    assert get_round(db, seven, 3).version != before


def test_a_registration_meanwhile_names_who_registered_it(db: Database, window2: Database, seven: int) -> None:
    shown = frozenset(key for key, _ in player_identities(db, seven).values())
    register_player(window2, seven, "Eight Late", fide_id="99000003", birth_date="1999")
    with pytest.raises(ChangedMeanwhileError, match=r"FIDE ID 99000003 was registered meanwhile by Ben"):
        register_player(db, seven, "Eight Late", fide_id="99000003", seen_players=shown)
    with pytest.raises(
        ChangedMeanwhileError, match=r"eight late \(born 1999\) was registered meanwhile by Ben \(now #8 Eight Late\)"
    ):
        register_player(db, seven, "eight late", birth_date="1999", seen_players=shown)
    # Shown already (or no view given): the plain refusal, still naming who registered it.
    with pytest.raises(ArbiterError, match=r"FIDE id 99000003 is already registered: #\d+ Eight Late, registered by "
                                           "Ben") as refused:  # fmt: skip
        register_player(db, seven, "Eight Late", fide_id="99000003")
    assert not isinstance(refused.value, ChangedMeanwhileError)


def test_a_file_has_no_desk_tasks(db: Database, seven: int) -> None:
    assert desk_tasks(db, seven) == ()


def test_the_command_line_saves_an_override_against_the_round_its_preview_showed(
    db: Database, window2: Database, seven: int, db_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    import re

    from arbiter_app.cli.arbiter import main

    pair_next_round(db, seven)
    assert main(["--db", str(db_path), "override", "3", "--swap", "1", "2"]) == 0
    shown = re.search(r"--seen (\w+)", capsys.readouterr().out)
    assert shown is not None and shown.group(1) == get_round(db, seven, 3).version
    apply_override(window2, seven, 3, [Swap(3, 4)], "another desk's change", confirmed=9)
    code = main(["--db", str(db_path), "override", "3", "--swap", "1", "2", "--reason", "r", "--yes", "--seen",
                 shown.group(1)])  # fmt: skip
    assert code != 0 and "round 3 was changed meanwhile by Ben" in capsys.readouterr().err
    assert main(["--db", str(db_path), "override", "3", "--swap", "1", "2", "--reason", "r", "--yes"]) == 0
