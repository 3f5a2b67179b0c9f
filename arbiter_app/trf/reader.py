"""Reading TRF-16 text (FIDE C.04 Annex 2) into a :class:`TrfDocument`.

Lines may end with LF, CR LF or CR alone, mixed within one file; a UTF-8 BOM
and a missing final newline are tolerated, a file with a UTF-16 BOM is
decoded as UTF-16. Line-level syntax is checked here;
the checks that need the whole file (opponents, symmetric pairings, warnings)
are in :mod:`.checks`.

Nothing that cannot be a TRF is taken for one: a control character (NUL...)
anywhere, numbers longer than their use (``XXR`` up to :data:`MAX_ROUNDS`,
point values of at most 3 digits and 1 decimal), more round cells or ``XXA``
values than :data:`MAX_ROUNDS`, ``XXP`` lines forbidding more than
:data:`MAX_FORBIDDEN_PAIRS` pairs, a points column that is not a number, an
``XXR`` below the rounds the file holds, point values out of order (a draw
worth more than a win, a win worth nothing), scores that would not fit the
points column.  Reading costs time and memory in proportion to the text.
"""

from __future__ import annotations

import os
import re
from dataclasses import replace
from datetime import date
from fractions import Fraction
from itertools import islice
from pathlib import Path

from .checks import check_pairings
from .errors import TrfFormatError, TrfReadError
from .fileform import TextForm
from .layout import (
    ACCELERATION_CODE,
    BYE_CODES,
    CELL_BLANK_OFFSETS,
    CELL_WIDTH,
    COLOUR_CODE,
    COLOUR_OFFSET,
    COLOURS,
    FIRST_ROUND_COLUMN,
    FORBIDDEN_CODE,
    FORFEIT_CODES,
    HEADER_BLANK_COLUMNS,
    NUMBER_FIELD,
    OTHER_LINE,
    PLAYED_CODES,
    PLAYER_CODE,
    PLAYER_FIELDS,
    POINT_VALUE_CODES,
    RESULT_CODES,
    RESULT_OFFSET,
    ROUND_STRIDE,
    ROUNDS_CODE,
    SETTING_CODES,
    UNKNOWN_RESULT,
    round_column,
)
from .model import PlayerLine, RoundEntry, TrfDocument, TrfWarning

MAX_ROUNDS = 999
"""The most rounds a file may declare or hold (and values an ``XXA`` line may give)."""
MAX_FORBIDDEN_PAIRS = 20_000
"""The most pairs the ``XXP`` lines of one file may forbid (a line of n numbers forbids n(n-1)/2)."""
MAX_LINE = FIRST_ROUND_COLUMN - 1 + ROUND_STRIDE * MAX_ROUNDS
"""The longest line a TRF file can hold (a 001 line with :data:`MAX_ROUNDS` round cells)."""
MAX_SCORE_TENTHS = 999
"""The highest score the 4-column points field can hold (99.9)."""

_LINE_BREAK = re.compile(r"\r\n|\r|\n")
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")
_TOKEN = re.compile(r"\S+")
_DIGITS = re.compile(r"[0-9]+")
_BIRTH = re.compile(r"([0-9]{4})(?:[/.-][0-9]{2}[/.-][0-9]{2})?")
_DECIMAL = re.compile(r"[0-9]{1,3}(?:\.[0-9]0*)?")
_DECIMAL_EXPECTED = "a number such as 1.0 (up to 999.9)"
_POINTS = re.compile(r"[0-9]{1,3}(?:[.,][0-9])?|[0-9]?[.,][05]")
_PAIRING_NUMBER_EXPECTED = "a pairing number from 1 to 9999"
# Syntax of the value of each one-value line, and what to call it in errors.
_FIELDS = {field.name: field for field in PLAYER_FIELDS}
_SETTING_SYNTAX: dict[str, tuple[re.Pattern[str], str]] = {
    ROUNDS_CODE: (re.compile(r"[1-9][0-9]{0,2}"), f"a number of rounds from 1 to {MAX_ROUNDS}"),
    COLOUR_CODE: (re.compile(r"white1|black1"), "'white1' or 'black1'"),
    **{code: (_DECIMAL, _DECIMAL_EXPECTED) for code in POINT_VALUE_CODES},
}


def split_lines(text: str) -> list[str]:
    """The lines of ``text``, whatever their line ends, without a BOM."""
    lines = _LINE_BREAK.split(text.removeprefix("\ufeff"))
    if lines[-1] == "":
        lines.pop()
    return lines


def parse_trf(text: str, *, source: str = "<trf>") -> TrfDocument:
    """Parse TRF-16 text; ``source`` names it in error messages.

    Raises :class:`TrfFormatError` on the first malformed field.
    """
    builder = _DocumentBuilder(source)
    lines = split_lines(text)
    for line_number, line in enumerate(lines, 1):
        if len(line) > MAX_LINE:  # said by its length, never echoed
            raise builder.error(
                line_number, MAX_LINE + 1, f"a line of at most {MAX_LINE:,} characters (a TRF line holds at most "
                f"{MAX_ROUNDS} round cells)", f"{len(line):,} characters",
            )  # fmt: skip
        control = _CONTROL.search(line)
        if control is not None:
            found = control.group().encode("unicode_escape").decode()
            raise builder.error(line_number, control.start() + 1, "text (a TRF file holds no control character)", found)
        builder.add(line_number, line)
    return builder.finish().with_text_form(text_form(text, lines))


def text_form(text: str, lines: list[str]) -> TextForm:
    """The form of ``text`` (split into ``lines``): its first line break, a final one, a byte order mark."""
    first = _LINE_BREAK.search(text)
    return TextForm(
        lines=tuple(lines),
        newline=first.group() if first else "\n",
        final_newline=text.endswith(("\n", "\r")),
        bom=text.startswith("\ufeff"),
    )


def read_trf(path: str | os.PathLike[str]) -> TrfDocument:
    """Read and parse a TRF-16 file, decoded as UTF-8 or, failing that, latin-1.

    Raises :class:`TrfReadError` when the file cannot be read.
    """
    try:
        data = Path(path).read_bytes()
    except OSError as exc:
        raise TrfReadError(str(path), exc.strerror or str(exc)) from exc
    return parse_trf_bytes(data, source=str(path))


def parse_trf_bytes(data: bytes, *, source: str = "<trf>") -> TrfDocument:
    """Parse a TRF file's bytes: UTF-16 with its BOM, else UTF-8, else latin-1; a file without a ``001``
    line (empty, or not a TRF at all) is refused."""
    latin: int | None = None
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        try:
            text = data.decode("utf-16")
        except UnicodeDecodeError as exc:
            raise TrfFormatError(source, 1, 1, "UTF-16 text after the UTF-16 byte order mark", "") from exc
    else:
        try:
            text, latin = data.decode("utf-8"), None
        except UnicodeDecodeError as exc:
            text, latin = data.decode("latin-1"), exc.start
    doc = parse_trf(text, source=source)
    if latin is not None:
        line = data.count(b"\n", 0, latin) + 1
        warning = TrfWarning(
            line, 1, "not UTF-8 text: the file is read as Latin-1 (ISO 8859-1), names as they decode so"
        )
        form = doc.text_form
        doc = replace(doc, warnings=(warning, *doc.warnings))
        if form is not None:
            doc = doc.with_text_form(form)
    if not doc.players:
        lines = split_lines(text)
        found = lines[0][:20] if lines and lines[0].strip() else ""
        raise TrfFormatError(source, 1, 1, "a TRF-16 file with at least one player (a 001 line)", found)
    return doc


class _DocumentBuilder:
    """Collects the lines of one file, then builds the document."""

    def __init__(self, source: str) -> None:
        self.source = source
        self.players: list[PlayerLine] = []
        self.player_lines: dict[int, int] = {}
        self.settings: dict[str, tuple[int, str]] = {}
        self.accelerations: dict[int, tuple[str, ...]] = {}
        self.acceleration_lines: dict[int, int] = {}
        self.forbidden_pairs: list[tuple[int, ...]] = []
        # (line, column, text, number) of pairing numbers in XXA/XXP lines.
        self.references: list[tuple[int, int, str, int]] = []
        self.other_lines: list[tuple[int, str]] = []
        self.line_order: list[str] = []
        self.forbidden_count = 0
        self.unknown_results: list[TrfWarning] = []

    def error(self, line: int, column: int, expected: str, found: str) -> TrfFormatError:
        return TrfFormatError(self.source, line, column, expected, found)

    def add(self, line_number: int, line: str) -> None:
        code = line[:3]
        if code == PLAYER_CODE:
            self.add_player(line_number, line.rstrip(" "))
        elif code in SETTING_CODES:
            self.add_setting(code, line_number, line)
        elif code == ACCELERATION_CODE:
            self.add_acceleration(line_number, line)
        elif code == FORBIDDEN_CODE:
            self.add_forbidden_pair(line_number, line)
        else:
            code = OTHER_LINE
            self.other_lines.append((line_number, line))
        self.line_order.append(code)

    def finish(self) -> TrfDocument:
        for line, column, text, number in self.references:
            if number not in self.player_lines:
                raise self.error(line, column, "the pairing number of a player in the file", text)
        self.check_settings()
        values = {code: value for code, (_, value) in self.settings.items()}
        rounds_count = values.get(ROUNDS_CODE)
        initial_colour = values.get(COLOUR_CODE)
        players = tuple(self.players)
        return TrfDocument(
            players=players,
            rounds_count=None if rounds_count is None else int(rounds_count),
            initial_colour=None if initial_colour is None else initial_colour.removesuffix("1"),
            accelerations=self.accelerations,
            forbidden_pairs=tuple(self.forbidden_pairs),
            point_values={code: values[code] for code in POINT_VALUE_CODES if code in values},
            other_lines=tuple(self.other_lines),
            line_order=tuple(self.line_order),
            warnings=tuple(
                sorted(
                    check_pairings(players, self.source) + tuple(self.unknown_results),
                    key=lambda warning: (warning.line, warning.column),
                )
            ),
            source=self.source,
        )

    def check_settings(self) -> None:
        """XXR against the rounds the file holds; point values in order and within the points column."""
        held = max((_rounds_held(p) for p in self.players), default=0)
        if ROUNDS_CODE in self.settings:
            line, value = self.settings[ROUNDS_CODE]
            if int(value) < held:
                raise self.error(line, 5, f"at least {held} rounds (the players' lines hold {held})", value)
        points = {
            code: (line, int(Fraction(value) * 10))
            for code, (line, value) in self.settings.items()
            if code in POINT_VALUE_CODES
        }

        def refuse(code: str, expected: str) -> TrfFormatError:
            line, value = self.settings[code]
            return self.error(line, 5, expected, value)

        win = points.get("BBW", (0, 10))[1]
        draw = points.get("BBD", (0, 5))[1]
        loss = points.get("BBL", (0, 0))[1]
        if "BBW" in points and win <= 0:
            raise refuse("BBW", "points for a win above 0")
        if "BBD" in points and draw > win:
            raise refuse("BBD", f"points for a draw no more than for a win ({win / 10})")
        if "BBL" in points and loss > draw:
            raise refuse("BBL", f"points for a loss no more than for a draw ({draw / 10})")
        for code in ("BBZ", "BBF", "BBU"):
            if code in points and points[code][1] > win:
                raise refuse(code, f"points no more than for a win ({win / 10})")
        rounds = int(self.settings[ROUNDS_CODE][1]) if ROUNDS_CODE in self.settings else held
        best = max(win, 10, *(value for _, value in points.values()))
        if rounds * best > MAX_SCORE_TENTHS:
            expected = f"scores that fit the points column ({rounds} rounds of {best / 10}: at most 99.9)"
            code = max(points, key=lambda c: points[c][1]) if best > 10 else ROUNDS_CODE
            if code in self.settings:
                raise refuse(code, expected)
            raise self.error(1, 1, expected, str(rounds))

    # -- 001 lines -------------------------------------------------------

    def add_player(self, line_number: int, line: str) -> None:
        """Parse a 001 line whose trailing blanks have been removed."""
        if len(line) < NUMBER_FIELD.last:
            expected = f"a pairing number in columns {NUMBER_FIELD.first}-{NUMBER_FIELD.last}"
            raise self.error(line_number, NUMBER_FIELD.first, expected, line[NUMBER_FIELD.first - 1 :])
        self.expect_blanks(line_number, line, HEADER_BLANK_COLUMNS)
        if len(line) >= round_column(MAX_ROUNDS + 1):
            column = round_column(MAX_ROUNDS + 1)
            found = line[column - 1 : column + 9]
            raise self.error(line_number, column, f"at most {MAX_ROUNDS} round cells", found)
        fields = {name: field.text(line) for name, field in _FIELDS.items()}
        points = fields["points"].strip()
        if points and not _POINTS.fullmatch(points):
            field = _FIELDS["points"]
            expected = f"points (a number such as 4.5) in columns {field.first}-{field.last}"
            raise self.error(line_number, field.first, expected, fields["points"])
        number = self.pairing_number(line_number, NUMBER_FIELD.first, fields["number"])
        if number in self.player_lines:
            raise self.error(
                line_number,
                NUMBER_FIELD.first,
                f"a pairing number not used before (line {self.player_lines[number]} has {number})",
                fields["number"],
            )
        self.player_lines[number] = line_number
        self.players.append(
            PlayerLine(
                number=number,
                sex=fields["sex"].ljust(1),
                title=fields["title"].ljust(3),
                name=fields["name"].strip(),
                rating=self.optional_integer(line_number, line, "rating"),
                federation=fields["federation"].strip(),
                fide_id=self.fide_id(line_number, fields["fide_id"]),
                birth=self.birth(line_number, fields["birth"]),
                points=fields["points"].strip(),
                rank=self.optional_integer(line_number, line, "rank"),
                rounds=tuple(
                    self.round_entry(line_number, line, number, column)
                    for column in range(FIRST_ROUND_COLUMN, len(line) + 1, ROUND_STRIDE)
                ),
                line_number=line_number,
            )
        )

    def fide_id(self, line_number: int, text: str) -> str:
        """The FIDE ID field: digits or blank (anything else is a line whose columns have moved)."""
        value = text.strip()
        if value and not (_DIGITS.fullmatch(value) and value.isascii()):
            field = _FIELDS["fide_id"]
            raise self.error(line_number, field.first, f"a FIDE ID (digits) in columns {field.first}-{field.last}",
                             text)  # fmt: skip
        return value

    def birth(self, line_number: int, text: str) -> str:
        """The birth date field: YYYY/MM/DD, or a year, of no later year than this one (0000: unknown)."""
        value = text.strip()
        found = _BIRTH.fullmatch(value)
        if value and (found is None or int(found.group(1)) > date.today().year):
            field = _FIELDS["birth"]
            raise self.error(line_number, field.first, f"a birth date (YYYY/MM/DD, not after this year) in columns "
                             f"{field.first}-{field.last}", text)  # fmt: skip
        return value

    def optional_integer(self, line_number: int, line: str, name: str) -> int | None:
        """The rating or rank field: None when blank, else digits."""
        field = _FIELDS[name]
        text = field.text(line)
        if not text.strip():
            return None
        return self.integer(line_number, field.first, text, f"a {name} (digits) in columns {field.first}-{field.last}")

    def integer(self, line_number: int, column: int, text: str, expected: str) -> int:
        digits = text.strip()
        if not _DIGITS.fullmatch(digits) or len(digits.lstrip("0")) > 9:  # no field holds more
            raise self.error(line_number, column, expected, text[:20])
        return int(digits)

    def pairing_number(self, line_number: int, column: int, text: str) -> int:
        number = self.integer(line_number, column, text, _PAIRING_NUMBER_EXPECTED)
        if not 1 <= number <= 9999:
            raise self.error(line_number, column, _PAIRING_NUMBER_EXPECTED, text)
        return number

    def expect_blanks(self, line_number: int, line: str, columns: tuple[int, ...]) -> None:
        for column in columns:
            if column <= len(line) and line[column - 1] != " ":
                raise self.error(line_number, column, "a blank between fields", line[column - 1])

    def round_entry(self, line_number: int, line: str, player_number: int, column: int) -> RoundEntry:
        """Parse the round cell starting at ``column`` (TRF-16 columns 92, 102, ...)."""
        gap_end = column + ROUND_STRIDE - 1
        self.expect_blanks(
            line_number,
            line,
            (*(column + offset for offset in CELL_BLANK_OFFSETS), *range(column + CELL_WIDTH, gap_end + 1)),
        )
        cell = line[column - 1 : column - 1 + CELL_WIDTH].ljust(CELL_WIDTH)
        opponent_text, colour, code = cell[:4], cell[COLOUR_OFFSET], cell[RESULT_OFFSET]
        opponent = None  # for 0000 and for a blank opponent field
        if opponent_text.strip():
            opponent = self.integer(line_number, column, opponent_text, "an opponent number") or None
        colour_column, result_column = column + COLOUR_OFFSET, column + RESULT_OFFSET
        if colour not in COLOURS:
            raise self.error(line_number, colour_column, "a colour 'w', 'b' or '-'", colour)
        if code not in RESULT_CODES and opponent is not None and colour in "wb" and code.isprintable():
            # Checklist Q166: a game with a result symbol the format does not define is a game whose result is
            # unknown, read as '?' (an adjourned game), and said so.
            self.unknown_results.append(TrfWarning(
                line_number, result_column,
                f"unknown result symbol {code!r} of the game against {opponent}: read as an unknown result ('?')",
            ))  # fmt: skip
            code = UNKNOWN_RESULT
        if code not in RESULT_CODES:
            raise self.error(line_number, result_column, f"a result code among '{RESULT_CODES.strip()}' or blank", code)
        if opponent == player_number:
            raise self.error(line_number, column, "an opponent other than the player", opponent_text)
        if opponent is not None and colour == "-" and code not in FORFEIT_CODES + BYE_CODES:
            raise self.error(line_number, colour_column, f"colour 'w' or 'b' for a game against {opponent}", colour)
        if opponent is None and code in PLAYED_CODES:
            raise self.error(line_number, column, f"an opponent for the played result '{code}'", opponent_text)
        return RoundEntry(opponent, colour, code)

    # -- extension lines -------------------------------------------------

    def add_setting(self, code: str, line_number: int, line: str) -> None:
        """XXR, XXC and BBx lines: one value, repeated lines must agree."""
        pattern, expected = _SETTING_SYNTAX[code]
        tokens = _tokens(line, 1)
        if not tokens or not pattern.fullmatch(tokens[0][1]):
            column, text = tokens[0] if tokens else (len(line) + 1, "")
            raise self.error(line_number, column, expected, text)
        if len(tokens) > 1:
            raise self.error(line_number, tokens[1][0], "the end of the line", tokens[1][1])
        column, value = tokens[0]
        if code in self.settings and self.settings[code][1] != value:
            first_line, first_value = self.settings[code]
            raise self.error(line_number, column, f"'{first_value}' as on line {first_line}", value)
        self.settings.setdefault(code, (line_number, value))

    def add_acceleration(self, line_number: int, line: str) -> None:
        """``XXA pppp a1 a2 ...``: acceleration points of player pppp per round."""
        tokens = _tokens(line, MAX_ROUNDS + 1)
        if len(tokens) > MAX_ROUNDS + 1:
            column, text = tokens[-1]
            raise self.error(line_number, column, f"at most {MAX_ROUNDS} values (one a round)", text)
        if not tokens:
            raise self.error(line_number, len(line) + 1, _PAIRING_NUMBER_EXPECTED, "")
        number_column, number_text = tokens[0]
        number = self.referenced_number(line_number, number_column, number_text)
        if len(tokens) == 1:
            raise self.error(line_number, len(line) + 1, "acceleration points for round 1", "")
        for column, text in tokens[1:]:
            if not _DECIMAL.fullmatch(text):
                raise self.error(line_number, column, _DECIMAL_EXPECTED, text)
        if number in self.accelerations:
            expected = f"a player without acceleration yet (line {self.acceleration_lines[number]} has {number})"
            raise self.error(line_number, number_column, expected, number_text)
        self.accelerations[number] = tuple(text for _, text in tokens[1:])
        self.acceleration_lines[number] = line_number

    def add_forbidden_pair(self, line_number: int, line: str) -> None:
        """``XXP p1 p2 ...``: players who may not be paired with each other."""
        tokens = _tokens(line, MAX_FORBIDDEN_PAIRS)
        if len(tokens) < 2:
            raise self.error(line_number, len(line) + 1, "at least two pairing numbers", "")
        seen: dict[int, int] = {}
        numbers = []
        for column, text in tokens:
            number = self.referenced_number(line_number, column, text)
            if number in seen:
                expected = f"a number not already in the line (column {seen[number]})"
                raise self.error(line_number, column, expected, text)
            seen[number] = column
            numbers.append(number)
            self.forbidden_count += len(numbers) - 1
            if self.forbidden_count > MAX_FORBIDDEN_PAIRS:
                raise self.error(
                    line_number, column, f"XXP lines forbidding at most {MAX_FORBIDDEN_PAIRS} pairs in all", text
                )
        self.forbidden_pairs.append(tuple(numbers))

    def referenced_number(self, line_number: int, column: int, text: str) -> int:
        """A pairing number in an XXA/XXP line; its player is looked up at the end."""
        number = self.pairing_number(line_number, column, text)
        self.references.append((line_number, column, text, number))
        return number


def _tokens(line: str, limit: int | None = None) -> list[tuple[int, str]]:
    """Blank-separated words after the 3-character code, with their 1-based columns (at most ``limit`` + 1)."""
    words = ((match.start() + 1, match.group()) for match in _TOKEN.finditer(line, 3))
    return list(words if limit is None else islice(words, limit + 1))


def _rounds_held(player: PlayerLine) -> int:
    """Round cells of the line up to the last one that says something (an opponent or a code)."""
    return max((k for k, e in enumerate(player.rounds, 1) if e.opponent is not None or e.code != " "), default=0)
