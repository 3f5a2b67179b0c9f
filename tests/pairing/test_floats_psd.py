"""A.4 floats and A.8 pairing score differences."""

from __future__ import annotations

from arbiter_app.pairing.criteria import C6, artificial_score, failure_value
from arbiter_app.pairing.floats import Float, float_in_round
from arbiter_app.pairing.model import Colour, Outcome, Player, RoundRecord


def win(opponent: int, colour: Colour) -> RoundRecord:
    return RoundRecord(Outcome.WIN, opponent, colour, 10)


def loss(opponent: int, colour: Colour) -> RoundRecord:
    return RoundRecord(Outcome.LOSS, opponent, colour, 0)


def test_a4_higher_scored_player_downfloats_lower_upfloats() -> None:
    # Round 1: 1 beats 3, 2 beats 4.  Round 2: 1 (1 point) against 4 (0 points).
    players = {
        1: Player(1, (win(3, Colour.WHITE), win(4, Colour.BLACK))),
        4: Player(4, (loss(2, Colour.BLACK), loss(1, Colour.WHITE))),
        2: Player(2, (win(4, Colour.WHITE), loss(3, Colour.BLACK))),
        3: Player(3, (loss(1, Colour.BLACK), win(2, Colour.WHITE))),
    }
    assert float_in_round(players[1], 2, players) is Float.DOWN
    assert float_in_round(players[4], 2, players) is Float.UP
    assert float_in_round(players[1], 1, players) is Float.NONE
    assert float_in_round(players[2], 2, players) is Float.DOWN
    assert float_in_round(players[3], 2, players) is Float.UP


def test_a4_a_player_who_does_not_play_receives_a_downfloat() -> None:
    players = {
        1: Player(1, (RoundRecord(Outcome.PAIRING_ALLOCATED_BYE, points=10),)),
        2: Player(2, (RoundRecord(Outcome.ZERO_POINT_BYE),)),
        3: Player(3, (RoundRecord(Outcome.FORFEIT_LOSS, 4, Colour.WHITE),)),
    }
    assert {float_in_round(p, 1, players) for p in players.values()} == {Float.DOWN}


class _P:
    def __init__(self, score: int) -> None:
        self.score = score


def psd(pairs: list[tuple[int, int]], floaters: list[int], lowest: int) -> object:
    return failure_value(C6, [(_P(a), _P(b)) for a, b in pairs], [_P(s) for s in floaters], artificial_score(lowest))


def test_a8_psd_lists_differences_highest_first() -> None:
    # Pairs 2.0-1.0 and 1.0-1.0, downfloater with 1.0 in a bracket whose lowest score is 1.0.
    assert psd([(20, 10), (10, 10)], [10], 10) == (10, 10, 0)


def test_a8_downfloater_against_an_artificial_score_one_point_below_the_bracket() -> None:
    # Even when that yields a negative value (a bracket scoring 0).
    assert psd([], [0], 0) == (10,)
    assert psd([], [5], 10) == (5,)


def test_a8_psds_compare_lexicographically() -> None:
    """Pairing both MDPs beats leaving the higher one to float (C.6: pair the highest MDPs)."""
    both_paired = psd([(30, 10), (20, 10)], [10], 10)
    higher_floats = psd([(20, 10), (10, 10)], [30], 10)
    assert both_paired == (20, 10, 10)
    assert higher_floats == (30, 10, 0)
    assert both_paired < higher_floats
