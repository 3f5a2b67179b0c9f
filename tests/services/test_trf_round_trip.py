"""Import then export gives the file back, byte for byte, in the format it came in (TRF-16 or TRF-2026):
every TRF file of the corpora and the fixtures, the same files in the middle of their last round, with
other line breaks; a change made after import shows in the export; converting between the formats
still writes each format whole."""

from __future__ import annotations

from pathlib import Path

import pytest

from arbiter_app.pairing.model import PointSystem
from arbiter_app.persistence import Database
from arbiter_app.services import (
    Level,
    edit_tournament,
    enter_result,
    export_trf,
    import_trf,
    list_rounds,
    register_player,
)
from arbiter_app.trf import RoundEntry, parse_trf, read_trf
from arbiter_app.trf.layout import FORFEIT_CODES, PLAYED_CODES, round_column
from arbiter_app.trf.rounds import outcome_of, point_system
from arbiter_app.trf.versions import TRF16, TRF2026, detect_version, parse_score_line
from tests.conftest import DATA

FILES = sorted(path for folder in ("conformance", "fixtures") for path in (DATA / folder).rglob("*.trf"))
RECORDS_2026 = DATA / "fixtures" / "trf-2026-records.trf"
SMALL_2016 = DATA / "conformance" / "dutch-2016" / "tiny-1000-p11-r3.trf"


IMPORT_EVENT = "### Import @ Round"
RECORDS_EVENTS = ["### Import @ Round 2: 2-1 4-3 => 3-1 2-4 (the file's => the engine's)"]
"""The hand-made TRF-2026 fixture's round 2 is not what the engine pairs: its import is a pairing-integrity event
(checklist Q54-Q55), confirmed at Level 3 and written into TRF-2026 exports; every other file is as the engine
pairs it (or TRF-16, which has no such line)."""


LIST_WARNINGS = ("no tie-break list (202 record)", "the rank column is written as the standings")
"""What the import of a file without a tie-break list says: the recommended list is recorded, and the rank column is
written as the standings by it (issue 29, D2)."""


def as_listed(text: str, file: str) -> str:
    """``text`` (a file or an export of it) as both read when ``file`` has no tie-break list (no ``202``): the
    export writes the list recorded at import (202, TRF-2026) and ranks by it, so the rank column and the 202 record
    are left out of the comparison; a file with a list is compared whole."""
    if any(line.startswith("202") for line in file.splitlines()):
        return text
    lines = text.splitlines(keepends=True)
    return "".join(
        line[:85] + "    " + line[89:] if line.startswith("001") else line
        for line in lines
        if not line.startswith("202")
    )


def warned(warnings: tuple[str, ...]) -> tuple[str, ...]:
    """An import's warnings but :data:`LIST_WARNINGS` (an export of a file without a list has the list)."""
    return tuple(w for w in warnings if not any(part in w for part in LIST_WARNINGS))


def _file_and_events(text: str) -> tuple[str, list[str]]:
    """An export apart from the ``### Import`` lines its import added, and those lines."""
    lines = text.splitlines(keepends=True)
    events = [line.rstrip("\r\n") for line in lines if line.startswith(IMPORT_EVENT)]
    return "".join(line for line in lines if not line.startswith(IMPORT_EVENT)), events


def _name(path: Path) -> str:
    return str(path.relative_to(DATA))


def test_the_files_cover_both_formats() -> None:
    versions = [detect_version(read_trf(path)) for path in FILES]
    assert len(FILES) > 480 and versions.count(TRF2026) > 160 and versions.count(TRF16) > 310


@pytest.mark.parametrize("path", FILES, ids=_name)
def test_import_then_export_gives_the_file_back(db: Database, path: Path) -> None:
    version = detect_version(read_trf(path))
    info = import_trf(db, path, confirmed=Level.PROCEED)
    assert not any("not kept for export" in w or "say otherwise" in w for w in info.warnings)
    text, events = _file_and_events(export_trf(db, info.tournament.id, version).text)
    file = path.read_bytes().decode("utf-8")
    assert as_listed(text, file).encode("utf-8") == as_listed(file, file).encode("utf-8")
    assert events == (RECORDS_EVENTS if path == RECORDS_2026 else [])


def test_a_line_that_says_otherwise_is_named_and_exported_as_it_stands(db: Database) -> None:
    text = SMALL_2016.read_text().replace("012 AutoTest Tournament 1000\n", "012 AutoTest Tournament 1000\n062 99\n")
    info = import_trf(db, parse_trf(text, source="lies.trf"), confirmed=Level.PROCEED)
    named = (
        "lies.trf: 1 line(s) say otherwise than the tournament read from the file and are exported as it stands "
        "(line 2: '062 99' as '062 11')"
    )
    assert named in info.warnings
    expected = text.replace("062 99", "062 11")
    assert as_listed(export_trf(db, info.tournament.id, TRF16).text, expected) == as_listed(expected, expected)


def test_other_line_breaks_and_a_byte_order_mark_come_back(db: Database) -> None:
    text = "\ufeff" + RECORDS_2026.read_text().replace("\n", "\r\n").removesuffix("\r\n")
    info = import_trf(db, parse_trf(text, source="crlf.trf"), confirmed=Level.PROCEED)
    assert _file_and_events(export_trf(db, info.tournament.id, TRF2026).text) == (text, RECORDS_EVENTS)
    text = SMALL_2016.read_text().replace("\n", "\r")
    info = import_trf(db, parse_trf(text, source="cr.trf"), confirmed=Level.PROCEED)
    assert as_listed(export_trf(db, info.tournament.id, TRF16).text, text) == as_listed(text, text)


def _mid_round(path: Path) -> tuple[str, int]:
    """The file as written in the middle of its last round: every other game of that round without a result
    (the cell keeps opponent and colour, its result code blank), the points column counting the finished
    games only, the rank column blank (no standing in the middle of a round); and that round."""
    doc = read_trf(path)
    last = max(len(p.rounds) for p in doc.players)
    games = sorted(
        p.number
        for p in doc.players
        if (e := p.entry(last)) is not None and e.opponent is not None and p.number < e.opponent
        if e.code in PLAYED_CODES + FORFEIT_CODES
    )
    open_ = {n for n in games[::2]} | {doc.player(n).entry(last).opponent for n in games[::2]}  # type: ignore[union-attr]
    points = point_system(doc)
    for _, record in doc.other_lines:  # TRF-2026: 3 points a win, 1 a draw in a 162 record
        if (values := parse_score_line(record)) is not None:
            points = PointSystem(win=values["W"], draw=values["D"], pairing_allocated_bye=values["W"])
    lines = []
    for line in path.read_text().splitlines():
        if line.startswith("001"):
            player = doc.player(int(line[4:8]))
            if player.number in open_:
                cell = round_column(last) - 1 + 7
                line = line[:cell] + " " + line[cell + 1 :]
            score = sum(
                points.points_for(outcome_of(e))
                for k, e in enumerate(player.rounds, 1)
                if not (k == last and player.number in open_)
            )
            line = (line[:80] + f"{score // 10}.{score % 10}".rjust(4) + " " * 5 + line[89:]).rstrip()
        lines.append(line)
    return "\n".join(lines) + "\n", last


MID_ROUND = [*FILES[::9], RECORDS_2026]


@pytest.mark.parametrize("path", MID_ROUND, ids=_name)
def test_a_file_in_the_middle_of_a_round_comes_back(db: Database, path: Path) -> None:
    text, last = _mid_round(path)
    doc = parse_trf(text, source="mid.trf")
    info = import_trf(db, doc, confirmed=Level.PROCEED)
    assert info.rounds == last and any(r.result is None for r in list_rounds(db, info.tournament.id)[-1].boards)
    out = export_trf(db, info.tournament.id, detect_version(doc))
    assert _file_and_events(out.text) == (text, RECORDS_EVENTS if path == RECORDS_2026 else [])
    # Asked for a file that pairing programs accept, the round in progress is left out, as before.
    assert any(
        f"round {last} is in progress" in w for w in export_trf(db, info.tournament.id, keep_unfinished=False).warnings
    )


def test_a_result_entered_after_import_shows(db: Database) -> None:
    path = DATA / "conformance" / "dutch-2026" / "d26-small-60036-p25-r5.trf"
    text, last = _mid_round(path)
    tid = import_trf(db, parse_trf(text, source="mid.trf"), confirmed=Level.PROCEED).tournament.id
    board = next(b for b in list_rounds(db, tid)[-1].boards if b.result is None)
    enter_result(db, tid, last, board.number, "0-1")
    out = export_trf(db, tid, TRF2026).text
    doc = parse_trf(out)
    assert doc.player(board.white).entry(last) == RoundEntry(board.black, "w", "0")
    assert doc.player(board.black).entry(last) == RoundEntry(board.white, "b", "1")
    before = parse_trf(text).player(board.black).points
    assert float(doc.player(board.black).points) == float(before) + 1
    # Everything else as the file had it: its other lines, its blank rank column.
    changed = {board.white, board.black}
    assert [line for line in out.splitlines() if not line.startswith("001")] == [
        line for line in text.splitlines() if not line.startswith("001")
    ]
    assert [line for line in out.splitlines() if line.startswith("001") and int(line[4:8]) not in changed] == [
        line for line in text.splitlines() if line.startswith("001") and int(line[4:8]) not in changed
    ]
    assert all(p.rank is None for p in doc.players)


def test_a_player_added_shows(db: Database) -> None:
    tid = import_trf(db, RECORDS_2026, confirmed=Level.PROCEED).tournament.id
    register_player(db, tid, "Late, Entry", rating=1500)
    text, events = _file_and_events(export_trf(db, tid, TRF2026).text)
    assert events == RECORDS_EVENTS
    lines = text.splitlines()
    original = RECORDS_2026.read_text().splitlines()
    late = lines[26]
    assert late.startswith("001    7") and "Late, Entry" in late  # after the last player, before the 240 records
    # 062 and 072 counted again, in the file's place; every other line as the file had it.
    assert lines == [*original[:5], "062 7", "072 7", *original[7:26], late, *original[26:]]


def test_new_header_values_show(db: Database) -> None:
    tid = import_trf(db, SMALL_2016, edition="baku-2016", confirmed=Level.PROCEED).tournament.id
    edit_tournament(db, tid, name="Renamed Open", chief_arbiter="Ann Arbiter")
    original = SMALL_2016.read_text()
    lines = as_listed(export_trf(db, tid, TRF16).text, original).splitlines()
    original = as_listed(original, original).splitlines()  # the ranks: by the recorded list (issue 29, D2)
    assert lines[0] == "012 Renamed Open"  # in the file's place
    assert lines[1] == "102 Ann Arbiter"  # a line the file did not have, after the one before it in TRF order
    assert lines[2:] == original[1:]


def test_a_2016_file_converted_to_trf_2026_is_written_whole(db: Database) -> None:
    tid = import_trf(db, SMALL_2016, edition="baku-2016", confirmed=Level.PROCEED).tournament.id
    lines = export_trf(db, tid, TRF2026).text.splitlines()
    assert {"062 11", "072 11", "082 0", "092 FIDE_DUTCH_2016", "142 3", "192 FIDE_DUTCH_2016"} <= set(lines)
    assert any(line in ("152 W", "152 B") for line in lines)
    assert import_trf(db, parse_trf("\n".join(lines) + "\n"), confirmed=Level.PROCEED).warnings == ()


def test_a_2026_file_converted_to_trf_16_is_written_whole(db: Database) -> None:
    tid = import_trf(db, RECORDS_2026, confirmed=Level.PROCEED).tournament.id
    doc = parse_trf(export_trf(db, tid, TRF16).text)
    assert not any(line[:3] in ("142", "152", "162", "192", "202", "222", "240") for _, line in doc.other_lines)
    assert (doc.rounds_count, doc.initial_colour, doc.point_values) == (5, "white", {"BBW": "3.0", "BBD": "1.0"})
    # The requested byes of round 3, only 240 records in the file, are pre-entered cells in TRF-16.
    assert (doc.player(2).entry(3), doc.player(5).entry(3)) == (RoundEntry(None, "-", "H"), RoundEntry(None, "-", "Z"))
    # And back in TRF-2026 (its own layout): the file again.
    assert _file_and_events(export_trf(db, tid, TRF2026).text) == (RECORDS_2026.read_text(), RECORDS_EVENTS)
