"""Every adjustment the TRF import makes is told (checklist Q47-Q52): one warning for each, naming the line
and what was done, and nothing changed or left out without one.

``ADJUSTED`` is a file crafted to go through every adjustment path of ``arbiter_app/trf/reader.py`` and
``arbiter_app/services/trf_io.py`` at once; ``TRF06`` is a file in the 2006 layout (TRF06): the same ``001``
columns, but none of the engine lines that pairing programs added later (``XXR`` rounds, ``XXC`` initial
colour), with a free-text ``092`` tournament type, dates written with dots and the letter title codes.
"""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest

from arbiter_app.persistence import Database
from arbiter_app.services import Level, get_tournament, import_trf, list_players
from arbiter_app.trf import parse_trf, read_trf


def player(number: int, name: str, rating: int, points: str, cells: list[tuple[int, str, str]], title: str = "") -> str:
    """A ``001`` line in the columns of TRF-16 (and TRF06): number 5-8, title 11-13, name 15-47, rating 49-52,
    points 81-84, rank 86-89, one round every 10 columns from 92."""
    line = f"001 {number:>4}  {title:>3} {name:<33} {rating:>4}{' ' * 28}{points:>4} {number:>4}"
    return line + "".join(f"  {opponent:>4} {colour} {code}" for opponent, colour, code in cells)


ADJUSTED_LINES = [
    "012 Adjusted Open",
    "032 ENGLAND",
    "042 someday",
    "092 Individual: Swiss-System",
    "132 not dates at all",
    "142 5",
    "152 B",
    "162  W 3.0    D 1.0",
    "172 X",
    "212 Y",
    "222 90 min + 30 s",
    "250       1.0 001 002    1    2",
    "260 001 002    1    3",
    "XXR 3",
    "XXC white1",
    "BBW  1.0",
    "BBD  0.5",
    player(1, "Alpha", 2400, "1.5", [(3, "w", "1"), (2, "b", "=")]),
    player(2, "Beta", 2300, "9.9", [(4, "b", "1"), (1, "w", "=")], title="zz"),
    player(3, "G\u00f3mez", 2200, "0.5", [(1, "b", "0"), (4, "w", "=")]),
    player(4, "Delta", 2100, "0.5", [(2, "w", "0"), (3, "b", "="), (0, "-", "-")]),
    "XXP 1 2",
    "XXP 2 1",
    "DAT 0001 EMAIL someone",
]

# Each adjustment path: a part of the one warning it gives (line numbers of ADJUSTED_LINES, 1-based).
EXPECTED = {
    "decoding": "line 20, column 1: not UTF-8 text: the file is read as Latin-1",
    "no declared system": "no pairing system declared (092 line): the coming rounds are paired by the FIDE 2026 rules",
    "federation": "line 2: '032 ENGLAND': not a three-letter federation code: the tournament's federation is left empty",
    "date": "line 3: '042 someday': not a date (2026/07/01): the tournament's date is left empty",
    "system": "line 4: '092 Individual: Swiss-System': not a pairing system this program knows",
    "round dates": "line 5: '132 not dates at all': the round dates could not be read: they are left empty",
    "172": "line 9: '172 X': the starting-rank method is not read",
    "212": "line 10: '212 Y': tie-breaks ranked before points are not read",
    "222": "line 11: '222 90 min + 30 s': not an encoded time control (5400+30, 40/6000+30:900+30, W300-B240): "
    "the encoded time control is left empty",
    "260": "line 13: the players 1, 3 may not meet in rounds 1-2 only: not a prohibition of the tournament",
    "unknown line": "line 24: 'DAT 0001 EMAIL someone': a line this program does not read",
    "142": "line 6: '142 5': says otherwise than the XXR line, which is read",
    "152": "line 7: '152 B': says otherwise than the XXC line, which is read",
    "162": "line 8: '162  W 3.0    D 1.0': says otherwise than the BBW/BBD line, which is read",
    "title": "line 19: #2: unknown title 'zz' dropped (the player is stored without a title)",
    "withdrawal": "line 21: #4 is absent from round 3 to the last round: stored as withdrawn from round 3",
    "tie-break list": "no tie-break list (202 record): the recommended list of c07-2026, BH/C1, BH, SB, DE, WIN, is "
    "recorded as the tournament's (frozen once round 1 is paired)",
    "XXP": "the XXP lines and 260 records name 1 pair more than once: each pair is stored once",
    "default win": "line 16 is not kept for export: 'BBW  1.0'",
    "default draw": "line 17 is not kept for export: 'BBD  0.5'",
    "scores not written": "line 8 is not kept for export: '162  W 3.0    D 1.0'",
    "repeated line": "line 23 is not kept for export: 'XXP 2 1'",
    "restated": "3 line(s) say otherwise than the tournament read from the file and are exported as it stands "
    "(line 6: '142 5' as '142 3'; line 7: '152 B' as '152 W'; line 19:",
}


def test_every_adjustment_of_the_import_is_told_once(db: Database, tmp_path: Path) -> None:
    path = tmp_path / "adjusted.trf"
    path.write_bytes(("\n".join(ADJUSTED_LINES) + "\n").encode("latin-1"))
    info = import_trf(db, read_trf(path), confirmed=Level.PROCEED)
    for what, part in EXPECTED.items():
        assert sum(part in w for w in info.warnings) == 1, (what, info.warnings)
    assert len(info.warnings) == len(EXPECTED), info.warnings  # nothing told twice, no adjustment untested
    assert all(w.startswith(f"{path}: ") for w in info.warnings)  # each names the file
    # What the warnings say is what was stored.
    t = get_tournament(db, info.tournament.id)
    assert (t.rounds_count, t.initial_colour.value, t.federation, t.start_date) == (3, "w", "", None)
    players = {p.number: p for p in list_players(db, t.id)}
    assert players[2].title == "" and players[3].name == "G\u00f3mez" and players[4].withdrawal_round == 3


def test_a_file_without_engine_lines_takes_rounds_and_colour_from_its_cells(db: Database) -> None:
    """TRF-16 without XXR and XXC: the rounds are the cells the lines hold, the initial colour the one of the
    highest-ranked player paired in round 1 (as the TRF-2026 152 record defines it); both told."""
    text = "\n".join(
        [
            "012 No engine lines",
            player(1, "Alpha", 2400, "1.0", [(3, "b", "1")]),
            player(2, "Beta", 2300, "0.0", [(4, "w", "0")]),
            player(3, "Gamma", 2200, "0.0", [(1, "w", "0")]),
            player(4, "Delta", 2100, "1.0", [(2, "b", "1")]),
        ]
    )
    info = import_trf(db, parse_trf(text + "\n", source="plain.trf"), confirmed=Level.PROCEED)
    t = get_tournament(db, info.tournament.id)
    assert (t.rounds_count, t.initial_colour.value) == (1, "b")
    assert "plain.trf: no number of rounds (XXR or 142 line): 1, as many as the players' lines hold" in " ".join(
        info.warnings
    )
    assert any("no initial colour (XXC or 152 line): black, the colour of the highest-ranked player" in w
               for w in info.warnings)  # fmt: skip


TRF06 = "\n".join(
    [
        "012 Club Championship 2009",
        "022 Dublin",
        "032 IRL",
        "042 2009.09.09",
        "052 2009.09.11",
        "092 Individual: Swiss-System",
        "102 A. Arbiter",
        "132" + " " * 88 + "09/09/09  09/09/10  09/09/11",
        player(1, "Mouse,Mickey", 2600, "2.0", [(3, "w", "1"), (2, "b", "1"), (4, "w", "0")], title="g"),
        player(2, "Duck,Daffy", 2200, "1.5", [(4, "b", "1"), (1, "w", "0"), (3, "b", "=")], title="m"),
        player(3, "Mouse,Minerva", 1900, "0.5", [(1, "b", "0"), (4, "w", "0"), (2, "w", "=")], title="wf"),
        player(4, "Goofy", 1800, "2.0", [(2, "w", "0"), (3, "b", "1"), (1, "b", "1")]),
    ]
)


def test_a_trf06_file_is_imported_with_its_adjustments_told(db: Database, tmp_path: Path) -> None:
    """Checklist Q47-Q48: a TRF06 file is read; what TRF06 does not say (rounds, initial colour, the pairing
    system) is taken as the warnings tell, its titles and dotted dates are read, and it comes back in export."""
    path = tmp_path / "club.trf"
    path.write_text(TRF06 + "\n", encoding="ascii")
    info = import_trf(db, path, confirmed=Level.PROCEED)
    t = get_tournament(db, info.tournament.id)
    assert (t.name, t.place, t.federation, t.start_date, t.end_date) == (
        "Club Championship 2009", "Dublin", "IRL", date(2009, 9, 9), date(2009, 9, 11))  # fmt: skip
    assert (t.rounds_count, t.initial_colour.value, info.rounds) == (3, "w", 3)
    titles = [p.title for p in sorted(list_players(db, t.id), key=lambda p: p.number)]
    assert titles == ["GM", "IM", "WFM", ""]
    said = " | ".join(info.warnings)
    for part in (
        "no number of rounds (XXR or 142 line): 3, as many as the players' lines hold",
        "no initial colour (XXC or 152 line): white, the colour of the highest-ranked player paired in round 1",
        "line 6: '092 Individual: Swiss-System': not a pairing system this program knows",
        "no pairing system declared (092 line)",
    ):
        assert said.count(part) == 1, part


@pytest.mark.parametrize("title", ["g", "GM", "wg", "WGM"])
def test_both_spellings_of_a_title_are_read_without_a_warning(db: Database, title: str) -> None:
    text = "\n".join(["012 Titles", "XXR 1", "XXC white1", player(1, "Alpha", 2400, "", [], title=title),
                      player(2, "Beta", 2300, "", [])])  # fmt: skip
    info = import_trf(db, parse_trf(text + "\n", source="t.trf"))
    assert not [w for w in info.warnings if "title" in w]


def test_a_missing_name_and_a_repeated_header_line_are_told(db: Database) -> None:
    text = "\n".join(["022 Town", "092 FIDE_DUTCH_2025", "112 First Deputy", "112 Second Deputy", "XXR 1", "XXC white1",
                      player(1, "Alpha", 2400, "", []), player(2, "Beta", 2300, "", [])])  # fmt: skip
    info = import_trf(db, parse_trf(text + "\n", source="unnamed.trf"))
    assert info.warnings == (
        "unnamed.trf: line 4: '112 Second Deputy': a second 112 line: the first is read, this one is kept as written",
        "unnamed.trf: no tournament name (012 line): named 'unnamed.trf' after the file",
        "unnamed.trf: no tie-break list (202 record): the recommended list of c07-2026, BH/C1, BH, SB, DE, WIN, is "
        "recorded as the tournament's (frozen once round 1 is paired)",
    )
    t = get_tournament(db, info.tournament.id)
    assert (t.name, t.deputy_arbiters) == ("unnamed.trf", "First Deputy")


def test_a_forfeit_without_colours_is_stored_white_black_and_told(db: Database) -> None:
    text = "\n".join(["012 Forfeits", "XXR 2", "XXC white1", player(1, "Alpha", 2400, "1.0", [(2, "-", "+")]),
                      player(2, "Beta", 2300, "0.0", [(1, "-", "-")])])  # fmt: skip
    info = import_trf(db, parse_trf(text + "\n", source="forfeit.trf"), confirmed=Level.PROCEED)
    told = [w for w in info.warnings if "without colours" in w]
    assert told == ["forfeit.trf: line 4: round 1: forfeit 1-2 without colours, stored with #1 as White"]
