"""The round-pairing of the FIDE (Dutch) system, edition by edition.

The edition of the rules is an object, required: ``pair_round(state,
FIDE_2026)`` or ``pair_round(state, BAKU_2016)`` (:mod:`arbiter_app.pairing.editions`).
The edition holds everything that differs between the texts (the float
definition, who may receive the bye, the quality criteria and their order,
and the round procedure: C.04.3 A.9 with its collapsed last bracket, or
C.04.3-2026 with [C4] and [C5] in every bracket).  Brackets are paired by
the same lexicographic matching for both (``brackets.py``).
"""

from __future__ import annotations

from arbiter_app.pairing.criteria import Contestant
from arbiter_app.pairing.editions.base import (
    DutchEdition,
    Pair,
    board_order,
    completable,
    effective_ranks,
    scoregroups,
)
from arbiter_app.pairing.editions.fide2026 import lowest_bye_score, restrict_bye_to_lowest_score, takes_the_bye
from arbiter_app.pairing.model import RoundPairing, TournamentState
from arbiter_app.pairing.observer import PairingObserver

__all__ = [
    "DutchEdition",
    "Pair",
    "board_order",
    "completable",
    "contestants",
    "effective_ranks",
    "lowest_bye_score",
    "pair_round",
    "restrict_bye_to_lowest_score",
    "scoregroups",
    "takes_the_bye",
]


def contestants(state: TournamentState, edition: DutchEdition) -> tuple[Contestant, ...]:
    """The players to pair as ``edition`` sees them (floats, bye eligibility), in A.2 order."""
    return edition.contestants(state)


def pair_round(state: TournamentState, edition: DutchEdition, observer: PairingObserver | None = None) -> RoundPairing:
    """Pair round ``state.round`` with the given edition of the Dutch rules.

    Raises ``PairingImpossibleError`` when no pairing satisfies C.1-C.3.
    """
    return edition.pair_round(state, observer or PairingObserver())
