"""Points as the arbiter reads them: the one formatter of every table, report, card, hall page and message.

A score is a whole number or a half (``4½``, ``½``, ``0``); a tie-break may
need decimals (Sonneborn-Berger's quarters, an average of ratings).  One
column of a table is written in one format (:func:`column_texts`): halves as
``½`` when every value of the column is a whole number or a half, else
every value with the same number of decimals (``8.25``, ``16.50``), so that
a column never mixes ``28½`` and ``14.75``.

Files keep their own notation (the TRF writes ``4.5``, :mod:`arbiter_app.trf`);
:func:`decimal_text` is the plain decimal form (``4.5``) for a text that is
compared with another program's output.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction

Points = Fraction | int
"""A number of points, exact (the pairing model's tenths divided by 10, or a tie-break's value)."""

HALF = "½"
POINT_SPACE = "\u00a0" * 3
"""Three no-break spaces, about as wide as "½" in the report's font (DejaVu Sans: 0.95 em against 0.97 em),
so that a whole number in a right-aligned column of halves lines up with ``4½`` (rich text keeps no-break
spaces where it would fold other spaces into one)."""


def from_tenths(tenths: int) -> Fraction:
    """The pairing model's tenths of a point as points: ``35`` -> ``7/2``."""
    return Fraction(tenths, 10)


def points_text(value: Points | None, places: int | None = None) -> str:
    """``6½``, ``½``, ``0``, ``36.75``, ``2414``; empty for no value.

    ``places``: write the value with that many decimals instead (a column of
    quarters, :func:`column_texts`)."""
    if value is None:
        return ""
    if places is not None:
        return f"{float(value):.{places}f}"
    numerator, denominator = value.numerator, value.denominator  # an int has them too: no Fraction made
    if denominator == 1:
        return str(numerator)
    if denominator == 2:
        whole = (abs(numerator) - 1) // 2
        sign = "-" if numerator < 0 else ""
        return f"{sign}{whole}{HALF}" if whole else f"{sign}{HALF}"
    return f"{numerator / denominator:g}"


def tenths_text(tenths: int | None) -> str:
    """:func:`points_text` of tenths of a point (the pairing model's scores): ``35`` -> ``3½``."""
    if tenths is None:
        return ""
    whole, rest = divmod(abs(tenths), 10)
    sign = "-" if tenths < 0 else ""
    if rest == 0:
        return f"{sign}{whole}"
    if rest == 5:
        return f"{sign}{whole}{HALF}" if whole else f"{sign}{HALF}"
    return points_text(from_tenths(tenths))


def decimal_text(value: Points) -> str:
    """The plain decimal form, ``4.5``, ``36.75``, ``7``: for a text compared with another program's output."""
    return f"{float(value):g}"


def column_places(values: Sequence[Points | None]) -> int | None:
    """How one column of ``values`` is written: None for halves (every value whole or half), else the number of
    decimals the most precise value needs (1 or 2)."""
    denominators = {v.denominator for v in values if v is not None}
    if denominators <= {1, 2}:
        return None
    return 1 if all(10 % d == 0 for d in denominators) else 2


def column_format(values: Sequence[Points | None], pad: str = "") -> Callable[[Points | None], str]:
    """The formatter of one column of ``values`` (decided once, used per row: a table of 2,000 rows formats a
    row when it is first shown).  ``pad`` follows a whole number in a column of halves (:data:`POINT_SPACE`
    lines it up with ``4½`` in a right-aligned column of a report)."""
    places = column_places(values)
    if places is not None:
        return lambda v: points_text(v, places)
    if not (pad and any(v is not None and v.denominator == 2 for v in values)):
        return points_text

    def text(v: Points | None) -> str:
        return points_text(v) + (pad if v is not None and v.denominator == 1 else "")

    return text


def column_texts(values: Sequence[Points | None], pad: str = POINT_SPACE) -> list[str]:
    """One column of numbers in one format (:func:`column_format`); an undefined value stays empty."""
    text = column_format(values, pad)
    return [text(v) for v in values]
