"""Players: pairing numbers (C.04.2.B), duplicates, late entries (C.04.2.C), removal and withdrawal."""

from __future__ import annotations

import pytest

from arbiter_app.errors import ArbiterError, RuleViolation
from arbiter_app.persistence import Database
from arbiter_app.services import (
    assign_pairing_numbers,
    create_tournament,
    edit_player,
    enter_results,
    get_round,
    list_players,
    pair_next_round,
    publish_round,
    register_player,
    remove_player,
    standings,
    state_for_round,
    withdraw_player,
)
from tests.services.conftest import dump


def _complete_round(db: Database, t: int) -> int:
    """Pair, publish and give white every game of the next round; returns its number."""
    r = pair_next_round(db, t)
    publish_round(db, t)
    if r.boards:
        enter_results(db, t, r.number, [(b.number, "1-0") for b in r.boards])
    return r.number


def test_pairing_numbers_by_rating_then_title_then_name(db: Database) -> None:
    t = create_tournament(db, "Open", 5).id
    entries = [
        ("Zed", 2500, ""),
        ("Wanda", 2500, "WCM"),
        ("Adam", 2500, "FM"),
        ("Bea", 2500, "GM"),
        ("Cy", 2500, "IM"),
        ("Dee", 2500, "WGM"),
        ("Al", 2600, ""),
        ("Bo", 2500, ""),
        ("Vera", 2500, "WFM"),
        ("Carl", 2500, "CM"),
        ("Ida", 2500, "WIM"),
    ]
    for name, rating, title in entries:
        register_player(db, t, name, rating=rating, title=title)
    names = [p.name for p in list_players(db, t)]
    assert names == ["Al", "Bea", "Cy", "Dee", "Adam", "Ida", "Carl", "Vera", "Wanda", "Bo", "Zed"]


def test_trf_title_codes_and_unknown_titles(db: Database) -> None:
    t = create_tournament(db, "Open", 5).id
    assert register_player(db, t, "Ann", rating=2000, title="wg").title == "WGM"
    with pytest.raises(ArbiterError, match="unknown title"):
        register_player(db, t, "Ben", title="XYZ")


def test_a_player_added_twice_is_refused_and_nothing_changes(db: Database) -> None:
    t = create_tournament(db, "Open", 5).id
    register_player(db, t, "Ann Smith", rating=2000, fide_id="123456")
    register_player(db, t, "Bob Jones", rating=1900)
    before = dump(db)
    with pytest.raises(ArbiterError, match="already registered as #1"):
        register_player(db, t, "ann smith", rating=2000)
    with pytest.raises(ArbiterError, match="FIDE id 123456 is already registered"):
        register_player(db, t, "Anne Smith", fide_id="123456")
    assert dump(db) == before


def test_edit_before_round_1_renumbers(db: Database) -> None:
    t = create_tournament(db, "Open", 5).id
    register_player(db, t, "Ann", rating=2000)
    register_player(db, t, "Bob", rating=1900)
    assert edit_player(db, t, 2, rating=2100).number == 1
    assert [p.name for p in list_players(db, t)] == ["Bob", "Ann"]
    with pytest.raises(ArbiterError, match="cannot edit"):
        edit_player(db, t, 1, pairing_number=5)


def test_renumbering_refused_once_round_4_is_paired(db: Database, seven: int) -> None:
    _complete_round(db, seven)  # round 3
    assert len(assign_pairing_numbers(db, seven)) == 7  # still allowed: round 4 not paired
    pair_next_round(db, seven)  # round 4, a draft
    before = dump(db)
    with pytest.raises(RuleViolation, match="fourth round") as caught:
        assign_pairing_numbers(db, seven)
    assert caught.value.article == "C.04.2.B.4"
    assert dump(db) == before


def test_late_entry_gets_zero_point_byes_and_a_pairing_number_by_rating(db: Database, seven: int) -> None:
    late = register_player(db, seven, "Late", rating=2350)
    assert (late.number, late.entry_round) == (2, 3)
    with db.read() as s:
        state = state_for_round(s, seven, 3)
    history = next(p.history for p in state.players if p.number == 2)
    assert [r.outcome.name for r in history] == ["ZERO_POINT_BYE", "ZERO_POINT_BYE"]
    r3 = pair_next_round(db, seven)
    assert r3.bye is None and any(2 in (b.white, b.black) for b in r3.boards)


def test_late_entry_with_half_points_and_kept_numbers(db: Database, seven: int) -> None:
    late = register_player(db, seven, "Late", rating=2350, missed_rounds="half", renumber=False)
    assert late.number == 8
    assert next(row.points for row in standings(db, seven) if row.number == 8) == 10


def test_late_entry_for_a_published_round_is_refused(db: Database, seven: int) -> None:
    with pytest.raises(RuleViolation, match="already paired") as caught:
        register_player(db, seven, "Late", rating=2350, entry_round=2)
    assert caught.value.article == "C.04.2.C.2"


def test_remove_only_players_never_paired(db: Database, seven: int) -> None:
    with pytest.raises(RuleViolation, match="withdraw the player instead"):
        remove_player(db, seven, 1)
    late = register_player(db, seven, "Late", rating=1000)
    assert remove_player(db, seven, late.number).name == "Late"
    assert len(list_players(db, seven)) == 7


def test_withdrawn_player_is_no_longer_paired(db: Database, seven: int) -> None:
    info = withdraw_player(db, seven, 7)
    assert info.round == 3
    r3 = pair_next_round(db, seven)
    assert r3.bye is None and len(r3.boards) == 3
    assert (7, "withdrawn") in r3.not_paired
    with pytest.raises(RuleViolation, match="already published"):
        withdraw_player(db, seven, 6, from_round=2)


def test_withdrawal_for_the_draft_round_discards_the_draft(db: Database, seven: int) -> None:
    pair_next_round(db, seven)
    assert withdraw_player(db, seven, 7).discarded_draft
    with pytest.raises(ArbiterError, match="has not been paired"):
        get_round(db, seven, 3)


def test_tournament_settings_are_checked(db: Database) -> None:
    with pytest.raises(ArbiterError, match="at least 1"):
        create_tournament(db, "Open", 0)
    with pytest.raises(ArbiterError, match="needs a name"):
        create_tournament(db, "  ", 5)


def test_a_player_addressed_as_seen_is_refused_once_the_numbers_changed(db: Database) -> None:
    """Issue 33.6: a window opened on #2 edits #2 only while #2 is still the player it showed."""
    from arbiter_app import services as sv

    tid = sv.create_tournament(db, "Seen", 5).id
    sv.register_player(db, tid, "Ann Alpha", rating=2400)
    sv.register_player(db, tid, "Bob Beta", rating=2300)
    seen = {p.number: p.name for p in sv.list_players(db, tid)}
    sv.register_player(db, tid, "Zed Zeta", rating=2600)  # another desk: every number follows (C.04.2.B)
    with pytest.raises(ArbiterError, match="#2 is now Ann Alpha, and Bob Beta is #3; nothing was changed"):
        sv.edit_player(db, tid, 2, expected=seen[2], rating=2000)
    with pytest.raises(ArbiterError, match="#2 is now Ann Alpha"):
        sv.withdraw_player(db, tid, 2, expected=seen[2])
    with pytest.raises(ArbiterError, match="#2 is now Ann Alpha"):
        sv.remove_player(db, tid, 2, expected=seen[2])
    assert [p.rating for p in sv.list_players(db, tid)] == [2600, 2400, 2300]
    assert sv.edit_player(db, tid, 3, expected="Bob Beta", rating=2000).name == "Bob Beta"
