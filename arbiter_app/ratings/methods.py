"""The tournament rating and the rating lists a tournament searches: pure rules, no Qt, no database.

Tournament-rating methods (checklist Q145; TRF-2026 record ``172``, the encoded
starting-rank method): the rating that orders the players and gives their pairing
numbers (C.04.3-2026 pairing numbers follow it) is found from the player's official
FIDE rating, national rating and a rating the arbiter set by hand:

* ``FIDE``  - the FIDE rating;
* ``NRO``   - the national rating;
* ``FIDON`` - the FIDE rating, else (unrated by FIDE) the national one;
* ``NIDOF`` - the national rating, else the FIDE one;
* ``HBFN``  - the highest of the FIDE, national and manual ratings;
* ``OTHER`` - the manual rating (the arbiter's own way, announced in advance).

A rating of 0 is "none".  The list sequence (Q123-Q126) names the lists searched for
a player's rating, in order: ``standard``, ``rapid``, ``blitz`` (FIDE's lists),
``rapid-effective``/``blitz-effective`` (the rapid or blitz rating, else the standard
one: Q118) and ``custom:<name>`` (a list the user imported, such as a national list).
"""

from __future__ import annotations

from datetime import date

METHODS = ("FIDE", "NRO", "FIDON", "NIDOF", "HBFN", "OTHER")
RATING_METHOD_CODE = "172"
"""The TRF-2026 record that carries the method: ``172 NOR FIDON``, the federation of the national list in
columns 5-7 and the method in columns 9-13."""
RATING_TYPES = ("standard", "rapid", "blitz")
EFFECTIVE = {"rapid-effective": "rapid", "blitz-effective": "blitz"}
"""The effective lists (checklist Q118): the list of that name, else the standard rating."""
CUSTOM_PREFIX = "custom:"
DEFAULT_SEQUENCES = {
    "standard": ("standard", "rapid", "blitz"),
    "rapid": ("rapid-effective", "blitz"),
    "blitz": ("blitz-effective", "rapid"),
}
"""Checklist Q123: the lists searched by default for a standard, rapid or blitz event, the main list first."""
MONTHS_VALID_AFTER = 30
"""Checklist Q137: an event lasting more than 30 days checks against the list of the current month."""


def tournament_rating(method: str, fide: int, national: int, manual: int) -> int:
    """The tournament rating of a player by ``method`` (checklist Q145; 0: unrated)."""
    if method == "FIDE":
        return fide
    if method == "NRO":
        return national
    if method == "FIDON":
        return fide or national
    if method == "NIDOF":
        return national or fide
    if method == "HBFN":
        return max(fide, national, manual)
    if method == "OTHER":
        return manual
    raise ValueError(f"unknown tournament-rating method {method!r} (one of {', '.join(METHODS)})")


def is_list_name(name: str) -> bool:
    """A name the list sequence may hold."""
    if name.startswith(CUSTOM_PREFIX):
        return bool(name[len(CUSTOM_PREFIX) :].strip())
    return name in RATING_TYPES or name in EFFECTIVE


def parse_sequence(text: str, rating_type: str = "standard") -> tuple[str, ...]:
    """The stored sequence (comma-separated), or the default of ``rating_type`` when empty; ValueError on a bad name."""
    names = tuple(n.strip() for n in text.split(",") if n.strip())
    if not names:
        return DEFAULT_SEQUENCES[rating_type]
    bad = [n for n in names if not is_list_name(n)]
    if bad:
        raise ValueError(
            f"unknown rating list {bad[0]!r} (standard, rapid, blitz, rapid-effective, blitz-effective, custom:NAME)"
        )
    if len(set(names)) != len(names):
        raise ValueError("a rating list appears twice in the sequence")
    return names


def list_month(day: date) -> str:
    """``YYYY-MM`` of a day: the month of the list valid on it (FIDE publishes one list a month)."""
    return f"{day.year:04d}-{day.month:02d}"


def month_for_check(start: date | None, end: date | None, today: date) -> str:
    """The month of the list a consistency check uses (checklist Q137): the list valid at the start of the
    tournament; the current month's when the event lasts more than 30 days (or has no start date)."""
    if start is None:
        return list_month(today)
    if end is not None and (end - start).days > MONTHS_VALID_AFTER:
        return list_month(today)
    return list_month(start)


def months_between(older: str, newer: str) -> int:
    """How many months ``older`` (``YYYY-MM``) is before ``newer``; 0 when equal or later."""
    y1, m1 = (int(x) for x in older.split("-"))
    y2, m2 = (int(x) for x in newer.split("-"))
    return max(0, (y2 - y1) * 12 + (m2 - m1))
