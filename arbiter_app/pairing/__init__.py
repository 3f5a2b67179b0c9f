"""The FIDE (Dutch) pairing system, C.04.3: pure Python, no Qt, no database.

    from arbiter_app.pairing import pair_round
    pairing = pair_round(state, "fide-2026")   # TournamentState -> RoundPairing (C.04.3-2026)
    pairing = pair_round(state, "baku-2016")   # C.04.3 as approved in Baku 2016 (the default)

``EDITIONS`` maps each name to its edition object (``Fide2026``, ``Baku2016``).
"""

from arbiter_app.pairing.engine import DEFAULT_EDITION, EDITIONS, Baku2016, DutchEdition, Fide2026, pair_round
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
    "DEFAULT_EDITION",
    "EDITIONS",
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
