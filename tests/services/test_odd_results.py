"""Games played over the board that the arbiter scores ½-0, 0-½ or 0-0 (checklist Q180, Q186): entered by every
spelling, counted as games (colours, opponents) in which each side scores its own result, through standings,
C.07 tie-breaks, TRF export and import, pairing lists, crosstables and cards."""

from __future__ import annotations

from fractions import Fraction

import pytest

from arbiter_app.errors import ArbiterError
from arbiter_app.gui.cards_model import build_cards
from arbiter_app.pairing.model import Colour, Outcome, RoundRecord
from arbiter_app.persistence import Database
from arbiter_app.reports import report_html
from arbiter_app.services import (
    enter_results,
    export_trf,
    get_round,
    import_trf,
    list_players,
    list_rounds,
    pair_next_round,
    parse_result,
    publish_round,
    ranked_standings,
    standings,
    state_for_round,
)
from arbiter_app.trf import parse_trf
from arbiter_app.trf.versions import TRF16, TRF2026
from tests.services.conftest import HANDMADE

NAMES = ("Aune", "Bakke", "Dahl", "Eide", "Foss", "Gran", "Holm", "Lie")


def player_line(number: int, rating: int, cells: list[tuple[int, str, str]]) -> str:
    """A TRF-16 ``001`` line: rounds as (opponent, colour, code)."""
    line = f"001 {number:>4}      {NAMES[number - 1]:<33} {rating:>4}".ljust(91)
    return line + "  ".join(f"{opponent:>4} {colour} {code}" for opponent, colour, code in cells)


def one_round(results: dict[int, tuple[str, str]], scoring: tuple[str, str] | None = None) -> str:
    """Eight players rated 2000, round 1 on boards 1-5, 2-6, 3-7, 4-8 (white first) with the (white, black) codes
    given; ``scoring``: the points of a win and a draw (``BBW``, ``BBD``)."""
    lines = ["012 Odd results", "XXR 3", "XXC white1"]
    if scoring:
        lines += [f"BBW {scoring[0]:>4}", f"BBD {scoring[1]:>4}"]
    cells: dict[int, list[tuple[int, str, str]]] = {}
    for white, (w, b) in results.items():
        cells[white] = [(white + 4, "w", w)]
        cells[white + 4] = [(white, "b", b)]
    lines += [player_line(n, 2000, cells[n]) for n in range(1, 9)]
    return "\n".join(lines) + "\n"


ODD = one_round({1: ("=", "0"), 2: ("0", "="), 3: ("0", "0"), 4: ("1", "0")})
"""Round 1: 1-5 ½-0, 2-6 0-½, 3-7 0-0 (played), 4-8 1-0."""


@pytest.mark.parametrize(
    ("text", "expected"),
    [("1/2-0", "1/2-0"), ("½-0", "1/2-0"), ("0-1/2", "0-1/2"), ("0-½", "0-1/2"), ("0-0", "0-0")],
)
def test_the_spellings_of_a_game_scored_otherwise(text: str, expected: str) -> None:
    result, forfeit = parse_result(text)
    assert (result.value, forfeit) == (expected, False)  # played: "--" is the double forfeit


def test_inconsistent_results_stay_refused() -> None:
    for text in ("1-1", "1-1/2", "1/2-1", "1/2-0F"):
        with pytest.raises(ArbiterError, match="unknown result"):
            parse_result(text)


def test_entered_results_count_as_games_each_side_scoring_its_own(db: Database) -> None:
    plain = one_round({1: ("1", "0"), 2: ("1", "0"), 3: ("1", "0"), 4: ("1", "0")}, scoring=("3", "1"))
    tid = import_trf(db, parse_trf(plain, source="plain.trf"), confirmed=HANDMADE).tournament.id
    pair_next_round(db, tid)
    publish_round(db, tid)
    b = get_round(db, tid, 2).boards
    entered = enter_results(db, tid, 2, [(1, "1/2-0"), (2, "0-½"), (3, "0-0"), (4, "1/2")])
    assert [e.board.result_text for e in entered] == ["½-0", "0-½", "0-0", "½-½"]
    assert get_round(db, tid, 2).state == "completed"
    # Each side scores what its own result is worth in the tournament's points (win 3, draw 1: tenths).
    before = {row.number: row.points for row in standings(db, tid, after_round=1)}
    after = {row.number: row.points for row in standings(db, tid, after_round=2)}
    gained = {n: after[n] - before[n] for n in after}
    assert [(gained[x.white], gained[x.black]) for x in b] == [(10, 0), (0, 10), (0, 0), (10, 10)]
    # For pairing the games were played: colours and opponents count.
    records = _records_of_round(db, tid, 2)
    for board in b:
        white, black = records[board.white], records[board.black]
        assert (white.opponent, white.colour, black.colour) == (board.black, Colour.WHITE, Colour.BLACK)
        assert white.outcome.is_played and black.outcome.is_played
    assert (records[b[0].white].outcome, records[b[0].black].outcome) == (Outcome.DRAW, Outcome.LOSS)
    assert (records[b[1].white].outcome, records[b[1].black].outcome) == (Outcome.LOSS, Outcome.DRAW)
    assert (records[b[2].white].outcome, records[b[2].black].outcome) == (Outcome.LOSS, Outcome.LOSS)
    third = pair_next_round(db, tid)  # C.04.1.b: no rematch of a game scored 0-0
    met = {frozenset((x.white, x.black)) for x in b}
    assert not met & {frozenset((x.white, x.black)) for x in third.boards}


def _records_of_round(db: Database, tid: int, number: int) -> dict[int, RoundRecord]:
    with db.read() as s:
        state = state_for_round(s, tid, number + 1)
    return {p.number: p.history[number - 1] for p in state.players}


def test_a_file_with_them_is_read_written_and_ranked_as_it_says(db: Database) -> None:
    tid = import_trf(db, parse_trf(ODD, source="odd.trf"), confirmed=HANDMADE).tournament.id
    boards = {(b.white, b.black): b.result_text for b in get_round(db, tid, 1).boards}
    assert boards == {(1, 5): "½-0", (2, 6): "0-½", (3, 7): "0-0", (4, 8): "1-0"}
    assert not any(b.forfeit for b in get_round(db, tid, 1).boards)
    # The export writes the cells as read (= against 0, 0 against 0), in both formats.
    for version in (TRF16, TRF2026):
        cells = {int(line[4:8]): line[91:99] for line in export_trf(db, tid, version).text.splitlines()
                 if line.startswith("001")}  # fmt: skip
        assert [cells[n] for n in (1, 5, 2, 6, 3, 7)] == [
            "   5 w =",
            "   1 b 0",
            "   6 w 0",
            "   2 b =",
            "   7 w 0",
            "   3 b 0",
        ], version
        again = import_trf(db, parse_trf(export_trf(db, tid, version).text, source="again.trf"), confirmed=HANDMADE)
        assert {(b.white, b.black): b.result_text for b in get_round(db, again.tournament.id, 1).boards} == boards
    # Scores and C.07 tie-breaks (Buchholz: the opponents' scores; WIN counts only the 1-0).
    table = ranked_standings(db, tid)
    assert {r.number: r.score for r in table.rows} == {
        1: Fraction(1, 2),
        5: 0,
        2: 0,
        6: Fraction(1, 2),
        3: 0,
        7: 0,
        4: 1,
        8: 0,
    }
    # Printed: the pairing list and the results sheet say ½-0, 0-½, 0-0; the crosstable ½ and 0.
    for kind in ("pairings", "results"):
        html = report_html(db, tid, kind, round_number=1)
        assert "½-0" in html and "0-½" in html and "0-0" in html and "-/-" not in html, kind
    # Cards: each player's own result.
    cards = {c.number: c.lines[0].result for c in build_cards(list_players(db, tid), list_rounds(db, tid), {}, {})}
    assert cards == {1: "½", 5: "0", 2: "0", 6: "½", 3: "0", 7: "0", 4: "1", 8: "0"}
