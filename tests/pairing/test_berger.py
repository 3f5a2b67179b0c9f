"""Berger tables (C.05 Annex 1; Arbiters' Manual, "Berger Tables for Round-Robin Tournaments").

Two sources of truth: tables transcribed by hand from the manual (4, 6, 8 and 10 players), and the manual's
own text for all seven printed tables (4 .. 16 players, in ``fixtures/arbiters_manual_berger_tables.txt``,
the section copied from the manual; its extraction lost the dashes, so "1-10" reads "110": each board is
compared as the digits of white then black).  Then every N from 3 to 24: each pair meets once per cycle,
colours as the tables say.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from arbiter_app.errors import ArbiterError
from arbiter_app.pairing.berger import (
    berger_round,
    berger_row,
    berger_table,
    check_colours,
    check_meetings,
    cycle_order,
    double_round_robin,
    meetings,
    rounds_in_cycle,
    schedule,
    table_size,
)

# Transcribed from the Arbiters' Manual, dashes restored.
MANUAL_4 = """
Rd 1: 1-4, 2-3.
Rd 2: 4-3, 1-2.
Rd 3: 2-4, 3-1.
"""
MANUAL_6 = """
Rd 1: 1-6, 2-5, 3-4.
Rd 2: 6-4, 5-3, 1-2.
Rd 3: 2-6, 3-1, 4-5.
Rd 4: 6-5, 1-4, 2-3.
Rd 5: 3-6, 4-2, 5-1.
"""
MANUAL_8 = """
Rd 1: 1-8, 2-7, 3-6, 4-5.
Rd 2: 8-5, 6-4, 7-3, 1-2.
Rd 3: 2-8, 3-1, 4-7, 5-6.
Rd 4: 8-6, 7-5, 1-4, 2-3.
Rd 5: 3-8, 4-2, 5-1, 6-7.
Rd 6: 8-7, 1-6, 2-5, 3-4.
Rd 7: 4-8, 5-3, 6-2, 7-1.
"""
MANUAL_10 = """
Rd 1: 1-10, 2-9, 3-8, 4-7, 5-6.
Rd 2: 10-6, 7-5, 8-4, 9-3, 1-2.
Rd 3: 2-10, 3-1, 4-9, 5-8, 6-7.
Rd 4: 10-7, 8-6, 9-5, 1-4, 2-3.
Rd 5: 3-10, 4-2, 5-1, 6-9, 7-8.
Rd 6: 10-8, 9-7, 1-6, 2-5, 3-4.
Rd 7: 4-10, 5-3, 6-2, 7-1, 8-9.
Rd 8: 10-9, 1-8, 2-7, 3-6, 4-5.
Rd 9: 5-10, 6-4, 7-3, 8-2, 9-1.
"""


def parse_transcribed(text: str) -> list[list[tuple[int, int]]]:
    rounds = []
    for line in text.strip().splitlines():
        _, boards = line.split(":")
        rounds.append([tuple(int(x) for x in board.strip(" .").split("-")) for board in boards.split(",")])
    return rounds  # type: ignore[return-value]


def manual_tables(data: Path) -> dict[int, list[list[str]]]:
    """The manual's printed tables, by number of players: per round, the boards as printed ("110" = 1-10)."""
    text = (data / "fixtures" / "arbiters_manual_berger_tables.txt").read_text(encoding="utf-8")
    text = re.sub(r"(\d)\. (\d)", r"\1, \2", text)  # the manual's typo "2-9. 3-8" (14 players, round 10)
    tables: list[list[list[str]]] = []
    for number, boards in re.findall(r"Rd (\d+):\s*([\d,\s]+?)\.", text):
        if number == "1":
            tables.append([])
        tables[-1].append([b.strip() for b in boards.split(",")])
    return {2 * len(table[0]): table for table in tables}


@pytest.mark.parametrize(("players", "printed"), [(4, MANUAL_4), (6, MANUAL_6), (8, MANUAL_8), (10, MANUAL_10)])
def test_transcribed_manual_tables(players: int, printed: str) -> None:
    assert [list(r.boards) for r in berger_table(players)] == parse_transcribed(printed)


def test_all_seven_printed_tables_from_the_manuals_text(data: Path) -> None:
    tables = manual_tables(data)
    assert sorted(tables) == [4, 6, 8, 10, 12, 14, 16]
    for players, printed in tables.items():
        ours = [[f"{w}{b}" for w, b in r.boards] for r in berger_table(players)]
        assert ours == printed, players


def test_cli_prints_the_manuals_table(capsys: pytest.CaptureFixture[str]) -> None:
    from arbiter_app.cli.pairings import main

    assert main(["--berger", "6"]) == 0
    out = capsys.readouterr().out
    expected = [
        "Round 1",
        "1 6",
        "2 5",
        "3 4",
        "Round 2",
        "6 4",
        "5 3",
        "1 2",
        "Round 3",
        "2 6",
        "3 1",
        "4 5",
        "Round 4",
        "6 5",
        "1 4",
        "2 3",
        "Round 5",
        "3 6",
        "4 2",
        "5 1",
    ]
    assert out.splitlines() == expected


def test_cli_odd_field_and_double(capsys: pytest.CaptureFixture[str]) -> None:
    from arbiter_app.cli.pairings import main

    assert main(["--berger", "5"]) == 0
    out = capsys.readouterr().out.splitlines()
    # The table of 6, player 6 missing: "Rd 1: 1-6, 2-5, 3-4" -> 1 sits out.
    assert out[:4] == ["Round 1", "2 5", "3 4", "1 sits out"]  # not the pairing-allocated bye's "1 0" (issue 29)
    assert main(["--berger", "4", "--double", "--reverse-last-two"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out == [
        "Round 1",
        "1 4",
        "2 3",
        "Round 2",
        "2 4",
        "3 1",
        "Round 3",
        "4 3",
        "1 2",
        "Round 4",
        "4 1",
        "3 2",
        "Round 5",
        "3 4",
        "2 1",
        "Round 6",
        "4 2",
        "1 3",
    ]
    assert main(["--berger", "4", "--reverse-last-two"]) == 3


# --- every N from 3 to 24 -------------------------------------------------------------------------------


@pytest.mark.parametrize("players", range(3, 25))
def test_each_pair_meets_once_and_every_player_plays_each_round(players: int) -> None:
    rounds = berger_table(players)
    assert len(rounds) == rounds_in_cycle(players) == (players - 1 if players % 2 == 0 else players)
    assert meetings(rounds) == {frozenset((a, b)): 1 for a in range(1, players + 1) for b in range(a + 1, players + 1)}
    for r in rounds:
        seated = [p for board in r.boards for p in board] + ([r.bye] if r.bye else [])
        assert sorted(seated) == list(range(1, players + 1))
    if players % 2:
        # Odd field: "the highest number counts as a bye" -- each player sits out exactly once.
        assert sorted(r.bye for r in rounds) == list(range(1, players + 1))
    else:
        assert all(r.bye is None for r in rounds)
    assert check_meetings(players, [r.boards for r in rounds]) == []


@pytest.mark.parametrize("players", range(3, 25))
def test_colours_as_the_tables_say(players: int) -> None:
    """The tables' colour rules: n has black in odd rounds and white in even ones (board 1); colours differ
    by at most one per player over the cycle; no one plays three games in a row with the same colour,
    except the known pattern at the junction of the rows (the manual's tables themselves show it)."""
    n = table_size(players)
    for r in berger_table(n):
        white, black = r.boards[0]
        assert (black if r.number % 2 else white) == n
    colours: dict[int, list[str]] = {p: [] for p in range(1, n + 1)}
    for r in berger_table(n):
        for white, black in r.boards:
            colours[white].append("W")
            colours[black].append("B")
    for player, seq in colours.items():
        assert abs(seq.count("W") - seq.count("B")) <= 1, (player, seq)
        # The Berger tables alternate colours except once: never three in a row within a cycle.
        assert "WWW" not in "".join(seq) and "BBB" not in "".join(seq), (player, seq)


@pytest.mark.parametrize("players", range(3, 25))
def test_double_round_robin(players: int) -> None:
    rounds = double_round_robin(players)
    count = rounds_in_cycle(players)
    assert len(rounds) == 2 * count
    assert set(meetings(rounds).values()) == {2}
    # Second cycle: the first with the colours reversed, so each pair has one white each.
    games: dict[frozenset[int], list[int]] = {}
    for r in rounds:
        for white, _black in r.boards:
            games.setdefault(frozenset(_ for _ in (white, _black)), []).append(white)
    assert all(sorted(w) == sorted(pair) for pair, w in games.items())
    assert check_meetings(players, [r.boards for r in rounds], cycles=2) == []


@pytest.mark.parametrize("players", range(4, 25, 2))
def test_reversing_the_last_two_rounds_avoids_three_same_colours(players: int) -> None:
    """The manual: reversing the last two rounds of the first cycle avoids three consecutive games with the
    same colour at the junction of the cycles."""

    def worst_run(rounds: list) -> int:
        colours: dict[int, str] = {p: "" for p in range(1, players + 1)}
        for r in rounds:
            for white, black in r.boards:
                colours[white] += "W"
                colours[black] += "B"
        return max(len(m.group()) for s in colours.values() for m in re.finditer(r"W+|B+", s))

    assert worst_run(double_round_robin(players, reverse_last_two=False)) >= 3
    assert worst_run(double_round_robin(players, reverse_last_two=True)) <= 2
    order = cycle_order(players, True)
    assert order[-2:] == [rounds_in_cycle(players), rounds_in_cycle(players) - 1]


def test_rules_refused() -> None:
    with pytest.raises(ArbiterError):
        berger_round(1, 1)
    with pytest.raises(ArbiterError):
        berger_round(6, 6)
    with pytest.raises(ArbiterError):
        schedule(6, double=False, reverse_last_two=True)


def test_check_meetings_finds_a_repeated_pair_and_a_double_booking() -> None:
    problems = check_meetings(4, [[(1, 2), (3, 4)], [(2, 1), (3, 4)]])
    assert problems == [
        "round 2: 2 and 1 meet again (each pair meets once)",
        "round 2: 3 and 4 meet again (each pair meets once)",
    ]
    assert check_meetings(4, [[(1, 2), (1, 3)]]) == ["round 1: player 1 plays twice"]
    assert check_meetings(4, [[(1, 2)], [(2, 1)]], cycles=2) == []


def test_check_colours_of_hand_made_rounds() -> None:
    """Checklist Q102: three games in a row with one colour, and a pair's second game with the same colours."""
    assert check_colours([[(1, 2)], [(1, 3)], [(1, 4)]]) == ["round 3: player 1 has white for the third game in a row"]
    assert check_colours([[(1, 2)], [(1, 2)]], cycles=2) == [
        "round 2: 1 has white against 2 again (one game each with white)"
    ]
    assert check_colours([[r for r in rd.boards] for rd in double_round_robin(6, True)], cycles=2) == []


def test_berger_row_explains_opponent_and_colour() -> None:
    row = berger_row(10, 3, 5)
    assert (row.table_round, row.opponent, row.white) == (5, 10, True)
    assert "Rd 5" in row.text and "board 1" in row.text
    row = berger_row(10, 1, 18, double=True, reverse_last_two=True)
    assert row.cycle == 2 and row.table_round == 9 and "colours reversed" in row.text
    assert row.white is True  # table Rd 9 has 9-1: reversed, 1 has white
    row = berger_row(10, 1, 8, double=True, reverse_last_two=True)
    assert row.table_round == 9 and "reversed" in row.text
    row = berger_row(9, 3, 5)
    assert row.opponent is None and "sits out" in row.text


def test_cli_pairs_the_next_round_of_a_round_robin_trf(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A TRF whose 092 line declares a round robin: ``-p`` gives the Berger table's next round, in starting
    ranks through the XXB line (Berger numbers by starting rank)."""
    from arbiter_app.cli.pairings import main

    lines = ["012 Quad", "092 Individual: Round-Robin", "XXR 3", "XXB 4 3 2 1"]
    # Round 1 by Berger numbers "1-4, 2-3": starting ranks 4-1 and 3-2.
    results = {1: (4, "b", "0"), 2: (3, "b", "1"), 3: (2, "w", "0"), 4: (1, "w", "1")}
    for rank in range(1, 5):
        opponent, colour, result = results[rank]
        head = f"001 {rank:>4}      {'Player ' + str(rank):<33} 2000"
        lines.append(f"{head:<91}{opponent:>4} {colour} {result}")
    path = tmp_path / "quad.trf"
    path.write_text("\n".join(lines) + "\n")
    assert main(["--dutch", str(path), "-p"]) == 0
    # Round 2, "Rd 2: 4-3, 1-2" in Berger numbers: starting ranks 1-2 and 4-3.
    assert capsys.readouterr().out.splitlines() == ["2", "1 2", "4 3"]
