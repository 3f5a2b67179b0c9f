"""Small builders for pairing-core tests."""

from __future__ import annotations

from arbiter_app.pairing.model import Colour, Outcome, RoundRecord

W, B = Colour.WHITE, Colour.BLACK


def games(colours: str, opponent: int = 99) -> tuple[RoundRecord, ...]:
    """A history from a colour string: ``W``/``B`` a played draw with that colour, ``=`` a round without a game."""
    records = []
    for letter in colours:
        if letter == "=":
            records.append(RoundRecord(Outcome.ZERO_POINT_BYE))
        else:
            records.append(RoundRecord(Outcome.DRAW, opponent, W if letter == "W" else B, 5))
    return tuple(records)
