"""Colour differences, colour preferences (C.04.3 A.6) and colour allocation (E.1-E.5).

Only played games count (C.04.2.D.5): a history ``BWB=W`` is treated as ``BWBW``.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from arbiter_app.pairing.model import Colour, RoundRecord


class Strength(enum.IntEnum):
    """Strength of a colour preference (A.6), weakest first."""

    NONE = 0
    """A.6.d: no game played yet."""
    MILD = 1
    """A.6.c: colour difference 0; alternate from the last game."""
    STRONG = 2
    """A.6.b: colour difference +1 or -1."""
    ABSOLUTE = 3
    """A.6.a: colour difference beyond +-1, or the same colour in the two latest games."""


@dataclass(frozen=True)
class ColourPreference:
    """A player's colour preference for the next game (A.6)."""

    colour: Colour | None
    """Preferred colour; None when the player has played no game."""
    strength: Strength
    imbalance: int
    """Absolute colour difference |whites - blacks| (A.6)."""
    repeated: Colour | None
    """Colour of the two (or more) latest played games when they were equal, else None."""
    played_colours: tuple[Colour, ...]
    """Colours of the played games, oldest first (D.5)."""

    @property
    def is_absolute(self) -> bool:
        """A.6.a."""
        return self.strength is Strength.ABSOLUTE

    @property
    def has_absolute_imbalance(self) -> bool:
        """|colour difference| > 1 (A.6.a, first half; C.04.1.f)."""
        return self.imbalance > 1

    @property
    def is_strong_or_absolute(self) -> bool:
        return self.strength >= Strength.STRONG

    def symbol(self) -> str:
        """``W*``/``B*`` absolute, ``W``/``B`` strong, ``w``/``b`` mild, ``-`` none (the manual's notation)."""
        if self.colour is None:
            return "-"
        letter = "W" if self.colour is Colour.WHITE else "B"
        if self.strength is Strength.ABSOLUTE:
            return letter + "*"
        return letter if self.strength is Strength.STRONG else letter.lower()


def colour_preference(history: tuple[RoundRecord, ...]) -> ColourPreference:
    """A.6: the colour preference from the colours of the played games."""
    colours = tuple(r.colour for r in history if r.outcome.is_played and r.colour is not None)
    whites = colours.count(Colour.WHITE)
    blacks = len(colours) - whites
    imbalance = abs(whites - blacks)
    lower = Colour.BLACK if whites > blacks else Colour.WHITE
    run = 0
    for colour in reversed(colours):
        if colour is not colours[-1]:
            break
        run += 1
    repeated = colours[-1] if run > 1 else None
    if imbalance > 1:
        return ColourPreference(lower, Strength.ABSOLUTE, imbalance, repeated, colours)
    if repeated is not None:
        return ColourPreference(repeated.opposite, Strength.ABSOLUTE, imbalance, repeated, colours)
    if imbalance == 1:
        return ColourPreference(lower, Strength.STRONG, imbalance, None, colours)
    if colours:
        return ColourPreference(colours[-1].opposite, Strength.MILD, 0, None, colours)
    return ColourPreference(None, Strength.NONE, 0, None, colours)


def preferences_compatible(a: ColourPreference, b: ColourPreference) -> bool:
    """Both preferences can be granted: they differ, or one player has none (A.6.d)."""
    return a.colour is None or b.colour is None or a.colour is not b.colour


class ColourRule(enum.Enum):
    """The article of section E that decided a pair's colours."""

    E1 = "E.1"
    E2 = "E.2"
    E3 = "E.3"
    E4 = "E.4"
    E5 = "E.5"


def _latest_difference(a: ColourPreference, b: ColourPreference) -> tuple[Colour, Colour] | None:
    """E.3: the colours of the two players in the most recent round (of played games) where they differed."""
    for colour_a, colour_b in zip(reversed(a.played_colours), reversed(b.played_colours)):
        if colour_a is not colour_b:
            return colour_a, colour_b
    return None


def allocate_colours(
    higher: ColourPreference,
    lower: ColourPreference,
    higher_rank: int,
    initial_colour: Colour,
) -> tuple[Colour, ColourRule]:
    """Colour of the higher ranked player of a pair, and the article that decided it.

    ``higher`` is the player ranked higher by A.2 (score, then pairing number);
    ``higher_rank`` is his pairing number as E.5 uses it (1-based).
    """
    if preferences_compatible(higher, lower):
        if higher.colour is not None:
            return higher.colour, ColourRule.E1
        if lower.colour is not None:
            return lower.colour.opposite, ColourRule.E1
    else:
        # E.2: grant the stronger preference; two absolute ones (topscorers):
        # the wider colour difference.
        if higher.is_absolute and (not lower.is_absolute or higher.imbalance > lower.imbalance):
            return _granted(higher.colour), ColourRule.E2
        if lower.is_absolute and (not higher.is_absolute or lower.imbalance > higher.imbalance):
            return _granted(lower.colour).opposite, ColourRule.E2
        if higher.strength is Strength.STRONG and lower.strength is not Strength.STRONG:
            return _granted(higher.colour), ColourRule.E2
        if lower.strength is Strength.STRONG and higher.strength is not Strength.STRONG:
            return _granted(lower.colour).opposite, ColourRule.E2
        difference = _latest_difference(higher, lower)
        if difference is not None:
            return difference[1], ColourRule.E3
        return _granted(higher.colour), ColourRule.E4
    # E.5: nobody has a preference.
    if higher_rank % 2 == 1:
        return initial_colour, ColourRule.E5
    return initial_colour.opposite, ColourRule.E5


def _granted(colour: Colour | None) -> Colour:
    assert colour is not None, "incompatible preferences are never empty"
    return colour
