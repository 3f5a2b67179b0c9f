"""Each case of changing a published pairing checked against what it says (C.04.2-2026 4.4; C.04.2.D.10)."""

from __future__ import annotations

from arbiter_app.pairing.change_cases import PublishedChange, why_not
from arbiter_app.pairing.model import Board, Colour, Outcome, Player, RoundPairing, RoundRecord, TournamentState


def _state(scores: dict[int, int], met: tuple[tuple[int, int], ...] = (), round_number: int = 2) -> TournamentState:
    """Round ``round_number`` to come: each player's one earlier round worth ``scores`` (tenths), ``met`` played."""
    opponents = {a: b for x, y in met for a, b in ((x, y), (y, x))}

    def history(n: int) -> tuple[RoundRecord, ...]:
        if n in opponents:
            outcome = Outcome.WIN if scores[n] >= 10 else Outcome.DRAW if scores[n] else Outcome.LOSS
            return (RoundRecord(outcome, opponents[n], Colour.WHITE if n < opponents[n] else Colour.BLACK, scores[n]),)
        return (RoundRecord(Outcome.HALF_POINT_BYE if scores[n] else Outcome.ZERO_POINT_BYE, points=scores[n]),)

    players = tuple(Player(n, history(n)) for n in sorted(scores))
    return TournamentState(round=round_number, total_rounds=round_number, players=players)


def _pairing(*boards: tuple[int, int], bye: int | None = None) -> RoundPairing:
    return RoundPairing(2, tuple(Board(w, b) for w, b in boards), bye)


EIGHT = {1: 10, 2: 0, 3: 10, 4: 0, 5: 5, 6: 5, 7: 5, 8: 5}
MET = ((1, 2), (3, 4))


def test_a_rematch_case_needs_a_published_rematch_that_the_change_takes_apart() -> None:
    state = _state(EIGHT, MET)
    clean = _pairing((1, 3), (2, 4), (5, 6), (7, 8))
    creating = _pairing((1, 2), (3, 4), (5, 6), (7, 8))  # the change makes rematches: no case for it
    assert why_not("rematch", PublishedChange(state, clean, creating, False)) == (
        "the published pairing pairs no two players who have played each other"
    )
    published = _pairing((1, 2), (3, 5), (4, 6), (7, 8))  # #1-#2 met in round 1
    kept = _pairing((2, 1), (3, 6), (4, 5), (7, 8))  # colours swapped: still the rematch
    assert why_not("rematch", PublishedChange(state, published, kept, False)) == (
        "the change keeps the published rematch #1-#2"
    )
    apart = _pairing((1, 5), (3, 2), (4, 6), (7, 8))
    assert why_not("rematch", PublishedChange(state, published, apart, False)) is None


def test_top_boards_only_in_the_final_round_and_only_at_the_top() -> None:
    """Scores as after a few rounds (the points of one record stand for them): the leaders #1, #3 on 2 points."""
    state = _state({1: 20, 3: 20, 5: 10, 6: 10, 7: 5, 8: 5, 2: 0, 4: 0})
    published = _pairing((1, 3), (5, 6), (7, 8), (2, 4))  # boards 1-2 hold the players within a win of 2 points
    top = _pairing((1, 5), (3, 6), (7, 8), (2, 4))
    assert why_not("top-boards", PublishedChange(state, published, top, False)) == "round 2 is not the final round"
    assert why_not("top-boards", PublishedChange(state, published, top, True)) is None
    low = _pairing((1, 3), (5, 6), (7, 2), (8, 4))
    assert why_not("top-boards", PublishedChange(state, published, low, True)) == (
        "boards 3, 4 are not among the top boards (1-2: a player within one win of the leader)"
    )


def test_a_late_entry_of_the_round_paired_by_the_change() -> None:
    state = _state({**EIGHT, 9: 0})
    published = _pairing((1, 3), (5, 6), (7, 8), (2, 4), bye=None)
    assert why_not("late-entry", PublishedChange(state, published, published, False)) == (
        "no late entry of round 2 is waiting to be paired"
    )
    waiting = PublishedChange(state, published, published, False, late_entries=frozenset({9}))
    assert why_not("late-entry", waiting) == "the change pairs none of the late entries of round 2 (#9)"
    seated = _pairing((1, 3), (5, 6), (7, 8), (2, 4), bye=9)
    assert why_not("late-entry", PublishedChange(state, published, seated, False, frozenset({9}))) is None


def test_two_players_left_without_an_opponent_paired_together() -> None:
    state = _state(EIGHT)
    published = _pairing((1, 3), (5, 6), (7, 8), (2, 4))
    # #6 and #7 did not come: #5 and #8 (both ½) play each other.
    together = _pairing((1, 3), (5, 8), (2, 4))
    assert why_not("unpaired-pair", PublishedChange(state, published, together, False)) is None
    swapped = _pairing((1, 3), (5, 8), (7, 6), (2, 4))  # their opponents still play: not left without one
    assert why_not("unpaired-pair", PublishedChange(state, published, swapped, False)) == (
        "#5 of the new board #5-#8 was not left without an opponent"
    )
    far = _pairing((1, 4), (5, 6), (7, 8))  # #3 and #2 left, #1 (1) and #4 (0): within one win
    assert why_not("unpaired-pair", PublishedChange(state, published, far, False)) is None


def test_the_competition_rules_are_the_arbiter_s_reading() -> None:
    state = _state(EIGHT)
    published = _pairing((1, 3), (5, 6), (7, 8), (2, 4))
    assert why_not("competition-rules", PublishedChange(state, published, _pairing((1, 5)), False)) is None
