"""The slides of a seminar on one round, worked out part by part off the window's thread.

The slides themselves are the explanation package's (:mod:`arbiter_app.explain.slides`); this module fetches
the round's explanation (:mod:`arbiter_app.gui.explain_source`) and cuts the seminar into parts: the round,
each bracket, the round paired by both editions.  Every part carries the seminar's length, known with the
first part, so the room reads "Step 3 of 34" from the start.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from arbiter_app.explain.slides import (
    Slide,
    bracket_slide_count,
    bracket_slides,
    editions_slide,
    round_slide,
    round_slides,
)
from arbiter_app.explain.words import counted
from arbiter_app.gui import explain_source as xs

BOARD_LINE = re.compile(r"^(.*\(Berger \d+\)(?: sits out)?): (.*)$")
"""A line of ``explain_berger_round``: the board and its players (Berger numbers), then the row it comes from."""


@dataclass(frozen=True)
class SeminarPart:
    """A part of the seminar, worked out on its own: the round, one bracket, or the editions compared."""

    slides: tuple[Slide, ...]
    parts: int
    """How many parts the seminar has: the round, each bracket, the editions compared."""
    total: int
    """How many slides the seminar has, all parts together."""


def seminar_slides(e: xs.RoundExplanation, comparison: str | None) -> list[Slide]:
    """Every slide of round ``e.round`` at once (``comparison``: ``comparison_text`` of the round, or None)."""
    return round_slides(e, comparison)


def table_slides(explained: str) -> tuple[Slide, ...]:
    """A round robin's round (``explain_berger_round``: a heading, then a line a board): the round, then each
    board with its Berger row (C.05 Annex 1), one per key press; no brackets, candidates or editions."""
    heading, *boards = explained.strip().splitlines()
    short = heading.partition(":")[0]
    first = Slide("round", short, heading, (xs.TABLE_SUMMARY, f"{counted(len(boards), 'line')} of the table to read."))
    rest = []
    for line in boards:
        board = BOARD_LINE.match(line)
        title, row = board.groups() if board else (line, line)
        rest.append(Slide("board", short, title, (row,)))
    return (first, *rest)


def part_of(q: xs.Question, part: int) -> SeminarPart:
    """Part ``part`` of the seminar on the round of ``q``: 0 the round, 1 to n bracket 1 to n, n + 1 the round
    paired by both editions.  One part at a time, so that the first slide shows as soon as the round's outline
    (and the trails of its small brackets) is known, whatever the size of the open; run it off the GUI thread
    (the explanation is kept between parts).  A system that pairs from a table (``q.by_table``) has one part:
    its round and boards (``table_slides``)."""
    if q.by_table:
        table = table_slides(xs.berger_round_text(q))
        return SeminarPart(table, 1, len(table))
    e = xs.explanation(q)
    brackets = len(e.outline.brackets)
    total = 2 + sum(bracket_slide_count(e, b.index) for b in e.outline.brackets)
    if part == 0:
        slides: tuple[Slide, ...] = (round_slide(e),)
    elif part <= brackets:
        slides = bracket_slides(e, part)
    else:
        slides = (editions_slide(xs.comparison_text(xs.compare_editions(e.state))),)
    return SeminarPart(slides, brackets + 2, total)
