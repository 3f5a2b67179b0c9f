"""Plain immutable data the pairing engine works on.

Scores are integers in tenths of a point (``15`` is 1.5 points), so that any
point system of the TRF (``BBW 3.0``, ``BBD 1.0``...) is exact.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field

from arbiter_app.errors import ArbiterError


class Colour(enum.Enum):
    """A piece colour."""

    WHITE = "w"
    BLACK = "b"

    @property
    def opposite(self) -> Colour:
        """The other colour."""
        return Colour.BLACK if self is Colour.WHITE else Colour.WHITE


class Outcome(enum.Enum):
    """What a round brought one player (TRF result codes in brackets)."""

    WIN = "1"
    DRAW = "="
    LOSS = "0"
    FORFEIT_WIN = "+"
    FORFEIT_LOSS = "-"
    PAIRING_ALLOCATED_BYE = "U"
    HALF_POINT_BYE = "H"
    FULL_POINT_BYE = "F"
    ZERO_POINT_BYE = "Z"
    ABSENT = " "

    @property
    def is_played(self) -> bool:
        """A game was played over the board (C.04.2.D.5, D.6)."""
        return self in (Outcome.WIN, Outcome.DRAW, Outcome.LOSS)

    @property
    def took_part_in_pairing(self) -> bool:
        """The player was paired (a game or a forfeit) or got the pairing-allocated bye."""
        return self in (
            Outcome.WIN,
            Outcome.DRAW,
            Outcome.LOSS,
            Outcome.FORFEIT_WIN,
            Outcome.FORFEIT_LOSS,
            Outcome.PAIRING_ALLOCATED_BYE,
        )

    @property
    def bars_pairing_allocated_bye(self) -> bool:
        """C.04.1.d / C.2: a pairing-allocated bye or a forfeit win already received."""
        return self in (Outcome.FORFEIT_WIN, Outcome.PAIRING_ALLOCATED_BYE)


class Float(enum.Enum):
    """The float a player received in a round (C.04.3 A.4.b; C.04.3-2026 1.4): a value, defined by the
    edition's rule in :mod:`arbiter_app.pairing.floats`."""

    DOWN = "D"
    UP = "U"
    NONE = " "


@dataclass(frozen=True)
class PointSystem:
    """Points, in tenths, for each kind of result (TRF ``BBW BBD BBL BBZ BBF BBU``)."""

    win: int = 10
    draw: int = 5
    loss: int = 0
    zero_point_bye: int = 0
    forfeit_loss: int = 0
    pairing_allocated_bye: int = 10

    def points_for(self, outcome: Outcome) -> int:
        """Points scored with ``outcome``."""
        return {
            Outcome.WIN: self.win,
            Outcome.FORFEIT_WIN: self.win,
            Outcome.FULL_POINT_BYE: self.win,
            Outcome.DRAW: self.draw,
            Outcome.HALF_POINT_BYE: self.draw,
            Outcome.LOSS: self.loss,
            Outcome.FORFEIT_LOSS: self.forfeit_loss,
            Outcome.ZERO_POINT_BYE: self.zero_point_bye,
            Outcome.ABSENT: self.zero_point_bye,
            Outcome.PAIRING_ALLOCATED_BYE: self.pairing_allocated_bye,
        }[outcome]


@dataclass(frozen=True)
class RoundRecord:
    """One player's past round."""

    outcome: Outcome
    """What the round brought."""
    opponent: int | None = None
    """Pairing number of the opponent (played or forfeited game), else None."""
    colour: Colour | None = None
    """Colour the player was paired with; None when there was no pairing."""
    points: int = 0
    """Points scored in the round, in tenths."""


@dataclass(frozen=True)
class Player:
    """A registered player and the history a pairing needs."""

    number: int
    """Pairing number (C.04.2.B.3)."""
    history: tuple[RoundRecord, ...] = ()
    """Rounds 1, 2, ... before the round being paired."""
    accelerations: tuple[int, ...] = ()
    """Virtual points per round 1, 2, ... (C.04.5), in tenths; missing rounds are 0."""
    rating: int = 0
    name: str = ""

    @property
    def score(self) -> int:
        """Points scored in the rounds of ``history``, in tenths, without virtual points."""
        return sum(record.points for record in self.history)

    def acceleration(self, round_number: int) -> int:
        """Virtual points (tenths) added for pairing round ``round_number``."""
        index = round_number - 1
        return self.accelerations[index] if 0 <= index < len(self.accelerations) else 0

    def pairing_score(self, round_number: int) -> int:
        """Score used to pair round ``round_number`` (A.2): points before it plus virtual points."""
        before = sum(record.points for record in self.history[: round_number - 1])
        return before + self.acceleration(round_number)

    @property
    def has_been_paired(self) -> bool:
        """The player took part in the pairing of some earlier round."""
        return any(record.outcome.took_part_in_pairing for record in self.history)


@dataclass(frozen=True)
class TournamentState:
    """Everything needed to pair the next round."""

    round: int
    """The round to pair (1-based)."""
    total_rounds: int
    """Rounds of the tournament (C.04.1.a); needed for topscorers (A.7)."""
    players: tuple[Player, ...]
    """All registered players."""
    not_paired: frozenset[int] = frozenset()
    """Pairing numbers not to be paired this round: requested byes, absences, withdrawals."""
    initial_colour: Colour = Colour.WHITE
    """Colour drawn by lot before round 1 (E.5)."""
    forbidden_pairs: frozenset[frozenset[int]] = frozenset()
    """Pairs the arbiter has ruled may not meet (treated like C.1)."""
    points: PointSystem = field(default_factory=PointSystem)

    def __post_init__(self) -> None:
        numbers = [player.number for player in self.players]
        if len(set(numbers)) != len(numbers):
            raise ArbiterError("a pairing number is used twice")
        for player in self.players:
            if len(player.history) != self.round - 1:
                raise ArbiterError(
                    f"player {player.number} has {len(player.history)} past rounds, "
                    f"expected {self.round - 1} before round {self.round}"
                )

    @property
    def to_pair(self) -> tuple[Player, ...]:
        """The players to be paired this round."""
        return tuple(p for p in self.players if p.number not in self.not_paired)


@dataclass(frozen=True)
class Board:
    """One game of a pairing."""

    white: int
    black: int


@dataclass(frozen=True)
class RoundPairing:
    """The pairing of a round: boards in C.04.2.D.9 order and the pairing-allocated bye."""

    round: int
    boards: tuple[Board, ...]
    bye: int | None = None

    def pairs(self) -> frozenset[tuple[int, int]]:
        """The (white, black) pairs, for comparisons that ignore board order."""
        return frozenset((board.white, board.black) for board in self.boards)
