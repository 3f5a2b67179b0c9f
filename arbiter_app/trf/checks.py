"""Checks of a TRF-16 file that need all its ``001`` lines at once.

A round cell names the opponent by pairing number, so both players of a game
list each other in the same round (FIDE C.04 Annex 2, TRF16), with opposite
colours (``w``/``b``, or ``-`` on both sides of an unplayed forfeit) and
agreeing results (``1``/``0``, ``=``/``=``, ``+``/``-``, ``-``/``-``, and the
unusual results of a played game ``=``/``0`` and ``0``/``0`` (1/2-0, 0-1/2, 0-0,
which C.04.2 lets the arbiter record); ``W D L`` are synonyms of ``1 = 0``). Errors name the later of the two lines, since it
contradicts what an earlier line already said.
"""

from __future__ import annotations

from collections.abc import Iterator

from .errors import TrfFormatError
from .layout import (
    BYE_CODES,
    COLOUR_OFFSET,
    OPPONENT_OFFSET,
    RESULT_CODES,
    RESULT_OFFSET,
    RESULT_SYNONYMS,
    round_column,
)
from .model import PlayerLine, RoundEntry, TrfWarning

_OPPOSITE_COLOUR = {"w": "b", "b": "w", "-": "-"}
# For each (normalised) result, the results the opponent may have.
UNKNOWN = "?"
"""An unknown result (TRF-2026 '?'; a symbol the format does not define is read so, checklist Q166)."""
_RECIPROCAL_RESULTS = {"1": "0", "0": "1=0", "=": "=0", "+": "-", "-": "+-", " ": " ", "?": "?"}


def check_pairings(players: tuple[PlayerLine, ...], source: str) -> tuple[TrfWarning, ...]:
    """Check opponents and pairing symmetry; return the warnings, by position.

    Raises :class:`TrfFormatError` for an unknown opponent or an asymmetric
    pairing.
    """
    by_number = {player.number: player for player in players}
    for player in players:
        for round_number, entry in enumerate(player.rounds, 1):
            if entry.opponent is not None and entry.opponent not in by_number:
                expected = "the pairing number of a player in the file"
                raise _cell_error(source, player, round_number, OPPONENT_OFFSET, expected)
    warnings: list[TrfWarning] = []
    byes: dict[int, PlayerLine] = {}
    for player in players:
        for round_number, entry in enumerate(player.rounds, 1):
            if entry.code == "U":
                if round_number in byes:
                    first = byes[round_number]
                    expected = (
                        f"one pairing-allocated bye 'U' a round (line {first.line_number} gives round"
                        f" {round_number}'s to {first.number})"
                    )
                    raise _cell_error(source, player, round_number, RESULT_OFFSET, expected)
                byes[round_number] = player
            if entry.opponent is None:
                continue
            if entry.code in BYE_CODES:
                # A bye with an opponent would put the player on two boards of the round.
                expected = f"opponent 0000 with the bye code '{entry.code}' (a bye has no opponent)"
                raise _cell_error(source, player, round_number, OPPONENT_OFFSET, expected)
            _check_reciprocal(player, round_number, by_number[entry.opponent], source)
    warnings.extend(_full_point_bye_warnings(players))
    return tuple(sorted(warnings, key=lambda warning: (warning.line, warning.column)))


def _paired_opponent(entry: RoundEntry) -> int | None:
    """The opponent a cell pairs its player with; a bye code pairs with nobody."""
    return None if entry.code in BYE_CODES else entry.opponent


def _normalised(code: str) -> str:
    return RESULT_SYNONYMS.get(code, code)


def _check_reciprocal(player: PlayerLine, round_number: int, opponent: PlayerLine, source: str) -> None:
    """``player`` lists ``opponent`` in ``round_number``: check that it agrees."""
    entry = player.rounds[round_number - 1]
    other = opponent.entry(round_number)
    if other is None or _paired_opponent(other) != player.number:
        if opponent.line_number > player.line_number:
            expected = (
                f"opponent {player.number} (line {player.line_number} pairs"
                f" {player.number} with {opponent.number} in round {round_number})"
            )
            raise _cell_error(source, opponent, round_number, OPPONENT_OFFSET, expected)
        expected = (
            f"an opponent other than {opponent.number}"
            f" (line {opponent.line_number} {_describe(opponent, round_number)})"
        )
        raise _cell_error(source, player, round_number, OPPONENT_OFFSET, expected)
    if opponent.line_number < player.line_number:
        return  # checked from the opponent's line, which comes first
    if other.colour != _OPPOSITE_COLOUR[entry.colour]:
        expected = (
            f"colour '{_OPPOSITE_COLOUR[entry.colour]}' (line {player.line_number} gives"
            f" {player.number} colour '{entry.colour}' in round {round_number})"
        )
        raise _cell_error(source, opponent, round_number, COLOUR_OFFSET, expected)
    allowed = _RECIPROCAL_RESULTS[_normalised(entry.code)]
    if entry.code == UNKNOWN and other.code != UNKNOWN:
        # The earlier line's result is unknown (a symbol the format does not define, read as '?') while the later
        # line gives one: the error is the earlier line's (issue 29, D12), not the line that gives a result.
        theirs = _RECIPROCAL_RESULTS[_normalised(other.code)]
        codes = " or ".join(f"'{code}'" for code in RESULT_CODES if _normalised(code) in theirs)
        expected = (
            f"result {codes} (line {opponent.line_number} gives {opponent.number} result '{other.code}' in round "
            f"{round_number}; a symbol the format does not define is read as '?')"
        )
        raise _cell_error(source, player, round_number, RESULT_OFFSET, expected)
    if _normalised(other.code) not in allowed:
        codes = " or ".join(f"'{code}'" for code in RESULT_CODES if _normalised(code) in allowed)
        expected = (
            f"result {codes} (line {player.line_number} gives"
            f" {player.number} result '{entry.code}' in round {round_number})"
        )
        raise _cell_error(source, opponent, round_number, RESULT_OFFSET, expected)


def _describe(player: PlayerLine, round_number: int) -> str:
    """What ``player``'s line says about its pairing in ``round_number``."""
    entry = player.entry(round_number)
    if entry is None:
        return f"has no round {round_number} cell for {player.number}"
    opponent = _paired_opponent(entry)
    if opponent is None:
        return f"gives {player.number} no opponent in round {round_number}"
    return f"pairs {player.number} with {opponent} in round {round_number}"


def _cell_error(source: str, player: PlayerLine, round_number: int, offset: int, expected: str) -> TrfFormatError:
    """An error at a field of a round cell; an opponent error shows the whole cell."""
    entry = player.entry(round_number)
    cell = "" if entry is None else entry.as_cell()
    found = cell if offset == OPPONENT_OFFSET else cell[offset]
    return TrfFormatError(source, player.line_number, round_column(round_number) + offset, expected, found)


def _full_point_bye_warnings(players: tuple[PlayerLine, ...]) -> Iterator[TrfWarning]:
    """``F`` given to the only unpaired player of a round looks like a mistaken ``U``."""
    rounds = max((len(player.rounds) for player in players), default=0)
    for round_number in range(1, rounds + 1):
        present = [player for player in players if player.entry(round_number) is not None]
        alone = [player for player in present if player.rounds[round_number - 1].opponent is None]
        if len(present) > 1 and len(alone) == 1 and alone[0].rounds[round_number - 1].code == "F":
            yield TrfWarning(
                alone[0].line_number,
                round_column(round_number) + RESULT_OFFSET,
                "full-point bye 'F' while every other player was paired:"
                " 'U' (pairing-allocated bye) was probably meant",
            )
