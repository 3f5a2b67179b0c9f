"""FIDE mode, the warning levels and the pairing-integrity events (FIDE's checklist VCL4THP v13: Q40-Q46, Q57-Q61,
Q74-Q88, Q93, Q109-Q115, Q200-Q202, Q218-Q221; see ../shared/spec/vcl-checklist.md §4)."""

from __future__ import annotations

import sqlite3
from fractions import Fraction
from pathlib import Path

import pytest

from arbiter_app import services as sv
from arbiter_app.errors import ArbiterError
from arbiter_app.pairing.model import PointSystem
from arbiter_app.persistence import Database
from arbiter_app.services import ConfirmationNeeded, Level, ProhibitedInFideMode
from arbiter_app.services import rating_lists as rl
from arbiter_app.trf import parse_trf
from tests.services.conftest import SEVEN, dump


def _trf(db: Database, tid: int) -> list[str]:
    return sv.export_trf(db, tid, "trf-2026").text.splitlines()


def _hashes(db: Database, tid: int) -> list[str]:
    """The ``###`` lines but those of SEVEN's import (its hand-made rounds, see test_an_import_checks_every_round);
    a round in progress written with its games."""
    text = sv.export_trf(db, tid, "trf-2026", keep_unfinished=True).text
    return [line for line in text.splitlines() if line.startswith("###") and not line.startswith("### Import")]


def test_a_new_and_an_imported_tournament_are_in_fide_mode(db: Database, seven: int) -> None:
    """Q40 (the default), Q56 (an imported file too)."""
    assert sv.create_tournament(db, "Open", 9).fide_mode
    assert sv.get_tournament(db, seven).fide_mode and sv.get_tournament(db, seven).fide_mode_left_round is None


def test_leaving_fide_mode_takes_level_4_and_is_final(db: Database, seven: int) -> None:
    """Q43 Level 4 (a Level-3 answer does not do), Q44 the ### line with the round, Q45 never again, audited."""
    sv.pair_next_round(db, seven)
    before = dump(db)
    for answered in (0, Level.PROCEED):
        with pytest.raises(ConfirmationNeeded) as asked:
            sv.leave_fide_mode(db, seven, confirmed=answered)
        assert asked.value.level == Level.DOUBLE and asked.value.rule == "checklist Q43"
        assert "can never enter it again" in asked.value.consequences
    assert dump(db) == before and not _hashes(db, seven)
    left = sv.leave_fide_mode(db, seven, confirmed=Level.DOUBLE)
    assert (left.fide_mode, left.fide_mode_left_round) == (False, 3)
    entry = sv.audit_log(db, seven)[-1]
    assert (entry.action, entry.summary) == ("leave FIDE mode", "FIDE mode left for good after round 3 was paired")
    assert _hashes(db, seven) == ["### FIDE mode exited @ Round 3"]
    assert not any(line.startswith("###") for line in sv.export_trf(db, seven, "trf-16").text.splitlines())
    with pytest.raises(ArbiterError, match="FIDE mode cannot be entered again"):
        sv.leave_fide_mode(db, seven, confirmed=Level.DOUBLE)
    # Not even by writing the file: a trigger refuses it (Q45).
    assert db.path is not None
    with sqlite3.connect(db.path) as raw, pytest.raises(sqlite3.IntegrityError, match="cannot be entered again"):
        raw.execute("UPDATE tournaments SET fide_mode = 1")
    # Leaving is no step to undo: the undo takes back the draft of round 3, FIDE mode stays left.
    sv.undo_last_step(db, seven)
    assert not sv.get_tournament(db, seven).fide_mode


@pytest.mark.parametrize(
    ("changes", "rule"),
    [
        ({"rounds_count": 7}, "checklist Q57-Q58"),
        ({"points": PointSystem(win=30, draw=10, pairing_allocated_bye=30)}, "checklist Q75, Q85"),
        ({"points": PointSystem(pairing_allocated_bye=5)}, "checklist Q75, Q85"),
        ({"accelerated": True}, "checklist Q109-Q110, C.04.5"),
        ({"tie_break_rules": "c07-2024"}, "checklist Q200-Q201, C.07 4.1.1"),
    ],
)
def test_settings_frozen_after_round_1(db: Database, seven: int, changes: dict[str, object], rule: str) -> None:
    """In FIDE mode: Level 5 naming the question, whatever is confirmed; outside: Level 4, then a ### line."""
    before = dump(db)
    with pytest.raises(ProhibitedInFideMode, match=f"^{rule}: the .* is frozen once round 1 is paired"):
        sv.edit_tournament(db, seven, confirmed=Level.DOUBLE, **changes)
    assert dump(db) == before
    sv.leave_fide_mode(db, seven, confirmed=Level.DOUBLE)
    with pytest.raises(ConfirmationNeeded) as asked:
        sv.edit_tournament(db, seven, confirmed=Level.PROCEED, **changes)  # never downgraded to Level 3 (Q221)
    assert asked.value.level == Level.DOUBLE and asked.value.rule == rule
    changed = sv.edit_tournament(db, seven, confirmed=Level.DOUBLE, **changes)
    field, value = next(iter(changes.items()))
    assert getattr(changed, field) == value
    assert next(line for line in _hashes(db, seven) if "Configuration" in line).startswith(
        "### Configuration @ Round 2: "
    )


def test_the_same_settings_change_freely_before_round_1(db: Database) -> None:
    t = sv.create_tournament(db, "Open", 7)
    changed = sv.edit_tournament(
        db, t.id, rounds_count=9, accelerated=True, points=PointSystem(win=30, draw=10), tie_breaks="BH, SB"
    )
    assert (changed.rounds_count, changed.accelerated, changed.points.win, changed.tie_breaks) == (
        9,
        True,
        30,
        "BH, SB",
    )
    assert changed.fide_mode and not _hashes(db, t.id)


def test_the_pairing_system_is_frozen_once_round_1_is_paired(db: Database, seven: int) -> None:
    """Q93: the edition of the Dutch rules, in FIDE mode, refused at any confirmation."""
    with pytest.raises(ProhibitedInFideMode, match="checklist Q93"):
        sv.change_edition(db, seven, "fide-2026", confirmed=Level.DOUBLE)
    assert sv.get_tournament(db, seven).edition == "baku-2016"


@pytest.mark.parametrize(
    ("points", "rule"),
    [
        (PointSystem(win=10, draw=6), "checklist Q74"),  # two draws beat a win and a loss
        (PointSystem(win=20, draw=12, pairing_allocated_bye=20), "checklist Q74"),
        (PointSystem(pairing_allocated_bye=8), "checklist Q83"),  # standard scoring, a bye of 0.8
    ],
)
def test_scoring_fide_mode_refuses(db: Database, points: PointSystem, rule: str) -> None:
    """Q74, Q83 refused at creation (a new tournament is in FIDE mode); Q81 is refused in every mode."""
    with pytest.raises(ProhibitedInFideMode, match=rule):
        sv.create_tournament(db, "Odd", 5, points=points)
    with pytest.raises(ArbiterError, match="cannot be worth more than a win"):
        sv.create_tournament(db, "Odd", 5, points=PointSystem(pairing_allocated_bye=15))
    for fine in (PointSystem(pairing_allocated_bye=5), PointSystem(pairing_allocated_bye=0),
                 PointSystem(win=30, draw=10, pairing_allocated_bye=20)):  # fmt: skip
        assert sv.create_tournament(db, "Fine", 5, points=fine).points == fine


def test_an_imported_scoring_fide_mode_refuses_names_the_lines(db: Database) -> None:
    """The checklist's note: the TRF import took ``BBD`` above half a win without a word."""
    with pytest.raises(ProhibitedInFideMode, match=r"checklist Q74: odd.trf: the file's scoring \(BBW/BBD"):
        sv.import_trf(db, parse_trf(SEVEN + "BBD  0.8\n", source="odd.trf"))
    assert not sv.list_tournaments(db)


def test_a_manual_pairing_is_confirmed_at_level_3_and_written(db: Database, seven: int) -> None:
    """Q69, Q112-Q115: the MPA line names the engine's boards and ours."""
    paired = sv.pair_next_round(db, seven)
    first = paired.boards[0]
    before = dump(db)
    with pytest.raises(ConfirmationNeeded) as asked:
        sv.apply_override(db, seven, 3, [sv.SwapColours(1)], "asked by both")
    assert asked.value.level == Level.PROCEED and asked.value.rule == "checklist Q69, Q115"
    assert dump(db) == before
    sv.apply_override(db, seven, 3, [sv.SwapColours(1)], "asked by both", confirmed=Level.PROCEED)
    sv.publish_round(db, seven)
    mpa = f"### MPA @ Round 3: {first.white}-{first.black} => {first.black}-{first.white}"
    assert _hashes(db, seven) == [mpa]


def test_a_correction_after_the_next_round_is_paired_is_an_event(db: Database, seven: int) -> None:
    """Q112-Q115: a result of round 2 changed once round 3 is published: Level 3, logged, ### Correction."""
    sv.enter_result(db, seven, 2, 1, "1-0")  # the same result again: no correction, no question
    sv.pair_next_round(db, seven)
    sv.enter_result(db, seven, 2, 1, "1/2")  # round 3 is a draft, to be paired again (C.04.2.D.8): no event
    sv.enter_result(db, seven, 2, 1, "1-0")
    sv.publish_round(db, seven)
    board = sv.get_round(db, seven, 2).boards[0]
    before = dump(db)
    with pytest.raises(ConfirmationNeeded, match="round 3 was paired and published with the old result"):
        sv.enter_result(db, seven, 2, 1, "0-1")
    assert dump(db) == before
    sv.enter_result(db, seven, 2, 1, "0-1", confirmed=Level.PROCEED)
    line = f"### Correction @ Round 2: result of {board.white}-{board.black} changed from 1-0 to 0-1"
    assert line in _hashes(db, seven)
    sv.undo_last_step(db, seven)  # the correction is the last step: undone, its line goes
    assert line not in _hashes(db, seven)


def test_a_correction_before_the_next_round_is_published_asks_nothing(db: Database, seven: int) -> None:
    sv.pair_next_round(db, seven)
    sv.publish_round(db, seven)
    sv.enter_result(db, seven, 3, 1, "1-0")
    sv.enter_result(db, seven, 3, 1, "0-1")
    assert not _hashes(db, seven)


def test_an_import_checks_every_round(db: Database) -> None:
    """Q54-Q55: SEVEN's rounds are not the engine's; the import asks at Level 3 and writes a line per round."""
    before = dump(db)
    with pytest.raises(ConfirmationNeeded) as asked:
        sv.import_trf(db, parse_trf(SEVEN, source="seven.trf"), edition="baku-2016")
    assert asked.value.level == Level.PROCEED and asked.value.rule == "checklist Q54-Q55"
    assert asked.value.text.startswith("seven.trf: round(s) 1, 2 are not paired as the engine pairs them")
    assert dump(db) == before
    tid = sv.import_trf(db, parse_trf(SEVEN, source="seven.trf"), edition="baku-2016", confirmed=Level.PROCEED)
    assert [line for line in _trf(db, tid.tournament.id) if line.startswith("###")] == [
        "### Import @ Round 1: 2-5 => 5-2 (the file's => the engine's)",
        "### Import @ Round 2: 1-6 2-4 7-3 5=PAB => 7-1 5-3 6-2 4=PAB (the file's => the engine's)",
    ]
    assert "Import @ Round 1" in (sv.audit_log(db, tid.tournament.id)[-1].after or "")


def test_require_never_downgrades() -> None:
    """Q218-Q221: Level 5 refuses at any answer; Level 4 wants 4; several warnings ask at the highest level."""
    three = sv.Notice(Level.PROCEED, "Q1", "three")
    four = sv.Notice(Level.DOUBLE, "Q2", "four", "then")
    from arbiter_app.services.warnings import require

    require(0, [sv.Notice(Level.INFORM, "Q0", "told")])
    require(Level.PROCEED, [three])
    with pytest.raises(ConfirmationNeeded) as asked:
        require(Level.PROCEED, [three, four])
    assert asked.value.level == Level.DOUBLE and asked.value.rule == "Q2" and asked.value.text == "Q1: three; four"
    require(Level.DOUBLE, [three, four])
    with pytest.raises(ProhibitedInFideMode):
        require(Level.REFUSED, [sv.Notice(Level.REFUSED, "Q3", "no"), three])


def test_only_the_last_two_rounds_change_in_fide_mode(db: Database, data: Path) -> None:
    """Q189-Q191 on the Arbiters' Manual's tournament (nine rounds played): round 9 and round 8 can be corrected
    (round 8 as a correction event, Level 3); round 7's results and round 5's pairing are refused (Level 5); outside
    FIDE mode they take the Level-4 answer."""
    tid = sv.import_trf(db, data / "fixtures" / "arbiters-manual-12.trf", edition="baku-2016").tournament.id
    assert sv.enter_result(db, tid, 9, 1, "0-1").previous is not None  # the last round: no question
    with pytest.raises(ConfirmationNeeded) as asked:
        sv.enter_result(db, tid, 8, 1, "0-1")
    assert asked.value.level == Level.PROCEED
    before = dump(db)
    with pytest.raises(ProhibitedInFideMode, match="checklist Q189-Q191: round 9 is paired: only rounds 8 and 9"):
        sv.enter_result(db, tid, 7, 1, "0-1", confirmed=Level.DOUBLE)
    with pytest.raises(ProhibitedInFideMode, match="not the pairing of round 5"):
        sv.apply_override(db, tid, 5, [sv.SwapColours(1)], "late objection", discard_results=True, confirmed=4)
    assert dump(db) == before
    sv.leave_fide_mode(db, tid, confirmed=Level.DOUBLE)
    with pytest.raises(ConfirmationNeeded) as asked:
        sv.enter_result(db, tid, 7, 1, "0-1", confirmed=Level.PROCEED)
    assert asked.value.level == Level.DOUBLE and asked.value.rule == "checklist Q189-Q191"
    board = sv.enter_result(db, tid, 7, 1, "0-1", confirmed=Level.DOUBLE).board
    assert f"### Correction @ Round 7: result of {board.white}-{board.black} changed from 1-0 to 0-1" in _hashes(
        db, tid
    )


@pytest.mark.parametrize(
    "change",
    [
        lambda db, tid: sv.edit_tournament(db, tid, confirmed=Level.DOUBLE, rounds_count=9, name="Renamed"),
        lambda db, tid: sv.edit_tournament(db, tid, confirmed=Level.DOUBLE, points=PointSystem(win=30, draw=10)),
        lambda db, tid: sv.edit_tournament(db, tid, confirmed=Level.DOUBLE, tie_break_rules="c07-2024"),
        lambda db, tid: sv.change_edition(db, tid, "fide-2026", confirmed=Level.DOUBLE),
        lambda db, tid: rl.set_rating_method(db, tid, "OTHER", confirmed=Level.DOUBLE),
    ],
    ids=["rounds and name", "scoring", "tie-break rules", "edition", "rating method"],
)
def test_undo_restores_the_state_before_a_configuration_change(db: Database, seven: int, change: object) -> None:
    """Q114: a configuration change after round 1 (outside FIDE mode, Level 4) is a pairing-integrity event that
    Undo last step restores as it was: every setting it changed (and the tournament ratings a new rating method
    gave), its ### line no longer written; the undo is logged, and the next undo goes on with the rounds."""
    sv.pair_next_round(db, seven)
    sv.leave_fide_mode(db, seven, confirmed=Level.DOUBLE)
    before = dump(db)
    hashes = _hashes(db, seven)
    change(db, seven)  # type: ignore[operator]
    assert dump(db) != before and any("Configuration" in line for line in _hashes(db, seven))
    undone = sv.undo_last_step(db, seven)
    assert "Configuration" in (undone.after or "")
    assert _hashes(db, seven) == hashes  # the ### Configuration line is gone with the change
    assert _without_audit(dump(db)) == _without_audit(before)
    assert sv.audit_log(db, seven)[-1].action == "undo"
    assert sv.undo_last_step(db, seven).action == "pair round"  # then the round steps, as before


def _without_audit(state: object) -> object:
    """A dump without the audit log (an undo adds its own entry naming the step it undoes) and its chain head."""
    log = ("audit_entries", "audit_seals")
    return {k: v for k, v in state.items() if k not in log} if isinstance(state, dict) else state


def test_the_rounds_checked_in_two_processes_are_checked_alike() -> None:
    """Q54: the import's check shared between two processes gives the checks of one process, round for round, and
    the same ``### Import`` lines: on SEVEN (rounds 1 and 2 not the engine's) and on a generated open with byes and
    forfeits whose rounds are all the engine's (``conformance.check_tournament`` agrees)."""
    from arbiter_app.conformance import check_tournament
    from arbiter_app.generator import GeneratorConfig, generate
    from arbiter_app.pairing.editions import BAKU_2016, FIDE_2026
    from arbiter_app.services.fide_mode import check_rounds, import_lines

    seven = parse_trf(SEVEN, source="seven.trf")
    assert import_lines(seven, BAKU_2016, workers=2) == import_lines(seven, BAKU_2016, workers=1)
    assert [c.round for c in check_rounds(seven, BAKU_2016, workers=2) if not c.matches] == [1, 2]
    config = GeneratorConfig(players=41, rounds=6, forfeit_percentage=Fraction(5), half_point_bye_rate=20)
    opened = generate(config, 7, FIDE_2026)
    two = check_rounds(opened, FIDE_2026, workers=2)
    assert two == check_rounds(opened, FIDE_2026, workers=1) == check_tournament(opened, FIDE_2026)
    assert [c.round for c in two] == [1, 2, 3, 4, 5, 6] and all(c.matches for c in two)
    assert import_lines(opened, FIDE_2026, workers=2) == []
