"""The random tournament generator (``arbiter-pairings --dutch -g``), as FIDE asks of endorsed programs.

What FIDE's verification checklist asks of it (VCL4THP Q22-Q32): every
setting of Q24 (players, rounds, full/half/zero-point byes as a percentage or
a count, for every round or for one, forfeits, double forfeits, the unusual
results 1/2-0, 0-1/2 and 0-0, Baku acceleration, the tie-break list), ratings
given, bounded or drawn (Q26-Q29), a random value for every setting left out
(Q25), results drawn from the FIDE rating table (Q32) and the file's
standings following its own tie-break list (Q31).

Every round is paired by our engine; its results are drawn at random, the
expected score of each side taken from the FIDE Rating Regulations' table of
rating difference -> scoring probability (the table C.07 Article 10.3 uses).
The same configuration and seed always give the same document; the command
line draws a fresh seed for every run without ``-s`` (Q30). All randomness
comes from one ``random.Random(seed)``.

Before each round, players may retire (absent, ``0000 - -``, for the rest of
the tournament) or be given a bye (``0000 - H``, ``F`` or ``Z``); these cells
are in the document before the round is paired, so the engine sees exactly
what ``state_before_round`` builds from the finished file, and the file passes
the conformance check (``-c``). If a round cannot be paired, the
:class:`PairingImpossibleError` of the engine, naming the round, stops the
generation: no retry, so a seed always means one outcome.
"""

from __future__ import annotations

import math
import random
import re
from collections.abc import Callable
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any

from arbiter_app.errors import ArbiterError
from arbiter_app.pairing.editions import DutchEdition, system_code
from arbiter_app.pairing.engine import pair_round
from arbiter_app.standings import standings
from arbiter_app.standings.c07 import EDITIONS as C07_EDITIONS
from arbiter_app.standings.c07 import RECOMMENDED_SWISS, TieBreakCodeError, parse_codes, rules_for
from arbiter_app.standings.c07.fide_rating import expected_hundredths
from arbiter_app.trf.layout import COLOUR_CODE, OTHER_LINE, PLAYER_CODE, ROUNDS_CODE
from arbiter_app.trf.model import PlayerLine, RoundEntry, TrfDocument
from arbiter_app.trf.rounds import state_before_round
from arbiter_app.trf.versions import TRF2026, score_line

_ABSENT = RoundEntry(None, "-", "-")
_PAIRING_ALLOCATED_BYE = RoundEntry(None, "-", "U")
_MAX_SCORE = 999  # tenths: the points column of a 001 line holds 4 characters ("99.9"), so must any score
_WHOLE = re.compile(r"-?[0-9]+")
_DECIMAL = re.compile(r"-?[0-9]+(\.[0-9]+)?")

BYE_KINDS = {"HalfPointBye": "H", "FullPointBye": "F", "ZeroPointBye": "Z"}
"""Configuration name -> TRF code of the byes a player asks for (C.04.1 / C.04.2-2026)."""
ODD_RESULTS = (("=", "0"), ("0", "="), ("0", "0"))
"""The unusual results of a played game (white, black): 1/2-0, 0-1/2, 0-0."""
DISTRIBUTIONS = ("uniform", "normal")
ACCELERATIONS = ("none", "baku")
BAKU_FULL_ROUNDS = 3
BAKU_ROUNDS = 5
BAKU_MINIMUM_ROUNDS = 9


class GeneratorConfigError(ArbiterError):
    """A configuration of the generator is malformed or out of range."""


@dataclass(frozen=True)
class ByeSetting:
    """Byes of one kind (``H``, ``F`` or ``Z``): a percentage of the players or a count, in one round or all (0)."""

    kind: str
    count: int | None
    percentage: Fraction | None
    round: int = 0


@dataclass(frozen=True)
class GeneratorConfig:
    """What to generate. Points are in tenths; ``None``: drawn at random from the seed (:func:`resolve`).

    Rates are "one in N" per player (or game) and round, 0 for never;
    percentages are per player (byes) or per game (forfeits, unusual results).
    ``draw_percentage`` is the chance of a draw between equally rated players.
    ``full_point_bye_percentage`` and ``zero_point_bye_percentage`` apply in
    the rounds no :class:`ByeSetting` of their kind covers. The defaults here
    are fixed values; :func:`parse_config` (the command line) leaves every
    setting not given to be drawn from the seed (:data:`DRAWN`, VCL Q25).
    """

    players: int | None = 30
    rounds: int | None = 9
    draw_percentage: Fraction | None = Fraction(30)
    forfeit_rate: int | None = 50
    forfeit_percentage: Fraction | None = None
    double_forfeit_percentage: Fraction | None = Fraction(0)
    odd_result_percentage: Fraction | None = Fraction(0)
    retired_rate: int | None = 200
    half_point_bye_rate: int | None = 100
    full_point_bye_percentage: Fraction | None = Fraction(0)
    zero_point_bye_percentage: Fraction | None = Fraction(0)
    byes: tuple[ByeSetting, ...] = ()
    highest_rating: int | None = 2700
    lowest_rating: int | None = 1400
    ratings: tuple[int, ...] = ()
    rating_distribution: str | None = "uniform"
    unrated_percentage: Fraction | None = Fraction(0)
    acceleration: str | None = "none"
    tiebreaks: tuple[str, ...] | None = RECOMMENDED_SWISS
    tiebreak_rules: str = "c07-2026"
    points_for_win: int = 10
    points_for_draw: int = 5

    def bye_setting(self, kind: str, round_number: int) -> ByeSetting | None:
        """The setting for byes ``kind`` in ``round_number``: the round's own, else the one for every round."""
        for wanted in (round_number, 0):
            for setting in self.byes:
                if setting.kind == kind and setting.round == wanted:
                    return setting
        return None


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


DRAWN = GeneratorConfig(
    players=None,
    rounds=None,
    draw_percentage=None,
    forfeit_rate=None,
    double_forfeit_percentage=None,
    odd_result_percentage=None,
    retired_rate=None,
    half_point_bye_rate=None,
    full_point_bye_percentage=None,
    zero_point_bye_percentage=None,
    highest_rating=None,
    lowest_rating=None,
    rating_distribution=None,
    unrated_percentage=None,
    acceleration=None,
    tiebreaks=None,
)
"""The configuration of the command line without keys: every setting drawn from the seed (VCL Q25, :func:`resolve`)."""

TIEBREAK_LISTS = (
    RECOMMENDED_SWISS,
    ("BH/C1", "BH", "SB"),
    ("BH/C1", "SB", "ARO"),
    ("BH", "BH/C1", "DE", "WIN"),
    ("SB", "BH/C1", "BH", "PS"),
    ("BH/C1", "BH", "ARO", "DE"),
)
"""The tie-break lists a generated tournament draws from when none is given (C.07 codes, valid in both editions)."""


def _choice(options: tuple[str, ...]) -> Callable[[str], str]:
    def read(text: str) -> str:
        if text.lower() not in options:
            raise ValueError(" or ".join(options))
        return text.lower()

    return read


def _ratings(text: str) -> tuple[int, ...]:
    """``2400, 2350, 1980``: the players' ratings (0 for an unrated player)."""
    words = [w.strip() for w in text.replace(";", ",").split(",") if w.strip()]
    if not words or not all(_WHOLE.fullmatch(w) for w in words):
        raise ValueError("ratings separated by commas")
    return tuple(int(w) for w in words)


def _tiebreak_list(text: str) -> tuple[str, ...]:
    """``BH/C1, BH, SB``: C.07 codes in order (checked against the rules once all keys are read)."""
    words = tuple(w for w in re.split(r"[\s,]+", text) if w)
    if not words:
        raise ValueError("C.07 codes separated by commas")
    return words


# Configuration key -> field of GeneratorConfig and the reader of its value.
_KEYS: dict[str, tuple[str, Callable[[str], Any]]] = {
    "PlayersNumber": ("players", _whole),
    "RoundsNumber": ("rounds", _whole),
    "DrawPercentage": ("draw_percentage", _number),
    "ForfeitRate": ("forfeit_rate", _whole),
    "ForfeitPercentage": ("forfeit_percentage", _number),
    "DoubleForfeitPercentage": ("double_forfeit_percentage", _number),
    "OddResultPercentage": ("odd_result_percentage", _number),
    "RetiredRate": ("retired_rate", _whole),
    "HalfPointByeRate": ("half_point_bye_rate", _whole),
    "HighestRating": ("highest_rating", _whole),
    "LowestRating": ("lowest_rating", _whole),
    "Ratings": ("ratings", _ratings),
    "RatingDistribution": ("rating_distribution", _choice(DISTRIBUTIONS)),
    "UnratedPercentage": ("unrated_percentage", _number),
    "Acceleration": ("acceleration", _choice(ACCELERATIONS)),
    "TieBreaks": ("tiebreaks", _tiebreak_list),
    "TieBreakRules": ("tiebreak_rules", _choice(tuple(C07_EDITIONS))),
    "PointsForWin": ("points_for_win", _tenths),
    "PointsForDraw": ("points_for_draw", _tenths),
}
_BYE_KEY = re.compile(r"(HalfPointBye|FullPointBye|ZeroPointBye)(Percentage|Count)(?:@([0-9]+))?")
_KNOWN = ", ".join([*_KEYS, "<Kind>Percentage[@R]", "<Kind>Count[@R] (Kind: HalfPointBye, FullPointBye, ZeroPointBye)"])


def parse_config(text: str, source: str = "<config>") -> GeneratorConfig:
    """A configuration from ``key=value`` lines; blank lines and ``#`` comments are ignored.

    Keys not given are drawn from the seed when generating (:data:`DRAWN`,
    :func:`resolve`). Byes: ``HalfPointByePercentage=5`` (each player, every
    round), ``FullPointByeCount@3=2`` (two players in round 3). Raises
    :class:`GeneratorConfigError` naming the line and the key.
    """
    values: dict[str, Any] = {}
    byes: list[ByeSetting] = []
    given: dict[str, tuple[int, str]] = {}  # key -> (line number, value as written)
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        place = f"{source}, line {number}"
        key, equals, value = (part.strip() for part in line.partition("="))
        if not equals:
            raise GeneratorConfigError(f"{place}: expected key=value, found '{line}'")
        bye = _BYE_KEY.fullmatch(key)
        if key not in _KEYS and bye is None:
            raise GeneratorConfigError(f"{place}: unknown key '{key}' (known: {_KNOWN})")
        if key in given:
            raise GeneratorConfigError(f"{place}: {key} is already set on line {given[key][0]}")
        try:
            if bye is not None:
                byes.append(_bye_setting(bye, value))
            else:
                name, reader = _KEYS[key]
                values[name] = reader(value)
        except ValueError as error:
            raise GeneratorConfigError(f"{place}: {key}: expected {error}, found '{value}'") from None
        given[key] = (number, value)
    config = replace(DRAWN, **values, byes=tuple(byes))
    _validate(config, given, source)
    return config


def _bye_setting(match: re.Match[str], value: str) -> ByeSetting:
    kind, measure, round_text = BYE_KINDS[match.group(1)], match.group(2), match.group(3)
    round_number = int(round_text) if round_text else 0
    if measure == "Count":
        return ByeSetting(kind, _whole(value), None, round_number)
    return ByeSetting(kind, None, _number(value), round_number)


def _percent(value: Fraction | None) -> bool:
    return value is None or 0 <= value <= 100


def _validate(config: GeneratorConfig, given: dict[str, tuple[int, str]], source: str) -> None:
    """Raise :class:`GeneratorConfigError` for the first value out of range, naming its key and line."""
    c = config
    players = len(c.ratings) or c.players
    rules: list[tuple[str, bool, str]] = [
        ("PlayersNumber", c.players is None or 2 <= c.players <= 9999, "between 2 and 9999"),
        ("Ratings", not c.ratings or 2 <= len(c.ratings) <= 9999, "2 to 9999 ratings"),
        ("Ratings", all(0 <= r <= 9999 for r in c.ratings), "between 0 and 9999 each"),
        ("PlayersNumber", not (c.ratings and c.players is not None and c.players != len(c.ratings)),
         f"the number of Ratings ({len(c.ratings)})"),
        ("RoundsNumber", c.rounds is None or 1 <= c.rounds, "at least 1"),
        ("RoundsNumber", c.rounds is None or players is None or c.rounds < players,
         f"less than the number of players ({players})"),
        ("DrawPercentage", _percent(c.draw_percentage), "between 0 and 100"),
        ("ForfeitRate", c.forfeit_rate is None or c.forfeit_rate >= 0, "0 (never) or more"),
        ("ForfeitPercentage", _percent(c.forfeit_percentage), "between 0 and 100"),
        ("DoubleForfeitPercentage", _percent(c.double_forfeit_percentage), "between 0 and 100"),
        ("OddResultPercentage", _percent(c.odd_result_percentage), "between 0 and 100"),
        ("RetiredRate", c.retired_rate is None or c.retired_rate >= 0, "0 (never) or more"),
        ("HalfPointByeRate", c.half_point_bye_rate is None or c.half_point_bye_rate >= 0, "0 (never) or more"),
        ("HighestRating", c.highest_rating is None or 0 <= c.highest_rating <= 9999, "between 0 and 9999"),
        ("LowestRating", c.lowest_rating is None or 0 <= c.lowest_rating <= (c.highest_rating or 9999),
         f"between 0 and HighestRating ({c.highest_rating or 9999})"),
        ("UnratedPercentage", _percent(c.unrated_percentage), "between 0 and 100"),
        ("PointsForWin", c.points_for_win > 0, "positive"),
        ("PointsForDraw", 0 <= c.points_for_draw <= c.points_for_win, "between 0 and PointsForWin"),
        ("PointsForWin", c.rounds is None or c.rounds * c.points_for_win <= _MAX_SCORE,
         f"at most 99.9 / RoundsNumber ({c.rounds})"),
        # C.04.5: the Baku method is for nine rounds or more, with one point a win and a half a draw.
        ("Acceleration", c.acceleration != "baku" or c.rounds is None or c.rounds >= BAKU_MINIMUM_ROUNDS,
         f"none with fewer than {BAKU_MINIMUM_ROUNDS} rounds (C.04.5)"),
        ("Acceleration", c.acceleration != "baku" or (c.points_for_win, c.points_for_draw) == (10, 5),
         "none unless a win is 1 point and a draw 1/2 (C.04.5)"),
    ]  # fmt: skip
    for setting in c.byes:
        name = next(k for k, v in BYE_KINDS.items() if v == setting.kind)
        measure = "Count" if setting.count is not None else "Percentage"
        key = f"{name}{measure}" + (f"@{setting.round}" if setting.round else "")
        rules.append(
            (key, _percent(setting.percentage) and (setting.count or 0) >= 0, "0 or more, a percentage at most 100")
        )
        rules.append((key, c.rounds is None or setting.round <= c.rounds, f"a round up to RoundsNumber ({c.rounds})"))
    for key, valid, requirement in rules:
        if not valid:
            raise _error(key, requirement, given, source)
    try:
        parse_codes(",".join(c.tiebreaks or RECOMMENDED_SWISS), C07_EDITIONS[c.tiebreak_rules].codes)
    except TieBreakCodeError as error:
        raise _error("TieBreaks", f"codes of {c.tiebreak_rules} ({error})", given, source) from None


def _error(key: str, requirement: str, given: dict[str, tuple[int, str]], source: str) -> GeneratorConfigError:
    if key in given:
        number, text = given[key]
        return GeneratorConfigError(f"{source}, line {number}: {key}={text}: must be {requirement}")
    return GeneratorConfigError(f"{key} (default): must be {requirement}")


def resolve(config: GeneratorConfig, rng: random.Random) -> GeneratorConfig:
    """``config`` with every setting left out (None) drawn from ``rng`` within what was given (VCL Q25).

    Players 10 to 80 (more than the rounds given), rounds 5 to 11 (9 to 11 with acceleration, always fewer
    than the players), draws 20 to 50 %, highest rating 2000 to 2800 and lowest 1000 to 400 below it,
    ratings uniform or normal with 0 to 10 % unrated; forfeits 0 to 5 % of the games, double forfeits and
    each unusual result (1/2-0, 0-1/2, 0-0) 0 to 2 %, retirements one in 100 to 400 per player and round or
    none; byes asked for (of a kind no setting names) 0 to 3 % of the players per round for a half-point
    bye, 0 to 2 % for a full-point and a zero-point bye; Baku acceleration (C.04.5) in one tournament of
    three where it may apply; the tie-break list one of :data:`TIEBREAK_LISTS`. Two settings keep a fixed value: the
    scoring (1-1/2-0, FIDE's) and the tie-break rules (C.07 2026, in force; a TRF file has no line naming
    them, so a check of the file counts by it). The settings are drawn
    in this order, so one seed always gives the same values.
    """
    fewest = (config.rounds or 0) + 1
    players = len(config.ratings) or config.players or rng.randint(max(10, fewest), max(80, fewest))
    most = min(players - 1, _MAX_SCORE // config.points_for_win)
    least = BAKU_MINIMUM_ROUNDS if config.acceleration == "baku" else 5
    rounds = config.rounds or rng.randint(min(least, most), min(max(least, 11), most))
    draws = config.draw_percentage if config.draw_percentage is not None else Fraction(rng.randint(20, 50))
    high, low = config.highest_rating, config.lowest_rating
    if high is None:
        high = rng.randint(max(2000, low or 0), max(2800, low or 0))
    if low is None:
        low = rng.randint(min(1000, high), max(min(1000, high), high - 400))
    drawn = replace(
        config, players=players, rounds=rounds, draw_percentage=draws, highest_rating=high, lowest_rating=low
    )
    return _resolve_rates(drawn, rng)


def _drawn_percentage(rng: random.Random, value: Fraction | None, most: int) -> Fraction:
    """``value``, or a percentage drawn from 0 to ``most`` in steps of 0.5."""
    return value if value is not None else Fraction(rng.randint(0, 2 * most), 2)


def _resolve_rates(config: GeneratorConfig, rng: random.Random) -> GeneratorConfig:
    """The rates, percentages, acceleration and tie-break list of ``config`` left out, drawn (:func:`resolve`)."""
    c = config
    forfeit_percentage = c.forfeit_percentage
    if c.forfeit_rate is None and forfeit_percentage is None:
        forfeit_percentage = _drawn_percentage(rng, None, 5)
    kinds = {setting.kind for setting in c.byes}
    retired_rate = c.retired_rate if c.retired_rate is not None else rng.choice((0, 100, 200, 400))
    half_point_bye_rate = c.half_point_bye_rate
    if half_point_bye_rate is None:
        percentage = Fraction(0) if "H" in kinds else _drawn_percentage(rng, None, 3)
        half_point_bye_rate = round(100 / percentage) if percentage else 0
    acceleration = c.acceleration
    if acceleration is None:
        # C.04.5: nine rounds or more, a win 1 point and a draw 1/2.
        may = (c.rounds or 0) >= BAKU_MINIMUM_ROUNDS and (c.points_for_win, c.points_for_draw) == (10, 5)
        acceleration = "baku" if may and rng.randrange(3) == 0 else "none"
    return replace(
        c,
        forfeit_rate=c.forfeit_rate if c.forfeit_rate is not None else 0,
        forfeit_percentage=forfeit_percentage,
        double_forfeit_percentage=_drawn_percentage(rng, c.double_forfeit_percentage, 2),
        odd_result_percentage=_drawn_percentage(rng, c.odd_result_percentage, 2),
        retired_rate=retired_rate,
        half_point_bye_rate=half_point_bye_rate,
        full_point_bye_percentage=Fraction(0)
        if "F" in kinds
        else _drawn_percentage(rng, c.full_point_bye_percentage, 2),
        zero_point_bye_percentage=Fraction(0)
        if "Z" in kinds
        else _drawn_percentage(rng, c.zero_point_bye_percentage, 2),
        rating_distribution=c.rating_distribution or rng.choice(DISTRIBUTIONS),
        unrated_percentage=_drawn_percentage(rng, c.unrated_percentage, 10),
        acceleration=acceleration,
        tiebreaks=c.tiebreaks if c.tiebreaks is not None else rng.choice(TIEBREAK_LISTS),
    )


def draw_ratings(config: GeneratorConfig, rng: random.Random) -> list[int]:
    """The players' ratings, highest first: the ones given, else drawn between the bounds (uniform or normal)."""
    if config.ratings:
        return sorted(config.ratings, reverse=True)
    assert config.players is not None and config.lowest_rating is not None and config.highest_rating is not None
    low, high = config.lowest_rating, config.highest_rating
    ratings = []
    for _ in range(config.players):
        if config.rating_distribution == "normal":
            rating = min(high, max(low, round(rng.gauss((low + high) / 2, (high - low) / 6 or 1))))
        else:
            rating = rng.randint(low, high)
        ratings.append(0 if _percent_chance(rng, config.unrated_percentage) else rating)
    return sorted(ratings, reverse=True)  # pairing numbers by descending rating; names follow the numbers


def baku_accelerations(players: int, rounds: int, win: int, draw: int) -> dict[int, tuple[str, ...]]:
    """C.04.5 (Baku acceleration): GA, the first 2 x ceil(n / 4) players, get 1 virtual point before
    rounds 1-3 and 1/2 before rounds 4-5; nobody else, and nothing later (``XXA`` values per round)."""
    last = min(players, 2 * math.ceil(players / 4))
    values = tuple(
        _points(win if k <= BAKU_FULL_ROUNDS else draw if k <= BAKU_ROUNDS else 0) for k in range(1, rounds + 1)
    )
    return {number: values for number in range(1, last + 1)}


def generate(config: GeneratorConfig, seed: int, edition: DutchEdition, trf_format: str = TRF2026) -> TrfDocument:
    """A random tournament of ``config``, every round paired by ``pair_round`` with ``edition``.

    ``trf_format``: ``trf-2026`` (the tournament records ``142 152 162 192 202``
    beside the engine lines) or ``trf-16``. Raises
    :class:`PairingImpossibleError` if some round cannot be paired.
    """
    rng = random.Random(seed)
    config = resolve(config, rng)
    assert config.rounds is not None
    ratings = draw_ratings(config, rng)
    doc = _empty_document(config, seed, ratings, rng.choice(("white", "black")), edition, trf_format)
    cells: dict[int, list[RoundEntry]] = {line.number: [] for line in doc.players}
    retired: set[int] = set()
    for round_number in range(1, config.rounds + 1):
        for number in cells:
            if number not in retired and round_number > 1 and _one_in(rng, config.retired_rate or 0):
                retired.add(number)
        for number in retired:
            cells[number].append(_ABSENT)
        for number, kind in _requested_byes(rng, config, round_number, [n for n in cells if n not in retired]):
            cells[number].append(RoundEntry(None, "-", kind))
        pairing = pair_round(state_before_round(_with_cells(doc, cells), round_number), edition)
        for board in pairing.boards:
            white, black = game_result(rng, config, ratings[board.white - 1], ratings[board.black - 1])
            cells[board.white].append(RoundEntry(board.black, "w", white))
            cells[board.black].append(RoundEntry(board.white, "b", black))
        if pairing.bye is not None:
            cells[pairing.bye].append(_PAIRING_ALLOCATED_BYE)
    return _with_standings(_with_cells(doc, cells), config)


def _requested_byes(
    rng: random.Random, config: GeneratorConfig, round_number: int, active: list[int]
) -> list[tuple[int, str]]:
    """(player, H/F/Z) for the byes of the round: a count drawn among the players, else each by the percentage
    (the half-point bye by ``HalfPointByeRate`` when no percentage or count is set)."""
    chosen: list[tuple[int, str]] = []
    free = list(active)
    for kind in BYE_KINDS.values():
        setting = config.bye_setting(kind, round_number)
        if setting is not None and setting.count is not None:
            picked = rng.sample(free, min(setting.count, len(free)))
        elif setting is not None:
            picked = [n for n in free if _percent_chance(rng, setting.percentage)]
        elif kind == "H":
            picked = [n for n in free if _one_in(rng, config.half_point_bye_rate or 0)]
        else:
            rest = config.full_point_bye_percentage if kind == "F" else config.zero_point_bye_percentage
            picked = [n for n in free if _percent_chance(rng, rest)]
        chosen += [(n, kind) for n in sorted(picked)]
        free = [n for n in free if n not in picked]
    return chosen


def _empty_document(
    config: GeneratorConfig, seed: int, ratings: list[int], initial_colour: str, edition: DutchEdition, trf_format: str
) -> TrfDocument:
    """The header lines and the players, by descending rating, without rounds."""
    assert config.rounds is not None
    point_values: dict[str, str] = {}
    if (config.points_for_win, config.points_for_draw) != (10, 5):
        point_values = {"BBW": _points(config.points_for_win), "BBD": _points(config.points_for_draw)}
    texts = [f"012 Random tournament, seed {seed}"]
    # The pairing system, so that a check of the file pairs by the same edition.
    texts.append(f"092 {system_code(edition)}")
    if trf_format == TRF2026:
        texts += [f"142 {config.rounds}", f"152 {'W' if initial_colour == 'white' else 'B'}"]
        scores = score_line({"W": config.points_for_win, "D": config.points_for_draw, "L": 0, "A": 0,
                             "P": config.points_for_win})  # fmt: skip
        texts += [scores] if scores else []
        texts.append(f"192 {system_code(edition, config.acceleration == 'baku')}")
        texts.append("202 " + ",".join(config.tiebreaks or ()))
    other_lines = tuple(enumerate(texts, 1))
    header = (*[OTHER_LINE] * len(other_lines), ROUNDS_CODE, COLOUR_CODE, *point_values)
    accelerations = {}
    if config.acceleration == "baku":
        accelerations = baku_accelerations(len(ratings), config.rounds, config.points_for_win, config.points_for_draw)
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
        accelerations=accelerations,
        point_values=point_values,
        other_lines=other_lines,
        line_order=(*header, *[PLAYER_CODE] * len(players)),
    )


def _one_in(rng: random.Random, n: int) -> bool:
    """True with probability 1/n; never for n = 0 (and no number drawn then)."""
    return n > 0 and rng.randrange(n) == 0


def _percent_chance(rng: random.Random, percentage: Fraction | None) -> bool:
    """True with probability ``percentage`` / 100; never for 0 or None (and no number drawn then)."""
    return bool(percentage) and rng.random() * 100 < percentage  # type: ignore[operator]


def expected_score(white: int, black: int) -> Fraction:
    """White's expected score: the FIDE Rating Regulations' table, rating difference -> scoring probability
    (hundredths; the full scale of C.07 10.3, 1.00 beyond a difference of 735). An unrated side: 0.50."""
    if white == 0 or black == 0:
        return Fraction(1, 2)
    return Fraction(expected_hundredths(white, black), 100)


def game_result(rng: random.Random, config: GeneratorConfig, white: int, black: int) -> tuple[str, str]:
    """The result codes of white and black, from their ratings.

    In this order: a double forfeit (``-`` ``-``) by DoubleForfeitPercentage;
    a forfeit win of either side by ForfeitPercentage (else one in
    ForfeitRate); an unusual result (1/2-0, 0-1/2, 0-0) by
    OddResultPercentage; else a played game whose expected score for white is
    :func:`expected_score` ``E``: a draw with probability ``2 min(E, 1-E)``
    times DrawPercentage, a win of white with ``E`` minus half the draws.
    """
    if _percent_chance(rng, config.double_forfeit_percentage):
        return "-", "-"
    forfeit = (_percent_chance(rng, config.forfeit_percentage) if config.forfeit_percentage is not None
               else _one_in(rng, config.forfeit_rate or 0))  # fmt: skip
    if forfeit:
        return ("+", "-") if rng.random() < 0.5 else ("-", "+")
    if _percent_chance(rng, config.odd_result_percentage):
        return rng.choice(ODD_RESULTS)
    expected = expected_score(white, black)
    draw = float(config.draw_percentage or 0) / 100 * 2 * float(min(expected, 1 - expected))
    roll = rng.random()
    if roll < draw:
        return "=", "="
    return ("1", "0") if roll < float(expected) + draw / 2 else ("0", "1")


def _with_cells(doc: TrfDocument, cells: dict[int, list[RoundEntry]]) -> TrfDocument:
    """``doc`` with the round cells of each player replaced by ``cells``."""
    return replace(doc, players=tuple(replace(line, rounds=tuple(cells[line.number])) for line in doc.players))


def _with_standings(doc: TrfDocument, config: GeneratorConfig) -> TrfDocument:
    """``doc`` with the points and rank columns: the final standings by the tie-break list (C.07); players
    equal on points and every tie-break share their rank (the first place of the tie), no lot being drawn."""
    state = state_before_round(doc, (config.rounds or 0) + 1)
    table = standings(state, config.tiebreaks or (), rules=rules_for(C07_EDITIONS[config.tiebreak_rules]))
    rows = {row.number: row for row in table.rows}
    return replace(
        doc,
        players=tuple(
            replace(line, points=_points(int(rows[line.number].score * 10)), rank=rows[line.number].place)
            for line in doc.players
        ),
    )


def _points(tenths: int) -> str:
    """Tenths of a point as TRF text: ``25`` -> ``"2.5"``."""
    return f"{tenths // 10}.{tenths % 10}"
