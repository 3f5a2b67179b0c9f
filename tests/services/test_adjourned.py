"""Adjourned games and missing results (FIDE's checklist, section N: Q157-Q169; Q217 for the events of this part).

C.04.2.D.1 (Baku 2016) and C.04.2-2026 3.1: an adjourned game is a draw for pairing purposes only.
"""

from __future__ import annotations

import pytest

from arbiter_app import services as sv
from arbiter_app.errors import ArbiterError
from arbiter_app.persistence import Database
from arbiter_app.services import ConfirmationNeeded, Level
from arbiter_app.trf import parse_trf
from tests.services.conftest import HANDMADE, dump


def _hashes(db: Database, tid: int) -> list[str]:
    """The ``###`` lines of a TRF-2026 export, SEVEN's import lines left out."""
    return [
        x for x in sv.export_trf(db, tid, "trf-2026").text.splitlines() if x.startswith("###") and "Import" not in x
    ]


def _pair_and_publish(db: Database, tid: int, confirmed: int = 0) -> sv.RoundInfo:
    r = sv.pair_next_round(db, tid, confirmed)
    sv.publish_round(db, tid)
    return r


def _play(db: Database, tid: int, result: str = "1-0") -> sv.RoundInfo:
    """Pair, publish and enter every result of the next round."""
    r = _pair_and_publish(db, tid)
    sv.enter_results(db, tid, r.number, [(b.number, result) for b in r.boards])
    return r


def test_pairing_with_missing_results_records_them_as_adjourned_at_level_2(db: Database, seven: int) -> None:
    """Q158-Q160: the next round is paired with results missing; they are recorded as adjourned (a draw for
    pairing, C.04.2.D.1) after a Level-2 notice naming the boards; the marking is undone as a step of its own."""
    r3 = _pair_and_publish(db, seven)
    sv.enter_result(db, seven, 3, 1, "1-0")
    before = dump(db)
    with pytest.raises(ConfirmationNeeded) as told:
        sv.pair_next_round(db, seven)
    assert told.value.level == Level.INFORM
    games = ", ".join(f"round 3 board {b.number} ({b.white}-{b.black})" for b in r3.boards[1:])
    assert told.value.text.endswith(f"recorded as adjourned (*), a draw for pairing purposes only, to pair round 4: "
                                    f"{games}")  # fmt: skip
    assert "Q159-Q160" in told.value.rule and "C.04.2.D.1" in told.value.rule
    assert dump(db) == before  # told before anything is stored
    r4 = sv.pair_next_round(db, seven, Level.INFORM)
    assert r4.number == 4
    r3_now = sv.get_round(db, seven, 3)
    assert [b.result for b in r3_now.boards] == ["1-0"] + ["*"] * (len(r3.boards) - 1)
    assert r3_now.state == "completed"
    # The pairing took them as draws: the same pairing as with draws entered.
    sv.undo_last_step(db, seven)
    sv.undo_last_step(db, seven)
    assert [b.result for b in sv.get_round(db, seven, 3).boards] == ["1-0"] + [None] * (len(r3.boards) - 1)
    sv.enter_results(db, seven, 3, [(b.number, "1/2") for b in r3.boards[1:]])
    drawn = sv.pair_next_round(db, seven)
    assert [(b.white, b.black) for b in drawn.boards] == [(b.white, b.black) for b in r4.boards]


def test_an_adjourned_game_older_than_the_last_completed_round_is_named_at_level_2(db: Database, seven: int) -> None:
    """Q168: pairing round 5 while a game of round 3 (before round 4, the last completed) is still adjourned."""
    r3 = _pair_and_publish(db, seven)
    sv.enter_results(db, seven, 3, [(b.number, "*" if b.number == 2 else "1-0") for b in r3.boards])
    _play(db, seven)  # round 4: round 3 was the last completed round, nothing to say
    with pytest.raises(ConfirmationNeeded) as told:
        sv.pair_next_round(db, seven)
    b = r3.boards[1]
    assert told.value.level == Level.INFORM and told.value.rule == "checklist Q168"
    assert told.value.text.endswith(f"round 3 board 2 ({b.white}-{b.black}, adjourned)")
    assert sv.pair_next_round(db, seven, Level.INFORM).number == 5


def test_a_result_other_than_a_draw_for_an_adjourned_game_is_level_3_and_an_adjournment_event(
    db: Database, seven: int
) -> None:
    """Q162-Q163: the result comes whenever it comes; before round 4 is paired it is what that pairing reads
    (nothing asked); once round 4 is paired with it as a draw, a draw needs nothing, another result a Level-3
    answer and is an event, ``### Adjournment @ Round 3: w-b 0-1``."""
    r3 = _pair_and_publish(db, seven)
    sv.enter_results(db, seven, 3, [(b.number, "*") for b in r3.boards])
    assert sv.enter_result(db, seven, 3, 1, "1-0").previous == "*"  # round 4 not paired yet
    assert _hashes(db, seven) == []
    _play(db, seven)  # round 4 paired with boards 2.. of round 3 as draws
    assert sv.enter_result(db, seven, 3, 2, "1/2").previous == "*"  # a draw: nothing asked
    before = dump(db)
    with pytest.raises(ConfirmationNeeded) as asked:
        sv.enter_result(db, seven, 3, 3, "0-1")
    b = r3.boards[2]
    line = f"### Adjournment @ Round 3: {b.white}-{b.black} 0-1"
    assert asked.value.level == Level.PROCEED and "Q163" in asked.value.rule and f"'{line}'" in asked.value.text
    assert dump(db) == before
    sv.enter_result(db, seven, 3, 3, "0-1", confirmed=Level.PROCEED)
    assert _hashes(db, seven) == [line]
    assert "### Correction" not in "".join(_hashes(db, seven))  # an adjourned game decided is no correction
    sv.undo_last_step(db, seven)
    assert _hashes(db, seven) == []  # the event undone is no longer written


def test_no_final_trf_or_final_standings_while_a_game_is_open(db: Database, seven: int) -> None:
    """Q161, Q169: the final export is refused, naming the games, while a game is adjourned (or a round is not
    published); an ordinary export still writes the tournament, the adjourned game as '?'."""
    for _ in range(2):
        _play(db, seven)
    r5 = _pair_and_publish(db, seven)
    sv.enter_results(db, seven, 5, [(b.number, "*" if b.number == 1 else "0-1") for b in r5.boards])
    b = r5.boards[0]
    with pytest.raises(ArbiterError, match=rf"no final TRF yet: 1 game\(s\) still wait for their result: round 5 "
                       rf"board 1 \({b.white}-{b.black}, adjourned\)"):  # fmt: skip
        sv.export_trf(db, seven, "trf-2026", final=True)
    assert sv.final_status(db, seven).endswith(f"round 5 board 1 ({b.white}-{b.black}, adjourned)")
    assert " w ?" in sv.export_trf(db, seven, "trf-2026").text
    sv.enter_result(db, seven, 5, 1, "1/2")
    assert sv.final_status(db, seven) == ""
    final = sv.export_trf(db, seven, "trf-2026", final=True).text
    assert "?" not in final.replace("###", "")


def test_standings_with_an_adjourned_game_are_provisional(db: Database, seven: int) -> None:
    """Q161: the standings report counting a round with an adjourned game says it is provisional and names the
    game; once the result is in, it no longer does."""
    from arbiter_app.reports import report_html

    r3 = _pair_and_publish(db, seven)
    sv.enter_results(db, seven, 3, [(b.number, "*" if b.number == 2 else "1-0") for b in r3.boards])
    b = r3.boards[1]
    html = report_html(db, seven, "standings")
    assert "Provisional standings after round 3" in html
    assert f"Provisional: games without their final result (round 3 board 2 ({b.white}-{b.black}, adjourned))" in html
    assert "Provisional" not in report_html(db, seven, "standings", 2)  # round 2 has every result
    sv.enter_result(db, seven, 3, 2, "1/2")
    assert "Provisional" not in report_html(db, seven, "standings")


def test_a_tournament_not_over_has_no_final_trf(db: Database, seven: int) -> None:
    """Q169: round 3 of 5 complete: no final TRF, the rounds named."""
    _play(db, seven)
    with pytest.raises(ArbiterError, match="only 3 of the 5 rounds are published"):
        sv.export_trf(db, seven, "trf-2026", final=True)


def test_an_adjourned_game_is_written_as_a_question_mark_with_x_in_162_and_read_back(db: Database, seven: int) -> None:
    """Q164-Q165: TRF-2026 writes an adjourned game '?' on both sides and 162 gives X (the unknown result) a
    draw's points, as pairing counts it; the points column counts them so.  Read back, it is adjourned again.
    TRF-16 has no code for it: the round stands as in progress, or (kept) a blank result, with a warning."""
    r3 = _pair_and_publish(db, seven)
    sv.enter_results(db, seven, 3, [(b.number, "*" if b.number == 1 else "1-0") for b in r3.boards])
    out = sv.export_trf(db, seven, "trf-2026")
    b = r3.boards[0]
    lines = out.text.splitlines()
    white = next(x for x in lines if x.startswith("001") and int(x[4:8]) == b.white)
    black = next(x for x in lines if x.startswith("001") and int(x[4:8]) == b.black)
    assert white[91 + 20 : 91 + 28] == f"{b.black:>4} w ?" and black[91 + 20 : 91 + 28] == f"{b.white:>4} b ?"
    assert "162  W 1.0    D 0.5    X 0.5" in lines
    back = sv.import_trf(db, parse_trf(out.text, source="back.trf"), edition="baku-2016", confirmed=HANDMADE)
    round3 = sv.get_round(db, back.tournament.id, 3)
    assert [x.result for x in round3.boards if (x.white, x.black) == (b.white, b.black)] == ["*"]
    assert sv.export_trf(db, back.tournament.id, "trf-2026").text == out.text
    old = sv.export_trf(db, seven, "trf-16")
    assert " w ?" not in old.text and old.warnings[0].startswith("round 3 is in progress (1 game(s) without a result)")
    kept = sv.export_trf(db, seven, "trf-16", keep_unfinished=True)
    assert " w ?" not in kept.text
    assert "round 3 board 1: adjourned game written without a result (TRF-16 has no code for it" in "".join(
        kept.warnings
    )


UNKNOWN_SYMBOL = """\
012 Four players
XXR 3
001    1      One                               2400                                          3 w x
001    2      Two                               2300                                          4 b 1
001    3      Three                             2200                                          1 b x
001    4      Four                              2100                                          2 w 0
"""


def test_an_unknown_result_symbol_is_imported_as_an_unknown_result(db: Database) -> None:
    """Q166: 'x' is no TRF result symbol: the game is read as an unknown result (adjourned), a warning names the
    line and column; the pairing reads it as a draw (C.04.2.D.1)."""
    doc = parse_trf(UNKNOWN_SYMBOL, source="odd.trf")
    assert [str(w) for w in doc.warnings] == [
        "line 3, column 99: unknown result symbol 'x' of the game against 3: read as an unknown result ('?')",
        "line 5, column 99: unknown result symbol 'x' of the game against 1: read as an unknown result ('?')",
    ]
    info = sv.import_trf(db, doc, edition="baku-2016", confirmed=HANDMADE)
    assert any("line 3, column 99: unknown result symbol 'x'" in w for w in info.warnings)
    tid = info.tournament.id
    assert [b.result for b in sv.get_round(db, tid, 1).boards if {b.white, b.black} == {1, 3}] == ["*"]
    state = sv.tournament_state(db, tid, 2)
    assert {p.number: p.score for p in state.players}[1] == 5  # a draw for pairing, in tenths


def test_an_unknown_symbol_against_a_known_result_is_refused(db: Database) -> None:
    """Q166 reads an unknown symbol as an unknown result: the other side must say so too.  The error names the line
    of the unknown symbol, not the line that gives a result (issue 29, D12)."""
    with pytest.raises(ArbiterError, match=r"^odd.trf:3:99: expected result '1' or '0' or '=' or 'W' or 'D' or 'L' "
                       r"\(line 5 gives 3 result '0' in round 1; a symbol the format does not define is read as "
                       r"'\?'\), found '\?'$"):  # fmt: skip
        parse_trf(UNKNOWN_SYMBOL.replace("1 b x", "1 b 0"), source="odd.trf")


def test_a_correction_for_the_rating_report_only_is_kept_apart(db: Database, seven: int) -> None:
    """Q192-Q193 (C.04.2-2026 4.3: a correction reported late counts for rating purposes only): Level 3; pairing
    and standings keep the board's result, the TRF-2026 001 lines too, and a ``###`` comment says which result
    the rating report counts; TRF-16 cannot say it (a warning); the board's own result drops the correction."""
    r3 = _play(db, seven, "1-0")
    _play(db, seven)
    b = r3.boards[0]
    standings = sv.standings(db, seven)
    state = sv.tournament_state(db, seven, 5)
    trf_before = sv.export_trf(db, seven, "trf-2026").text
    before = dump(db)
    with pytest.raises(ConfirmationNeeded) as asked:
        sv.correct_for_rating(db, seven, 3, 1, "0-1")
    assert asked.value.level == Level.PROCEED and asked.value.rule.startswith("C.04.2-2026 4.3")
    assert dump(db) == before
    kept = sv.correct_for_rating(db, seven, 3, 1, "0-1", confirmed=Level.PROCEED)
    line = f"### Rating correction @ Round 3: {b.white}-{b.black} 0-1 for rating; 1-0 for pairings and standings"
    assert kept is not None and kept.trf_line == line
    assert sv.rating_corrections(db, seven) == (kept,)
    assert sv.get_round(db, seven, 3).boards[0].result == "1-0"
    assert sv.standings(db, seven) == standings and sv.tournament_state(db, seven, 5) == state
    trf = sv.export_trf(db, seven, "trf-2026").text
    assert [x for x in trf.splitlines() if x not in trf_before.splitlines()] == [line]  # the 001 lines unchanged
    assert any("Rating correction @ Round 3" in w and "TRF-16 has no way" in w
               for w in sv.export_trf(db, seven, "trf-16").warnings)  # fmt: skip
    sv.undo_last_step(db, seven)  # undoes round 4's results, not the correction (it has its own way back)
    assert sv.rating_corrections(db, seven) == (kept,)
    assert sv.correct_for_rating(db, seven, 3, 1, "1-0") is None  # the board's own result: dropped
    assert sv.rating_corrections(db, seven) == ()
    assert line not in sv.export_trf(db, seven, "trf-2026").text
    sv.correct_for_rating(db, seven, 3, 1, "0-1", confirmed=Level.PROCEED)
    sv.enter_result(db, seven, 3, 1, "0-1", confirmed=Level.PROCEED)  # the board itself corrected to it since
    assert sv.rating_corrections(db, seven) == ()


def test_a_correction_for_rating_needs_a_final_result(db: Database, seven: int) -> None:
    """Q192: an adjourned game gets its result, not a correction; the board must exist."""
    r3 = _pair_and_publish(db, seven)
    sv.enter_results(db, seven, 3, [(b.number, "*") for b in r3.boards])
    with pytest.raises(ArbiterError, match="round 3 board 1 has no final result yet"):
        sv.correct_for_rating(db, seven, 3, 1, "0-1", confirmed=Level.PROCEED)
    with pytest.raises(ArbiterError, match="round 3 has no board 9"):
        sv.correct_for_rating(db, seven, 3, 9, "0-1", confirmed=Level.PROCEED)


def test_the_final_trf_carries_the_events_of_adjourned_games_and_rating_corrections(db: Database, seven: int) -> None:
    """Q217 for this part: the final TRF-2026 of a tournament in which an adjourned game was decided 1-0 after the
    next round was paired with it as a draw, and a result was corrected for the rating report only, holds both
    events as ``###`` lines, and no '?' (every result is in)."""
    r3 = _pair_and_publish(db, seven)
    sv.enter_results(db, seven, 3, [(b.number, "*" if b.number == 1 else "0-1") for b in r3.boards])
    _play(db, seven)
    sv.enter_result(db, seven, 3, 1, "1-0", confirmed=Level.PROCEED)  # round 4 paired with it as a draw
    r5 = _play(db, seven, "1/2")
    sv.correct_for_rating(db, seven, 5, 2, "1-0", confirmed=Level.PROCEED)
    final = sv.export_trf(db, seven, "trf-2026", final=True).text.splitlines()
    a, c = r3.boards[0], r5.boards[1]
    assert [x for x in final if x.startswith("###") and "Import" not in x] == [
        f"### Rating correction @ Round 5: {c.white}-{c.black} 1-0 for rating; ½-½ for pairings and standings",
        f"### Adjournment @ Round 3: {a.white}-{a.black} 1-0",
    ]
    assert not any(" ?" in x for x in final if x.startswith("001")) and not any(
        "X" in x for x in final if x[:3] == "162"
    )
