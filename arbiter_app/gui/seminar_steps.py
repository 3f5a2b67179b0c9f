"""The steps of a seminar on one round, read off the explanation package (nothing is paired again here).

One step per key press: the round, each bracket with its players and S1/S2 (B.2), each candidate with its
verdict, the deciding criterion, and last the round paired by both editions side by side.
"""

from __future__ import annotations

from dataclasses import dataclass

from arbiter_app.explain.words import counted, points
from arbiter_app.gui import explain_source as xs

CANDIDATES_SHOWN = 12
"""Candidates stepped through one by one in a bracket; the others are counted (bounded by count, not time)."""


@dataclass(frozen=True)
class SeminarStep:
    title: str
    lines: tuple[str, ...]
    kind: str
    """``round``, ``bracket``, ``candidate``, ``decision``, ``more`` or ``editions``."""


def _ns(players: tuple[object, ...]) -> str:
    return " ".join(f"#{p.number}" for p in players) or "—"  # type: ignore[attr-defined]


def seminar_steps(e: xs.RoundExplanation, comparison: str | None, mode: str = "trail") -> list[SeminarStep]:
    """The steps of round ``e.round`` (``comparison``: ``comparison_text`` of the round, or None)."""
    t = e.texts
    outline = e.outline
    titles = xs.bracket_titles(e)
    steps = [
        SeminarStep(
            f"Round {outline.round}: the pairing, step by step",
            (t.document, (f"{counted(len(outline.players), 'player')} in {counted(len(titles), 'bracket')}, "
                          f"paired from the top scoregroup ({t.cite('A.9 order')}).")),
            "round",
        )
    ]
    for bracket, title in zip(outline.brackets, titles):
        players = ", ".join(f"#{p.number} ({points(p.score)})" for p in bracket.players)
        steps.append(
            SeminarStep(
                title,
                (f"Players ({t.cite('A.2')}): {players}",
                 f"{t.cite('B.2')}: S1 = {_ns(bracket.s1)}    S2 = {_ns(bracket.s2)}"),
                "bracket",
            )
        )
        table = xs.candidates(e, bracket.index, mode)
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
    if comparison is not None:
        first, _, rest = comparison.strip().partition("\n")
        steps.append(SeminarStep(first, tuple(rest.strip("\n").splitlines()), "editions"))
    return steps


def steps_of(q: xs.Question, mode: str = "trail") -> list[SeminarStep]:
    """The seminar on the round of ``q`` (slow for a large open: run it off the GUI thread)."""
    e = xs.explanation(q)
    return seminar_steps(e, xs.comparison_text(xs.compare_editions(e.state)), mode)
