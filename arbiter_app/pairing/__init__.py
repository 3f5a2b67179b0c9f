"""The FIDE (Dutch) pairing system, C.04.3: pure Python, no Qt, no database.

    from arbiter_app.pairing import BAKU_2016, FIDE_2026, pair_round
    pairing = pair_round(state, FIDE_2026)   # TournamentState -> RoundPairing (C.04.3-2026)
    pairing = pair_round(state, BAKU_2016)   # C.04.3 as approved in Baku 2016

``EDITIONS`` maps each registry name to its edition object; ``DEFAULT`` is the rules in force.
"""

from arbiter_app.pairing.editions import BAKU_2016, DEFAULT, EDITIONS, FIDE_2026, Baku2016, DutchEdition, Fide2026
from arbiter_app.pairing.engine import pair_round
from arbiter_app.pairing.model import (
    Board,
    Colour,
    Outcome,
    Player,
    PointSystem,
    RoundPairing,
    RoundRecord,
    TournamentState,
)

__all__ = [
    "BAKU_2016",
    "DEFAULT",
    "EDITIONS",
    "FIDE_2026",
    "Baku2016",
    "DutchEdition",
    "Fide2026",
    "Board",
    "Colour",
    "Outcome",
    "Player",
    "PointSystem",
    "RoundPairing",
    "RoundRecord",
    "TournamentState",
    "pair_round",
]
