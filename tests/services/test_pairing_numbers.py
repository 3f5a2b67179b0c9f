"""Tournament pairing numbers (TPN): the announced criterion for equal rating and title (C.04.2-2026 2.2.3), TPN
exchanges and regenerations as pairing-integrity events (C.04.2-2026 2.3; checklist Q112-Q115, Q146-Q155) and
late entries after round 4 (C.04.2-2026 2.4-2.5, Q156)."""

from __future__ import annotations

import pytest

from arbiter_app.errors import ArbiterError, RuleViolation
from arbiter_app.persistence import Database
from arbiter_app.services import (
    ConfirmationNeeded,
    Level,
    assign_pairing_numbers,
    create_tournament,
    edit_player,
    exchange_pairing_numbers,
    export_trf,
    list_players,
    pair_next_round,
    register_player,
    set_tie_order,
    undo_last_step,
)
from tests.services.conftest import dump
from tests.services.test_players import _complete_round


def _names(db: Database, t: int) -> list[str]:
    return [p.name for p in list_players(db, t)]


def _equal_four(db: Database) -> int:
    """Four players rated 2000 without a title: Adams (FIDE id 300), Baker (100), Clark (none), Dunn (200)."""
    t = create_tournament(db, "Open", 7).id
    for name, fide_id in (("Dunn", "200"), ("Clark", ""), ("Baker", "100"), ("Adams", "300")):
        register_player(db, t, name, rating=2000, fide_id=fide_id)
    return t


def _eight(db: Database) -> int:
    """:func:`_equal_four` with Top (2300), Second (2200), Bottom (1500) and Last (1400)."""
    t = _equal_four(db)
    for name, rating in (("Top", 2300), ("Second", 2200), ("Bottom", 1500), ("Last", 1400)):
        register_player(db, t, name, rating=rating)
    return t


def test_equal_rating_and_title_alphabetically_unless_announced_otherwise(db: Database) -> None:
    """C.04.2-2026 2.2.3 (checklist Q146): alphabetically, or the criterion announced before round 1."""
    t = _equal_four(db)
    assert _names(db, t) == ["Adams", "Baker", "Clark", "Dunn"]
    set_tie_order(db, t, "fide-id")
    assert _names(db, t) == ["Baker", "Dunn", "Adams", "Clark"]  # 100, 200, 300, then no FIDE id
    set_tie_order(db, t, "lots")
    drawn = _names(db, t)
    assert sorted(drawn) == ["Adams", "Baker", "Clark", "Dunn"]
    register_player(db, t, "Evans", rating=2000)
    assert [n for n in _names(db, t) if n != "Evans"] == drawn  # the lots of each player stay drawn


def test_the_criterion_is_announced_before_round_1(db: Database) -> None:
    t = _equal_four(db)
    pair_next_round(db, t)
    with pytest.raises(RuleViolation, match="before round 1") as caught:
        set_tie_order(db, t, "fide-id")
    assert caught.value.article == "C.04.2-2026 2.2.3"
    with pytest.raises(ArbiterError, match="unknown order"):
        set_tie_order(db, t, "age")


def test_regeneration_keeps_the_announced_order(db: Database) -> None:
    """Checklist Q155: a regeneration after a rating correction ranks equal players by the criterion chosen at the
    start, not alphabetically."""
    t = _equal_four(db)
    set_tie_order(db, t, "fide-id")
    _complete_round(db, t)
    edit_player(db, t, 4, rating=2100)  # Clark (#4) was rated too low; no TPN moves by itself after round 1
    assert _names(db, t) == ["Baker", "Dunn", "Adams", "Clark"]
    assign_pairing_numbers(db, t, confirmed=Level.PROCEED)
    assert _names(db, t) == ["Clark", "Baker", "Dunn", "Adams"]


def test_exchange_only_between_equal_ratings_and_at_level_3(db: Database) -> None:
    """Checklist Q147-Q150: TPNs change without editing a rating, between equal ratings only, always at Level 3."""
    t = _equal_four(db)
    register_player(db, t, "Stronger", rating=2100)
    before = dump(db)
    with pytest.raises(RuleViolation, match="not rated equally"):
        exchange_pairing_numbers(db, t, 1, 2, confirmed=Level.PROCEED)
    with pytest.raises(ConfirmationNeeded) as asked:
        exchange_pairing_numbers(db, t, 2, 5)
    assert asked.value.level == Level.PROCEED and "checklist Q150" in asked.value.rule
    assert dump(db) == before
    first, second = exchange_pairing_numbers(db, t, 2, 5, confirmed=Level.PROCEED)
    assert (first.name, first.number, second.name, second.number) == ("Adams", 5, "Dunn", 2)
    assert _names(db, t) == ["Stronger", "Dunn", "Baker", "Clark", "Adams"]
    register_player(db, t, "Weaker", rating=1500)  # before round 1 every registration renumbers: the exchange holds
    assert _names(db, t) == ["Stronger", "Dunn", "Baker", "Clark", "Adams", "Weaker"]


def test_an_exchange_after_round_1_is_logged_written_and_undone(db: Database) -> None:
    """Checklist Q112-Q115: a TPN exchange is logged, written as a ``###`` line in TRF-2026 exports and undone."""
    t = _equal_four(db)
    _complete_round(db, t)
    exchange_pairing_numbers(db, t, 1, 3, confirmed=Level.PROCEED)
    assert _names(db, t) == ["Clark", "Baker", "Adams", "Dunn"]
    lines = export_trf(db, t).text.splitlines()
    assert "### TPN exchange @ Round 1: 1<>3" in lines
    assert not [line for line in lines if line.startswith("### MPA")]  # the engine's round 1 follows the numbers
    undo_last_step(db, t)
    assert _names(db, t) == ["Adams", "Baker", "Clark", "Dunn"]
    assert "TPN exchange" not in export_trf(db, t).text


def test_a_regeneration_moving_two_numbers_asks_at_level_3_and_is_written(db: Database) -> None:
    """Checklist Q153-Q154: regeneration before round 4; moving two or more TPNs after round 1 is a Level-3 event,
    logged with undo and written to TRF-2026 exports."""
    t = _equal_four(db)
    _complete_round(db, t)
    edit_player(db, t, 4, rating=2100)  # Dunn
    before = dump(db)
    with pytest.raises(ConfirmationNeeded) as asked:
        assign_pairing_numbers(db, t)
    assert asked.value.level == Level.PROCEED and "4>1" in asked.value.text
    assert dump(db) == before
    assign_pairing_numbers(db, t, confirmed=Level.PROCEED)
    assert _names(db, t) == ["Dunn", "Adams", "Baker", "Clark"]
    lines = export_trf(db, t).text.splitlines()
    assert "### TPN regeneration @ Round 1: 1>2 2>3 3>4 4>1" in lines
    assert not [line for line in lines if line.startswith("### MPA")]
    undo_last_step(db, t)
    assert _names(db, t) == ["Adams", "Baker", "Clark", "Dunn"]


def test_nothing_changes_a_tpn_once_round_4_is_paired(db: Database) -> None:
    """C.04.2-2026 2.3 (checklist Q151): no exchange and no regeneration after round 4 is paired."""
    t = _eight(db)
    for _ in range(3):
        _complete_round(db, t)
    pair_next_round(db, t)  # round 4
    before = dump(db)
    for attempt in (
        lambda: exchange_pairing_numbers(db, t, 3, 4, confirmed=Level.DOUBLE),
        lambda: assign_pairing_numbers(db, t, confirmed=Level.DOUBLE),
    ):
        with pytest.raises(RuleViolation, match="fourth round"):
            attempt()
    assert dump(db) == before


def test_a_late_entry_after_round_4_gets_the_tpn_of_its_rating(db: Database) -> None:
    """C.04.2-2026 2.4-2.5 (checklist Q156): after round 4 the late entry still takes its place by rating; the
    players below move one number down, in their order."""
    t = _eight(db)
    for _ in range(4):
        _complete_round(db, t)
    late = register_player(db, t, "Late", rating=2000, title="FM")  # above the untitled 2000s
    assert (late.number, late.entry_round) == (3, 5)
    assert _names(db, t) == ["Top", "Second", "Late", "Adams", "Baker", "Clark", "Dunn", "Bottom", "Last"]
    low = register_player(db, t, "Low", rating=1000)
    assert low.number == 10


def test_a_late_entry_before_round_4_regenerates_nothing(db: Database) -> None:
    """C.04.2-2026 2.3-2.4: the late entry is placed by its rating; a rating corrected since (Dunn) moves no one,
    which only a regeneration (Level 3, logged) would do."""
    t = _eight(db)
    _complete_round(db, t)
    edit_player(db, t, 6, rating=2100)  # Dunn, #6
    late = register_player(db, t, "Late", rating=2050)
    assert late.number == 3
    assert _names(db, t) == ["Top", "Second", "Late", "Adams", "Baker", "Clark", "Dunn", "Bottom", "Last"]
    assert "TPN regeneration" not in export_trf(db, t).text
