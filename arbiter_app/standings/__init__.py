"""Standings, tie-breaks, crosstable and pairing lists: pure functions over the pairing model.

    from arbiter_app.standings import ARBITERS_MANUAL, standings, crosstable
    table = standings(state, ARBITERS_MANUAL.recommended["individual swiss"], lots=(7, 3))
    table.rows[0].place_label, table.value(4, "BH"), table.to_dict()

Points are exact :class:`fractions.Fraction` values (the model's tenths / 10).
Tie-breaks belong to a rule set (:class:`TieBreakRules`); the Arbiters'
Manual's is :data:`ARBITERS_MANUAL`, registered in :data:`RULE_SETS` under its
name, beside FIDE's C.07 editions 2024 and 2026 (:mod:`arbiter_app.standings.c07`).

Imports: the pairing model (and ``pairing.engine.board_order``) only.
"""

from arbiter_app.standings.c07 import C07_2024_RULES, C07_2026_RULES  # noqa: E402 - after the rule types
from arbiter_app.standings.crosstable import (
    Crosstable,
    CrosstableCell,
    CrosstableRow,
    PairingList,
    PairingListBoard,
    Unpaired,
    crosstable,
    pairing_list,
)
from arbiter_app.standings.manual import ARBITERS_MANUAL
from arbiter_app.standings.rules import (
    Evaluation,
    GroupTieBreak,
    PlayerTieBreak,
    TieBreak,
    TieBreakRules,
    UnknownTieBreakError,
)
from arbiter_app.standings.table import Standings, StandingsRow, standings
from arbiter_app.standings.unplayed import Encounter, TieBreakContext

RULE_SETS: dict[str, TieBreakRules] = {
    ARBITERS_MANUAL.name: ARBITERS_MANUAL,
    C07_2026_RULES.name: C07_2026_RULES,
    C07_2024_RULES.name: C07_2024_RULES,
}
"""Tie-break rule sets by name: the Arbiters' Manual's and FIDE C.07's (``c07-2026``, ``c07-2024``)."""

__all__ = [
    "ARBITERS_MANUAL",
    "RULE_SETS",
    "Crosstable",
    "CrosstableCell",
    "CrosstableRow",
    "Encounter",
    "Evaluation",
    "GroupTieBreak",
    "PairingList",
    "PairingListBoard",
    "PlayerTieBreak",
    "Standings",
    "StandingsRow",
    "TieBreak",
    "TieBreakContext",
    "TieBreakRules",
    "UnknownTieBreakError",
    "Unpaired",
    "crosstable",
    "pairing_list",
    "standings",
]
