"""TRF-16 import into a new tournament and export from it."""

from __future__ import annotations

from pathlib import Path

import pytest

from arbiter_app.errors import ArbiterError
from arbiter_app.persistence import Database
from arbiter_app.services import (
    export_trf,
    get_tournament,
    import_trf,
    list_players,
    list_rounds,
    pair_next_round,
    request_bye,
    state_for_round,
    withdraw_player,
)
from arbiter_app.trf import parse_trf, read_trf
from arbiter_app.trf.errors import TrfFormatError
from arbiter_app.trf.records import accelerations_of, prohibitions_of
from tests.conftest import DATA
from tests.services.conftest import HANDMADE, SEVEN

MANUAL = DATA / "fixtures" / "arbiters-manual-12.trf"


def _player(number: int, sex: str, title: str, name: str, rating: int, fed: str, fide: str, birth: str) -> str:
    """A 001 line in TRF-16 columns."""
    return f"001 {number:>4} {sex:1}{title:>3} {name:<33} {rating:>4} {fed:<3} {fide:>11} {birth:<10}  0.0 {number:>4}"


EXTENSIONS = (
    "\n".join(
        [
            "012 Extensions",
            "022 Ostend",
            "042 2026/11/20",
            "052 2026/11/28",
            "102 Ann Arbiter",
            "132" + " " * 88 + "26/11/20  26/11/21",
            "XXR 4",
            "XXC black1",
            "BBW  3.0",
            "BBD  1.0",
            _player(1, "m", "g", "Alpha", 2500, "BEL", "1234567", "1990/01/01"),
            _player(2, "w", "wm", "Beta", 2400, "NED", "7654321", "1995/05/05"),
            _player(3, "", "", "Gamma", 2300, "", "", ""),
            _player(4, "", "", "Delta", 2200, "", "", ""),
            "XXA    1  1.0  1.0",
            "XXA    2  1.0  1.0",
            "XXP    1    2",
        ]
    )
    + "\n"
)


def test_the_manual_tournament_goes_in_and_comes_out(db: Database) -> None:
    doc = read_trf(MANUAL)
    info = import_trf(db, MANUAL)
    assert (info.players, info.rounds, info.tournament.name) == (12, 9, "Arbiters Manual example")
    assert [r.state for r in list_rounds(db, info.tournament.id)] == ["completed"] * 9
    out = parse_trf(export_trf(db, info.tournament.id).text)
    assert out.rounds_count == 9 and out.initial_colour == "white"
    for line in doc.players:
        exported = out.player(line.number)
        assert exported.rounds == line.rounds
        assert (exported.name, exported.rating, exported.points) == (line.name, line.rating, line.points)


def test_header_lines_extensions_and_player_fields(db: Database) -> None:
    info = import_trf(db, parse_trf(EXTENSIONS, source="ext.trf"))
    t = get_tournament(db, info.tournament.id)
    assert (t.name, t.place, t.chief_arbiter, str(t.start_date), str(t.end_date)) == (
        "Extensions",
        "Ostend",
        "Ann Arbiter",
        "2026-11-20",
        "2026-11-28",
    )
    assert (t.points.win, t.points.draw, t.points.pairing_allocated_bye) == (30, 10, 30)
    alpha = list_players(db, t.id)[0]
    assert (alpha.title, alpha.sex, alpha.federation, alpha.fide_id, alpha.birth_date) == (
        "GM",
        "m",
        "BEL",
        "1234567",
        "1990/01/01",
    )
    with db.read() as s:
        state = state_for_round(s, t.id, 1)
    assert frozenset((1, 2)) in state.forbidden_pairs
    assert state.players[0].accelerations == (10, 10)
    r1 = pair_next_round(db, t.id)
    assert {frozenset((b.white, b.black)) for b in r1.boards}.isdisjoint({frozenset((1, 2))})
    text = export_trf(db, t.id).text
    again = parse_trf(text)
    assert again.point_values == {"BBW": "3.0", "BBD": "1.0"}
    # TRF-2026 (the 2026 edition's format): acceleration and prohibited pairs as records 250 and 260, not XXA/XXP
    assert again.accelerations == {} and again.forbidden_pairs == ()
    assert [line for _, line in again.other_lines if line[:3] in ("250", "260")] == [
        "250       1.0 001 002    1    2",
        "260 001 004    1    2",
    ]
    assert accelerations_of(again) == {1: ("1.0", "1.0"), 2: ("1.0", "1.0")}
    assert [p.pairs() for p in prohibitions_of(again)] == [{frozenset((1, 2))}] and again.initial_colour == "black"
    sixteen = parse_trf(export_trf(db, t.id, "trf-16").text)  # TRF-16: the engine lines
    assert sixteen.accelerations == {1: ("1.0", "1.0"), 2: ("1.0", "1.0")} and sixteen.forbidden_pairs == ((1, 2),)
    assert again.player(1).title.strip() == "g" and again.player(2).title.strip() == "wm"
    assert any(line.startswith("132 ") for _, line in again.other_lines)


def test_pre_entered_byes_and_withdrawals_of_the_next_round_are_exported(db: Database, seven: int) -> None:
    request_bye(db, seven, 1, 3, "half")
    withdraw_player(db, seven, 7)
    request_bye(db, seven, 2, 4, "zero")  # too far ahead for TRF-16
    pair_next_round(db, seven)
    out = export_trf(db, seven)
    assert any("round 4 not exported" in w for w in out.warnings)
    assert any("draft pairing of round 3" in w for w in out.warnings)
    doc = parse_trf(out.text)
    codes = [getattr(doc.player(n).entry(3), "code", None) for n in (1, 7)]
    assert codes == ["H", "-"]
    assert doc.player(3).entry(3) is None
    assert parse_trf(SEVEN).player(5).rounds == doc.player(5).rounds


def test_a_malformed_file_is_refused_with_its_line(db: Database, tmp_path: Path) -> None:
    path = tmp_path / "bad.trf"
    path.write_text("012 Bad\n001    1      A                                 24x0\n")
    with pytest.raises(TrfFormatError, match=":2:"):
        import_trf(db, path)
    with pytest.raises(ArbiterError, match="cannot read"):
        import_trf(db, tmp_path / "absent.trf")


def test_an_explicit_name_wins_over_the_012_line(db: Database) -> None:
    info = import_trf(db, parse_trf(SEVEN, source="seven.trf"), confirmed=HANDMADE, name="Renamed")
    assert info.tournament.name == "Renamed"


def test_export_writes_the_fide_report_header_lines(db: Database) -> None:
    from datetime import date

    from arbiter_app.services import create_tournament, register_player

    t = create_tournament(
        db,
        "Ærøskøbing Open",
        5,
        place="Ærøskøbing",
        start_date=date(2026, 7, 1),
        end_date=date(2026, 7, 5),
        chief_arbiter="Łukasz Żółć",
        deputy_arbiters="Ann Arbiter, Bob Deputy",
        federation="den",
        time_control="90 min/40 moves + 30 min + 30 s/move",
        round_dates=(date(2026, 7, 1), date(2026, 7, 2), None, date(2026, 7, 4), date(2026, 7, 5)),
    )
    register_player(db, t.id, "Alpha", rating=2400)
    register_player(db, t.id, "Beta", rating=2300)
    register_player(db, t.id, "Gamma")
    doc = parse_trf(export_trf(db, t.id).text)
    header = {line[:3]: line[4:] for _, line in doc.other_lines}
    dates = header.pop("132")
    # 132: each date above its round's column of the 001 lines (round 1 at column 92, then every 10).
    assert dates == " " * 87 + "26/07/01  26/07/02            26/07/04  26/07/05"
    assert header == {
        "012": "Ærøskøbing Open",
        "022": "Ærøskøbing",
        "032": "DEN",
        "042": "2026/07/01",
        "052": "2026/07/05",
        "062": "3",
        "072": "2",
        "082": "0",
        "092": "FIDE_DUTCH_2025",  # the pairing system: a new tournament is paired by the 2026 edition
        "102": "Łukasz Żółć",
        "112": "Ann Arbiter, Bob Deputy",
        "122": "90 min/40 moves + 30 min + 30 s/move",
        # TRF-2026 (the default for the 2026 edition): rounds, initial colour, pairing system
        "142": "5",
        "152": "W",
        "172": "DEN FIDE",  # the national list's federation and the tournament-rating method (checklist Q145)
        "182": "arbiter_app 0.1.0",  # the pairing controller: this program (TRF-2026, checklist Q217)
        "192": "FIDE_DUTCH_2025",
        "202": "BH/C1,BH,SB,DE,WIN",  # the recommended list, stored from creation (issue 29, D2)
    }
    assert sorted([*header, "132"]) == [line[:3] for _, line in doc.other_lines]
    again = import_trf(db, doc).tournament  # and read back into the fields
    assert (again.federation, again.time_control, again.round_dates) == ("DEN", t.time_control, t.round_dates)


def test_imported_header_lines_are_kept_once_and_the_counts_recomputed(db: Database) -> None:
    text = "032 DEN\n062 99\n072 98\n092 Individual: Swiss-System\n122 90'/40+30'+30\"\n" + EXTENSIONS
    info = import_trf(db, parse_trf(text, source="h.trf"))
    out = parse_trf(export_trf(db, info.tournament.id, "trf-16").text)
    codes = [line[:3] for _, line in out.other_lines]
    # In the file's order, without the 082 line it did not have (it says what the file implied: 0 teams).
    assert codes == ["032", "062", "072", "092", "122", "012", "022", "042", "052", "102", "132"]
    header = {line[:3]: line[4:] for _, line in out.other_lines}
    assert (header["032"], header["062"], header["072"], header["092"]) == ("DEN", "4", "4", "Individual: Swiss-System")
    assert (info.tournament.federation, info.tournament.time_control) == ("DEN", "90'/40+30'+30\"")
    assert [d.isoformat() for d in info.tournament.round_dates if d] == ["2026-11-20", "2026-11-21"]
    again = import_trf(db, out)
    assert parse_trf(export_trf(db, again.tournament.id, "trf-16").text).other_lines == out.other_lines
