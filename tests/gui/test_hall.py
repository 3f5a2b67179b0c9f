"""View > Hall display: the round's pairings on the hall's screen, by board and by name, paging by itself."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from arbiter_app import services as sv
from arbiter_app.gui.hall_display import LOADING, HallDisplay, HallPage, initials, rows_for
from arbiter_app.gui.main_window import MainWindow
from arbiter_app.services import files as sv_files
from arbiter_app.trf import read_trf
from tests.conftest import DATA

TITLES = {"GM", "IM", "FM", "CM", "WGM", "WIM", "WFM", "WCM"}
OPEN = DATA / "conformance" / "dutch-2016" / "large-1198-p252-r10.trf"
"""A 252-player open; 48 late entries make it 300 players on 150 boards."""


def name_lines(hall: HallDisplay) -> list[tuple[str, ...]]:
    return [line.cells for page in hall.pages if page.headers == ("Player", "Bd", "Colour") for line in page.lines]


def expected_seats(window: MainWindow, number: int) -> dict[str, tuple[str, str]]:
    """Player's name -> (board, colour) in round ``number``, read from the services."""
    assert window.context is not None
    info = next(r for r in window.context.read(sv.list_rounds) if r.number == number)
    players = {p.number: p for p in window.context.read(sv.list_players)}

    def name(n: int) -> str:
        p = players[n]
        return f"{p.title} {p.name}" if p.title else p.name

    seats = {}
    for b in info.boards:
        seats[name(b.white)] = (str(b.number), "White")
        seats[name(b.black)] = (str(b.number), "Black")
    if info.bye is not None:
        seats[name(info.bye)] = ("—", "bye")
    return seats


def check_everybody_once(window: MainWindow, hall: HallDisplay, number: int) -> None:
    lines = name_lines(hall)
    names = [cells[0] for cells in lines]
    assert len(names) == len(set(names)), "a player listed twice"
    surnames = [n.split(" ", 1)[1] if n.split(" ", 1)[0] in TITLES else n for n in names]
    assert surnames == sorted(surnames, key=str.casefold)  # by name, the title aside
    assert {cells[0]: (cells[1], cells[2]) for cells in lines} == expected_seats(window, number)


def open_display(window: MainWindow, qtbot: Any, size: tuple[int, int]) -> HallDisplay:
    hall = window.show_hall_display()
    hall.timer.setInterval(20)  # the arbiter's choice is PAGE_SECONDS; the test does not wait that long
    hall.resize(*size)
    qtbot.waitExposed(hall)
    return hall


def test_the_manual_example_by_board_and_by_name(window: MainWindow, qtbot: Any) -> None:
    window.open_example()
    hall = open_display(window, qtbot, (1920, 1080))
    assert hall.info is not None and hall.info.number == 9  # the last round published
    assert hall.pages[0].title == "Round 9 — by board" and len(hall.pages[0].lines) == 6
    assert [p.headers[0] for p in hall.pages] == ["Bd", "Player"]  # 12 names: one page, two columns
    check_everybody_once(window, hall, 9)
    assert hall.pages[0].lines[0].cells[3] == next(b.result_text for b in hall.info.boards if b.number == 1)
    seen = {hall.page}
    qtbot.waitUntil(lambda: hall.page != 0, timeout=2000)  # pages by itself
    seen.add(hall.page)
    qtbot.waitUntil(lambda: hall.page == 0, timeout=2000)  # and comes round again
    assert seen == {0, 1}
    window.close_tournament()
    assert hall.pages == [HallPage("No round published yet", (), ())]


def test_one_board(window: MainWindow, qtbot: Any, tmp_path: Path) -> None:
    path = tmp_path / "two.db"
    db = sv_files.open_database(path, create=True)
    tid = sv.create_tournament(db, "Match", 2).id
    sv.register_player(db, tid, "Carlsen, Magnus", rating=2830, title="GM")
    sv.register_player(db, tid, "Ding, Liren", rating=2780, title="GM")
    sv.pair_next_round(db, tid)
    sv.publish_round(db, tid)
    db.dispose()
    assert window.open_file(path)
    hall = open_display(window, qtbot, (800, 600))
    assert len(hall.pages) == 2 and len(hall.pages[0].lines) == 1
    check_everybody_once(window, hall, 1)
    hall.next_page()
    hall.next_page()
    assert hall.page == 0


@pytest.mark.parametrize("size", [(1920, 1080), (1024, 768)])
def test_150_boards(window: MainWindow, qtbot: Any, tmp_path: Path, size: tuple[int, int]) -> None:
    path = tmp_path / "open.db"
    db = sv_files.open_database(path, create=True)
    tid = sv.import_trf(db, read_trf(OPEN).truncated(0), "Big open").tournament.id
    for k in range(48):
        sv.register_player(db, tid, f"Late, Entry {k:02d}", rating=1200 + k)
    sv.pair_next_round(db, tid)
    sv.publish_round(db, tid)
    db.dispose()
    assert window.open_file(path)
    hall = open_display(window, qtbot, size)
    boards = [p for p in hall.pages if p.headers[0] == "Bd"]
    rows = hall.rows()
    assert rows == rows_for(size[1]) and rows == {1080: 24, 768: 16}[size[1]]  # the page size follows the screen
    assert sum(len(p.lines) for p in boards) == 150 and len(boards) == -(-150 // rows)
    check_everybody_once(window, hall, 1)
    names = [p for p in hall.pages if p.headers[0] == "Player"]
    columns = names[0].columns
    assert columns >= (3 if size[0] > 1800 else 2)  # as many blocks of names as the width takes
    assert len(names) == -(-300 // (rows * columns))
    for page in hall.pages:  # large type, never wider than the screen
        font = hall.page_font(page)
        assert font.pixelSize() >= 0.6 * size[1] / (rows + 2.5) * 0.7
        assert sum(hall.column_widths(page, font)) * page.columns <= size[0] - 2 * hall.margin()
    hall.page = len(hall.pages) - 1
    qtbot.waitUntil(lambda: hall.page == 0, timeout=2000)


def test_initials_tell_a_page_from_its_neighbours() -> None:
    keys = ["adams", "baker", "kalinin", "kaminski", "kemp", "kovacs", "nakamura", "zhou"]
    assert initials(keys, 0, 1) == "A–B"
    assert initials(keys, 2, 4) == "Ka–Ke"  # K alone would not tell it from the next page
    assert initials(keys, 5, 7) == "Ko–Zh"
    assert initials(["kaiser", "kalinin", "kaminski", "kasparov"], 1, 2) == "Kal–Kam"
    assert initials(["smith"], 0, 0) == "S"


def test_the_display_never_shows_a_value_it_has_not_read(threaded_window: MainWindow, qtbot: Any) -> None:
    """Issue 28: while the scores before the round are read, the display says it is loading (no 0 points)."""
    window = threaded_window
    window.open_example()
    qtbot.waitUntil(lambda: window.context is not None and not window.context.reader.is_busy, timeout=60000)
    assert window.context is not None
    window.context.changed.emit()  # everything read again, off the window's thread
    hall = window.show_hall_display()
    shown: list[list[HallPage]] = [list(hall.pages)]
    hall.timer.setInterval(10)
    qtbot.waitUntil(lambda: shown.append(list(hall.pages)) or hall.is_loaded, timeout=60000)
    before = [pages for pages in shown if pages and pages[0].title == LOADING]
    assert before, "the display said it was loading before the round was read"
    assert all(len(pages) == 1 for pages in before)  # nothing but the word
    scores = {row.number: row.points for row in window.context.read(sv.standings, 8)}
    board = hall.pages[0].lines[0].cells
    first = next(b for b in hall.info.boards if b.number == 1) if hall.info else None
    assert first is not None and board[2] != "" and scores[first.white] >= 0
    from arbiter_app.pairing.points import tenths_text

    assert board[2] == tenths_text(scores[first.white])  # the score read, never a default
