"""Crosstable (each player's rounds: opponent, colour, result) and the pairing list of a round.

The pairing list is sorted as C.04.2.D.9 prescribes, by
:func:`arbiter_app.pairing.engine.board_order`: the score of the higher ranked
player, the sum of both scores, then the initial rank of the higher ranked
player, with the scores before the round.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from arbiter_app.errors import ArbiterError
from arbiter_app.pairing.engine import board_order
from arbiter_app.pairing.model import Board, Colour, Outcome, RoundPairing, RoundRecord, TournamentState
from arbiter_app.standings.table import Standings, json_number
from arbiter_app.standings.unplayed import points, truncated_players

RESULT_TEXT = {
    Outcome.WIN: "1",
    Outcome.DRAW: "½",
    Outcome.LOSS: "0",
    Outcome.FORFEIT_WIN: "+",
    Outcome.FORFEIT_LOSS: "-",
    Outcome.PAIRING_ALLOCATED_BYE: "U",
    Outcome.HALF_POINT_BYE: "H",
    Outcome.FULL_POINT_BYE: "F",
    Outcome.ZERO_POINT_BYE: "Z",
    Outcome.ABSENT: "",
}
"""How a crosstable cell prints each outcome (byes by their TRF letter)."""

BOARD_RESULT = {
    Outcome.WIN: "1-0",
    Outcome.DRAW: "½-½",
    Outcome.LOSS: "0-1",
    Outcome.FORFEIT_WIN: "+/-",
    Outcome.FORFEIT_LOSS: "-/+",
}
"""A board's result from White's outcome (``"-/-"`` when both forfeit)."""


@dataclass(frozen=True)
class CrosstableCell:
    """One player's round in the crosstable."""

    round: int
    outcome: Outcome
    opponent: int | None
    """Opponent of a game or forfeit; None for byes and absences."""
    colour: Colour | None
    points: Fraction

    @property
    def result(self) -> str:
        """``"1"``, ``"½"``, ``"0"``, ``"+"``, ``"-"``, a bye letter, or ``""`` when absent."""
        return RESULT_TEXT[self.outcome]

    def to_dict(self) -> dict[str, Any]:
        """A JSON-serialisable dictionary."""
        return {
            "round": self.round,
            "opponent": self.opponent,
            "colour": self.colour.value if self.colour else None,
            "result": self.result,
            "points": json_number(self.points),
        }


@dataclass(frozen=True)
class CrosstableRow:
    """One player's line."""

    number: int
    name: str
    rating: int
    cells: tuple[CrosstableCell, ...]
    score: Fraction
    place: str = ""
    """Place label from the standings the crosstable was ordered by, else empty."""

    @property
    def running_scores(self) -> tuple[Fraction, ...]:
        """The score after each round: ``running_scores[k - 1]`` after round ``k``."""
        total, scores = Fraction(0), []
        for cell in self.cells:
            total += cell.points
            scores.append(total)
        return tuple(scores)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-serialisable dictionary."""
        return {
            "number": self.number,
            "name": self.name,
            "rating": self.rating,
            "place": self.place,
            "score": json_number(self.score),
            "cells": [cell.to_dict() for cell in self.cells],
        }


@dataclass(frozen=True)
class Crosstable:
    """All players' rounds after ``round`` rounds."""

    round: int
    rows: tuple[CrosstableRow, ...]

    def to_dict(self) -> dict[str, Any]:
        """A JSON-serialisable dictionary."""
        return {"round": self.round, "rows": [row.to_dict() for row in self.rows]}


def crosstable(state: TournamentState, after_round: int | None = None, order: Standings | None = None) -> Crosstable:
    """The crosstable after ``after_round`` rounds, by pairing number or in the order of ``order``."""
    players = {p.number: p for p in truncated_players(state, after_round)}
    rounds = state.round - 1 if after_round is None else after_round
    places = {row.number: row.place_label for row in order.rows} if order else {}
    numbers = [row.number for row in order.rows] if order else sorted(players)
    rows = []
    for number in numbers:
        p = players[number]
        cells = tuple(
            CrosstableCell(k, r.outcome, r.opponent, r.colour, points(r.points)) for k, r in enumerate(p.history, 1)
        )
        rows.append(CrosstableRow(number, p.name, p.rating, cells, points(p.score), places.get(number, "")))
    return Crosstable(rounds, tuple(rows))


@dataclass(frozen=True)
class PairingListBoard:
    """One board of a published pairing."""

    board: int
    white: int
    black: int
    white_name: str
    black_name: str
    white_score: Fraction
    """White's score before the round."""
    black_score: Fraction
    result: str
    """``"1-0"``, ``"½-½"``, ``"0-1"``, ``"½-0"``, ``"0-½"``, ``"0-0"``, ``"+/-"``, ``"-/+"``, ``"-/-"``, or ``""``
    before the result."""

    def to_dict(self) -> dict[str, Any]:
        """A JSON-serialisable dictionary."""
        return {
            "board": self.board,
            "white": self.white,
            "black": self.black,
            "white_name": self.white_name,
            "black_name": self.black_name,
            "white_score": json_number(self.white_score),
            "black_score": json_number(self.black_score),
            "result": self.result,
        }


@dataclass(frozen=True)
class Unpaired:
    """A player without a board: the pairing-allocated bye, a requested bye, an absence."""

    number: int
    name: str
    outcome: Outcome | None
    """What the round brought; None when not yet known (a round not yet played)."""

    def to_dict(self) -> dict[str, Any]:
        """A JSON-serialisable dictionary."""
        result = RESULT_TEXT[self.outcome] if self.outcome else None
        return {"number": self.number, "name": self.name, "result": result}


@dataclass(frozen=True)
class PairingList:
    """The pairing of a round as published: boards in C.04.2.D.9 order, then the players without a board."""

    round: int
    boards: tuple[PairingListBoard, ...]
    unpaired: tuple[Unpaired, ...]

    def to_dict(self) -> dict[str, Any]:
        """A JSON-serialisable dictionary."""
        return {
            "round": self.round,
            "boards": [b.to_dict() for b in self.boards],
            "unpaired": [u.to_dict() for u in self.unpaired],
        }


def pairing_list(
    state: TournamentState,
    round_number: int,
    pairing: RoundPairing | None = None,
    granted: Mapping[int, Outcome] | None = None,
) -> PairingList:
    """The pairing list of a round already in the histories, or of ``pairing`` (e.g. the round to play).

    ``granted``: for a round not yet played, what a player without a board was
    granted before the pairing (a requested half-point bye, an absence), so the
    list names it rather than "not paired"."""
    recorded = state.round - 1
    if pairing is None and not 1 <= round_number <= recorded:
        raise ArbiterError(f"round {round_number} is not among the {recorded} rounds recorded")
    if not 1 <= round_number <= recorded + 1:
        raise ArbiterError(f"round {round_number} cannot be listed before round {recorded + 1} is paired")
    before = TournamentState(round_number, state.total_rounds, truncated_players(state, round_number - 1))
    records = {p.number: p.history[round_number - 1] for p in state.players if round_number <= recorded}
    boards = _recorded_boards(records) if pairing is None else list(pairing.boards)
    scores = {p.number: points(p.score) for p in before.players}
    names = {p.number: p.name for p in state.players}
    listed = tuple(
        PairingListBoard(k, b.white, b.black, names[b.white], names[b.black], scores[b.white], scores[b.black],
                         _board_result(records, b))
        for k, b in enumerate(board_order(boards, before), 1)
    )  # fmt: skip
    on_boards = {n for b in boards for n in (b.white, b.black)}
    if pairing is None:
        unpaired = [Unpaired(n, names[n], r.outcome) for n, r in records.items() if n not in on_boards]
    else:
        unpaired = [
            Unpaired(p.number, p.name, _outcome_of_unpaired(records, pairing, p.number, granted or {}))
            for p in state.players
            if p.number not in on_boards
        ]
    unpaired.sort(key=lambda u: (u.outcome is not Outcome.PAIRING_ALLOCATED_BYE, u.number))
    return PairingList(round_number, listed, tuple(unpaired))


def _outcome_of_unpaired(
    records: dict[int, RoundRecord], pairing: RoundPairing, number: int, granted: Mapping[int, Outcome]
) -> Outcome | None:
    """The recorded outcome; for a round not yet played, the pairing-allocated bye, what was granted, or None."""
    if records:
        return records[number].outcome
    return Outcome.PAIRING_ALLOCATED_BYE if number == pairing.bye else granted.get(number)


def _recorded_boards(records: dict[int, RoundRecord]) -> list[Board]:
    boards = []
    for number, record in records.items():
        opponent = record.opponent
        if opponent is None:
            continue
        if record.colour is Colour.WHITE or (
            record.colour is None and records[opponent].colour is None and number < opponent
        ):
            boards.append(Board(number, opponent))
    return boards


def _board_result(records: dict[int, RoundRecord], board: Board) -> str:
    record = records.get(board.white)
    if record is None or record.opponent != board.black:
        return ""
    if record.outcome is Outcome.FORFEIT_LOSS and records[board.black].outcome is Outcome.FORFEIT_LOSS:
        return "-/-"
    black = records[board.black].outcome
    if record.outcome.is_played and black.is_played:  # ½-0, 0-½ and 0-0 too (checklist Q180)
        return f"{RESULT_TEXT[record.outcome]}-{RESULT_TEXT[black]}"
    return BOARD_RESULT.get(record.outcome, "")
