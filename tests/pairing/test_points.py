"""The one points formatter (issue 30.2): one format per value kind, one format per column."""

from __future__ import annotations

from fractions import Fraction as F

import pytest

from arbiter_app.pairing.points import (
    POINT_SPACE,
    column_format,
    column_places,
    decimal_text,
    from_tenths,
    points_text,
    tenths_text,
)


@pytest.mark.parametrize(("tenths", "text"), [(35, "3½"), (5, "½"), (0, "0"), (80, "8"), (None, ""), (25, "2½")])
def test_tenths_as_the_arbiter_reads_them(tenths: int | None, text: str) -> None:
    assert tenths_text(tenths) == text


def test_tenths_are_exact_points() -> None:
    assert from_tenths(35) == F(7, 2) and from_tenths(3) == F(3, 10)


def test_a_value_with_tenths_keeps_them() -> None:
    # a scoring system of 0.3 points (a 3-1-0 system in tenths is written 3, 1, 0; an odd one keeps its tenths)
    assert tenths_text(13) == "1.3"


def test_decimal_text_for_other_programs() -> None:
    assert [decimal_text(v) for v in (F(9, 2), 7, F(147, 4))] == ["4.5", "7", "36.75"]


def test_a_column_of_halves_stays_in_halves() -> None:
    values = [F(57, 2), F(14), None]
    assert column_places(values) is None
    assert [column_format(values)(v) for v in values] == ["28½", "14", ""]


def test_a_column_with_quarters_writes_every_row_with_two_decimals() -> None:
    """Issue 28: one column mixed "28½" and "14.75"."""
    values = [F(57, 2), F(59, 4), 14]
    text = column_format(values)
    assert [text(v) for v in values] == ["28.50", "14.75", "14.00"]


def test_padding_only_in_a_column_that_has_halves() -> None:
    assert column_format([F(3), F(7, 2)], POINT_SPACE)(F(3)) == "3" + POINT_SPACE
    assert column_format([F(3), F(4)], POINT_SPACE)(F(3)) == "3"
    assert points_text(F(3), places=1) == "3.0"
