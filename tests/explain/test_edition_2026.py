"""The explanation of a round paired by C.04.3-2026: its criteria, articles and decisions, worked by hand.

Each case is a round of the 2026 corpus (tests/data/conformance/dutch-2026, files carrying
``092 FIDE_DUTCH_2025``), checked here sentence by sentence against the 2026 text:

* [C5] (C.04.3-2026 2.3.1), d26-tiny-60012 round 2: five players, #1 and #5 on 1.0, #2 and #4 on 0.5,
  #3 on 0.0.  The lowest bye score the field allows is 0.0 (#3).  With 1-5 paired, #2, #4 and #3 would
  be left, and #2 and #4 have met: only a bye to #2 or #4 would complete the round.  So the top
  bracket breaks up (#1 and #5 float), and 1-2, 4-5 leave the bye to #3.  Baku 2016 pairs 1-5, 4-3
  and gives the bye to #2.
* [C7] (2.4.2), d26-tiny-60000 round 5, bracket 3: pairing #2 with #6 would make #4 float with 3.5
  points; the chosen pairing floats #2 with 2.5.
* [C9] (2.4.4), d26-tiny-60004 round 3, bracket 4 (closes the round, one downfloater gets the bye):
  #5 and #4 both have 0.5; #4 has one unplayed game, #5 none, so the bye goes to #5.
"""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest

from arbiter_app.explain import explain_round, round_json, round_text, why_float, why_float_text, why_not, why_not_text
from arbiter_app.cli.explain import EXIT_OK, run
from arbiter_app.explain.compare import compare_editions, comparison_json, comparison_text
from arbiter_app.explain.explanation import RoundExplanation
from arbiter_app.pairing.editions import BAKU_2016, FIDE_2026, DutchEdition
from arbiter_app.trf.reader import read_trf
from arbiter_app.trf.rounds import state_before_round
from tests.conftest import DATA

CORPUS = DATA / "conformance" / "dutch-2026"


def _explained(name: str, round_number: int, which: DutchEdition = FIDE_2026) -> RoundExplanation:
    return explain_round(state_before_round(read_trf(CORPUS / name), round_number), which)


def _run(*argv: str) -> tuple[int, str]:
    out, err = io.StringIO(), io.StringIO()
    status = run(list(argv), out, err)
    assert status == EXIT_OK, err.getvalue()
    return status, out.getvalue()


def test_the_edition_object_names_its_criteria() -> None:
    texts = FIDE_2026.texts
    assert texts.keys == tuple(f"C{k}" for k in range(6, 22))
    assert texts.label("C5") == "[C5]" and texts.cite("C.4") == "[C4]" and texts.cite("B.8") == "3.8"
    assert texts.name("C5") == "2.3.1: minimise the score of the assignee of the pairing-allocated bye"
    baku = BAKU_2016.texts
    assert baku.label("C.10") == "C.10" and baku.cite("B.8") == "B.8" and baku.keys[0] == "C.5"


def test_a_2026_round_speaks_2026() -> None:
    """The brief's example: the outline, trail, sieve and colours in the words and numbers of C.04.3-2026."""
    _, out = _run("--dutch", str(CORPUS / "d26-small-60048-p20-r7.trf"), "--explain", "--round", "4")
    assert out.startswith(
        "Round 4: the pairing explained (FIDE Dutch system, C.04.3-2026, as applied from 1 February 2026)\n"
        "19 players to pair, processed bracket by bracket from the top scoregroup (1.9.2).\n"
    )
    for absent in ("Baku", "A.9", "C.10 =", "C.11 =", "Completion test", "PSD", "(B.", "section D", "(E."):
        assert absent not in out, absent
    assert "  3.1: M0 = 0, M1 = 0, MaxPairs = 3.  3.2: S1 = [1, 3, 4], S2 = [6, 9, 12]" in out
    assert "       legal; fails [C12] = 1, [C13] = 1. Best so far." in out
    assert "  Trail (3.3-3.8, candidates in the order of Article 4):" in out
    assert (
        "  [C4] (2.2.1): FAILED for the following bracket ([C8]): paired with these downfloaters, the next "
        "scoregroup would leave players who cannot all be paired."
    ) in out
    assert (
        "Bracket 4: bracket 3 paired again with every player not yet paired in view, so that a legal pairing "
        "remains for all of them ([C4]) and the following bracket complies with [C1]-[C7] ([C8])"
    ) in out
    assert "  7-5: both colour preferences granted (5.2.1)." in out
    assert "  #18 receives the pairing-allocated bye (1.5, [C2], [C5])." in out


def test_json_says_which_edition() -> None:
    explanation = _explained("d26-small-60048-p20-r7.trf", 4)
    data = round_json(explanation)
    assert data["edition"] == "fide-2026" and data["bye_score"] == 0.0
    assert data["rules"] == "C.04.3-2026, as applied from 1 February 2026"
    for bracket in data["brackets"]:
        assert list(bracket["chosen"]["failures"]) == [f"C{k}" for k in range(6, 22)]
    assert data["boards"][0]["rule"] == "5.2.1"
    assert [b["superseded"] for b in data["brackets"]].count(True) == 2
    baku = round_json(_explained("d26-small-60048-p20-r7.trf", 4, BAKU_2016))
    assert baku["edition"] == "baku-2016" and "C.5" in baku["brackets"][0]["chosen"]["failures"]


def test_c5_the_bye_breaks_up_a_higher_bracket() -> None:
    """C.04.3-2026 2.3.1 [C5]: the bye goes to #3 (0.0), so #1 and #5 (1.0) may not be paired together."""
    explanation = _explained("d26-tiny-60012-p5-r4.trf", 2)
    text = round_text(explanation)
    assert (
        "[C5] (2.3.1): the pairing-allocated bye goes to a player with 0.0 points, the lowest score that still "
        "lets everyone else be paired ([C1]-[C4]); [C5] ranks above every quality criterion.\n"
    ) in text
    assert (
        "  [C4] (2.2.1): FAILED: #2, #4 and #3 cannot all be paired: the only pairs [C1] and [C3] allow among "
        "them are 2-3, 4-3; only #3 may receive the pairing-allocated bye ([C2], [C5]), and no choice of these "
        "pairs takes everyone in.\n"
    ) in text
    assert (
        "    1. 1-5  [3.3: the original subgroups]\n"
        "       illegal ([C5]): the remaining players #2, #4, #3 could all be paired only if a player with more "
        "than 0.0 points received the pairing-allocated bye.\n"
    ) in text
    assert "  Chosen (3.8): #1 and #5 float.\n" in text
    assert explanation.outline.pairing.bye == 3
    assert why_not_text(explanation, why_not(explanation, 1, 5)) == (
        "Why are #1 and #5 not paired in round 2?\n"
        "Both are in bracket 2, but no legal pairing of it pairs them together.\n"
        "Pairing them there breaks [C5] (2.3.1: minimise the score of the assignee of the pairing-allocated bye): "
        "the remaining players #2, #4, #3 could all be paired only if a player with more than 0.0 points received "
        "the pairing-allocated bye.\n"
    )
    assert why_float_text(explanation, why_float(explanation, 3)).startswith(
        "Why does #3 get the pairing-allocated bye in round 2?\n"
        "[C5] (2.3.1: minimise the score of the assignee of the pairing-allocated bye): the lowest score the round "
        "allows for the bye is 0.0, and #3 has 0.0.\n"
    )
    assert [b["kind"] for b in round_json(explanation, trails=False)["brackets"]] == [
        "scoregroup",
        "repaired",
        "scoregroup",
        "last",
    ]


def test_c7_the_downfloaters_scores() -> None:
    """C.04.3-2026 2.4.2 [C7]: floating #4 (3.5) instead of #2 (2.5) loses, whatever the later criteria say."""
    explanation = _explained("d26-tiny-60000-p11-r7.trf", 5)
    assert why_not_text(explanation, why_not(explanation, 2, 6)) == (
        "Why are #2 and #6 not paired in round 5?\n"
        "In bracket 3 the pairing chosen is 4-6, #2 floats.\n"
        "The best pairing with #2 against #6 is 2-6, #4 floats.\n"
        "It loses on [C7] (2.4.2: minimise the scores (taken in descending order) of the downfloaters): {3.5} "
        "against {2.5} for the chosen pairing.\n"
        "  #4 floats with 3.5.\n"
        "It would also be worse on [C8] (1 unpaired, their scores {3.5} against 1 unpaired, their scores {2.0}), "
        "[C20] ({2.0} against {1.0}).\n"
    )


def test_c7_in_a_trail() -> None:
    explanation = _explained("d26-tiny-60016-p12-r7.trf", 7)
    text = round_text(explanation, only=7)
    assert (
        "    2. 1-11, #2 floats  [4.4 set of pairable MDPs: S1 [1], Limbo [2]]\n"
        "       legal; fails [C7] = {4.5}, [C15] = 1, [C18] = {3.0}, [C19] = {1.5}, [C20] = {3.0, 1.5}. Not better "
        "than the best so far (worse on [C7]).\n"
    ) in text
    assert "    [C7]: keeps 1 ({4.0}), removes 2.\n    Left: candidate 1, decided by [C7].\n" in text


def test_c9_the_bye_by_fewest_unplayed_games() -> None:
    """C.04.3-2026 2.4.4 [C9]: #4 and #5 (0.5) could each take the bye; #4 has an unplayed game, #5 none."""
    explanation = _explained("d26-tiny-60004-p7-r7.trf", 3)
    text = round_text(explanation)
    assert (
        "Bracket 4: score 0.5, heterogeneous (1.3), moved down: #7 with 1.0; it downfloats exactly one player, "
        "who receives the pairing-allocated bye ([C2], [C5], [C9])\n"
    ) in text
    assert (
        "    2. 7-5, #4 gets the bye  [4.2 transposition in S2: S2 [5, 4] (new MDP-pairing)]\n"
        "       legal; fails [C9] = 1, [C14] = 1, [C15] = 1, [C19] = {0.5}, [C20] = {0.5}. Not better than the "
        "best so far (worse on [C9]).\n"
    ) in text
    assert "    [C9]: keeps 1 (0), removes 2.\n    Left: candidate 1, decided by [C9].\n" in text
    assert why_not_text(explanation, why_not(explanation, 7, 5)) == (
        "Why are #7 and #5 not paired in round 3?\n"
        "In bracket 4 the pairing chosen is 7-4, #5 gets the bye.\n"
        "The best pairing with #7 against #5 is 7-5, #4 gets the bye.\n"
        "It loses on [C9] (2.4.4: minimise the number of unplayed games of the assignee of the pairing-allocated "
        "bye): 1 against 0 for the chosen pairing.\n"
        "  #4 would receive the bye with 1 unplayed game(s).\n"
        "It would also be worse on [C14] (1 against 0), [C15] (1 against 0), [C19] ({0.5} against {}).\n"
    )
    floats = why_float_text(explanation, why_float(explanation, 5))
    assert floats.startswith("Why does #5 get the pairing-allocated bye in round 3?\n")
    assert (
        "      not allowed: #7 has already had a pairing-allocated bye, or scored a win's points in a round "
        "without playing ([C2]).\n"
    ) in floats
    assert floats.endswith(
        "  So #5 gets the bye, and correctly: the chosen pairing breaks only [C20], and every other pairing breaks "
        "an absolute criterion or one of higher priority (3.8).\n"
    )


def test_the_command_line_follows_the_files_edition(tmp_path: Path, data: Path) -> None:
    """Without --edition: the 092 line; the Arbiters' Manual's example (no 092 line) stays Baku 2016."""
    path = CORPUS / "d26-tiny-60012-p5-r4.trf"
    _, out = _run("--dutch", str(path), "--explain", "--round", "2", "--no-trails")
    assert "C.04.3-2026" in out
    _, out = _run("--dutch", str(path), "--explain", "--round", "2", "--no-trails", "--edition", "baku-2016")
    assert "C.04.3 as approved in Baku 2016" in out
    _, out = _run(
        "--dutch", str(data / "fixtures" / "arbiters-manual-12.trf"), "--explain", "--round", "2", "--no-trails"
    )
    assert "C.04.3 as approved in Baku 2016" in out


# --- the edition comparison ----------------------------------------------------------------------------------


def test_compare_editions_where_they_differ() -> None:
    """d26-tiny-60012 round 2 (manifest.tsv lists it): [C5] against Baku's C.5."""
    state = state_before_round(read_trf(CORPUS / "d26-tiny-60012-p5-r4.trf"), 2)
    comparison = compare_editions(state)
    assert not comparison.agree
    assert comparison.byes == (2, 3)
    decided = {(d.pair, d.paired_by.name): d.decided_by for d in comparison.differences}
    assert decided == {
        ((1, 5), "baku-2016"): "C5",
        ((4, 3), "baku-2016"): "C6",
        ((1, 2), "fide-2026"): "C.5",
        ((4, 5), "fide-2026"): "C.5",
    }
    text = comparison_text(comparison)
    assert text.startswith(
        "Round 2 paired by two editions of the FIDE (Dutch) system\n"
        "  Baku 2016: C.04.3 as approved in Baku 2016\n"
        "  FIDE 2026: C.04.3-2026, as applied from 1 February 2026\n"
        "\n"
        "  Board  Baku 2016     FIDE 2026\n"
        "      1  1-5 *         1-2 *\n"
        "      2  4-3 *         4-5 *\n"
        "    bye  #2            #3\n"
    )
    assert (
        "The pairing-allocated bye: Baku 2016 #2, FIDE 2026 #3. FIDE 2026: [C5] gives it to a player with 0.0 "
        "points, the lowest score the round allows.\n"
    ) in text
    assert (
        "- 1-5: Baku 2016 pairs them; FIDE 2026 does not, by [C5] (2.3.1: minimise the score of the assignee of "
        "the pairing-allocated bye).\n"
    ) in text
    assert (
        "- 1-2: FIDE 2026 pairs them; Baku 2016 does not, by C.5 (maximize the number of pairs (minimize the "
        "downfloaters)).\n"
    ) in text
    data = comparison_json(comparison)
    assert data["agree"] is False and [e["edition"] for e in data["editions"]] == ["baku-2016", "fide-2026"]
    assert data["editions"][1]["boards"] == [[1, 2], [4, 5]] and data["editions"][1]["bye"] == 3
    assert {(tuple(d["pair"]), d["decided_by_label"]) for d in data["differences"]} == {
        ((1, 5), "[C5]"),
        ((4, 3), "[C6]"),
        ((1, 2), "C.5"),
        ((4, 5), "C.5"),
    }


def test_compare_editions_where_they_agree() -> None:
    state = state_before_round(read_trf(CORPUS / "d26-tiny-60012-p5-r4.trf"), 3)
    comparison = compare_editions(state)
    assert comparison.agree and not comparison.differences
    assert comparison_text(comparison).endswith(
        "The editions agree: Baku 2016 and FIDE 2026 give the same pairs, colours and bye.\n"
    )


@pytest.mark.parametrize("as_json", [False, True])
def test_compare_editions_on_the_command_line(as_json: bool) -> None:
    from arbiter_app.cli.pairings import main

    argv = ["--dutch", str(CORPUS / "d26-tiny-60012-p5-r4.trf"), "--compare-editions", "--round", "2"]
    _, text = _run(*argv, *(["--json"] if as_json else []))
    if as_json:
        data: Any = json.loads(text)
        assert data["question"] == "compare-editions" and data["round"] == 2
    else:
        assert "FIDE 2026 does not, by [C5]" in text
    assert main([*argv, "--json"]) == 0
