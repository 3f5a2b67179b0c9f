"""Several rating lists, the tournament rating apart from the official one, the consistency check (checklist
section L, Q116-Q144, and Q145: the tournament-rating methods of TRF-2026 record 172)."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest

from arbiter_app import services as sv
from arbiter_app.errors import ArbiterError
from arbiter_app.persistence import Database
from arbiter_app.ratings.methods import DEFAULT_SEQUENCES, month_for_check, tournament_rating
from arbiter_app.services import rating_lists as rl
from arbiter_app.services.warnings import ProhibitedInFideMode
from arbiter_app.trf import parse_trf
from tests.ratings.lists import PLAYERS, P, write_combined, write_single

NOVEMBER = date(2026, 11, 23)
NATIONAL = "id;name;rating;federation\n1503014;Carlsen, Magnus;2900;NOR\n99000001;Nordmann, Ola;1720;NOR\n"


@pytest.fixture
def store(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    path = tmp_path / "data" / "ratings.db"
    monkeypatch.setenv("ARBITER_RATINGS_DB", str(path))
    return path


def national(tmp_path: Path, text: str = NATIONAL) -> Path:
    path = tmp_path / "nor_nov26.csv"
    path.write_text(text, encoding="utf-8")
    return path


def numbers(db: Database, tid: int) -> dict[str, tuple[int, int]]:
    return {p.name: (p.number, p.rating) for p in sv.list_players(db, tid)}


def test_the_six_methods_of_trf_2026() -> None:
    """Q145: FIDE, NRO, FIDON (FIDE else national), NIDOF (national else FIDE), HBFN (highest), OTHER (manual)."""
    rated, fide_only, national_only = (2400, 2300, 2450), (2400, 0, 0), (0, 2300, 0)
    expected = {
        "FIDE": (2400, 2400, 0), "NRO": (2300, 0, 2300), "FIDON": (2400, 2400, 2300),
        "NIDOF": (2300, 2400, 2300), "HBFN": (2450, 2400, 2300), "OTHER": (2450, 0, 0),
    }  # fmt: skip
    for method, wanted in expected.items():
        got = tuple(tournament_rating(method, *r) for r in (rated, fide_only, national_only))
        assert got == wanted, method
    with pytest.raises(ValueError, match="unknown tournament-rating method"):
        tournament_rating("BEST", 1, 2, 3)


def test_official_and_tournament_ratings_kept_apart_with_their_sources(db: Database, store: Path) -> None:
    """Q116, Q134: the method changes the tournament rating and the pairing numbers, never the official rating;
    a typed rating is marked ``manual``, a rating from a list names the list."""
    tid = sv.create_tournament(db, "Open", 5).id
    sv.register_player(db, tid, "Alpha", rating=2000)
    sv.register_player(db, tid, "Beta", rating=1900, rating_source="FIDE standard 2026-11")
    rl.set_player_ratings(db, tid, 2, national=2100, source="NOR 2026-11")
    assert numbers(db, tid) == {"Alpha": (1, 2000), "Beta": (2, 1900)}
    rl.set_rating_method(db, tid, "nidof")
    assert numbers(db, tid) == {"Beta": (1, 2100), "Alpha": (2, 2000)}  # Alpha has no national rating: FIDE
    by_name = {r.name: r for r in rl.player_ratings(db, tid)}
    assert (by_name["Beta"].fide_rating, by_name["Beta"].tournament_rating) == (1900, 2100)
    assert by_name["Beta"].fide_source == "FIDE standard 2026-11" and by_name["Beta"].national_source == "NOR 2026-11"
    assert by_name["Alpha"].fide_source == "manual"
    sv.edit_player(db, tid, 2, rating=2200)  # Alpha's FIDE rating corrected by hand
    assert {r.name: (r.fide_rating, r.fide_source) for r in rl.player_ratings(db, tid)}["Alpha"] == (2200, "manual")
    assert numbers(db, tid) == {"Alpha": (1, 2200), "Beta": (2, 2100)}
    rl.set_rating_method(db, tid, "NRO")
    sv.edit_player(db, tid, 2, rating=1950)  # Beta's FIDE rating: NRO keeps the national one
    assert numbers(db, tid) == {"Beta": (1, 2100), "Alpha": (2, 0)}
    rl.set_player_ratings(db, tid, 2, manual=2500)
    rl.set_rating_method(db, tid, "OTHER")
    assert numbers(db, tid) == {"Alpha": (1, 2500), "Beta": (2, 0)}


def test_the_method_is_frozen_once_round_1_is_paired_and_goes_to_trf_172(db: Database, store: Path) -> None:
    """Q145 with the freeze of settings in FIDE mode (Q57-like): Level 5 after round 1; TRF-2026 ``172`` both ways."""
    tid = sv.create_tournament(db, "Open", 5).id
    for k, name in enumerate(("A", "B", "C", "D")):
        sv.register_player(db, tid, name, rating=2000 - 10 * k)
    rl.set_rating_method(db, tid, "FIDON")
    text = sv.export_trf(db, tid, "trf-2026").text
    record = next(line for line in text.splitlines() if line.startswith("172 "))
    assert record[8:13] == "FIDON"  # columns 9-13, after the national list's federation (none here) in 5-7
    again = sv.import_trf(db, parse_trf(text, source="open.trf"), confirmed=3).tournament.id
    assert rl.rating_settings(db, again).method == "FIDON"
    sv.pair_next_round(db, tid)
    with pytest.raises(ProhibitedInFideMode, match="tournament-rating method is frozen"):
        rl.set_rating_method(db, tid, "HBFN")
    assert rl.rating_settings(db, tid).method == "FIDON"


def test_default_sequences_by_type_and_an_edited_one(db: Database, store: Path) -> None:
    """Q123: standard -> std, rapid, blitz; rapid -> eff. rapid, blitz; blitz -> eff. blitz, rapid.  Q124, Q126:
    lists left out, added (a custom list), reordered."""
    tid = sv.create_tournament(db, "Open", 5).id
    assert rl.rating_settings(db, tid).sequence == ("standard", "rapid", "blitz")
    assert rl.set_rating_type(db, tid, "rapid").sequence == ("rapid-effective", "blitz")
    assert rl.set_rating_type(db, tid, "blitz").sequence == ("blitz-effective", "rapid")
    assert DEFAULT_SEQUENCES["standard"] == ("standard", "rapid", "blitz")
    edited = rl.set_list_sequence(db, tid, ["custom:NOR", "blitz"])
    assert edited.sequence == ("custom:NOR", "blitz") and not edited.default_sequence
    with pytest.raises(ArbiterError, match="unknown rating list 'classic'"):
        rl.set_list_sequence(db, tid, ["classic"])
    assert rl.set_list_sequence(db, tid, []).sequence == ("blitz-effective", "rapid")


def test_effective_lists_take_the_standard_rating_when_there_is_no_rapid_one(tmp_path: Path, store: Path) -> None:
    """Q118: Núñez has no rapid rating: the effective rapid list gives his standard 1987; the plain one nothing."""
    sv.import_rating_list(write_combined(tmp_path / "players_list_foa.txt"), date="2026-11")
    ids = [2934817, 1503014]
    effective = rl.ratings_in_list("rapid-effective", ids)
    assert (effective[2934817].rating, effective[2934817].source) == (1987, "FIDE standard 2026-11 (effective rapid)")
    assert (effective[1503014].rating, effective[1503014].source) == (2823, "FIDE rapid 2026-11")
    assert 2934817 not in rl.ratings_in_list("rapid", ids)


def test_a_custom_list_in_csv(tmp_path: Path, store: Path) -> None:
    """Q117: a national list (CSV: id, name, rating; the columns in any order, ``;`` or ``,``), bad lines named."""
    text = NATIONAL + "12x;Broken, Line;1500;NOR\n"
    report = rl.import_custom_list(national(tmp_path, text), "NOR")
    assert report.players == {"custom:NOR": 2} and report.date == "2026-11"
    assert [str(b) for b in report.skipped] == ["line 4: id '12x' is not a whole number"]
    assert "custom:NOR" in rl.lists_held()
    assert rl.ratings_in_list("custom:NOR", [99000001])[99000001].source == "NOR 2026-11"
    assert [(p.name, p.rating) for p in sv.search_players("nordm", kind="custom:NOR")] == [("Nordmann, Ola", 1720)]
    bad = tmp_path / "bad.csv"
    bad.write_text("fide;name\n1;A\n", encoding="utf-8")
    with pytest.raises(ArbiterError, match="the header has no 'id', 'rating' column"):
        rl.import_custom_list(bad, "NOR")
    assert rl.ratings_in_list("custom:NOR", [1503014])[1503014].rating == 2900  # the list held stays


def test_registering_takes_the_main_list_else_offers_the_others(tmp_path: Path, db: Database, store: Path) -> None:
    """Q127: found in the main list -> that rating; Q128-Q129: not found there -> the other lists' ratings, one picked."""
    sv.import_rating_list(write_single(tmp_path / "standard_nov26frl.txt", "standard", PLAYERS[:2]))
    sv.import_rating_list(write_single(tmp_path / "blitz_nov26frl.txt", "blitz", PLAYERS))
    rl.import_custom_list(national(tmp_path), "NOR")
    tid = sv.create_tournament(db, "Open", 5).id
    rl.set_list_sequence(db, tid, ["standard", "blitz", "custom:NOR"])
    found = rl.registration_rating(db, tid, "1503014")
    assert (found.main.rating, found.main.source) == (2831, "FIDE standard 2026-11")  # type: ignore[union-attr]
    assert [(o.list_name, o.rating) for o in found.others] == [("blitz", 2886), ("custom:NOR", 2900)]
    rl.register_with_rating(db, tid, "Carlsen, Magnus", found.main, fide_id="1503014")
    ding = rl.registration_rating(db, tid, "8603677")
    assert ding.main is None and [(o.list_name, o.rating) for o in ding.others] == [("blitz", 2788)]
    rl.register_with_rating(db, tid, "Ding, Liren", ding.others[0], fide_id="8603677")
    ola = rl.registration_rating(db, tid, "99000001")
    assert ola.main is None and [o.source for o in ola.others] == ["NOR 2026-11"]
    rl.register_with_rating(db, tid, "Nordmann, Ola", ola.others[0], fide_id="99000001")
    got = {r.name: (r.fide_rating, r.fide_source, r.national_rating) for r in rl.player_ratings(db, tid)}
    assert got == {
        "Carlsen, Magnus": (2831, "FIDE standard 2026-11", 0),
        "Ding, Liren": (2788, "FIDE blitz 2026-11", 0),
        "Nordmann, Ola": (0, "manual", 1720),
    }


def test_the_list_month_a_check_needs() -> None:
    """Q137: the list of the start month; the current month's when the event lasts more than 30 days."""
    assert month_for_check(date(2026, 10, 30), date(2026, 11, 3), NOVEMBER) == "2026-10"
    assert month_for_check(date(2026, 9, 1), date(2026, 11, 30), NOVEMBER) == "2026-11"
    assert month_for_check(None, None, NOVEMBER) == "2026-11"


def test_consistency_check_reports_and_applies_a_chosen_subset(tmp_path: Path, db: Database, store: Path) -> None:
    """Q133, Q141-Q144: lists out of date said first; differences and players not in the list reported; nothing
    changed until the arbiter applies the chosen ones."""
    tid = sv.create_tournament(db, "Open", 5, start_date=date(2026, 11, 20), end_date=date(2026, 11, 26)).id
    sv.register_player(db, tid, "Carlsen, Magnus", rating=2800, fide_id="1503014")
    sv.register_player(db, tid, "Caruana, Fabiano", rating=2810, fide_id="2020009")
    sv.register_player(db, tid, "Gone, Player", rating=1400, fide_id="99999999")
    sv.register_player(db, tid, "Local, Player", rating=1500)
    empty = rl.check_ratings(db, tid, today=NOVEMBER)
    assert (
        empty.stale[0]
        == "no FIDE standard list is held: import it (File > Import FIDE rating list, or arbiter ratings import)"
    )
    older = [P(p.fide_id, p.name, std=str(int(p.std) - 5)) for p in PLAYERS]
    sv.import_rating_list(write_single(tmp_path / "standard_oct26frl.txt", "standard", tuple(older), month="OCT26"))
    stale = rl.check_ratings(db, tid, today=NOVEMBER)
    assert not stale.current and stale.stale[0] == (
        "the check needs the FIDE standard list of 2026-11; the list held is of 2026-10"
    )
    sv.import_rating_list(write_combined(tmp_path / "players_list_foa.txt"), date="2026-11")
    report = rl.check_ratings(db, tid, today=NOVEMBER)
    assert report.current and report.stale == ()
    assert [(d.number, d.registered, d.registered_source, d.listed) for d in report.differences] == [
        (1, 2810, "manual", 2805), (2, 2800, "manual", 2831),
    ]  # fmt: skip
    assert report.not_in_list == ("#4 Gone, Player (99999999)",)
    assert numbers(db, tid)["Caruana, Fabiano"] == (1, 2810)  # the check changed nothing (Q143)
    applied = rl.apply_rating_updates(db, tid, report, [2])
    assert [d.name for d in applied] == ["Carlsen, Magnus"]
    assert numbers(db, tid) == {
        "Carlsen, Magnus": (1, 2831), "Caruana, Fabiano": (2, 2810), "Local, Player": (3, 1500),
        "Gone, Player": (4, 1400),
    }  # fmt: skip
    sources = {r.name: r.fide_source for r in rl.player_ratings(db, tid)}
    assert sources["Carlsen, Magnus"] == "FIDE standard 2026-11" and sources["Caruana, Fabiano"] == "manual"
    assert [d.name for d in rl.check_ratings(db, tid, today=NOVEMBER).differences] == ["Caruana, Fabiano"]


def test_the_automatic_check_can_be_switched_off(tmp_path: Path, db: Database, store: Path) -> None:
    """Q138-Q140: the check runs by itself (after a list import or update) unless switched off."""
    sv.import_rating_list(write_combined(tmp_path / "players_list_foa.txt"), date="2026-11")
    tid = sv.create_tournament(db, "Open", 5).id
    sv.register_player(db, tid, "Carlsen, Magnus", rating=2800, fide_id="1503014")
    auto = rl.automatic_check(db, tid, today=NOVEMBER)
    assert auto is not None and auto.automatic and [d.listed for d in auto.differences] == [2831]
    assert not rl.set_rating_check(db, tid, False).check_on
    assert rl.automatic_check(db, tid, today=NOVEMBER) is None
    assert rl.check_ratings(db, tid, today=NOVEMBER).differences  # on request it still runs


def test_update_all_lists_from_their_configured_files(tmp_path: Path, store: Path) -> None:
    """Q135-Q136: each list has a file (or address) set once; one call imports them all; a list that fails is
    reported and keeps what was held; the freshness check then says the lists are current."""
    assert rl.stale_lists(["standard"], NOVEMBER) == (
        "no FIDE standard list is held: import it (File > Import FIDE rating list, or arbiter ratings import)",
    )
    rl.set_list_source("standard", str(write_combined(tmp_path / "players_list_foa_nov26.txt")))
    rl.set_list_source("custom:NOR", str(national(tmp_path)))
    rl.set_list_source("blitz", str(tmp_path / "missing_blitz_nov26.txt"))
    outcome = {u.name: u for u in rl.update_all_lists()}
    assert outcome["standard"].report is not None and outcome["standard"].report.date == "2026-11"
    assert outcome["custom:NOR"].report is not None and outcome["custom:NOR"].report.players == {"custom:NOR": 2}
    assert outcome["blitz"].report is None and "no such file" in outcome["blitz"].error
    assert rl.stale_lists(["standard", "rapid", "custom:NOR"], NOVEMBER) == ()
    assert rl.stale_lists(["standard"], date(2026, 12, 2))[0].startswith(
        "the FIDE standard list held is of 2026-11, the list of 2026-12 is out"
    )
