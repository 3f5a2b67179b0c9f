"""TRF-2026 beside TRF-16: version detection, the TRF-2026 records, round trips, a round in progress, the checklist.

Round trip, for a corpus file F and a format V: import F, export V (text E1); every line
of F is a line of E1, unchanged (the 001 lines byte for byte, points and ranks included);
import E1, export V again (E2): E1 == E2, byte for byte.  In the middle of a round (half
the games of the last round without a result) the same holds with ``keep_unfinished``;
without it the file stands before that round, and reads back so.
"""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest
from sqlalchemy import select

from arbiter_app.errors import ArbiterError
from arbiter_app.persistence import Database
from arbiter_app.persistence.models import Round
from arbiter_app.services import (
    ConfirmationNeeded,
    Level,
    create_tournament,
    edit_tournament,
    export_trf,
    get_tournament,
    import_trf,
    list_rounds,
    rating_report_checklist,
    register_player,
    request_bye,
)
from arbiter_app.trf import RoundEntry, parse_trf
from arbiter_app.trf.versions import (
    TRF16,
    TRF2026,
    byes_line,
    detect_version,
    parse_byes_line,
    parse_score_line,
    score_line,
)
from tests.conftest import DATA
from tests.services.test_trf_round_trip import as_listed, warned

CORPUS_2026 = sorted((DATA / "conformance" / "dutch-2026").glob("*.trf"))
CORPUS_2016 = sorted((DATA / "conformance" / "dutch-2016").glob("*.trf"))[::12]


def _lines(text: str) -> list[str]:
    return [line for line in text.splitlines() if line.strip()]


def _round_trip(db: Database, source: Path | str, version: str, keep_unfinished: bool = False) -> str:
    """Import, export, import the export, export again: the two exports are the same text (and the export
    warns on import what the file warned, a file without a ``092`` line exported in its own layout).

    The imports are confirmed at Level 3: the irregular files (and 2016 files read by the 2026 rules, no 092 line)
    hold rounds the engine pairs otherwise (checklist Q55, tests/services/test_fide_mode.py); the round trip is about
    the format."""
    doc = parse_trf(source.read_text() if isinstance(source, Path) else source, source="in.trf")
    first = import_trf(db, doc, confirmed=Level.PROCEED)
    text = export_trf(db, first.tournament.id, version, keep_unfinished=keep_unfinished).text
    again = import_trf(db, parse_trf(text, source="out.trf"), confirmed=Level.PROCEED)
    assert warned(again.warnings) == tuple(w.replace("in.trf", "out.trf") for w in warned(first.warnings))
    assert export_trf(db, again.tournament.id, version, keep_unfinished=keep_unfinished).text == text
    return text


def test_the_version_is_detected() -> None:
    assert detect_version(parse_trf(CORPUS_2026[0].read_text())) == TRF2026  # 092 FIDE_DUTCH_2025
    assert detect_version(parse_trf(CORPUS_2016[0].read_text())) == TRF16
    assert detect_version(parse_trf("012 X\n142 5\n")) == TRF2026
    assert detect_version(parse_trf("### a ruler\n012 X\n")) == TRF2026


def test_the_162_and_240_records() -> None:
    assert score_line({"W": 30, "D": 10, "L": 0, "A": 0, "P": 30}) == "162  W 3.0    D 1.0"
    assert score_line({"W": 10, "D": 5, "L": 0, "A": 0, "P": 10}) is None
    assert parse_score_line("162  W 3.0    D 1.0") == {"W": 30, "D": 10}
    assert parse_score_line("162  W 3.0    Z 0.5") == {"W": 30, "A": 5}  # the 2026 engine's Z for A
    assert parse_score_line("162  Q 3.0") is None and parse_score_line("162 W 3.0") is None
    assert byes_line("H", 3, [26, 47]) == "240 H 003   26   47"
    assert parse_byes_line("240 H 003   26   47") == ("H", 3, (26, 47))
    assert parse_byes_line("240 U 003   26") is None


@pytest.mark.parametrize("path", CORPUS_2026, ids=lambda p: p.stem)
def test_a_2026_corpus_file_round_trips_as_trf_2026(db: Database, path: Path) -> None:
    text = _round_trip(db, path, TRF2026)
    file = path.read_text()  # in the file's layout: no 142/152/192 records it did not have
    assert as_listed(text, file) == as_listed(file, file)
    assert "### Import" not in text  # every round is as the engine pairs it (Q54)


@pytest.mark.parametrize("path", CORPUS_2016, ids=lambda p: p.stem)
def test_a_2016_corpus_file_round_trips_as_trf_16(db: Database, path: Path) -> None:
    text = _round_trip(db, path, TRF16)
    file = path.read_text()  # in the file's layout: no 062/072/082/092 lines it did not have
    assert as_listed(text, file) == as_listed(file, file)


def _in_progress(db: Database, path: Path) -> int:
    """The file imported, with every other game of its last round without a result (a round in progress)."""
    tid = import_trf(db, path, confirmed=Level.PROCEED).tournament.id
    with db.write() as s:
        last = s.scalars(select(Round).where(Round.tournament_id == tid).order_by(Round.number.desc())).first()
        assert last is not None
        for board in last.boards[::2]:
            board.result, board.forfeit = None, False
        last.state = "published"
    return tid


@pytest.mark.parametrize("version", [TRF2026, TRF16])
@pytest.mark.parametrize("path", CORPUS_2026[::10], ids=lambda p: p.stem)
def test_a_round_in_progress(db: Database, path: Path, version: str) -> None:
    tid = _in_progress(db, path)
    rounds = len(list_rounds(db, tid))
    # By default: the file stands before the round in progress, as pairing programs accept it.
    out = export_trf(db, tid, version)
    assert any(f"round {rounds} is in progress" in w for w in out.warnings)
    doc = parse_trf(out.text)
    assert all(entry.opponent is not None or entry.code != " " for p in doc.players for entry in p.rounds)
    assert all(p.entry(rounds) is None or p.entry(rounds).opponent is None for p in doc.players)  # type: ignore[union-attr]
    assert import_trf(db, doc).rounds == rounds - 1
    _round_trip(db, out.text, version)
    # keep_unfinished: every game, unfinished ones without a result; read back identically.
    kept = export_trf(db, tid, version, keep_unfinished=True)
    again = import_trf(db, parse_trf(kept.text))
    assert again.rounds == rounds
    before = [(b.white, b.black, b.result) for b in list_rounds(db, tid)[-1].boards]
    after = [(b.white, b.black, b.result) for b in list_rounds(db, again.tournament.id)[-1].boards]
    assert after == before and any(result is None for _, _, result in after)
    assert export_trf(db, again.tournament.id, version, keep_unfinished=True).text == kept.text


def test_trf_2026_records_of_a_tournament(db: Database) -> None:
    t = create_tournament(db, "Open", 5, round_dates=(date(2026, 7, 1),))
    for name in ("Alpha", "Beta", "Gamma", "Delta"):
        register_player(db, t.id, name, rating=2000)
    request_bye(db, t.id, 2, 1, "half")
    request_bye(db, t.id, 3, 1, "zero")
    text = export_trf(db, t.id).text  # the 2026 edition: TRF-2026 by default
    lines = _lines(text)
    assert {"142 5", "152 W", "192 FIDE_DUTCH_2025", "240 H 001    2", "240 Z 001    3"} <= set(lines)
    assert not any(line.startswith("162") for line in lines)  # 1 / ½ / 0: no 162
    sixteen = _lines(export_trf(db, t.id, TRF16).text)
    assert not any(line[:3] in ("142", "152", "192", "240") for line in sixteen)
    assert "092 FIDE_DUTCH_2025" in sixteen
    again = import_trf(db, parse_trf(text))
    assert get_tournament(db, again.tournament.id).rounds_count == 5
    assert export_trf(db, again.tournament.id).text.replace("012 Open", "") == text.replace("012 Open", "")
    with pytest.raises(ArbiterError, match="unknown TRF format"):
        export_trf(db, t.id, "trf-06")


PLAYERS = ((1, "A", 2000), (2, "B", 1900), (3, "C", 1800))


def test_trf_2026_records_are_read_without_the_engine_lines(db: Database) -> None:
    text = (
        "012 Records\n142 7\n152 B\n162  W 3.0    D 1.0\n192 FIDE_DUTCH_2016\n202 BH/C1,BH,SB\n"
        + "".join(f"001 {n:>4}      {name:<33} {rating:>4}{' ' * 28} 0.0 {n:>4}\n" for n, name, rating in PLAYERS)
        + "240 H 001    3\n"
    )
    info = import_trf(db, parse_trf(text, source="r.trf"))
    t = get_tournament(db, info.tournament.id)
    assert (t.rounds_count, t.initial_colour.value, t.edition, t.tie_breaks) == (7, "b", "baku-2016", "BH/C1, BH, SB")
    assert info.warnings == ()
    assert export_trf(db, t.id, TRF2026).text == text  # in the file's layout: no engine lines it did not have
    out = _lines(export_trf(db, t.id, TRF16).text)  # TRF-16: the engine lines say what the records said
    assert {"XXR 7", "XXC black1", "BBW  3.0", "BBD  1.0"} <= set(out)
    assert not any(line[:3] in ("142", "152", "162", "192", "202", "240") for line in out)


def test_the_rating_report_checklist(db: Database) -> None:
    t = create_tournament(db, "Club", 3, round_dates=(date(2026, 7, 1), None, date(2026, 7, 3)))
    register_player(db, t.id, "Rated", rating=2100, fide_id="1234567", federation="NOR", birth_date="1990/01/01")
    register_player(db, t.id, "Bare")
    checklist = rating_report_checklist(db, t.id)
    assert checklist == (
        "1 player(s) with no FIDE ID: #2 Bare",
        "1 player(s) with no birth year: #2 Bare",
        "1 player(s) with no federation: #2 Bare",
        "1 unrated player(s): #2 Bare",
        "1 round(s) without a date: 2",
        "no encoded time control (TRF-2026 record 222, e.g. 5400+30): set it in the settings",
    )
    edit_tournament(db, t.id, time_control_code="5400+30")
    assert not any("222" in line for line in rating_report_checklist(db, t.id))


def test_a_pairing_changed_by_hand_is_marked_in_trf_2026(db: Database) -> None:
    from arbiter_app.services import SwapColours, apply_override, enter_result, pair_next_round, publish_round

    t = create_tournament(db, "Marked", 3)
    for name, rating in (("A", 2400), ("B", 2300), ("C", 2200), ("D", 2100), ("E", 2000)):
        register_player(db, t.id, name, rating=rating)
    pair_next_round(db, t.id)
    with pytest.raises(ConfirmationNeeded, match=r"checklist Q69, Q115: round 1 will differ from the engine's pairing"):
        apply_override(db, t.id, 1, [SwapColours(1)], "both players asked")  # a manual pairing alteration: Level 3
    apply_override(db, t.id, 1, [SwapColours(1)], "both players asked", confirmed=Level.PROCEED)
    publish_round(db, t.id, 1)
    for number in (1, 2):
        enter_result(db, t.id, 1, number, "1-0")
    first = list_rounds(db, t.id)[0].boards[0]
    out = export_trf(db, t.id, TRF2026)
    mark = f"### MPA @ Round 1: {first.black}-{first.white} => {first.white}-{first.black}"  # engine's => actual
    assert mark in out.text.splitlines()
    sixteen = export_trf(db, t.id, TRF16)
    assert "###" not in sixteen.text and any("TRF-16 has no way to mark them" in w for w in sixteen.warnings)
    # The mark is kept through a round trip; the import checks round 1 against the engine (Q54), asks at Level 3
    # (Q55) and adds its own line.
    with pytest.raises(ConfirmationNeeded, match="checklist Q54-Q55: .*round.s. 1 are not paired as the engine"):
        import_trf(db, parse_trf(out.text))
    again = import_trf(db, parse_trf(out.text), confirmed=Level.PROCEED)
    imported = (
        f"### Import @ Round 1: {first.white}-{first.black} => {first.black}-{first.white} (the file's => the engine's)"
    )
    lines = export_trf(db, again.tournament.id, TRF2026).text.replace("012 Marked", "").splitlines()
    assert imported in lines and mark in lines
    assert [line for line in lines if line != imported] == out.text.replace("012 Marked", "").splitlines()


@pytest.mark.parametrize(
    ("record", "message"),
    [
        ("142 0", r"r\.trf:2:1: expected '142 n'"),
        ("152 white", r"r\.trf:2:1: expected '152 W' or '152 B'"),
        ("162  W 3.0    D 5.0", r"r\.trf:2:6: points out of order"),
        ("162  Q 3.0", r"r\.trf:2:1: expected '162"),
        ("240 H 009    1", "round 9 is not a round"),
        ("240 H 001   44", "no player 44"),
    ],
)
def test_a_malformed_trf_2026_record_is_refused_with_its_line(db: Database, record: str, message: str) -> None:
    text = "012 Bad\n" + record + "\nXXR 3\n"
    text += "".join(f"001 {n:>4}      {name:<33} {rating:>4}{' ' * 28} 0.0 {n:>4}\n" for n, name, rating in PLAYERS)
    with pytest.raises(ArbiterError, match=message):
        import_trf(db, parse_trf(text, source="r.trf"))


def test_the_points_column_counts_the_pre_entered_byes(db: Database) -> None:
    """The pairing programs check the points column against the cells, a pre-entered bye included."""
    t = create_tournament(db, "Ahead", 3)
    for name in ("A", "B", "C", "D"):
        register_player(db, t.id, name, rating=2000)
    request_bye(db, t.id, 2, 1, "half")
    request_bye(db, t.id, 3, 1, "full")
    doc = parse_trf(export_trf(db, t.id).text)
    assert [(p.points, p.entry(1)) for p in doc.players[1:3]] == [
        ("0.5", RoundEntry(None, "-", "H")),
        ("1.0", RoundEntry(None, "-", "F")),
    ]
