"""HTML reports: escaped names, UTF-8, a header with the tournament's name and the round."""

from __future__ import annotations

import re
from dataclasses import replace
from fractions import Fraction as F
from html.parser import HTMLParser

import pytest

from arbiter_app.standings import crosstable, pairing_list, standings
from arbiter_app.pairing.points import POINT_SPACE, column_texts, points_text
from arbiter_app.reports.html import (
    Entrant,
    crosstable_html,
    pairing_cards_html,
    pairing_list_html,
    results_sheet_html,
    standings_html,
    wallchart_html,
)

from tests.standings.builders import seven_players


def _named_state():
    state = seven_players()
    names = {1: "Ærøskøbing <Ivan> & Co", 2: "Ðorđe Šćekić", 3: "Ярослав"}
    players = tuple(replace(p, name=names.get(p.number, p.name)) for p in state.players)
    return replace(state, players=players)


class _Text(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.text: list[str] = []
        self.tags: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append(tag)

    def handle_data(self, data: str) -> None:
        self.text.append(data)


def _parse(html: str) -> _Text:
    parser = _Text()
    parser.feed(html)
    return parser


@pytest.mark.parametrize(("value", "text"), [(F(13, 2), "6½"), (F(1, 2), "½"), (F(147, 4), "36.75"), (2414, "2414"),
                                             (F(0), "0"), (None, "")])  # fmt: skip
def test_points_text(value: F | int | None, text: str) -> None:
    assert points_text(value) == text


def test_standings_html() -> None:
    state = _named_state()
    html = standings_html(standings(state, ["BH", "SB"]), "Open <Ærø> 2024", date="2024-07-01")
    assert html.startswith("<!DOCTYPE html>") and '<meta charset="utf-8">' in html
    assert "&lt;Ivan&gt; &amp; Co" in html and "<Ivan>" not in html
    assert "Open &lt;Ærø&gt; 2024" in html
    parsed = _parse(html)
    text = "".join(parsed.text)
    assert "Standings after round 4 · 2024-07-01" in text
    assert "Ðorđe Šćekić" in text and "Ярослав" in text
    assert parsed.tags.count("tr") == 1 + 7
    html.encode("utf-8")


def test_lots_are_marked() -> None:
    html = standings_html(standings(seven_players(), lots=(6, 3)), "T")
    assert "drawing of lots" in html


def test_crosstable_html() -> None:
    state = _named_state()
    table = crosstable(state, order=standings(state, ["BH"]))
    html = crosstable_html(table, "T")
    text = "".join(_parse(html).text)
    assert "Crosstable after round 4" in text
    assert "R4" in text
    assert "<td>3w+</td>" in html  # 4's forfeit win, White against 3
    assert "<td>5w1</td>" in html  # 1 beat 5 with White in round 1
    assert "<td>U</td>" in html and "<td>H</td>" in html


def test_pairing_list_html() -> None:
    html = pairing_list_html(pairing_list(_named_state(), 2), "T")
    text = "".join(_parse(html).text)
    assert "Pairings of round 2" in text
    assert "+/-" in text and "half-point bye" in text


def test_wallchart_html() -> None:
    """Players by pairing number; each round's game over the running score (Seven players, four rounds)."""
    state = _named_state()
    html = wallchart_html(crosstable(state, order=standings(state, ["BH"])), "T")
    text = "".join(_parse(html).text)
    assert "Wall chart after round 4" in text
    rows = html.split("<tr>")[2:]
    assert [int(r.split('<td class="num">')[1].split("<")[0]) for r in rows] == [1, 2, 3, 4, 5, 6, 7]
    # 1: beat 5 (White), drew with 2 (Black), beat 4 (White), beat 6 (Black): 1, 1½, 2½, 3½.
    assert "<td>5w1<br>1</td><td>2b½<br>1½</td><td>4w1<br>2½</td><td>6b1<br>3½</td>" in rows[0]
    # 4: the pairing-allocated bye (1 point), then a forfeit win against 3.
    assert "<td>U<br>1</td><td>3w+<br>2</td>" in rows[3]


def test_pairing_cards_html() -> None:
    """One card per player: colour, opponent, float (the engine's own definition, C.04.3 A.4.b), result, score."""
    from arbiter_app.pairing.floats import float_in_round, floats_of

    state = _named_state()
    by_round = {n: dict(enumerate(fs, 1)) for n, fs in floats_of(state, float_in_round).items()}
    html = pairing_cards_html(crosstable(state, order=standings(state, ["BH"])), "T", floats=by_round)
    cards = html.split('<th class="card"')[1:]
    assert len(cards) == 7 and cards[4].startswith(' colspan="6">5 Player 5 (2000)</th>')
    five = cards[4]
    # Round 1: Black against 1 (0 points each before the round), lost; round 2: half-point bye.
    assert "<td>B</td><td>1 Ærøskøbing &lt;Ivan&gt; &amp; Co</td><td></td><td>0</td>" in five
    assert "<td>½ bye</td><td>↓</td><td>H</td>" in five  # A.4.b: not playing, for whatever reason, floats down
    # Round 3: 5 (½) beat 6 (1 point before the round): 5 floated up.
    assert "<td>W</td><td>6 Player 6</td><td>↑</td><td>1</td>" in five
    four = cards[3]
    assert "<td>bye</td><td>↓</td><td>U</td>" in four  # the pairing-allocated bye is a downfloat (A.4)


@pytest.mark.parametrize(
    ("values", "texts"),
    [
        # Sonneborn-Berger's quarters: every value of the column with two decimals, never "4½" beside "8.25"
        ([F(33, 4), F(9, 2), 14, None], ["8.25", "4.50", "14.00", ""]),
        # points: halves as ½, whole numbers padded as wide as "½" so that they line up
        ([F(13, 2), 6, F(1, 2), None], ["6½", "6" + POINT_SPACE, "½", ""]),
        ([6, F(5)], ["6", "5"]),  # no half anywhere: no padding
        ([F(21, 10), 3], ["2.1", "3.0"]),  # tenths need one decimal
        ([F(2437, 3), 2400], ["812.33", "2400.00"]),  # an average that needs more: two, rounded
    ],
)
def test_one_format_per_column(values: list[F | int | None], texts: list[str]) -> None:
    assert column_texts(values) == texts


def test_a_standings_column_keeps_one_format() -> None:
    """The standings print each tie-break column in one format: SB of the seven players has quarters or not,
    but a column never mixes "½" and decimals."""
    html = standings_html(standings(seven_players(), ["BH", "SB"]), "T")
    rows = [re.findall(r'<td class="num">(.*?)</td>', row) for row in html.split("<tr>")[2:]]
    for column in zip(*rows, strict=True):
        assert not (any("½" in v for v in column) and any("." in v for v in column)), column


def test_the_pairing_list_names_title_rating_federation_and_a_requested_bye() -> None:
    """A round paired but not played: a requested half-point bye is listed as such (C.04.2.D.4), not as
    "not paired"; names carry the title, then rating and federation."""
    from arbiter_app.pairing.model import Board, Outcome, RoundPairing

    state = _named_state()
    pairing = RoundPairing(5, (Board(1, 2), Board(3, 4)), bye=5)
    listing = pairing_list(state, 5, pairing, {6: Outcome.HALF_POINT_BYE})
    entrants = {1: Entrant("GM", 2650, "NOR"), 6: Entrant("", 1900, "FRA")}
    html = pairing_list_html(listing, "T", entrants=entrants)
    assert '<td>GM Ærøskøbing &lt;Ivan&gt; &amp; Co</td><td class="num">2650</td><td>NOR</td>' in html
    without = html.split("Without a board")[1]
    assert "<td>5</td>" not in without and '<td class="num">5</td><td>Player 5</td>' in without
    assert "pairing-allocated bye" in without
    assert '<td>Player 6</td><td class="num">1900</td><td>FRA</td><td>half-point bye</td>' in without
    assert "<td>Player 7</td>" in without and without.count("not paired") == 1


def test_the_results_so_far_count_the_results_in() -> None:
    from dataclasses import replace as changed

    listing = pairing_list(_named_state(), 2)
    html = results_sheet_html(listing, "T")
    assert "Results of round 2<" in html and f"{len(listing.boards)} of {len(listing.boards)} results in" in html
    playing = changed(listing, boards=(changed(listing.boards[0], result=""), *listing.boards[1:]))
    html = results_sheet_html(playing, "T")
    count = len(listing.boards)
    assert "Results of round 2 so far" in html
    assert f"{count - 1} of {count} results in; the boards left blank are still playing" in html
