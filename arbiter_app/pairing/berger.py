"""Round robins paired by the Berger tables (FIDE Handbook C.05, Annex 1; Arbiters' Manual, "Berger Tables
for Round-Robin Tournaments").

Pure: pairing numbers in, boards out.  One function per rule of the tables:

* :func:`table_size` -- "Where there is an odd number of players, the highest number counts as a bye"
  (the table of N + 1 is used, N + 1 being the missing number);
* :func:`rounds_in_cycle` -- a cycle has N - 1 rounds for an even field, N for an odd one (Arbiters'
  Manual, "Round Robin Tournament": all the players play each other);
* :func:`board_one` -- the highest number, n, meets player k(r) on board 1, with black in the odd rounds
  and white in the even ones;
* :func:`other_boards` -- boards 2 .. n/2 pair k(r) + (b - 1) (white) against k(r) - (b - 1) (black),
  numbers taken around the circle 1 .. n - 1;
* :func:`berger_round` -- one round of the table; :func:`berger_table` -- all of a cycle;
* :func:`double_round_robin` -- the second cycle repeats the first with the colours reversed;
  with ``reverse_last_two`` the last two rounds of the first cycle are played in the reverse order
  (Arbiters' Manual: "For a double-round tournament it is recommended to reverse the order of the last
  two rounds of the first cycle.  This is to avoid three consecutive games with the same colour").
* :func:`berger_row` -- the desk's answer: which round of the table, which board, and why this colour.

These functions reproduce the tables the Arbiters' Manual prints for 4, 6, 8, 10, 12, 14 and 16 players
(tests/pairing/test_berger.py holds them as printed) and extend them to any number of players.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from arbiter_app.errors import ArbiterError

MINIMUM_PLAYERS = 2
"""A round robin needs at least two players (the issue asks for 3 to 24 and beyond; 2 is a match)."""


@dataclass(frozen=True, slots=True)
class BergerRound:
    """One round of a round robin, in pairing numbers: boards as (white, black), the one who sits out."""

    number: int
    boards: tuple[tuple[int, int], ...]
    bye: int | None = None

    def pairs(self) -> list[frozenset[int]]:
        return [frozenset(board) for board in self.boards]

    def lines(self) -> list[str]:
        """The engines' output for the round: ``white black`` per board, then ``p 0`` for the bye."""
        lines = [f"{white} {black}" for white, black in self.boards]
        if self.bye is not None:
            lines.append(f"{self.bye} 0")
        return lines


def _check_players(players: int) -> None:
    if players < MINIMUM_PLAYERS:
        raise ArbiterError(f"a round robin needs at least {MINIMUM_PLAYERS} players, not {players}")


def table_size(players: int) -> int:
    """The Berger table used for ``players``: itself when even, else the next even number (C.05 Annex 1:
    "Where there is an odd number of players, the highest number counts as a bye")."""
    _check_players(players)
    return players if players % 2 == 0 else players + 1


def rounds_in_cycle(players: int) -> int:
    """Rounds of one cycle: N - 1 for an even field, N for an odd one (each player sits out once)."""
    return table_size(players) - 1


def _around(value: int, circle: int) -> int:
    """``value`` on the circle of numbers 1 .. circle."""
    return (value - 1) % circle + 1


def opponent_of_highest(table: int, round_number: int) -> int:
    """k(r): the number that meets the highest number ``table`` in round r of its Berger table.

    Round 1 pairs 1 with n; each later round moves k by n/2 around the circle 1 .. n - 1
    (so k = 1, n/2 + 1, 2, n/2 + 2, 3, ... as the manual's tables show in their first column).
    """
    return _around(1 + (round_number - 1) * (table // 2), table - 1)


def board_one(table: int, round_number: int) -> tuple[int, int]:
    """Board 1 of round r: k(r) against n; k(r) has white in the odd rounds, n in the even rounds
    (the manual's tables: "Rd 1: 1-6", "Rd 2: 6-4", "Rd 3: 2-6", ...)."""
    k = opponent_of_highest(table, round_number)
    return (k, table) if round_number % 2 == 1 else (table, k)


def other_boards(table: int, round_number: int) -> list[tuple[int, int]]:
    """Boards 2 .. n/2 of round r: k + (b - 1) with white against k - (b - 1), around the circle 1 .. n - 1
    (the manual's "Rd 1: 2-5, 3-4", "Rd 2: 5-3, 1-2" for six players)."""
    k = opponent_of_highest(table, round_number)
    circle = table - 1
    return [(_around(k + step, circle), _around(k - step, circle)) for step in range(1, table // 2)]


def _validate_round(table: int, round_number: int) -> None:
    if table < MINIMUM_PLAYERS or table % 2:
        raise ArbiterError(f"a Berger table has an even number of rows, not {table}")
    if not 1 <= round_number <= table - 1:
        raise ArbiterError(f"the Berger table of {table} has rounds 1 to {table - 1}, not {round_number}")


def berger_round(players: int, round_number: int) -> BergerRound:
    """Round ``round_number`` (1 .. rounds_in_cycle) of the single round robin of ``players``.

    With an odd field the table of N + 1 is used and the player drawn against N + 1 sits out.
    """
    table = table_size(players)
    _validate_round(table, round_number)
    boards = [board_one(table, round_number), *other_boards(table, round_number)]
    bye = None
    if table != players:
        (bye,) = [w if b == table else b for w, b in boards if table in (w, b)]
        boards = [board for board in boards if table not in board]
    return BergerRound(round_number, tuple(boards), bye)


def berger_table(players: int) -> list[BergerRound]:
    """The single round robin: every round of the Berger table of ``players``."""
    return [berger_round(players, r) for r in range(1, rounds_in_cycle(players) + 1)]


def reversed_colours(round_: BergerRound, number: int) -> BergerRound:
    """The same round with the colours reversed, renumbered ``number`` (the second cycle)."""
    return BergerRound(number, tuple((black, white) for white, black in round_.boards), round_.bye)


def cycle_order(players: int, reverse_last_two: bool) -> list[int]:
    """The table rounds in the order the first cycle plays them: 1 .. R, or with ``reverse_last_two``
    1 .. R-2, R, R-1 (the manual's recommendation for a double round robin)."""
    count = rounds_in_cycle(players)
    order = list(range(1, count + 1))
    if reverse_last_two and count >= 2:
        order[-2], order[-1] = order[-1], order[-2]
    return order


def double_round_robin(players: int, reverse_last_two: bool = False) -> list[BergerRound]:
    """Both cycles: the first in :func:`cycle_order`, the second the table again with colours reversed."""
    count = rounds_in_cycle(players)
    first = [
        BergerRound(played, r.boards, r.bye)
        for played, r in enumerate((berger_round(players, t) for t in cycle_order(players, reverse_last_two)), 1)
    ]
    second = [reversed_colours(berger_round(players, t), count + t) for t in range(1, count + 1)]
    return first + second


def schedule(players: int, double: bool = False, reverse_last_two: bool = False) -> list[BergerRound]:
    """All rounds of the tournament: the single or the double round robin."""
    if reverse_last_two and not double:
        raise ArbiterError("reversing the last two rounds of the first cycle applies to a double round robin only")
    return double_round_robin(players, reverse_last_two) if double else berger_table(players)


def total_rounds(players: int, double: bool = False) -> int:
    return rounds_in_cycle(players) * (2 if double else 1)


@dataclass(frozen=True, slots=True)
class BergerRow:
    """Where a player's game in a round comes from in the Berger table (for the explanation at the desk)."""

    round_number: int
    table_round: int
    cycle: int
    player: int
    opponent: int | None
    white: bool | None
    text: str


def berger_row(
    players: int, player: int, round_number: int, double: bool = False, reverse_last_two: bool = False
) -> BergerRow:
    """Explain round ``round_number`` for ``player``: the table round, the board and the colour's rule."""
    rounds = schedule(players, double, reverse_last_two)
    if not 1 <= round_number <= len(rounds):
        raise ArbiterError(f"the round robin has rounds 1 to {len(rounds)}, not {round_number}")
    count = rounds_in_cycle(players)
    cycle = 1 if round_number <= count else 2
    table_round = cycle_order(players, reverse_last_two)[round_number - 1] if cycle == 1 else round_number - count
    table = table_size(players)
    source = f"Berger table of {table}" + (f" (number {table} missing: {players} players)" if table != players else "")
    where = f"round {round_number} is row 'Rd {table_round}' of the {source}"
    if cycle == 2:
        where += ", second cycle: colours reversed"
    elif table_round != round_number:
        where += ", the last two rounds of the first cycle reversed"
    current = rounds[round_number - 1]
    if current.bye == player:
        return BergerRow(
            round_number,
            table_round,
            cycle,
            player,
            None,
            None,
            f"{where}; player {player} is drawn against {table} and sits out",
        )
    for board, (white, black) in enumerate(current.boards, 1):
        if player in (white, black):
            opponent = black if player == white else white
            k = opponent_of_highest(table, table_round)
            if board == 1 and (table in (white, black) or current.bye is None):
                rule = f"board 1: {table} meets k = {k}; k has white in the odd rows, {table} in the even rows"
            else:
                rule = (
                    f"boards 2..{table // 2} pair k + s (white) with k - s (black) around the circle"
                    f" 1..{table - 1}, k = {k}"
                )
            colour = "white" if player == white else "black"
            return BergerRow(
                round_number,
                table_round,
                cycle,
                player,
                opponent,
                player == white,
                f"{where}; board {board}: {white}-{black}, player {player} has {colour} against {opponent} ({rule})",
            )
    raise ArbiterError(f"player {player} is not in the round robin of {players}")


def meetings(rounds: Iterable[BergerRound]) -> dict[frozenset[int], int]:
    """How often each pair meets in ``rounds``."""
    counts: dict[frozenset[int], int] = {}
    for round_ in rounds:
        for pair in round_.pairs():
            counts[pair] = counts.get(pair, 0) + 1
    return counts


def check_meetings(players: int, rounds: Sequence[Sequence[tuple[int, int]]], cycles: int = 1) -> list[str]:
    """Problems with hand-made rounds of a round robin of ``players`` (C.05: all the players play each
    other, once per cycle): a pair meeting more than ``cycles`` times, a player twice in a round,
    unknown numbers.  Empty when the rounds are sound so far."""
    problems: list[str] = []
    counts: dict[frozenset[int], int] = {}
    for number, boards in enumerate(rounds, 1):
        seen: set[int] = set()
        for white, black in boards:
            for p in (white, black):
                if not 1 <= p <= players:
                    problems.append(f"round {number}: {p} is not a pairing number of 1..{players}")
                if p in seen:
                    problems.append(f"round {number}: player {p} plays twice")
                seen.add(p)
            if white == black:
                continue
            pair = frozenset((white, black))
            counts[pair] = counts.get(pair, 0) + 1
            if counts[pair] > cycles:
                times = "once" if cycles == 1 else "twice"
                problems.append(f"round {number}: {white} and {black} meet again (each pair meets {times})")
    return problems


def check_colours(rounds: Sequence[Sequence[tuple[int, int]]], cycles: int = 1) -> list[str]:
    """Colour problems of hand-made rounds (checklist Q102: a double round robin not made by the Berger tables
    is guarded against three games in a row with the same colour; in a double round robin each pair plays
    one game with each colour).  Empty when sound so far."""
    problems: list[str] = []
    runs: dict[int, tuple[str, int]] = {}
    whites: dict[frozenset[int], list[int]] = {}
    for number, boards in enumerate(rounds, 1):
        for white, black in boards:
            for player, colour in ((white, "white"), (black, "black")):
                last, length = runs.get(player, ("", 0))
                length = length + 1 if last == colour else 1
                runs[player] = (colour, length)
                if length == 3:
                    problems.append(f"round {number}: player {player} has {colour} for the third game in a row")
            pair = frozenset((white, black))
            whites.setdefault(pair, []).append(white)
            if cycles == 2 and whites[pair].count(white) > 1:
                problems.append(f"round {number}: {white} has white against {black} again (one game each with white)")
    return problems
