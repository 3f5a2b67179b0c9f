"""Why not A against B? Why does X float, or get the bye? On the manual's tournament."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from arbiter_app.explain import (
    RoundExplanation,
    UnknownPlayerError,
    Verdict,
    why_float,
    why_float_text,
    why_not,
    why_not_text,
)
from arbiter_app.pairing.editions import BAKU_2016
from tests.explain.conftest import numbers, pair_set

Explained = Callable[[int], RoundExplanation]


def test_why_does_11_float_again_in_round_4(explained: Explained) -> None:
    """The manual's question: #11 got his second downfloat running; show him that his pairing is correct."""
    explanation = explained(4)
    answer = why_float(explanation, 11)
    assert not answer.bye and answer.opponent is not None and answer.opponent.number == 10
    (reason,) = answer.reasons
    assert numbers(reason.bracket.players) == [12, 3, 11]
    assert reason.search.complete and reason.search.best is not None
    assert pair_set(reason.search.best.pairs) == {frozenset({12, 11})}
    assert reason.search.best.loses_on == "C.7"
    others = {frozenset(pair_set(a.pairs)): a for a in reason.others}
    illegal = others[frozenset({frozenset({3, 11})})]
    assert illegal.violation is not None and illegal.violation.article == "C.1"
    text = why_float_text(explanation, answer)
    for phrase in (
        "Why does #11 float in round 4?",
        "12-3, #11 floats",
        "It fails only C.12",
        "#11 floats down again (as in round 3)",
        "12-11, #3 floats",
        "#3 and #10 already met in round 3",
        "It would also be worse on C.10",
        "#3 and #11 already met in round 2 (C.1)",
        "So #11 floats, and correctly",
        "higher priority (B.8)",
        "then paired against #10 in bracket 5",
    ):
        assert phrase in text, f"{phrase!r} missing from:\n{text}"


def test_why_not_already_met(explained: Explained) -> None:
    answer = why_not(explained(5), 7, 8)
    assert answer.verdict is Verdict.ALREADY_MET
    assert answer.violation is not None and "already met in round 3" in answer.violation.detail
    assert "C.1" in why_not_text(explained(5), answer)


def test_why_not_same_absolute_colour(explained: Explained) -> None:
    # Round 4: #2 and #9 both have an absolute preference for Black and are not topscorers.
    answer = why_not(explained(4), 2, 9)
    assert answer.verdict is Verdict.SAME_ABSOLUTE_COLOUR
    assert answer.violation is not None and answer.violation.article == "C.3"


def test_why_not_the_rest_would_fail_completion(explained: Explained) -> None:
    """Round 5: 6-7 would leave {8, 3, 10, 11}, who cannot all be paired (C.4, A.9)."""
    explanation = explained(5)
    answer = why_not(explanation, 6, 7)
    assert answer.verdict is Verdict.NO_LEGAL_CANDIDATE
    assert answer.bracket is not None and answer.bracket.index == 6
    assert answer.violation is not None and answer.violation.article == "C.4"
    assert "#8, #3, #10, #11 could not all be paired" in why_not_text(explanation, answer)


def test_why_not_loses_on_a_criterion(explained: Explained) -> None:
    """Round 5, CLB: 7-3 is possible, but the best candidate with it loses on C.17."""
    explanation = explained(5)
    answer = why_not(explanation, 3, 7)
    assert answer.verdict is Verdict.WORSE
    assert answer.search is not None and answer.search.best is not None
    assert answer.search.best.loses_on == "C.17"
    assert answer.search.best.value("C.17") == (10, 5)
    text = why_not_text(explanation, answer)
    assert "It loses on C.17" in text and "{1.0, 0.5} against {0.5, 0.5}" in text


def test_why_not_different_brackets(explained: Explained) -> None:
    explanation = explained(4)
    answer = why_not(explanation, 11, 1)
    assert answer.verdict is Verdict.DIFFERENT_BRACKETS
    assert answer.a.number == 1 and answer.b.number == 11
    assert answer.search is not None and answer.search.best is not None
    assert answer.search.best.loses_on == "C.5"  # #1 floating leaves his bracket without its one pair
    assert "cannot move up" in why_not_text(explanation, answer)


def test_why_not_when_paired(explained: Explained) -> None:
    assert why_not(explained(5), 11, 7).verdict is Verdict.PAIRED


def test_why_float_for_a_paired_player(explained: Explained) -> None:
    answer = why_float(explained(5), 3)
    assert not answer.reasons and answer.opponent is not None and answer.opponent.number == 6
    assert "does not float" in why_float_text(explained(5), answer)


def test_why_float_through_two_brackets(explained: Explained) -> None:
    """Round 5: #7 floats out of [5][7, 9] and again out of the PPB."""
    answer = why_float(explained(5), 7)
    assert [r.bracket.index for r in answer.reasons] == [4, 6]
    assert answer.opponent is not None and answer.opponent.number == 11


def test_unknown_player(explained: Explained) -> None:
    with pytest.raises(UnknownPlayerError):
        why_float(explained(4), 99)


def test_why_the_bye() -> None:
    """A five-player round: the bye goes to the lowest who may have it (C.2), out of the last bracket."""
    from arbiter_app.explain import explain_round
    from arbiter_app.pairing.model import Player, TournamentState

    state = TournamentState(round=1, total_rounds=3, players=tuple(Player(n) for n in range(1, 6)))
    explanation = explain_round(state, BAKU_2016)
    bye = explanation.outline.pairing.bye
    assert bye == 5
    answer = why_float(explanation, 5)
    assert answer.bye and answer.reasons
    text = why_float_text(explanation, answer)
    assert "Why does #5 get the pairing-allocated bye in round 1?" in text
    assert "gets the bye" in text


def test_best_with_pair_by_the_engine_equals_the_search(explained: Explained) -> None:
    """The exact shortcut for large brackets (the pair, plus the engine on the rest) agrees with the walk."""
    from itertools import combinations

    from arbiter_app.explain.why import best_with_pair, search

    compared = 0
    for round_number in range(2, 10):
        explanation = explained(round_number)
        for bracket in explanation.outline.final_brackets():
            ctx = explanation.context(bracket.index)
            moved = {p.number for p in bracket.bracket.moved_down}
            for a, b in combinations(bracket.players, 2):
                if {a.number, b.number} <= moved or ctx.pair_violation(a, b) is not None:
                    continue
                wanted = {a.number, b.number}
                walked = search(
                    explanation,
                    bracket.index,
                    lambda leaf, w=wanted: any({h.number, l.number} == w for h, l in leaf.pairs),
                    lambda node: True,
                )
                direct = best_with_pair(explanation, bracket.index, a, b)
                assert (walked.best is None) == (direct.best is None)
                if walked.best is not None and direct.best is not None:
                    assert walked.best.evaluation.key == direct.best.evaluation.key
                    compared += 1
    assert compared > 50
