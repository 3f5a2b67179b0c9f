"""Every report's PDF, page by page: no row and no pairing card crosses a page, table headings repeat on every
page, every page is numbered and names the report and the tournament, and the numbers keep one format.

The PDFs are those of ``tests/reports/make_pdfs.py`` (the Arbiters' Manual tournament and a 300-player open,
after the last round and during it), read back with pypdf (text as laid out) and PDFium (where each word is).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pypdf
import pytest

from tests.pdf_tools import Word, page_count, page_lines, page_words
from tests.reports.make_pdfs import FINAL_KINDS, LIVE_KINDS, Tournament, live_round, manual, open_300, write_all

HALVES = re.compile(r"\d*½|\d+")
"""A value in points: ``6½``, ``½``, ``6``."""

TITLES = {
    "standings": "Standings after round 9",
    "crosstable": "Crosstable after round 9",
    "wallchart": "Wall chart after round 9",
    "cards": "Pairing cards after round 9",
    "pairings": "Pairings of round 9",
    "rounds": "All rounds",
    "live-pairings": "Pairings of round 9",
    "live-results": "Results of round 9 so far",
}
HEADINGS = {
    "standings": "Place No. Name Rating Points",
    "crosstable": "Place No. Name Rating R1 R2 R3 R4 R5 R6 R7 R8 R9 Points",
    "wallchart": "No. Name Rating R1 R2 R3 R4 R5 R6 R7 R8 R9 Points Place",
    "pairings": "Bd No. White Rtg Fed Pts Result Pts Black Rtg Fed No.",
    "rounds": "Board White Result Black",
    "live-pairings": "Bd No. White Rtg Fed Pts Result Pts Black Rtg Fed No.",
    "live-results": "Bd No. White Rtg Fed Pts Result Pts Black Rtg Fed No.",
}
"""The heading row of each report's table, which every page repeats."""
KINDS = [*FINAL_KINDS, *(f"live-{kind}" for kind in LIVE_KINDS)]
MARGIN = 12 / 25.4 * 72


@dataclass(frozen=True)
class Printed:
    tournament: Tournament
    pdfs: dict[str, Path]

    texts: dict[str, list[list[str]]] = field(default_factory=dict)

    def pages(self, kind: str) -> list[list[str]]:
        """The lines of each page of the report (read once)."""
        if kind not in self.texts:
            self.texts[kind] = page_lines(self.pdfs[kind])
        return self.texts[kind]

    @property
    def names(self) -> list[str]:
        return [p.name for p in self.tournament.doc.players]


@pytest.fixture(autouse=True)
def _application(qapp: object) -> None:
    """The session's QApplication (pytest-qt)."""


@pytest.fixture(scope="module")
def printed(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Printed]]:
    out, folder = tmp_path_factory.mktemp("pdfs"), tmp_path_factory.mktemp("files")
    tournaments = {}
    for t in (manual(), open_300()):
        write_all(t, out, folder)
        tournaments[t.key] = Printed(t, {kind: out / f"{t.key}-{kind}.pdf" for kind in KINDS})
    yield tournaments


TOURNAMENTS = ["manual", "open300"]


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("key", TOURNAMENTS)
def test_every_page_is_numbered_and_names_the_report_and_the_tournament(
    printed: dict[str, Printed], key: str, kind: str
) -> None:
    p = printed[key]
    pages = p.pages(kind)
    if key == "open300":
        assert len(pages) > 1  # so that what follows is about more than one page
    for k, text in enumerate(pages, 1):
        first = text[0]
        assert first.startswith(f"{p.tournament.name} – {TITLES[kind]}"), (k, first)
        assert first.endswith(f"page {k} of {len(pages)}"), (k, first)


@pytest.mark.parametrize("kind", [kind for kind in KINDS if kind in HEADINGS])
@pytest.mark.parametrize("key", TOURNAMENTS)
def test_the_table_heading_is_repeated_on_every_page(printed: dict[str, Printed], key: str, kind: str) -> None:
    for k, text in enumerate(printed[key].pages(kind), 1):
        assert any(line.startswith(HEADINGS[kind]) for line in text), f"page {k}: no table heading"


def _player_lines(p: Printed, kind: str) -> dict[str, list[tuple[int, int]]]:
    """Where each player's name appears as a whole word: (page, line) pairs."""
    found: dict[str, list[tuple[int, int]]] = {name: [] for name in p.names}
    patterns = {name: re.compile(rf"(^|\s){re.escape(name)}(\s|$)") for name in p.names}
    for k, text in enumerate(p.pages(kind), 1):
        for n, line in enumerate(text):
            for name, pattern in patterns.items():
                if pattern.search(line):
                    found[name].append((k, n))
    return found


@pytest.mark.parametrize("kind", ["standings", "crosstable"])
@pytest.mark.parametrize("key", TOURNAMENTS)
def test_a_row_of_the_standings_is_on_one_page(printed: dict[str, Printed], key: str, kind: str) -> None:
    """Every player's row appears once, whole: place, number, name, rating, the points at the end."""
    p = printed[key]
    pages = p.pages(kind)
    for name, where in _player_lines(p, kind).items():
        if kind == "crosstable":  # the name is on the player's own row only
            assert len(where) == 1, (name, where)
        # A place decided by the drawing of lots is starred ("151 *"): the mark is not a column of its own.
        lines = [re.sub(r"^(\d+(?:-\d+)?) \* ", r"\1 ", pages[k - 1][n]) for k, n in where]
        rows = [line for line in lines if re.match(rf"\d+(-\d+)? \d+ {re.escape(name)} \d+ ", line)]
        assert len(rows) == 1, (name, where)
        assert HALVES.fullmatch(rows[0].split()[4 if kind == "standings" else -1]), rows[0]


@pytest.mark.parametrize("key", TOURNAMENTS)
def test_a_row_of_the_wall_chart_is_on_one_page(printed: dict[str, Printed], key: str) -> None:
    """A player's two lines (the games, then the score after each round) stay on one page, under each other."""
    p = printed[key]
    pages = p.pages("wallchart")
    for name, where in _player_lines(p, "wallchart").items():
        assert len(where) == 1, (name, where)
        k, n = where[0]
        assert n + 1 < len(pages[k - 1]), f"{name}: the row's second line is not on page {k}"
        scores = pages[k - 1][n + 1].split()
        assert len(scores) == 9 and all(HALVES.fullmatch(s) for s in scores), (name, scores)


@pytest.mark.parametrize("key", TOURNAMENTS)
def test_a_pairing_card_is_on_one_page(printed: dict[str, Printed], key: str) -> None:
    """Each card: its title, the heading and the nine rounds on one page, in order; inside the page's margins."""
    p = printed[key]
    players = {pl.number: pl for pl in p.tournament.doc.players}
    pages = p.pages("cards")
    titles: dict[int, tuple[int, int]] = {}
    for k, lines in enumerate(pages, 1):
        for n, line in enumerate(lines):
            for number, name, _ in re.findall(r"(\d+) (\S+) \((\d+)\)", line):
                if players.get(int(number)) and players[int(number)].name == name:
                    titles[int(number)] = (k, n)
    assert sorted(titles) == sorted(players)  # every card, its title once
    for number, (k, n) in titles.items():
        lines = pages[k - 1]
        assert n + 10 < len(lines), f"card {number}: cut at the end of page {k}"
        assert lines[n + 1].startswith("Rd Col Opponent"), (number, lines[n + 1])
        for r in range(1, 10):
            assert lines[n + 1 + r].split()[0] == str(r), f"card {number}: round {r} is not on page {k}"
    reader = pypdf.PdfReader(p.pdfs["cards"])
    for k in range(1, len(pages) + 1):
        _inside_the_margins(p.pdfs["cards"], k, reader)


def _inside_the_margins(pdf: Path, page: int, reader: pypdf.PdfReader | None = None) -> None:
    """Every word of the page lies within the paper's 12 mm margins."""
    box = (reader or pypdf.PdfReader(pdf)).pages[page - 1].mediabox
    words = page_words(pdf, page)
    assert sorted((round(float(box.width)), round(float(box.height)))) == [595, 842]  # A4
    assert min(w.left for w in words) >= MARGIN - 1 and max(w.right for w in words) <= box.width - MARGIN + 1
    assert min(w.top for w in words) >= MARGIN - 1 and max(w.bottom for w in words) <= box.height - MARGIN + 1


@pytest.mark.parametrize("kind", KINDS)
def test_every_page_keeps_its_margins(printed: dict[str, Printed], kind: str) -> None:
    pdf = printed["open300"].pdfs[kind]
    for k in (1, page_count(pdf)):
        _inside_the_margins(pdf, k)


def _boards(lines: list[str]) -> list[str]:
    """The lines of the boards: board number, White's number, then a name (the players without a board have
    their number, then their name)."""
    return [line for line in lines if re.match(r"\d+ \d+ \D", line)]


@pytest.mark.parametrize("kind", ["pairings", "live-pairings", "live-results"])
@pytest.mark.parametrize("key", TOURNAMENTS)
def test_a_board_of_the_pairing_list_is_on_one_page(printed: dict[str, Printed], key: str, kind: str) -> None:
    """Each board once, on one line with both players; then the players without a board, the requested
    half-point bye named as such (not "not paired")."""
    p = printed[key]
    lines = [line for text in p.pages(kind) for line in text]
    boards = _boards(lines)
    assert [int(line.split()[0]) for line in boards] == list(range(1, len(boards) + 1))
    names = set(p.names)
    for line in boards:
        assert sum(1 for token in line.split() if token in names) == 2, line
    without = [line for line in lines if line.endswith(("bye", "absent", "not paired")) and line not in boards]
    listed = [token for line in boards + without for token in line.split() if token in names]
    assert sorted(listed) == sorted(p.names)  # every player once: on a board, or why not
    if kind.startswith("live"):
        byes = [line for line in lines if line.endswith("bye")]
        last = len(p.names)
        assert len(byes) == 2 and byes[0].endswith("pairing-allocated bye"), byes
        assert byes[1].startswith(f"{last} {p.names[-1]} ") and byes[1].endswith("half-point bye"), byes
        assert not any("not paired" in line for line in lines)


@pytest.mark.parametrize("key", TOURNAMENTS)
def test_the_results_so_far_leave_the_boards_still_playing_blank(printed: dict[str, Printed], key: str) -> None:
    p = printed[key]
    lines = [line for text in p.pages("live-results") for line in text]
    count = (len(p.names) - 2) // 2
    assert f"{(count + 1) // 2} of {count} results in; the boards left blank are still playing" in lines
    marks = {"1-0", "0-1", "½-½"}
    results = {int(line.split()[0]): [t for t in line.split() if t in marks] for line in _boards(lines)}
    assert len(results) == count
    for number, result in results.items():  # make_pdfs enters the results of the odd boards
        assert result == ([("1-0", "½-½", "0-1")[number % 3]] if number % 2 else []), (number, result)
    assert live_round(p.tournament) == 9


def _columns(words: list[Word], headings: list[str]) -> dict[str, list[Word]]:
    """The values under each heading: the words of the table's rows, each given to the nearest heading."""
    heads = [w for w in words if w.text in headings]
    top = min(w.top for w in heads)
    heads = [w for w in heads if abs(w.top - top) < 1]
    columns: dict[str, list[Word]] = {w.text: [] for w in heads}
    for w in words:
        if w.top > top + 5 and re.fullmatch(r"[\d.½]+", w.text):
            nearest = min(heads, key=lambda h: abs(h.middle - w.middle))
            if abs(nearest.middle - w.middle) < 30:
                columns[nearest.text].append(w)
    return columns


def _whole_part_right(word: Word) -> float:
    """Where the digits before the fraction end: a "½" is 0.97 em of DejaVu Sans at the page's scale."""
    if word.text.endswith("½"):
        return word.right - (word.right - word.left) / (len(word.text) - 1 + 0.969 / 0.636) * 0.969 / 0.636
    return word.right


@pytest.mark.parametrize("key", TOURNAMENTS)
def test_one_number_format_per_column_aligned(printed: dict[str, Printed], key: str) -> None:
    """Points and Buchholz as ``6½``; Sonneborn-Berger, which needs quarters, as ``27.50`` in every row, never
    ``27½`` beside ``19.75``; each column's values end at the same place (the whole part of ``6½`` under ``6``)."""
    pdf = printed[key].pdfs["standings"]
    for k in range(1, page_count(pdf) + 1):
        columns = _columns(page_words(pdf, k), ["Points", "BH/C1", "BH", "SB"])
        assert all(values for values in columns.values()) and len(columns) == 4, (k, columns.keys())
        assert k == page_count(pdf) or all(len(values) > 5 for values in columns.values()), k
        for heading in ("Points", "BH/C1", "BH"):
            values = columns[heading]
            assert all(HALVES.fullmatch(w.text) for w in values), (k, heading, [w.text for w in values])
            ends = [_whole_part_right(w) for w in values]
            assert max(ends) - min(ends) < 0.6, (k, heading, [(w.text, round(w.right, 1)) for w in values])
        sb = columns["SB"]
        assert all(re.fullmatch(r"\d+\.\d\d", w.text) for w in sb), (k, [w.text for w in sb])
        assert max(w.right for w in sb) - min(w.right for w in sb) < 0.3
    assert any("½" in w.text for w in page_words(pdf, 1))


LANDSCAPE = {("manual", "cards"), ("open300", "cards"), ("open300", "crosstable"), ("open300", "wallchart")}
"""The reports whose tables are wider than portrait A4: three pairing cards side by side, nine rounds of
three-digit pairing numbers.  Every other report is printed portrait."""


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("key", TOURNAMENTS)
def test_the_table_fills_portrait_or_landscape_paper_at_full_size(
    printed: dict[str, Printed], key: str, kind: str
) -> None:
    """Not a small table in a corner of landscape A4: the paper is turned by the table's width, the table
    reaches the right margin (but for all rounds, whose last column is a name), the type is 10 pt."""
    pdf = printed[key].pdfs[kind]
    box = pypdf.PdfReader(pdf).pages[0].mediabox
    assert (box.width > box.height) == ((key, kind) in LANDSCAPE)
    words = page_words(pdf, 1)
    if kind != "rounds":
        assert float(box.width) - max(w.right for w in words) < MARGIN + 8
    heights = sorted(w.bottom - w.top for w in words)
    assert heights[len(heights) // 2] > 11  # 10 pt DejaVu Sans: 11.7 pt from descent to ascent


def test_pages_end_between_rows_and_repeat_the_heading() -> None:
    """A table: its heading from 0 to 10, a row every 10 down to 100; a page holds 35."""
    from arbiter_app.reports.pdf import Break, PageSlice, paginate

    heading = (0.0, 10.0)
    breaks = [Break(0.0), *(Break(float(y), heading) for y in range(20, 100, 10))]
    assert paginate(breaks, 35.0, 100.0) == [
        PageSlice(0.0, 30.0, None),  # heading and two rows: a third would cross the page
        PageSlice(30.0, 50.0, heading),  # the heading again, then two rows
        PageSlice(50.0, 70.0, heading),
        PageSlice(70.0, 90.0, heading),
        PageSlice(90.0, 100.0, heading),
    ]
    # a single row taller than a page is the only thing ever cut
    assert [(s.top, s.bottom) for s in paginate([Break(0.0)], 35.0, 100.0)] == [(0, 35), (35, 70), (70, 100)]
    # a heading taller than most of the page is not repeated
    tall = (0.0, 30.0)
    pages = paginate([Break(float(y), tall) for y in range(40, 100, 10)], 35.0, 100.0)
    assert pages == [PageSlice(0.0, 35.0, None), PageSlice(35.0, 70.0, None), PageSlice(70.0, 100.0, None)]


def test_the_cards_show_the_round_being_played(tmp_path: Path) -> None:
    """During round 9 of the manual's tournament, each card ends with round 9 as paired (colour, opponent,
    float), no result yet; the cards of an earlier round do not."""
    from arbiter_app.reports import report_html, write_report
    from tests.reports.make_pdfs import live

    with live(manual(), tmp_path) as (db, tid):
        pdf = write_report(db, tid, "cards", tmp_path / "cards.pdf")
        earlier = report_html(db, tid, "cards", 7)
    lines = [line for page in page_lines(pdf) for line in page]
    assert lines[0].startswith("Arbiters' Manual example – Pairing cards after round 8, round 9 being played")
    n = lines.index("1 Alice (2600) 2 Bob (2550) 3 Charline (2500)")
    # The manual's round 9: Alice (White) against Frank, Bob (Black) against Charline; no results, no scores.
    assert lines[n + 9].startswith("8 B 10 Jack")
    assert lines[n + 10] == "9 W 6 Frank ↓ 9 B 3 Charline ↓ 9 W 2 Bob ↑"
    assert "being played" not in earlier and not re.search(r'<td class="num">8</td><td>[WB]?</td>', earlier)
    assert re.search(r'<td class="num">7</td><td>[WB]</td>', earlier)  # the cards after round 7 end there
