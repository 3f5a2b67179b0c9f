"""The explanation as a service (issue 30.3), and a round changed by hand explained as it stands (issue 28.3).

The manual's tournament, round 7: the engine pairs 3-1 on board 1 and 11-8 on
board 6; the arbiter swaps #3 and #8: 8-1 and 11-3, set by hand, boards 1 and 4 in C.04.2.D.9 order.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from arbiter_app.explain.render_html import answer_html, outline_html
from arbiter_app.persistence import Database
from arbiter_app.services import (
    Level,
    Swap,
    apply_override,
    explain_candidates,
    explain_comparison,
    explain_outline,
    explain_why_float,
    explain_why_not,
    get_round,
    import_trf,
    leave_fide_mode,
)
from arbiter_app.trf import parse_trf

MANUAL = Path(__file__).parents[1] / "data" / "fixtures" / "arbiters-manual-12.trf"
REASON = "the players <asked> to swap & the arbiter agreed"


@pytest.fixture
def manual(db: Database) -> int:
    return import_trf(
        db, parse_trf(MANUAL.read_text(encoding="utf-8"), source=MANUAL.name), edition="baku-2016"
    ).tournament.id


@pytest.fixture
def overridden(db: Database, manual: int) -> int:
    before = [(b.white, b.black) for b in get_round(db, manual, 7).boards]
    assert before == [(3, 1), (12, 4), (5, 2), (9, 10), (6, 7), (11, 8)]
    leave_fide_mode(db, manual, confirmed=Level.DOUBLE)  # a past round, a change D.10 does not allow
    apply_override(db, manual, 7, [Swap(3, 8)], REASON, discard_results=True, confirmed=9)
    after = [(b.white, b.black, b.overridden) for b in get_round(db, manual, 7).boards]
    assert after == [(8, 1, True), (12, 4, False), (5, 2, False), (11, 3, True), (9, 10, False), (6, 7, False)]
    return manual


def test_why_not_never_asks_about_players_paired_on_a_board_set_by_hand(db: Database, overridden: int) -> None:
    answer = explain_why_not(db, overridden, 7, 1, 8)
    text = answer.text()
    assert "not paired in round 7?" not in answer.question
    assert "They are paired: board 1, #8 (white) against #1 (black), set by hand." in text
    assert REASON in text
    assert "The engine did not pair them (board 1: 3-1, board 6: 11-8)" in text
    assert (
        "Why are" not in text and "(C.3: non-topscorers with the same absolute colour preference" in text
    )  # the rules
    assert answer.hand is not None and [r.by_hand for r in answer.hand.rows] == [True, False, False, True, False, False]


def test_why_not_for_the_engines_pair_the_arbiter_took_apart(db: Database, overridden: int) -> None:
    text = explain_why_not(db, overridden, 7, 1, 3).text()
    assert "They are paired together." not in text
    assert (
        "They are not paired: the round was changed by hand; #1 plays on board 1 (8-1, set by hand); "
        "#3 plays on board 4 (11-3, set by hand)." in text
    )
    assert "The engine paired them (board 1: 3-1)." in text


def test_a_round_as_the_engine_paired_it_is_answered_as_before(db: Database, manual: int) -> None:
    answer = explain_why_not(db, manual, 7, 1, 8)
    assert answer.question == "Why are #1 and #8 not paired in round 7?" and answer.hand is None
    assert explain_why_not(db, manual, 7, 1, 3).lines[0].text == "They are paired together."


def test_the_outline_names_the_boards_set_by_hand_beside_the_engines(db: Database, overridden: int) -> None:
    outline = explain_outline(db, overridden, 7)
    assert outline.hand is not None
    assert outline.hand.lines[0].startswith(
        "Round 7 as it stands differs from the engine's pairing: boards 1 and 4 (8-1, 11-3) set by hand."
    )
    assert outline.hand.lines[1] == (
        f"Changed by hand: “{REASON}”, under C.04.2.D.10 (the published pairing breaks "
        "C.04.1.b (two players meet a second time))."
    )  # Baku 2016's one case
    rows = [(r.board, r.as_stored, r.by_engine, r.by_hand) for r in outline.hand.rows]
    assert rows[0] == (1, "8-1", "3-1", True) and rows[3] == (4, "11-3", "9-10", True)
    assert [r[3] for r in rows] == [True, False, False, True, False, False]
    marked = {b.index: b.by_hand for b in outline.brackets if b.by_hand}
    assert marked and all(text.startswith("Set by hand instead: board") for text in marked.values())
    chosen_3_1 = [b for b in outline.brackets if "3-1" in b.chosen]
    assert chosen_3_1 and all(b.by_hand for b in chosen_3_1)  # "Chosen 3-1" never stands alone
    html = outline_html(outline)
    assert "&lt;asked&gt; to swap &amp; the arbiter" in html and "<asked>" not in html
    assert "<td>8-1 <b>(by hand)</b></td><td>3-1</td>" in html
    assert explain_outline(db, overridden, 6).hand is None


def test_candidates_why_float_and_compare_say_the_round_was_changed(db: Database, overridden: int) -> None:
    outline = explain_outline(db, overridden, 7)
    k = next(b.index for b in outline.brackets if b.by_hand)
    table = explain_candidates(db, overridden, 7, k, "trail")
    assert "set by hand" in table.by_hand and table.rows
    floats = explain_why_float(db, overridden, 7, 8).text()
    assert "As the round stands, #8 plays #1 on board 1, set by hand." in floats
    comparison = explain_comparison(db, overridden, 7)
    assert comparison.hand is not None and comparison.preformatted
    assert "(by hand)" in answer_html(comparison)


def test_a_2026_round_speaks_its_editions_articles(db: Database) -> None:
    tid = import_trf(
        db, parse_trf(MANUAL.read_text(encoding="utf-8"), source=MANUAL.name), edition="fide-2026"
    ).tournament.id
    outline = explain_outline(db, tid, 5)
    assert outline.trail_label == "Trail (3.3–3.8)"
    assert {b.players_label for b in outline.brackets} == {"Players (1.2)"}
    html = outline_html(outline)
    assert html.count("Players (1.2):<ul") == len(outline.brackets) >= 3
    assert "(A.2)" not in html
    baku = explain_outline(
        db,
        import_trf(
            db, parse_trf(MANUAL.read_text(encoding="utf-8"), source=MANUAL.name), edition="baku-2016"
        ).tournament.id,
        5,
    )
    assert baku.trail_label == "Trail (B.3–B.8)"
    assert outline_html(baku).count("Players (A.2):<ul") == len(baku.brackets) >= 3


def test_a_2026_override_is_explained_with_its_case_of_4_4(db: Database) -> None:
    tid = import_trf(
        db, parse_trf(MANUAL.read_text(encoding="utf-8"), source=MANUAL.name), edition="fide-2026"
    ).tournament.id
    leave_fide_mode(db, tid, confirmed=Level.DOUBLE)
    engine = [(b.white, b.black) for b in get_round(db, tid, 7).boards]
    apply_override(
        db,
        tid,
        7,
        [Swap(engine[0][0], engine[1][0])],
        REASON,
        discard_results=True,
        case="competition-rules",
        confirmed=9,
    )
    outline = explain_outline(db, tid, 7)
    assert outline.hand is not None
    assert outline.hand.lines[1].startswith(f"Changed by hand: “{REASON}”, under C.04.2-2026 4.4.2 (")
    a, b = engine[0][1], engine[1][0]  # the first board's black now meets the second board's white
    answer = explain_why_not(db, tid, 7, a, b)
    assert answer.lines[0].text.startswith("They are paired: board ") and "4.4.2" in answer.text()


def test_a_token_reuses_the_read_until_the_caller_changes_it(db: Database, manual: int) -> None:
    assert explain_outline(db, manual, 7, ("panel", 1)).hand is None
    leave_fide_mode(db, manual, confirmed=Level.DOUBLE)
    apply_override(db, manual, 7, [Swap(3, 8)], REASON, discard_results=True, confirmed=9)
    assert explain_outline(db, manual, 7, ("panel", 1)).hand is None  # the caller vouched: nothing changed
    assert explain_outline(db, manual, 7, ("panel", 2)).hand is not None  # its next count of changes
    assert explain_outline(db, manual, 7).hand is not None  # without a token: read every time
