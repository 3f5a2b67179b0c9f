"""The steps of a seminar on one round, read off the explanation package (nothing is paired again here).

One step per key press: the round, each bracket with its players and S1/S2 (B.2), each candidate with its
verdict, the deciding criterion, and last the round paired by both editions side by side.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from arbiter_app.explain.words import counted, points
from arbiter_app.gui import explain_source as xs

CANDIDATES_SHOWN = 12
"""Candidates stepped through one by one in a bracket; the others are counted (bounded by count, not time)."""
BOARD_LINE = re.compile(r"^(.*\(Berger \d+\)(?: sits out)?): (.*)$")
"""A line of ``explain_berger_round``: the board and its players (Berger numbers), then the row it comes from."""


@dataclass(frozen=True)
class SeminarStep:
    title: str
    lines: tuple[str, ...]
    kind: str
    """``round``, ``bracket``, ``candidate``, ``decision``, ``more``, ``editions``, or ``board`` (a round robin's
    board and its Berger row)."""


def _ns(players: tuple[object, ...]) -> str:
    return " ".join(f"#{p.number}" for p in players) or "—"  # type: ignore[attr-defined]


def round_step(e: xs.RoundExplanation) -> SeminarStep:
    """The first step: the round, its players and brackets (the outline: one pass of the engine)."""
    t = e.texts
    outline = e.outline
    return SeminarStep(
        f"Round {outline.round}: the pairing, step by step",
        (t.document, (f"{counted(len(outline.players), 'player')} in {counted(len(outline.brackets), 'bracket')}, "
                      f"paired from the top scoregroup ({t.cite('A.9 order')}).")),
        "round",
    )


def bracket_steps(e: xs.RoundExplanation, index: int, mode: str = "trail") -> tuple[SeminarStep, ...]:
    """The steps of bracket ``index``: its players and S1/S2, its first candidates one by one, the others
    counted, and the decision (the bracket's trail or sieve, bounded by the explanation's counts)."""
    t = e.texts
    bracket = e.bracket(index)
    title = xs.bracket_titles(e)[index - 1]
    players = ", ".join(f"#{p.number} ({points(p.score)})" for p in bracket.players)
    steps = [
        SeminarStep(
            title,
            (f"Players ({t.cite('A.2')}): {players}",
             f"{t.cite('B.2')}: S1 = {_ns(bracket.s1)}    S2 = {_ns(bracket.s2)}"),
            "bracket",
        )
    ]
    table = xs.candidates(e, index, mode)
    rows = table.rows
    for row in rows[:CANDIDATES_SHOWN]:
        steps.append(
            SeminarStep(
                f"{title} — candidate {row.label} of {len(rows)}",
                (row.pairing, row.verdict + ("  ✔ chosen" if row.chosen else "")),
                "candidate",
            )
        )
    if len(rows) > CANDIDATES_SHOWN:
        chosen = next((r for r in rows if r.chosen), None)
        lines = [f"{counted(len(rows) - CANDIDATES_SHOWN, 'more candidate')} (the explain panel lists them)."]
        if chosen is not None and chosen not in rows[:CANDIDATES_SHOWN]:
            lines.append(f"Chosen: candidate {chosen.label}: {chosen.pairing}")
        steps.append(SeminarStep(f"{title} — the other candidates", tuple(lines), "more"))
    decided = f"Decided by {table.decided_by}." if table.decided_by else "No criterion needed to decide."
    steps.append(SeminarStep(f"{title} — the decision", (table.summary, decided, *table.notes), "decision"))
    return tuple(steps)


def editions_step(comparison: str) -> SeminarStep:
    """The last step: the round paired by both editions (``comparison_text`` of the round)."""
    first, _, rest = comparison.strip().partition("\n")
    return SeminarStep(first, tuple(rest.strip("\n").splitlines()), "editions")


def seminar_steps(e: xs.RoundExplanation, comparison: str | None, mode: str = "trail") -> list[SeminarStep]:
    """Every step of round ``e.round`` at once (``comparison``: ``comparison_text`` of the round, or None)."""
    steps = [round_step(e)]
    for bracket in e.outline.brackets:
        steps.extend(bracket_steps(e, bracket.index, mode))
    if comparison is not None:
        steps.append(editions_step(comparison))
    return steps


@dataclass(frozen=True)
class SeminarPart:
    """A part of the seminar, worked out on its own: the round, one bracket, or the editions compared."""

    steps: tuple[SeminarStep, ...]
    parts: int
    """How many parts the seminar has: the round, each bracket, the editions compared."""


def table_steps(explained: str) -> tuple[SeminarStep, ...]:
    """A round robin's round (``explain_berger_round``: a heading, then a line a board): the round, then each
    board with its Berger row (C.05 Annex 1), one per key press; no brackets, candidates or editions."""
    heading, *boards = explained.strip().splitlines()
    first = SeminarStep(heading, (xs.TABLE_SUMMARY, f"{counted(len(boards), 'line')} of the table to read."), "round")
    rest = []
    for line in boards:
        board = BOARD_LINE.match(line)
        title, row = board.groups() if board else (line, line)
        rest.append(SeminarStep(f"{heading.partition(':')[0]} — {title}", (row,), "board"))
    return (first, *rest)


def part_of(q: xs.Question, part: int, mode: str = "trail") -> SeminarPart:
    """Part ``part`` of the seminar on the round of ``q``: 0 the round, 1 to n bracket 1 to n, n + 1 the round
    paired by both editions.  One part at a time, so that the first step shows as soon as the round's outline
    is known, whatever the size of the open (run it off the GUI thread; the explanation is kept between parts).
    A system that pairs from a table (``q.by_table``) has one part: its round and boards (``table_steps``)."""
    if q.by_table:
        return SeminarPart(table_steps(xs.berger_round_text(q)), 1)
    e = xs.explanation(q)
    brackets = len(e.outline.brackets)
    if part == 0:
        steps: tuple[SeminarStep, ...] = (round_step(e),)
    elif part <= brackets:
        steps = bracket_steps(e, part, mode)
    else:
        steps = (editions_step(xs.comparison_text(xs.compare_editions(e.state))),)
    return SeminarPart(steps, brackets + 2)
