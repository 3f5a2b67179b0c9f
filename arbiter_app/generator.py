"""The random tournament generator (``arbiter-pairings --dutch -g``), as FIDE asks of endorsed programs.

Players get random ratings; every round is paired by our engine and its
results are drawn at random, the stronger player favoured; the tournament is
returned as a :class:`TrfDocument`. The same configuration and seed always
give the same document. All randomness comes from one ``random.Random(seed)``.

Before each round, players may retire (absent, ``0000 - -``, for the rest of
the tournament) or request a half-point bye (``0000 - H``); these cells are in
the document before the round is paired, so the engine sees exactly what
``state_before_round`` builds from the finished file, and the file passes the
conformance check (``-c``). If a round cannot be paired, the
:class:`PairingImpossibleError` of the engine, naming the round, stops the
generation: no retry, so a seed always means one outcome.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any

from arbiter_app.errors import ArbiterError
from arbiter_app.pairing.engine import pair_round
from arbiter_app.trf.layout import COLOUR_CODE, OTHER_LINE, PLAYER_CODE, ROUNDS_CODE
from arbiter_app.trf.model import PlayerLine, RoundEntry, TrfDocument
from arbiter_app.trf.rounds import EDITION_SYSTEMS, outcome_of, point_system, state_before_round

_ABSENT = RoundEntry(None, "-", "-")
_HALF_POINT_BYE = RoundEntry(None, "-", "H")
_PAIRING_ALLOCATED_BYE = RoundEntry(None, "-", "U")
_MAX_SCORE = 999  # tenths: the points column of a 001 line holds 4 characters ("99.9"), so must any score
_WHOLE = re.compile(r"-?[0-9]+")
_DECIMAL = re.compile(r"-?[0-9]+(\.[0-9]+)?")


class GeneratorConfigError(ArbiterError):
    """A configuration of the generator is malformed or out of range."""


@dataclass(frozen=True)
class GeneratorConfig:
    """What to generate. Rates are "one in N" per player (or game) and round, 0 for never.

    ``draw_percentage`` is the chance of a draw between equally rated players;
    points are in tenths.
    """

    players: int = 30
    rounds: int = 9
    draw_percentage: Fraction = Fraction(30)
    forfeit_rate: int = 50
    retired_rate: int = 200
    half_point_bye_rate: int = 100
    highest_rating: int = 2700
    lowest_rating: int = 1400
    points_for_win: int = 10
    points_for_draw: int = 5


def _whole(text: str) -> int:
    """A whole number, e.g. ``30``; ValueError naming what was expected."""
    if not _WHOLE.fullmatch(text):
        raise ValueError("a whole number")
    return int(text)


def _number(text: str) -> Fraction:
    """A decimal number, e.g. ``12.5``, exactly."""
    if not _DECIMAL.fullmatch(text):
        raise ValueError("a number")
    return Fraction(text)


def _tenths(text: str) -> int:
    """Points, e.g. ``3.0``, in tenths."""
    tenths = _number(text) * 10
    if tenths.denominator != 1:
        raise ValueError("a multiple of 0.1")
    return int(tenths)


# Configuration key -> field of GeneratorConfig and the reader of its value.
_KEYS: dict[str, tuple[str, Callable[[str], Any]]] = {
    "PlayersNumber": ("players", _whole),
    "RoundsNumber": ("rounds", _whole),
    "DrawPercentage": ("draw_percentage", _number),
    "ForfeitRate": ("forfeit_rate", _whole),
    "RetiredRate": ("retired_rate", _whole),
    "HalfPointByeRate": ("half_point_bye_rate", _whole),
    "HighestRating": ("highest_rating", _whole),
    "LowestRating": ("lowest_rating", _whole),
    "PointsForWin": ("points_for_win", _tenths),
    "PointsForDraw": ("points_for_draw", _tenths),
}


def parse_config(text: str, source: str = "<config>") -> GeneratorConfig:
    """A configuration from ``key=value`` lines; blank lines and ``#`` comments are ignored.

    Keys not given keep the defaults of :class:`GeneratorConfig`. Raises
    :class:`GeneratorConfigError` naming the line and the key.
    """
    values: dict[str, Any] = {}
    given: dict[str, tuple[int, str]] = {}  # key -> (line number, value as written)
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        place = f"{source}, line {number}"
        key, equals, value = (part.strip() for part in line.partition("="))
        if not equals:
            raise GeneratorConfigError(f"{place}: expected key=value, found '{line}'")
        if key not in _KEYS:
            raise GeneratorConfigError(f"{place}: unknown key '{key}' (known: {', '.join(_KEYS)})")
        if key in given:
            raise GeneratorConfigError(f"{place}: {key} is already set on line {given[key][0]}")
        name, reader = _KEYS[key]
        try:
            values[name] = reader(value)
        except ValueError as error:
            raise GeneratorConfigError(f"{place}: {key}: expected {error}, found '{value}'") from None
        given[key] = (number, value)
    config = GeneratorConfig(**values)
    _validate(config, given, source)
    return config


def _validate(config: GeneratorConfig, given: dict[str, tuple[int, str]], source: str) -> None:
    """Raise :class:`GeneratorConfigError` for the first value out of range, naming its key and line."""
    c = config
    rules = (
        ("PlayersNumber", 2 <= c.players <= 9999, "between 2 and 9999"),
        ("RoundsNumber", 1 <= c.rounds < c.players, f"at least 1 and less than PlayersNumber ({c.players})"),
        ("DrawPercentage", 0 <= c.draw_percentage <= 100, "between 0 and 100"),
        ("ForfeitRate", c.forfeit_rate >= 0, "0 (never) or more"),
        ("RetiredRate", c.retired_rate >= 0, "0 (never) or more"),
        ("HalfPointByeRate", c.half_point_bye_rate >= 0, "0 (never) or more"),
        ("HighestRating", 0 <= c.highest_rating <= 9999, "between 0 and 9999"),
        ("LowestRating", 0 <= c.lowest_rating <= c.highest_rating, f"between 0 and HighestRating ({c.highest_rating})"),
        ("PointsForWin", c.points_for_win > 0, "positive"),
        ("PointsForDraw", 0 <= c.points_for_draw <= c.points_for_win, "between 0 and PointsForWin"),
        ("PointsForWin", c.rounds * c.points_for_win <= _MAX_SCORE, f"at most 99.9 / RoundsNumber ({c.rounds})"),
    )
    for key, valid, requirement in rules:
        if not valid:
            if key in given:
                number, text = given[key]
                raise GeneratorConfigError(f"{source}, line {number}: {key}={text}: must be {requirement}")
            name, reader = _KEYS[key]
            default = getattr(config, name)
            text = _points(default) if reader is _tenths else str(default)
            raise GeneratorConfigError(f"{key}={text} (default): must be {requirement}")


def generate(config: GeneratorConfig, seed: int, edition: str = "baku-2016") -> TrfDocument:
    """A random tournament of ``config``, every round paired by ``pair_round`` with ``edition``.

    Raises :class:`PairingImpossibleError` if some round cannot be paired.
    """
    rng = random.Random(seed)
    drawn = [rng.randint(config.lowest_rating, config.highest_rating) for _ in range(config.players)]
    ratings = sorted(drawn, reverse=True)  # pairing numbers by descending rating; names follow the numbers
    doc = _empty_document(config, seed, ratings, rng.choice(("white", "black")), edition)
    cells: dict[int, list[RoundEntry]] = {line.number: [] for line in doc.players}
    retired: set[int] = set()
    for round_number in range(1, config.rounds + 1):
        for number, row in cells.items():
            if number not in retired and round_number > 1 and _one_in(rng, config.retired_rate):
                retired.add(number)
            if number in retired:
                row.append(_ABSENT)
            elif _one_in(rng, config.half_point_bye_rate):
                row.append(_HALF_POINT_BYE)
        pairing = pair_round(state_before_round(_with_cells(doc, cells), round_number), edition)
        for board in pairing.boards:
            white, black = _game_result(rng, config, ratings[board.white - 1], ratings[board.black - 1])
            cells[board.white].append(RoundEntry(board.black, "w", white))
            cells[board.black].append(RoundEntry(board.white, "b", black))
        if pairing.bye is not None:
            cells[pairing.bye].append(_PAIRING_ALLOCATED_BYE)
    return _with_standings(_with_cells(doc, cells))


def _empty_document(
    config: GeneratorConfig, seed: int, ratings: list[int], initial_colour: str, edition: str
) -> TrfDocument:
    """The header lines and the players, by descending rating, without rounds."""
    point_values: dict[str, str] = {}
    if (config.points_for_win, config.points_for_draw) != (10, 5):
        point_values = {"BBW": _points(config.points_for_win), "BBD": _points(config.points_for_draw)}
    other_lines: tuple[tuple[int, str], ...] = ((1, f"012 Random tournament, seed {seed}"),)
    if edition in EDITION_SYSTEMS:
        # TRF-2026: the pairing system, so that a check of the file pairs by the same edition.
        other_lines += ((2, f"092 {EDITION_SYSTEMS[edition]}"),)
    header = (*[OTHER_LINE] * len(other_lines), ROUNDS_CODE, COLOUR_CODE, *point_values)
    players = tuple(
        PlayerLine(
            number=number,
            sex=" ",
            title="   ",
            name=f"Player{number:04d}",
            rating=rating,
            federation="",
            fide_id="",
            birth="",
            points="",
            rank=None,
            rounds=(),
            line_number=len(header) + number,
        )
        for number, rating in enumerate(ratings, 1)
    )
    return TrfDocument(
        players=players,
        rounds_count=config.rounds,
        initial_colour=initial_colour,
        point_values=point_values,
        other_lines=other_lines,
        line_order=(*header, *[PLAYER_CODE] * len(players)),
    )


def _one_in(rng: random.Random, n: int) -> bool:
    """True with probability 1/n; never for n = 0 (and no number drawn then)."""
    return n > 0 and rng.randrange(n) == 0


def _game_result(rng: random.Random, config: GeneratorConfig, white: int, black: int) -> tuple[str, str]:
    """The result codes of white and black, from their ratings.

    A forfeit (either side) with probability 1/ForfeitRate; otherwise a draw
    with probability DrawPercentage scaled by ``4E(1-E)`` (full between equal
    ratings, less as the gap grows), and the rest split by the Elo
    expectation ``E`` of white.
    """
    if _one_in(rng, config.forfeit_rate):
        return ("+", "-") if rng.random() < 0.5 else ("-", "+")
    expected = 1 / (1 + 10 ** ((black - white) / 400))
    draw = float(config.draw_percentage) / 100 * 4 * expected * (1 - expected)
    roll = rng.random()
    if roll < draw:
        return "=", "="
    return ("1", "0") if roll < draw + (1 - draw) * expected else ("0", "1")


def _with_cells(doc: TrfDocument, cells: dict[int, list[RoundEntry]]) -> TrfDocument:
    """``doc`` with the round cells of each player replaced by ``cells``."""
    return replace(doc, players=tuple(replace(line, rounds=tuple(cells[line.number])) for line in doc.players))


def _with_standings(doc: TrfDocument) -> TrfDocument:
    """``doc`` with the points and rank columns: final score, rank by score then pairing number."""
    points = point_system(doc)
    scores = {line.number: sum(points.points_for(outcome_of(entry)) for entry in line.rounds) for line in doc.players}
    order = sorted(scores, key=lambda number: (-scores[number], number))
    ranks = {number: rank for rank, number in enumerate(order, 1)}
    return replace(
        doc,
        players=tuple(
            replace(line, points=_points(scores[line.number]), rank=ranks[line.number]) for line in doc.players
        ),
    )


def _points(tenths: int) -> str:
    """Tenths of a point as TRF text: ``25`` -> ``"2.5"``."""
    return f"{tenths // 10}.{tenths % 10}"
