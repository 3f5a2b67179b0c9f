"""Round robins through the services, on a real tournament file: the system chosen at creation and frozen
after round 1 (checklist Q93), Berger numbers drawn by lot or set by hand (Q95), pairing by the Berger
tables (C.05 Annex 1), rounds paired by hand checked (Q100-Q101), the C.05 withdrawal rule (Q103), the
round-robin tie-breaks of C.07 without the Buchholz family (Q104-Q105), and the reports.
"""

from __future__ import annotations

import pytest

from arbiter_app import services as sv
from arbiter_app.errors import ArbiterError, RuleViolation
from arbiter_app.pairing.berger import double_round_robin
from arbiter_app.persistence import Database
from arbiter_app.reports import report_html
from arbiter_app.services.dto import RoundInfo
from arbiter_app.services.systems import drawn_numbers
from arbiter_app.pairing.points import points_text

ALL_ROUND_ROBIN_CODES = "DE, WIN, BPG, BWG, REP, STD, SB, SB/C1, SB/C2, KS, KS/L+2, KS/L-2, RTNG, RTNG/R, TPN, TPN/R"

NAMES = [f"{first} Kask" for first in ("Ada", "Bo", "Cy", "Di", "Ed", "Fay", "Gus", "Hal", "Ivy", "Jo")]


def ten_player_double(db: Database, *, reverse: bool = True) -> int:
    t = sv.create_tournament(
        db, "Club championship", 18, system=sv.ROUND_ROBIN, double_round_robin=True, reverse_last_two=reverse
    )
    for i, name in enumerate(NAMES):
        sv.register_player(db, t.id, name, rating=2400 - 25 * i)
    return t.id


def result_for(white: int, black: int, round_number: int) -> str:
    """Deterministic results: the lower pairing number wins, every third game is drawn."""
    if (white + black + round_number) % 3 == 0:
        return "1/2-1/2"
    return "1-0" if white < black else "0-1"


def play_round(db: Database, tid: int) -> RoundInfo:
    r = sv.pair_next_round(db, tid)
    sv.publish_round(db, tid, r.number)
    r = sv.get_round(db, tid, r.number)
    results = [(b.number, result_for(b.white, b.black, r.number)) for b in r.boards if b.result is None]
    if results:
        sv.enter_results(db, tid, r.number, results)
    return sv.get_round(db, tid, r.number)


def test_ten_player_double_round_robin_with_a_withdrawal(db: Database, tmp_path) -> None:
    tid = ten_player_double(db)
    t = sv.get_tournament(db, tid)
    assert (t.system, t.double_round_robin, t.reverse_last_two) == ("round-robin", True, True)
    assert t.tie_breaks == "DE, WIN, SB, KS"  # the round robin's default list (C.07 6, 7.1, 9.1, 9.2)

    # Tie-breaks of the round robin, C.07 (Q104); the Buchholz family refused (C.07 8; Q105).
    with pytest.raises(RuleViolation, match="Buchholz"):
        sv.edit_tournament(db, tid, tie_breaks="BH/C1, SB")
    sv.edit_tournament(db, tid, tie_breaks=ALL_ROUND_ROBIN_CODES)

    with pytest.raises(ArbiterError, match="Berger numbers"):
        sv.pair_next_round(db, tid)
    players = sv.draw_berger_numbers(db, tid, seed=2026)
    assert sv.get_tournament(db, tid).berger_seed == 2026
    assert sv.get_tournament(db, tid).rounds_count == 18
    numbers = sv.berger_number_of(db, tid)
    assert numbers == drawn_numbers(list(range(1, 11)), 2026)  # repeatable from the recorded seed
    assert sorted(numbers.values()) == list(range(1, 11))
    assert [p.number for p in players] == sorted(numbers, key=numbers.get)  # listed in Berger order
    by_berger = {b: p for p, b in numbers.items()}

    table = double_round_robin(10, reverse_last_two=True)
    for number in range(1, 4):
        r = play_round(db, tid)
        assert [(b.white, b.black) for b in r.boards] == [
            (by_berger[w], by_berger[b]) for w, b in table[number - 1].boards
        ]

    # Frozen once round 1 is paired (Q93), and the numbers too (Q95).
    with pytest.raises(ArbiterError, match="frozen"):
        sv.change_system(db, tid, sv.SWISS)
    with pytest.raises(RuleViolation):
        sv.draw_berger_numbers(db, tid, seed=1)

    # A withdrawal after three rounds: three games of eighteen, fewer than half -> the results do not count.
    leaver = by_berger[1]
    # The table of all rounds: three played, fifteen to come as the Berger table gives them.
    planned = sv.rounds_table(db, tid)
    assert [paired for *_, paired in planned] == [True] * 3 + [False] * 15
    assert [[(w, b) for w, b, _ in boards] for _, boards, _, _ in planned] == [
        [(by_berger[w], by_berger[b]) for w, b in r.boards] for r in table
    ]
    html = report_html(db, tid, "rounds")
    assert "Round 18 (to come)" in html and "Round 3 (to come)" not in html
    sv.withdraw_player(db, tid, leaver)
    for number in range(4, 19):
        r = play_round(db, tid)
        assert [(b.white, b.black) for b in r.boards] == [
            (by_berger[w], by_berger[b]) for w, b in table[number - 1].boards
        ]
        for b in r.boards:
            if leaver in (b.white, b.black):
                # C.05: the games the withdrawn player does not play are lost by forfeit.
                assert b.forfeit and b.result == ("0-1" if b.white == leaver else "1-0")

    # Every pair met twice, once with each colour.
    games: dict[frozenset[int], list[int]] = {}
    for r in sv.list_rounds(db, tid):
        for b in r.boards:
            games.setdefault(frozenset((b.white, b.black)), []).append(b.white)
    assert len(games) == 45 and all(sorted(w) == sorted(pair) for pair, w in games.items())

    table_after = sv.ranked_standings(db, tid)
    assert table_after.round == 18
    ranked = [row.number for row in table_after.rows]
    assert leaver not in ranked and len(ranked) == 9  # C.05: the player's results do not count
    simple = sv.standings(db, tid)
    assert leaver not in [row.number for row in simple]
    # The points: the other nine players' games among themselves only (two games per pair).
    expected: dict[int, int] = {p: 0 for p in numbers if p != leaver}
    for r in sv.list_rounds(db, tid):
        for b in r.boards:
            if leaver in (b.white, b.black):
                continue
            w, bl = {"1-0": (10, 0), "0-1": (0, 10), "1/2-1/2": (5, 5)}[b.result]
            expected[b.white] += w
            expected[b.black] += bl
    assert {row.number: row.points for row in simple} == expected
    assert sum(expected.values()) == 10 * 9 * 8  # 72 games of one point

    assert table_after.tiebreaks == tuple(ALL_ROUND_ROBIN_CODES.split(", "))
    why = sv.why_above(db, tid, table_after.rows[0].number, table_after.rows[1].number)
    assert why is not None

    # The desk: which Berger row gives the opponent and the colour.
    text = sv.explain_berger(db, tid, by_berger[3], 9)
    assert "Berger number 3" in text and "Rd 8" in text  # round 9 plays table row 8 (last two reversed)

    # Reports: crosstable, standings, pairing list, cards.
    cross = report_html(db, tid, "crosstable")
    assert "Double round robin, Berger tables" in cross
    assert all(name in cross for name in NAMES)
    # C.05: the withdrawn player stays in the table (results by and against them shown), not counted.
    rr_table = sv.round_robin_crosstable(db, tid)
    lines = {line.number: line for line in rr_table.lines}
    assert [line.berger for line in rr_table.lines] == list(range(1, 11))
    assert not lines[leaver].counted and lines[leaver].place == "" and lines[leaver].score > 0
    assert f"({points_text(lines[leaver].score)})" in cross and "not counted (C.05)" in cross
    assert rr_table.notes and "3 of 18 games" in rr_table.notes[0]
    assert {n: line.score * 10 for n, line in lines.items() if n != leaver} == expected  # others: 9 opponents
    assert all(lines[n].cells[0] for n in lines if n != leaver)  # the games against Berger 1 shown: 1 0 ½ + -
    # Three games played (cycle 1, rounds 1-3), then forfeits: "-" for the leaver, "+" for the opponent.
    assert [c.split()[1] for c in lines[leaver].cells if c != "×"] == ["-"] * 9
    assert lines[leaver].cells.count("- -") == 6
    assert all(lines[n].cells[lines[leaver].berger - 1].endswith("+") for n in lines if n != leaver)
    assert all(not floats for floats in sv.round_floats(db, tid).values())  # no score groups, no floats
    for kind in ("standings", "pairings", "cards", "wallchart", "rounds"):
        assert "<html" in report_html(db, tid, kind).lower()


def test_numbers_by_hand_and_a_round_paired_by_hand(db: Database) -> None:
    t = sv.create_tournament(db, "Quad", 3, system=sv.ROUND_ROBIN)
    for name in NAMES[:4]:
        sv.register_player(db, t.id, name)
    with pytest.raises(ArbiterError, match="1 to 4"):
        sv.set_berger_numbers(db, t.id, {1: 1, 2: 1, 3: 3, 4: 4})
    sv.set_berger_numbers(db, t.id, {1: 4, 2: 3, 3: 2, 4: 1})
    assert sv.get_tournament(db, t.id).berger_seed is None
    r = sv.pair_next_round(db, t.id)
    assert [(b.white, b.black) for b in r.boards] == [(4, 1), (3, 2)]  # "Rd 1: 1-4, 2-3" in Berger numbers
    sv.undo_last_step(db, t.id)
    assert sv.check_round_by_hand(db, t.id, [(1, 2), (1, 3)]) == ["round 1: player 1 plays twice"]
    r = sv.pair_round_by_hand(db, t.id, [(1, 2), (3, 4)])
    sv.publish_round(db, t.id, 1)
    sv.enter_results(db, t.id, 1, [(1, "1-0"), (2, "0-1")])
    assert sv.check_round_by_hand(db, t.id, [(2, 1), (3, 4)]) == [
        "round 2: 2 and 1 meet again (each pair meets once)",
        "round 2: 3 and 4 meet again (each pair meets once)",
    ]
    with pytest.raises(RuleViolation, match="meet again"):
        sv.pair_round_by_hand(db, t.id, [(2, 1), (4, 3)])
    sv.pair_round_by_hand(db, t.id, [(1, 3), (2, 4)])


def test_system_chosen_at_creation_and_refusals(db: Database) -> None:
    with pytest.raises(ArbiterError, match="double round robin only"):
        sv.create_tournament(db, "X", 5, system=sv.ROUND_ROBIN, reverse_last_two=True)
    with pytest.raises(RuleViolation, match="Buchholz"):
        sv.create_tournament(db, "X", 5, system=sv.ROUND_ROBIN, tie_breaks="BH, SB")
    with pytest.raises(ArbiterError, match="C.07"):
        sv.create_tournament(db, "X", 5, system=sv.ROUND_ROBIN, tie_break_rules="arbiters-manual")
    swiss = sv.create_tournament(db, "Open", 5)
    assert swiss.system == "swiss"
    with pytest.raises(ArbiterError, match="round robin"):
        sv.draw_berger_numbers(db, swiss.id, seed=1)
    changed = sv.change_system(db, swiss.id, sv.ROUND_ROBIN, double_round_robin=True)
    assert (changed.system, changed.double_round_robin, changed.tie_breaks) == ("round-robin", True, "DE, WIN, SB, KS")


def test_odd_field_sits_out(db: Database) -> None:
    t = sv.create_tournament(db, "Five", 5, system=sv.ROUND_ROBIN)
    for name in NAMES[:5]:
        sv.register_player(db, t.id, name)
    sv.set_berger_numbers(db, t.id, {n: n for n in range(1, 6)})
    r = sv.pair_next_round(db, t.id)
    # "Rd 1: 1-6, 2-5, 3-4": 6 is the missing number, 1 sits out and receives no pairing-allocated bye.
    assert [(b.white, b.black) for b in r.boards] == [(2, 5), (3, 4)]
    assert sv.list_byes(db, t.id) == ()


def test_trf_export_and_import_of_a_round_robin(db: Database, tmp_path) -> None:
    """TRF: the 092 line names the round robin, XXB keeps the Berger numbers; the import pairs on by them."""
    tid = ten_player_double(db)
    sv.draw_berger_numbers(db, tid, seed=5)
    for _ in range(3):
        play_round(db, tid)
    text = sv.export_trf(db, tid).text
    assert "092 Individual: Double Round-Robin (last two rounds of cycle 1 reversed)" in text
    numbers = sv.berger_number_of(db, tid)
    assert "XXB " + " ".join(str(numbers[p]) for p in range(1, 11)) in text
    path = tmp_path / "rr.trf"
    path.write_text(text)
    imported = sv.import_trf(db, str(path), name="Copy")
    t = imported.tournament
    assert (t.system, t.double_round_robin, t.reverse_last_two, t.rounds_count) == ("round-robin", True, True, 18)
    assert not [w for w in imported.warnings if "no pairing system" in w]
    assert t.tie_breaks == "DE, WIN, SB, KS"
    assert sv.berger_number_of(db, t.id) == numbers
    # Round 4 of the copy is round 4 of the original.
    copy = sv.pair_next_round(db, t.id)
    original = sv.pair_next_round(db, tid)
    assert [(b.white, b.black) for b in copy.boards] == [(b.white, b.black) for b in original.boards]
    assert sv.export_trf(db, t.id).text.count("XXB") == 1


def test_trf_2026_records_the_kind_of_round_robin_on_192(db: Database, tmp_path) -> None:
    """TRF-2026's tournament type code (record 192): FIDE_DOUBLEROUNDROBIN for a double round robin whose first
    cycle ends with its last two rounds reversed, BERGER_ROUNDROBIN_G1 / _G2 otherwise -- never the Dutch code.
    A file declaring the round robin on 192 only is read as one; XXB still gives the Berger numbers."""
    tid = ten_player_double(db)
    sv.draw_berger_numbers(db, tid, seed=5)
    play_round(db, tid)
    text = sv.export_trf(db, tid, "trf-2026").text
    assert "192 FIDE_DOUBLEROUNDROBIN" in text.splitlines() and "FIDE_DUTCH" not in text
    numbers = sv.berger_number_of(db, tid)
    only_192 = "\n".join(line for line in text.splitlines() if not line.startswith("092"))
    path = tmp_path / "rr2026.trf"
    path.write_text(only_192 + "\n")
    t = sv.import_trf(db, str(path), name="Copy").tournament
    assert (t.system, t.double_round_robin, t.reverse_last_two, t.rounds_count) == ("round-robin", True, True, 18)
    assert sv.berger_number_of(db, t.id) == numbers
    for code, kind in (("BERGER_ROUNDROBIN_G2", (True, False)), ("BERGER_ROUNDROBIN", (False, False))):
        path.write_text(only_192.replace("192 FIDE_DOUBLEROUNDROBIN", f"192 {code}") + "\n")
        t = sv.import_trf(db, str(path), name=code).tournament
        assert (t.system, t.double_round_robin, t.reverse_last_two) == ("round-robin", *kind)
    single = sv.create_tournament(db, "Single", 3, system=sv.ROUND_ROBIN)
    assert "192 BERGER_ROUNDROBIN_G1" in sv.export_trf(db, single.id, "trf-2026").text.splitlines()
    path.write_text(only_192.replace("192 FIDE_DOUBLEROUNDROBIN", "192 BERGER_ROUNDROBIN_G3") + "\n")
    with pytest.raises(ArbiterError, match="BERGER_ROUNDROBIN_G3: a round robin played 3 times"):
        sv.import_trf(db, str(path), name="Three")


def test_withdrawal_after_half_the_games_stands(db: Database) -> None:
    """C.05: a player who completed at least half of the games keeps their results; the games left are
    lost by forfeit (entered with the pairing)."""
    t = sv.create_tournament(db, "Quad", 3, system=sv.ROUND_ROBIN)
    for name in NAMES[:4]:
        sv.register_player(db, t.id, name)
    sv.set_berger_numbers(db, t.id, {n: n for n in range(1, 5)})
    play_round(db, t.id)
    play_round(db, t.id)
    sv.withdraw_player(db, t.id, 4)  # two of three games completed: more than half
    r = play_round(db, t.id)
    (board,) = [b for b in r.boards if 4 in (b.white, b.black)]
    assert board.forfeit and board.result == ("0-1" if board.white == 4 else "1-0")
    rows = sv.ranked_standings(db, t.id).rows
    assert sorted(row.number for row in rows) == [1, 2, 3, 4]
    # The crosstable counts everything: the forfeit is "-" for the player who left, "+" for the opponent.
    cross = sv.round_robin_crosstable(db, t.id)
    lines = {line.number: line for line in cross.lines}
    opponent = board.black if board.white == 4 else board.white
    assert lines[4].counted and lines[4].cells[opponent - 1] == "-" and lines[opponent].cells[3] == "+"
    assert not cross.notes and {n: line.score for n, line in lines.items()} == {row.number: row.score for row in rows}
