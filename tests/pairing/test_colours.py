"""A.6 colour preferences and E.1-E.5 colour allocation."""

from __future__ import annotations

import pytest

from arbiter_app.pairing.colours import ColourPreference, ColourRule, Strength, allocate_colours, colour_preference
from tests.pairing.helpers import B, W, games


@pytest.mark.parametrize(
    ("history", "colour", "strength"),
    [
        ("", None, Strength.NONE),  # A.6.d: no game yet
        ("W", B, Strength.STRONG),  # A.6.b: one white game is a colour difference of +1
        ("WB", W, Strength.MILD),  # A.6.c: balanced, alternate from the last game
        ("BW", B, Strength.MILD),
        ("WBW", B, Strength.STRONG),  # A.6.b: difference +1
        ("BWB", W, Strength.STRONG),  # A.6.b: difference -1
        ("WW", B, Strength.ABSOLUTE),  # A.6.a: the same colour in the two latest rounds
        ("BWBB", W, Strength.ABSOLUTE),  # A.6.a: the two latest were black
        ("WBWWW", B, Strength.ABSOLUTE),  # A.6.a: difference +3
        ("BWBWBB", W, Strength.ABSOLUTE),
    ],
)
def test_a6_colour_preference(history: str, colour: object, strength: Strength) -> None:
    preference = colour_preference(games(history))
    assert (preference.colour, preference.strength) == (colour, strength)


@pytest.mark.parametrize(
    ("with_gaps", "played"),
    [("BWB=W", "BWBW"), ("WB=WB", "WBWB"), ("BWW=B=W", "BWWBW")],
)
def test_d5_only_played_games_count(with_gaps: str, played: str) -> None:
    """C.04.2.D.5: BWB=W is treated as =BWBW, WB=WB as =WBWB, BWW=B=W as ==BWWBW."""
    assert colour_preference(games(with_gaps)) == colour_preference(games(played))


def test_a6_repeated_colour_across_an_unplayed_round_is_absolute() -> None:
    # W=W: the two latest *played* games were white (D.5).
    preference = colour_preference(games("BW=W"))
    assert (preference.colour, preference.strength) == (B, Strength.ABSOLUTE)


def pref(history: str) -> ColourPreference:
    return colour_preference(games(history))


def test_e1_both_preferences_granted() -> None:
    assert allocate_colours(pref("WB"), pref("BW"), 1, W) == (W, ColourRule.E1)


def test_e1_player_without_preference_takes_the_other_colour() -> None:
    assert allocate_colours(pref(""), pref("BW"), 1, W) == (W, ColourRule.E1)


def test_e2_absolute_beats_strong() -> None:
    # Higher: strong for white (BWB); lower: absolute for white (BB).
    assert allocate_colours(pref("BWB"), pref("WBB"), 1, W) == (B, ColourRule.E2)


def test_e2_strong_beats_mild() -> None:
    assert allocate_colours(pref("WB"), pref("BWB"), 1, W) == (B, ColourRule.E2)


def test_e2_two_absolutes_the_wider_colour_difference_wins() -> None:
    # Topscorers: BBWBB has difference -3, WBB has -1 but two blacks in a row.
    assert allocate_colours(pref("WBB"), pref("BBWBB"), 1, W) == (B, ColourRule.E2)


def test_e3_alternate_to_the_most_recent_difference() -> None:
    # Both mild for black (BWBW, WBBW); going back from the latest round
    # they had W/W, B/B, then W (higher) against B (lower): alternate that.
    assert allocate_colours(pref("BWBW"), pref("WBBW"), 1, W) == (B, ColourRule.E3)
    assert allocate_colours(pref("WBBW"), pref("BWBW"), 1, W) == (W, ColourRule.E3)


def test_e4_higher_ranked_preference_when_histories_are_equal() -> None:
    assert allocate_colours(pref("WB"), pref("WB"), 1, W) == (W, ColourRule.E4)


@pytest.mark.parametrize(("rank", "initial", "colour"), [(1, W, W), (2, W, B), (3, B, B), (4, B, W)])
def test_e5_pairing_number_parity_and_initial_colour(rank: int, initial: object, colour: object) -> None:
    assert allocate_colours(pref(""), pref(""), rank, initial) == (colour, ColourRule.E5)
