"""The one exception hierarchy of the application.

Errors are raised, never returned as strings; only the command lines and the
GUI turn them into messages.
"""

from __future__ import annotations


class ArbiterError(Exception):
    """Base of every error the application raises on purpose."""


class RuleViolation(ArbiterError):
    """An action or a pairing would break an article of the rules."""

    def __init__(self, article: str, detail: str) -> None:
        super().__init__(f"{article}: {detail}")
        self.article = article
        self.detail = detail


class PairingImpossibleError(ArbiterError):
    """A.9: the round cannot be paired without breaking C.1-C.3; the arbiter decides."""

    def __init__(self, round_number: int, players: tuple[int, ...] = ()) -> None:
        message = f"round {round_number} cannot be paired without breaking C.1-C.3 (A.9: the arbiter decides)"
        if players:
            message += "; no legal opponent for " + ", ".join(f"#{n}" for n in players)
        super().__init__(message)
        self.round = round_number
        self.players = players


class ReasonRequired(RuleViolation):
    """The action changes something published and needs the arbiter's reason: ``article`` as the tournament's
    edition numbers it (Baku 2016: C.04.2.A.5)."""

    def __init__(self, detail: str, article: str = "C.04.2.A.5") -> None:
        super().__init__(article, detail)
