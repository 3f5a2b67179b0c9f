"""Hooks through which the engine reports what it does, for the explanation.

The engine never writes prose: an observer records what the hooks report.
The default observer does nothing, so an unobserved pairing runs at full speed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from arbiter_app.pairing.brackets import Bracket, BracketPairing
    from arbiter_app.pairing.colours import ColourRule
    from arbiter_app.pairing.criteria import Contestant
    from arbiter_app.pairing.model import Board


class PairingObserver:
    """Do-nothing hooks; subclass and override what you need."""

    def begin_round(self, round_number: int, players: tuple[Contestant, ...]) -> None:
        """The players to pair, in A.2 order."""

    def begin_bracket(self, bracket: Bracket) -> None:
        """A bracket is about to be paired (A.9)."""

    def bracket_paired(self, bracket: Bracket, pairing: BracketPairing) -> None:
        """The pairing B.8 chose for the bracket."""

    def completion_test(self, bracket: Bracket, passed: bool) -> None:
        """A.9: whether the downfloaters and the remaining players allow completing the round."""

    def collapsed(self, penultimate: Bracket, collapsed_last: tuple[Contestant, ...]) -> None:
        """A.9: the bracket becomes the PPB; the players below form the collapsed scoregroup."""

    def bye_score_settled(self, score: int) -> None:
        """C.04.3-2026 [C5]: the lowest score the assignee of the bye can have (tenths)."""

    def colour_decided(self, board: Board, rule: ColourRule) -> None:
        """Which article of section E gave the board its colours."""
