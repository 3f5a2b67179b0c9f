"""Every sentence of the explanation right: the exact words for the cases that were once wrong.

Each case names the round, the question and the sentence an arbiter reads,
checked by hand against C.04.3 (Baku 2016) and the tournament's crosstable.
"""

from __future__ import annotations

from collections.abc import Callable

from arbiter_app.explain import RoundExplanation, explain_round, round_text, why_not, why_not_text
from arbiter_app.pairing.editions import BAKU_2016
from arbiter_app.trf import read_trf
from arbiter_app.trf.rounds import state_before_round
from tests.conftest import DATA

Explained = Callable[[int], RoundExplanation]


def _lines(text: str, start: str) -> list[str]:
    return [line.strip() for line in text.splitlines() if line.strip().startswith(start)]


def test_a_failed_completion_test_names_every_player_left_and_the_rule_that_bars_them() -> None:
    """irregular-1220 round 6: after bracket 3, #8 floats and #7, #9, #10, #6 remain.  8-9 and 10-7 are legal
    pairs, so the round fails only because the five are an odd number and every one has had a bye or a forfeit
    win (C.2)."""
    doc = read_trf(DATA / "conformance" / "dutch-2016" / "irregular-1220-p10-r8.trf")
    text = round_text(explain_round(state_before_round(doc, 6), BAKU_2016))
    assert _lines(text, "Completion test (A.9): FAILED") == [
        "Completion test (A.9): FAILED: #8, #7, #9, #10 and #6 cannot all be paired: they are an odd number, so one "
        "of them would receive the pairing-allocated bye, and none of them may (C.2)."
    ]


def test_the_manuals_failed_completion_tests_leave_no_player_out(explained: Explained) -> None:
    """Round 7: #10 and #8 remain, and met in round 5.  Round 9: #5, #8, #10 and #11 remain; of their six
    pairs only 5-10 has not been played (5-11 r1, 10-11 r4, 8-10 r5, 8-11 r7, 5-8 r8)."""
    assert _lines(round_text(explained(7)), "Completion test (A.9): FAILED") == [
        "Completion test (A.9): FAILED: #10 and #8 cannot be paired: they have already met (C.1)."
    ]
    assert _lines(round_text(explained(9)), "Completion test (A.9): FAILED") == [
        "Completion test (A.9): FAILED: #5, #8, #10 and #11 cannot all be paired: the only pairs C.1 and C.3 allow "
        "among them are 5-10, and no choice of these pairs takes everyone in."
    ]


def test_no_legal_pairing_cites_the_closest_candidate_not_an_unrelated_rematch(explained: Explained) -> None:
    """Round 8, #1 against #6: 6-1, 7-12 with #5 floating has only legal pairs and fails C.4 alone; a candidate
    with the rematch 5-7 is further away and is not the reason to give."""
    text = why_not_text(explained(8), why_not(explained(8), 1, 6))
    assert text.splitlines()[1:] == [
        "Both are in bracket 6, but no legal pairing of it pairs them together.",
        "Pairing them there breaks C.4 (the PPB must let the round be completed): the remaining players #5, #8, "
        "#10, #11 could not all be paired.",
    ]


def test_the_last_bracket_cites_a_complete_round_not_the_ppbs_c4(explained: Explained) -> None:
    """Round 9, #12 against #10 in the collapsed last bracket: two players would be left over; that breaks A.9's
    complete round-pairing, C.4 being the PPB's criterion."""
    text = why_not_text(explained(9), why_not(explained(9), 12, 10))
    assert text.splitlines()[2] == (
        "Pairing them there breaks A.9 (the round-pairing must be complete: every player paired but at most one, who "
        "receives the pairing-allocated bye): #5, #11 would stay unpaired: the round would not be complete."
    )


def test_the_last_bracket_mentions_the_bye_only_when_there_is_one(explained: Explained) -> None:
    """Round 5 has 12 players and no bye; a tournament with an odd field has one."""
    text = round_text(explained(5))
    assert "which includes the pairing-allocated bye" not in text
    assert _lines(text, "Bracket 7")[0].endswith("and the collapsed scoregroup #3, #10 and #11")
    doc = read_trf(DATA / "conformance" / "dutch-2016" / "irregular-1220-p10-r8.trf")
    odd = round_text(explain_round(state_before_round(doc, 6), BAKU_2016))
    assert "receives the pairing-allocated bye (A.5, C.2)" in odd


def test_a_perfect_candidate_is_chosen_by_b4_and_the_best_of_all_by_b8(explained: Explained) -> None:
    """Round 5: bracket 4's candidate 9-5, #7 floats is perfect (B.4); bracket 3's 1-12, 2-4, #5 floats is the
    best of all after every candidate (B.8)."""
    chosen = _lines(round_text(explained(5)), "Chosen")
    assert "Chosen (B.4: perfect, accepted at once): 9-5, #7 floats." in chosen
    assert "Chosen (B.8): 1-12, 2-4, #5 floats." in chosen


def test_colour_letters_are_named_for_what_they_are(explained: Explained) -> None:
    """In the player lines W/B are preferences (A.6); in the colours section the played colours are labelled."""
    text = round_text(explained(5))
    assert "#1 played WBWB (a mild preference for White); #12 played WBBW (a mild preference for Black)." in text


def test_the_manuals_departures_are_noted_at_their_steps(explained: Explained) -> None:
    """The teaching view's notes: round 2's swapped colour letters, round 4's three candidates of bracket
    12 | 3 11, round 5's C.13 count; another tournament, even one point of rating away, gets none."""
    from dataclasses import replace

    from arbiter_app.explain.manual_notes import manual_notes

    def notes(round_number: int, moved: tuple[int, ...], residents: tuple[int, ...]) -> tuple[str, ...]:
        return manual_notes(explained(round_number).state, moved, residents)

    assert [n.split(" ")[0:2] for n in notes(4, (12,), (3, 11))] == [
        ["Candidate", "1"],
        ["Candidate", "2"],
        ["Candidate", "3"],
    ]
    assert "swapped" in notes(2, (), (1, 4, 5, 9))[0]
    assert "C.13" in notes(5, (7, 6, 8), (3, 10, 11))[0]
    assert notes(4, (), (1, 5)) == ()
    state = explained(4).state
    other = replace(state, players=tuple(replace(p, rating=p.rating + (p.number == 1)) for p in state.players))
    assert manual_notes(other, (12,), (3, 11)) == ()


def test_downfloater_values_measure_from_a8s_artificial_value(explained: Explained) -> None:
    """Round 4, bracket 12 | 3 11: the lowest ranked player has 1.0, so A.8's artificial value is 0.0 and #11
    (1.0) floating has a score difference of 1.0 (C.16) -- not -1.0 measured from below the next scoregroup."""
    from arbiter_app.explain import why_float, why_float_text

    text = why_float_text(explained(4), why_float(explained(4), 11))
    assert "score difference 1.0 to A.8's artificial value 0.0" in text
    assert "-1.0" not in text
