"""Checklist Q199: every Swiss tie-break of C.07, with its modifiers, accepted and computed.

The checklist names "AOB, APPO, APRO, ARO ± cuts/medians, BH/FB ± cuts/medians, BPG, BWG, DE, DE/P, PS cuts,
PTP, REP, RTNG, SB cuts, STD, TPN, TPR, WIN, WON"; C.07-2026 Article 5 lists the individual tie-breaks
(2024: without STD, TPN and RTNG, 7.6 named GE).  Each code below is parsed under both editions, computed on
a tournament of the corpus for every player, and its values are checked: against the FIDE TEC checker's
tables (``tests/data/conformance/tiebreaks-c07``) for the codes they print, by hand for the others.
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from arbiter_app.standings import standings
from arbiter_app.standings.c07 import (
    C07_2024,
    C07_2026,
    EDITIONS,
    RatingPolicy,
    TieBreakCodeError,
    build_context,
    parse_code,
    rules_for,
    tiebreak_values,
)
from arbiter_app.trf.reader import read_trf
from arbiter_app.trf.rounds import next_round, state_before_round
from tests.standings.builders import tournament
from tests.standings.test_c07_articles import A
from tests.standings.test_c07_conformance import DATA, mismatches

ARTICLE_5_2026 = {
    "AOB": "8.2", "APPO": "10.5", "APRO": "10.4", "ARO": "10.1", "BH": "8.1", "DE": "6", "FB": "8.3",
    "REP": "7.6", "KS": "9.2", "BPG": "7.3", "WON": "7.2", "BWG": "7.4", "WIN": "7.1", "PTP": "10.3",
    "RTNG": "10.6", "SB": "9.1", "STD": "7.7", "PS": "7.5", "TPN": "7.8", "TPR": "10.2",
}  # fmt: skip
"""C.07-2026 Article 5, the individual tie-breaks (the team ones, Articles 12-13, are not for individuals)."""
NEW_IN_2026 = {"STD", "TPN", "RTNG"}

CHECKLIST = (
    "AOB", "AOB/C1", "APPO", "APRO",
    "ARO", "ARO/C1", "ARO/C2", "ARO/M1", "ARO/M2",
    "BH", "BH/C1", "BH/C2", "BH/M1", "BH/M2",
    "FB", "FB/C1", "FB/C2", "FB/M1", "FB/M2",
    "BPG", "BWG", "DE", "DE/P",
    "PS", "PS/C1", "PS/C2",
    "PTP", "REP", "GE", "RTNG", "RTNG/R",
    "SB", "SB/C1", "SB/C2", "SB/M1",
    "STD", "TPN", "TPN/R", "TPR", "TPR/C1", "WIN", "WON",
    "KS", "KS/L+1", "KS/L-1",
    "ARO/U1000", "TPR/U1000", "PTP/U0", "APRO/U1000", "APPO/U1000", "RTNG/U1000",
)  # fmt: skip
"""The checklist's codes, with the modifiers of C.07 Article 14 (Cut-n, Median-n, Limit), 7.8 and 10.6 (/R),
6.1.1 (DE/P: forfeits counted as games), Article 10 (/Unnnn: the rating of unrated players)."""

AVERAGES = {"AOB", "ARO", "TPR", "PTP", "APRO", "APPO"}
"""Averages (and performances) over games played over the board: undefined without one."""

CORPUS = "irregular-1202-p32-r6"
"""A corpus tournament with forfeits, byes and withdrawals (32 players, 6 rounds)."""


def test_the_editions_define_article_5() -> None:
    assert C07_2026.codes == set(ARTICLE_5_2026)
    assert C07_2024.codes == set(ARTICLE_5_2026) - NEW_IN_2026
    assert set(EDITIONS) == {"c07-2024", "c07-2026"}


@pytest.mark.parametrize("edition", [C07_2024, C07_2026], ids=lambda e: e.key)
def test_every_checklist_code_is_accepted_and_computed(edition) -> None:  # type: ignore[no-untyped-def]
    doc = read_trf(DATA / "dutch-2016" / f"{CORPUS}.trf")
    state = state_before_round(doc, next_round(doc))
    codes = [c for c in CHECKLIST if parse_code(c).base in edition.codes]
    assert {parse_code(c).base for c in codes} == edition.codes  # nothing of Article 5 left out
    values = tiebreak_values(state, edition, codes)
    assert len(values) == 32
    ctx = build_context(state, edition)
    games = {n: sum(r.played for r in ctx.rounds[n]) for n in values}
    assert 0 in games.values()  # a player without a game over the board is among them
    for code in codes:
        got = [values[n][code] for n in values]
        if code == "DE" or code == "DE/P":
            continue  # a group tie-break: checked by hand below
        parsed = parse_code(code)
        removed = parsed.cut + parsed.high if parsed.base in ("ARO", "TPR") else 0
        # undefined only for a player with no game over the board left once the cut is made (10.1, 8.2)
        assert [v is None for v in got] == [games[n] <= removed and parsed.base in AVERAGES for n in values], code
        if "/U" in code:  # everyone is rated in the corpus: the rule for unrated players changes nothing
            assert got == [values[n][code.split("/")[0]] for n in values], code
    table = standings(state, codes, rules=rules_for(edition))  # the whole list ranks, in that order
    assert [r.place for r in table.rows] == list(range(1, 33))


def test_the_2024_edition_refuses_what_2026_added() -> None:
    for code in sorted(NEW_IN_2026):
        with pytest.raises(TieBreakCodeError, match="unknown tie-break"):
            parse_code(code, C07_2024.codes)


@pytest.mark.parametrize("edition", ["c07-2024", "c07-2026"])
def test_the_codes_the_tec_checker_prints_agree(edition: str) -> None:
    """The TEC checker's columns are all in the catalogue; our values equal its values on the corpus file."""
    table = DATA / "tiebreaks-c07" / f"{CORPUS}.{edition}.tsv"
    header = table.read_text().splitlines()[0].split("\t")[2:]
    assert set(header) <= set(CHECKLIST)
    compared, wrong = mismatches(table)
    assert compared == 32 * (len(header) + 1) and wrong == []


# --- By hand, the codes the checker's tables do not print (tournament A of test_c07_articles) ---------------


def test_std_7_7_by_hand() -> None:
    """C.07-2026 7.7: 1 for scoring more than the scheduled opponent (unpaired: more than a draw), ½ for the
    same.  6: R1 forfeit loss 0, R2 half-point bye ½ (= a draw), R3 beats 2, R4 forfeit loss: 1½."""
    v = tiebreak_values(A, C07_2026, ["STD"])
    assert {n: v[n]["STD"] for n in v} == {1: Fraction(7, 2), 2: 1, 3: 2, 4: 2, 5: 2, 6: Fraction(3, 2)}


def test_double_forfeit_std_is_half() -> None:
    """7.7 read as written: a double forfeit scores the same as the scheduled opponent (0 = 0): ½."""
    b = tournament({1: 2000, 2: 2000}, ["1-2 --"])
    v = tiebreak_values(b, C07_2026, ["STD"])
    assert v[1]["STD"] == v[2]["STD"] == Fraction(1, 2)


def test_tpn_and_rtng_with_their_reverse_order() -> None:
    """7.8 TPN ascending, /R descending; 10.6 RTNG highest first, /R lowest first: 3, 4, 5 have 2 points."""
    rules = rules_for(C07_2026)
    order = {c: [r.number for r in standings(A, [c], rules=rules).rows if r.score == 2]
             for c in ("TPN", "TPN/R", "RTNG", "RTNG/R")}  # fmt: skip
    assert order == {"TPN": [3, 4, 5], "TPN/R": [5, 4, 3], "RTNG": [3, 4, 5], "RTNG/R": [5, 4, 3]}


def test_ps_cut_removes_the_first_rounds() -> None:
    """14.1.2 c: PS-C1 excludes the score after round 1.  1: 1, 1½, 2½, 3½ -> PS 8½, PS/C1 7½, PS/C2 6."""
    v = tiebreak_values(A, C07_2026, ["PS", "PS/C1", "PS/C2"])[1]
    assert v == {"PS": Fraction(17, 2), "PS/C1": Fraction(15, 2), "PS/C2": 6}


def test_koya_and_its_limit() -> None:
    """9.2 KS: points against opponents with at least half the maximum (2 of 4): 1 drew 3 and beat 5: 1½.
    14.5: /L-1 lowers the limit by half a point (1½): the forfeit win against 6 (1½) counts too."""
    v = tiebreak_values(A, C07_2026, ["KS", "KS/L-1", "KS/L+1"])[1]
    assert v == {"KS": Fraction(3, 2), "KS/L-1": Fraction(5, 2), "KS/L+1": 0}


def test_direct_encounter_with_and_without_forfeits() -> None:
    """6.1.1: forfeits are excluded unless the regulations include them (DE/P).  1 and 2 (1 point each) met
    only in a forfeit 1 won: DE leaves them tied (pairing number then), DE/P puts 1 first."""
    b = tournament({1: 2000, 2: 2000, 3: 2000, 4: 2000}, ["1-2 +-, 3-4 1-0", "3-1 1-0, 2-4 1-0"])
    rules = rules_for(C07_2026)
    plain = standings(b, ["DE"], rules=rules)
    assert plain.row(1).place_label == plain.row(2).place_label == "2-3"
    with_forfeits = standings(b, ["DE/P"], rules=rules)
    assert (with_forfeits.row(1).place, with_forfeits.row(2).place) == (2, 3)


def test_the_rating_of_unrated_players_by_modifier_and_by_rule() -> None:
    """C.07 Article 10: with an unrated player present, ARO is dropped unless a rule is published: the code's
    /Unnnn, or the tournament's rule (a fixed rating, or an estimate per player)."""
    b = tournament({1: 2400, 2: 0, 3: 2000, 4: 2000}, ["1-2 1-0, 3-4 =", "1-3 1-0, 2-4 ="])
    assert tiebreak_values(b, C07_2026, ["ARO"])[1]["ARO"] is None
    assert tiebreak_values(b, C07_2026, ["ARO/U1000"])[1]["ARO/U1000"] == 1500  # (1000 + 2000) / 2
    fixed = rules_for(C07_2026, RatingPolicy(unrated=0))
    assert standings(b, ["ARO"], rules=fixed).value(1, "ARO") == 1000  # (0 + 2000) / 2
    estimated = rules_for(C07_2026, RatingPolicy({2: ((1, 1800),)}, unrated=1000))
    assert standings(b, ["ARO", "TPR"], rules=estimated).value(1, "ARO") == 1900  # (1800 + 2000) / 2


def test_unknown_modifiers_are_refused() -> None:
    for bad in ("BH/P", "WIN/C1", "PS/M1", "DE/C1", "KS/C1", "ARO/R", "SB/U1000"):
        with pytest.raises(TieBreakCodeError):
            parse_code(bad, C07_2026.codes)


def test_the_corpus_file_exists() -> None:
    assert Path(DATA / "dutch-2016" / f"{CORPUS}.trf").exists()
