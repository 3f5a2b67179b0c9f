"""C.07 worked by hand: the Article 16 categories, adjusted scores, the dummy (2024 against 2026), the cut.

Tournament A (six players, four rounds; White first):

    R1: 1-2 1-0, 3-4 =,   5-6 +- (5 wins by forfeit)
    R2: 1-3 =,   2-5 0-1, 4 U (pairing-allocated bye), 6 H (half-point bye)
    R3: 5-1 0-1, 6-2 1-0, 3-4 1-0
    R4: 1-6 +- (1 wins by forfeit), 2-3 1-0, 4 H, 5 Z (zero-point bye)

Scores: 1: 3.5, 2: 1, 3: 2, 4: 2, 5: 2, 6: 1.5.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from arbiter_app.pairing.model import Outcome
from arbiter_app.standings import standings
from arbiter_app.standings.c07 import (
    C07_2024,
    C07_2024_RULES,
    C07_2026,
    C07_2026_RULES,
    Category,
    TieBreakCodeError,
    build_context,
    parse_code,
    parse_codes,
    tiebreak_values,
)
from arbiter_app.standings.c07.record import categorise
from arbiter_app.standings.c07.why import explain_text, why_above
from tests.standings.builders import tournament

F = Fraction
RATINGS = {1: 2400, 2: 2300, 3: 2200, 4: 2100, 5: 2000, 6: 1900}
A = tournament(RATINGS, [
    "1-2 1-0, 3-4 =, 5-6 +-",
    "1-3 =, 2-5 0-1, 4 U, 6 H",
    "5-1 0-1, 6-2 1-0, 3-4 1-0",
    "1-6 +-, 2-3 1-0, 4 H, 5 Z",
])  # fmt: skip


def values(edition, codes):  # type: ignore[no-untyped-def]
    return tiebreak_values(A, edition, codes)


def test_scores() -> None:
    ctx = build_context(A, C07_2026)
    assert ctx.scores == {1: F(7, 2), 2: 1, 3: 2, 4: 2, 5: 2, 6: F(3, 2)}


def test_categories_16_2() -> None:
    """C.07-2026 16.2.1-16.2.5, one player each (both editions sort alike)."""
    ctx = build_context(A, C07_2026)
    cats = {n: [r.category for r in ctx.rounds[n]] for n in ctx.numbers}
    assert cats[1] == [None, None, None, Category.FORFEIT_WIN]  # 16.2.2
    # 4: the pairing-allocated bye is 16.2.1; the half-point bye of the last round is 16.2.5.
    assert cats[4] == [None, Category.BYE, None, Category.FINAL_REQUESTED_BYE]
    # 5: the forfeit win 16.2.2; the zero-point bye of the last round 16.2.5.
    assert cats[5] == [Category.FORFEIT_WIN, None, None, Category.FINAL_REQUESTED_BYE]
    # 6: the forfeit losses 16.2.4; the half-point bye of round 2, followed by a game (not a VUR), 16.2.3.
    assert cats[6] == [Category.FORFEIT_LOSS, Category.REQUESTED_BYE, None, Category.FORFEIT_LOSS]


def test_requested_bye_followed_only_by_vurs_is_16_2_5() -> None:
    """16.2.5: "followed only by VURs"; a forfeit loss is a VUR (16.1.2), a full-point bye is not (16.1.1)."""
    H, Z, L, W, F_, G = (Outcome.HALF_POINT_BYE, Outcome.ZERO_POINT_BYE, Outcome.FORFEIT_LOSS,
                         Outcome.FORFEIT_WIN, Outcome.FULL_POINT_BYE, Outcome.LOSS)  # fmt: skip
    assert categorise((H, Z, L)) == (Category.FINAL_REQUESTED_BYE, Category.FINAL_REQUESTED_BYE,
                                     Category.FORFEIT_LOSS)  # fmt: skip
    assert categorise((H, G)) == (Category.REQUESTED_BYE, None)  # a game lost over the board is no VUR
    assert categorise((Z, W))[0] is Category.REQUESTED_BYE
    assert categorise((H, F_)) == (Category.REQUESTED_BYE, Category.BYE)


def test_adjusted_scores_16_3() -> None:
    """16.3.1: rounds of 16.2.1-16.2.4 keep their points; 16.3.2: 16.2.5 rounds count as draws.

    5's zero-point bye of the last round (16.2.5) counts ½ for 5's opponents: 2.5 instead of 2.
    4's half-point bye of the last round is ½ either way.
    """
    ctx = build_context(A, C07_2026)
    assert ctx.adjusted == {1: F(7, 2), 2: 1, 3: 2, 4: 2, 5: F(5, 2), 6: F(3, 2)}
    # 2 met 1 (3.5), 5 (2.5 adjusted), 6 (1.5) and 3 (2): BH 9.5, not 9.
    assert values(C07_2026, ["BH"])[2]["BH"] == F(19, 2)


def test_dummy_16_4_and_the_2026_cap_16_4_1() -> None:
    """1's forfeit win of round 4 is played against a dummy.

    C.07-2024 16.4: the dummy has 1's own score, 3.5.
    C.07-2026 16.4.1: at most the scheduled opponent's adjusted score, 6's 1.5.
    BH(1) = 1 (2) + 2 (3) + 2.5 (5, adjusted) + dummy; SB(1) = 1x1 + 2x½ + 2.5x1 + dummy x1.
    """
    v24 = values(C07_2024, ["BH", "SB"])[1]
    v26 = values(C07_2026, ["BH", "SB"])[1]
    assert (v24["BH"], v26["BH"]) == (9, 7)
    assert (v24["SB"], v26["SB"]) == (8, 6)


def test_dummy_cap_16_4_2_for_byes() -> None:
    """C.07-2026 16.4.2: for byes the dummy has at most draw points x rounds (here ½ x 4 = 2).

        R1: 1-2 1-0, 3-4 1-0, 5 U      R2: 1-3 1-0, 5-2 =, 4 U
        R3: 2-3 =, 4-5 0-1, 1 F        R4: 1-5 1-0, 2-4 1-0, 3 H

    1 scores 4; its full-point bye (16.2.1) meets a dummy of 4 (2024) or 2 (2026).
    BH(1) = 2 (2) + 2 (3, whose last-round bye counts ½, 16.3.2) + dummy + 2.5 (5).
    """
    b = tournament({n: 2000 for n in range(1, 6)}, [
        "1-2 1-0, 3-4 1-0, 5 U", "1-3 1-0, 5-2 =, 4 U", "2-3 =, 4-5 0-1, 1 F", "1-5 1-0, 2-4 1-0, 3 H",
    ])  # fmt: skip
    assert tiebreak_values(b, C07_2024, ["BH"])[1]["BH"] == F(21, 2)
    assert tiebreak_values(b, C07_2026, ["BH"])[1]["BH"] == F(17, 2)


def test_cut_exception_16_5() -> None:
    """6 (1.5 points) has three VURs: the forfeit losses of rounds 1 and 4 and the half-point bye of round 2.

    Contributions to BH: dummies of 1.5 (rounds 1, 2, 4; the 2026 caps, 2.5, 2 and 3.5, do not bite)
    and 2's 1 (round 3).  BH = 5.5.
    16.5.2 Buchholz: cut the lowest contribution from a VUR (1.5), not the least significant value (1):
    BH/C1 = 4.  BH/C2 = 2.5.
    SB: 1.5 x 0 + 1.5 x ½ + 1 x 1 + 1.5 x 0 = 1.75.  16.5.2 SB: the lowest VUR contribution (0, round 1)
    is lower than the least significant value (1, from 2, the lowest score): cut the higher, 1.
    SB/C1 = 0.75.
    """
    for edition in (C07_2024, C07_2026):
        v = tiebreak_values(A, edition, ["BH", "BH/C1", "BH/C2", "SB", "SB/C1"])[6]
        assert v == {"BH": F(11, 2), "BH/C1": 4, "BH/C2": F(5, 2), "SB": F(7, 4), "SB/C1": F(3, 4)}


def test_player_record_article_7() -> None:
    """7.1 WIN counts forfeit wins and byes worth a win; 7.2 WON only games; 7.6 REP drops VURs."""
    v = values(C07_2026, ["WIN", "WON", "BPG", "BWG", "REP", "PS", "PS/C1", "STD"])
    assert v[5] == {"WIN": 2, "WON": 1, "BPG": 1, "BWG": 1, "REP": 3, "PS": 1 + 2 + 2 + 2, "PS/C1": 6,
                    "STD": 2}  # fmt: skip
    assert v[4]["REP"] == 3 and v[4]["WIN"] == 1  # the PAB is no VUR and is worth a win
    assert v[6]["REP"] == 1  # two forfeit losses and a half-point bye


def test_ratings_article_10() -> None:
    """10.1 ARO over games played: 1 met 2300, 2200, 2000: 2166.67 -> 2167.  10.2 TPR: 2.5/3 = 0.83 -> dp 273."""
    v = values(C07_2026, ["ARO", "TPR", "ARO/C1"])[1]
    assert v == {"ARO": 2167, "TPR": 2167 + 273, "ARO/C1": 2250}


def test_unrated_players_drop_rating_tiebreaks_unless_a_rating_is_given() -> None:
    """C.07 Article 10: dropped when unrated players are present, unless a rule is published (/U1000)."""
    c = tournament({1: 2000, 2: 0}, ["1-2 1-0"])
    assert tiebreak_values(c, C07_2026, ["ARO", "ARO/U1000", "RTNG/U1000"])[1] == {
        "ARO": None, "ARO/U1000": 1000, "RTNG/U1000": 2000}  # fmt: skip


def test_edition_codes_and_modifiers() -> None:
    assert str(parse_code("BH-C1")) == "BH/C1" and str(parse_code("bh/m1")) == "BH/M1"
    assert str(parse_code("GE")) == "REP"  # C.07-2024 7.6
    assert str(parse_code("KS/L+1")) == "KS/L+1"
    assert [str(c) for c in parse_codes("BH-C1, TPR, SB")] == ["BH/C1", "TPR", "SB"]
    for bad in ("BH/X1", "SB/U1000", "XYZ", "BH/C", "TPN/C1"):
        with pytest.raises(TieBreakCodeError, match=bad.split("/")[0]):
            parse_code(bad, C07_2026.codes)
    with pytest.raises(TieBreakCodeError, match="STD"):
        parse_code("STD", C07_2024.codes)  # new in C.07-2026 (7.7)


def test_direct_encounter_article_6() -> None:
    """Three on 2 points in A: 3, 4 and 5.  3 and 4 met twice (R1 ½-½, R3 1-0); 5 met neither.

    6.1.2: the average of the two games, 0.75 for 3 and 0.25 for 4.  6.3: 3, losing its missing game
    (against 5), keeps 0.75; 4 could reach 1.25 and 5 could reach 2: nobody is ranked, DE separates no
    one and its value is not shown (None).
    """
    table = standings(A, ["DE"], rules=C07_2026_RULES)
    assert {r.number: r.tiebreaks[0] for r in table.rows if r.number in (3, 4, 5)} == {3: None, 4: None, 5: None}
    table = standings(A, ["DE", "BH"], rules=C07_2026_RULES)
    assert table.deciding == {"BH"}  # DE separated no one: shown as not used
    # Between 3 and 4 alone (6.2, all met): 3 first.
    two = tournament({1: 2000, 2: 2000}, ["1-2 =", "2-1 0-1"])
    table = standings(two, ["DE"], rules=C07_2024_RULES)
    assert [r.number for r in table.rows] == [1, 2]


def test_why_above_explains_the_dummy_and_the_cut() -> None:
    why = why_above(A, C07_2026, ["BH/C1", "SB"], 3, 5)
    assert why.decided_by is not None
    text = explain_text(why)
    assert "C.07-2026" in text
    why = why_above(A, C07_2026, ["BH/C1"], 6, 2)
    assert why.decided_by == "PTS"


def test_fore_buchholz_8_3_and_aob_8_2() -> None:
    """8.3: the last round's paired games count as draws: 1-6 (a forfeit) and 2-3 become ½-½; byes stay.

    Then 2 has 0.5, 3 2.5, 5 2.5 (adjusted: its last-round zero-point bye, 16.2.5, counts ½) and 6 2.
    FB(1) = 0.5 + 2.5 + 2.5 + 2 = 7.5.
    8.2: AOB(1) = (BH(2) 9.5 + BH(3) 8.5 + BH(5) 8) / 3 = 8.67 (5's dummies: 1.5 for the forfeit win,
    C.07-2026 16.4.1, and 2 for the zero-point bye).
    """
    v = values(C07_2026, ["FB", "AOB"])[1]
    assert v == {"FB": F(15, 2), "AOB": F(867, 100)}


def test_the_checker_reads_later_tie_breaks_after_fb_with_a_final_forfeit_loss_as_paired() -> None:
    """A reading the FIDE TEC checker's tables decided (AOB, SB and SB/C1 follow FB in them).

        R1: 1-2 1-0, 3-4 1-0    R2: 1-3 =, 2 Z, 4 U    R3: 2-4 -+ (2 loses by forfeit), 1-3 1-0

    2's zero-point bye is followed only by a VUR (the forfeit loss): 16.2.5, a draw for 2's opponents
    (16.3.2), adjusted score ½.  Once FB is computed, the checker counts 2 as paired in the last round:
    the bye is 16.2.3, adjusted score 0.  BH(1) = adj(2) + adj(3) + adj(3) = ½ + 2 x 1.5 = 3.5, or 3
    when BH follows FB in the list.
    """
    c = tournament({n: 2000 for n in range(1, 5)}, ["1-2 1-0, 3-4 1-0", "1-3 =, 2 Z, 4 U", "2-4 -+, 1-3 1-0"])
    assert tiebreak_values(c, C07_2026, ["BH"])[1]["BH"] == F(7, 2)
    assert tiebreak_values(c, C07_2026, ["FB", "BH"])[1]["BH"] == 3
