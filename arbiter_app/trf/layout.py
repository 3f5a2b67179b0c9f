"""Column layout of TRF-16 lines (FIDE C.04 Annex 2, "TRF16", and the
JaVaFo/bbpPairings extension lines ``XXR``, ``XXC``, ``XXA``, ``XXP``, ``BBx``).

All columns are 1-based and inclusive, as in the format description.
"""

from __future__ import annotations

from dataclasses import dataclass

PLAYER_CODE = "001"
ROUNDS_CODE = "XXR"
COLOUR_CODE = "XXC"
ACCELERATION_CODE = "XXA"
FORBIDDEN_CODE = "XXP"
# Points for a win, draw, played loss, zero-point bye, forfeit loss and
# pairing-allocated bye (bbpPairings extension).
POINT_VALUE_CODES = ("BBW", "BBD", "BBL", "BBZ", "BBF", "BBU")
# Lines holding one value for the whole tournament.
SETTING_CODES = (ROUNDS_CODE, COLOUR_CODE, *POINT_VALUE_CODES)
# Tag of every line kept verbatim (012, 022, 132, XXS, unknown codes...).
OTHER_LINE = "other"
# Order used for lines that a document's ``line_order`` does not place.
CANONICAL_ORDER = (OTHER_LINE, *SETTING_CODES, PLAYER_CODE, ACCELERATION_CODE, FORBIDDEN_CODE)

COLOURS = "wb-"
# 1 0 = played games, + - forfeits, W D L synonyms of 1 = 0, H F U Z byes,
# ? a game whose result is unknown (adjourned; TRF-2026, the symbol the SPP recommends),
# blank: no result yet.
RESULT_CODES = "10=+-WDLHFUZ? "
UNKNOWN_RESULT = "?"
RESULT_SYNONYMS = {"W": "1", "D": "=", "L": "0"}
PLAYED_CODES = "10=WDL"
FORFEIT_CODES = "+-"
# Codes of rounds in which the player has no opponent.
BYE_CODES = "HFUZ"
NO_OPPONENT = "0000"


@dataclass(frozen=True)
class Field:
    """A fixed-width field of a ``001`` line."""

    name: str
    first: int
    last: int
    right_aligned: bool

    @property
    def width(self) -> int:
        return self.last - self.first + 1

    def text(self, line: str) -> str:
        """The field's raw text in ``line`` (shorter when the line ends early)."""
        return line[self.first - 1 : self.last]

    def render(self, value: str) -> str:
        """``value`` padded to the field width with the field's alignment."""
        return value.rjust(self.width) if self.right_aligned else value.ljust(self.width)


PLAYER_FIELDS = (
    Field("number", 5, 8, True),
    Field("sex", 10, 10, False),
    Field("title", 11, 13, True),
    Field("name", 15, 47, False),
    Field("rating", 49, 52, True),
    Field("federation", 54, 56, False),
    Field("fide_id", 58, 68, True),
    Field("birth", 70, 79, False),
    Field("points", 81, 84, True),
    Field("rank", 86, 89, True),
)
NUMBER_FIELD = PLAYER_FIELDS[0]
HEADER_WIDTH = PLAYER_FIELDS[-1].last
FIRST_ROUND_COLUMN = 92
ROUND_STRIDE = 10
CELL_WIDTH = 8
# Offsets, inside a round cell, of its three fields and of its two blanks.
OPPONENT_OFFSET = 0
COLOUR_OFFSET = 5
RESULT_OFFSET = 7
CELL_BLANK_OFFSETS = (4, 6)
# Columns between the fields of a 001 line that must hold blanks.
HEADER_BLANK_COLUMNS = tuple(
    column
    for column in range(len(PLAYER_CODE) + 1, FIRST_ROUND_COLUMN)
    if not any(field.first <= column <= field.last for field in PLAYER_FIELDS)
)


def round_column(round_number: int) -> int:
    """First column of the cell of round ``round_number`` (1-based)."""
    return FIRST_ROUND_COLUMN + ROUND_STRIDE * (round_number - 1)


def cell_round(column: int) -> int:
    """Round whose cell holds ``column``, 0 for columns before the first cell."""
    return max(0, (column - FIRST_ROUND_COLUMN) // ROUND_STRIDE + 1)
