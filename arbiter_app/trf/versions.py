"""TRF-16 and TRF-2026: telling them apart, and the TRF-2026 records the application reads and writes.

Facts (FIDE, "Format of Tournament Report File, Version 2026", approved by
the FIDE Council on 12/05/2025, applied from 01/09/2025; as read also by the
endorsed 2026 engine that made ``tests/data/conformance/dutch-2026``):

- TRF-2026 keeps the ``001`` player record and the ``012``-``132`` header
  records of TRF-16 unchanged and adds tournament records: ``142`` number of
  rounds, ``152`` initial colour (``W`` or ``B``, the line is exactly 5
  characters), ``162`` scoring system, ``182`` pairing controller, ``192``
  encoded type of tournament (an edition's ``trf_system`` ...), ``202``/``212``
  tie-breaks (comma-separated codes), ``222`` encoded time control, ``240``
  byes of a round (``240 T RRR IIII IIII``: type in column 5, round in 7-9,
  pairing numbers right-aligned in 4 columns from column 11, every 5),
  ``250`` acceleration, ``260`` prohibited pairings, and ``###`` comments.
- ``162``: a result symbol in column 6 and its points in columns 7-10
  (``11.5``), then further pairs every 9 columns (symbol in 15, 24, ...):
  ``162  W 3.0    D 1.0``.  Symbols: ``W`` win (also forfeit win and
  full-point bye, default 1.0), ``D`` draw (also half-point bye, 0.5), ``L``
  loss (0.0), ``A`` absence (zero-point bye and forfeit loss, 0.0), ``P`` the
  pairing-allocated bye (as ``W``), ``X`` unknown result (as ``D``).  The
  record is written only where a value differs from its default.  The 2026
  engine reads ``Z`` for the absence (and refuses ``X``); it is read here as
  a synonym of ``A``.

This module is pure: no Qt, no database.
"""

from __future__ import annotations

from fractions import Fraction

from arbiter_app.pairing.editions import DutchEdition

from .model import TrfDocument

TRF16 = "trf-16"
TRF2026 = "trf-2026"
FORMATS = (TRF2026, TRF16)

TRF2026_CODES = ("142", "152", "162", "172", "182", "192", "202", "212", "222", "240", "250", "260")
"""Records that TRF-16 does not have: a file holding one of them (or a ``###`` comment) is a TRF-2026 file."""

SCORE_SYMBOLS = ("W", "D", "L", "A", "P")
"""The ``162`` symbols written, in this order; ``X``, the unknown result, follows them when the file holds a
game whose result is unknown (``?``, checklist Q165)."""

_SCORE_COLUMN = 5  # 0-based: the first symbol (column 6)
_SCORE_STRIDE = 9
BYE_RECORD_TYPES = "FHZ"


def detect_version(doc: TrfDocument) -> str:
    """``trf-2026`` if the file holds a record of TRF-2026 only (or a ``###`` comment), else ``trf-16``.

    A ``092`` line naming a pairing system of the 2026 tables (an edition's code,
    as the endorsed 2026 engine writes it) counts too.
    """
    for _, text in doc.other_lines:
        if text[:3] in TRF2026_CODES or text.startswith("###"):
            return TRF2026
        if text.startswith("092") and text[3:].strip().upper().startswith("FIDE_"):
            return TRF2026
    return TRF16


def format_for_edition(edition: DutchEdition) -> str:
    """The default export format of a tournament paired by ``edition`` (the edition's own)."""
    return edition.trf_format


def points_text(tenths: int) -> str:
    """Points in tenths as the TRF writes them: ``30`` -> ``"3.0"``."""
    return f"{tenths // 10}.{tenths % 10}"


def score_line(values: dict[str, int]) -> str | None:
    """The ``162`` line for symbol -> points (tenths), None if nothing differs from the defaults.

    ``values`` holds ``W D L A P``; the defaults are 10, 5, 0, 0 and the value of ``W``.  ``X`` (the points of
    an unknown result) is written whenever ``values`` holds it.
    """
    defaults = {"W": 10, "D": 5, "L": 0, "A": 0, "P": values.get("W", 10), "X": values.get("D", 5)}
    if "X" not in values and all(values.get(symbol, defaults[symbol]) == defaults[symbol] for symbol in SCORE_SYMBOLS):
        return None
    # The endorsed engine writes every symbol of W, D (and the others only when they differ).
    written = [s for s in SCORE_SYMBOLS if s in ("W", "D") or values.get(s, defaults[s]) != defaults[s]]
    written += ["X"] if "X" in values else []
    line = "162"
    for k, symbol in enumerate(written):
        start = _SCORE_COLUMN + _SCORE_STRIDE * k
        line = line.ljust(start) + symbol + points_text(values.get(symbol, defaults[symbol])).rjust(4)
    return line


def parse_score_line(line: str) -> dict[str, int] | None:
    """Symbol -> points (tenths) of a ``162`` line (``Z`` read as ``A``); None if it is not one."""
    values: dict[str, int] = {}
    start = _SCORE_COLUMN
    while start < len(line.rstrip()):
        symbol, text = line[start : start + 1].upper(), line[start + 1 : start + 5].strip()
        if symbol == "Z":
            symbol = "A"
        if symbol not in (*SCORE_SYMBOLS, "X") or not text:
            return None
        try:
            value = Fraction(text)
        except (ValueError, ZeroDivisionError):
            return None
        if value < 0 or value * 10 != int(value * 10) or value > 999:
            return None
        values[symbol] = int(value * 10)
        if line[start + 5 : start + _SCORE_STRIDE].strip():
            return None
        start += _SCORE_STRIDE
    if not values or line[3:_SCORE_COLUMN].strip():
        return None
    return values


def byes_line(kind: str, round_number: int, numbers: list[int]) -> str:
    """A ``240`` record: ``240 H 003    7   12``."""
    return f"240 {kind} {round_number:03d}" + "".join(f" {n:>4}" for n in numbers)


def parse_byes_line(line: str) -> tuple[str, int, tuple[int, ...]] | None:
    """(type, round, pairing numbers) of a ``240`` record; None if it is not one."""
    kind, round_text, rest = line[4:5].upper(), line[6:9].strip(), line[9:]
    if kind not in BYE_RECORD_TYPES or not round_text.isdigit() or line[3:4] != " " or line[5:6] != " ":
        return None
    words = rest.split()
    if not words or not all(w.isdigit() and 1 <= int(w) <= 9999 for w in words):
        return None
    return kind, int(round_text), tuple(int(w) for w in words)
