"""The FIDE (Dutch) pairing system, C.04.3 (Baku 2016): pure Python, no Qt, no database.

    from arbiter_app.pairing import pair_round
    pairing = pair_round(state)          # TournamentState -> RoundPairing
"""

from arbiter_app.pairing.engine import EDITIONS, pair_round
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
    "EDITIONS",
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
