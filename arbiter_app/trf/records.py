"""The TRF-2026 records ``182``, ``222``, ``250`` and ``260``: reading and writing them.

Facts (FIDE, "Format of Tournament Report File, Version 2026"; as the endorsed
2026 engine and the FIDE TEC's reference checker read them):

- ``182`` pairing controller identifier: the program (or the person) that made
  the pairings, free text from column 5.
- ``222`` encoded time control: ``d[:d]`` for both players, or ``Wd[:d]-Bd[:d]``
  when White and Black have different times (Armageddon), each period ``d`` one
  of ``M/S`` (``M`` moves in ``S`` seconds), ``M/S+I`` (with ``I`` seconds of
  increment a move), ``S`` (the rest of the game in ``S`` seconds) or ``S+I``:
  90 minutes with 30 seconds a move is ``5400+30``; 100 minutes for 40 moves,
  then 15 minutes, 30 seconds a move from move 1, is ``40/6000+30:900+30``.
- ``250`` accelerated rounds, one record a range of players and rounds:
  ``250 MMMM GGGG RRR RRR PPPP PPPP`` -- match points in columns 5-8 (teams
  only: blank for individuals), the fictitious points in 10-13 (not zero),
  the first and last round in 15-17 and 19-21, the first and last pairing
  number in 23-26 and 28-31.  The records of a file take the place of the
  engine lines ``XXA`` (which give the same points player by player).
- ``260`` prohibited pairings: ``260 RRR RRR PPPP PPPP ...`` -- the first and
  last round in columns 5-7 and 9-11, then the pairing numbers in 13-16,
  18-21, ... (every 5 columns): no two of them meet in those rounds.  The
  engine line ``XXP`` says the same for every round.
- National rating records: the columns 5-79 of a ``001`` line (pairing number,
  sex, title, name, rating in 49-52, federation, ID in 58-68, birth date) under
  the code of the federation whose list they come from (``NOR``), the one record
  ``172`` names with the tournament-rating method; the ``001`` line's rating is
  then the FIDE rating.

This module is pure: no Qt, no database.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction

from .errors import TrfFormatError
from .layout import PLAYER_CODE
from .model import PlayerLine, TrfDocument
from .writer import player_line_text

CONTROLLER_CODE = "182"
TIME_CONTROL_CODE = "222"
ACCELERATION_RECORD = "250"
PROHIBITION_RECORD = "260"

_PERIOD = r"(?:[1-9][0-9]*/)?[1-9][0-9]*(?:\+[0-9]+)?"
_PERIODS = rf"{_PERIOD}(?::{_PERIOD})*"
_TIME_CONTROL = re.compile(rf"{_PERIODS}|W{_PERIODS}-B{_PERIODS}")


def is_encoded_time_control(text: str) -> bool:
    """Whether ``text`` is a ``222`` encoded time control (``5400+30``, ``40/6000+30:900+30``, ``W300-B240``)."""
    return _TIME_CONTROL.fullmatch(text.strip()) is not None


def describe_time_control(code: str) -> str:
    """An encoded time control in words: ``5400+30`` -> ``90 min, 30 s a move``; ``W300-B240`` -> ``White 5 min;
    Black 4 min``.  ``code`` must be one (:func:`is_encoded_time_control`)."""
    code = code.strip()
    if code.startswith("W"):
        white, black = code[1:].split("-B")
        return f"White {describe_time_control(white)}; Black {describe_time_control(black)}"
    parts: list[str] = []
    for period in code.split(":"):
        moves, _, rest = period.rpartition("/")
        seconds, _, increment = rest.partition("+")
        text = _duration(int(seconds))
        text = f"{moves} moves in {text}" if moves else (text if not parts else f"{text} for the rest")
        if increment and int(increment):
            text += f", {increment} s a move"
        parts.append(text)
    return "; then ".join(parts)


def _duration(seconds: int) -> str:
    minutes, rest = divmod(seconds, 60)
    if not minutes:
        return f"{rest} s"
    return f"{minutes} min" + (f" {rest} s" if rest else "")


@dataclass(frozen=True)
class Acceleration:
    """A ``250`` record: ``points`` (tenths) added to the score of players ``first_player``-``last_player`` for
    pairing rounds ``first_round``-``last_round``."""

    points: int
    first_round: int
    last_round: int
    first_player: int
    last_player: int


@dataclass(frozen=True)
class Prohibition:
    """Players no two of whom may meet in rounds ``first_round``-``last_round`` (None: to the last round): a ``260``
    record, or an ``XXP`` line (every round).  ``line`` is its line number in the file (0: not from a file)."""

    players: tuple[int, ...]
    first_round: int = 1
    last_round: int | None = None
    line: int = 0

    def applies_to(self, round_number: int) -> bool:
        return self.first_round <= round_number and (self.last_round is None or round_number <= self.last_round)

    def covers(self, rounds_count: int) -> bool:
        """Whether it holds in every round of a tournament of ``rounds_count`` rounds."""
        return self.first_round <= 1 and (self.last_round is None or self.last_round >= rounds_count)

    def pairs(self) -> frozenset[frozenset[int]]:
        return frozenset(frozenset((a, b)) for a in self.players for b in self.players if a < b)


def _points(tenths: int) -> str:
    return f"{tenths // 10}.{tenths % 10}"


def _field(line: str, first: int, last: int) -> str:
    """Columns ``first``-``last`` (1-based, inclusive) of ``line``."""
    return line[first - 1 : last]


def _number(source: str, line_number: int, line: str, first: int, last: int, what: str, limit: int) -> int:
    text = _field(line, first, last)
    if not text.strip().isdigit() or not 1 <= int(text) <= limit:
        raise TrfFormatError(source, line_number, first, f"{what} in columns {first}-{last}", text.strip())
    return int(text)


def parse_acceleration(source: str, line_number: int, line: str) -> Acceleration:
    """A ``250`` record; :class:`TrfFormatError` naming the line and column of a field that is not as TRF-2026 says."""
    line = line.rstrip()
    if len(line) != 31 or any(line[k - 1] != " " for k in (4, 9, 14, 18, 22, 27)):
        raise TrfFormatError(source, line_number, 1, "250 MMMM GGGG RRR RRR PPPP PPPP (31 columns)", line)
    match_points = _field(line, 5, 8).strip()
    if match_points and not (_is_decimal(match_points) and Fraction(match_points) == 0):
        expected = "no match points (columns 5-8 blank for individuals)"
        raise TrfFormatError(source, line_number, 5, expected, match_points)
    text = _field(line, 10, 13).strip()
    if not _is_decimal(text) or Fraction(text) <= 0 or Fraction(text) * 10 != int(Fraction(text) * 10):
        raise TrfFormatError(source, line_number, 10, "the fictitious points, not zero (columns 10-13)", text)
    first_round = _number(source, line_number, line, 15, 17, "the first round", 999)
    last_round = _number(source, line_number, line, 19, 21, "the last round", 999)
    if last_round < first_round:
        raise TrfFormatError(source, line_number, 19, f"a last round not before round {first_round}", str(last_round))
    first_player = _number(source, line_number, line, 23, 26, "the first pairing number", 9999)
    last_player = _number(source, line_number, line, 28, 31, "the last pairing number", 9999)
    if last_player < first_player:
        raise TrfFormatError(
            source, line_number, 28, f"a last pairing number not below {first_player}", str(last_player)
        )
    return Acceleration(int(Fraction(text) * 10), first_round, last_round, first_player, last_player)


def _is_decimal(text: str) -> bool:
    return re.fullmatch(r"[0-9]{1,3}(?:\.[0-9])?|\.[0-9]", text) is not None


def parse_prohibition(source: str, line_number: int, line: str) -> Prohibition:
    """A ``260`` record; :class:`TrfFormatError` naming the line and column of a field that is not as TRF-2026 says."""
    line = line.rstrip()
    first_round = _number(source, line_number, line, 5, 7, "the first round", 999)
    last_round = _number(source, line_number, line, 9, 11, "the last round", 999)
    if last_round < first_round:
        raise TrfFormatError(source, line_number, 9, f"a last round not before round {first_round}", str(last_round))
    players: list[int] = []
    column = 13
    while column <= len(line):
        if line[column - 2] != " ":
            raise TrfFormatError(source, line_number, column - 1, "a blank between pairing numbers", line[column - 2])
        number = _number(source, line_number, line, column, column + 3, "a pairing number", 9999)
        if number in players:
            raise TrfFormatError(source, line_number, column, "a pairing number not already in the record", str(number))
        players.append(number)
        column += 5
    if len(players) < 2:
        raise TrfFormatError(source, line_number, len(line) + 1, "at least two pairing numbers", "")
    return Prohibition(tuple(players), first_round, last_round, line_number)


def records(doc: TrfDocument, code: str) -> list[tuple[int, str]]:
    """(line number, line) of the file's records of ``code``."""
    return [(number, line) for number, line in doc.other_lines if line[:3] == code]


def accelerations_of(doc: TrfDocument) -> dict[int, tuple[str, ...]]:
    """The acceleration points of each player, a value a round (as the ``XXA`` lines write them): the ``XXA`` lines,
    then the ``250`` records over them (a round no line names: ``0.0``)."""
    table: dict[int, dict[int, str]] = {
        number: dict(enumerate(values, 1)) for number, values in doc.accelerations.items()
    }
    for player, points in acceleration_table(doc.source, records(doc, ACCELERATION_RECORD)).items():
        table.setdefault(player, {}).update((k, _points(value)) for k, value in points.items())
    return {
        number: tuple(values.get(k, "0.0") for k in range(1, max(values) + 1))
        for number, values in sorted(table.items())
        if values
    }


def acceleration_table(source: str, lines: list[tuple[int, str]]) -> dict[int, dict[int, int]]:
    """Pairing number -> round -> points (tenths, never zero) of ``250`` records given as (line number, line)."""
    table: dict[int, dict[int, int]] = {}
    for line_number, line in lines:
        found = parse_acceleration(source, line_number, line)
        for player in range(found.first_player, found.last_player + 1):
            for k in range(found.first_round, found.last_round + 1):
                table.setdefault(player, {})[k] = found.points
    return table


def prohibitions_of(doc: TrfDocument) -> tuple[Prohibition, ...]:
    """The file's prohibited pairings: its ``XXP`` lines (every round), then its ``260`` records."""
    found = [Prohibition(group) for group in doc.forbidden_pairs]
    found += [parse_prohibition(doc.source, n, line) for n, line in records(doc, PROHIBITION_RECORD)]
    return tuple(found)


def acceleration_records(accelerations: dict[int, tuple[int, ...]]) -> list[str]:
    """The ``250`` records of each player's acceleration points (tenths, a value a round): a record for each run of
    rounds with the same points, players with consecutive pairing numbers and the same runs in one record."""
    runs: dict[int, list[tuple[int, int, int]]] = {}  # player -> (first round, last round, points)
    for number, values in accelerations.items():
        own: list[tuple[int, int, int]] = []
        for k, value in enumerate(values, 1):
            if not value:
                continue
            if own and own[-1][1] == k - 1 and own[-1][2] == value:
                own[-1] = (own[-1][0], k, value)
            else:
                own.append((k, k, value))
        if own:
            runs[number] = own
    lines = []
    pending: dict[tuple[int, int, int], tuple[int, int]] = {}  # run -> (first player, last player)
    for number in sorted(runs):
        for run in runs[number]:
            first, last = pending.get(run, (number, number - 1))
            if last != number - 1:
                lines.append((run, first, last))
                first = number
            pending[run] = (first, number)
    lines += [(run, first, last) for run, (first, last) in pending.items()]
    lines.sort(key=lambda item: (item[0][0], item[1], item[0][1]))
    return [
        f"{ACCELERATION_RECORD} {'':4} {_points(points):>4} {first_round:03d} {last_round:03d} {first:>4} {last:>4}"
        for (first_round, last_round, points), first, last in lines
    ]


def prohibition_record(players: tuple[int, ...], first_round: int, last_round: int) -> str:
    """A ``260`` record: ``260 001 009    3   17``."""
    return f"{PROHIBITION_RECORD} {first_round:03d} {last_round:03d}" + "".join(f" {n:>4}" for n in players)


def national_record(federation: str, player: PlayerLine) -> str:
    """A national rating record: ``player``'s fields (its ``rating`` the national one) under ``federation``'s code."""
    return federation.upper() + player_line_text(player)[len(PLAYER_CODE) :]


def is_national_record(line: str, federation: str) -> bool:
    """Whether ``line`` is a national rating record of ``federation`` (a pairing number in columns 5-8)."""
    return bool(federation) and line[:3] == federation.upper() and line[3:4] == " " and line[4:8].strip().isdigit()


def national_rating_of(line: str) -> tuple[int, int]:
    """(pairing number, national rating: 0 if blank) of a national rating record."""
    rating = line[48:52].strip()
    return int(line[4:8]), int(rating) if rating.isdigit() else 0


_STARTING_RANK_METHODS: dict[str, Callable[[int, int], int]] = {
    "FIDE": lambda fide, national: fide,
    "NRO": lambda fide, national: national,
    "FIDON": lambda fide, national: fide or national,
    "NIDOF": lambda fide, national: national or fide,
    "HBFN": lambda fide, national: max(fide, national),
    "LBFN": lambda fide, national: min(r for r in (fide, national) if r) if fide or national else 0,
    "OTHER": lambda fide, national: 0,
}
"""Record ``172``'s encoded starting-rank methods: the rating of a player from the FIDE rating of the ``001`` line and
the national rating of the record under the federation's code (0: none).  ``OTHER`` is a method the file cannot
describe: no rating follows from the file."""


def file_ratings(doc: TrfDocument) -> dict[int, int]:
    """The rating of each player as the file gives it: the ``001`` rating, or, when a ``172`` record names a method and
    a federation whose national rating records the file holds, the rating that method gives (TRF-2026 ``172``)."""
    ratings = {line.number: line.rating or 0 for line in doc.players}
    record = next((line for _, line in doc.other_lines if line[:3] == "172"), None)
    if record is None:
        return ratings
    federation, method = record[4:7].strip().upper(), record[8:13].strip().upper()
    national = dict(national_rating_of(line) for _, line in doc.other_lines if is_national_record(line, federation))
    combine = _STARTING_RANK_METHODS.get(method)
    if not national or combine is None:
        return ratings
    return {number: combine(fide, national.get(number, 0)) for number, fide in ratings.items()}
